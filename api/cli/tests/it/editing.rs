//! What an editor reads before and while saving: the admin's lists narrowed by where items
//! stand and searched by name in either language, a preview of the values on the screen that
//! saves nothing, a schedule shown in the time zone it was entered in, and the audit log naming
//! the item it speaks of.

use chrono::{Duration, SecondsFormat, Utc};
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, audit_lines, blog, read, send, spawn_app};

/// The ids of an administrator's list, in its order, and its total.
async fn listed(app: &TestApp, token: &str, path: &str) -> (Vec<i64>, u64) {
    let (status, body) = read(app.get_as(token, path).await).await;
    assert_eq!(status, 200, "{path}: {body}");
    let ids = body["responseBody"]["result"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|item| item["id"].as_i64().unwrap())
        .collect();
    (
        ids,
        body["responseBody"]["totalCount"].as_u64().unwrap_or(0),
    )
}

/// A blog made through the API from `body`, its id.
async fn made(app: &TestApp, token: &str, body: Value) -> i64 {
    let (status, created) = send(app, token, Method::POST, "/blog", body).await;
    assert_eq!(status, 201, "{created}");
    created["responseBody"][0]["id"].as_i64().unwrap()
}

/// A time `from_now` (the apps here run on the real clock), as the API takes it.
fn at(from_now: Duration) -> String {
    (Utc::now() + from_now).to_rfc3339_opts(SecondsFormat::Secs, true)
}

#[tokio::test]
async fn the_admins_lists_filter_by_where_items_stand_and_search_names_in_both_languages() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let live = made(&app, &token, blog("Planning a London season", 1)).await;
    let mut draft = blog("Doha in winter", 2);
    draft["status"] = json!("draft");
    let draft = made(&app, &token, draft).await;
    let mut scheduled = blog("Monaco by sea", 3);
    scheduled["publish_at"] = json!(at(Duration::days(2)));
    let scheduled = made(&app, &token, scheduled).await;
    let mut ended = blog("Ramadan evenings 100%", 4);
    ended["publish_at"] = json!(at(Duration::days(-3)));
    ended["unpublish_at"] = json!(at(Duration::days(-1)));
    ended["name_ar"] = json!("أمسيات رمضان");
    let ended = made(&app, &token, ended).await;
    // A live blog with a change waiting: renamed in the change, not yet on the site.
    let pending = made(&app, &token, blog("Gifting for Eid", 5)).await;
    let mut change = blog("Gifting for Eid al-Adha", 5);
    change["status"] = json!("draft");
    let (status, body) = send(
        &app,
        &token,
        Method::PUT,
        &format!("/blog/{pending}"),
        change,
    )
    .await;
    assert_eq!(status, 200, "{body}");

    for (status, expected) in [
        ("draft", vec![draft]),
        ("scheduled", vec![scheduled]),
        ("live", vec![live, pending]),
        ("pending", vec![pending]),
        ("ended", vec![ended]),
        ("", vec![live, draft, scheduled, ended, pending]),
    ] {
        let (ids, total) = listed(&app, &token, &format!("/blog?status={status}")).await;
        assert_eq!(ids, expected, "status={status}");
        assert_eq!(total, expected.len() as u64, "status={status}");
    }
    // Pages count what the filter keeps.
    let (ids, total) = listed(&app, &token, "/blog?status=live&size=1&page=2").await;
    assert_eq!((ids, total), (vec![pending], 2));

    for (q, expected) in [
        ("london", vec![live]),
        ("LONDON SEASON", vec![live]),
        // Arabic, and a name only the pending change has.
        ("رمضان", vec![ended]),
        ("al-adha", vec![pending]),
        // LIKE's wildcards are letters to look for, not patterns.
        ("100%", vec![ended]),
        ("%", vec![ended]),
        ("_", vec![]),
        ("nowhere", vec![]),
    ] {
        let encoded: String = url_encode(q);
        let (ids, _) = listed(&app, &token, &format!("/blog?q={encoded}")).await;
        assert_eq!(ids, expected, "q={q}");
    }
    let (ids, _) = listed(&app, &token, "/blog?status=live&q=gifting").await;
    assert_eq!(ids, vec![pending]);

    // Another kind searches its own names: a banner by its title.
    let banner = json!([{"banner_name": "Eid banner", "banner_url": "/media/eid.svg",
        "title": "Eid Mubarak from the desk", "title_ar": "عيد مبارك", "sub_title": "Across the Gulf",
        "web_url": "/services"}]);
    let (status, body) = send(&app, &token, Method::POST, "/flashy-banner", banner).await;
    assert_eq!(status, 201, "{body}");
    let (ids, _) = listed(&app, &token, "/flashy-banner?q=mubarak").await;
    assert_eq!(ids.len(), 1);
    let (ids, _) = listed(&app, &token, "/flashy-banner?q=london").await;
    assert!(ids.is_empty());

    // A status the lists do not know, or a search too long, is named.
    let too_long = format!("q={}", "x".repeat(101));
    for (query, field) in [("status=published", "status"), (too_long.as_str(), "q")] {
        let (status, body) = read(app.get_as(&token, &format!("/blog?{query}")).await).await;
        assert_eq!(status, 400, "{query}: {body}");
        assert!(body["errors"][field].is_string(), "{query}: {body}");
    }
    // Visitors read what is live, whatever they ask.
    let (status, body) = read(app.get("/blog?status=draft&q=doha").await).await;
    assert_eq!(status, 200);
    let names: Vec<&str> = body["responseBody"]["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Planning a London season", "Gifting for Eid"]);
}

fn url_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[tokio::test]
async fn a_preview_of_the_values_on_screen_shows_them_in_both_languages_and_saves_nothing() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let id = made(&app, &token, blog("Planning a London season", 1)).await;
    let (_, before) = read(app.get_as(&token, &format!("/blog/{id}")).await).await;
    let revisions = app.count("content_revisions").await;
    let jobs = app.count("publish_jobs").await;

    let mut unsaved = blog("A London season, unsaved", 1);
    unsaved["name_ar"] = json!("موسم لندن، غير محفوظ");
    for (lang, text) in [
        ("en", "A London season, unsaved"),
        ("ar", "موسم لندن، غير محفوظ"),
    ] {
        let response = app
            .api(Method::POST, &format!("/preview/blog/{id}?lang={lang}"))
            .bearer_auth(&token)
            .json(&unsaved)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 200, "{lang}");
        assert_eq!(response.headers()["cache-control"], "no-store");
        let html = response.text().await.unwrap();
        assert!(html.contains(text), "{lang}: the unsaved name is shown");
        assert!(html.contains(r#"<meta name="robots" content="noindex, nofollow">"#));
    }
    // Nothing was saved, recorded or queued; the record is as it was, version included.
    assert_eq!(app.count("content_revisions").await, revisions);
    assert_eq!(app.count("publish_jobs").await, jobs);
    let (_, after) = read(app.get_as(&token, &format!("/blog/{id}")).await).await;
    assert_eq!(after, before);

    // What a save would refuse is refused, naming the field.
    let mut blank = blog("", 1);
    blank["name"] = json!("");
    let (status, body) = send(
        &app,
        &token,
        Method::POST,
        &format!("/preview/blog/{id}"),
        blank,
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["errors"]["name"].is_string(), "{body}");
    // An unknown item, and visitors.
    let (status, _) = send(
        &app,
        &token,
        Method::POST,
        "/preview/blog/999999",
        blog("x", 1),
    )
    .await;
    assert_eq!(status, 404);
    let anonymous = app
        .api(Method::POST, &format!("/preview/blog/{id}"))
        .json(&unsaved)
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status().as_u16(), 401);
}

#[tokio::test]
async fn a_schedule_reopens_in_the_time_zone_it_was_entered_in() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let mut scheduled = blog("Monaco by sea", 1);
    scheduled["publish_at"] = json!(at(Duration::days(2)));
    scheduled["schedule_zone"] = json!("Asia/Riyadh");
    let id = made(&app, &token, scheduled.clone()).await;
    let (_, read_back) = read(app.get_as(&token, &format!("/blog/{id}")).await).await;
    assert_eq!(read_back["responseBody"][0]["schedule_zone"], "Asia/Riyadh");

    // Another zone, kept with the schedule; a name that is not a zone's is refused.
    scheduled["schedule_zone"] = json!("America/Argentina/Buenos_Aires");
    let (status, body) = send(
        &app,
        &token,
        Method::PUT,
        &format!("/blog/{id}"),
        scheduled.clone(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["responseBody"][0]["schedule_zone"],
        "America/Argentina/Buenos_Aires"
    );
    for wrong in [
        json!("Asia/../etc"),
        json!("/Riyadh"),
        json!(4),
        json!("A/B/C/D"),
    ] {
        let mut body = scheduled.clone();
        body["schedule_zone"] = wrong.clone();
        let (status, answer) = send(&app, &token, Method::PUT, &format!("/blog/{id}"), body).await;
        assert_eq!(status, 400, "{wrong}: {answer}");
        assert!(answer["errors"]["schedule_zone"].is_string(), "{answer}");
    }
    // Published now, it has no schedule, so no zone to show it in.
    let (status, body) = send(
        &app,
        &token,
        Method::POST,
        &format!("/content/blog/{id}/publish"),
        Value::Null,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(body["responseBody"][0]["schedule_zone"].is_null(), "{body}");
}

#[tokio::test]
async fn the_audit_log_names_the_item_a_content_line_speaks_of() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let id = made(&app, &token, blog("Planning a London season", 1)).await;
    let mut renamed = blog("A London season", 1);
    renamed["meta_description"] = json!("Ascot, Wimbledon, Henley");
    let (status, _) = send(&app, &token, Method::PUT, &format!("/blog/{id}"), renamed).await;
    assert_eq!(status, 200);

    let created = audit_lines(&app, &token, "content.created").await;
    assert_eq!(created[0]["detail"]["title"], "Planning a London season");
    let updated = audit_lines(&app, &token, "content.updated").await;
    assert_eq!(updated[0]["detail"]["title"], "A London season");
    let fields = updated[0]["detail"]["fields"].as_array().unwrap();
    assert!(fields.contains(&json!("meta_description")), "{fields:?}");
}
