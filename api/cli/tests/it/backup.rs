//! `concierge backup` while the server takes a flood of enquiries, then `concierge restore`
//! into a fresh data directory: nothing acknowledged before the backup began is missing, the
//! media came along, and the site is what a full build of the restored database writes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::Method;
use sea_orm::EntityTrait;

use crate::faults::{create_admin, serve_with};
use crate::helpers::{blog, contact, fresh_database_url, islands_fixture, read};
use crate::media::PNG;
use crate::publishing::assert_same_site;

const SITE_URL: &str = "https://concierge.example";

fn concierge(data_dir: &std::path::Path, url: &str, args: &[&str]) -> std::process::Output {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_concierge"))
        .args(args)
        .env("CONCIERGE_DATA_DIR", data_dir)
        .env("CONCIERGE_DATABASE_URL", url)
        .env("CONCIERGE_ISLANDS_DIR", islands_fixture())
        .env("CONCIERGE_SITE_URL", SITE_URL)
        .env_remove("CONCIERGE_SITE_STORE")
        .env_remove("CONCIERGE_MEDIA_STORE")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "concierge {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

#[tokio::test]
async fn a_backup_taken_during_a_flood_restores_every_acknowledged_enquiry_the_media_and_the_site()
{
    let live = tempfile::tempdir().unwrap();
    let url = fresh_database_url(live.path()).await;
    create_admin(live.path(), &url);
    let env = [
        ("CONCIERGE_FORM_LIMIT", "1000000/1m"),
        ("CONCIERGE_SITE_URL", SITE_URL),
    ];
    let server = serve_with(live.path(), &url, &env);
    server.ready().await;
    let token = server.token().await;

    // Content that refers to an uploaded file.
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(PNG.to_vec()).file_name("a.png"),
    );
    let uploaded = server
        .api(Method::POST, "/blob-upload")
        .bearer_auth(&token)
        .multipart(form);
    let (_, body) = read(uploaded.send().await.unwrap()).await;
    let image = body["responseData"].as_str().unwrap().to_owned();
    let mut post = blog("Backed up", 1);
    post["image_url"] = image.clone().into();
    let created = server
        .api(Method::POST, "/blog")
        .bearer_auth(&token)
        .json(&post);
    assert_eq!(created.send().await.unwrap().status().as_u16(), 201);

    // The flood: each acknowledged enquiry with the moment its 201 arrived.
    let stop = Arc::new(AtomicBool::new(false));
    let acknowledged = Arc::new(Mutex::new(Vec::<(String, Instant)>::new()));
    let writers: Vec<_> = (0..4)
        .map(|w| {
            let request = server.api(Method::POST, "/contact-us");
            let (stop, acknowledged) = (stop.clone(), acknowledged.clone());
            tokio::spawn(async move {
                let mut n = 0;
                while !stop.load(Ordering::Relaxed) {
                    let email = format!("flood-{w}-{n}@example.ae");
                    let mut body = contact();
                    body["email"] = email.clone().into();
                    let sent = request.try_clone().unwrap().json(&body).send().await;
                    if sent.is_ok_and(|r| r.status().as_u16() == 201) {
                        acknowledged.lock().unwrap().push((email, Instant::now()));
                    }
                    n += 1;
                }
            })
        })
        .collect();
    // The backup starts once the flood is under way (however slow the machine is).
    let deadline = Instant::now() + Duration::from_secs(60);
    while acknowledged.lock().unwrap().len() <= 10 {
        assert!(Instant::now() < deadline, "the flood never got going");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let backup_dir = tempfile::tempdir().unwrap();
    let began = Instant::now();
    let (dir, live_path, live_url) = (
        backup_dir.path().to_path_buf(),
        live.path().to_path_buf(),
        url.clone(),
    );
    let out = tokio::task::spawn_blocking(move || {
        concierge(&live_path, &live_url, &["backup", dir.to_str().unwrap()])
    })
    .await
    .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("media files"));
    tokio::time::sleep(Duration::from_millis(200)).await;
    stop.store(true, Ordering::Relaxed);
    for w in writers {
        w.await.unwrap();
    }
    let before: Vec<String> = acknowledged
        .lock()
        .unwrap()
        .iter()
        .filter(|(_, at)| *at < began)
        .map(|(email, _)| email.clone())
        .collect();
    assert!(
        before.len() > 10,
        "the flood was under way when the backup began ({})",
        before.len()
    );

    // Restore into a fresh data directory (and, on PostgreSQL, a fresh database).
    let restored = tempfile::tempdir().unwrap();
    let restored_url = fresh_database_url(restored.path()).await;
    let (dir, path, rurl) = (
        backup_dir.path().to_path_buf(),
        restored.path().to_path_buf(),
        restored_url.clone(),
    );
    tokio::task::spawn_blocking(move || {
        concierge(&path, &rurl, &["restore", dir.to_str().unwrap()])
    })
    .await
    .unwrap();

    let db = concierge::store::connect(&restored_url).await.unwrap();
    let emails: std::collections::HashSet<String> =
        concierge::store::entities::contact::Entity::find()
            .all(&db.read)
            .await
            .unwrap()
            .into_iter()
            .map(|c| c.email)
            .collect();
    let missing: Vec<&String> = before.iter().filter(|e| !emails.contains(*e)).collect();
    assert!(
        missing.is_empty(),
        "{} acknowledged before the backup are missing: {missing:?}",
        missing.len()
    );
    let media_name = image.trim_start_matches("/media/");
    assert_eq!(
        std::fs::read(restored.path().join("media").join(media_name)).unwrap(),
        PNG
    );

    let rebuilt = tempfile::tempdir().unwrap();
    let (path, rurl, out_dir) = (
        restored.path().to_path_buf(),
        restored_url.clone(),
        rebuilt.path().to_path_buf(),
    );
    tokio::task::spawn_blocking(move || {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_concierge"))
            .arg("build")
            .env("CONCIERGE_DATA_DIR", &path)
            .env("CONCIERGE_DATABASE_URL", &rurl)
            .env("CONCIERGE_ISLANDS_DIR", islands_fixture())
            .env("CONCIERGE_SITE_URL", SITE_URL)
            .env(
                "CONCIERGE_SITE_STORE",
                format!("file://{}", out_dir.display()),
            )
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    })
    .await
    .unwrap();
    assert_same_site(
        &restored.path().join("site"),
        rebuilt.path(),
        "the restored site",
    );
    let site = std::fs::read_to_string(restored.path().join("site/backed-up/2/index.html"))
        .or_else(|_| std::fs::read_to_string(restored.path().join("site/backed-up/1/index.html")))
        .unwrap();
    assert!(
        site.contains(image.trim_end_matches(".png")),
        "the restored blog page shows its image"
    );
    drop(server);
}
