//! `spawn_app()`: the real server on a free port with a fresh database, SQLite by default or
//! PostgreSQL when `CONCIERGE_TEST_DATABASE=postgres` (each app gets its own database on the
//! server named by `CONCIERGE_TEST_POSTGRES_URL`, default `postgres://postgres@127.0.0.1:5432/test`).

use concierge::config::Settings;
use concierge::startup::Application;
use concierge::store::Db;
use reqwest::{Method, RequestBuilder, Response};
use sea_orm::{ConnectionTrait, Database};
use serde_json::{Value, json};

pub const ADMIN: &str = "amira";
pub const ADMIN_PASSWORD: &str = "a long and careful passphrase";

pub struct TestApp {
    pub address: String,
    pub api_key: String,
    pub client: reqwest::Client,
    pub db: Db,
    pub database_url: String,
    pub data_dir: tempfile::TempDir,
    /// [`TestApp::library_reader`]'s token, made once for this app (a token kept by address
    /// was another app's once the port was reused: 401).
    library_token: tokio::sync::OnceCell<String>,
}

/// A stand-in islands build (`tests/fixtures/islands`): its server entry renders each island
/// as its props.
pub fn islands_fixture() -> std::path::PathBuf {
    std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/islands"
    ))
}

/// The seed of a randomised test's run: `CONCIERGE_TEST_SEED` repeats one.
pub fn seed() -> u64 {
    use rand::Rng;
    std::env::var("CONCIERGE_TEST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| rand::rng().random())
}

pub fn postgres() -> bool {
    std::env::var("CONCIERGE_TEST_DATABASE").is_ok_and(|v| v == "postgres")
}

pub async fn fresh_database_url(dir: &std::path::Path) -> String {
    if !postgres() {
        return format!("sqlite://{}/test.db?mode=rwc", dir.display());
    }
    let admin_url = std::env::var("CONCIERGE_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
    let name = format!("concierge_test_{:032x}", rand::random::<u128>());
    let admin = Database::connect(&admin_url)
        .await
        .expect("PostgreSQL is reachable for the tests");
    admin
        .execute_unprepared(&format!("CREATE DATABASE {name}"))
        .await
        .expect("create test database");
    admin.close().await.ok();
    let (base, _) = admin_url.rsplit_once('/').expect("URL has a database");
    format!("{base}/{name}")
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// The tests' HTTP client. Idle connections are dropped before the server's keep-alive (5 s)
/// ends them: a request sent on a connection the server is closing at that moment fails
/// (IncompleteMessage), as seen when a test prepared its next request for longer than that on a
/// busy machine.
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .pool_idle_timeout(std::time::Duration::from_secs(2))
        .build()
        .expect("client")
}

/// Like [`spawn_app`], with settings adjusted by `adjust` (the data dir is already set).
pub async fn spawn_app_with(adjust: impl FnOnce(&mut Settings)) -> TestApp {
    let (app, test_app) = build_app_with(adjust).await;
    tokio::spawn(app.run_until_stopped());
    test_app
}

/// The app [`spawn_app_with`] serves, not yet serving (the caller runs it, and can stop it
/// through its [`Application::server_handle`]), and how the tests reach it once it does.
pub async fn build_app_with(adjust: impl FnOnce(&mut Settings)) -> (Application, TestApp) {
    let data_dir = tempfile::tempdir().expect("temp dir");
    let url = fresh_database_url(data_dir.path()).await;
    let mut settings =
        Settings::for_data_dir(data_dir.path().to_path_buf(), Some(url.clone())).expect("settings");
    settings.islands_dir = islands_fixture();
    adjust(&mut settings);
    let api_key = settings.api_key.clone();
    let app = Application::build(settings).await.expect("app builds");
    let address = format!("http://127.0.0.1:{}", app.port());
    let db = app.db().clone();
    let test_app = TestApp {
        address,
        api_key,
        client: client(),
        db,
        database_url: url,
        data_dir,
        library_token: tokio::sync::OnceCell::new(),
    };
    (app, test_app)
}

/// Renames the service `id` through the API (the answer must be 200).
pub async fn rename_service(app: &TestApp, token: &str, id: i64, name: &str) {
    let answer = app
        .send_as(
            token,
            Method::PUT,
            &format!("/our-services/{id}"),
            &service(name, 1),
        )
        .await;
    assert_eq!(answer.status(), 200);
}

impl TestApp {
    /// A request to `/api/v1{path}` carrying the API key.
    pub fn api(&self, method: Method, path: &str) -> RequestBuilder {
        self.client
            .request(method, format!("{}/api/v1{path}", self.address))
            .header("x-api-key", &self.api_key)
    }

    /// The API's OpenAPI document, as a client reads it.
    pub async fn openapi(&self) -> Value {
        self.client
            .get(format!("{}/api/v1/openapi.json", self.address))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }

    pub async fn get(&self, path: &str) -> Response {
        self.api(Method::GET, path).send().await.expect("request")
    }

    pub async fn get_as(&self, token: &str, path: &str) -> Response {
        self.api(Method::GET, path)
            .bearer_auth(token)
            .send()
            .await
            .expect("request")
    }

    pub async fn send_as(&self, token: &str, method: Method, path: &str, body: &Value) -> Response {
        self.api(method, path)
            .bearer_auth(token)
            .json(body)
            .send()
            .await
            .expect("request")
    }

    /// Creates a record at `path` as `token`'s administrator; its id (the answer must be 201).
    pub async fn create_as(&self, token: &str, path: &str, body: &Value) -> i64 {
        let (status, created) = read(self.send_as(token, Method::POST, path, body).await).await;
        assert_eq!(status, 201, "POST {path}: {created}");
        created["responseBody"][0]["id"]
            .as_i64()
            .expect("the new record's id")
    }

    pub async fn post(&self, path: &str, body: &Value) -> Response {
        self.api(Method::POST, path)
            .json(body)
            .send()
            .await
            .expect("request")
    }

    pub async fn delete_as(&self, token: &str, path: &str) -> Response {
        self.api(Method::DELETE, path)
            .bearer_auth(token)
            .send()
            .await
            .expect("request")
    }

    /// Creates (or resets) an owner, as `concierge admin create NAME` does.
    pub async fn create_admin(&self, name: &str, password: &str) {
        self.create_admin_with(name, password, None).await;
    }

    /// Creates (or resets) an administrator, as `concierge admin create NAME --role ROLE` does.
    pub async fn create_admin_with(
        &self,
        name: &str,
        password: &str,
        role: Option<concierge::roles::Role>,
    ) {
        let txn = sea_orm::TransactionTrait::begin(&self.db.write)
            .await
            .expect("transaction");
        concierge::accounts::admins::upsert_admin(&txn, name, password, role)
            .await
            .expect("admin created");
        txn.commit().await.expect("admin committed");
    }

    /// A signed-in administrator of `role` (named after it)'s token.
    pub async fn token_for(&self, role: concierge::roles::Role) -> String {
        let name = format!("{role}-member");
        self.create_admin_with(&name, ADMIN_PASSWORD, Some(role))
            .await;
        self.token_of(&name, ADMIN_PASSWORD).await
    }

    pub async fn login(&self, name: &str, password: &str) -> Response {
        self.post(
            "/authenticate",
            &json!({ "username": name, "password": password }),
        )
        .await
    }

    /// The token of `name`'s sign-in with `password` (the answer must be 200).
    pub async fn token_of(&self, name: &str, password: &str) -> String {
        let (status, body) = read(self.login(name, password).await).await;
        assert_eq!(status, 200, "{body}");
        body["responseBody"]["token"]
            .as_str()
            .expect("token")
            .to_owned()
    }

    /// The token of a contributor of this app's own, signed in once (signing the test's
    /// administrator in again would end its session): what reads the media library's files.
    pub async fn library_reader(&self) -> String {
        self.library_token
            .get_or_init(|| async {
                let (name, role) = ("library-reader", concierge::roles::Role::Contributor);
                self.create_admin_with(name, ADMIN_PASSWORD, Some(role))
                    .await;
                self.token_of(name, ADMIN_PASSWORD).await
            })
            .await
            .clone()
    }

    /// The item at `path` as its form would send it back: as read, without the lifecycle's
    /// fields (a save with them would change its status or schedule).
    pub async fn editable(&self, token: &str, path: &str) -> Value {
        let (_, body) = read(self.get_as(token, path).await).await;
        let mut item = body["responseBody"][0].clone();
        for key in [
            "status",
            "publish_at",
            "unpublish_at",
            "published_at",
            "hasPendingChanges",
        ] {
            item.as_object_mut().expect("an item").remove(key);
        }
        item
    }

    /// A signed-in administrator's token.
    pub async fn admin_token(&self) -> String {
        self.create_admin(ADMIN, ADMIN_PASSWORD).await;
        let body: Value = self
            .login(ADMIN, ADMIN_PASSWORD)
            .await
            .json()
            .await
            .expect("json");
        body["responseBody"]["token"]
            .as_str()
            .expect("token")
            .to_owned()
    }

    /// Publish jobs recorded for content writes (not the site build queued at start).
    pub async fn content_jobs(&self) -> i64 {
        self.count("publish_jobs WHERE resource <> 'site'").await
    }

    /// Number of rows in `table` (which may carry a WHERE clause).
    pub async fn count(&self, table: &str) -> i64 {
        let row = self
            .db
            .read
            .query_one_raw(sea_orm::Statement::from_string(
                self.db.backend(),
                format!("SELECT COUNT(*) AS n FROM {table}"),
            ))
            .await
            .expect("count query")
            .expect("a row");
        row.try_get::<i64>("", "n").expect("count")
    }
}

/// The audit log's lines of `action` (or of its family), newest first, as `token`'s
/// administrator reads them through `GET /audit`.
pub async fn audit_lines(app: &TestApp, token: &str, action: &str) -> Vec<Value> {
    let (status, body) = read(
        app.get_as(token, &format!("/audit?size=100&action={action}"))
            .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["responseBody"]["result"]
        .as_array()
        .expect("a list")
        .clone()
}

/// Sends `body` (none when it is `null`) as `token`'s administrator: the answer's status and
/// JSON body.
pub async fn send(
    app: &TestApp,
    token: &str,
    method: Method,
    path: &str,
    body: Value,
) -> (u16, Value) {
    let request = app.api(method, path).bearer_auth(token);
    let request = if body.is_null() {
        request
    } else {
        request.json(&body)
    };
    read(request.send().await.expect("request")).await
}

/// Status and JSON body of a response.
/// An answer's JSON body (null when it has none); an event stream's is not read: the live
/// events stay open for minutes, and their status is their answer.
pub async fn body_of(response: Response) -> Value {
    let stream = response
        .headers()
        .get("content-type")
        .is_some_and(|t| t == "text/event-stream");
    if stream {
        return Value::Null;
    }
    response.json().await.unwrap_or(Value::Null)
}

pub async fn read(response: Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let text = response.text().await.expect("body");
    let body =
        serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}"));
    (status, body)
}

pub fn blog(name: &str, order: i32) -> Value {
    json!({
        "name": name, "display_order": order, "image_url": "/media/blog.svg",
        "description": "<p>Arrivals, handled.</p>", "meta_title": name,
        "meta_description": "A note from the concierge desk", "key_words": "concierge, travel",
        "name_ar": "وصول بلا عناء", "description_ar": "<p>استقبال هادئ.</p>"
    })
}

pub fn service(name: &str, order: i32) -> Value {
    json!({
        "name": name, "description": "Discreet valet at private residences and events.",
        "content": "Uniformed, vetted drivers; every car photographed on arrival.",
        "display_order": order, "image_url": "/media/valet.svg", "color": "#0B1F3A",
        "name_ar": "خدمة صف السيارات"
    })
}

pub fn contact() -> Value {
    json!({
        "first_name": "نورة", "last_name": "القحطاني", "phone": "+971 50 123 4567",
        "email": "noura@example.ae", "subject": "Arrival in Dubai", "message": "Meet and greet for three on Friday."
    })
}

/// An airport request as the airport page sends it (Meet & Greet at Riyadh, on the Arabic page).
pub fn airport_request() -> Value {
    json!({
        "country": "SA", "city": "Riyadh", "airport": "RUH", "terminal": "Terminal 1",
        "flightNumber": "sv 123", "departureArrival": "arrival", "date": "2099-12-01", "time": "14:30",
        "services": ["meetGreet", "fastTrack"],
        "passengerDetails": {"title": "mrs", "fullName": "نورة القحطاني", "mobile": "+966 50 123 4567", "email": "noura@example.sa"},
        "meetGreet": {"meetingPoint": "Arrivals hall, gate B", "signageName": "Mrs Al-Qahtani", "numPassengers": "3", "language": "arabic", "assistence": "A wheelchair"},
        "lang": "ar", "elapsed_ms": 45000, "company_website": ""
    })
}

/// Runs the `concierge` binary against the app's database and data dir.
pub fn concierge(
    app: &TestApp,
    args: &[&str],
    env: &[(&str, &str)],
    stdin: &str,
) -> std::process::Output {
    use std::io::Write;
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_concierge"));
    command
        .args(args)
        .env("CONCIERGE_DATA_DIR", app.data_dir.path())
        .env("CONCIERGE_DATABASE_URL", &app.database_url)
        .env_remove("CONCIERGE_ADMIN_PASSWORD")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = command.spawn().expect("concierge runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("concierge finishes")
}

/// A free port on loopback (for a server a test starts itself).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A request as a [`Receiver`] saw it, and the status it answered.
#[derive(Debug, Clone)]
pub struct Received {
    pub method: String,
    pub path: String,
    pub headers: reqwest::header::HeaderMap,
    pub body: String,
    pub status: u16,
}

/// A loopback HTTP server standing in for another party's API (a CRM's webhook, a CDN's purge
/// API): it records every request, and answers the n-th (from 0) with `answer(n)`: a 429 with
/// `Retry-After: 1`, any other status with `{"success": true}`.
pub struct Receiver {
    /// `http://127.0.0.1:PORT`, any path.
    pub base: String,
    seen: std::sync::Arc<std::sync::Mutex<Vec<Received>>>,
}

impl Receiver {
    pub fn start(answer: impl Fn(usize) -> u16 + Send + Sync + Clone + 'static) -> Receiver {
        use actix_web::{App, HttpRequest, HttpResponse, HttpServer, http::StatusCode, web};
        type Seen = std::sync::Arc<std::sync::Mutex<Vec<Received>>>;
        let seen: Seen = Default::default();
        let state = web::Data::new(seen.clone());
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let server = HttpServer::new(move || {
            let answer = answer.clone();
            App::new().app_data(state.clone()).default_service(web::to(
                move |req: HttpRequest, body: String, seen: web::Data<Seen>| {
                    let answer = answer.clone();
                    async move {
                        let mut seen = seen.lock().unwrap();
                        let status = answer(seen.len());
                        let mut headers = reqwest::header::HeaderMap::new();
                        for (name, value) in req.headers() {
                            if let (Ok(n), Ok(v)) = (
                                reqwest::header::HeaderName::from_bytes(name.as_str().as_bytes()),
                                reqwest::header::HeaderValue::from_bytes(value.as_bytes()),
                            ) {
                                headers.insert(n, v);
                            }
                        }
                        seen.push(Received {
                            method: req.method().to_string(),
                            path: req.path().to_owned(),
                            headers,
                            body,
                            status,
                        });
                        let code = StatusCode::from_u16(status).unwrap();
                        if status == 429 {
                            HttpResponse::build(code)
                                .insert_header(("Retry-After", "1"))
                                .finish()
                        } else {
                            HttpResponse::build(code).json(json!({ "success": true }))
                        }
                    }
                },
            ))
        })
        .workers(1)
        .listen(listener)
        .unwrap()
        .run();
        tokio::spawn(server);
        Receiver { base, seen }
    }

    /// Every request so far, in order.
    pub fn requests(&self) -> Vec<Received> {
        self.seen.lock().unwrap().clone()
    }
}
