//! The installation `deploy/` describes, whole: Caddy (the shipped Caddyfile, as `localhost`
//! with Caddy's own certificate) → Varnish (the shipped VCL and the unit's sockets) → the
//! origin, with only the ports changed. Only the origin purges: nothing a visitor sends through
//! the TLS front, or straight to Varnish's public socket, takes a page off the edge; the API is
//! never kept there however its path is spelt; HSTS on every answer.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{Value, json};

use crate::edge::{EdgePorts, Varnish, purging_app, settled};
use crate::helpers::{TestApp, blog, free_port, read};
use crate::live_events::Events;

const CADDYFILE: &str = include_str!("../../../../deploy/Caddyfile");

/// `caddy run` with the shipped Caddyfile for `localhost`, in front of `varnish`.
struct Caddy {
    child: Child,
    https: u16,
    dir: PathBuf,
}

impl Caddy {
    async fn start(varnish: &Varnish) -> Caddy {
        let found = Command::new("caddy").arg("version").output();
        assert!(
            found.is_ok_and(|o| o.status.success()),
            "caddy is missing: `just test-deps` installs Debian's caddy"
        );
        let (https, http, admin) = (free_port(), free_port(), free_port());
        let dir = std::env::temp_dir().join(format!("concierge-caddy-{https}"));
        std::fs::create_dir_all(&dir).unwrap();
        let config = CADDYFILE.replace(
            "reverse_proxy 127.0.0.1:6081",
            &format!("reverse_proxy 127.0.0.1:{}", varnish.port),
        );
        assert_ne!(
            config, CADDYFILE,
            "the Caddyfile proxies to Varnish on 6081"
        );
        let file = dir.join("Caddyfile");
        std::fs::write(&file, config).unwrap();
        let child = Command::new("caddy")
            .args(["run", "--adapter", "caddyfile", "--config"])
            .arg(&file)
            .env("CONCIERGE_DOMAIN", "localhost")
            .env("CADDY_HTTPS_PORT", https.to_string())
            .env("CADDY_HTTP_PORT", http.to_string())
            .env("CADDY_ADMIN", format!("127.0.0.1:{admin}"))
            .env("XDG_DATA_HOME", dir.join("data"))
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("caddy starts");
        let caddy = Caddy { child, https, dir };
        let started = Instant::now();
        while caddy.get("/healthz").await.is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "Caddy did not start"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        caddy
    }

    /// A client for `https://localhost:PORT` (Caddy's own certificate, not trusted here).
    fn client(&self) -> reqwest::Client {
        reqwest::Client::builder()
            .danger_accept_invalid_certs(true)
            .resolve(
                "localhost",
                std::net::SocketAddr::from(([127, 0, 0, 1], self.https)),
            )
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap()
    }

    fn url(&self, path: &str) -> String {
        format!("https://localhost:{}{path}", self.https)
    }

    async fn get(&self, path: &str) -> reqwest::Result<reqwest::Response> {
        self.client().get(self.url(path)).send().await
    }

    /// `method` on `path` with `headers`: the status, whether Varnish answered from its cache,
    /// and the answer's headers.
    async fn send(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
    ) -> (u16, bool, reqwest::header::HeaderMap, String) {
        let mut request = self.client().request(
            Method::from_bytes(method.as_bytes()).unwrap(),
            self.url(path),
        );
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let hit = headers.get("x-cache").is_some_and(|v| v == "HIT");
        (status, hit, headers, response.text().await.unwrap())
    }
}

impl Drop for Caddy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The whole front: an origin purging its Varnish, and Caddy before both.
async fn installation() -> (TestApp, Varnish, Caddy) {
    let ports = EdgePorts::free();
    let app = purging_app(ports.purge_target()).await;
    let origin: u16 = app.address.rsplit(':').next().unwrap().parse().unwrap();
    let varnish = Varnish::start(origin, &ports).await;
    let caddy = Caddy::start(&varnish).await;
    (app, varnish, caddy)
}

/// A plain request straight to Varnish's public socket.
async fn to_varnish(
    varnish: &Varnish,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
) -> (u16, bool) {
    let mut request = crate::helpers::client().request(
        Method::from_bytes(method.as_bytes()).unwrap(),
        format!("http://127.0.0.1:{}{path}", varnish.port),
    );
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    let hit = response
        .headers()
        .get("x-cache")
        .is_some_and(|v| v == "HIT");
    (response.status().as_u16(), hit)
}

#[tokio::test]
async fn no_purge_a_visitor_sends_through_the_tls_front_or_to_varnish_takes_a_page_off_the_edge() {
    let (app, varnish, caddy) = installation().await;
    let token = app.admin_token().await;
    settled(&app, &token).await;
    for path in ["/", "/about"] {
        caddy.send("GET", path, &[]).await;
        let (status, hit, headers, _) = caddy.send("GET", path, &[]).await;
        assert_eq!((status, hit), (200, true), "{path} is kept at the edge");
        assert!(
            headers["strict-transport-security"]
                .to_str()
                .unwrap()
                .starts_with("max-age="),
            "HSTS on {path}"
        );
    }

    let purges: [(&str, &[(&str, &str)]); 6] = [
        ("PURGE", &[("xkey-purge", "site")]),
        ("PURGE", &[("xkey-purge", "html")]),
        ("BAN", &[]),
        ("GET", &[("xkey-purge", "html")]),
        ("GET", &[("xkey-softpurge", "html")]),
        ("PURGE", &[("xkey-softpurge", "html")]),
    ];
    for (method, headers) in purges {
        let (status, _, _, body) = caddy.send(method, "/about", headers).await;
        assert!(
            !body.contains("Purged"),
            "{method} {headers:?} through Caddy answered {status}: {body}"
        );
        let (status, _) = to_varnish(&varnish, method, "/about", headers).await;
        if method != "GET" {
            assert_eq!(status, 405, "{method} {headers:?} straight to Varnish");
        }
        for path in ["/", "/about"] {
            let (status, hit, _, _) = caddy.send("GET", path, &[]).await;
            assert_eq!(
                (status, hit),
                (200, true),
                "{path} after {method} {headers:?}: still a hit"
            );
        }
    }

    // The origin's own purges still work: an edit is on the edge once published.
    let id = app
        .create_as(&token, "/blog", &blog("Winter in Riyadh", 1))
        .await;
    settled(&app, &token).await;
    let (_, _, _, listing) = caddy.send("GET", "/blogs", &[]).await;
    assert!(
        listing.contains("Winter in Riyadh"),
        "the new blog is listed at the edge"
    );
    let mut edited = blog("Winter in Riyadh", 1);
    edited["name"] = json!("Winter in AlUla");
    let (status, body) = read(
        app.send_as(&token, Method::PUT, &format!("/blog/{id}"), &edited)
            .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    settled(&app, &token).await;
    let (_, _, _, listing) = caddy.send("GET", "/blogs", &[]).await;
    assert!(
        listing.contains("Winter in AlUla"),
        "the origin's purge reached the edge"
    );
}

#[tokio::test]
async fn the_api_and_the_health_check_are_never_kept_at_the_edge_however_their_paths_are_spelt() {
    let (app, _varnish, caddy) = installation().await;
    let token = app.admin_token().await;
    settled(&app, &token).await;
    for name in ["Winter in Riyadh", "Spring in London"] {
        app.create_as(&token, "/blog", &blog(name, 1)).await;
    }
    let key = [("x-api-key", app.api_key.as_str())];
    for path in [
        "/api/v1/blog",
        "/%61pi/v1/blog",
        "/%61%70%69/v1/blog",
        "/%41pi/v1/blog",
        "/api/v1/blog?page=2",
        "/%61pi/v1/blog?page=2",
        "//api/v1/blog",
        "/healthz",
        "/%68ealthz",
    ] {
        for _ in 0..3 {
            let (status, hit, headers, _) = caddy.send("GET", path, &key).await;
            assert!(!hit, "{path} answered {status} from the edge's cache");
            if status == 200 {
                assert_eq!(headers["cache-control"], "no-store", "{path}");
            }
        }
    }
    // Another page of a list is that page, not the first one kept.
    let (_, _, _, first) = caddy
        .send("GET", "/%61pi/v1/blog?page=1&size=1", &key)
        .await;
    let (_, _, _, second) = caddy
        .send("GET", "/%61pi/v1/blog?page=2&size=1", &key)
        .await;
    assert_ne!(first, second);
}

#[tokio::test]
async fn a_file_brought_back_from_the_trash_is_served_by_the_edge_within_3_seconds() {
    let (app, _varnish, caddy) = installation().await;
    let token = app.admin_token().await;
    settled(&app, &token).await;
    let svg = br##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect width="2" height="2" fill="#0B1F3A"/></svg>"##;
    let (status, body) =
        crate::media::upload(&app, &token, "mark.svg", "image/svg+xml", svg.to_vec()).await;
    assert_eq!(status, 200, "{body}");
    let url = body["responseData"].as_str().unwrap().to_owned();
    let name = url.trim_start_matches("/media/").to_owned();
    assert_eq!(caddy.send("GET", &url, &[]).await.0, 200);

    let (status, body) = read(
        app.send_as(
            &token,
            Method::DELETE,
            &format!("/media/{name}"),
            &Value::Null,
        )
        .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    settled(&app, &token).await;
    caddy.send("GET", &url, &[]).await;
    let (status, hit, headers, _) = caddy.send("GET", &url, &[]).await;
    assert_eq!(
        (status, hit),
        (404, true),
        "the edge keeps the trashed file's 404"
    );
    assert!(
        headers.get("xkey").is_none(),
        "the keys are for the edge, not for browsers"
    );

    let (status, body) = read(
        app.send_as(
            &token,
            Method::POST,
            &format!("/media/{name}/undelete"),
            &Value::Null,
        )
        .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let started = Instant::now();
    loop {
        let (status, _, _, _) = caddy.send("GET", &url, &[]).await;
        if status == 200 {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "the file brought back still answers {status} at the edge"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn the_live_events_reach_an_open_screen_through_the_tls_front_and_the_edge_within_two_seconds()
 {
    let (app, _varnish, caddy) = installation().await;
    let token = app.admin_token().await;
    settled(&app, &token).await;
    let response = caddy
        .client()
        .get(caddy.url("/api/v1/events"))
        .header("x-api-key", &app.api_key)
        .bearer_auth(&token)
        .send()
        .await
        .expect("the stream opens through the front");
    assert_eq!(response.headers()["cache-control"], "no-store");
    let mut events = Events::of(response);
    // The first counts come at once: nothing on the way holds the stream until a buffer fills.
    assert!(
        events
            .next("counts", Duration::from_secs(3))
            .await
            .is_some(),
        "no counts through Caddy and Varnish within 3 s"
    );
    app.create_admin_with(
        "editor1",
        "a long enough password 1",
        Some(concierge::roles::Role::Editor),
    )
    .await;
    let editor = app.token_of("editor1", "a long enough password 1").await;
    let saved_at = Instant::now();
    let id = app
        .create_as(&editor, "/blog", &blog("Evenings in Jeddah", 1))
        .await;
    let saved = events
        .next("saved", Duration::from_secs(2))
        .await
        .expect("another's save reaches the stream through the front within 2 s");
    assert_eq!(saved["kind"], "blog");
    assert_eq!(saved["id"], id);
    assert_eq!(saved["by"], "editor1");
    assert!(saved_at.elapsed() < Duration::from_secs(2));
}
