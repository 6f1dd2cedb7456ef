//! The enquiry desk (issue 44) for contact enquiries and airport requests alike: assignee, the
//! notes timeline, status from the list, the menu's summary, soft deletes brought back within 30
//! days and purged after, every change in the audit log, the exports' desk columns, and airport
//! requests' own rules.

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};
use chrono::Duration;
use reqwest::Method;
use serde_json::{Value, json};

use concierge::clock::Clock;
use concierge::roles::Role;

use crate::helpers::{TestApp, airport_request, audit_lines, contact, read, spawn_app_with};

async fn app_on(clock: &Clock) -> TestApp {
    let clock = clock.clone();
    spawn_app_with(move |s| {
        s.clock = clock;
        s.form_limit = concierge::limits::Limit::parse("1000/1m").unwrap();
    })
    .await
}

/// Sends an airport request as the page does; its id and reference.
async fn airport(app: &TestApp) -> (i64, String) {
    let (status, body) = read(app.post("/airport-requests", &airport_request()).await).await;
    assert_eq!(status, 201, "{body}");
    let item = &body["responseBody"][0];
    (
        item["id"].as_i64().unwrap(),
        item["reference"].as_str().unwrap().to_owned(),
    )
}

async fn enquiry(app: &TestApp) -> i64 {
    let (status, body) = read(app.post("/contact-us", &contact()).await).await;
    assert_eq!(status, 201, "{body}");
    body["responseBody"][0]["id"].as_i64().unwrap()
}

/// `method path` as `token` with `If-Match` when a version is given.
async fn send(
    app: &TestApp,
    token: &str,
    method: Method,
    path: &str,
    version: Option<i64>,
    body: Option<Value>,
) -> (u16, Value) {
    let mut request = app.api(method, path).bearer_auth(token);
    if let Some(version) = version {
        request = request.header("if-match", format!("\"{version}\""));
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    read(request.send().await.unwrap()).await
}

#[tokio::test]
async fn a_desk_member_takes_an_airport_request_assigns_it_adds_notes_and_moves_it_on() {
    let clock = Clock::default();
    let app = app_on(&clock).await;
    let desk = app.token_for(Role::Enquiries).await;
    let (id, reference) = airport(&app).await;
    let path = format!("/airport-requests/{id}");

    // The inbox shows it as the page sent it, the phone as it can be called back.
    let (status, list) = send(&app, &desk, Method::GET, "/airport-requests", None, None).await;
    assert_eq!(status, 200, "{list}");
    let item = &list["responseBody"]["result"][0];
    assert_eq!(item["reference"], reference.as_str());
    assert_eq!(item["flightNumber"], "SV123");
    assert_eq!(item["services"], json!(["meetGreet", "fastTrack"]));
    assert_eq!(item["passengerDetails"]["mobile"], "+966501234567");
    assert_eq!(item["meetGreet"]["numPassengers"], 3);
    assert_eq!(item["porterService"], Value::Null);
    assert_eq!(
        (
            &item["status"],
            &item["assignee"],
            &item["notes"],
            &item["version"]
        ),
        (&json!("new"), &Value::Null, &json!([]), &json!(1))
    );
    for q in ["sv 123", &reference.to_lowercase(), "50 123", "نورة"] {
        let (_, found) = send(
            &app,
            &desk,
            Method::GET,
            &format!("/airport-requests?q={}", urlencoding(q)),
            None,
            None,
        )
        .await;
        assert_eq!(found["responseBody"]["totalCount"], 1, "{q}: {found}");
    }

    // Assigned to the desk member; someone who is not on the desk cannot be.
    let (status, body) = send(
        &app,
        &desk,
        Method::PUT,
        &path,
        Some(1),
        Some(json!({"assignee": "enquiries-member"})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["responseBody"][0]["assignee"], "enquiries-member");
    assert_eq!(body["message"], "Airport request updated successfully");
    app.token_for(Role::Editor).await;
    for (who, lang, message) in [
        (
            "ghost",
            "en",
            "The assignee must be an active member of the team.",
        ),
        (
            "editor-member",
            "ar",
            "يجب أن يكون المسؤول عضوًا نشطًا في الفريق.",
        ),
    ] {
        let refused = app
            .api(Method::PUT, &path)
            .bearer_auth(&desk)
            .header("accept-language", lang)
            .json(&json!({"assignee": who}))
            .send()
            .await
            .unwrap();
        let (status, body) = read(refused).await;
        assert_eq!(
            (status, body["errors"]["assignee"].as_str()),
            (400, Some(message)),
            "{who}"
        );
    }

    // Two notes, newest first, with author and time; a blank one is refused.
    for (minutes, text) in [
        (5, "Called the passenger: landing at 14:30."),
        (20, "Driver confirmed at gate B."),
    ] {
        clock.advance(Duration::minutes(minutes));
        let (status, body) = send(
            &app,
            &desk,
            Method::POST,
            &format!("{path}/notes"),
            None,
            Some(json!({"text": text})),
        )
        .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (201, Some("Note added")),
            "{body}"
        );
    }
    let (status, body) = send(
        &app,
        &desk,
        Method::POST,
        &format!("{path}/notes"),
        None,
        Some(json!({"text": "  "})),
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (400, Some("Please write the note."))
    );
    let (_, now) = send(&app, &desk, Method::GET, &path, None, None).await;
    let notes = now["responseBody"][0]["notes"].as_array().unwrap().clone();
    assert_eq!(notes.len(), 2);
    assert_eq!(notes[0]["text"], "Driver confirmed at gate B.");
    assert_eq!(notes[0]["author"], "enquiries-member");
    let at: chrono::DateTime<chrono::Utc> = notes[0]["at"].as_str().unwrap().parse().unwrap();
    assert!((at - clock.now()).num_seconds().abs() < 2, "{at}");
    let version = now["responseBody"][0]["version"].as_i64().unwrap();
    assert_eq!(version, 4);

    // Status from the list, with the version the list showed.
    let (status, body) = send(
        &app,
        &desk,
        Method::PUT,
        &path,
        Some(version),
        Some(json!({"status": "in_progress"})),
    )
    .await;
    assert_eq!(
        (status, &body["responseBody"][0]["status"]),
        (200, &json!("in_progress")),
        "{body}"
    );
    // A second desk member on the old copy is told, and nothing of theirs is written.
    let (status, body) = send(
        &app,
        &desk,
        Method::PUT,
        &path,
        Some(version),
        Some(json!({"status": "closed"})),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["conflict"]["fields"], json!(["status"]));
    assert_eq!(body["conflict"]["current"]["status"], "in_progress");
    let (status, body) = send(
        &app,
        &desk,
        Method::PUT,
        &path,
        None,
        Some(json!({"status": "archived"})),
    )
    .await;
    assert_eq!(
        (status, body["errors"]["status"].as_str()),
        (
            400,
            Some("Status must be one of new, in_progress, replied, closed or spam.")
        )
    );

    // Every change is in the log, against the request.
    let owner = app.admin_token().await;
    let lines = audit_lines(&app, &owner, "enquiry").await;
    let actions: Vec<&str> = lines
        .iter()
        .map(|l| l["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        [
            "enquiry.status_changed",
            "enquiry.note_added",
            "enquiry.note_added",
            "enquiry.assigned"
        ]
    );
    for line in &lines {
        assert_eq!(line["resource"], "airport_requests", "{line}");
        assert_eq!(line["resource_id"], id.to_string(), "{line}");
        assert_eq!(line["actor"], "enquiries-member", "{line}");
    }
    assert_eq!(
        lines[3]["detail"],
        json!({"from": null, "to": "enquiries-member", "version": 2})
    );
}

fn urlencoding(q: &str) -> String {
    q.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' => (b as char).to_string(),
            other => format!("%{other:02X}"),
        })
        .collect()
}

#[tokio::test]
async fn the_menu_counts_new_items_of_both_kinds_and_those_waiting_over_a_day() {
    let clock = Clock::default();
    let app = app_on(&clock).await;
    let desk = app.token_for(Role::Enquiries).await;
    let summary = || async {
        let (status, body) = send(&app, &desk, Method::GET, "/inbox/summary", None, None).await;
        assert_eq!(status, 200, "{body}");
        (
            body["new"].as_u64().unwrap(),
            body["waitingOver24h"].as_u64().unwrap(),
        )
    };
    assert_eq!(summary().await, (0, 0));
    let contact_id = enquiry(&app).await;
    let (airport_id, _) = airport(&app).await;
    assert_eq!(summary().await, (2, 0));
    clock.advance(Duration::hours(25));
    enquiry(&app).await;
    assert_eq!(summary().await, (3, 2));
    send(
        &app,
        &desk,
        Method::PUT,
        &format!("/contact-us/{contact_id}"),
        None,
        Some(json!({"status": "replied"})),
    )
    .await;
    assert_eq!(summary().await, (2, 1));
    let owner = app.admin_token().await;
    send(
        &app,
        &owner,
        Method::DELETE,
        &format!("/airport-requests/{airport_id}"),
        None,
        None,
    )
    .await;
    assert_eq!(summary().await, (1, 0), "a deleted item is not waiting");
    // Spam is filed as spam, not counted as new.
    let mut spam = airport_request();
    spam["company_website"] = json!("http://spam.example");
    read(app.post("/airport-requests", &spam).await).await;
    assert_eq!(summary().await, (1, 0));
    // The count needs the desk's permission.
    let editor = app.token_for(Role::Editor).await;
    let (status, _) = send(&app, &editor, Method::GET, "/inbox/summary", None, None).await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn deletes_are_soft_brought_back_within_30_days_and_purged_with_their_messages_after() {
    let clock = Clock::default();
    let app = app_on(&clock).await;
    let owner = app.admin_token().await;
    let desk = app.token_for(Role::Enquiries).await;
    let contact_id = enquiry(&app).await;
    let (airport_id, _) = airport(&app).await;
    for (base, id) in [
        ("/contact-us", contact_id),
        ("/airport-requests", airport_id),
    ] {
        let path = format!("{base}/{id}");
        // Only owners delete.
        let (status, _) = send(&app, &desk, Method::DELETE, &path, None, None).await;
        assert_eq!(status, 403, "{path}");
        let (status, body) = send(&app, &owner, Method::DELETE, &path, Some(1), None).await;
        assert_eq!(status, 200, "{path}: {body}");
        let (status, _) = send(&app, &desk, Method::GET, &path, None, None).await;
        assert_eq!(status, 404, "{path}: gone from the desk");
        let (_, list) = send(&app, &desk, Method::GET, base, None, None).await;
        assert_eq!(list["responseBody"]["totalCount"], 0, "{path}");
        let (_, trash) = send(
            &app,
            &owner,
            Method::GET,
            &format!("{base}?deleted=true"),
            None,
            None,
        )
        .await;
        assert_eq!(trash["responseBody"]["totalCount"], 1, "{path}");
        assert!(
            trash["responseBody"]["result"][0]["deleted_at"].is_string(),
            "{trash}"
        );
        // Brought back as it was.
        let (status, body) = send(
            &app,
            &owner,
            Method::POST,
            &format!("{path}/undelete"),
            None,
            None,
        )
        .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (200, Some("Brought back from the deleted items")),
            "{body}"
        );
        assert_eq!(body["responseBody"][0]["deleted_at"], Value::Null);
        let (status, _) = send(
            &app,
            &owner,
            Method::POST,
            &format!("{path}/undelete"),
            None,
            None,
        )
        .await;
        assert_eq!(status, 404, "{path}: not in the trash");
        send(&app, &owner, Method::DELETE, &path, None, None).await;
    }
    let (status, _) = send(
        &app,
        &owner,
        Method::GET,
        "/contact-us?deleted=maybe",
        None,
        None,
    )
    .await;
    assert_eq!(status, 400);

    // A day short of 30: still there; past them, removed for good with their messages.
    clock.advance(Duration::days(29));
    concierge::content::schedule::tick(&app.db, clock.now())
        .await
        .unwrap();
    assert_eq!(
        app.count("contact_us").await + app.count("airport_requests").await,
        2
    );
    clock.advance(Duration::days(2));
    let done = concierge::content::schedule::tick(&app.db, clock.now())
        .await
        .unwrap();
    assert_eq!(done.purged, 2);
    assert_eq!(
        app.count("contact_us").await + app.count("airport_requests").await,
        0
    );
    let (status, body) = send(
        &app,
        &owner,
        Method::POST,
        &format!("/airport-requests/{airport_id}/undelete"),
        None,
        None,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            404,
            Some("This item is not among the items deleted in the last 30 days")
        )
    );
    let actions: Vec<String> = audit_lines(&app, &owner, "enquiry")
        .await
        .iter()
        .map(|l| {
            format!(
                "{} {}",
                l["action"].as_str().unwrap(),
                l["resource"].as_str().unwrap()
            )
        })
        .collect();
    for expected in [
        "enquiry.purged contact_us",
        "enquiry.purged airport_requests",
        "enquiry.undeleted contact_us",
        "enquiry.undeleted airport_requests",
        "enquiry.deleted contact_us",
        "enquiry.deleted airport_requests",
    ] {
        assert!(
            actions.iter().any(|a| a == expected),
            "{expected} in {actions:?}"
        );
    }
}

#[tokio::test]
async fn airport_requests_refuse_what_the_page_does_not_offer_with_clear_messages() {
    let app = app_on(&Clock::default()).await;
    let cases = [
        (
            json!({"country": "ZZ"}),
            "en",
            "country",
            "Please choose a country from the list.",
        ),
        (
            json!({"airport": "JED"}),
            "ar",
            "airport",
            "يرجى اختيار مطار في المدينة المختارة.",
        ),
        (
            json!({"terminal": "Terminal 9"}),
            "en",
            "terminal",
            "Please choose a terminal of the chosen airport.",
        ),
        (
            json!({"services": []}),
            "ar",
            "services",
            "يرجى اختيار خدمة واحدة على الأقل.",
        ),
        (
            json!({"passengerDetails": null}),
            "en",
            "passengerDetails.title",
            "Please choose the passenger's title.",
        ),
    ];
    for (change, lang, field, message) in cases {
        let mut body = airport_request();
        for (key, value) in change.as_object().unwrap() {
            body[key] = value.clone();
        }
        let answer = app
            .api(Method::POST, "/airport-requests")
            .header("accept-language", lang)
            .json(&body)
            .send()
            .await
            .unwrap();
        let (status, body) = read(answer).await;
        assert_eq!(status, 400, "{change}: {body}");
        assert_eq!(body["errors"][field], message, "{change}: {body}");
        assert_eq!(body["message"], message, "{change}: the first failure");
    }
    // The wrong shapes are a clear 400, never a 500.
    for (key, value) in [
        ("services", json!("meetGreet")),
        ("passengerDetails", json!("Noura")),
        ("date", json!(20991201)),
    ] {
        let mut body = airport_request();
        body[key] = value;
        let (status, answer) = read(app.post("/airport-requests", &body).await).await;
        assert_eq!(status, 400, "{key}: {answer}");
        assert!(answer["message"].is_string(), "{answer}");
    }
    assert_eq!(app.count("airport_requests").await, 0, "nothing kept");
}

#[tokio::test]
async fn the_form_limit_counts_airport_requests_per_visitor() {
    let app = spawn_app_with(|s| {
        s.form_limit = concierge::limits::Limit::parse("2/10m").unwrap();
    })
    .await;
    for _ in 0..2 {
        airport(&app).await;
    }
    let refused = app
        .api(Method::POST, "/airport-requests")
        .json(&airport_request())
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status().as_u16(), 429);
    assert!(refused.headers().contains_key("retry-after"));
    assert_eq!(app.count("airport_requests").await, 2);
    // The contact form has its own count.
    let (status, _) = read(app.post("/contact-us", &contact()).await).await;
    assert_eq!(status, 201);
}

fn sheet(bytes: &[u8]) -> Vec<Vec<String>> {
    cells(bytes)
        .1
        .iter()
        .map(|row| {
            row.iter()
                .map(|cell| match cell {
                    Data::String(s) => s.clone(),
                    Data::Empty => String::new(),
                    other => other.to_string(),
                })
                .collect()
        })
        .collect()
}

/// A contact enquiry and an airport request, each moved to `change` by the desk member and
/// given `notes` in order; their ids and the request's reference.
async fn worked_on(app: &TestApp, desk: &str, change: Value, notes: &[&str]) -> (i64, i64, String) {
    let contact_id = enquiry(app).await;
    let (airport_id, reference) = airport(app).await;
    for path in [
        format!("/contact-us/{contact_id}"),
        format!("/airport-requests/{airport_id}"),
    ] {
        send(app, desk, Method::PUT, &path, None, Some(change.clone())).await;
        for text in notes {
            let note = json!({ "text": text });
            send(
                app,
                desk,
                Method::POST,
                &format!("{path}/notes"),
                None,
                Some(note),
            )
            .await;
        }
    }
    (contact_id, airport_id, reference)
}

#[tokio::test]
async fn both_exports_carry_status_assignee_and_the_latest_note() {
    let app = app_on(&Clock::default()).await;
    let desk = app.token_for(Role::Enquiries).await;
    let change = json!({"status": "replied", "assignee": "enquiries-member"});
    let notes = ["First call", "Booked: car and meet and greet"];
    let (_, _, reference) = worked_on(&app, &desk, change, &notes).await;
    for (path, first) in [
        ("/contact-us/export", "نورة"),
        ("/airport-requests/export", reference.as_str()),
    ] {
        let response = app
            .api(Method::GET, path)
            .bearer_auth(&desk)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 200, "{path}");
        let rows = sheet(&response.bytes().await.unwrap());
        let column = |name: &str| {
            rows[0]
                .iter()
                .position(|h| h == name)
                .unwrap_or_else(|| panic!("{path}: {name}"))
        };
        assert_eq!(rows.len(), 2, "{path}");
        assert_eq!(rows[1][0], first, "{path}");
        assert_eq!(rows[1][column("Status")], "Replied", "{path}");
        assert_eq!(rows[1][column("Assignee")], "enquiries-member", "{path}");
        assert_eq!(
            rows[1][column("Latest note")],
            "Booked: car and meet and greet",
            "{path}"
        );
        assert_eq!(rows[1][column("Note by")], "enquiries-member", "{path}");
    }
}

#[tokio::test]
async fn a_desk_save_that_changes_nothing_keeps_the_version_so_a_colleagues_copy_stays_current() {
    let app = app_on(&Clock::default()).await;
    let desk = app.token_for(Role::Enquiries).await;
    let contact_id = enquiry(&app).await;
    let (airport_id, _) = airport(&app).await;
    for path in [
        format!("/contact-us/{contact_id}"),
        format!("/airport-requests/{airport_id}"),
    ] {
        let change = json!({"status": "in_progress", "assignee": "enquiries-member"});
        let (status, body) = send(
            &app,
            &desk,
            Method::PUT,
            &path,
            Some(1),
            Some(change.clone()),
        )
        .await;
        assert_eq!(status, 200, "{path}: {body}");
        assert_eq!(body["responseBody"][0]["version"], 2, "{path}");
        let owner = app.admin_token().await;
        let lines = audit_lines(&app, &owner, "enquiry").await.len();
        // The same again, as a form that saves what it shows: nothing changes.
        for version in [Some(2), None] {
            let (status, body) = send(
                &app,
                &desk,
                Method::PUT,
                &path,
                version,
                Some(change.clone()),
            )
            .await;
            assert_eq!(status, 200, "{path}: {body}");
            assert_eq!(body["responseBody"][0]["version"], 2, "{path}: {body}");
            assert_eq!(body["responseBody"][0]["status"], "in_progress");
        }
        assert_eq!(
            audit_lines(&app, &owner, "enquiry").await.len(),
            lines,
            "{path}: no line for no change"
        );
        // A colleague who opened version 2 still saves.
        let (status, body) = send(
            &app,
            &desk,
            Method::PUT,
            &path,
            Some(2),
            Some(json!({"status": "replied"})),
        )
        .await;
        assert_eq!(
            (status, body["responseBody"][0]["version"].clone()),
            (200, json!(3)),
            "{body}"
        );
    }
}

/// The cells of an export's first sheet, as they are (text, numbers, dates), and its name.
fn cells(bytes: &[u8]) -> (String, Vec<Vec<Data>>) {
    let mut book: Xlsx<_> = calamine::open_workbook_from_rs(Cursor::new(bytes.to_vec())).unwrap();
    let name = book.sheet_names()[0].clone();
    let rows = book
        .worksheet_range(&name)
        .unwrap()
        .rows()
        .map(<[Data]>::to_vec)
        .collect();
    (name, rows)
}

/// Each `(header, cell)` of `rows`' first item.
fn by_header(rows: &[Vec<Data>]) -> Vec<(String, Data)> {
    rows[0]
        .iter()
        .map(|h| h.to_string())
        .zip(rows[1].iter().cloned())
        .collect()
}

fn text(cell: &Data) -> String {
    match cell {
        Data::String(s) => s.clone(),
        other => panic!("not text: {other:?}"),
    }
}

fn when(cell: &Data) -> String {
    match cell {
        Data::DateTime(d) => d
            .as_datetime()
            .unwrap()
            .format("%Y-%m-%d %H:%M")
            .to_string(),
        other => panic!("not a date cell: {other:?}"),
    }
}

#[tokio::test]
async fn the_exports_read_as_words_in_the_language_asked_for_with_real_dates_in_the_admins_zone() {
    let clock = Clock::default();
    // 20:30:05 UTC on 1 December, for the few seconds the writes take.
    let moment = "2026-12-01T20:30:05Z"
        .parse::<chrono::DateTime<chrono::Utc>>()
        .unwrap();
    clock.advance(moment - clock.now());
    let app = app_on(&clock).await;
    let desk = app.token_for(Role::Enquiries).await;
    let change = json!({"status": "in_progress"});
    let (_, _, reference) = worked_on(&app, &desk, change, &["Car booked"]).await;
    let export = |path: &'static str, lang: &'static str| {
        let request = app
            .api(Method::GET, &format!("{path}?tz_offset=240"))
            .bearer_auth(&desk)
            .header("accept-language", lang);
        async move {
            let response = request.send().await.unwrap();
            assert_eq!(response.status().as_u16(), 200, "{path} {lang}");
            cells(&response.bytes().await.unwrap())
        }
    };

    // Airport requests, in English: 20:30 UTC is 00:30 the next day in the Gulf.
    let (sheet, rows) = export("/airport-requests/export", "en").await;
    assert_eq!(sheet, "Airport requests");
    let row = by_header(&rows);
    let at = |name: &str| {
        row.iter()
            .find(|(h, _)| h == name)
            .unwrap_or_else(|| panic!("no column {name}: {:?}", rows[0]))
            .1
            .clone()
    };
    for (header, expected) in [
        ("Reference", reference.as_str()),
        ("Status", "In progress"),
        ("Title", "Mrs"),
        ("Full name", "نورة القحطاني"),
        ("Country", "Saudi Arabia"),
        ("City", "Riyadh"),
        ("Airport", "King Khalid International Airport (RUH)"),
        ("Terminal", "Terminal 1"),
        ("Departure or arrival", "Arrival"),
        ("Services", "Meet & Greet, Fast-Track Immigration"),
        ("Meeting point", "Arrivals hall, gate B"),
        ("Language", "Arabic"),
        ("Special assistance", "A wheelchair"),
        ("Page language", "Arabic"),
        ("Latest note", "Car booked"),
        ("Note by", "enquiries-member"),
    ] {
        assert_eq!(text(&at(header)), expected, "{header}");
    }
    assert_eq!(at("Number of passengers"), Data::Float(3.0));
    assert_eq!(when(&at("Received (UTC+04:00)")), "2026-12-02 00:30");
    assert_eq!(when(&at("Note written (UTC+04:00)")), "2026-12-02 00:30");
    assert_eq!(when(&at("Flight date")), "2099-12-01 00:00");
    assert!(
        matches!(at("Flight time (local)"), Data::DateTime(_)),
        "{:?}",
        at("Flight time (local)")
    );
    for cell in &rows[1] {
        if let Data::String(s) = cell {
            for code in [
                "in_progress",
                "mrs",
                "RUH,",
                "meetGreet",
                "arrival",
                "numPassengers",
            ] {
                assert!(
                    s != code && !s.contains(&format!("{code}:")),
                    "a code in the export: {s}"
                );
            }
        }
    }

    // The same in Arabic.
    let (sheet, rows) = export("/airport-requests/export", "ar").await;
    assert_eq!(sheet, "طلبات خدمات المطار");
    let row = by_header(&rows);
    let at = |name: &str| {
        text(
            &row.iter()
                .find(|(h, _)| h == name)
                .unwrap_or_else(|| panic!("{name}: {:?}", rows[0]))
                .1,
        )
    };
    assert_eq!(at("الحالة"), "قيد المتابعة");
    assert_eq!(at("الدولة"), "المملكة العربية السعودية");
    assert_eq!(at("المدينة"), "الرياض");
    assert_eq!(at("المطار"), "مطار الملك خالد الدولي (RUH)");
    assert_eq!(at("المبنى"), "المبنى 1");
    assert_eq!(at("الخدمات"), "الاستقبال والتوديع، المسار السريع للجوازات");
    assert_eq!(at("مغادرة أو وصول"), "وصول");
    assert!(
        rows[0].iter().any(|h| *h == "تاريخ الاستلام (UTC+04:00)"),
        "{:?}",
        rows[0]
    );

    // Contacts: the specification's columns in English, the status in words, the date a date.
    let (sheet, rows) = export("/contact-us/export", "en").await;
    assert_eq!(sheet, "Contacts");
    let headers: Vec<String> = rows[0].iter().map(|h| h.to_string()).collect();
    assert_eq!(headers[..10], concierge::spreadsheet::CONTACT_HEADERS);
    assert_eq!(when(&rows[1][4]), "2026-12-02 00:30");
    assert_eq!(text(&rows[1][7]), "In progress");
    let (sheet, rows) = export("/contact-us/export", "ar").await;
    assert_eq!(sheet, "جهات الاتصال");
    assert_eq!(rows[0][0].to_string(), "الاسم الأول");
    assert_eq!(text(&rows[1][7]), "قيد المتابعة");
}
