//! Contact enquiries over HTTP.

use reqwest::Method;
use serde_json::json;

use crate::helpers::{audit_lines, contact, read, spawn_app, spawn_app_with};

#[tokio::test]
async fn an_arabic_named_visitor_with_a_uae_phone_can_send_an_enquiry() {
    let app = spawn_app().await;
    let (status, body) = read(app.post("/contact-us", &contact()).await).await;
    assert_eq!(status, 201, "{body}");
    let saved = &body["responseBody"][0];
    assert_eq!(saved["first_name"], "نورة");
    assert_eq!(saved["phone"], "+971501234567", "kept with its `+`");
    assert!(chrono::DateTime::parse_from_rfc3339(saved["created_date"].as_str().unwrap()).is_ok());
    assert_eq!(app.count("contact_us").await, 1);
    assert_eq!(
        app.content_jobs().await,
        0,
        "enquiries never trigger a publish"
    );
}

#[tokio::test]
async fn the_public_form_rules_give_the_specification_messages_in_order() {
    let app = spawn_app().await;
    let with = |field: &str, value: serde_json::Value| {
        let mut body = contact();
        body[field] = value;
        body
    };
    let cases = [
        (with("first_name", json!("")), "First name is required."),
        (
            with("first_name", json!("Sara1")),
            "First name should contain only letters.",
        ),
        (with("last_name", json!(null)), "Last name is required."),
        (
            with("last_name", json!("Smith & Co")),
            "Last name should contain only letters.",
        ),
        (with("phone", json!("")), "Phone number is required."),
        (
            with("phone", json!("050 123")),
            "Phone number should be 10 to 15 digits only.",
        ),
        (with("email", json!("")), "Email address is required."),
        (
            with("email", json!("noura@")),
            "Please enter a valid email address.",
        ),
        (with("subject", json!("   ")), "Subject is required."),
        (with("message", json!("")), "Message is required."),
        (
            with("message", json!("m".repeat(5001))),
            "Message must be at most 5000 characters.",
        ),
        (
            with("first_name", json!("Ali\u{202E}")),
            "First name should contain only letters.",
        ),
    ];
    for (body, message) in cases {
        let (status, response) = read(app.post("/contact-us", &body).await).await;
        assert_eq!(
            (status, response["message"].as_str().unwrap()),
            (400, message),
            "{body}"
        );
    }
    assert_eq!(app.count("contact_us").await, 0);
}

#[tokio::test]
async fn admins_list_view_edit_and_delete_enquiries_newest_first() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    app.post("/contact-us", &contact()).await;
    let mut second = contact();
    second["first_name"] = json!("James");
    app.post("/contact-us", &second).await;

    let (status, body) = read(app.get_as(&token, "/contact-us?page=1&size=10000").await).await;
    assert_eq!(status, 200);
    assert_eq!(body["responseBody"]["totalCount"], 2);
    assert_eq!(body["responseBody"]["result"][0]["first_name"], "James");
    let id = body["responseBody"]["result"][0]["id"].as_i64().unwrap();

    let (status, _) = read(app.get_as(&token, &format!("/contact-us/{id}")).await).await;
    assert_eq!(status, 200);
    let mut edit = second.clone();
    edit["subject"] = json!("Updated subject");
    let (status, body) = read(
        app.send_as(&token, Method::PUT, &format!("/contact-us/{id}"), &edit)
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (200, "contact updated successfully")
    );
    edit["phone"] = json!("");
    let (status, body) = read(
        app.send_as(&token, Method::PUT, &format!("/contact-us/{id}"), &edit)
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (400, "Please enter the mobile number")
    );

    let (status, body) = read(app.delete_as(&token, &format!("/contact-us/{id}")).await).await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (200, "Contact deleted successfully")
    );
    assert_eq!(
        app.get_as(&token, &format!("/contact-us/{id}"))
            .await
            .status()
            .as_u16(),
        404
    );
}

#[tokio::test]
async fn an_admin_adding_a_contact_gets_the_admin_form_messages() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (status, body) = read(
        app.send_as(&token, Method::POST, "/contact-us", &json!({}))
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (400, "Please enter the First Name")
    );
    let (status, body) = read(
        app.send_as(&token, Method::POST, "/contact-us", &contact())
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (201, "contact added successfully")
    );
}

#[tokio::test]
async fn enquiries_are_private() {
    let app = spawn_app().await;
    app.post("/contact-us", &contact()).await;
    assert_eq!(app.get("/contact-us").await.status().as_u16(), 401);
    assert_eq!(app.get("/contact-us/1").await.status().as_u16(), 401);
    assert_eq!(
        app.api(Method::DELETE, "/contact-us/1")
            .send()
            .await
            .unwrap()
            .status()
            .as_u16(),
        401
    );
}

#[tokio::test]
async fn one_address_sends_at_most_the_form_limit_of_enquiries_and_admins_are_not_limited() {
    let app =
        spawn_app_with(|s| s.form_limit = concierge::limits::Limit::parse("5/10m").unwrap()).await;
    let sends = (0..12).map(|_| {
        let request = app
            .api(reqwest::Method::POST, "/contact-us")
            .json(&contact());
        async move { request.send().await.unwrap().status().as_u16() }
    });
    let statuses = futures_util::future::join_all(sends).await;
    assert_eq!(
        statuses.iter().filter(|s| **s == 201).count(),
        5,
        "{statuses:?}"
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == 429).count(),
        7,
        "{statuses:?}"
    );
    assert_eq!(app.count("contact_us").await, 5);
    let token = app.admin_token().await;
    let (status, _) = read(
        app.send_as(&token, reqwest::Method::POST, "/contact-us", &contact())
            .await,
    )
    .await;
    assert_eq!(status, 201, "an administrator entering an enquiry by hand");
}

/// A visitor's enquiry, from `address` through the trusted proxy, about `subject`.
fn from_address(
    app: &crate::helpers::TestApp,
    address: &str,
    subject: &str,
    spam: bool,
) -> impl std::future::Future<Output = (u16, serde_json::Value)> + use<> {
    let mut body = contact();
    body["subject"] = json!(subject);
    if spam {
        body["company_website"] = json!("http://spam.example");
    }
    let request = app
        .api(Method::POST, "/contact-us")
        .header("x-forwarded-for", address)
        .json(&body);
    async move { read(request.send().await.unwrap()).await }
}

/// An app behind a proxy on loopback (so `X-Forwarded-For` names the visitor), with each
/// address allowed `form_limit` enquiries, set up further by `adjust`.
async fn behind_proxy(
    form_limit: &str,
    adjust: impl FnOnce(&mut concierge::config::Settings),
) -> crate::helpers::TestApp {
    let form_limit = concierge::limits::Limit::parse(form_limit).unwrap();
    spawn_app_with(move |s| {
        s.form_limit = form_limit;
        s.trusted_proxies = concierge::domain::network::TrustedProxies::parse("127.0.0.1").unwrap();
        adjust(s);
    })
    .await
}

#[tokio::test]
async fn a_burst_of_enquiries_is_stored_whole_and_each_visitor_is_answered_with_their_own() {
    // Enquiries that arrive together are written together (one commit): the limits, the rows,
    // the notifications and the answers must still be each enquiry's own.
    let app = behind_proxy("2/10m", |s| {
        // Messages are queued for a mail server that is not there: they wait in the outbox.
        s.smtp_url = Some("smtp://127.0.0.1:9".into());
        s.notify_emails = vec!["desk@concierge.example".into()];
    })
    .await;
    let sends: Vec<_> = (0..60)
        .map(|i| {
            let address = format!("192.0.2.{}", i % 20);
            from_address(&app, &address, &format!("Enquiry {i}"), i % 7 == 0)
        })
        .collect();
    let answers = futures_util::future::join_all(sends).await;
    let token = app.admin_token().await;
    let mut saved = Vec::new();
    for (i, (status, body)) in answers.iter().enumerate() {
        match status {
            201 => {
                let enquiry = &body["responseBody"][0];
                assert_eq!(
                    enquiry["subject"],
                    format!("Enquiry {i}"),
                    "answer {i}: {body}"
                );
                assert_eq!(
                    enquiry["status"], "new",
                    "answer {i}: the answer never says spam"
                );
                let id = enquiry["id"].as_i64().unwrap();
                let row = stored(&app, &token, id).await;
                assert_eq!(
                    row["subject"],
                    format!("Enquiry {i}"),
                    "enquiry {id} is answer {i}'s"
                );
                let spam = i % 7 == 0;
                assert_eq!(
                    row["status"],
                    if spam { "spam" } else { "new" },
                    "enquiry {id}"
                );
                saved.push((id, spam));
            }
            429 => assert!(body["message"].as_str().is_some(), "answer {i}: {body}"),
            other => panic!("answer {i}: {other} {body}"),
        }
    }
    assert_eq!(saved.len(), 40, "two of each address's three: {answers:?}");
    assert_eq!(app.count("contact_us").await, 40);
    for (id, spam) in saved {
        let messages = app
            .count(&format!("outbox_messages WHERE enquiry_id = {id}"))
            .await;
        assert_eq!(
            messages > 0,
            !spam,
            "enquiry {id}: notified unless spam ({messages})"
        );
    }
}

#[tokio::test]
async fn an_enquiry_the_database_refuses_costs_the_others_written_with_it_nothing() {
    let app = behind_proxy("1/10m", |_| {}).await;
    use sea_orm::ConnectionTrait;
    let refuse = if crate::helpers::postgres() {
        "CREATE FUNCTION refuse_enquiry() RETURNS trigger AS $$ BEGIN \
         IF NEW.subject = 'Refused' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ \
         LANGUAGE plpgsql; \
         CREATE TRIGGER refuse BEFORE INSERT ON contact_us FOR EACH ROW EXECUTE FUNCTION refuse_enquiry();"
    } else {
        "CREATE TRIGGER refuse BEFORE INSERT ON contact_us WHEN NEW.subject = 'Refused' \
         BEGIN SELECT RAISE(ABORT, 'refused'); END;"
    };
    app.db.write.execute_unprepared(refuse).await.unwrap();
    let sends: Vec<_> = (0..24)
        .map(|i| {
            let name = if i == 11 {
                "Refused".to_owned()
            } else {
                format!("Enquiry {i}")
            };
            from_address(&app, &format!("198.51.100.{i}"), &name, false)
        })
        .collect();
    let answers = futures_util::future::join_all(sends).await;
    for (i, (status, body)) in answers.iter().enumerate() {
        if i == 11 {
            assert_eq!(*status, 500, "{body}");
        } else {
            assert_eq!(*status, 201, "answer {i}: {body}");
            assert_eq!(body["responseBody"][0]["subject"], format!("Enquiry {i}"));
        }
    }
    assert_eq!(app.count("contact_us").await, 23);
    assert_eq!(app.count("contact_us WHERE subject = 'Refused'").await, 0);
    // The refused enquiry counted against its address's limit all the same: it cannot be
    // sent again and again.
    let (status, body) = from_address(&app, "198.51.100.11", "Enquiry again", false).await;
    assert_eq!(status, 429, "{body}");
}

async fn stored(app: &crate::helpers::TestApp, token: &str, id: i64) -> serde_json::Value {
    read(app.get_as(token, &format!("/contact-us/{id}")).await)
        .await
        .1["responseBody"][0]
        .clone()
}

#[tokio::test]
async fn enquiries_keep_their_page_language_and_the_site_forms_spam_signals_file_them_as_spam() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let send = |extra: serde_json::Value| {
        let mut body = contact();
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        let request = app.api(Method::POST, "/contact-us").json(&body);
        async move { read(request.send().await.unwrap()).await }
    };
    let cases = [
        (
            json!({}),
            "new",
            "en",
            "the specification's client: a person",
        ),
        (
            json!({"lang": "ar", "elapsed_ms": 8000, "company_website": ""}),
            "new",
            "ar",
            "a person on the Arabic page",
        ),
        (
            json!({"status": "closed", "notes": "x"}),
            "new",
            "en",
            "a visitor cannot set the inbox fields",
        ),
        (
            json!({"company_website": "http://spam.example"}),
            "spam",
            "en",
            "the honeypot",
        ),
        (
            json!({"elapsed_ms": "900"}),
            "spam",
            "en",
            "faster than a person",
        ),
    ];
    for (extra, status, lang, why) in cases {
        let (code, body) = send(extra).await;
        assert_eq!(code, 201, "{why}: {body}");
        assert_eq!(body["message"], "contact added successfully", "{why}");
        assert_eq!(
            body["responseBody"][0]["status"], "new",
            "{why}: the answer never says spam"
        );
        let id = body["responseBody"][0]["id"].as_i64().unwrap();
        let row = stored(&app, &token, id).await;
        assert_eq!(
            (
                row["status"].as_str(),
                row["lang"].as_str(),
                row["notes"].clone()
            ),
            (Some(status), Some(lang), json!([])),
            "{why}"
        );
    }
    let (code, body) = send(json!({"lang": "fr"})).await;
    assert_eq!(
        (code, body["errors"]["lang"].as_str()),
        (400, Some("Language must be en or ar."))
    );
}

#[tokio::test]
async fn the_inbox_sets_status_and_notes_filters_searches_and_exports_what_it_shows() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let mut ids = Vec::new();
    for (first, email, phone) in [
        ("Noura", "noura@example.ae", "+971 50 123 4567"),
        ("Omar", "omar@example.sa", "+966 55 765 4321"),
        ("Layla", "layla@example.qa", "+974 3312 3456"),
    ] {
        let mut body = contact();
        body["first_name"] = first.into();
        body["email"] = email.into();
        body["phone"] = phone.into();
        let (_, created) = read(app.post("/contact-us", &body).await).await;
        ids.push(created["responseBody"][0]["id"].as_i64().unwrap());
    }
    // Status and a note by PUT; leaving them out keeps them.
    let mut edit = contact();
    edit["first_name"] = "Omar".into();
    edit["email"] = "omar@example.sa".into();
    edit["phone"] = "+966 55 765 4321".into();
    edit["status"] = "replied".into();
    edit["notes"] = "Called back; car booked for Friday.".into();
    let (code, body) = read(
        app.send_as(
            &token,
            Method::PUT,
            &format!("/contact-us/{}", ids[1]),
            &edit,
        )
        .await,
    )
    .await;
    assert_eq!(code, 200, "{body}");
    edit.as_object_mut().unwrap().remove("status");
    edit.as_object_mut().unwrap().remove("notes");
    read(
        app.send_as(
            &token,
            Method::PUT,
            &format!("/contact-us/{}", ids[1]),
            &edit,
        )
        .await,
    )
    .await;
    let row = stored(&app, &token, ids[1]).await;
    assert_eq!(
        (row["status"].as_str(), row["notes"][0]["text"].as_str()),
        (Some("replied"), Some("Called back; car booked for Friday."))
    );
    assert_eq!(row["notes"].as_array().unwrap().len(), 1);
    assert_eq!(row["notes"][0]["author"], crate::helpers::ADMIN);
    edit["status"] = "archived".into();
    let (code, body) = read(
        app.send_as(
            &token,
            Method::PUT,
            &format!("/contact-us/{}", ids[1]),
            &edit,
        )
        .await,
    )
    .await;
    assert_eq!(
        (code, body["errors"]["status"].is_string()),
        (400, true),
        "{body}"
    );

    let names = |body: serde_json::Value| -> Vec<String> {
        body["responseBody"]["result"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["first_name"].as_str().unwrap().to_owned())
            .collect()
    };
    for (query, expected) in [
        ("?status=new", vec!["Layla", "Noura"]),
        ("?status=replied", vec!["Omar"]),
        ("?q=NOURA", vec!["Noura"]),
        ("?q=example.qa", vec!["Layla"]),
        ("?q=%2B966%2055", vec!["Omar"]),
        ("?status=new&q=omar", vec![]),
        ("?q=100%25", vec![]),
    ] {
        let (code, body) = read(app.get_as(&token, &format!("/contact-us{query}")).await).await;
        assert_eq!(code, 200, "{query}: {body}");
        assert_eq!(names(body.clone()), expected, "{query}");
        assert_eq!(
            body["responseBody"]["totalCount"],
            expected.len(),
            "{query}"
        );
    }
    let (code, _) = read(app.get_as(&token, "/contact-us?status=archived").await).await;
    assert_eq!(code, 400);

    let bytes = app
        .get_as(&token, "/contact-us/export?status=new")
        .await
        .bytes()
        .await
        .unwrap();
    let mut book: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(bytes.to_vec())).unwrap();
    use calamine::Reader;
    let rows: Vec<String> = book
        .worksheet_range("Contacts")
        .unwrap()
        .rows()
        .skip(1)
        .map(|r| r[0].to_string())
        .collect();
    assert_eq!(rows, ["Layla", "Noura"], "the export follows the filter");
}

#[tokio::test]
async fn an_administrator_reads_what_they_just_saved_whatever_connection_answers() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (_, created) = read(
        app.send_as(&token, Method::POST, "/contact-us", &contact())
            .await,
    )
    .await;
    let id = created["responseBody"][0]["id"].as_i64().unwrap();
    for round in 0..5 {
        // Reads of one row on every pooled connection, as an edit page makes them.
        let path = format!("/contact-us/{id}");
        let reads = (0..8).map(|_| app.get_as(&token, &path));
        futures_util::future::join_all(reads).await;
        let status = ["in_progress", "replied"][round % 2];
        let mut edit = contact();
        edit["status"] = status.into();
        let (code, _) = read(
            app.send_as(&token, Method::PUT, &format!("/contact-us/{id}"), &edit)
                .await,
        )
        .await;
        assert_eq!(code, 200);
        for _ in 0..8 {
            let (_, list) = read(
                app.get_as(&token, &format!("/contact-us?status={status}"))
                    .await,
            )
            .await;
            assert_eq!(
                list["responseBody"]["totalCount"], 1,
                "round {round}: {list}"
            );
            let (_, one) = read(app.get_as(&token, &format!("/contact-us/{id}")).await).await;
            assert_eq!(one["responseBody"][0]["status"], status, "round {round}");
        }
    }
}

#[tokio::test]
async fn the_audit_log_records_an_enquirys_status_and_notes_changes_and_its_delete() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (_, created) = read(app.post("/contact-us", &contact()).await).await;
    let id = created["responseBody"][0]["id"].as_i64().unwrap();
    let put = |body: serde_json::Value| {
        let (app, token) = (&app, &token);
        async move {
            let (status, answer) = read(
                app.send_as(token, Method::PUT, &format!("/contact-us/{id}"), &body)
                    .await,
            )
            .await;
            assert_eq!(status, 200, "{answer}");
        }
    };
    let with = |extra: serde_json::Value| {
        let mut body = contact();
        for (key, value) in extra.as_object().unwrap() {
            body[key] = value.clone();
        }
        body
    };

    put(with(
        json!({"status": "in_progress", "notes": "Called, no answer."}),
    ))
    .await;
    put(with(json!({"status": "replied"}))).await;
    // Nothing changes (the same note again is an old form sent twice): nothing to record.
    put(with(
        json!({"status": "replied", "notes": "Called, no answer."}),
    ))
    .await;
    put(contact()).await;
    let received = stored(&app, &token, id).await["created_date"].clone();
    let (status, _) = read(app.delete_as(&token, &format!("/contact-us/{id}")).await).await;
    assert_eq!(status, 200);

    let lines = audit_lines(&app, &token, "enquiry").await;
    let shown: Vec<(String, serde_json::Value)> = lines
        .iter()
        .map(|l| {
            (
                l["action"].as_str().unwrap().to_owned(),
                l["detail"].clone(),
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            (
                "enquiry.deleted".to_owned(),
                // The two saves that changed nothing kept the version (issue 53).
                json!({"status": "replied", "received": received, "version": 4})
            ),
            (
                "enquiry.status_changed".to_owned(),
                json!({"from": "in_progress", "to": "replied", "version": 3})
            ),
            (
                "enquiry.note_added".to_owned(),
                json!({"text": "Called, no answer.", "version": 2})
            ),
            (
                "enquiry.status_changed".to_owned(),
                json!({"from": "new", "to": "in_progress", "version": 2})
            ),
        ],
        "newest first"
    );
    for line in &lines {
        assert_eq!(line["resource"], "contact_us", "{line}");
        assert_eq!(line["resource_id"], id.to_string(), "{line}");
        assert_eq!(line["actor"], crate::helpers::ADMIN, "{line}");
    }
    let (status, _) = read(app.delete_as(&token, &format!("/contact-us/{id}")).await).await;
    assert_eq!(status, 404);
    assert_eq!(
        audit_lines(&app, &token, "enquiry").await.len(),
        4,
        "a 404 records nothing"
    );
}

mod limits;
