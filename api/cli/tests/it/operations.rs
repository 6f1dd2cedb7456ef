//! Running it as a service: `GET /metrics` (a scrape token or an owner; bounded series whatever
//! visitors ask for), `X-Request-Id` on every answer and in the lines of the work a request
//! causes (`CONCIERGE_LOG_FORMAT=json`), and `/readyz` before the first build. (The real
//! Prometheus and the alerts: `prometheus.rs`; readiness with the disk full and the database
//! locked: `outages.rs`, `platform.rs`.)

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::Value;

use crate::helpers::{TestApp, blog, spawn_app_with};
use concierge::roles::Role;

const SCRAPE: &str = "a scrape token for the tests";

async fn metrics_app() -> TestApp {
    spawn_app_with(|s| s.metrics_token = Some(SCRAPE.to_owned())).await
}

async fn scrape(app: &TestApp, token: Option<&str>) -> (u16, String) {
    let mut request = app.client.get(format!("{}/metrics", app.address));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

/// `promtool check metrics` on `exposition` (Debian's prometheus package has promtool).
pub fn promtool_accepts(exposition: &str) {
    use std::io::Write;
    let mut child = Command::new("promtool")
        .args(["check", "metrics"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("promtool is missing: `just test-deps` installs Debian's prometheus");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(exposition.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "promtool check metrics: {said}");
    // Lint findings (names, help) are printed but do not fail it: none are allowed here.
    assert!(said.trim().is_empty(), "promtool check metrics: {said}");
}

#[tokio::test]
async fn metrics_are_read_with_the_scrape_token_or_an_owners_token_only() {
    let app = metrics_app().await;
    let owner = app.admin_token().await;
    let editor = app.token_for(Role::Editor).await;
    assert_eq!(scrape(&app, None).await.0, 401);
    assert_eq!(scrape(&app, Some("not the token")).await.0, 401);
    let (status, body) = scrape(&app, Some(&editor)).await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = scrape(&app, Some(&owner)).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = scrape(&app, Some(SCRAPE)).await;
    assert_eq!(status, 200);
    for family in [
        "concierge_http_requests_total{",
        "concierge_http_request_duration_seconds_bucket{",
        "concierge_publish_duration_seconds_count",
        "concierge_publish_pages_written_total",
        "concierge_queue_pending{queue=\"publish\"}",
        "concierge_queue_failed{queue=\"messages\"}",
        "concierge_queue_retrying{queue=\"purges\"}",
        "concierge_queue_pending{queue=\"media\"}",
        "concierge_db_pool_connections{pool=\"write\"",
        "concierge_storage_free_bytes{",
        "process_resident_memory_bytes",
    ] {
        assert!(body.contains(family), "{family} in:\n{body}");
    }
    assert!(
        body.contains("route=\"/api/v1/authenticate\",method=\"POST\",status=\"200\""),
        "routes are the router's patterns: {body}"
    );
    promtool_accepts(&body);
}

#[tokio::test]
async fn a_flood_of_distinct_unknown_paths_adds_no_series() {
    let app = metrics_app().await;
    let token = app.admin_token().await;
    let id = app.create_as(&token, "/blog", &blog("Arrivals", 1)).await;
    let paths = |i: usize| {
        vec![
            format!("/nowhere-{i}"),
            format!("/ar/nowhere-{i}/{i}"),
            format!("/api/v1/nowhere-{i}"),
            format!("/api/v1/blog/{}", id + i as i64),
            format!("/%61pi/v1/blog/{i}"),
            format!("/admin/nowhere-{i}"),
            format!("/media/{i:032x}.jpg"),
            format!("/assets/nowhere-{i}.js"),
        ]
    };
    let visit = async |i: usize| {
        for path in paths(i) {
            app.client
                .get(format!("{}{path}", app.address))
                .header("x-api-key", &app.api_key)
                .send()
                .await
                .unwrap();
        }
    };
    // The site built first: until then a page answers 503, after it 404.
    let started = Instant::now();
    while app
        .client
        .get(format!("{}/readyz", app.address))
        .send()
        .await
        .unwrap()
        .status()
        != 200
    {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the site was not built"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Two rounds first make the series a flood can reach (each route's 404, 401, 400…); the
    // numbers are past any id the app holds, as the flood's are.
    visit(1000).await;
    visit(1001).await;
    // A first scrape, so that /metrics' own series are there before the count.
    scrape(&app, Some(SCRAPE)).await;
    let (_, before) = scrape(&app, Some(SCRAPE)).await;
    for i in 1002..1200 {
        visit(i).await;
    }
    let (_, after) = scrape(&app, Some(SCRAPE)).await;
    let series = |body: &str| -> std::collections::BTreeSet<String> {
        body.lines()
            .filter(|l| l.starts_with("concierge_http_"))
            .map(|l| l.split(' ').next().unwrap().to_owned())
            .collect()
    };
    let added: Vec<String> = series(&after)
        .difference(&series(&before))
        .cloned()
        .collect();
    assert!(
        added.is_empty(),
        "1,584 requests for distinct unknown paths added series: {added:#?}"
    );
    for line in after
        .lines()
        .filter(|l| l.starts_with("concierge_http_requests_total"))
    {
        assert!(
            !line.contains("nowhere"),
            "a raw path became a label: {line}"
        );
    }
}

#[tokio::test]
async fn every_answer_carries_a_request_id_and_a_sane_one_sent_is_kept() {
    let app = metrics_app().await;
    for path in [
        "/",
        "/about",
        "/nowhere",
        "/api/v1/blog",
        "/api/v1/nowhere",
        "/healthz",
        "/metrics",
    ] {
        let response = app
            .client
            .get(format!("{}{path}", app.address))
            .send()
            .await
            .unwrap();
        let id = response.headers()["x-request-id"]
            .to_str()
            .unwrap()
            .to_owned();
        assert_eq!(id.len(), 32, "{path}: {id}");
    }
    let sent = |id: &'static str| {
        app.client
            .get(format!("{}/api/v1/blog", app.address))
            .header("x-api-key", &app.api_key)
            .header("x-request-id", id)
            .send()
    };
    let kept = sent("lb-7f3a:42").await.unwrap();
    assert_eq!(kept.headers()["x-request-id"], "lb-7f3a:42");
    let replaced = sent("<script>alert(1)</script>").await.unwrap();
    assert_ne!(
        replaced.headers()["x-request-id"],
        "<script>alert(1)</script>"
    );
}

#[tokio::test]
async fn readyz_says_not_ready_until_the_first_build_and_healthz_stays_live() {
    let app = spawn_app_with(|s| s.publish_worker = false).await;
    let get = async |path: &str| {
        let response = app
            .client
            .get(format!("{}{path}", app.address))
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        let retry = response.headers().contains_key("retry-after");
        let body: Value = response.json().await.unwrap();
        (status, retry, body)
    };
    let (status, retry, body) = get("/readyz").await;
    assert_eq!((status, retry), (503, true), "{body}");
    assert!(
        body["reason"].as_str().unwrap().contains("not built"),
        "{body}"
    );
    assert_eq!(get("/healthz").await.0, 200, "alive all the same");

    let report = crate::publishing::fresh_publisher(&app, None)
        .full_build(&app.db, None)
        .await
        .unwrap();
    assert!(report.failures.is_empty());
    let (status, _, body) = get("/readyz").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], "ready");
}

#[tokio::test]
async fn json_log_lines_parse_and_a_saves_request_id_is_in_the_lines_of_the_publish_it_caused() {
    let dir = tempfile::tempdir().unwrap();
    let url = crate::helpers::fresh_database_url(dir.path()).await;
    crate::faults::create_admin(dir.path(), &url);
    let port = crate::helpers::free_port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_concierge"))
        .arg("serve")
        .env("CONCIERGE_DATA_DIR", dir.path())
        .env("CONCIERGE_DATABASE_URL", &url)
        .env("CONCIERGE_ADDR", format!("127.0.0.1:{port}"))
        .env("CONCIERGE_ISLANDS_DIR", crate::helpers::islands_fixture())
        .env("CONCIERGE_LOG_FORMAT", "json")
        .env("RUST_LOG", "info")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (lines_tx, lines) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if lines_tx.send(line).is_err() {
                break;
            }
        }
    });
    let server = crate::faults::Instance::of(child, port);
    server.ready().await;
    let token = server.token().await;
    let answer = server
        .api(Method::POST, "/blog")
        .bearer_auth(&token)
        .header("x-request-id", "save-of-the-riyadh-guide")
        .json(&blog("A weekend in Riyadh", 1))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 201);
    assert_eq!(answer.headers()["x-request-id"], "save-of-the-riyadh-guide");

    let mut seen: Vec<Value> = Vec::new();
    let started = Instant::now();
    let published = |seen: &[Value]| {
        seen.iter()
            .any(|l| l["msg"] == "published" && l["request_id"] == "save-of-the-riyadh-guide")
    };
    while !published(&seen) {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no publish line with the save's id: {seen:#?}"
        );
        if let Ok(line) = lines.recv_timeout(Duration::from_millis(200)) {
            if !line.starts_with('{') {
                continue; // the start-up's banner on stderr
            }
            let parsed: Value =
                serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
            for key in ["ts", "level", "msg", "target"] {
                assert!(parsed.get(key).is_some(), "{key} in {line}");
            }
            seen.push(parsed);
        }
    }
    let save = seen
        .iter()
        .find(|l| l["msg"] == "answered" && l["request_id"] == "save-of-the-riyadh-guide")
        .expect("the save's own line");
    assert_eq!(save["route"], "/api/v1/blog");
    assert_eq!(save["status"], 201);
    assert_eq!(save["actor"], "faults");
    assert!(save["ms"].as_f64().is_some());
    assert!(
        seen.iter().any(|l| l["msg"] == "publishing"
            && l["requests"]
                .as_str()
                .unwrap_or_default()
                .contains("save-of-the-riyadh-guide")),
        "the publish names the save"
    );
}
