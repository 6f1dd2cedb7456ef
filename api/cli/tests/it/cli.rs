//! The `concierge` binary's commands, run as a user would run them.

use serde_json::Value;

use crate::helpers::{concierge, read, spawn_app};

#[tokio::test]
async fn admin_create_takes_the_password_from_the_environment_or_stdin() {
    let app = spawn_app().await;
    let out = concierge(
        &app,
        &["admin", "create", "layla"],
        &[("CONCIERGE_ADMIN_PASSWORD", "velvet rope at dawn")],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("administrator \"layla\" created"));
    assert_eq!(
        app.login("layla", "velvet rope at dawn")
            .await
            .status()
            .as_u16(),
        200
    );

    let out = concierge(
        &app,
        &["admin", "create", "omar"],
        &[],
        "from standard input\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        app.login("omar", "from standard input")
            .await
            .status()
            .as_u16(),
        200
    );

    let out = concierge(
        &app,
        &["admin", "create", "layla"],
        &[],
        "a reset passphrase\n",
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("reset"));
    assert_eq!(
        app.login("layla", "a reset passphrase")
            .await
            .status()
            .as_u16(),
        200
    );
}

#[tokio::test]
async fn admin_create_refuses_weak_passwords_clearly() {
    let app = spawn_app().await;
    let cases = [
        ("short", "at least 12 characters"),
        ("1234567890", "at least 12 characters"),
        ("          ", "at least 12 characters"),
        ("layla-layla-layla", "cannot contain the user name"),
        ("password1234", "too common"),
    ];
    for (password, reason) in cases {
        let out = concierge(
            &app,
            &["admin", "create", "layla"],
            &[],
            &format!("{password}\n"),
        );
        assert!(!out.status.success(), "{password:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(reason), "{password:?}: {stderr}");
    }
    assert_eq!(app.count("admin_users").await, 0);
}

#[tokio::test]
async fn seed_loads_the_bilingual_demo_once_with_a_demo_administrator() {
    let app = spawn_app().await;
    let out = concierge(&app, &["seed"], &[], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(stdout.contains("loaded 6 services"), "{stdout}");

    let (_, services) = read(
        app.get("/our-services/display/display-order?page=1&size=10")
            .await,
    )
    .await;
    let services = services["responseBody"]["result"]
        .as_array()
        .unwrap()
        .clone();
    let names: Vec<&str> = services
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Valet Parking",
            "Travel Management",
            "Gifting",
            "Airport Services",
            "Elite Lifestyle",
            "Dine In"
        ]
    );
    for s in &services {
        assert!(
            s["name_ar"]
                .as_str()
                .is_some_and(|n| n.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)))
        );
        let (_, items) = read(
            app.get(&format!("/list-of-services/display-order/{}", s["id"]))
                .await,
        )
        .await;
        let count = items["responseBody"]["totalCount"].as_u64().unwrap();
        assert!((3..=6).contains(&count), "{} has {count} items", s["name"]);
    }
    let (_, blogs) = read(app.get("/blog?page=1&size=10").await).await;
    assert_eq!(blogs["responseBody"]["totalCount"], 6);
    let first = &blogs["responseBody"]["result"][0];
    assert!(first["description"].as_str().unwrap().contains("<h2>"));
    assert!(first["description_ar"].as_str().unwrap().contains("<p>"));
    let (_, reviews) = read(app.get("/client-reviewes/display-order").await).await;
    assert_eq!(reviews["responseBody"]["totalCount"], 5);
    let (_, banners) = read(app.get("/flashy-banner").await).await;
    assert_eq!(banners["responseBody"]["totalCount"], 3);
    let (_, content) = read(app.get("/general-content-section").await).await;
    let keys: Vec<&str> = content["responseBody"]["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    for key in [
        "site.phone",
        "site.email",
        "home.hero.title",
        "contact.promise",
    ] {
        assert!(keys.contains(&key), "{key}");
    }

    // Artwork is stored under content-hash names.
    let image = services[0]["image_url"].as_str().unwrap();
    let file = image.strip_prefix("/media/").expect("a media URL");
    assert!(app.data_dir.path().join("media").join(file).exists());

    // The demo administrator can sign in with the printed login.
    let login = std::fs::read_to_string(app.data_dir.path().join("demo-admin.txt")).unwrap();
    let password = login.split("password: ").nth(1).unwrap().trim();
    assert_eq!(app.login("admin", password).await.status().as_u16(), 200);

    // A second run changes nothing.
    let out = concierge(&app, &["seed"], &[], "");
    assert!(String::from_utf8_lossy(&out.stdout).contains("already has content"));
    let (_, again): (u16, Value) = read(app.get("/blog").await).await;
    assert_eq!(again["responseBody"]["totalCount"], 6);
}

#[tokio::test]
async fn migrate_can_run_again_on_an_up_to_date_database() {
    let app = spawn_app().await;
    let out = concierge(&app, &["migrate"], &[], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("up to date"));
}

#[tokio::test]
async fn a_rebuild_rewrites_only_the_pages_that_changed() {
    use sea_orm::ConnectionTrait;
    use std::os::unix::fs::MetadataExt;
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (status, _) = read(
        app.send_as(
            &token,
            reqwest::Method::POST,
            "/blog",
            &crate::helpers::blog("Desert dawn", 1),
        )
        .await,
    )
    .await;
    assert_eq!(status, 201);
    // The server's own publishing is done, and the command renders with the same islands.
    while app.count("publish_jobs WHERE done_at IS NULL").await > 0 {
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let islands = crate::helpers::islands_fixture();
    let islands = islands.to_str().unwrap();
    let build = || {
        let out = concierge(&app, &["build"], &[("CONCIERGE_ISLANDS_DIR", islands)], "");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    build();
    let site = app.data_dir.path().join("site");
    let inode = |path: &str| std::fs::metadata(site.join(path)).unwrap().ino();
    let about = inode("about/index.html");
    let article = inode("desert-dawn/1/index.html");

    build();
    assert_eq!(
        inode("about/index.html"),
        about,
        "an identical page is left alone"
    );
    assert_eq!(inode("desert-dawn/1/index.html"), article);

    app.db
        .write
        .execute_unprepared("UPDATE blogs SET description = '<p>Sunrise, then the dunes.</p>'")
        .await
        .unwrap();
    build();
    assert_eq!(inode("about/index.html"), about);
    assert_ne!(
        inode("desert-dawn/1/index.html"),
        article,
        "a changed page is replaced"
    );
    let html = std::fs::read_to_string(site.join("desert-dawn/1/index.html")).unwrap();
    assert!(html.contains("Sunrise, then the dunes."));
}
