//! Photographs as an administrator uploads them: stored without where they were taken, checked,
//! given responsive variants that the pages then use, within a fixed bound of memory; bad and
//! unusual images get a clear answer or a correct result, never a crash.

use std::time::{Duration, Instant};

use image::{ImageDecoder, ImageEncoder};
use reqwest::Method;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use crate::faults::{peak_rss_kib, served};
use crate::helpers::{TestApp, blog, concierge, read, spawn_app};
use crate::media::upload;
use crate::publishing::{assert_same_site, full_build_elsewhere};

/// Written into the fixtures' Exif (a description, and a GPS field beside the position): it must
/// never reach the media store.
const SECRET: &[u8] = b"VILLA-25.2048N-55.2708E";

fn fixture(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/tests/fixtures/images/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn holds(bytes: &[u8], needle: &[u8]) -> bool {
    bytes.windows(needle.len()).any(|w| w == needle)
}

/// `GET /api/v1/media/{name}` of an uploaded file's URL.
async fn info(app: &TestApp, url: &str) -> (u16, Value) {
    let token = app.library_reader().await;
    let name = url.strip_prefix("/media/").expect("a media URL");
    let (status, body) = read(
        app.api(Method::GET, &format!("/media/{name}"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap(),
    )
    .await;
    (status, body["responseBody"][0].clone())
}

/// Waits until the server has processed the file at `url` (60 s at most: debug builds on a
/// loaded machine).
async fn processed(app: &TestApp, url: &str) -> Value {
    processed_within(app, url, Duration::from_secs(60)).await
}

/// [`processed`], waiting up to `patience` (a 40-megapixel image takes a debug build tens of
/// seconds on a busy machine).
async fn processed_within(app: &TestApp, url: &str, patience: Duration) -> Value {
    let started = Instant::now();
    loop {
        let (status, body) = info(app, url).await;
        assert_eq!(status, 200, "{body}");
        if body["status"] != "pending" {
            return body;
        }
        assert!(started.elapsed() < patience, "still pending: {body}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn fetch(app: &TestApp, url: &str) -> (reqwest::header::HeaderMap, Vec<u8>) {
    let response = app
        .client
        .get(format!("{}{url}", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{url}");
    let headers = response.headers().clone();
    (headers, response.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn a_photograph_is_stored_without_where_it_was_taken_and_gets_upright_variants() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let photo = fixture("located.jpg");
    assert!(holds(&photo, SECRET), "the fixture carries its location");

    let (status, body) = upload(&app, &token, "villa.jpg", "image/jpeg", photo).await;

    assert_eq!(status, 200, "{body}");
    let url = body["responseData"].as_str().unwrap().to_owned();
    let (_, original) = fetch(&app, &url).await;
    assert!(
        !holds(&original, SECRET),
        "the stored original has no location or description"
    );
    let decoder = image::codecs::jpeg::JpegDecoder::new(std::io::Cursor::new(&original)).unwrap();
    assert_eq!(decoder.dimensions(), (1200, 800), "the same pixels");
    let mut decoder = decoder;
    assert_eq!(
        decoder.orientation().unwrap(),
        image::metadata::Orientation::Rotate90,
        "the orientation stays, so the original still shows upright"
    );

    let (_, first) = info(&app, &url).await;
    assert_eq!(
        (first["width"].as_u64(), first["height"].as_u64()),
        (Some(800), Some(1200)),
        "as shown: {first}"
    );
    let done = processed(&app, &url).await;
    assert_eq!(done["status"], "ready", "{done}");
    assert!(
        done["color"].as_str().is_some_and(|c| c.starts_with('#')),
        "{done}"
    );
    assert!(
        done["preview"]
            .as_str()
            .is_some_and(|p| p.starts_with("data:image/webp;base64,")),
        "{done}"
    );
    let mut seen = Vec::new();
    for variant in done["variants"].as_array().unwrap() {
        let (width, height) = (
            variant["width"].as_u64().unwrap(),
            variant["height"].as_u64().unwrap(),
        );
        let mime = variant["mime"].as_str().unwrap();
        seen.push((width, mime.to_owned()));
        let (headers, bytes) = fetch(&app, variant["url"].as_str().unwrap()).await;
        assert_eq!(headers["content-type"], mime);
        assert_eq!(
            headers["cache-control"],
            "public, max-age=31536000, immutable"
        );
        assert!(!holds(&bytes, SECRET), "{variant}");
        let decoded = image::load_from_memory(&bytes).unwrap();
        assert_eq!(
            (decoded.width() as u64, decoded.height() as u64),
            (width, height),
            "{variant}"
        );
        assert!(height > width, "turned upright: {variant}");
    }
    seen.sort();
    let expected: Vec<(u64, String)> = [160, 480, 800]
        .into_iter()
        .flat_map(|w| [(w, "image/jpeg".to_owned()), (w, "image/webp".to_owned())])
        .collect();
    assert_eq!(
        seen, expected,
        "every width up to the original's, in WebP and JPEG"
    );
}

#[tokio::test]
async fn a_blog_shows_its_photograph_as_a_responsive_picture_and_the_site_equals_a_full_build() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (_, body) = upload(
        &app,
        &token,
        "villa.jpg",
        "image/jpeg",
        fixture("located.jpg"),
    )
    .await;
    let url = body["responseData"].as_str().unwrap().to_owned();
    let mut post = blog("Arriving at the villa", 1);
    post["image_url"] = json!(url);
    let (status, created) = read(app.send_as(&token, Method::POST, "/blog", &post).await).await;
    assert_eq!(status, 201, "{created}");
    let id = created["responseBody"][0]["id"].as_i64().unwrap();
    let page = app
        .data_dir
        .path()
        .join(format!("site/arriving-at-the-villa/{id}/index.html"));

    processed(&app, &url).await;
    let started = Instant::now();
    let html = loop {
        let html = std::fs::read_to_string(&page).unwrap_or_default();
        if html.contains("<picture>") && app.count("publish_jobs WHERE done_at IS NULL").await == 0
        {
            break html;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the page never showed a picture"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };

    let stem = url.trim_start_matches("/media/").trim_end_matches(".jpg");
    let hero = &html[html.find("<picture>").unwrap()..];
    let hero = &hero[..hero.find("</picture>").unwrap()];
    assert!(hero.contains(&format!("<source type=\"image/webp\" srcset=\"/media/{stem}-160w.webp 160w, /media/{stem}-480w.webp 480w, /media/{stem}-800w.webp 800w\" sizes=\"100vw\">")), "{hero}");
    assert!(
        hero.contains(" width=\"800\" height=\"1200\""),
        "the real size: {hero}"
    );
    assert!(
        hero.contains(" fetchpriority=\"high\"") && !hero.contains("loading="),
        "{hero}"
    );
    let full = full_build_elsewhere(&app).await;
    assert_same_site(
        &app.data_dir.path().join("site"),
        full.path(),
        "after the variants",
    );
}

#[tokio::test]
async fn the_same_photograph_uploaded_twice_is_stored_and_processed_once() {
    let app = spawn_app().await;
    let token = app.admin_token().await;

    let (_, first) = upload(&app, &token, "a.jpg", "image/jpeg", fixture("located.jpg")).await;
    let url = first["responseData"].as_str().unwrap().to_owned();
    processed(&app, &url).await;
    let (_, second) = upload(&app, &token, "b.jpg", "image/jpeg", fixture("located.jpg")).await;

    assert_eq!(second["responseData"], first["responseData"]);
    assert_eq!(app.count("media_images").await, 1);
    assert_eq!(
        app.count("media_images WHERE attempts = 1 AND status = 'ready'")
            .await,
        1,
        "made once"
    );
    let files = std::fs::read_dir(app.data_dir.path().join("media"))
        .unwrap()
        .count();
    assert_eq!(files, 1 + 6, "the original and its six variants");
}

/// A PNG that declares 50,000 × 50,000 pixels in 65 bytes (`make.py`).
fn decompression_bomb() -> Vec<u8> {
    fixture("bomb.png")
}

#[tokio::test]
async fn bad_and_unusual_images_get_a_clear_answer_or_a_correct_result_never_a_crash() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let located = fixture("located.jpg");
    let truncated = located[..located.len() * 6 / 10].to_vec();
    let damaged = "The image file is damaged or incomplete. Please export it again and upload it.";

    // (case, file, bytes, answer: Err(message) or Ok((status, width, height, fallback)))
    type Expected = Result<(&'static str, u64, u64, Option<&'static str>), &'static str>;
    let cases: Vec<(&str, &str, Vec<u8>, Expected)> = vec![
        (
            "decompression bomb",
            "bomb.png",
            decompression_bomb(),
            Err(
                "The image is 50000 × 50000 pixels. Images of up to 40 megapixels are accepted: please upload a smaller one.",
            ),
        ),
        ("truncated JPEG", "cut.jpg", truncated, Err(damaged)),
        (
            "JPEG with a broken header",
            "head.jpg",
            located[..200].to_vec(),
            Err(damaged),
        ),
        (
            "CMYK JPEG",
            "cmyk.jpg",
            fixture("cmyk.jpg"),
            Ok(("ready", 96, 64, Some("image/jpeg"))),
        ),
        (
            "16-bit PNG",
            "rgb16.png",
            fixture("rgb16.png"),
            Ok(("ready", 96, 64, Some("image/jpeg"))),
        ),
        (
            "transparent PNG",
            "alpha.png",
            fixture("alpha.png"),
            Ok(("ready", 96, 64, Some("image/png"))),
        ),
        (
            "animated PNG",
            "animated.png",
            fixture("animated.png"),
            Ok(("original", 48, 32, None)),
        ),
        (
            "animated WebP",
            "animated.webp",
            fixture("animated.webp"),
            Ok(("original", 48, 32, None)),
        ),
        (
            "WebP with a location",
            "located.webp",
            fixture("located.webp"),
            Ok(("ready", 96, 64, Some("image/jpeg"))),
        ),
        (
            "AVIF",
            "plain.avif",
            fixture("plain.avif"),
            Ok(("original", 96, 64, None)),
        ),
        (
            "AVIF with a location",
            "located.avif",
            fixture("located.avif"),
            Err(
                "This AVIF image carries camera metadata (such as where it was taken), which would be published. Please export it without metadata, or upload a JPEG.",
            ),
        ),
    ];
    for (case, file, bytes, expected) in cases {
        let (status, body) = upload(&app, &token, file, "application/octet-stream", bytes).await;
        match expected {
            Err(message) => {
                assert_eq!(status, 400, "{case}: {body}");
                assert_eq!(body["message"], message, "{case}");
                assert_eq!(body["errors"]["file"], message, "{case}");
            }
            Ok((state, width, height, fallback)) => {
                assert_eq!(status, 200, "{case}: {body}");
                let url = body["responseData"].as_str().unwrap();
                let (_, stored) = fetch(&app, url).await;
                assert!(!holds(&stored, SECRET), "{case}: no location is stored");
                let done = processed(&app, url).await;
                assert_eq!(done["status"], state, "{case}: {done}");
                assert_eq!(
                    (done["width"].as_u64(), done["height"].as_u64()),
                    (Some(width), Some(height)),
                    "{case}"
                );
                let variants = done["variants"].as_array().unwrap();
                match fallback {
                    None => assert!(variants.is_empty(), "{case}: used as it is"),
                    Some(mime) => {
                        assert!(
                            variants.iter().any(|v| v["mime"] == mime),
                            "{case}: {mime} fallback: {done}"
                        );
                        for v in variants {
                            let (_, bytes) = fetch(&app, v["url"].as_str().unwrap()).await;
                            image::load_from_memory(&bytes)
                                .unwrap_or_else(|e| panic!("{case}: {v}: {e}"));
                        }
                    }
                }
            }
        }
    }
    let (status, body) = read(
        app.api(Method::POST, "/blob-upload")
            .bearer_auth(&token)
            .header("accept-language", "ar")
            .multipart(reqwest::multipart::Form::new().part(
                "file",
                reqwest::multipart::Part::bytes(decompression_bomb()).file_name("bomb.png"),
            ))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "أبعاد الصورة 50000 × 50000 بكسل. الحد الأقصى المقبول 40 ميغابكسل: يرجى رفع صورة أصغر."
    );
    let health = app
        .client
        .get(format!("{}/healthz", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(health.status(), 200, "the server is well after all of them");
}

#[tokio::test]
async fn images_uploaded_before_variants_existed_are_stripped_and_given_variants_by_the_command() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    // A photograph stored the old way: as uploaded, location and all, under its hash.
    let name = "0123456789abcdef0123456789abcdef.jpg";
    std::fs::write(
        app.data_dir.path().join("media").join(name),
        fixture("located.jpg"),
    )
    .unwrap();
    let mut post = blog("Before the pipeline", 1);
    post["image_url"] = json!(format!("/media/{name}"));
    let (status, _) = read(app.send_as(&token, Method::POST, "/blog", &post).await).await;
    assert_eq!(status, 201);

    let output = concierge(&app, &["media", "variants"], &[], "");

    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.contains("1 images uploaded before variants existed were recorded"),
        "{stdout}"
    );
    let original = std::fs::read(app.data_dir.path().join("media").join(name)).unwrap();
    assert!(
        !holds(&original, SECRET),
        "stripped in place: its URL stays"
    );
    let done = processed(&app, &format!("/media/{name}")).await;
    assert_eq!(done["status"], "ready", "{done}");
    assert_eq!(done["variants"].as_array().unwrap().len(), 6);

    let again = concierge(&app, &["media", "variants"], &[], "");
    assert!(
        String::from_utf8_lossy(&again.stdout).contains("0 photographs processed"),
        "nothing twice"
    );
}

fn peak_rss(pid: u32) -> u64 {
    peak_rss_kib(pid) * 1024
}

/// A 24-megapixel camera photograph (6000 × 4000, smooth light and grain, JPEG quality 90).
pub fn camera_photo() -> Vec<u8> {
    let (w, h) = (6000u32, 4000u32);
    let image = image::RgbImage::from_fn(w, h, |x, y| {
        let grain = (x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503)) >> 28;
        image::Rgb([
            (40 + x * 180 / w + grain) as u8,
            (60 + y * 120 / h + grain) as u8,
            (90 + (x + y) * 60 / (w + h)) as u8,
        ])
    });
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 90)
        .encode_image(&image)
        .unwrap();
    out
}

/// The bound stated in `media::photo`: one image at a time, its decoded pixels at most 128 MiB,
/// plus its conversion and variants. The server's own peak (pages, caches) is measured first.
const IMAGE_MEMORY_BOUND: u64 = 256 * 1024 * 1024;

#[tokio::test]
async fn processing_a_24_megapixel_photograph_and_a_bomb_stays_within_the_memory_bound() {
    let (_dir, _, server, token) = served().await;
    let photo = camera_photo();
    assert!(photo.len() < 20 * 1024 * 1024, "{} bytes", photo.len());
    let before = peak_rss(server.pid());

    let send = |name: &'static str, bytes: Vec<u8>| {
        server
            .api(Method::POST, "/blob-upload")
            .bearer_auth(&token)
            .multipart(reqwest::multipart::Form::new().part(
                "file",
                reqwest::multipart::Part::bytes(bytes).file_name(name),
            ))
            .send()
    };
    let (status, _) = read(send("bomb.png", decompression_bomb()).await.unwrap()).await;
    assert_eq!(status, 400);
    let (status, body) = read(send("camera.jpg", photo).await.unwrap()).await;
    assert_eq!(status, 200, "{body}");
    let name = body["responseData"]
        .as_str()
        .unwrap()
        .trim_start_matches("/media/")
        .to_owned();
    let started = Instant::now();
    loop {
        let (_, info) = read(
            server
                .api(Method::GET, &format!("/media/{name}"))
                .bearer_auth(&token)
                .send()
                .await
                .unwrap(),
        )
        .await;
        let info = &info["responseBody"][0];
        if info["status"] == "ready" {
            assert_eq!(info["variants"].as_array().unwrap().len(), 12, "{info}");
            break;
        }
        assert_ne!(info["status"], "failed", "{info}");
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "not processed: {info}"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }

    let grown = peak_rss(server.pid()).saturating_sub(before);
    println!(
        "peak memory grew by {} MiB for a 24 MP photograph",
        grown / (1024 * 1024)
    );
    assert!(
        grown < IMAGE_MEMORY_BOUND,
        "processing took {} MiB more than the server's own peak, over the {} MiB bound",
        grown / (1024 * 1024),
        IMAGE_MEMORY_BOUND / (1024 * 1024)
    );
}

/// A PNG of `width` × `height` pixels of RGB, 8 bits, made by a real encoder.
fn png_of(width: u32, height: u32, pixel: impl Fn(u32, u32) -> [u8; 3]) -> Vec<u8> {
    let image = image::RgbImage::from_fn(width, height, |x, y| image::Rgb(pixel(x, y)));
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(
            image.as_raw(),
            width,
            height,
            image::ExtendedColorType::Rgb8,
        )
        .unwrap();
    out
}

/// A JPEG photograph of `width` × `height` pixels.
pub fn jpeg_of(width: u32, height: u32) -> Vec<u8> {
    let image = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, 120])
    });
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85)
        .encode_image(&image)
        .unwrap();
    out
}

/// WebP's largest side.
const WEBP_MAX_SIDE: u64 = 16_383;

#[tokio::test]
async fn a_long_screenshot_gets_variants_within_webps_limits_and_the_photograph_after_it_is_processed()
 {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    // A long phone screenshot: 1080 × 17000, taller than WebP can hold.
    let screenshot = png_of(1080, 17_000, |_, y| {
        if (y / 40) % 2 == 0 {
            [250, 250, 250]
        } else {
            [30, 30, 40]
        }
    });
    assert!(screenshot.len() < 20 * 1024 * 1024);

    let (status, tall) = upload(&app, &token, "long.png", "image/png", screenshot).await;
    assert_eq!(status, 200, "{tall}");
    let (status, normal) = upload(&app, &token, "next.jpg", "image/jpeg", jpeg_of(900, 600)).await;
    assert_eq!(status, 200, "{normal}");

    // Its variants are 16 megapixels high and encoded in a debug build: on a busy CI machine,
    // well over a minute.
    let patience = Duration::from_secs(240);
    let tall = processed_within(&app, tall["responseData"].as_str().unwrap(), patience).await;
    let normal = processed_within(&app, normal["responseData"].as_str().unwrap(), patience).await;
    assert_eq!(
        normal["status"], "ready",
        "the photograph after it: {normal}"
    );
    assert_eq!(tall["status"], "ready", "{tall}");
    assert_eq!(
        (tall["width"].as_u64(), tall["height"].as_u64()),
        (Some(1080), Some(17_000))
    );
    let variants = tall["variants"].as_array().unwrap();
    assert!(!variants.is_empty(), "{tall}");
    for v in variants {
        let (w, h) = (v["width"].as_u64().unwrap(), v["height"].as_u64().unwrap());
        assert!(
            w <= WEBP_MAX_SIDE && h <= WEBP_MAX_SIDE,
            "within WebP's limits: {v}"
        );
        let (_, bytes) = fetch(&app, v["url"].as_str().unwrap()).await;
        let decoded = image::load_from_memory(&bytes).unwrap_or_else(|e| panic!("{v}: {e}"));
        assert_eq!(
            (decoded.width() as u64, decoded.height() as u64),
            (w, h),
            "{v}"
        );
    }
    let top = variants
        .iter()
        .map(|v| v["width"].as_u64().unwrap())
        .max()
        .unwrap();
    assert_eq!(
        top, 1040,
        "the widest variant as tall as WebP allows: {tall}"
    );
}

#[tokio::test]
async fn a_photograph_claimed_again_and_again_without_finishing_is_marked_failed_not_retried_for_ever()
 {
    let app = crate::helpers::spawn_app_with(|s| s.publish_worker = false).await;
    let token = app.admin_token().await;
    let (_, body) = upload(&app, &token, "crash.jpg", "image/jpeg", jpeg_of(640, 480)).await;
    let url = body["responseData"].as_str().unwrap().to_owned();
    let name = url.trim_start_matches("/media/").to_owned();
    let policy = concierge::config::RetryPolicy::default();
    // What processes killed while making its variants leave behind: the photograph claimed as
    // many times as the policy allows, the last claim run out.
    app.db
        .write
        .execute_unprepared(&format!(
            "UPDATE media_images SET attempts = {}, claimed_by = 'gone', \
             claimed_until = '2001-01-01 00:00:00' WHERE name = '{name}'",
            policy.max_attempts
        ))
        .await
        .unwrap();
    let media = concierge::store::blobs::BlobStore::open(&format!(
        "file://{}",
        app.data_dir.path().join("media").display()
    ))
    .unwrap();

    let done = concierge::media::variants::drain(&app.db, &media, "next", policy)
        .await
        .unwrap();

    assert_eq!(done.len(), 1, "{done:?}");
    assert!(
        matches!(&done[0].1, concierge::media::variants::Outcome::Failed(_)),
        "{done:?}"
    );
    let (_, shown) = info(&app, &url).await;
    assert_eq!(shown["status"], "failed", "{shown}");
    assert!(
        shown["error"].as_str().is_some_and(|e| !e.is_empty()),
        "with a reason: {shown}"
    );
}

/// The 40,000,000 × 1 PNG of the attack review (117 KB), made by a real encoder.
fn forty_million_by_one() -> Vec<u8> {
    let row = vec![0u8; 3 * 40_000_000];
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(&row, 40_000_000, 1, image::ExtendedColorType::Rgb8)
        .unwrap();
    out
}

#[tokio::test]
async fn a_40_million_by_1_png_is_refused_from_its_header_with_a_clear_message() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let real = forty_million_by_one();
    // Its header and the start of its pixels only: an answer about its shape (not "damaged")
    // shows the decision was made from the header, before any pixel was decoded.
    let header_only = real[..200].to_vec();
    let message = "The image is 40000000 × 1 pixels: too long and narrow for a page. \
                   The longer side may be at most 50 times the shorter: please crop it.";

    for (case, bytes) in [("header only", header_only), ("whole file", real)] {
        let (status, body) = upload(&app, &token, "strip.png", "image/png", bytes).await;
        assert_eq!(status, 400, "{case}: {body}");
        assert_eq!(body["message"], message, "{case}");
        assert_eq!(body["errors"]["file"], message, "{case}");
    }
    let (status, body) = read(
        app.api(Method::POST, "/blob-upload")
            .bearer_auth(&token)
            .header("accept-language", "ar")
            .multipart(
                reqwest::multipart::Form::new().part(
                    "file",
                    reqwest::multipart::Part::bytes(png_of(10, 2000, |_, _| [9, 9, 9]))
                        .file_name("tall.png"),
                ),
            )
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["message"],
        "أبعاد الصورة 10 × 2000 بكسل: وهي أطول وأضيق من أن تُعرض في صفحة. \
         يجب ألا يزيد الضلع الأطول على 50 ضعف الضلع الأقصر: يرجى قصّها."
    );
}

/// A 6320 × 6320 PNG of 16-bit RGB (39.9 megapixels), written a row at a time.
fn sixteen_bit_39_9_megapixels() -> Vec<u8> {
    let side = 6320u32;
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, side, side);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Sixteen);
        let mut writer = encoder.write_header().unwrap();
        let mut stream = writer.stream_writer().unwrap();
        let mut row = vec![0u8; side as usize * 6];
        for y in 0..side {
            if y % 64 == 0 {
                let v = ((y / 64) as u16 * 600).to_be_bytes();
                for pixel in row.chunks_exact_mut(6) {
                    pixel.copy_from_slice(&[v[0], v[1], 0x80, 0, 0x40, 0]);
                }
            }
            std::io::Write::write_all(&mut stream, &row).unwrap();
        }
        stream.finish().unwrap();
    }
    out
}

#[tokio::test]
async fn a_16_bit_png_of_39_9_megapixels_is_accepted_and_processed_within_the_bound() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let png = sixteen_bit_39_9_megapixels();
    assert!(png.len() < 20 * 1024 * 1024, "{} bytes", png.len());

    let (status, body) = upload(&app, &token, "deep.png", "image/png", png).await;

    assert_eq!(status, 200, "within 40 megapixels: {body}");
    let url = body["responseData"].as_str().unwrap();
    let done = processed_within(&app, url, Duration::from_secs(240)).await;
    assert_eq!(done["status"], "ready", "{done}");
    assert_eq!(
        (done["width"].as_u64(), done["height"].as_u64()),
        (Some(6320), Some(6320))
    );
}

/// Makes variants like the server, except that a photograph 641 pixels wide makes it panic
/// (as a codec's bug would).
fn render_panicking_on_641_wide(
    name: &str,
    bytes: &[u8],
    kind: concierge::media::Kind,
) -> Result<concierge::media::photo::Rendered, concierge::media::photo::Refusal> {
    let header = concierge::media::photo::inspect(bytes, kind)?;
    if header.width == 641 {
        panic!("a codec's bug");
    }
    concierge::media::photo::render(name, bytes, kind)
}

#[tokio::test]
async fn a_photograph_whose_processing_panics_is_marked_failed_and_the_next_one_is_processed() {
    let app = crate::helpers::spawn_app_with(|s| s.publish_worker = false).await;
    let token = app.admin_token().await;
    let (_, first) = upload(&app, &token, "bug.jpg", "image/jpeg", jpeg_of(641, 480)).await;
    let (_, second) = upload(&app, &token, "fine.jpg", "image/jpeg", jpeg_of(640, 480)).await;
    let media = concierge::store::blobs::BlobStore::open(&format!(
        "file://{}",
        app.data_dir.path().join("media").display()
    ))
    .unwrap();

    let done = concierge::media::variants::drain_with(
        &app.db,
        &media,
        "worker",
        concierge::config::RetryPolicy::default(),
        render_panicking_on_641_wide,
    )
    .await
    .unwrap();

    assert_eq!(done.len(), 2, "both processed: {done:?}");
    let (_, crashed) = info(&app, first["responseData"].as_str().unwrap()).await;
    assert_eq!(crashed["status"], "failed", "{crashed}");
    assert_eq!(
        crashed["error"],
        "The server could not make this image's smaller sizes, so pages show it as it was \
         uploaded. Please export it again (or as a JPEG) and upload it."
    );
    let (_, fine) = info(&app, second["responseData"].as_str().unwrap()).await;
    assert_eq!(fine["status"], "ready", "{fine}");
    assert_eq!(
        app.count("media_images WHERE status = 'pending'").await,
        0,
        "nothing is left waiting"
    );
}
