//! Edits that change what several pages show (bodies, deletes, reorders, renames, failures) reach every page.

use super::*;

/// The report that opened the publishing issue: after a restart, a deleted blog stayed on the
/// site, and a reordered one left the listings stale.
/// Cards are digested without their text (the card's `updated_at` stands for the body): an
/// edit of nothing but the body must still reach the listing card's Read More text.
#[tokio::test]
async fn an_edit_of_the_body_alone_reaches_the_listing_cards_text() {
    let app = spawn_app_with(|s| s.publish_worker = false).await;
    let token = app.admin_token().await;
    let publisher = fresh_publisher(&app, None);
    let body = blog("Arrivals at dawn", 0);
    let id = app.create_as(&token, "/blog", &body).await;
    drain(&app, &publisher, "created").await;

    let mut edited = body.clone();
    edited["description"] = json!("<p>Met at the aircraft door by name.</p>");
    let answer = app
        .send_as(&token, Method::PUT, &format!("/blog/{id}"), &edited)
        .await;
    assert_eq!(answer.status(), 200);
    drain(&app, &publisher, "edited").await;

    let site = tree(&app.data_dir.path().join("site"));
    let shows = |path: &str| {
        String::from_utf8_lossy(&site[path]).contains("Met at the aircraft door by name.")
    };
    assert!(shows("blogs/index.html"), "the listing card's text");
    let full = full_build_elsewhere(&app).await;
    assert_same_site(
        &app.data_dir.path().join("site"),
        full.path(),
        "a body-only edit",
    );
}

#[tokio::test]
async fn after_a_restart_a_deleted_blog_leaves_every_page_and_a_reorder_moves_the_listings() {
    let dir = tempfile::tempdir().unwrap();
    let url = fresh_database_url(dir.path()).await;
    create_admin(dir.path(), &url);
    // One public address across the restart, as in production.
    let site_url = [("CONCIERGE_SITE_URL", "https://concierge.example")];
    let mut first = serve_with(dir.path(), &url, &site_url);
    first.ready().await;
    let token = first.token().await;
    let mut ids = Vec::new();
    for n in 0..15 {
        let created = first
            .api(Method::POST, "/blog")
            .bearer_auth(&token)
            .json(&blog(&format!("Planning a season {n}"), n))
            .send()
            .await
            .unwrap();
        let (status, body) = read(created).await;
        assert_eq!(status, 201);
        ids.push(body["responseBody"][0]["id"].as_i64().unwrap());
    }
    wait_until_published(&url).await;
    first.kill9();

    let second = serve_with(dir.path(), &url, &site_url);
    second.ready().await;
    let token = second.token().await;
    let deleted = ids[2];
    let response = second
        .api(Method::DELETE, &format!("/blog/{deleted}"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(
        read(response).await.1["message"],
        "Blog deleted successfully"
    );
    let moved = second
        .api(Method::PUT, &format!("/blog/{}", ids[14]))
        .bearer_auth(&token)
        .json(&blog("Planning a season 14", -1))
        .send()
        .await
        .unwrap();
    assert_eq!(moved.status().as_u16(), 200);
    wait_until_published(&url).await;

    for path in [
        format!("/planning-a-season-2/{deleted}"),
        format!("/ar/planning-a-season-2/{deleted}"),
    ] {
        let status = reqwest::get(format!("{}{path}", second.base))
            .await
            .unwrap()
            .status();
        assert_eq!(status.as_u16(), 404, "{path}");
    }
    for path in ["/blogs", "/ar/blogs", "/", "/ar"] {
        let html = reqwest::get(format!("{}{path}", second.base))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            !html.contains(&format!("/{deleted}\"")),
            "{path} still links the deleted blog"
        );
    }

    // `concierge build` into an empty folder writes exactly what is live.
    let elsewhere = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_concierge"))
        .arg("build")
        .env("CONCIERGE_DATA_DIR", dir.path())
        .env("CONCIERGE_DATABASE_URL", &url)
        .env("CONCIERGE_ISLANDS_DIR", islands_fixture())
        .envs(site_url)
        .env(
            "CONCIERGE_SITE_STORE",
            format!("file://{}", elsewhere.path().display()),
        )
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let _ = second;
    assert_same_site(
        &dir.path().join("site"),
        elsewhere.path(),
        "after a restart",
    );
}

async fn status(app: &TestApp, token: &str) -> Value {
    read(app.get_as(token, "/publish/status").await).await.1["responseBody"].clone()
}

/// Waits (up to `limit`) for `done` to hold of the publish status.
async fn status_until(
    app: &TestApp,
    token: &str,
    limit: Duration,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let started = Instant::now();
    loop {
        let status = status(app, token).await;
        if done(&status) {
            return status;
        }
        assert!(
            started.elapsed() < limit,
            "publish status never got there: {status}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn names_of_two_hundred_arabic_letters_or_only_emoji_publish_and_renames_redirect() {
    let app = spawn_app_with(|_| {}).await;
    let token = app.admin_token().await;
    crate::site::site_ready(&app).await;
    let arabic = "ب".repeat(130);
    let longest = "ت".repeat(200);
    let mut pages = Vec::new();
    for (name, renamed) in [(arabic.as_str(), longest.as_str()), ("🛩️🥂✨", "🕌🌙")] {
        let (status, body) = read(
            app.send_as(&token, Method::POST, "/blog", &blog(name, 1))
                .await,
        )
        .await;
        assert_eq!(status, 201, "{body}");
        let id = body["responseBody"][0]["id"].as_i64().unwrap();
        let old = body["responseBody"][0]["slug"].as_str().unwrap().to_owned();
        assert!(old.len() <= ssg::slug::MAX_SLUG_BYTES);
        let (status, body) = read(
            app.send_as(
                &token,
                Method::PUT,
                &format!("/blog/{id}"),
                &blog(renamed, 1),
            )
            .await,
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let new = body["responseBody"][0]["slug"].as_str().unwrap().to_owned();
        pages.push((format!("/{new}/{id}"), format!("/{old}/{id}")));
    }
    let status = status_until(&app, &token, Duration::from_secs(10), |s| {
        s["pendingJobs"] == 0
    })
    .await;
    assert_eq!(status["failedJobs"], json!([]), "{status}");
    assert!(status["lastError"].is_null(), "{status}");
    for (page, old) in &pages {
        for prefix in ["", "/ar"] {
            let url = format!("{}{prefix}{page}", app.address);
            assert_eq!(
                app.client.get(&url).send().await.unwrap().status().as_u16(),
                200,
                "{url}"
            );
            if old != page {
                let old = format!("{}{prefix}{old}", app.address);
                let html = app
                    .client
                    .get(&old)
                    .send()
                    .await
                    .unwrap()
                    .text()
                    .await
                    .unwrap();
                assert!(
                    html.contains(&format!("url={prefix}{page}\"")),
                    "{old} points at {page}: {html}"
                );
            }
        }
    }
}

#[tokio::test]
async fn a_job_that_keeps_failing_is_set_aside_and_the_next_one_still_publishes() {
    let app = spawn_app_with(|s| {
        s.publish_faults = Some("always-fails".into());
        s.publish_retry = RetryPolicy {
            max_attempts: 3,
            first_delay: Duration::from_millis(50),
        };
    })
    .await;
    let token = app.admin_token().await;
    crate::site::site_ready(&app).await;
    let (_, body) = read(
        app.send_as(&token, Method::POST, "/blog", &blog("Always fails", 1))
            .await,
    )
    .await;
    let failing = body["responseBody"][0]["id"].as_i64().unwrap();

    let status = status_until(&app, &token, Duration::from_secs(15), |s| {
        s["failedJobs"].as_array().is_some_and(|f| !f.is_empty())
    })
    .await;
    let failed = &status["failedJobs"][0];
    assert_eq!(
        (failed["resource"].as_str(), failed["resourceId"].as_i64()),
        (Some("blog"), Some(failing))
    );
    assert_eq!(failed["attempts"], 3, "retried up to the limit: {status}");
    assert!(
        failed["lastError"]
            .as_str()
            .unwrap()
            .contains("injected failure"),
        "{status}"
    );

    // The next write publishes, and nothing is pending behind the failed job.
    let (_, body) = read(
        app.send_as(&token, Method::POST, "/blog", &blog("Publishes fine", 2))
            .await,
    )
    .await;
    let fine = body["responseBody"][0]["id"].as_i64().unwrap();
    status_until(&app, &token, Duration::from_secs(5), |s| {
        s["pendingJobs"] == 0
    })
    .await;
    let url = format!("{}/publishes-fine/{fine}", app.address);
    assert_eq!(
        app.client.get(&url).send().await.unwrap().status().as_u16(),
        200
    );
    assert_eq!(
        app.client
            .get(format!("{}/always-fails/{failing}", app.address))
            .send()
            .await
            .unwrap()
            .status()
            .as_u16(),
        404
    );

    // The lease is free for another instance.
    let started = Instant::now();
    while !publish::acquire_lease(&app.db, "another-instance")
        .await
        .unwrap()
    {
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the lease was kept"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    publish::release_lease(&app.db, "another-instance")
        .await
        .unwrap();

    // An administrator can try it again; it fails again and is set aside again.
    let id = failed["id"].as_i64().unwrap();
    let (code, body) = read(
        app.send_as(
            &token,
            Method::POST,
            &format!("/publish/jobs/{id}/retry"),
            &json!({}),
        )
        .await,
    )
    .await;
    assert_eq!(code, 200, "{body}");
    status_until(&app, &token, Duration::from_secs(15), |s| {
        s["failedJobs"]
            .as_array()
            .is_some_and(|f| f.iter().any(|j| j["id"] == id && j["attempts"] == 3))
    })
    .await;
    let (code, _) = read(
        app.send_as(
            &token,
            Method::POST,
            "/publish/jobs/999999/retry",
            &json!({}),
        )
        .await,
    )
    .await;
    assert_eq!(code, 404);
}

#[tokio::test]
async fn a_publish_reads_the_live_bodies_it_needs_each_by_its_id() {
    // Written as `live AND id IN (…)`, SQLite answered from the cards' index, reading every
    // live blog's entry, ten times slower for an edit's twenty: the plan must look each id up.
    use sea_orm::{ConnectionTrait, Statement};
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let mut ids = Vec::new();
    for n in 0..4 {
        ids.push(
            app.create_as(&token, "/blog", &blog(&format!("Desert camp {n}"), n))
                .await as i32,
        );
    }
    let response = app
        .api(Method::DELETE, &format!("/blog/{}", ids[1]))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let mut draft = blog("Desert camp draft", 9);
    draft["status"] = json!("draft");
    ids.push(app.create_as(&token, "/blog", &draft).await as i32);
    let mut wanted = ids.clone();
    wanted.extend(1_000..1_020);
    let bodies = concierge::publish::data::load_blogs(&app.db.read, wanted.clone())
        .await
        .unwrap();
    let mut found: Vec<i32> = bodies.keys().copied().collect();
    found.sort();
    assert_eq!(
        found,
        [ids[0], ids[2], ids[3]],
        "the live ones only: not the deleted one, nor the draft"
    );
    assert!(bodies[&ids[0]].description.contains("<p>"), "with its body");

    // PostgreSQL plans from the statistics it keeps (autovacuum's); SQLite keeps none here, and
    // its plan is the same at four blogs as at five thousand.
    if crate::helpers::postgres() {
        return;
    }
    let sql = concierge::store::site_data::live_blogs_sql(app.db.backend(), wanted.len());
    let plan: Vec<String> = app
        .db
        .read
        .query_all_raw(Statement::from_sql_and_values(
            app.db.backend(),
            format!("EXPLAIN QUERY PLAN {sql}"),
            wanted.iter().map(|&id| id.into()),
        ))
        .await
        .unwrap()
        .iter()
        .map(|row| row.try_get::<String>("", "detail").unwrap())
        .collect();
    let by_id = |line: &String| line.contains("SEARCH wanted USING INTEGER PRIMARY KEY");
    assert!(plan.iter().any(by_id), "{plan:#?}");
    assert!(
        !plan.iter().any(|line| line.contains("idx_blogs_cards")),
        "{plan:#?}"
    );
}

/// Every directory under `dir` that holds nothing.
fn empty_dirs(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            if std::fs::read_dir(&path).unwrap().next().is_none() {
                out.push(path.display().to_string());
            }
            out.extend(empty_dirs(&path));
        }
    }
    out
}

/// Waits for the publish queue to be empty.
async fn queue_drained(app: &TestApp) {
    let started = Instant::now();
    while app.count("publish_jobs WHERE done_at IS NULL").await > 0 {
        assert!(
            started.elapsed() < Duration::from_secs(40),
            "jobs left pending"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn deleting_a_blog_takes_its_emptied_folders_out_of_the_site_store() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let id = app
        .create_as(&token, "/blog", &blog("Desert Nights in AlUla", 1))
        .await;
    queue_drained(&app).await;
    let site = app.data_dir.path().join("site");
    let folders = [
        site.join("desert-nights-in-alula"),
        site.join("ar/desert-nights-in-alula"),
    ];
    for folder in &folders {
        assert!(
            folder.join(id.to_string()).is_dir(),
            "published into {}",
            folder.display()
        );
    }

    let (status, body) = read(app.delete_as(&token, &format!("/blog/{id}")).await).await;
    assert_eq!(status, 200, "{body}");
    queue_drained(&app).await;

    for folder in &folders {
        assert!(!folder.exists(), "{} is gone", folder.display());
    }
    assert!(site.is_dir(), "the site's own folder stays");
    assert_eq!(
        empty_dirs(&site),
        Vec::<String>::new(),
        "no empty folder is left"
    );
    let full = full_build_elsewhere(&app).await;
    assert_same_site(&site, full.path(), "after the delete");
}

/// The publisher's fast path (the memo's answer made from the last one, and the plan decided
/// from the keys it says changed; each checked against the plan by keys in debug builds) gives
/// what a full build does, for random moves within and across listing pages, renames (new
/// URLs, old URLs redirecting, a blog renamed back to an old URL) and text edits, one or a few
/// at a time, published by one long-lived publisher.
#[tokio::test]
async fn moves_and_renames_publish_what_a_full_build_does() {
    let seed = crate::helpers::seed();
    eprintln!("moves and renames: seed {seed} (CONCIERGE_TEST_SEED={seed} repeats this run)");
    let mut rng = StdRng::seed_from_u64(seed);
    let app = spawn_app_with(|s| s.publish_worker = false).await;
    let token = app.admin_token().await;
    let publisher = fresh_publisher(&app, None);
    let mut blogs = Vec::new();
    for n in 0..30 {
        let body = blog(&format!("Season {n}"), n * 2);
        blogs.push((app.create_as(&token, "/blog", &body).await, body));
    }
    drain(&app, &publisher, "created").await;
    let mut log = Vec::new();
    for step in 0..24 {
        for _ in 0..rng.random_range(1..3) {
            let at = rng.random_range(0..blogs.len());
            let (id, body) = &mut blogs[at];
            match rng.random_range(0..4) {
                0 => {
                    body["display_order"] = json!(rng.random_range(-2..62));
                    log.push(format!("{id} moved to {}", body["display_order"]));
                }
                1 => {
                    // Sometimes back to a name it had: its old URL is its page again.
                    body["name"] = json!(format!("Season {at} {}", rng.random_range(0..3)));
                    log.push(format!("{id} renamed {}", body["name"]));
                }
                2 => {
                    body["description"] = json!(format!("<p>Text {}</p>", rng.random_range(0..99)));
                    log.push(format!("{id} text"));
                }
                _ => {
                    body["display_order"] = json!(rng.random_range(-2..62));
                    body["name"] = json!(format!("Season {at} {}", rng.random_range(0..3)));
                    log.push(format!("{id} moved and renamed"));
                }
            }
            let answer = app
                .send_as(&token, Method::PUT, &format!("/blog/{id}"), body)
                .await;
            assert_eq!(answer.status(), 200, "{log:?}");
        }
        let context = format!("seed {seed}, step {step}: {}", log.join(" · "));
        drain(&app, &publisher, &context).await;
        let full = full_build_elsewhere(&app).await;
        assert_same_site(&app.data_dir.path().join("site"), full.path(), &context);
    }
}
