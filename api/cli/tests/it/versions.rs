//! Edits that never overwrite each other: every content item has a version, every admin read of
//! one item says it (`ETag`), and a write made from an older version is refused with 409 saying
//! who changed which fields since, and writes nothing, on every write path of every kind.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{ADMIN, TestApp, blog, read, service, spawn_app};

const STALE: &str = "Someone else changed this since you opened it.";

/// One kind of content: its lifecycle name, where it is created, the paths of one item's
/// update and delete, a body to create it and a change to make.
struct Kind {
    name: &'static str,
    create: &'static str,
    update: &'static str,
    delete: &'static str,
    body: Value,
    change: (&'static str, Value),
}

fn kinds(service_id: i64) -> Vec<Kind> {
    vec![
        Kind {
            name: "blog",
            create: "/blog",
            update: "/blog/{id}",
            delete: "/blog/{id}",
            body: blog("Arrivals at Riyadh", 1),
            change: ("name", json!("Arrivals at Jeddah")),
        },
        Kind {
            name: "service",
            create: "/our-services",
            update: "/our-services/{id}",
            delete: "/our-services/{id}",
            body: service("Valet", 5),
            change: ("name", json!("Valet parking")),
        },
        Kind {
            name: "service-list",
            create: "/list-of-services",
            update: "/list-of-services/{id}",
            delete: "/list-of-services/{id}",
            body: json!({"our_service_id": service_id.to_string(), "name": "Meet & Greet",
                         "display_order": 1, "image_url": "/m.svg", "titleBgClass": "bg-navy"}),
            change: ("name", json!("Meet & Greet VIP")),
        },
        Kind {
            name: "client-review",
            create: "/client-reviewes",
            update: "/client-reviewes/{id}",
            delete: "/client-reviewes/{id}",
            body: json!({"title": "Private banking client", "name": "Nadia",
                         "description": "Flawless from the jet bridge to the door.",
                         "display_order": 1, "image_url": "/media/r.svg"}),
            change: ("title", json!("Family office client")),
        },
        Kind {
            name: "banner",
            create: "/flashy-banner",
            update: "/flashy-banner/update-flashy-banner-by-id/{id}",
            delete: "/flashy-banner/flashy-banner-delete/{id}",
            body: json!({"banner_name": "Eid", "banner_url": "/media/eid.svg", "title": "Eid, arranged",
                         "web_url": "/services"}),
            change: ("title", json!("Eid al-Adha, arranged")),
        },
        Kind {
            name: "general-content",
            create: "/general-content-section",
            update: "/general-content-section/{id}",
            delete: "/general-content-section/{id}",
            body: json!({"name": "site.phone", "values": "+971 4 000 0000", "display_order": 2}),
            change: ("values", json!("+971 4 111 1111")),
        },
        Kind {
            name: "destination",
            create: "/destinations",
            update: "/destinations/{id}",
            delete: "/destinations/{id}",
            body: crate::destinations::destination("AlUla", "SA", 1),
            change: ("summary", json!("Tombs, canyons and the stars over Hegra.")),
        },
    ]
}

/// The record as the admin reads it, and its `ETag`.
async fn admin_read(app: &TestApp, token: &str, path: &str) -> (Value, String) {
    let response = app.get_as(token, path).await;
    assert_eq!(response.status(), 200, "GET {path}");
    let etag = response
        .headers()
        .get("etag")
        .expect("an ETag on an admin read of one item")
        .to_str()
        .unwrap()
        .to_owned();
    let body: Value = response.json().await.unwrap();
    (body["responseBody"][0].clone(), etag)
}

/// The item's admin read path (the update path, but read with GET).
fn read_path(kind: &Kind, id: i64) -> String {
    match kind.name {
        "banner" => format!("/flashy-banner/get-flashy-banner-by-id/{id}"),
        _ => kind.update.replace("{id}", &id.to_string()),
    }
}

async fn send(
    app: &TestApp,
    token: &str,
    method: Method,
    path: &str,
    if_match: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let mut request = app.api(method, path).bearer_auth(token);
    if let Some(tag) = if_match {
        request = request.header("if-match", tag);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    read(request.send().await.unwrap()).await
}

fn body_of(kind: &Kind, record: Value) -> Value {
    if kind.name == "banner" {
        json!([record])
    } else {
        record
    }
}

#[tokio::test]
async fn a_write_from_an_older_version_is_refused_on_every_path_of_every_kind_and_writes_nothing() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let service_id = app
        .create_as(&token, "/our-services", &service("Airport", 1))
        .await;
    for kind in kinds(service_id) {
        let create_body = body_of(&kind, kind.body.clone());
        let id = app.create_as(&token, kind.create, &create_body).await;
        let item = kind.update.replace("{id}", &id.to_string());
        let (record, etag) = admin_read(&app, &token, &read_path(&kind, id)).await;
        assert_eq!(
            (record["version"].clone(), etag.as_str()),
            (json!(1), "\"1\""),
            "{}",
            kind.name
        );

        // A save from version 1: accepted, version 2, its revision says what changed.
        let mut edited = record.clone();
        edited[kind.change.0] = kind.change.1.clone();
        let (status, saved) = send(
            &app,
            &token,
            Method::PUT,
            &item,
            Some(&etag),
            Some(body_of(&kind, edited.clone())),
        )
        .await;
        assert_eq!(status, 200, "{}: {saved}", kind.name);
        assert_eq!(saved["responseBody"][0]["version"], 2, "{}", kind.name);

        // Every write made from version 1 now: 409, the conflict, nothing written.
        let (_, history) = read(
            app.get_as(&token, &format!("/content/{}/{id}/revisions", kind.name))
                .await,
        )
        .await;
        let first = history["responseBody"]["result"][1]["id"].as_i64().unwrap();
        let restore = format!("revisions/{first}/restore");
        let mut stale_body = record.clone();
        stale_body[kind.change.0] = json!("A third value");
        let lifecycle = |action: &str| format!("/content/{}/{id}/{action}", kind.name);
        let attempts: Vec<(Method, String, Option<&str>, Option<Value>)> = vec![
            (
                Method::PUT,
                item.clone(),
                Some("\"1\""),
                Some(body_of(&kind, stale_body.clone())),
            ),
            (
                Method::PUT,
                item.clone(),
                None,
                Some(body_of(&kind, stale_body.clone())),
            ),
            (
                Method::DELETE,
                kind.delete.replace("{id}", &id.to_string()),
                Some("\"1\""),
                None,
            ),
            (Method::POST, lifecycle("publish"), Some("\"1\""), None),
            (
                Method::POST,
                lifecycle("unpublish"),
                None,
                Some(json!({ "version": 1 })),
            ),
            (Method::POST, lifecycle("discard"), Some("W/\"1\""), None),
            (Method::POST, lifecycle(&restore), Some("\"1\""), None),
        ];
        for (method, path, if_match, body) in attempts {
            let what = format!("{}: {method} {path}", kind.name);
            let (status, answer) = send(&app, &token, method, &path, if_match, body).await;
            assert_eq!(status, 409, "{what}: {answer}");
            assert_eq!(answer["message"], STALE, "{what}");
            let conflict = &answer["conflict"];
            assert_eq!(conflict["version"], 2, "{what}");
            assert_eq!(conflict["by"], ADMIN, "{what}");
            let fields = conflict["fields"].as_array().unwrap();
            assert!(fields.contains(&json!(kind.change.0)), "{what}: {conflict}");
            assert!(conflict["at"].is_string(), "{what}");
            assert_eq!(conflict["current"][kind.change.0], kind.change.1, "{what}");
            let (now, etag) = admin_read(&app, &token, &read_path(&kind, id)).await;
            assert_eq!(etag, "\"2\"", "{what} wrote");
            assert_eq!(now[kind.change.0], kind.change.1, "{what} wrote");
        }
        let revisions = app
            .count(&format!(
                "content_revisions WHERE kind = '{}' AND item_id = {id}",
                kind.name
            ))
            .await;
        assert_eq!(
            revisions, 2,
            "{}: created and saved, nothing more",
            kind.name
        );

        // A write that says no version is made as before; the current one is accepted.
        let (status, _) = send(
            &app,
            &token,
            Method::POST,
            &lifecycle("unpublish"),
            None,
            None,
        )
        .await;
        assert_eq!(status, 200, "{}", kind.name);
        let (status, answer) = send(
            &app,
            &token,
            Method::POST,
            &lifecycle("publish"),
            Some("\"3\""),
            None,
        )
        .await;
        assert_eq!(status, 200, "{}: {answer}", kind.name);
        assert_eq!(answer["responseBody"][0]["version"], 4);
        let delete = kind.delete.replace("{id}", &id.to_string());
        let (status, _) = send(&app, &token, Method::DELETE, &delete, Some("\"4\""), None).await;
        assert_eq!(status, 200, "{}", kind.name);
        let (status, answer) = send(
            &app,
            &token,
            Method::POST,
            &lifecycle("undelete"),
            Some("\"4\""),
            None,
        )
        .await;
        assert_eq!(
            status, 409,
            "{}: undelete from before the delete: {answer}",
            kind.name
        );
        let (status, _) = send(
            &app,
            &token,
            Method::POST,
            &lifecycle("undelete"),
            Some("\"5\""),
            None,
        )
        .await;
        assert_eq!(status, 200, "{}", kind.name);
    }
}

#[tokio::test]
async fn a_version_that_is_not_a_number_is_a_clear_400() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let id = app.create_as(&token, "/blog", &blog("Arrivals", 1)).await;
    for (if_match, body) in [
        (Some("\"three\""), json!({})),
        (None, json!({ "version": "soon" })),
        (None, json!({ "version": 0 })),
        (None, json!({ "version": [1] })),
    ] {
        let mut sent = blog("Arrivals", 1);
        if let Some(version) = body.get("version") {
            sent["version"] = version.clone();
        }
        let (status, answer) = send(
            &app,
            &token,
            Method::PUT,
            &format!("/blog/{id}"),
            if_match,
            Some(sent),
        )
        .await;
        assert_eq!(status, 400, "{if_match:?} {body}: {answer}");
        assert!(answer["errors"]["version"].is_string(), "{answer}");
    }
}

#[tokio::test]
async fn of_ten_saves_from_the_same_version_at_once_exactly_one_is_kept() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let id = app.create_as(&token, "/blog", &blog("Arrivals", 1)).await;
    let path = format!("/blog/{id}");
    let saves = (0..10).map(|n| {
        let mut body = blog(&format!("Arrivals, take {n}"), 1);
        body["version"] = json!(1);
        let (app, token, path) = (&app, &token, &path);
        async move {
            app.send_as(token, Method::PUT, path, &body)
                .await
                .status()
                .as_u16()
        }
    });
    let mut statuses = futures_util::future::join_all(saves).await;
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    let (record, etag) = admin_read(&app, &token, &path).await;
    assert_eq!(etag, "\"2\"");
    assert!(
        record["name"]
            .as_str()
            .unwrap()
            .starts_with("Arrivals, take")
    );
    assert_eq!(
        app.count(&format!(
            "content_revisions WHERE kind = 'blog' AND item_id = {id}"
        ))
        .await,
        2
    );
}

#[tokio::test]
async fn discarding_drops_the_pending_change_and_the_site_keeps_its_version() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let id = app.create_as(&token, "/blog", &blog("Arrivals", 1)).await;
    let path = format!("/blog/{id}");
    let mut pending = blog("Arrivals, rewritten", 1);
    pending["status"] = json!("draft");
    let (status, body) = read(app.send_as(&token, Method::PUT, &path, &pending).await).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["responseBody"][0]["hasPendingChanges"], true);
    let (status, body) = send(
        &app,
        &token,
        Method::POST,
        &format!("/content/blog/{id}/discard"),
        Some("\"2\""),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["responseBody"][0]["hasPendingChanges"], false);
    assert_eq!(body["responseBody"][0]["name"], "Arrivals");
    assert_eq!(body["responseBody"][0]["version"], 3);
    let (_, public) = read(app.get(&path).await).await;
    assert_eq!(public["responseBody"][0]["name"], "Arrivals");
}

#[tokio::test]
async fn presence_says_who_else_has_the_form_open_since_when_and_forgets_them_after_a_minute() {
    let clock = concierge::clock::Clock::default();
    let app = {
        let clock = clock.clone();
        crate::helpers::spawn_app_with(move |s| s.clock = clock).await
    };
    let owner = app.admin_token().await;
    let editor = app.token_for(concierge::roles::Role::Editor).await;
    let translator = app.token_for(concierge::roles::Role::Translator).await;
    let id = app.create_as(&owner, "/blog", &blog("Arrivals", 1)).await;
    let path = format!("/presence/blog/{id}");
    let opened = clock.now();
    let (status, others) = read(app.send_as(&editor, Method::PUT, &path, &json!({})).await).await;
    assert_eq!(
        (status, &others["responseBody"]["totalCount"]),
        (200, &json!(0))
    );
    clock.advance(chrono::Duration::seconds(20));
    let (_, others) = read(
        app.send_as(&translator, Method::PUT, &path, &json!({}))
            .await,
    )
    .await;
    let list = &others["responseBody"]["result"];
    assert_eq!(list[0]["username"], "editor-member");
    assert!(near(&list[0]["since"], opened), "{list}");

    // Still open 40 s later (it said so again at 20 s), and since the first time.
    app.send_as(&editor, Method::PUT, &path, &json!({})).await;
    clock.advance(chrono::Duration::seconds(40));
    let (_, others) = read(app.get_as(&owner, &path).await).await;
    let names: Vec<&str> = others["responseBody"]["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["editor-member", "translator-member"]);
    assert!(near(&others["responseBody"]["result"][0]["since"], opened));

    // The translator closes the form; the editor's goes quiet for more than a minute.
    app.delete_as(&translator, &path).await;
    clock.advance(chrono::Duration::seconds(61));
    let (_, others) = read(app.get_as(&owner, &path).await).await;
    assert_eq!(others["responseBody"]["totalCount"], 0, "{others}");
    // Back after a pause: since now, not since the first time.
    app.send_as(&editor, Method::PUT, &path, &json!({})).await;
    let (_, others) = read(app.get_as(&owner, &path).await).await;
    assert!(near(
        &others["responseBody"]["result"][0]["since"],
        clock.now()
    ));
    // Unknown items and kinds: 404; the desk has no content forms: 403.
    let (status, _) = read(app.get_as(&owner, "/presence/blog/9999").await).await;
    assert_eq!(status, 404);
    let desk = app.token_for(concierge::roles::Role::Enquiries).await;
    let (status, _) = read(app.get_as(&desk, &path).await).await;
    assert_eq!(status, 403);

    // The periodic sweep forgets the forms gone long ago (a tab closed without saying so), and
    // only those.
    assert_eq!(app.count("presence").await, 1);
    let sweep = concierge::store::presence::forget_gone;
    assert_eq!(
        sweep(&app.db.write, clock.now() - chrono::Duration::seconds(1))
            .await
            .unwrap(),
        0
    );
    let later = clock.now() + concierge::store::presence::KEPT + chrono::Duration::seconds(1);
    assert_eq!(sweep(&app.db.write, later).await.unwrap(), 1);
    assert_eq!(app.count("presence").await, 0);
}

/// Whether the time `at` (as the API writes it) is within a second of `expected` (the clock the
/// test moves runs on).
fn near(at: &Value, expected: chrono::DateTime<chrono::Utc>) -> bool {
    let at: chrono::DateTime<chrono::Utc> = at.as_str().unwrap().parse().unwrap();
    (at - expected).num_milliseconds().abs() < 1000
}

#[tokio::test]
async fn two_desk_members_editing_one_enquiry_never_overwrite_each_other() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let desk = app.token_for(concierge::roles::Role::Enquiries).await;
    app.post("/contact-us", &crate::helpers::contact()).await;
    let (_, list) = read(app.get_as(&owner, "/contact-us?page=1&size=10").await).await;
    let enquiry = list["responseBody"]["result"][0].clone();
    let path = format!("/contact-us/{}", enquiry["id"]);
    let response = app.get_as(&desk, &path).await;
    assert_eq!(response.headers()["etag"], "\"1\"");

    // The desk member moves it on from version 1; the owner, still on version 1, is refused.
    let mut taken = enquiry.clone();
    taken["status"] = json!("in_progress");
    let taken_response = app
        .api(Method::PUT, &path)
        .bearer_auth(&desk)
        .header("if-match", "\"1\"")
        .json(&taken)
        .send()
        .await
        .unwrap();
    let (status, body) = read(taken_response).await;
    assert_eq!(
        (status, &body["responseBody"][0]["version"]),
        (200, &json!(2)),
        "{body}"
    );
    let mut noted = enquiry.clone();
    noted["notes"] = json!("Called back, no answer.");
    noted["version"] = json!(1);
    let (status, refused) = read(app.send_as(&owner, Method::PUT, &path, &noted).await).await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["message"], STALE);
    let conflict = &refused["conflict"];
    assert_eq!(conflict["version"], 2);
    assert_eq!(conflict["by"], "enquiries-member");
    assert_eq!(conflict["fields"], json!(["status"]));
    assert_eq!(conflict["current"]["status"], "in_progress");
    assert!(conflict["at"].is_string(), "{conflict}");
    // Nothing of the refused edit was written, and a stale delete deletes nothing.
    let (_, now) = read(app.get_as(&owner, &path).await).await;
    assert_eq!(now["responseBody"][0]["notes"], json!([]));
    assert_eq!(now["responseBody"][0]["version"], 2);
    let stale_delete = app
        .api(Method::DELETE, &path)
        .bearer_auth(&owner)
        .header("if-match", "\"1\"")
        .send()
        .await
        .unwrap();
    assert_eq!(stale_delete.status().as_u16(), 409);

    // Ten notes at once: notes are only ever added, so every one is kept.
    let notes = (0..10).map(|n| {
        let (app, owner, path) = (&app, &owner, &path);
        async move {
            let note = json!({"text": format!("Note {n}")});
            read(
                app.send_as(owner, Method::POST, &format!("{path}/notes"), &note)
                    .await,
            )
            .await
            .0
        }
    });
    let statuses = futures_util::future::join_all(notes).await;
    assert_eq!(statuses, [201; 10]);
    let (_, now) = read(app.get_as(&owner, &path).await).await;
    assert_eq!(
        now["responseBody"][0]["notes"].as_array().unwrap().len(),
        10
    );
    let version = now["responseBody"][0]["version"].as_i64().unwrap();
    assert_eq!(version, 12, "each note is a version");
    // A copy older only by notes is current: nothing of it can be overwritten.
    let mut from_before_the_notes = enquiry.clone();
    from_before_the_notes["status"] = json!("replied");
    from_before_the_notes["version"] = json!(2);
    let (status, body) = read(
        app.send_as(&owner, Method::PUT, &path, &from_before_the_notes)
            .await,
    )
    .await;
    assert_eq!(
        (status, &body["responseBody"][0]["version"]),
        (200, &json!(13)),
        "{body}"
    );

    // Ten status changes from version 13 at once: exactly one is kept.
    let saves = (0..10).map(|n| {
        let mut edit = enquiry.clone();
        edit["status"] = json!(if n % 2 == 0 { "closed" } else { "spam" });
        edit["version"] = json!(13);
        let (app, owner, path) = (&app, &owner, &path);
        async move {
            read(app.send_as(owner, Method::PUT, path, &edit).await)
                .await
                .0
        }
    });
    let mut statuses = futures_util::future::join_all(saves).await;
    statuses.sort();
    assert_eq!(statuses, [200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    // A write naming no version is made as before (the specification's client).
    let mut unversioned = enquiry.clone();
    unversioned.as_object_mut().unwrap().remove("version");
    let (status, _) = read(app.send_as(&owner, Method::PUT, &path, &unversioned).await).await;
    assert_eq!(status, 200);
    let current = app.get_as(&owner, &path).await;
    let etag = current.headers()["etag"].to_str().unwrap().to_owned();
    let deleted = app
        .api(Method::DELETE, &path)
        .bearer_auth(&owner)
        .header("if-match", etag)
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status().as_u16(), 200);
}
