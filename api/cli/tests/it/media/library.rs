//! The media library: the list and its filters, words and a focal point for each file (every
//! page that shows it published again, and only those), where a file is used (kept by every
//! write, in its transaction), deletion refused while anything shows it, the trash, and the
//! purge after 30 days.

use std::collections::BTreeMap;
use std::io::Cursor;
use std::path::Path;
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{Value, json};

use super::upload;
use crate::helpers::{TestApp, blog, read, spawn_app, spawn_app_with};

/// A PNG of `width` × `height` in one colour (different colours: different files).
pub(super) fn png(width: u32, height: u32, colour: [u8; 3]) -> Vec<u8> {
    let image = image::RgbImage::from_pixel(width, height, image::Rgb(colour));
    let mut bytes = Cursor::new(Vec::new());
    image.write_to(&mut bytes, image::ImageFormat::Png).unwrap();
    bytes.into_inner()
}

const CREST: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#C9A227"/></svg>"##;

/// Uploads a file; its stored name.
pub(super) async fn uploaded(
    app: &TestApp,
    token: &str,
    name: &str,
    mime: &str,
    bytes: Vec<u8>,
) -> String {
    let (status, body) = upload(app, token, name, mime, bytes).await;
    assert_eq!(status, 200, "{body}");
    body["responseData"]
        .as_str()
        .unwrap()
        .strip_prefix("/media/")
        .unwrap()
        .to_owned()
}

pub(super) async fn call(
    app: &TestApp,
    token: &str,
    method: Method,
    path: &str,
    body: Option<Value>,
    lang: &str,
) -> (u16, Value) {
    let request = app
        .api(method, path)
        .bearer_auth(token)
        .header("accept-language", lang);
    let request = match body {
        Some(body) => request.json(&body),
        None => request,
    };
    read(request.send().await.unwrap()).await
}

async fn listed(app: &TestApp, token: &str, query: &str) -> Vec<String> {
    let (status, body) = call(
        app,
        token,
        Method::GET,
        &format!("/media?{query}"),
        None,
        "en",
    )
    .await;
    assert_eq!(status, 200, "{query}: {body}");
    let result = body["responseBody"]["result"].as_array().unwrap();
    assert_eq!(
        body["responseBody"]["totalCount"],
        result.len(),
        "one page holds them"
    );
    result
        .iter()
        .map(|i| i["name"].as_str().unwrap().to_owned())
        .collect()
}

pub(super) async fn detail(app: &TestApp, token: &str, name: &str) -> Value {
    let (status, body) = call(
        app,
        token,
        Method::GET,
        &format!("/media/{name}"),
        None,
        "en",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["responseBody"][0].clone()
}

#[tokio::test]
async fn the_library_lists_finds_describes_and_refuses_bad_words_in_both_languages() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let dunes = uploaded(
        &app,
        &token,
        "C:\\Photos\\Dunes at Dawn.PNG",
        "image/png",
        png(64, 48, [200, 120, 40]),
    )
    .await;
    let crest = uploaded(
        &app,
        &token,
        "crest.svg",
        "image/svg+xml",
        CREST.as_bytes().to_vec(),
    )
    .await;
    let lounge = uploaded(
        &app,
        &token,
        "lounge_100%.png",
        "image/png",
        png(40, 40, [20, 40, 90]),
    )
    .await;

    let all = listed(&app, &token, "").await;
    assert_eq!(all.len(), 3);
    for name in [&dunes, &crest, &lounge] {
        assert!(all.contains(name), "{all:?}");
    }
    // The file name it was uploaded under (never a path), in any case; LIKE's own characters
    // are letters.
    assert_eq!(listed(&app, &token, "q=DUNES").await, [dunes.as_str()]);
    assert_eq!(listed(&app, &token, "q=100%25").await, [lounge.as_str()]);
    assert!(listed(&app, &token, "q=ge%251").await.is_empty());
    assert_eq!(listed(&app, &token, "type=svg").await, [crest.as_str()]);
    assert_eq!(listed(&app, &token, "type=image").await.len(), 2);
    assert_eq!(listed(&app, &token, "type=image,svg").await.len(), 3);
    assert!(listed(&app, &token, "type=video").await.is_empty());
    assert_eq!(listed(&app, &token, "unused=true").await.len(), 3);
    let item = detail(&app, &token, &dunes).await;
    assert_eq!(item["original_name"], "Dunes at Dawn.PNG");
    assert_eq!(item["uploaded_by"], crate::helpers::ADMIN);
    assert_eq!(item["mime"], "image/png");
    assert_eq!(
        (item["width"].clone(), item["height"].clone()),
        (json!(64), json!(48))
    );
    assert_eq!(item["usage"], json!([]));
    assert_eq!(item["usage_count"], 0);

    // Words and a focal point.
    let (status, body) = call(
        &app,
        &token,
        Method::PUT,
        &format!("/media/{dunes}"),
        Some(json!({"alt": "  Dunes at first light  ", "alt_ar": "الكثبان عند الفجر", "focal_x": 0.25, "focal_y": 0.8})),
        "en",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["message"],
        "Saved: every page that shows this file is being republished."
    );
    let item = &body["responseBody"][0];
    assert_eq!(item["alt"], "Dunes at first light");
    assert_eq!(item["alt_ar"], "الكثبان عند الفجر");
    assert_eq!(
        (item["focal_x"].as_f64(), item["focal_y"].as_f64()),
        (Some(0.25), Some(0.8))
    );
    // A field left out stays; null clears.
    let (status, body) = call(
        &app,
        &token,
        Method::PUT,
        &format!("/media/{dunes}"),
        Some(json!({"alt_ar": null})),
        "en",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["responseBody"][0]["alt"], "Dunes at first light");
    assert_eq!(body["responseBody"][0]["alt_ar"], Value::Null);

    // Bad input: every field's message at once, in the request's language; nothing changes.
    let long = "a".repeat(301);
    for (lang, alt, focal) in [
        (
            "en",
            "The description may have at most 300 characters.",
            "focal_x must be a number from 0 to 1.",
        ),
        (
            "ar",
            "يجب ألا يتجاوز الوصف 300 حرفًا.",
            "يجب أن يكون focal_x رقمًا من 0 إلى 1.",
        ),
    ] {
        let (status, body) = call(
            &app,
            &token,
            Method::PUT,
            &format!("/media/{dunes}"),
            Some(json!({"alt": long, "focal_x": 1.5, "focal_y": -0.1})),
            lang,
        )
        .await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["errors"]["alt"], alt, "{body}");
        assert_eq!(body["errors"]["focal_x"], focal, "{body}");
        assert!(body["errors"]["focal_y"].is_string(), "{body}");
    }
    let (status, body) = call(
        &app,
        &token,
        Method::PUT,
        &format!("/media/{dunes}"),
        Some(json!({"focal_x": "left"})),
        "en",
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        detail(&app, &token, &dunes).await["alt"],
        "Dunes at first light"
    );
    for (query, field) in [
        ("type=gif", "type"),
        ("unused=maybe", "unused"),
        ("deleted=1", "deleted"),
    ] {
        let (status, body) = call(
            &app,
            &token,
            Method::GET,
            &format!("/media?{query}"),
            None,
            "en",
        )
        .await;
        assert_eq!(status, 400, "{query}: {body}");
        assert!(body["errors"][field].is_string(), "{body}");
    }
    // Not one of ours, or a variant's name: 404.
    for name in [
        "nothing.png",
        "0123456789abcdef0123456789abcdef.png",
        &format!("{}-480w.webp", &dunes[..32]),
    ] {
        let (status, _) = call(
            &app,
            &token,
            Method::GET,
            &format!("/media/{name}"),
            None,
            "en",
        )
        .await;
        assert_eq!(status, 404, "{name}");
        let (status, _) = call(
            &app,
            &token,
            Method::DELETE,
            &format!("/media/{name}"),
            None,
            "en",
        )
        .await;
        assert_eq!(status, 404, "{name}");
    }
    // The roles: a contributor chooses from the library but does not change it.
    let contributor = app.token_for(concierge::roles::Role::Contributor).await;
    assert_eq!(listed(&app, &contributor, "").await.len(), 3);
    let (status, _) = call(
        &app,
        &contributor,
        Method::PUT,
        &format!("/media/{dunes}"),
        Some(json!({"alt": "x"})),
        "en",
    )
    .await;
    assert_eq!(status, 403);
    let enquiries = app.token_for(concierge::roles::Role::Enquiries).await;
    let (status, _) = call(&app, &enquiries, Method::GET, "/media", None, "en").await;
    assert_eq!(status, 403);
    // Anonymous readers learn nothing of the library.
    let (status, _) = read(
        app.api(Method::GET, &format!("/media/{dunes}"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 401);
}

/// The usage index as kept by the writes is the one built from every item from scratch.
pub(super) async fn index_is_exact(app: &TestApp) {
    use sea_orm::TransactionTrait;
    let kept = concierge::store::media_usage::all(&app.db.read)
        .await
        .unwrap();
    let txn = app.db.write.begin().await.unwrap();
    concierge::store::media_usage::rebuild(&txn, concierge::store::media_usage::tables())
        .await
        .unwrap();
    let rebuilt = concierge::store::media_usage::all(&txn).await.unwrap();
    txn.rollback().await.unwrap();
    assert_eq!(kept, rebuilt);
}

fn file(app: &TestApp, name: &str) -> std::path::PathBuf {
    app.data_dir.path().join("media").join(name)
}

#[tokio::test]
async fn a_file_in_use_is_not_deleted_and_one_deleted_comes_back_or_goes_after_30_days() {
    let clock = concierge::clock::Clock::default();
    let app = spawn_app_with(|s| s.clock = clock.clone()).await;
    let token = app.admin_token().await;
    let hero = uploaded(
        &app,
        &token,
        "hero.png",
        "image/png",
        png(30, 20, [90, 60, 30]),
    )
    .await;
    let figure = uploaded(
        &app,
        &token,
        "figure.png",
        "image/png",
        png(20, 30, [10, 60, 30]),
    )
    .await;
    let crest = uploaded(
        &app,
        &token,
        "crest.svg",
        "image/svg+xml",
        CREST.as_bytes().to_vec(),
    )
    .await;

    // A blog shows one in its image field and another inside its Arabic text.
    let mut body = blog("Desert mornings", 1);
    body["image_url"] = json!(format!("/media/{hero}"));
    body["description_ar"] = json!(format!("<p>صباح</p><img src=\"/media/{figure}\" alt=\"\">"));
    let id = app.create_as(&token, "/blog", &body).await;
    let used = detail(&app, &token, &hero).await;
    assert_eq!(
        used["usage"],
        json!([{"kind": "blog", "id": id, "title": "Desert mornings", "field": "image_url", "pending": false}])
    );
    assert_eq!(
        detail(&app, &token, &figure).await["usage"][0]["field"],
        "description_ar"
    );
    assert_eq!(listed(&app, &token, "unused=true").await, [crest.as_str()]);
    index_is_exact(&app).await;

    // Refused while it is shown, with where, in the request's language.
    for (lang, message) in [
        (
            "en",
            "This file is still shown by “Desert mornings”. Remove it from there first.",
        ),
        (
            "ar",
            "لا يزال هذا الملف معروضًا في “Desert mornings”. أزله من هناك أولًا.",
        ),
    ] {
        let (status, body) = call(
            &app,
            &token,
            Method::DELETE,
            &format!("/media/{hero}"),
            None,
            lang,
        )
        .await;
        assert_eq!(status, 409, "{body}");
        assert_eq!(body["message"], message);
        assert_eq!(body["usage"], used["usage"]);
    }
    assert!(file(&app, &hero).exists(), "nothing changed");

    // A pending change that shows the crest instead: the hero is still live, the crest pending.
    let mut change = body.clone();
    change["image_url"] = json!(format!("/media/{crest}"));
    change["status"] = json!("draft");
    let (status, saved) = read(
        app.send_as(&token, Method::PUT, &format!("/blog/{id}"), &change)
            .await,
    )
    .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(
        detail(&app, &token, &crest).await["usage"][0]["pending"],
        true
    );
    assert_eq!(
        detail(&app, &token, &hero).await["usage"][0]["pending"],
        false
    );
    index_is_exact(&app).await;
    // Published: the hero is no longer shown, and goes to the trash with its variants.
    let (status, _) = read(
        app.send_as(
            &token,
            Method::POST,
            &format!("/content/blog/{id}/publish"),
            &Value::Null,
        )
        .await,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(detail(&app, &token, &hero).await["usage_count"], 0);
    index_is_exact(&app).await;
    let variants_of = |item: &Value| -> Vec<String> {
        item["variants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| {
                v["url"]
                    .as_str()
                    .unwrap()
                    .trim_start_matches("/media/")
                    .to_owned()
            })
            .collect()
    };
    let made = processed(&app, &token, &hero).await;
    let variants = variants_of(&made);
    assert!(!variants.is_empty(), "{made}");
    let (status, body) = call(
        &app,
        &token,
        Method::DELETE,
        &format!("/media/{hero}"),
        None,
        "en",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["message"],
        "Moved to the trash: it can be brought back for 30 days."
    );
    let served = |name: String| {
        let app = &app;
        async move {
            app.client
                .get(format!("{}/media/{name}", app.address))
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        }
    };
    assert_eq!(served(hero.clone()).await, 404);
    for v in &variants {
        assert_eq!(served(v.clone()).await, 404, "{v}");
    }
    assert!(!listed(&app, &token, "").await.contains(&hero));
    assert_eq!(listed(&app, &token, "deleted=true").await, [hero.as_str()]);
    // Content cannot show a file in the trash.
    let mut again = app.editable(&token, &format!("/blog/{id}")).await;
    again["image_url"] = json!(format!("/media/{hero}"));
    let (status, refused) = read(
        app.send_as(&token, Method::PUT, &format!("/blog/{id}"), &again)
            .await,
    )
    .await;
    assert_eq!(status, 400, "{refused}");
    assert!(
        refused["errors"]["image_url"]
            .as_str()
            .unwrap()
            .contains("was deleted"),
        "{refused}"
    );
    index_is_exact(&app).await;

    // Brought back: served again, variants too.
    let (status, body) = call(
        &app,
        &token,
        Method::POST,
        &format!("/media/{hero}/undelete"),
        None,
        "en",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(served(hero.clone()).await, 200);
    for v in &variants {
        assert_eq!(served(v.clone()).await, 200, "{v}");
    }
    let (status, _) = call(
        &app,
        &token,
        Method::POST,
        &format!("/media/{hero}/undelete"),
        None,
        "en",
    )
    .await;
    assert_eq!(status, 404, "not in the trash");

    // Deleted again, and 30 days later purged: the files and the row, in the audit log.
    let (status, _) = call(
        &app,
        &token,
        Method::DELETE,
        &format!("/media/{hero}"),
        None,
        "en",
    )
    .await;
    assert_eq!(status, 200);
    let media = concierge::store::blobs::BlobStore::open(&format!(
        "file://{}",
        app.data_dir.path().join("media").display()
    ))
    .unwrap();
    assert_eq!(
        concierge::media::library::purge(&app.db, &media, clock.now())
            .await
            .unwrap(),
        0
    );
    clock.advance(chrono::Duration::days(31));
    let (status, _) = call(
        &app,
        &token,
        Method::POST,
        &format!("/media/{hero}/undelete"),
        None,
        "en",
    )
    .await;
    assert_eq!(status, 404, "too late to bring back");
    assert_eq!(
        concierge::media::library::purge(&app.db, &media, clock.now())
            .await
            .unwrap(),
        1
    );
    assert!(listed(&app, &token, "deleted=true").await.is_empty());
    let names = media.list().await.unwrap();
    assert!(names.iter().all(|n| !n.contains(&hero[..32])), "{names:?}");
    let purged = crate::helpers::audit_lines(&app, &token, "media.purged").await;
    assert_eq!(purged.len(), 1);
    // The same bytes uploaded again are a new file.
    let back = uploaded(
        &app,
        &token,
        "hero again.png",
        "image/png",
        png(30, 20, [90, 60, 30]),
    )
    .await;
    assert_eq!(back, hero);
    assert_eq!(
        detail(&app, &token, &hero).await["original_name"],
        "hero again.png"
    );
}

/// Waits for a photograph's variants.
pub(super) async fn processed(app: &TestApp, token: &str, name: &str) -> Value {
    let started = Instant::now();
    loop {
        let item = detail(app, token, name).await;
        if item["status"] != "pending" {
            return item;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "{item}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Every HTML page of the site, by path.
fn pages(dir: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "html") {
                let key = path.strip_prefix(dir).unwrap().display().to_string();
                out.insert(key, std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    out
}

/// Waits until the publisher has nothing left to do.
async fn published(app: &TestApp) {
    let started = Instant::now();
    while app.count("publish_jobs WHERE done_at IS NULL").await > 0 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "jobs left pending"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn new_words_for_an_image_republish_exactly_the_pages_that_show_it() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let photo = uploaded(
        &app,
        &token,
        "suite.png",
        "image/png",
        png(48, 32, [150, 110, 70]),
    )
    .await;
    let figure = uploaded(
        &app,
        &token,
        "majlis.png",
        "image/png",
        png(32, 48, [70, 110, 150]),
    )
    .await;
    processed(&app, &token, &photo).await;
    processed(&app, &token, &figure).await;
    let mut shown = blog("A suite above the Gulf", 1);
    shown["image_url"] = json!(format!("/media/{photo}"));
    shown["description"] = json!(format!(
        "<p>Quiet.</p><img src=\"/media/{figure}\" alt=\"a majlis\">"
    ));
    shown["description_ar"] = json!(format!("<p>هدوء.</p><img src=\"/media/{figure}\">"));
    let id = app.create_as(&token, "/blog", &shown).await;
    for n in 2..5 {
        app.create_as(&token, "/blog", &blog(&format!("Another note {n}"), n))
            .await;
    }
    published(&app).await;
    let site = app.data_dir.path().join("site");
    let before = pages(&site);

    let (status, body) = call(&app, &token, Method::PUT, &format!("/media/{photo}"), Some(json!({"alt": "A suite at dusk", "alt_ar": "جناح عند الغروب", "focal_x": 0.3, "focal_y": 0.6})), "en").await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = call(
        &app,
        &token,
        Method::PUT,
        &format!("/media/{figure}"),
        Some(json!({"alt_ar": "مجلس"})),
        "en",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    published(&app).await;
    let after = pages(&site);

    let changed: Vec<&String> = after
        .keys()
        .filter(|p| before.get(*p) != after.get(*p))
        .collect();
    let showing: Vec<&String> = after
        .iter()
        .filter(|(_, html)| html.contains(&photo[..32]) || html.contains(&figure[..32]))
        .map(|(p, _)| p)
        .collect();
    assert_eq!(
        changed, showing,
        "the pages that changed are the pages that show them"
    );
    let slug = &read(app.get_as(&token, &format!("/blog/{id}")).await)
        .await
        .1["responseBody"][0]["slug"];
    let en = &after[&format!("{}/{id}/index.html", slug.as_str().unwrap())];
    let ar = &after[&format!("ar/{}/{id}/index.html", slug.as_str().unwrap())];
    assert!(
        en.contains("alt=\"A suite at dusk\"") && en.contains("object-position:30% 60%"),
        "{en}"
    );
    assert!(ar.contains("alt=\"جناح عند الغروب\""));
    // The image inside the text: a picture, with the library's words (Arabic) or the text's own.
    assert!(ar.contains("alt=\"مجلس\"") && en.contains("alt=\"a majlis\""));
    assert!(
        en.contains(&format!("srcset=\"/media/{}-", &figure[..32])),
        "the figure has variants"
    );
}

#[tokio::test]
async fn a_save_and_a_delete_at_the_same_moment_never_leave_content_showing_a_deleted_file() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let id = app
        .create_as(&token, "/blog", &blog("Racing the trash", 1))
        .await;
    let mut outcomes = BTreeMap::new();
    for round in 0..12u8 {
        let name = uploaded(
            &app,
            &token,
            &format!("race-{round}.png"),
            "image/png",
            png(8, 8, [round, 1, 2]),
        )
        .await;
        let mut body = app.editable(&token, &format!("/blog/{id}")).await;
        body["image_url"] = json!(format!("/media/{name}"));
        let path = format!("/blog/{id}");
        let save = app.send_as(&token, Method::PUT, &path, &body);
        let delete = app
            .api(Method::DELETE, &format!("/media/{name}"))
            .bearer_auth(&token)
            .send();
        let (saved, deleted) = tokio::join!(save, delete);
        let (saved, deleted) = (saved.status().as_u16(), deleted.unwrap().status().as_u16());
        *outcomes.entry((saved, deleted)).or_insert(0) += 1;
        // One of the two wins, and what the database says holds.
        let shown = app.editable(&token, &format!("/blog/{id}")).await["image_url"]
            == json!(format!("/media/{name}"));
        let trashed = !detail(&app, &token, &name).await["deleted_at"].is_null();
        assert!(
            !(shown && trashed),
            "round {round}: saved {saved}, deleted {deleted}"
        );
        assert_eq!(saved == 200, shown, "round {round}");
        assert_eq!(deleted == 200, trashed, "round {round}");
        assert!(
            matches!((saved, deleted), (200, 409) | (400, 200)),
            "round {round}: {saved} {deleted}"
        );
        index_is_exact(&app).await;
        // Put the blog back to a file nothing deletes, for the next round.
        let mut back = app.editable(&token, &format!("/blog/{id}")).await;
        back["image_url"] = json!("/media/blog.svg");
        let (status, _) = read(
            app.send_as(&token, Method::PUT, &format!("/blog/{id}"), &back)
                .await,
        )
        .await;
        assert_eq!(status, 200);
    }
    eprintln!("outcomes (save, delete): {outcomes:?}");
}
