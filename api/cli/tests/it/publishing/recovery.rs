//! A publish that dies, a second instance, a stopping server, the publisher's memory: the store is always mended.

use super::*;

/// Renames the service `id` through the API.
/// A publish that dies after writing its pages and before its manifest (here, the manifest's
/// write fails, as a `kill -9` at that moment would leave it) must leave nothing a later publish
/// trusts: a service renamed there and then named back, a blog created there and then deleted.
/// The manifest still on disk describes the pages as they were before; it cannot be believed for
/// the outputs that publish was writing. Two places to die: before any part of the manifest is
/// written, and after the parts but before the index that names them.
#[tokio::test]
async fn a_publish_that_dies_between_its_pages_and_its_manifest_is_mended_by_the_next() {
    use concierge::publish::manifest::{INTENT_FILE, MANIFEST_FILE};
    let before_the_parts: publish::site::Faults =
        Arc::new(|path: &str| path.starts_with(MANIFEST_FILE) && path != INTENT_FILE);
    let before_the_index: publish::site::Faults = Arc::new(|path: &str| path == MANIFEST_FILE);
    for (dies, when) in [
        (before_the_parts, "before the parts"),
        (before_the_index, "before the index"),
    ] {
        dies_then_mended(dies, when).await;
    }
}

async fn dies_then_mended(dies: publish::site::Faults, when: &str) {
    let app = spawn_app_with(|s| s.publish_worker = false).await;
    let token = app.admin_token().await;
    let service_id = app
        .create_as(&token, "/our-services", &service("Valet", 1))
        .await;
    drain(&app, &fresh_publisher(&app, None), "the first build").await;

    rename_service(&app, &token, service_id, "Chauffeur on call").await;
    let blog_id = app
        .create_as(&token, "/blog", &blog("Doha by night", 1))
        .await;
    let dying = fresh_publisher(&app, Some(dies));
    assert!(
        dying.publish(&app.db, &Default::default()).await.is_err(),
        "{when}: a publish whose manifest cannot be written fails"
    );
    let site = app.data_dir.path().join("site");
    let service_page = site.join(format!("services/{service_id}/index.html"));
    assert!(
        std::fs::read_to_string(&service_page)
            .unwrap()
            .contains("Chauffeur on call"),
        "{when}: the dying publish wrote its pages"
    );
    assert!(
        site.join(format!("doha-by-night/{blog_id}/index.html"))
            .exists()
    );
    assert!(
        site.join(concierge::publish::manifest::INTENT_FILE)
            .exists(),
        "{when}: and left its intent"
    );

    rename_service(&app, &token, service_id, "Valet").await;
    let answer = app
        .send_as(
            &token,
            Method::DELETE,
            &format!("/blog/{blog_id}"),
            &Value::Null,
        )
        .await;
    assert!(answer.status().is_success(), "{}", answer.status());
    drain(&app, &fresh_publisher(&app, None), when).await;
    let full = full_build_elsewhere(&app).await;
    assert_same_site(
        &site,
        full.path(),
        &format!("a publish died between its pages and its manifest, {when}"),
    );
}

/// A publisher remembers the manifest it wrote, and must not trust that memory once another
/// instance has published: here the other instance shows a service under a new name, and the
/// name is then put back, so the first instance's memory would say every page is current.
#[tokio::test]
async fn an_instance_does_not_trust_its_memory_of_a_site_another_instance_published() {
    let app = spawn_app_with(|s| s.publish_worker = false).await;
    let token = app.admin_token().await;
    let (first, second) = (fresh_publisher(&app, None), fresh_publisher(&app, None));
    let id = app
        .create_as(&token, "/our-services", &service("Valet", 1))
        .await;
    drain(&app, &first, "created, by the first").await;

    rename_service(&app, &token, id, "Chauffeur on call").await;
    drain(&app, &second, "renamed, by the second").await;
    let page = app
        .data_dir
        .path()
        .join(format!("site/services/{id}/index.html"));
    assert!(
        std::fs::read_to_string(&page)
            .unwrap()
            .contains("Chauffeur on call")
    );

    rename_service(&app, &token, id, "Valet").await;
    drain(&app, &first, "named back, by the first").await;
    assert!(
        !std::fs::read_to_string(&page)
            .unwrap()
            .contains("Chauffeur on call")
    );
    let full = full_build_elsewhere(&app).await;
    assert_same_site(
        &app.data_dir.path().join("site"),
        full.path(),
        "the first instance after the second",
    );
}

/// A server told to stop (as by SIGTERM) lets the publish under way finish and gives the
/// publishing lease up: the instance that replaces it publishes at once, instead of waiting up
/// to ten seconds for the lease to run out.
#[tokio::test]
async fn a_stopping_server_finishes_its_publish_and_gives_the_lease_up() {
    use sea_orm::{ConnectionTrait, Statement};
    // A new site: the server's first publish is a full build.
    let (app, test_app) = build_app_with(|_| {}).await;
    let (db, server) = (test_app.db.clone(), app.server_handle());
    let running = tokio::spawn(app.run_until_stopped());
    let built = test_app.data_dir.path().join("site/.build");
    // Held by the worker, read without taking it.
    let held = || async {
        let row = db
            .read
            .query_one_raw(Statement::from_string(
                db.backend(),
                "SELECT expires_at FROM publish_lease WHERE id = 1",
            ))
            .await
            .unwrap()
            .unwrap();
        let until: chrono::DateTime<chrono::Utc> = row.try_get("", "expires_at").unwrap();
        until > chrono::Utc::now()
    };
    let started = Instant::now();
    // Until the worker holds the lease and the build has not written its marker yet.
    while !held().await || built.exists() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the first build never began"
        );
        tokio::time::sleep(Duration::from_millis(1)).await;
    }

    server.stop(true).await;
    running.await.unwrap().unwrap();
    assert!(
        built.exists(),
        "the build under way finished before the server stopped"
    );
    assert!(
        publish::acquire_lease(&db, "another instance")
            .await
            .unwrap(),
        "the lease was given up"
    );
}

/// A publisher keeps what the site shows between publishes and reads only what changed since
/// (numbered by the database): the blog rows changed, the rest when any row of it changed.
/// Changes it did not see made, by another process's SQL, must reach the site all the same: a
/// blog renamed, taken off the site, deleted outright; a service renamed, a list item added, a
/// review edited, a banner deleted, general content changed, an old URL recorded, what the
/// media store knows of an image.
#[tokio::test]
async fn a_publisher_remembering_the_site_sees_every_change_to_what_it_shows_whoever_made_it() {
    use concierge::publish::{Action, Resource};
    use sea_orm::{ConnectionTrait, TransactionTrait};
    let app = spawn_app_with(|s| s.publish_worker = false).await;
    let token = app.admin_token().await;
    let publisher = fresh_publisher(&app, None);
    let mut ids = Vec::new();
    for (n, name) in ["Arriving in Riyadh", "Doha by night", "Gifting for Eid"]
        .into_iter()
        .enumerate()
    {
        ids.push(app.create_as(&token, "/blog", &blog(name, n as i32)).await);
    }
    let service_id = app
        .create_as(
            &token,
            "/our-services",
            &service("Airport meet and greet", 1),
        )
        .await;
    let review = json!({"title": "Private client", "name": "A guest", "description": "Flawless.",
                        "display_order": 1, "image_url": "/media/r.svg"});
    let review_id = app.create_as(&token, "/client-reviewes", &review).await;
    let banner = json!([{"banner_name": "Eid", "banner_url": "/media/eid.svg", "title": "Eid gifting",
                         "sub_title": "Across the Gulf", "web_url": "/services"}]);
    let banner_id = app.create_as(&token, "/flashy-banner", &banner).await;
    let section =
        json!({"name": "site.tagline", "values": "Always at your side", "display_order": 1});
    let section_id = app
        .create_as(&token, "/general-content-section", &section)
        .await;
    let destination_id = app
        .create_as(
            &token,
            "/destinations",
            &crate::destinations::destination("Doha", "QA", 1),
        )
        .await;
    drain(&app, &publisher, "the site").await;

    // Each change by plain SQL on a connection of its own, with the job a tool would record.
    let by_hand = |sql: String, resource: Resource, id: i64| {
        let app = &app;
        async move {
            let txn = app.db.write.begin().await.unwrap();
            txn.execute_unprepared(&sql).await.unwrap();
            publish::enqueue(&txn, resource, id as i32, Action::Upsert)
                .await
                .unwrap();
            txn.commit().await.unwrap();
        }
    };
    let now = "'2026-11-20T10:00:00+00:00'";
    let steps = [
        (
            format!(
                "UPDATE blogs SET name = 'Renamed by hand' WHERE id = {}",
                ids[0]
            ),
            Resource::Blog,
            ids[0],
            "a blog renamed",
        ),
        (
            format!("UPDATE blogs SET live = FALSE WHERE id = {}", ids[1]),
            Resource::Blog,
            ids[1],
            "a blog taken off the site",
        ),
        (
            format!("DELETE FROM blogs WHERE id = {}", ids[2]),
            Resource::Blog,
            ids[2],
            "a blog deleted outright",
        ),
        (
            format!(
                "UPDATE our_services SET name = 'Service renamed by hand' WHERE id = {service_id}"
            ),
            Resource::Service,
            service_id,
            "a service renamed",
        ),
        (
            format!(
                "INSERT INTO list_of_services (our_service_id, service_name, name, description, \
                 image_url, title_bg_class, display_order, live, status, created_at, updated_at) \
                 VALUES ({service_id}, '', 'Item added by hand', '', '/m.svg', 'bg-navy', 1, TRUE, \
                 'published', {now}, {now})"
            ),
            Resource::ServiceItem,
            0,
            "a list item added",
        ),
        (
            format!("UPDATE client_reviews SET name = 'A guest, by hand' WHERE id = {review_id}"),
            Resource::Review,
            review_id,
            "a review edited",
        ),
        (
            format!("DELETE FROM flashy_banners WHERE id = {banner_id}"),
            Resource::Banner,
            banner_id,
            "a banner deleted outright",
        ),
        (
            format!(
                "UPDATE general_content_sections SET \"values\" = 'Changed by hand' WHERE id = {section_id}"
            ),
            Resource::GeneralContent,
            section_id,
            "general content changed",
        ),
        (
            format!(
                "UPDATE destinations SET summary = 'The Corniche, by hand' WHERE id = {destination_id}"
            ),
            Resource::Destination,
            destination_id,
            "a destination edited",
        ),
        (
            format!(
                "INSERT INTO destination_redirects (slug, destination_id, created_at) \
                 VALUES ('old-doha', {destination_id}, {now})"
            ),
            Resource::Destination,
            destination_id,
            "a destination's old URL recorded",
        ),
        (
            format!(
                "INSERT INTO blog_redirects (slug, blog_id, created_at) \
                 VALUES ('an-old-url', {}, {now})",
                ids[0]
            ),
            Resource::Blog,
            ids[0],
            "an old URL recorded",
        ),
        (
            format!(
                "INSERT INTO media_images (name, status, width, height, bytes, attempts, \
                 created_at, updated_at) VALUES ('r.svg', 'original', 40, 30, 1, 0, {now}, {now})"
            ),
            Resource::Media,
            0,
            "an image's size known",
        ),
        // What the cards show of their image: every blog's card has this one.
        (
            format!(
                "INSERT INTO media_images (name, status, width, height, bytes, attempts, \
                 created_at, updated_at) VALUES ('blog.svg', 'original', 64, 48, 1, 0, {now}, {now})"
            ),
            Resource::Media,
            0,
            "the blogs' image's size known",
        ),
        (
            "UPDATE media_images SET width = 96 WHERE name = 'blog.svg'".to_owned(),
            Resource::Media,
            0,
            "the blogs' image's size changed",
        ),
    ];
    for (sql, resource, id, what) in steps {
        by_hand(sql, resource, id).await;
        drain(&app, &publisher, what).await;
        let full = full_build_elsewhere(&app).await;
        assert_same_site(&app.data_dir.path().join("site"), full.path(), what);
    }
    let site =
        |path: &str| std::fs::read_to_string(app.data_dir.path().join("site").join(path)).unwrap();
    let listing = site("blogs/index.html");
    assert!(listing.contains("Renamed by hand"), "the rename is listed");
    assert!(
        !listing.contains("Doha by night"),
        "the blog off the site is not"
    );
    assert!(!listing.contains("Gifting for Eid"), "nor the deleted one");
    let home = site("index.html");
    for shown in ["Service renamed by hand", "A guest, by hand"] {
        assert!(home.contains(shown), "the home page shows {shown:?}");
    }
    assert!(!home.contains("Eid gifting"), "nor the deleted banner");
    assert_eq!(
        app.count("publish_jobs WHERE attempts > 1").await,
        0,
        "every publish succeeded the first time (a failed one reads everything again)"
    );
}

/// A store written before the manifest had parts holds it whole in `.manifest`: an upgraded
/// server reads it, renders nothing again, and writes it in parts.
#[tokio::test]
async fn a_manifest_of_the_old_single_file_is_read_and_written_again_in_parts() {
    let app = spawn_app_with(|s| s.publish_worker = false).await;
    let token = app.admin_token().await;
    for (n, name) in ["Arriving in Riyadh", "Doha by night"]
        .into_iter()
        .enumerate()
    {
        app.create_as(&token, "/blog", &blog(name, n as i32)).await;
    }
    drain(&app, &fresh_publisher(&app, None), "two blogs").await;
    let site = app.data_dir.path().join("site");
    let as_written = tree(&site);

    // The manifest as the old publisher wrote it: every part's lines in one file.
    let index = std::fs::read_to_string(site.join(".manifest")).unwrap();
    let mut whole = String::new();
    for line in index.lines().skip(1) {
        let part = site.join(format!(".manifest-{}", line.split('\t').next().unwrap()));
        whole.push_str(&std::fs::read_to_string(&part).unwrap());
        std::fs::remove_file(part).unwrap();
    }
    assert!(whole.lines().count() > 10, "every output of the site");
    std::fs::write(site.join(".manifest"), whole).unwrap();

    let report = fresh_publisher(&app, None)
        .publish(&app.db, &Default::default())
        .await
        .unwrap();
    assert_eq!((report.written, report.removed), (0, 0), "{report:?}");
    assert_eq!(
        tree(&site),
        as_written,
        "the parts and the index, as before"
    );
}

/// A server warms its publisher at start (the blogs' cards read, a page of each kind rendered
/// and dropped): that writes nothing, and the publishes after it are as any others.
#[tokio::test]
async fn warming_the_publisher_writes_nothing_and_the_next_publish_is_exact() {
    let app = spawn_app_with(|s| s.publish_worker = false).await;
    let token = app.admin_token().await;
    app.create_as(&token, "/blog", &blog("Arriving in Riyadh", 1))
        .await;
    drain(&app, &fresh_publisher(&app, None), "the first build").await;
    let site = app.data_dir.path().join("site");
    let before = tree(&site);

    let restarted = fresh_publisher(&app, None);
    restarted.warm(&app.db).await;
    assert!(tree(&site) == before, "warming wrote to the store");

    app.create_as(&token, "/blog", &blog("Doha by night", 0))
        .await;
    drain(&app, &restarted, "a blog after the warm-up").await;
    let full = full_build_elsewhere(&app).await;
    assert_same_site(&site, full.path(), "after the warm-up");
    assert!(
        std::fs::read_to_string(site.join("blogs/index.html"))
            .unwrap()
            .contains("Doha by night")
    );
}
