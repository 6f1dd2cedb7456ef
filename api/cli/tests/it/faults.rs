//! Crashes and concurrency with real server processes: nothing acknowledged is lost, no
//! half-written page is ever left where a reader looks, every publish job runs exactly once.

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use concierge::store::entities::publish_job;
use sea_orm::EntityTrait;
use serde_json::json;

use crate::helpers::{ADMIN_PASSWORD, blog, contact, fresh_database_url, islands_fixture};

pub struct Instance {
    child: Child,
    pub base: String,
    client: reqwest::Client,
}

/// `concierge serve` as its own process on a free port.
pub fn serve(data_dir: &std::path::Path, database_url: &str) -> Instance {
    serve_with(data_dir, database_url, &[])
}

/// [`serve`] with more environment variables.
pub fn serve_with(
    data_dir: &std::path::Path,
    database_url: &str,
    env: &[(&str, &str)],
) -> Instance {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    serve_on(data_dir, database_url, port, env)
}

/// [`serve_with`] on `port` (a server restarted where a proxy expects it).
pub fn serve_on(
    data_dir: &std::path::Path,
    database_url: &str,
    port: u16,
    env: &[(&str, &str)],
) -> Instance {
    let child = Command::new(env!("CARGO_BIN_EXE_concierge"))
        .arg("serve")
        .env("CONCIERGE_DATA_DIR", data_dir)
        .env("CONCIERGE_DATABASE_URL", database_url)
        .env("CONCIERGE_ADDR", format!("127.0.0.1:{port}"))
        .env("CONCIERGE_ISLANDS_DIR", islands_fixture())
        .env("RUST_LOG", "warn")
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("concierge serve starts");
    Instance {
        child,
        base: format!("http://127.0.0.1:{port}"),
        client: crate::helpers::client(),
    }
}

impl Instance {
    /// A server the caller started itself (with its own pipes) on `port`.
    pub fn of(child: Child, port: u16) -> Instance {
        Instance {
            child,
            base: format!("http://127.0.0.1:{port}"),
            client: crate::helpers::client(),
        }
    }

    pub async fn ready(&self) {
        let started = Instant::now();
        loop {
            if let Ok(r) = self
                .client
                .get(format!("{}/healthz", self.base))
                .send()
                .await
                && r.status().is_success()
            {
                return;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "the server did not start"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub fn api(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.client
            .request(method, format!("{}/api/v1{path}", self.base))
            .header("x-api-key", concierge::config::DEV_API_KEY)
    }

    pub async fn token(&self) -> String {
        let body: serde_json::Value = self
            .api(reqwest::Method::POST, "/authenticate")
            .json(&json!({"username": "faults", "password": ADMIN_PASSWORD}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        body["responseBody"]["token"]
            .as_str()
            .expect("token")
            .to_owned()
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// SIGTERM, and waits for the server to finish what it was doing and exit.
    pub fn stop(&mut self) {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success(), "kill -TERM");
        self.child.wait().unwrap();
    }

    /// SIGKILL: no shutdown, no flush.
    pub fn kill9(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn create_admin(data_dir: &std::path::Path, database_url: &str) {
    let status = Command::new(env!("CARGO_BIN_EXE_concierge"))
        .args(["admin", "create", "faults"])
        .env("CONCIERGE_DATA_DIR", data_dir)
        .env("CONCIERGE_DATABASE_URL", database_url)
        .env("CONCIERGE_ADMIN_PASSWORD", ADMIN_PASSWORD)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
}

pub async fn count(database_url: &str, table: &str) -> i64 {
    let db = concierge::store::connect(database_url).await.unwrap();
    let row = sea_orm::ConnectionTrait::query_one_raw(
        &db.read,
        sea_orm::Statement::from_string(db.backend(), format!("SELECT COUNT(*) AS n FROM {table}")),
    )
    .await
    .unwrap()
    .unwrap();
    row.try_get::<i64>("", "n").unwrap()
}

#[tokio::test]
async fn killing_the_server_during_a_flood_of_enquiries_loses_none_it_acknowledged() {
    let dir = tempfile::tempdir().unwrap();
    let url = fresh_database_url(dir.path()).await;
    // A flood from one address: the per-address form limit would refuse most of it.
    let mut server = serve_with(dir.path(), &url, &[("CONCIERGE_FORM_LIMIT", "1000000/1m")]);
    server.ready().await;
    let acknowledged = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let senders: Vec<_> = (0..8)
        .map(|_| {
            let (acknowledged, stop) = (acknowledged.clone(), stop.clone());
            let request = server
                .api(reqwest::Method::POST, "/contact-us")
                .json(&contact());
            tokio::spawn(async move {
                while !stop.load(Ordering::Relaxed) {
                    let Some(request) = request.try_clone() else {
                        break;
                    };
                    match request.send().await {
                        Ok(r) if r.status().is_success() => {
                            acknowledged.fetch_add(1, Ordering::SeqCst);
                        }
                        Ok(_) => {}
                        Err(_) => tokio::time::sleep(Duration::from_millis(5)).await,
                    }
                }
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    server.kill9();
    let acknowledged_at_kill = acknowledged.load(Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(200)).await;
    stop.store(true, Ordering::Relaxed);
    for s in senders {
        s.await.unwrap();
    }
    assert!(
        acknowledged_at_kill > 20,
        "the flood reached the server ({acknowledged_at_kill})"
    );
    let acknowledged = acknowledged.load(Ordering::SeqCst);

    let restarted = serve(dir.path(), &url);
    restarted.ready().await;
    let stored = count(&url, "contact_us").await as usize;
    assert!(
        stored >= acknowledged,
        "{acknowledged} enquiries were acknowledged but only {stored} are stored"
    );
}

#[tokio::test]
async fn killing_the_server_mid_publish_leaves_only_whole_pages_and_the_outbox_finishes() {
    let dir = tempfile::tempdir().unwrap();
    let url = fresh_database_url(dir.path()).await;
    create_admin(dir.path(), &url);
    let mut server = serve(dir.path(), &url);
    server.ready().await;
    let token = server.token().await;
    let writers: Vec<_> = (0..4)
        .map(|w| {
            let request = server
                .api(reqwest::Method::POST, "/blog")
                .bearer_auth(&token);
            tokio::spawn(async move {
                for n in 0..60 {
                    let body = blog(&format!("Crash course {w} {n}"), n);
                    let Some(request) = request.try_clone() else {
                        break;
                    };
                    if request.json(&body).send().await.is_err() {
                        break;
                    }
                }
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(700)).await;
    server.kill9();
    for w in writers {
        w.await.unwrap();
    }
    let blogs = count(&url, "blogs").await;
    assert!(blogs > 0);

    let restarted = serve(dir.path(), &url);
    restarted.ready().await;
    let started = Instant::now();
    while count(&url, "publish_jobs WHERE done_at IS NULL").await > 0 {
        assert!(
            started.elapsed() < Duration::from_secs(40),
            "pending jobs were not finished after the restart"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let site = dir.path().join("site");
    let mut pages = 0;
    for entry in walk(&site) {
        if entry.extension().is_some_and(|e| e == "html")
            && !entry
                .file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with('.')
        {
            let html = std::fs::read_to_string(&entry).unwrap();
            assert!(
                html.trim_end().ends_with("</html>"),
                "{} is not a whole page",
                entry.display()
            );
            pages += 1;
        }
    }
    let listed = reqwest::get(format!("{}/blogs", restarted.base))
        .await
        .unwrap();
    assert_eq!(listed.status().as_u16(), 200);
    let db = concierge::store::connect(&url).await.unwrap();
    let blogs_now = concierge::store::entities::blog::Entity::find()
        .all(&db.read)
        .await
        .unwrap();
    for b in &blogs_now {
        assert!(
            site.join(&b.slug)
                .join(b.id.to_string())
                .join("index.html")
                .exists(),
            "blog {} has no page",
            b.id
        );
    }
    assert!(pages as i64 >= blogs * 2);
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(walk(&p))
            } else {
                out.push(p)
            }
        }
    }
    out
}

#[tokio::test]
async fn two_instances_on_one_database_publish_every_job_exactly_once() {
    let dir = tempfile::tempdir().unwrap();
    let url = fresh_database_url(dir.path()).await;
    create_admin(dir.path(), &url);
    let a = serve(dir.path(), &url);
    a.ready().await;
    let b = serve(dir.path(), &url);
    b.ready().await;
    let (token_a, token_b) = (a.token().await, b.token().await);
    for n in 0..40 {
        let (instance, token) = if n % 2 == 0 {
            (&a, &token_a)
        } else {
            (&b, &token_b)
        };
        let r = instance
            .api(reqwest::Method::POST, "/blog")
            .bearer_auth(token)
            .json(&blog(&format!("Shared {n}"), n))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 201);
    }
    let started = Instant::now();
    while count(&url, "publish_jobs WHERE done_at IS NULL").await > 0 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "jobs left pending"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let db = concierge::store::connect(&url).await.unwrap();
    let jobs = publish_job::Entity::find().all(&db.read).await.unwrap();
    assert!(
        jobs.iter().all(|j| j.attempts == 1),
        "a job was claimed twice: {:?}",
        jobs.iter().filter(|j| j.attempts != 1).collect::<Vec<_>>()
    );
    let workers: std::collections::BTreeSet<_> =
        jobs.iter().filter_map(|j| j.claimed_by.clone()).collect();
    assert!(!workers.is_empty());
    let site = dir.path().join("site");
    for n in 0..40 {
        let slug = ssg::slug::blog_slug(&format!("Shared {n}"));
        let found = walk(&site.join(&slug))
            .into_iter()
            .any(|p| p.ends_with("index.html"));
        assert!(found, "blog {slug} has no page");
    }
}

/// A loopback TCP proxy in front of PostgreSQL that a test can cut and restore, so the shared
/// database server itself is never stopped.
struct Proxy {
    task: Option<tokio::task::JoinHandle<()>>,
}

impl Proxy {
    async fn start(port: u16) -> Proxy {
        let listener = loop {
            match tokio::net::TcpListener::bind(("127.0.0.1", port)).await {
                Ok(l) => break l,
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        };
        let task = tokio::spawn(async move {
            let mut connections = tokio::task::JoinSet::new();
            while let Ok((mut inbound, _)) = listener.accept().await {
                connections.spawn(async move {
                    if let Ok(mut outbound) = tokio::net::TcpStream::connect("127.0.0.1:5432").await
                    {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
            }
        });
        Proxy { task: Some(task) }
    }

    /// The database "goes down": the listener closes and every open connection is cut.
    fn cut(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
        }
    }
}

#[tokio::test]
async fn while_the_database_is_down_the_api_answers_503_and_recovers_by_itself() {
    if !crate::helpers::postgres() {
        // A network database only: this runs in the PostgreSQL pass (required in CI).
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let direct = fresh_database_url(dir.path()).await;
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut proxy = Proxy::start(port).await;
    let proxied = direct.replace("127.0.0.1:5432", &format!("127.0.0.1:{port}"));
    let app = crate::helpers::spawn_app_with(|s| s.database_url = proxied.clone()).await;
    assert_eq!(app.get("/blog").await.status().as_u16(), 200);

    proxy.cut();
    // The public read just made is cached, and trusted for FRESH_FOR without asking the
    // database; past that, the cache asks and the answer is the 503.
    tokio::time::sleep(concierge::read_cache::FRESH_FOR).await;
    let started = Instant::now();
    let (status, body) = crate::helpers::read(app.get("/blog").await).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(
        body["message"],
        "The service is temporarily unavailable. Please try again in a moment."
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "the answer comes quickly, not after a hang"
    );
    let health = app
        .client
        .get(format!("{}/healthz", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(health.status().as_u16(), 503);
    let (status, _) = crate::helpers::read(app.post("/contact-us", &contact()).await).await;
    assert_eq!(status, 503, "a write is refused, not lost silently");

    let _proxy = Proxy::start(port).await;
    let started = Instant::now();
    loop {
        if app.get("/blog").await.status().as_u16() == 200 {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the API did not recover without a restart"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let (status, _) = crate::helpers::read(app.post("/contact-us", &contact()).await).await;
    assert_eq!(status, 201);
}

/// The server's resident memory, from `/proc`.
fn rss_kib(pid: u32) -> u64 {
    proc_status_kib(pid, "VmRSS:")
}

/// A process's peak resident memory, from `/proc` (`VmHWM`).
pub fn peak_rss_kib(pid: u32) -> u64 {
    proc_status_kib(pid, "VmHWM:")
}

fn proc_status_kib(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("{field} in /proc/{pid}/status"))
}

/// One request written byte for byte (no URL normalisation); the status code of the answer.
async fn raw_status(base: &str, request_line: &str) -> u16 {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let host = base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(host).await.unwrap();
    let request = format!(
        "{request_line} HTTP/1.1\r\nHost: {host}\r\nx-api-key: {}\r\nConnection: close\r\n\r\n",
        concierge::config::DEV_API_KEY
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let head = String::from_utf8_lossy(&answer[..answer.len().min(64)]).into_owned();
    head.split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{request_line}: no status line in {head:?}"))
}

/// A request of the corpus: what it is, and how to send it.
struct Bad {
    why: &'static str,
    method: reqwest::Method,
    path: String,
    content_type: &'static str,
    body: Vec<u8>,
    admin: bool,
    expected: u16,
}

fn bad_input_corpus() -> Vec<Bad> {
    use reqwest::Method;
    let json = "application/json";
    let bad = |why, method, path: &str, content_type, body: Vec<u8>, admin, expected| Bad {
        why,
        method,
        path: path.to_owned(),
        content_type,
        body,
        admin,
        expected,
    };
    let contact_with = |field: &str, value: serde_json::Value| {
        let mut body = contact();
        body[field] = value;
        serde_json::to_vec(&body).unwrap()
    };
    let mut upload = b"--XX\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.png\"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n".to_vec();
    upload.resize(upload.len() + 21 * 1024 * 1024, b'a');
    upload.extend_from_slice(b"\r\n--XX--\r\n");
    let mut script = b"--XX\r\nContent-Disposition: form-data; name=\"file\"; filename=\"x.png\"\r\nContent-Type: image/png\r\n\r\n".to_vec();
    script.extend_from_slice(b"#!/bin/sh\necho not an image\r\n--XX--\r\n");
    let mut bidi_blog = blog("Invoice\u{202E}fdp.exe", 1);
    bidi_blog["name"] = json!("Invoice\u{202E}fdp.exe");
    let mut huge_order = blog("Huge order", 1);
    huge_order["display_order"] = json!(1e300);
    vec![
        bad(
            "oversized JSON body",
            Method::POST,
            "/contact-us",
            json,
            contact_with("message", json!("x".repeat(4 * 1024 * 1024))),
            false,
            413,
        ),
        bad(
            "oversized upload",
            Method::POST,
            "/blob-upload",
            "multipart/form-data; boundary=XX",
            upload,
            true,
            413,
        ),
        bad(
            "a script named .png",
            Method::POST,
            "/blob-upload",
            "multipart/form-data; boundary=XX",
            script,
            true,
            415,
        ),
        bad(
            "form-encoded body",
            Method::POST,
            "/contact-us",
            "application/x-www-form-urlencoded",
            b"first_name=Ali".to_vec(),
            false,
            415,
        ),
        bad(
            "text/plain body",
            Method::POST,
            "/subscription",
            "text/plain",
            b"{\"email\":\"a@b.co\"}".to_vec(),
            false,
            415,
        ),
        bad(
            "deep JSON",
            Method::POST,
            "/contact-us",
            json,
            format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)).into_bytes(),
            false,
            400,
        ),
        bad(
            "invalid UTF-8",
            Method::POST,
            "/contact-us",
            json,
            b"{\"first_name\":\"\xff\xfe\xfd\"}".to_vec(),
            false,
            400,
        ),
        bad(
            "huge number as a phone",
            Method::POST,
            "/contact-us",
            json,
            contact_with("phone", json!(1e300)),
            false,
            400,
        ),
        bad(
            "a 400-digit number",
            Method::POST,
            "/contact-us",
            json,
            format!("{{\"first_name\":{}}}", "9".repeat(400)).into_bytes(),
            false,
            400,
        ),
        bad(
            "right-to-left override in a name",
            Method::POST,
            "/contact-us",
            json,
            contact_with("first_name", json!("Ali\u{202E}lA")),
            false,
            400,
        ),
        bad(
            "right-to-left override in a blog name",
            Method::POST,
            "/blog",
            json,
            serde_json::to_vec(&bidi_blog).unwrap(),
            true,
            400,
        ),
        bad(
            "display order 1e300",
            Method::POST,
            "/blog",
            json,
            serde_json::to_vec(&huge_order).unwrap(),
            true,
            400,
        ),
        bad(
            "page zero",
            Method::GET,
            "/blog?page=0&size=10",
            json,
            vec![],
            false,
            400,
        ),
        bad(
            "negative page",
            Method::GET,
            "/blog?page=-3&size=10",
            json,
            vec![],
            false,
            400,
        ),
        bad(
            "zero size",
            Method::GET,
            "/our-services?page=1&size=0",
            json,
            vec![],
            false,
            400,
        ),
        bad(
            "a page past u64",
            Method::GET,
            "/blog?page=184467440737095516160",
            json,
            vec![],
            false,
            400,
        ),
        bad(
            "an id past i64",
            Method::GET,
            "/blog/9223372036854775808",
            json,
            vec![],
            false,
            400,
        ),
        bad(
            "an encoded traversal as an id",
            Method::GET,
            "/blog/..%2F..%2Fetc%2Fpasswd",
            json,
            vec![],
            false,
            400,
        ),
        bad(
            "a traversal as an import kind",
            Method::POST,
            "/import/..%2F..%2Fetc",
            json,
            vec![],
            true,
            404,
        ),
    ]
}

/// `concierge serve` on a fresh database with the `faults` administrator: its data directory
/// (kept while the test runs), its database URL, the ready instance and the administrator's token.
pub async fn served() -> (tempfile::TempDir, String, Instance, String) {
    let dir = tempfile::tempdir().unwrap();
    let url = fresh_database_url(dir.path()).await;
    create_admin(dir.path(), &url);
    let server = serve(dir.path(), &url);
    server.ready().await;
    let token = server.token().await;
    (dir, url, server, token)
}

#[tokio::test]
async fn bad_input_gets_clear_4xx_and_the_server_memory_stays_flat() {
    let (_dir, url, server, token) = served().await;
    let corpus = bad_input_corpus();
    let raw = [
        "GET /api/v1/blog/%2e%2e/%2e%2e/etc/passwd",
        "GET /api/v1/../../etc/passwd",
        "GET /media/../../../etc/passwd",
        "GET /media/%2e%2e%2f%2e%2e%2fconcierge.db",
        "GET /../concierge.db",
        "GET /%2e%2e/%2e%2e/etc/passwd",
    ];
    let round = || async {
        for case in &corpus {
            let mut request = server
                .api(case.method.clone(), &case.path)
                .header("content-type", case.content_type)
                .body(case.body.clone());
            if case.admin {
                request = request.bearer_auth(&token);
            }
            let response = request.send().await.unwrap();
            let status = response.status().as_u16();
            let body: serde_json::Value = response.json().await.unwrap_or_default();
            assert_eq!(status, case.expected, "{}: {body}", case.why);
            assert!(
                body["message"].as_str().is_some_and(|m| !m.is_empty()),
                "{}: the answer carries a message",
                case.why
            );
        }
        for line in raw {
            let status = raw_status(&server.base, line).await;
            assert!((400..500).contains(&status), "{line}: {status}");
        }
    };
    let pid = server.child.id();
    // Warm-up: every pooled connection opens lazily and prepares, once, each statement the
    // corpus uses (on PostgreSQL each connection keeps its own statement cache), and the
    // scheduler takes its first look at start; what grows after that is what the test is for.
    for _ in 0..8 {
        round().await;
    }
    let settled = rss_kib(pid);
    for _ in 0..25 {
        round().await;
    }
    let after = rss_kib(pid);
    eprintln!("bad input: resident memory {settled} KiB after 8 rounds, {after} KiB after 33");
    assert!(
        after <= settled + 8 * 1024,
        "resident memory grew from {settled} KiB to {after} KiB over 25 rounds of bad input"
    );
    assert_eq!(
        count(&url, "contact_us").await,
        0,
        "no bad enquiry was stored"
    );
    assert_eq!(count(&url, "blogs").await, 0, "no bad blog was stored");
}
