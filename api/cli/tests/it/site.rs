//! The served site follows the API: pages appear, move and disappear within a second of a
//! write, and unknown paths get the designed 404 page.

use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::json;

use crate::helpers::{TestApp, blog, read, rename_service, service, spawn_app};

pub(crate) async fn page(app: &TestApp, path: &str) -> (u16, String) {
    let response = app
        .client
        .get(format!("{}{path}", app.address))
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

/// Polls `path` until `done` holds, for at most a second.
async fn within_a_second(
    app: &TestApp,
    path: &str,
    done: impl Fn(u16, &str) -> bool,
) -> (u16, String) {
    within(app, path, Duration::from_secs(1), done).await
}

/// Site-wide changes rebuild every page (and S3 writes go over HTTP): a wider limit than the
/// one second a blog edit gets.
const FULL_BUILD: Duration = Duration::from_secs(5);

/// Polls `path` until `done` holds, for at most `limit`.
pub(crate) async fn within(
    app: &TestApp,
    path: &str,
    limit: Duration,
    done: impl Fn(u16, &str) -> bool,
) -> (u16, String) {
    let started = Instant::now();
    loop {
        let (status, body) = page(app, path).await;
        if done(status, &body) {
            return (status, body);
        }
        assert!(
            started.elapsed() < limit,
            "{path} did not reach the expected state within {limit:?}: {status}"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// Waits until the first build is complete (its job done).
pub async fn site_ready(app: &TestApp) {
    let started = Instant::now();
    while page(app, "/").await.0 != 200 || app.count("publish_jobs WHERE done_at IS NULL").await > 0
    {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the first build did not finish"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// What this server publishes is served as soon as the publish is done, however busy the
/// page: the server keeps pages in memory and looks at a file again when its publisher has
/// changed the site since, not only after a while.
#[tokio::test]
async fn a_page_this_server_publishes_is_served_at_once_however_busy() {
    let app = spawn_app().await;
    site_ready(&app).await;
    let token = app.admin_token().await;
    let id = app
        .create_as(&token, "/our-services", &service("Valet", 1))
        .await;
    let path = format!("/services/{id}");
    within_a_second(&app, &path, |status, _| status == 200).await;
    rename_service(&app, &token, id, "Chauffeur on call").await;
    // A visitor keeps asking for the page until the publish is done; the next answer then
    // shows the change.
    let started = Instant::now();
    while app.count("publish_jobs WHERE done_at IS NULL").await > 0 {
        assert_eq!(page(&app, &path).await.0, 200);
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "never published"
        );
    }
    let (status, body) = page(&app, &path).await;
    assert_eq!(status, 200);
    assert!(
        body.contains("Chauffeur on call"),
        "served before the publish"
    );
}

#[tokio::test]
async fn the_site_is_served_in_both_languages_with_pretty_urls_and_a_404_page() {
    let app = spawn_app().await;
    site_ready(&app).await;
    let (status, home) = page(&app, "/").await;
    assert_eq!(status, 200);
    assert!(home.contains(r#"<html lang="en" dir="ltr">"#));
    let (status, arabic) = page(&app, "/ar").await;
    assert_eq!(status, 200);
    assert!(arabic.contains(r#"<html lang="ar" dir="rtl">"#));
    for path in [
        "/about",
        "/services",
        "/services/airport",
        "/partnership",
        "/contact-us",
        "/privacy-policy",
        "/terms-services",
        "/cookies-policy",
        "/blogs",
        "/ar/about",
        "/sitemap.xml",
        "/robots.txt",
        "/feed.xml",
    ] {
        assert_eq!(page(&app, path).await.0, 200, "{path}");
    }
    let (status, missing) = page(&app, "/no-such-page").await;
    assert_eq!(status, 404);
    assert!(missing.contains("Not found") && missing.contains(r#"lang="en""#));
    let (status, missing) = page(&app, "/ar/no-such-page").await;
    assert_eq!(status, 404);
    assert!(missing.contains(r#"lang="ar""#));
    let response = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(format!("{}/about/", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 301);
    assert_eq!(response.headers()["location"], "/about");
    assert_eq!(page(&app, "/../../etc/passwd").await.0, 404);
}

#[tokio::test]
async fn a_blog_appears_moves_with_a_redirect_and_disappears_with_its_writes() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    site_ready(&app).await;

    let (_, created) = read(
        app.send_as(
            &token,
            Method::POST,
            "/blog",
            &blog("Arriving in Riyadh", 1),
        )
        .await,
    )
    .await;
    let id = created["responseBody"][0]["id"].as_i64().unwrap();
    // The listing links to the blog once its pages are written (a publish writes the items'
    // pages first): both are there when the link is.
    within_a_second(&app, "/blogs", |_, b| {
        b.contains(&format!("/arriving-in-riyadh/{id}"))
    })
    .await;
    let (status, body) = page(&app, &format!("/arriving-in-riyadh/{id}")).await;
    assert_eq!(status, 200);
    assert!(body.contains("Arriving in Riyadh") && body.contains("Arrivals, handled."));
    let (status, arabic) = page(&app, &format!("/ar/arriving-in-riyadh/{id}")).await;
    assert_eq!(status, 200);
    assert!(arabic.contains("وصول بلا عناء"));

    app.send_as(
        &token,
        Method::PUT,
        &format!("/blog/{id}"),
        &blog("Arriving in Jeddah", 1),
    )
    .await;
    within_a_second(&app, &format!("/arriving-in-jeddah/{id}"), |s, _| s == 200).await;
    let (status, old) = within_a_second(&app, &format!("/arriving-in-riyadh/{id}"), |_, b| {
        b.contains("http-equiv=\"refresh\"")
    })
    .await;
    assert_eq!(status, 200);
    assert!(old.contains(&format!("url=/arriving-in-jeddah/{id}")));
    // The listing and the old URL's page link to the new one; they are written after it, in
    // either order.
    within_a_second(&app, "/blogs", |_, listing| {
        listing.contains(&format!("/arriving-in-jeddah/{id}"))
            && !listing.contains("/arriving-in-riyadh/")
    })
    .await;

    app.delete_as(&token, &format!("/blog/{id}")).await;
    within_a_second(&app, &format!("/arriving-in-jeddah/{id}"), |s, _| s == 404).await;
    within_a_second(&app, &format!("/arriving-in-riyadh/{id}"), |s, _| s == 404).await;
    within_a_second(&app, &format!("/ar/arriving-in-jeddah/{id}"), |s, _| {
        s == 404
    })
    .await;
    let (_, listing) = page(&app, "/blogs").await;
    assert!(!listing.contains("arriving-in-jeddah"));
}

#[tokio::test]
async fn site_wide_edits_reach_every_page() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    site_ready(&app).await;
    app.send_as(
        &token,
        Method::POST,
        "/general-content-section",
        &json!({"name": "site.phone", "values": "+44 20 7000 0000", "display_order": 1}),
    )
    .await;
    within(&app, "/about", FULL_BUILD, |_, b| {
        b.contains("+44 20 7000 0000")
    })
    .await;
    within(&app, "/ar/contact-us", FULL_BUILD, |_, b| {
        b.contains("+44 20 7000 0000")
    })
    .await;

    let (_, service) = read(
        app.send_as(
            &token,
            Method::POST,
            "/our-services",
            &crate::helpers::service("Gifting", 1),
        )
        .await,
    )
    .await;
    let id = service["responseBody"][0]["id"].as_i64().unwrap();
    within(&app, &format!("/services/{id}"), FULL_BUILD, |s, _| {
        s == 200
    })
    .await;
    app.delete_as(&token, &format!("/our-services/{id}")).await;
    within(&app, &format!("/services/{id}"), FULL_BUILD, |s, _| {
        s == 404
    })
    .await;
}

#[tokio::test]
async fn the_publish_status_reports_the_last_build() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    site_ready(&app).await;
    let started = Instant::now();
    loop {
        let (_, status) = read(app.get_as(&token, "/publish/status").await).await;
        if status["responseBody"]["pendingJobs"] == 0 {
            assert!(
                status["responseBody"]["lastBuildAt"].is_string(),
                "{status}"
            );
            assert_eq!(
                status["responseBody"]["latestJobId"],
                status["responseBody"]["lastDoneJobId"]
            );
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(5), "{status}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

#[tokio::test]
async fn a_crash_leaves_no_partial_page_served_and_its_jobs_are_finished_after_restart() {
    use concierge::publish::{self, Action, Resource};
    use concierge::store::entities::publish_job;
    use sea_orm::{ActiveModelTrait, EntityTrait, Set, TransactionTrait};

    let app = spawn_app().await;
    site_ready(&app).await;
    // What a crash mid-write leaves: a temp file beside the page, and a job claimed by a
    // worker that no longer exists.
    let site = app.data_dir.path().join("site");
    std::fs::write(
        site.join("about/.index.html.999.tmp"),
        "<!DOCTYPE html><html><body><p>half a pa",
    )
    .unwrap();
    assert_eq!(page(&app, "/about/.index.html.999.tmp").await.0, 404);
    let txn = app.db.write.begin().await.unwrap();
    publish::enqueue(&txn, Resource::Site, 0, Action::Upsert)
        .await
        .unwrap();
    txn.commit().await.unwrap();
    let job = publish_job::Entity::find()
        .all(&app.db.read)
        .await
        .unwrap()
        .into_iter()
        .max_by_key(|j| j.id)
        .unwrap();
    let mut stale: publish_job::ActiveModel = job.clone().into();
    stale.claimed_at = Set(Some(chrono::Utc::now() - chrono::Duration::minutes(5)));
    stale.claimed_by = Set(Some("a-worker-that-died".into()));
    stale.update(&app.db.write).await.unwrap();

    let started = Instant::now();
    loop {
        let done = publish_job::Entity::find_by_id(job.id)
            .one(&app.db.read)
            .await
            .unwrap()
            .unwrap();
        if done.done_at.is_some() {
            assert_ne!(done.claimed_by.as_deref(), Some("a-worker-that-died"));
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the abandoned job was not picked up"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        !site.join("about/.index.html.999.tmp").exists(),
        "the full build swept the leftover"
    );
}

#[tokio::test]
async fn the_site_can_be_published_to_an_s3_bucket_and_served_from_it() {
    let s3 = crate::s3::S3Server::start().await;
    let overrides = s3.bucket("concierge-site").await;
    let app = crate::helpers::spawn_app_with(|s| {
        s.site_store = "s3://concierge-site/www".into();
        s.s3_overrides = Some(overrides);
    })
    .await;
    let token = app.admin_token().await;
    site_ready(&app).await;
    let keys = s3.keys("concierge-site").await;
    assert!(
        keys.contains(&"www/index.html".to_owned())
            && keys.contains(&"www/ar/about/index.html".to_owned()),
        "{keys:?}"
    );
    assert!(
        keys.contains(&"www/.build".to_owned()),
        "the completed build is marked"
    );

    let (_, created) = read(
        app.send_as(&token, Method::POST, "/blog", &blog("Bucket Notes", 1))
            .await,
    )
    .await;
    let id = created["responseBody"][0]["id"].as_i64().unwrap();
    within(&app, &format!("/bucket-notes/{id}"), FULL_BUILD, |s, b| {
        s == 200 && b.contains("Bucket Notes")
    })
    .await;
    // The manifest's index and its parts, and no intent once a publish has ended (the pages
    // are there before the manifest is written).
    let manifest = || async {
        let started = std::time::Instant::now();
        while app.count("publish_jobs WHERE done_at IS NULL").await > 0 {
            assert!(started.elapsed() < FULL_BUILD, "the publish did not end");
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let keys = s3.keys("concierge-site").await;
        let has = |key: &str| keys.contains(&key.to_owned());
        assert!(
            has("www/.manifest") && has("www/.manifest-site"),
            "{keys:?}"
        );
        assert!(!has("www/.manifest-intent"), "{keys:?}");
        (keys.clone(), has("www/.manifest-blogs-0"))
    };
    assert!(manifest().await.1, "the blogs' part");
    app.delete_as(&token, &format!("/blog/{id}")).await;
    within(&app, &format!("/bucket-notes/{id}"), FULL_BUILD, |s, _| {
        s == 404
    })
    .await;
    let (keys, blogs_part) = manifest().await;
    assert!(!keys.contains(&format!("www/bucket-notes/{id}/index.html")));
    assert!(!blogs_part, "the blogs' part went with the last blog");
}

#[tokio::test]
async fn islands_are_rendered_by_the_server_entry_and_their_bundles_are_served() {
    let app = spawn_app().await;
    site_ready(&app).await;
    let (_, contact) = page(&app, "/ar/contact-us").await;
    assert!(
        contact
            .contains(r#"<div class="island" data-island="contact-form" data-hydrate="visible""#)
    );
    assert!(
        contact.contains(r#"data-fixture-island="contact-form" title="دار وصل للكونسيرج""#),
        "the server entry got the Arabic strings"
    );
    assert!(
        contact
            .contains(r#"<script type="module" src="/assets/islands/loader-fixture.js"></script>"#)
    );
    let (status, loader) = page(&app, "/assets/islands/loader-fixture.js").await;
    assert_eq!((status, loader.trim()), (200, "export {};"));
    let (_, services) = page(&app, "/services").await;
    assert!(services.contains(r#"data-island="services-explorer""#));
}

#[tokio::test]
async fn pages_answer_conditional_and_head_requests() {
    let app = spawn_app().await;
    site_ready(&app).await;
    let url = format!("{}/about", app.address);
    let first = app.client.get(&url).send().await.unwrap();
    assert_eq!(first.status().as_u16(), 200);
    let etag = first.headers()["etag"].to_str().unwrap().to_owned();
    assert!(first.headers().contains_key("last-modified"));
    // Browsers revalidate each time; an edge without purging keeps it a minute, and serves it
    // stale while the origin fails.
    assert_eq!(
        first.headers()["cache-control"],
        "public, max-age=0, s-maxage=60, stale-while-revalidate=60, stale-if-error=604800"
    );
    let keys = first.headers()["xkey"].to_str().unwrap().to_owned();
    assert_eq!(
        keys,
        format!("{} html site", ssg::edge::file_key("about/index.html"))
    );
    assert_eq!(first.headers()["surrogate-key"], keys.as_str());
    assert_eq!(
        first.headers()["cache-tag"],
        keys.replace(' ', ",").as_str()
    );
    let body = first.text().await.unwrap();

    let again = app
        .client
        .get(&url)
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status().as_u16(), 304);
    assert_eq!(again.headers()["etag"].to_str().unwrap(), etag);

    let other = app
        .client
        .get(&url)
        .header("if-none-match", "\"something-else\"")
        .send()
        .await
        .unwrap();
    assert_eq!(other.status().as_u16(), 200);
    assert_eq!(other.text().await.unwrap(), body);

    let gzipped = app
        .client
        .get(&url)
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(gzipped.headers()["content-encoding"], "gzip");
    assert!(
        gzipped.headers()["vary"]
            .to_str()
            .unwrap()
            .to_ascii_lowercase()
            .contains("accept-encoding")
    );
    let compressed = gzipped.bytes().await.unwrap();
    assert!(compressed.starts_with(&[0x1f, 0x8b]) && compressed.len() < body.len() / 2);

    let head = app.client.head(&url).send().await.unwrap();
    assert_eq!(head.status().as_u16(), 200);
    assert_eq!(
        head.headers()["content-length"].to_str().unwrap(),
        body.len().to_string()
    );
    assert_eq!(head.text().await.unwrap(), "");

    let missing = app
        .client
        .get(format!("{}/nowhere", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status().as_u16(), 404);
    assert!(!missing.headers().contains_key("etag"));
    assert!(missing.text().await.unwrap().contains("</html>"));
}

#[tokio::test]
async fn trailing_slash_redirects_stay_on_this_origin() {
    let app = spawn_app().await;
    site_ready(&app).await;
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    for (path, location) in [
        ("//evil.example/", "/evil.example"),
        ("/%5Cevil.example/", "/%5Cevil.example"),
        ("/about/", "/about"),
    ] {
        let response = client
            .get(format!("{}{path}", app.address))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 301, "{path}");
        assert_eq!(response.headers()["location"], location, "{path}");
    }
    // A raw backslash, as a hand-written request can send it (browsers read `/\host` as `//host`).
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let host = app.address.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(host).await.unwrap();
    let request =
        format!("GET /\\evil.example/ HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    let location = answer.lines().find_map(|l| {
        l.to_ascii_lowercase()
            .starts_with("location:")
            .then(|| l[9..].trim().to_owned())
    });
    assert!(
        location
            .as_deref()
            .is_none_or(|l| l.starts_with('/') && !l.starts_with("//") && !l.starts_with("/\\")),
        "{answer}"
    );
}
