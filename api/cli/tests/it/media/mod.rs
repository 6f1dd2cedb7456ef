//! Uploads and media serving, on the local store and on a real S3-compatible server.

use reqwest::multipart::{Form, Part};
use reqwest::{Body, Method};

use crate::helpers::{TestApp, build_app_with, read, spawn_app, spawn_app_with};
use crate::s3::S3Server;

/// A 1×1 PNG.
pub const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
    0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
    0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];
const EVIL_SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(document.cookie)</script><rect width="10" height="10" fill="#C9A227"/></svg>"##;

pub async fn upload(
    app: &TestApp,
    token: &str,
    name: &str,
    mime: &str,
    bytes: Vec<u8>,
) -> (u16, serde_json::Value) {
    let form = Form::new().part(
        "file",
        Part::bytes(bytes)
            .file_name(name.to_owned())
            .mime_str(mime)
            .unwrap(),
    );
    read(
        app.api(Method::POST, "/blob-upload")
            .bearer_auth(token)
            .multipart(form)
            .send()
            .await
            .unwrap(),
    )
    .await
}

#[tokio::test]
async fn the_type_comes_from_the_bytes_not_the_name_or_the_declared_type() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (status, body) = upload(&app, &token, "photo.mp4", "video/mp4", PNG.to_vec()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], 200);
    assert!(
        body["responseData"].as_str().unwrap().ends_with(".png"),
        "{body}"
    );

    let (status, body) = upload(&app, &token, "clip.png", "image/png", located_mp4(true)).await;
    assert_eq!(status, 200);
    assert!(body["responseData"].as_str().unwrap().ends_with(".mp4"));

    for (name, mime, bytes) in [
        (
            "page.png",
            "image/png",
            b"<!doctype html><html><script>alert(1)</script></html>".to_vec(),
        ),
        ("doc.pdf", "application/pdf", b"%PDF-1.7 ...".to_vec()),
        ("anim.gif", "image/gif", b"GIF89a\x01\x00\x01\x00".to_vec()),
        (
            "movie.mov",
            "video/mp4",
            b"\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00qt  ".to_vec(),
        ),
    ] {
        let (status, body) = upload(&app, &token, name, mime, bytes).await;
        assert_eq!(status, 415, "{name}");
        assert_eq!(
            body["message"],
            "Invalid file type. Only JPG, PNG, WebP, AVIF, SVG, MP4, WebM, and OGG are allowed."
        );
    }
}

#[tokio::test]
async fn svg_is_sanitised_before_it_is_stored_and_served_with_a_script_blocking_policy() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (status, body) = upload(
        &app,
        &token,
        "logo.svg",
        "image/svg+xml",
        EVIL_SVG.as_bytes().to_vec(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let url = body["responseData"].as_str().unwrap();
    let response = app
        .client
        .get(format!("{}{url}", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["content-type"], "image/svg+xml");
    assert!(
        response.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .contains("default-src 'none'")
    );
    let stored = response.text().await.unwrap();
    assert!(
        !stored.contains("script") && !stored.contains("onload"),
        "{stored}"
    );
    assert!(stored.contains("<rect"), "{stored}");
}

#[tokio::test]
async fn media_is_served_with_its_type_nosniff_long_caching_and_ranges() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (_, body) = upload(&app, &token, "p.png", "image/png", PNG.to_vec()).await;
    let url = format!("{}{}", app.address, body["responseData"].as_str().unwrap());
    let response = app.client.get(&url).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(response.headers()["content-type"], "image/png");
    assert_eq!(response.headers()["x-content-type-options"], "nosniff");
    assert!(
        response.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("max-age=31536000")
    );
    assert_eq!(response.bytes().await.unwrap().as_ref(), PNG);

    let partial = app
        .client
        .get(&url)
        .header("range", "bytes=0-7")
        .send()
        .await
        .unwrap();
    assert_eq!(partial.status().as_u16(), 206);
    assert_eq!(
        partial.headers()["content-range"],
        format!("bytes 0-7/{}", PNG.len()).as_str()
    );
    assert_eq!(partial.bytes().await.unwrap().as_ref(), &PNG[..8]);

    for missing in [
        "/media/0123456789abcdef0123456789abcdef.png",
        "/media/..%2Fconcierge.db",
        "/media/x.exe",
    ] {
        assert_eq!(
            app.client
                .get(format!("{}{missing}", app.address))
                .send()
                .await
                .unwrap()
                .status()
                .as_u16(),
            404,
            "{missing}"
        );
    }
}

#[tokio::test]
async fn the_same_bytes_uploaded_twice_are_stored_once() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (_, first) = upload(&app, &token, "a.png", "image/png", PNG.to_vec()).await;
    let (_, second) = upload(&app, &token, "b.png", "image/png", PNG.to_vec()).await;
    assert_eq!(first["responseData"], second["responseData"]);
    // Its variants (`<hash>-<width>w.<ext>`) are made beside it, in the background.
    let originals = std::fs::read_dir(app.data_dir.path().join("media"))
        .unwrap()
        .filter(|f| {
            !f.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .contains('-')
        })
        .count();
    assert_eq!(originals, 1);
}

#[tokio::test]
async fn a_streamed_body_over_20_mb_is_refused_with_413_without_being_kept() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    // 21 MB in 1 MB chunks, with no declared length: the limit is enforced while streaming.
    let chunks = (0..21).map(|i| {
        let mut chunk = vec![0u8; 1024 * 1024];
        if i == 0 {
            chunk[..PNG.len()].copy_from_slice(PNG);
        }
        Ok::<_, std::io::Error>(chunk)
    });
    let part = Part::stream(Body::wrap_stream(futures_util::stream::iter(chunks)))
        .file_name("big.png")
        .mime_str("image/png")
        .unwrap();
    let response = app
        .api(Method::POST, "/blob-upload")
        .bearer_auth(&token)
        .multipart(Form::new().part("file", part))
        .send()
        .await;
    match response {
        Ok(response) => {
            let (status, body) = read(response).await;
            assert_eq!(status, 413);
            assert_eq!(
                body["message"],
                "File is too large. Maximum size allowed is 20MB."
            );
        }
        // The server may close the connection before the client has finished sending.
        Err(e) => assert!(e.is_request() || e.is_body(), "{e}"),
    }
    let media = app.data_dir.path().join("media");
    assert_eq!(
        std::fs::read_dir(media).map(|d| d.count()).unwrap_or(0),
        0,
        "nothing stored"
    );

    // A declared length over the limit is refused before the body is read.
    let (status, body) = read(
        app.api(Method::POST, "/blob-upload")
            .bearer_auth(&token)
            .header("content-type", "multipart/form-data; boundary=x")
            .header("content-length", (200u64 * 1024 * 1024).to_string())
            .body(Vec::<u8>::new())
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (413, "File is too large. Maximum size allowed is 20MB.")
    );
}

#[tokio::test]
async fn uploads_need_an_administrator_and_a_file_field() {
    let app = spawn_app().await;
    let form = Form::new().part("file", Part::bytes(PNG.to_vec()).file_name("a.png"));
    let (status, _) = read(
        app.api(Method::POST, "/blob-upload")
            .multipart(form)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 401);
    let token = app.admin_token().await;
    let refused = async |form: Form| {
        let response = app
            .api(Method::POST, "/blob-upload")
            .bearer_auth(&token)
            .multipart(form)
            .send()
            .await
            .unwrap();
        let (status, body) = read(response).await;
        assert_eq!(status, 400, "{body}");
        body["message"].as_str().unwrap().to_owned()
    };
    assert_eq!(
        refused(Form::new().text("other", "x")).await,
        "Please choose a file to upload (multipart field \"file\")."
    );
    // The file and anything else: refused, so a client learns its extra fields are ignored.
    let with_caption = Form::new()
        .part("file", Part::bytes(PNG.to_vec()).file_name("a.png"))
        .text("caption", "Majlis at dusk");
    assert_eq!(
        refused(with_caption).await,
        "Send one file and nothing else, in the multipart field \"file\"."
    );
    let (status, _) = read(
        app.api(Method::POST, "/blob-upload")
            .bearer_auth(&token)
            .json(&serde_json::json!({}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn uploads_go_to_an_s3_bucket_and_are_served_back_from_it() {
    let s3 = S3Server::start().await;
    let overrides = s3.bucket("concierge-media").await;
    let app = spawn_app_with(|s| {
        s.media_store = "s3://concierge-media/uploads".into();
        s.s3_overrides = Some(overrides);
    })
    .await;
    let token = app.admin_token().await;
    let (status, first) = upload(&app, &token, "a.png", "image/png", PNG.to_vec()).await;
    assert_eq!(status, 200, "{first}");
    let (_, second) = upload(&app, &token, "b.png", "image/png", PNG.to_vec()).await;
    assert_eq!(
        first["responseData"], second["responseData"],
        "deduplicated in the bucket too"
    );
    let (_, svg) = upload(
        &app,
        &token,
        "x.svg",
        "image/svg+xml",
        EVIL_SVG.as_bytes().to_vec(),
    )
    .await;

    let keys = s3.keys("concierge-media").await;
    let originals = keys.iter().filter(|k| !k.contains('-')).count();
    assert_eq!(originals, 2, "{keys:?}");
    assert!(keys.iter().all(|k| k.starts_with("uploads/")), "{keys:?}");

    let url = format!("{}{}", app.address, first["responseData"].as_str().unwrap());
    let response = app.client.get(&url).send().await.unwrap();
    assert_eq!(response.headers()["content-type"], "image/png");
    assert_eq!(response.bytes().await.unwrap().as_ref(), PNG);
    let served = app
        .client
        .get(format!(
            "{}{}",
            app.address,
            svg["responseData"].as_str().unwrap()
        ))
        .send()
        .await
        .unwrap();
    assert!(!served.text().await.unwrap().contains("script"));

    // The photograph's variants are made into the bucket too, and served from it.
    let stem = first["responseData"].as_str().unwrap();
    let stem = stem.trim_start_matches("/media/").trim_end_matches(".png");
    let started = std::time::Instant::now();
    let variant = loop {
        let keys = s3.keys("concierge-media").await;
        if let Some(key) = keys
            .iter()
            .find(|k| k.ends_with(&format!("{stem}-1w.webp")))
        {
            break key.trim_start_matches("uploads/").to_owned();
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "no variants in the bucket: {keys:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    };
    let response = app
        .client
        .get(format!("{}/media/{variant}", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/webp");
}

#[tokio::test]
async fn seeding_stores_the_demo_artwork_in_an_s3_bucket() {
    let s3 = S3Server::start().await;
    let overrides = s3.bucket("concierge-seed").await;
    let app = spawn_app_with(|s| {
        s.media_store = "s3://concierge-seed".into();
        s.s3_overrides = Some(overrides.clone());
    })
    .await;
    let mut settings = concierge::config::Settings::for_data_dir(
        app.data_dir.path().to_path_buf(),
        Some(app.database_url.clone()),
    )
    .unwrap();
    settings.media_store = "s3://concierge-seed".into();
    settings.s3_overrides = Some(overrides);
    concierge::seed::run(&app.db, &settings).await.unwrap();
    assert!(s3.keys("concierge-seed").await.len() >= 40);
    let (_, services) = read(app.get("/our-services").await).await;
    let image = services["responseBody"]["result"][0]["image_url"]
        .as_str()
        .unwrap()
        .to_owned();
    let response = app
        .client
        .get(format!("{}{image}", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(response.headers()["content-type"], "image/svg+xml");
}

#[tokio::test]
async fn head_requests_answer_like_get_and_huge_ranges_do_not_overflow() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (_, body) = upload(&app, &token, "a.png", "image/png", PNG.to_vec()).await;
    let url = format!("{}{}", app.address, body["responseData"].as_str().unwrap());
    let head = app.client.head(&url).send().await.unwrap();
    assert_eq!(head.status().as_u16(), 200, "HEAD {url}");
    assert_eq!(
        head.headers()["content-length"],
        PNG.len().to_string().as_str()
    );
    assert_eq!(head.headers()["content-type"], "image/png");
    assert!(head.bytes().await.unwrap().is_empty());

    for admin in ["/admin", "/admin/blogs"] {
        let get = app
            .client
            .get(format!("{}{admin}", app.address))
            .send()
            .await
            .unwrap();
        let head = app
            .client
            .head(format!("{}{admin}", app.address))
            .send()
            .await
            .unwrap();
        assert_eq!(head.status(), get.status(), "HEAD {admin}");
    }

    let ranged = app
        .client
        .get(&url)
        .header("range", "bytes=0-18446744073709551615")
        .send()
        .await
        .unwrap();
    assert_eq!(ranged.status().as_u16(), 206);
    assert_eq!(
        ranged.bytes().await.unwrap().as_ref(),
        PNG,
        "the end is the file's end"
    );
}

#[tokio::test]
async fn an_extra_multipart_part_is_refused_without_being_read() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    // The file, then a second part that never ends.
    let endless = futures_util::stream::iter(std::iter::repeat_with(|| {
        Ok::<_, std::io::Error>(vec![b'x'; 64 * 1024])
    }));
    let extra = Part::stream(Body::wrap_stream(endless)).file_name("more.bin");
    let form = Form::new()
        .part("file", Part::bytes(PNG.to_vec()).file_name("a.png"))
        .part("extra", extra);
    let request = app
        .api(Method::POST, "/blob-upload")
        .bearer_auth(&token)
        .multipart(form)
        .send();
    let response = tokio::time::timeout(std::time::Duration::from_secs(10), request)
        .await
        .expect("the server answers without reading the endless part");
    match response {
        Ok(response) => assert_eq!(response.status().as_u16(), 400),
        // The server may close the connection before the client has finished sending.
        Err(e) => assert!(e.is_request() || e.is_body(), "{e}"),
    }
}

/// The position written into the test videos' metadata: it must never reach the media store.
const PLACE: &[u8] = b"+25.2048+055.2708/";

#[tokio::test]
async fn a_temporary_file_left_by_a_killed_upload_is_removed_when_the_app_starts() {
    let (app, test_app) = build_app_with(|settings| {
        let tmp = settings.data_dir.join("tmp");
        std::fs::create_dir_all(&tmp).unwrap();
        std::fs::write(tmp.join(".tmpKILLED"), vec![7u8; 1024 * 1024]).unwrap();
    })
    .await;

    let tmp = test_app.data_dir.path().join("tmp");
    assert!(tmp.is_dir(), "the folder stays");
    assert!(!tmp.join(".tmpKILLED").exists(), "the leftover is gone");
    drop(app);
}

#[tokio::test]
async fn an_upload_arrives_in_the_data_directorys_temporary_folder_and_leaves_nothing_there() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let boundary = "----concierge-upload";
    let head = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\n\
         Content-Type: image/png\r\n\r\n"
    );
    let tail = format!("\r\n--{boundary}--\r\n");
    let (first, rest) = PNG.split_at(20);
    let host = app.address.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(host).await.unwrap();
    let request = format!(
        "POST /api/v1/blob-upload HTTP/1.1\r\nHost: {host}\r\nx-api-key: {}\r\n\
         Authorization: Bearer {token}\r\nContent-Type: multipart/form-data; boundary={boundary}\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{head}",
        app.api_key,
        head.len() + PNG.len() + tail.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    stream.write_all(first).await.unwrap();
    stream.flush().await.unwrap();

    // The server holds the first bytes in a temporary file inside the data directory.
    let tmp = app.data_dir.path().join("tmp");
    let started = std::time::Instant::now();
    while std::fs::read_dir(&tmp).map(|d| d.count()).unwrap_or(0) == 0 {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "no temporary file in {}",
            tmp.display()
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    stream.write_all(rest).await.unwrap();
    stream.write_all(tail.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();

    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert_eq!(
        std::fs::read_dir(&tmp).unwrap().count(),
        0,
        "nothing left behind"
    );
}

#[tokio::test]
async fn an_upload_is_recorded_in_the_audit_log() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (_, body) = upload(&app, &token, "p.png", "image/png", PNG.to_vec()).await;
    let name = body["responseData"]
        .as_str()
        .unwrap()
        .trim_start_matches("/media/")
        .to_owned();

    let (status, log) = read(
        app.api(Method::GET, "/audit?size=100")
            .bearer_auth(&token)
            .send()
            .await
            .unwrap(),
    )
    .await;

    assert_eq!(status, 200, "{log}");
    let entry = log["responseBody"]["result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["action"] == "media.uploaded")
        .cloned()
        .unwrap_or_else(|| panic!("no upload in {log}"));
    assert_eq!(entry["actor"], crate::helpers::ADMIN);
    assert_eq!(entry["resource"], "media");
    assert_eq!(entry["resource_id"], name.as_str());
    assert_eq!(entry["detail"]["mime"], "image/png");
}

mod containers;
mod library;
mod uses;

use containers::located_mp4;
