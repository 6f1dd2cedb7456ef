//! The content lifecycle: drafts, pending changes, publish and unpublish, schedules (on a
//! clock the test moves, across a restart and two instances), history and restore, deletion
//! kept 30 days. Each state change is checked where visitors see it: the anonymous API and the
//! published site.

use std::time::{Duration, Instant};

use chrono::Duration as Minutes;
use concierge::clock::Clock;
use concierge::config::Settings;
use concierge::content::schedule;
use concierge::startup::Application;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, blog, islands_fixture, read, send, spawn_app_with};

/// An app whose scheduler goes by `clock`.
async fn app_on(clock: &Clock) -> TestApp {
    let clock = clock.clone();
    spawn_app_with(move |s| s.clock = clock).await
}

/// Another instance on the same database and data dir (a second server, or the same one after
/// a restart), serving on its own port; its database handle.
async fn another_instance(app: &TestApp, clock: &Clock, worker: bool) -> concierge::store::Db {
    let mut settings = Settings::for_data_dir(
        app.data_dir.path().to_path_buf(),
        Some(app.database_url.clone()),
    )
    .unwrap();
    settings.islands_dir = islands_fixture();
    settings.publish_worker = worker;
    settings.clock = clock.clone();
    let other = Application::build(settings)
        .await
        .expect("second instance builds");
    let db = other.db().clone();
    tokio::spawn(other.run_until_stopped());
    db
}

/// A POST without a body (the lifecycle's actions).
async fn act(app: &TestApp, token: &str, path: &str) -> (u16, Value) {
    send(app, token, Method::POST, path, Value::Null).await
}

/// A blog created (published) through the API, as administrators read it.
async fn create_blog(app: &TestApp, token: &str, body: Value) -> Value {
    let (status, created) = send(app, token, Method::POST, "/blog", body).await;
    assert_eq!(status, 201, "{created}");
    first(&created).clone()
}

/// What an anonymous visitor of the API gets for this path.
async fn public(app: &TestApp, path: &str) -> (u16, Value) {
    read(app.get(path).await).await
}

/// The status of a page of the published site, once every publish job is done.
async fn page(app: &TestApp, path: &str) -> (u16, String) {
    settle(app).await;
    let response = app
        .client
        .get(format!("{}{path}", app.address))
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

/// Waits until the publisher has done every job.
async fn settle(app: &TestApp) {
    let started = Instant::now();
    while app.count("publish_jobs WHERE done_at IS NULL").await > 0 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "publish jobs left pending"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn first(body: &Value) -> &Value {
    &body["responseBody"][0]
}

fn names(body: &Value) -> Vec<String> {
    body["responseBody"]["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap_or_default().to_owned())
        .collect()
}

fn blog_path(saved: &Value) -> String {
    format!("/{}/{}", saved["slug"].as_str().unwrap(), saved["id"])
}

#[tokio::test]
async fn a_draft_is_seen_by_administrators_only_until_it_is_published() {
    let app = app_on(&Clock::default()).await;
    let token = app.admin_token().await;
    let mut body = blog("Gifting for Eid", 1);
    body["status"] = json!("draft");
    let (status, created) = send(&app, &token, Method::POST, "/blog", body).await;
    assert_eq!(status, 201, "{created}");
    let draft = first(&created).clone();
    assert_eq!(draft["status"], "draft");
    assert_eq!(draft["hasPendingChanges"], false);
    assert_eq!(draft["published_at"], Value::Null);
    let id = draft["id"].as_i64().unwrap();

    assert_eq!(public(&app, &format!("/blog/{id}")).await.0, 404);
    assert!(names(&public(&app, "/blog").await.1).is_empty());
    assert_eq!(
        public(&app, "/blog").await.1["responseBody"]["totalCount"],
        0
    );
    let (_, mine) = read(app.get_as(&token, &format!("/blog/{id}")).await).await;
    assert_eq!(first(&mine)["status"], "draft");
    assert_eq!(page(&app, &blog_path(&draft)).await.0, 404);
    let (_, sitemap) = page(&app, "/sitemap-blogs-0.xml").await;
    assert!(!sitemap.contains(&blog_path(&draft)));

    let (status, published) = act(&app, &token, &format!("/content/blog/{id}/publish")).await;
    assert_eq!(status, 200, "{published}");
    assert_eq!(published["message"], "Published");
    assert_eq!(first(&published)["status"], "published");
    assert!(first(&published)["published_at"].is_string());
    assert_eq!(public(&app, &format!("/blog/{id}")).await.0, 200);
    let (status, html) = page(&app, &blog_path(&draft)).await;
    assert_eq!(status, 200);
    assert!(html.contains("Gifting for Eid"));
    let (status, html) = page(&app, &format!("/ar{}", blog_path(&draft))).await;
    assert_eq!(status, 200);
    assert!(html.contains("وصول بلا عناء"));
}

#[tokio::test]
async fn a_pending_change_leaves_the_live_version_intact_until_it_is_published() {
    let app = app_on(&Clock::default()).await;
    let token = app.admin_token().await;
    let live = create_blog(&app, &token, blog("Doha by night", 1)).await;
    let id = live["id"].as_i64().unwrap();
    assert_eq!(live["status"], "published");
    assert_eq!(page(&app, &blog_path(&live)).await.0, 200);

    let mut change = blog("Doha by night", 1);
    change["description"] = json!("<p>The corniche after dark, with a driver who waits.</p>");
    change["status"] = json!("draft");
    let (status, saved) = send(&app, &token, Method::PUT, &format!("/blog/{id}"), change).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(first(&saved)["hasPendingChanges"], true);
    assert_eq!(first(&saved)["status"], "published");
    assert!(
        first(&saved)["description"]
            .as_str()
            .unwrap()
            .contains("corniche")
    );

    // Visitors still get the live version, on the API and on the site.
    let (_, anonymous) = public(&app, &format!("/blog/{id}")).await;
    assert_eq!(
        first(&anonymous)["description"],
        "<p>Arrivals, handled.</p>"
    );
    let (_, html) = page(&app, &blog_path(&live)).await;
    assert!(html.contains("Arrivals, handled.") && !html.contains("corniche"));
    // Administrators read the draft.
    let (_, mine) = read(app.get_as(&token, &format!("/blog/{id}")).await).await;
    assert!(
        first(&mine)["description"]
            .as_str()
            .unwrap()
            .contains("corniche")
    );
    let (_, list) = read(app.get_as(&token, "/blog").await).await;
    assert_eq!(list["responseBody"]["result"][0]["hasPendingChanges"], true);

    let (status, _) = act(&app, &token, &format!("/content/blog/{id}/publish")).await;
    assert_eq!(status, 200);
    let (_, anonymous) = public(&app, &format!("/blog/{id}")).await;
    assert!(
        first(&anonymous)["description"]
            .as_str()
            .unwrap()
            .contains("corniche")
    );
    let (_, html) = page(&app, &blog_path(&live)).await;
    assert!(html.contains("corniche"));
    let (_, mine) = read(app.get_as(&token, &format!("/blog/{id}")).await).await;
    assert_eq!(first(&mine)["hasPendingChanges"], false);
}

#[tokio::test]
async fn unpublishing_takes_an_item_off_every_page_listing_sitemap_and_feed() {
    let app = app_on(&Clock::default()).await;
    let token = app.admin_token().await;
    let live = create_blog(&app, &token, blog("London summer season", 1)).await;
    let id = live["id"].as_i64().unwrap();
    let path = blog_path(&live);
    for listing in ["/blogs", "/ar/blogs", "/sitemap-blogs-0.xml", "/feed.xml"] {
        assert!(
            page(&app, listing).await.1.contains(&path),
            "{listing} lists it"
        );
    }

    let (status, body) = act(&app, &token, &format!("/content/blog/{id}/unpublish")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(first(&body)["status"], "draft");
    assert_eq!(public(&app, &format!("/blog/{id}")).await.0, 404);
    for gone in [path.clone(), format!("/ar{path}")] {
        assert_eq!(page(&app, &gone).await.0, 404, "{gone}");
    }
    for listing in [
        "/blogs",
        "/ar/blogs",
        "/sitemap-blogs-0.xml",
        "/feed.xml",
        "/",
    ] {
        assert!(
            !page(&app, listing).await.1.contains(&path),
            "{listing} still lists it"
        );
    }
    // Still there for the administrators, as a draft.
    let (status, mine) = read(app.get_as(&token, &format!("/blog/{id}")).await).await;
    assert_eq!(
        (status, first(&mine)["status"].as_str()),
        (200, Some("draft"))
    );
}

#[tokio::test]
async fn the_specifications_clients_publish_at_once_and_english_saves_keep_the_arabic() {
    let app = app_on(&Clock::default()).await;
    let token = app.admin_token().await;
    let (_, created) = send(
        &app,
        &token,
        Method::POST,
        "/our-services",
        json!({
        "name": "Valet", "description": "At the door.", "content": "Vetted drivers.",
        "display_order": 1, "image_url": "/media/valet.svg", "color": "#0B1F3A",
        "name_ar": "خدمة صف السيارات", "description_ar": "عند الباب"}),
    )
    .await;
    let id = first(&created)["id"].as_i64().unwrap();
    assert_eq!(first(&created)["status"], "published");
    assert_eq!(public(&app, &format!("/our-services/{id}")).await.0, 200);

    // Only the English fields: the Arabic ones stay as they were.
    let english = json!({"name": "Valet parking", "description": "At the door, day and night.",
        "content": "Vetted drivers.", "display_order": 1, "image_url": "/media/valet.svg",
        "color": "#0B1F3A"});
    let (status, saved) = send(
        &app,
        &token,
        Method::PUT,
        &format!("/our-services/{id}"),
        english,
    )
    .await;
    assert_eq!(status, 200, "{saved}");
    let (_, anonymous) = public(&app, &format!("/our-services/{id}")).await;
    assert_eq!(first(&anonymous)["name"], "Valet parking");
    assert_eq!(first(&anonymous)["name_ar"], "خدمة صف السيارات");
    assert_eq!(first(&anonymous)["description_ar"], "عند الباب");

    // An explicit null clears one twin, and only that one.
    let clear = json!({"name": "Valet parking", "description": "At the door, day and night.",
        "content": "Vetted drivers.", "display_order": 1, "image_url": "/media/valet.svg",
        "color": "#0B1F3A", "description_ar": null});
    send(
        &app,
        &token,
        Method::PUT,
        &format!("/our-services/{id}"),
        clear,
    )
    .await;
    let (_, anonymous) = public(&app, &format!("/our-services/{id}")).await;
    assert_eq!(first(&anonymous)["description_ar"], Value::Null);
    assert_eq!(first(&anonymous)["name_ar"], "خدمة صف السيارات");
}

fn banner(title: &str) -> Value {
    json!({"banner_name": title, "banner_url": "/media/eid.svg", "title": title,
           "title_ar": "عيد مبارك", "sub_title": "Across the Gulf", "web_url": "/services"})
}

async fn banner_titles(app: &TestApp) -> Vec<String> {
    let (_, body) = public(app, "/flashy-banner").await;
    body["responseBody"]["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["title"].as_str().unwrap().to_owned())
        .collect()
}

/// The banners anonymous readers get, once they are `expected`: a change made by a scheduler
/// reaches this instance's read cache as one made by another instance does (within 100 ms).
async fn banner_titles_become(app: &TestApp, expected: &[&str]) {
    let started = Instant::now();
    loop {
        let titles = banner_titles(app).await;
        if titles == expected {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "banners {titles:?}, expected {expected:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn revisions(app: &TestApp, token: &str, kind: &str, id: i64) -> Vec<Value> {
    let (status, body) = read(
        app.get_as(token, &format!("/content/{kind}/{id}/revisions"))
            .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["responseBody"]["result"].as_array().unwrap().clone()
}

#[tokio::test]
async fn a_schedule_fires_on_time_after_a_restart_and_once_across_two_instances() {
    let clock = Clock::default();
    let app = spawn_app_with({
        let clock = clock.clone();
        move |s| {
            // The first instance's scheduler is stopped, as a server that is down.
            s.publish_worker = false;
            s.clock = clock;
        }
    })
    .await;
    let token = app.admin_token().await;
    let start = clock.now() + Minutes::minutes(10);
    let end = clock.now() + Minutes::minutes(70);
    let mut eid = banner("Eid al-Fitr");
    eid["publish_at"] = json!(start.to_rfc3339());
    eid["unpublish_at"] = json!(end.to_rfc3339());
    let (status, created) = send(&app, &token, Method::POST, "/flashy-banner", json!([eid])).await;
    assert_eq!(status, 201, "{created}");
    let id = first(&created)["id"].as_i64().unwrap();
    assert_eq!(first(&created)["status"], "published");
    assert!(
        banner_titles(&app).await.is_empty(),
        "scheduled, not live yet"
    );
    let (_, scheduled) = read(app.get_as(&token, "/content/scheduled").await).await;
    assert_eq!(scheduled["responseBody"]["result"][0]["kind"], "banner");

    // A minute early: nothing happens.
    clock.advance(Minutes::minutes(9));
    assert_eq!(schedule::tick(&app.db, clock.now()).await.unwrap().fired, 0);
    assert!(banner_titles(&app).await.is_empty());

    // On time, two instances look at the same moment: the banner goes live once.
    clock.advance(Minutes::minutes(1));
    let second = another_instance(&app, &clock, false).await;
    let now = clock.now();
    let (a, b) = tokio::join!(schedule::tick(&app.db, now), schedule::tick(&second, now));
    assert_eq!(a.unwrap().fired + b.unwrap().fired, 1);
    banner_titles_become(&app, &["Eid al-Fitr"]).await;
    let fired: Vec<Value> = revisions(&app, &token, "banner", id)
        .await
        .into_iter()
        .filter(|r| r["action"] == "scheduled-in")
        .collect();
    assert_eq!(fired.len(), 1);
    assert_eq!(fired[0]["author"], Value::Null, "the system acted");
    assert_eq!(app.count("publish_jobs WHERE resource = 'banner'").await, 1);

    // The end passes while no scheduler runs; a server started later takes the banner off at
    // its first look.
    clock.advance(Minutes::minutes(61));
    assert_eq!(
        banner_titles(&app).await,
        ["Eid al-Fitr"],
        "nobody looked yet"
    );
    let _restarted = another_instance(&app, &clock, true).await;
    let started = Instant::now();
    while !banner_titles(&app).await.is_empty() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the restarted scheduler took it off"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let actions: Vec<String> = revisions(&app, &token, "banner", id)
        .await
        .iter()
        .map(|r| r["action"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(actions, ["scheduled-out", "scheduled-in", "created"]);
    let (_, mine) = read(
        app.get_as(
            &token,
            &format!("/flashy-banner/get-flashy-banner-by-id/{id}"),
        )
        .await,
    )
    .await;
    assert_eq!(
        first(&mine)["status"],
        "published",
        "its window is over; it stays in the admin"
    );
}

#[tokio::test]
async fn every_save_keeps_a_revision_and_any_revision_comes_back_as_a_draft() {
    let app = app_on(&Clock::default()).await;
    let token = app.admin_token().await;
    let (_, created) = send(
        &app,
        &token,
        Method::POST,
        "/blog",
        blog("Arriving in Riyadh", 1),
    )
    .await;
    let id = first(&created)["id"].as_i64().unwrap();
    let mut second = blog("Arriving in Riyadh", 1);
    second["name_ar"] = json!("الوصول إلى الرياض");
    send(&app, &token, Method::PUT, &format!("/blog/{id}"), second).await;
    let mut third = blog("Arriving in Riyadh by private jet", 1);
    third["status"] = json!("draft");
    // English only: the Arabic name of the second save stays.
    third.as_object_mut().unwrap().remove("name_ar");
    send(&app, &token, Method::PUT, &format!("/blog/{id}"), third).await;

    let history = revisions(&app, &token, "blog", id).await;
    let actions: Vec<&str> = history
        .iter()
        .map(|r| r["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["draft", "saved", "created"]);
    assert!(history.iter().all(|r| r["author"] == crate::helpers::ADMIN));
    assert_eq!(history[1]["changed_fields"], json!(["name_ar"]));
    let mut changed: Vec<&str> = history[0]["changed_fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    changed.sort();
    assert_eq!(changed, ["meta_title", "name", "slug"]);

    let first_rev = history[2]["id"].as_i64().unwrap();
    let (status, whole) = read(
        app.get_as(&token, &format!("/content/blog/{id}/revisions/{first_rev}"))
            .await,
    )
    .await;
    assert_eq!(status, 200, "{whole}");
    assert_eq!(first(&whole)["data"]["name_ar"], "وصول بلا عناء");

    let (status, restored) = act(
        &app,
        &token,
        &format!("/content/blog/{id}/revisions/{first_rev}/restore"),
    )
    .await;
    assert_eq!(status, 200, "{restored}");
    assert_eq!(first(&restored)["hasPendingChanges"], true);
    assert_eq!(first(&restored)["name_ar"], "وصول بلا عناء");
    assert_eq!(first(&restored)["name"], "Arriving in Riyadh");
    // The live version is the second save until the restored draft is published.
    let (_, anonymous) = public(&app, &format!("/blog/{id}")).await;
    assert_eq!(first(&anonymous)["name_ar"], "الوصول إلى الرياض");
    act(&app, &token, &format!("/content/blog/{id}/publish")).await;
    let (_, anonymous) = public(&app, &format!("/blog/{id}")).await;
    assert_eq!(first(&anonymous)["name_ar"], "وصول بلا عناء");

    let (status, _) = read(
        app.get_as(&token, &format!("/content/blog/{id}/revisions/999999"))
            .await,
    )
    .await;
    assert_eq!(status, 404);
}

/// An app whose clock is the test's and whose scheduler looks only when the test says (no
/// worker of the server's in between), with a banner titled `title` created and deleted: the
/// app, its clock, an administrator's token and the banner's id.
async fn a_deleted_banner(title: &str) -> (TestApp, Clock, String, i64) {
    let clock = Clock::default();
    let app = spawn_app_with({
        let clock = clock.clone();
        move |s| {
            s.publish_worker = false;
            s.clock = clock;
        }
    })
    .await;
    let token = app.admin_token().await;
    let (_, created) = send(
        &app,
        &token,
        Method::POST,
        "/flashy-banner",
        json!([banner(title)]),
    )
    .await;
    let id = first(&created)["id"].as_i64().unwrap();
    let (status, _) = send(
        &app,
        &token,
        Method::DELETE,
        &format!("/flashy-banner/flashy-banner-delete/{id}"),
        Value::Null,
    )
    .await;
    assert_eq!(status, 200);
    (app, clock, token, id)
}

#[tokio::test]
async fn a_deleted_item_can_be_brought_back_for_thirty_days_then_it_is_gone() {
    let (app, clock, token, id) = a_deleted_banner("Ramadan nights").await;
    assert!(banner_titles(&app).await.is_empty());
    let (_, list) = read(app.get_as(&token, "/flashy-banner").await).await;
    assert_eq!(list["responseBody"]["totalCount"], 0);
    let (status, _) = read(
        app.get_as(
            &token,
            &format!("/flashy-banner/get-flashy-banner-by-id/{id}"),
        )
        .await,
    )
    .await;
    assert_eq!(status, 404);

    let (_, deleted) = read(app.get_as(&token, "/content/deleted?kind=banner").await).await;
    assert_eq!(
        deleted["responseBody"]["result"][0]["title"],
        "Ramadan nights"
    );
    assert!(deleted["responseBody"]["result"][0]["deleted_at"].is_string());

    let (status, back) = act(&app, &token, &format!("/content/banner/{id}/undelete")).await;
    assert_eq!(status, 200, "{back}");
    assert_eq!(first(&back)["status"], "draft");
    assert!(banner_titles(&app).await.is_empty(), "back as a draft");
    act(&app, &token, &format!("/content/banner/{id}/publish")).await;
    assert_eq!(banner_titles(&app).await, ["Ramadan nights"]);
    let actions: Vec<String> = revisions(&app, &token, "banner", id)
        .await
        .iter()
        .map(|r| r["action"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(actions, ["saved", "undeleted", "deleted", "created"]);

    send(
        &app,
        &token,
        Method::DELETE,
        &format!("/flashy-banner/flashy-banner-delete/{id}"),
        Value::Null,
    )
    .await;
    clock.advance(Minutes::days(29));
    assert_eq!(
        schedule::tick(&app.db, clock.now()).await.unwrap().purged,
        0
    );
    clock.advance(Minutes::days(2));
    assert_eq!(
        schedule::tick(&app.db, clock.now()).await.unwrap().purged,
        1
    );
    let (status, _) = act(&app, &token, &format!("/content/banner/{id}/undelete")).await;
    assert_eq!(status, 404);
    assert_eq!(
        app.count(&format!(
            "content_revisions WHERE item_id = {id} AND kind = 'banner'"
        ))
        .await,
        0
    );
}

#[tokio::test]
async fn wrong_lifecycle_input_gets_a_clear_answer_in_the_readers_language() {
    let app = app_on(&Clock::default()).await;
    let token = app.admin_token().await;
    let cases = [
        (
            json!({"status": "live"}),
            "status must be \"draft\" or \"published\"",
        ),
        (
            json!({"publish_at": "tomorrow"}),
            "publish_at must be a date and time",
        ),
        (
            json!({"unpublish_at": "2027-03-30 09:00"}),
            "unpublish_at must be a date and time",
        ),
        (
            json!({"publish_at": "2027-03-30T09:00:00+04:00", "unpublish_at": "2027-03-30T08:00:00+04:00"}),
            "unpublish_at must be later than publish_at",
        ),
    ];
    for (extra, message) in cases {
        let mut body = blog("Lifecycle", 1);
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        let (status, answer) = send(&app, &token, Method::POST, "/blog", body).await;
        assert_eq!(status, 400, "{extra}: {answer}");
        assert!(
            answer["message"].as_str().unwrap().starts_with(message),
            "{extra}: {answer}"
        );
    }
    assert_eq!(app.count("blogs").await, 0, "nothing refused was stored");

    let (status, answer) = act(&app, &token, "/content/poem/1/publish").await;
    assert_eq!(status, 404);
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("general-content")
    );
    let arabic = app
        .api(Method::POST, "/content/blog/1/publish")
        .bearer_auth(&token)
        .header("accept-language", "ar")
        .send()
        .await
        .unwrap();
    let (status, answer) = read(arabic).await;
    assert_eq!(status, 404);
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .chars()
            .any(|c| ('\u{0600}'..='\u{06FF}').contains(&c))
    );
    // Administrators only.
    let anonymous = app
        .api(Method::POST, "/content/blog/1/publish")
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status().as_u16(), 401);
}

#[tokio::test]
async fn a_preview_shows_the_pending_change_in_both_languages_and_publishes_nothing() {
    let app = app_on(&Clock::default()).await;
    let token = app.admin_token().await;
    let live = create_blog(&app, &token, blog("Gifting for Eid", 1)).await;
    let id = live["id"].as_i64().unwrap();
    let mut change = blog("Gifting for Eid", 1);
    change["description"] = json!("<p>Dates from Al-Ahsa, wrapped by hand.</p>");
    change["description_ar"] = json!("<p>تمور الأحساء، مغلّفة يدويًا.</p>");
    change["status"] = json!("draft");
    send(&app, &token, Method::PUT, &format!("/blog/{id}"), change).await;
    settle(&app).await;
    let revisions_before = app.count("content_revisions").await;
    let jobs_before = app.count("publish_jobs").await;

    for (lang, text) in [("en", "Dates from Al-Ahsa"), ("ar", "تمور الأحساء")] {
        let response = app
            .api(Method::GET, &format!("/preview/blog/{id}?lang={lang}"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 200, "{lang}");
        assert_eq!(response.headers()["cache-control"], "no-store");
        assert!(
            response.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/html")
        );
        let html = response.text().await.unwrap();
        assert!(html.contains(text), "{lang}: the draft is shown");
        assert!(html.contains(r#"<meta name="robots" content="noindex, nofollow">"#));
        assert_eq!(html.matches(r#"<meta name="robots""#).count(), 1);
        assert!(html.contains(&format!(r#"lang="{lang}""#)));
    }
    // Nothing was published, recorded or queued.
    assert_eq!(app.count("content_revisions").await, revisions_before);
    assert_eq!(app.count("publish_jobs").await, jobs_before);
    let (_, html) = page(&app, &blog_path(&live)).await;
    assert!(html.contains("Arrivals, handled.") && !html.contains("Al-Ahsa"));
    let (_, anonymous) = public(&app, &format!("/blog/{id}")).await;
    assert_eq!(
        first(&anonymous)["description"],
        "<p>Arrivals, handled.</p>"
    );

    // A draft banner never published: the home page as it would be.
    let mut eid = banner("Eid Mubarak from the desk");
    eid["status"] = json!("draft");
    let (_, created) = send(&app, &token, Method::POST, "/flashy-banner", json!([eid])).await;
    let banner_id = first(&created)["id"].as_i64().unwrap();
    let response = app
        .api(Method::GET, &format!("/preview/banner/{banner_id}?lang=ar"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    assert!(response.text().await.unwrap().contains("عيد مبارك"));
    assert!(banner_titles(&app).await.is_empty());

    // Administrators only, and a language the site has.
    let anonymous = app
        .api(Method::GET, &format!("/preview/blog/{id}"))
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status().as_u16(), 401);
    let (status, _) = read(
        app.get_as(&token, &format!("/preview/blog/{id}?lang=fr"))
            .await,
    )
    .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn the_schedulers_purge_is_in_the_audit_log_once_as_the_system() {
    let (app, clock, token, id) = a_deleted_banner("Summer in Salalah").await;
    let (_, deleted) = read(app.get_as(&token, "/content/deleted?kind=banner").await).await;
    let deleted_at = deleted["responseBody"]["result"][0]["deleted_at"].clone();
    assert!(deleted_at.is_string(), "{deleted}");

    clock.advance(Minutes::days(31));
    // Two instances purge at the same moment: one removes the banner and says so.
    let second = another_instance(&app, &clock, false).await;
    let now = clock.now();
    let (a, b) = tokio::join!(schedule::tick(&app.db, now), schedule::tick(&second, now));
    assert_eq!(a.unwrap().purged + b.unwrap().purged, 1);
    assert_eq!(schedule::tick(&app.db, now).await.unwrap().purged, 0);

    let lines = crate::helpers::audit_lines(&app, &token, "content.purged").await;
    assert_eq!(lines.len(), 1, "{lines:?}");
    let line = &lines[0];
    assert!(line["actor"].is_null(), "the system: {line}");
    assert_eq!(line["resource"], "banner");
    assert_eq!(line["resource_id"], id.to_string());
    assert_eq!(
        line["detail"],
        json!({"deleted_at": deleted_at, "kept_days": 30, "revisions": 2})
    );
}
