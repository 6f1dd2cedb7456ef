//! Health, API key, docs, error bodies and bad input.

use reqwest::Method;
use serde_json::json;

use crate::helpers::{read, spawn_app, spawn_app_with};

#[tokio::test]
async fn healthz_answers_200_when_the_database_answers() {
    let app = spawn_app().await;
    let response = app
        .client
        .get(format!("{}/healthz", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
}

#[tokio::test]
async fn requests_without_or_with_a_wrong_api_key_get_401_json() {
    let app = spawn_app().await;
    for key in [None, Some("wrong")] {
        let mut request = app.client.get(format!("{}/api/v1/blog", app.address));
        if let Some(key) = key {
            request = request.header("x-api-key", key);
        }
        let (status, body) = read(request.send().await.unwrap()).await;
        assert_eq!(status, 401, "key {key:?}");
        assert_eq!(body["message"], "Missing or invalid API key (x-api-key).");
    }
}

#[tokio::test]
async fn the_openapi_document_lists_every_endpoint_and_the_docs_page_is_served() {
    let app = spawn_app().await;
    let doc = app.openapi().await;
    let paths = doc["paths"].as_object().expect("paths");
    for path in [
        "/api/v1/authenticate",
        "/api/v1/logout",
        "/api/v1/our-services/display/display-order",
        "/api/v1/our-services/{id}",
        "/api/v1/list-of-services/display-order/{serviceId}",
        "/api/v1/blog",
        "/api/v1/blog/{id}",
        "/api/v1/client-reviewes/display-order",
        "/api/v1/flashy-banner/update-flashy-banner-by-id/{id}",
        "/api/v1/general-content-section/{id}",
        "/api/v1/contact-us",
        "/api/v1/subscription/{id}",
        "/api/v1/publish/status",
    ] {
        assert!(
            paths.contains_key(path),
            "{path} missing from the OpenAPI document"
        );
    }
    let page = app
        .client
        .get(format!("{}/api/docs/", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status().as_u16(), 200);
    let html = page.text().await.unwrap();
    assert!(
        html.contains("swagger-ui"),
        "the vendored Swagger UI is served"
    );
    assert!(
        !html.contains("unpkg.com") && !html.contains("cdn.jsdelivr"),
        "no third-party host"
    );
    // The page reads the document from its URL, as written once: the same bytes each time.
    let initializer = app
        .client
        .get(format!("{}/api/docs/swagger-initializer.js", app.address))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        initializer.contains("\"/api/v1/openapi.json\""),
        "{initializer}"
    );
    assert_eq!(app.openapi().await, doc);
    let redirect = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(format!("{}/api/docs", app.address))
        .send()
        .await
        .unwrap();
    assert!(redirect.status().is_redirection());
}

#[tokio::test]
async fn unknown_paths_get_404_and_unsupported_methods_405_with_allow() {
    let app = spawn_app().await;
    for (method, path) in [(Method::GET, "/nope"), (Method::GET, "/blog/1/extra")] {
        let (status, body) = read(app.api(method.clone(), path).send().await.unwrap()).await;
        assert_eq!(status, 404, "{method} {path}");
        assert!(body["message"].is_string());
    }
    let cases = [
        (Method::PATCH, "/blog", "GET, POST"),
        (Method::TRACE, "/publish/status", "GET"),
        (Method::POST, "/blog/7", "GET, PUT, DELETE"),
        // Literal paths beside an `/{id}` route are routes of their own.
        (Method::PUT, "/client-reviewes/display-order", "GET"),
        (Method::DELETE, "/contact-us/export", "GET"),
        (Method::PUT, "/contact-us/export", "GET"),
        (Method::DELETE, "/our-services/display/display-order", "GET"),
    ];
    for (method, path, allow) in cases {
        let response = app.api(method.clone(), path).send().await.unwrap();
        assert_eq!(response.headers()["allow"], allow, "{method} {path}");
        let (status, body) = read(response).await;
        assert_eq!(
            (status, body["message"].as_str().unwrap()),
            (405, "This method is not allowed here."),
            "{method} {path}"
        );
    }
}

#[tokio::test]
async fn bad_input_gets_a_clear_4xx_and_never_a_500() {
    let app = spawn_app().await;
    let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    let huge = "x".repeat(4 * 1024 * 1024);
    let cases: Vec<(&str, Vec<u8>, &str, u16)> = vec![
        (
            "malformed JSON",
            b"{\"email\": ".to_vec(),
            "application/json",
            400,
        ),
        (
            "wrong content type",
            b"email=a@b.co".to_vec(),
            "application/x-www-form-urlencoded",
            415,
        ),
        (
            "invalid UTF-8",
            vec![b'{', b'"', b'e', b'"', b':', b'"', 0xff, 0xfe, b'"', b'}'],
            "application/json",
            400,
        ),
        (
            "deeply nested JSON",
            deep.into_bytes(),
            "application/json",
            400,
        ),
        (
            "oversized body",
            format!("{{\"email\":\"{huge}\"}}").into_bytes(),
            "application/json",
            413,
        ),
        (
            "a JSON array instead of an object",
            b"[1,2]".to_vec(),
            "application/json",
            400,
        ),
        (
            "a boolean where text belongs",
            b"{\"email\": true}".to_vec(),
            "application/json",
            400,
        ),
    ];
    for (why, bytes, content_type, expected) in cases {
        let response = app
            .api(Method::POST, "/subscription")
            .header("content-type", content_type)
            .body(bytes)
            .send()
            .await
            .unwrap();
        let (status, body) = read(response).await;
        assert_eq!(status, expected, "{why}: {body}");
        assert!(
            body["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{why}"
        );
    }
}

#[tokio::test]
async fn malformed_ids_and_query_values_get_400_and_unknown_ids_404() {
    let app = spawn_app().await;
    for path in [
        "/blog/abc",
        "/blog/-1",
        "/blog/0",
        "/blog/99999999999999",
        "/blog/..%2F..%2Fetc%2Fpasswd",
        "/blog?page=0",
        "/blog?page=-2",
        "/blog?size=abc",
        "/blog?page=99999999999999999999",
    ] {
        let (status, body) = read(app.get(path).await).await;
        assert_eq!(status, 400, "{path}: {body}");
    }
    let (status, body) = read(app.get("/blog/4242").await).await;
    assert_eq!(status, 404);
    assert_eq!(body["message"], "Blog not found");
}

#[tokio::test]
async fn text_with_a_nul_character_is_refused_not_stored() {
    let app = spawn_app().await;
    let mut body = crate::helpers::contact();
    body["subject"] = json!("Hello\u{0000}there");
    let (status, body) = read(app.post("/contact-us", &body).await).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["errors"]["subject"],
        "Subject contains characters that are not allowed."
    );
    assert_eq!(app.count("contact_us").await, 0);
}

#[tokio::test]
async fn the_admin_app_is_served_with_a_client_side_route_fallback_and_its_config() {
    let build = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(build.path().join("assets")).unwrap();
    std::fs::write(
        build.path().join("index.html"),
        "<!doctype html><title>Admin</title>",
    )
    .unwrap();
    std::fs::write(build.path().join("assets/app-1a2b.js"), "console.log(1)").unwrap();
    let dir = build.path().to_path_buf();
    let app = spawn_app_with(|s| s.admin_dir = dir).await;
    let get = |path: &str| app.client.get(format!("{}{path}", app.address)).send();

    let asset = get("/admin/assets/app-1a2b.js").await.unwrap();
    assert_eq!(asset.status().as_u16(), 200);
    assert!(
        asset.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable")
    );
    assert!(
        asset.headers()["content-type"]
            .to_str()
            .unwrap()
            .contains("javascript")
    );
    for route in [
        "/admin",
        "/admin/blogs",
        "/admin/addblog/3",
        "/admin/..%2F..%2Fetc%2Fpasswd",
    ] {
        let page = get(route).await.unwrap();
        assert_eq!(page.status().as_u16(), 200, "{route}");
        assert!(
            page.text().await.unwrap().contains("<title>Admin</title>"),
            "{route}"
        );
    }
    let config: serde_json::Value = get("/admin/config.json")
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(config["apiKey"], app.api_key.as_str());
    assert_eq!(config["apiBase"], "/api/v1");
}

#[tokio::test]
async fn a_missing_admin_build_says_how_to_build_it() {
    let app = spawn_app_with(|s| s.admin_dir = "/nonexistent/admin".into()).await;
    let page = app
        .client
        .get(format!("{}/admin/blogs", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status().as_u16(), 503);
    assert!(page.text().await.unwrap().contains("just admin-build"));
}

#[tokio::test]
async fn a_sqlite_file_locked_by_another_process_gives_503_and_healthz_says_so() {
    if crate::helpers::postgres() {
        return; // A SQLite matter: PostgreSQL's locks are the database's own.
    }
    use sea_orm::{ConnectionTrait, TransactionTrait};
    let app = spawn_app().await;
    let token = app.admin_token().await;
    // The first build done: what follows is about the lock, not a build it would hold up.
    crate::edge::settled(&app, &token).await;
    assert_eq!(
        app.client
            .get(format!("{}/healthz", app.address))
            .send()
            .await
            .unwrap()
            .status(),
        200
    );
    // Another process (here: another connection to the same file) holds the write lock.
    let other = sea_orm::Database::connect(&app.database_url).await.unwrap();
    let lock = other.begin().await.unwrap();
    lock.execute_unprepared("UPDATE publish_lease SET holder = holder")
        .await
        .unwrap();

    let started = std::time::Instant::now();
    let health = app
        .client
        .get(format!("{}/healthz", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(health.status().as_u16(), 503);
    let ready = app
        .client
        .get(format!("{}/readyz", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(
        ready.status().as_u16(),
        503,
        "not ready while the database is locked"
    );
    let (_, ready) = read(ready).await;
    assert!(
        ready["reason"]
            .as_str()
            .unwrap()
            .starts_with("database unavailable"),
        "{ready}"
    );
    // Both probes within their wait for the write connection (queued writers each wait the
    // busy timeout behind the lock) and their own second for the lock, twice, plus slack.
    let bound = (concierge::routes::health::PROBE_WAIT + std::time::Duration::from_secs(1)) * 2
        + std::time::Duration::from_secs(2);
    assert!(
        started.elapsed() < bound,
        "healthz and readyz tell within {bound:?}"
    );
    let response = app
        .send_as(
            &token,
            Method::POST,
            "/blog",
            &crate::helpers::blog("Locked out", 1),
        )
        .await;
    assert_eq!(response.status().as_u16(), 503);
    assert!(response.headers().contains_key("retry-after"));
    let (_, body) = read(response).await;
    assert!(body["message"].is_string());

    lock.rollback().await.unwrap();
    for probe in ["/healthz", "/readyz"] {
        let (status, body) = read(
            app.client
                .get(format!("{}{probe}", app.address))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200, "{probe} after the lock is gone: {body}");
    }
    let (status, _) = read(
        app.send_as(
            &token,
            Method::POST,
            "/blog",
            &crate::helpers::blog("Unlocked", 1),
        )
        .await,
    )
    .await;
    assert_eq!(status, 201);
}

#[tokio::test]
async fn the_admin_cannot_be_framed_and_the_site_carries_its_policies() {
    let app = spawn_app().await;
    crate::site::site_ready(&app).await;
    let admin = app
        .client
        .get(format!("{}/admin", app.address))
        .send()
        .await
        .unwrap();
    let policy = admin.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    for directive in [
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'none'",
        "script-src 'self'",
    ] {
        assert!(policy.contains(directive), "{policy}");
    }
    assert_eq!(admin.headers()["x-frame-options"], "DENY");
    assert!(admin.headers().contains_key("permissions-policy"));

    let page = app
        .client
        .get(format!("{}/about", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(
        page.headers()["content-security-policy"],
        "frame-ancestors 'self'"
    );
    assert!(
        page.headers()["permissions-policy"]
            .to_str()
            .unwrap()
            .contains("camera=()")
    );
    assert!(
        !page.headers().contains_key("strict-transport-security"),
        "not over plain HTTP"
    );
    let html = page.text().await.unwrap();
    assert!(html.contains(r#"<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-"#));

    let https = spawn_app_with(|s| s.site_url = "https://concierge.example".into()).await;
    crate::site::site_ready(&https).await;
    let page = https
        .client
        .get(format!("{}/about", https.address))
        .send()
        .await
        .unwrap();
    assert_eq!(
        page.headers()["strict-transport-security"],
        "max-age=31536000; includeSubDomains"
    );
}
