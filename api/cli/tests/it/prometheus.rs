//! The shipped monitoring, run for real: `promtool` checks `deploy/prometheus/`'s config and
//! rules; a real Prometheus (Debian's package) scrapes a real `concierge serve` with the
//! shipped config (only the target's port, the token file, the rules' path and the intervals
//! changed); every query of the Grafana dashboard runs; with the SMTP server stopped the
//! messages-stuck alert goes pending, with Varnish stopped the purges-failing one does, and
//! both clear when the servers come back.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::Value;

use crate::edge::{EdgePorts, Varnish};
use crate::helpers::{blog, contact, free_port};
use crate::notifications::SmtpSink;

const TOKEN: &str = "scraped by the tests' Prometheus";

fn deploy(file: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../deploy")).join(file)
}

/// The shipped config with the test's target, token file, rules and one-second intervals.
fn config(dir: &Path, target: u16) -> PathBuf {
    let shipped = std::fs::read_to_string(deploy("prometheus/prometheus.yml")).unwrap();
    std::fs::write(dir.join("token"), TOKEN).unwrap();
    let changed = shipped
        .replace("127.0.0.1:8080", &format!("127.0.0.1:{target}"))
        .replace(
            "/etc/prometheus/concierge.token",
            &dir.join("token").display().to_string(),
        )
        .replace(
            "/etc/prometheus/concierge-alerts.yml",
            &deploy("prometheus/alerts.yml").display().to_string(),
        )
        .replace("scrape_interval: 15s", "scrape_interval: 1s")
        .replace("evaluation_interval: 15s", "evaluation_interval: 1s");
    for part in [
        "127.0.0.1:8080",
        "concierge.token",
        "concierge-alerts.yml",
        ": 15s",
    ] {
        assert!(
            !changed.contains(part),
            "the shipped config no longer names {part}"
        );
    }
    let path = dir.join("prometheus.yml");
    std::fs::write(&path, changed).unwrap();
    path
}

fn promtool(args: &[&str]) {
    let out = Command::new("promtool")
        .args(args)
        .output()
        .expect("promtool is missing: `just test-deps` installs Debian's prometheus");
    assert!(
        out.status.success(),
        "promtool {args:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

struct Prometheus {
    child: Child,
    base: String,
}

impl Prometheus {
    async fn start(config: &Path, dir: &Path) -> Prometheus {
        let port = free_port();
        let child = Command::new("prometheus")
            .arg(format!("--config.file={}", config.display()))
            .arg(format!(
                "--storage.tsdb.path={}",
                dir.join("tsdb").display()
            ))
            .arg(format!("--web.listen-address=127.0.0.1:{port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("prometheus is missing: `just test-deps` installs Debian's prometheus");
        let prometheus = Prometheus {
            child,
            base: format!("http://127.0.0.1:{port}"),
        };
        prometheus
            .until("Prometheus scrapes the server", async |p: &Prometheus| {
                p.get("query", &[("query", "up{job=\"concierge\"}")])
                    .await
                    .is_some_and(|b| b["data"]["result"][0]["value"][1] == "1")
            })
            .await;
        prometheus
    }

    /// The result of an instant query (which must succeed).
    async fn query(&self, expr: &str) -> Vec<Value> {
        let body = self
            .get("query", &[("query", expr)])
            .await
            .expect("Prometheus answers");
        assert_eq!(body["status"], "success", "{expr}: {body}");
        body["data"]["result"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// `GET /api/v1/{what}`, or `None` while Prometheus is not listening yet.
    async fn get(&self, what: &str, query: &[(&str, &str)]) -> Option<Value> {
        let response = crate::helpers::client()
            .get(format!("{}/api/v1/{what}", self.base))
            .query(query)
            .send()
            .await
            .ok()?;
        response.json().await.ok()
    }

    /// The state of the alert `name` (`pending`, `firing`), if it is active.
    async fn alert(&self, name: &str) -> Option<String> {
        let body = self.get("alerts", &[]).await.expect("Prometheus answers");
        body["data"]["alerts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["labels"]["alertname"] == name)
            .map(|a| a["state"].as_str().unwrap().to_owned())
    }

    async fn until(&self, what: &str, check: impl AsyncFn(&Prometheus) -> bool) {
        let started = Instant::now();
        while !check(self).await {
            assert!(started.elapsed() < Duration::from_secs(90), "{what}");
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    }
}

impl Drop for Prometheus {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn promtool_checks_the_shipped_config_and_rules() {
    let dir = tempfile::tempdir().unwrap();
    let path = config(dir.path(), 18080);
    promtool(&["check", "config", &path.display().to_string()]);
    promtool(&[
        "check",
        "rules",
        &deploy("prometheus/alerts.yml").display().to_string(),
    ]);
}

#[tokio::test]
async fn a_real_prometheus_scrapes_the_server_and_alerts_on_stuck_messages_and_failing_purges() {
    let dir = tempfile::tempdir().unwrap();
    let url = crate::helpers::fresh_database_url(dir.path()).await;
    crate::faults::create_admin(dir.path(), &url);
    let smtp_port = free_port();
    let mut smtp = Some(SmtpSink::start(smtp_port));
    let origin = free_port();
    let ports = EdgePorts::free();
    let smtp_url = format!("smtp://127.0.0.1:{smtp_port}");
    let purge = ports.purge_target();
    let server = crate::faults::serve_on(
        dir.path(),
        &url,
        origin,
        &[
            ("CONCIERGE_SMTP_URL", smtp_url.as_str()),
            ("CONCIERGE_NOTIFY_EMAIL", "desk@concierge.example"),
            ("CONCIERGE_CDN_PURGE", purge.as_str()),
            ("CONCIERGE_METRICS_TOKEN", TOKEN),
        ],
    );
    server.ready().await;
    let mut varnish = Some(Varnish::start(origin, &ports).await);
    let token = server.token().await;
    let prometheus = Prometheus::start(&config(dir.path(), origin), dir.path()).await;

    // Every panel of the dashboard asks something Prometheus answers.
    let dashboard: Value =
        serde_json::from_str(&std::fs::read_to_string(deploy("grafana/concierge.json")).unwrap())
            .unwrap();
    for panel in dashboard["panels"].as_array().unwrap() {
        for target in panel["targets"].as_array().unwrap() {
            let expr = target["expr"].as_str().unwrap().replace("$instance", ".*");
            prometheus.query(&expr).await;
        }
    }
    let site_built = prometheus.query("concierge_site_built").await;
    assert_eq!(site_built[0]["value"][1], "1");

    // The mail server stops: an enquiry's messages wait, and the alert goes pending.
    drop(smtp.take());
    let sent = server
        .api(Method::POST, "/contact-us")
        .json(&contact())
        .send()
        .await
        .unwrap();
    assert_eq!(sent.status(), 201);
    prometheus
        .until(
            "ConciergeMessagesStuck goes pending",
            async |p: &Prometheus| {
                p.alert("ConciergeMessagesStuck").await.as_deref() == Some("pending")
            },
        )
        .await;

    // The edge stops: a save's purges are refused, and that alert goes pending too.
    drop(varnish.take());
    let saved = server
        .api(Method::POST, "/blog")
        .bearer_auth(&token)
        .json(&blog("Dinner in Diriyah", 1))
        .send()
        .await
        .unwrap();
    assert_eq!(saved.status(), 201);
    prometheus
        .until(
            "ConciergePurgesFailing goes pending",
            async |p: &Prometheus| {
                p.alert("ConciergePurgesFailing").await.as_deref() == Some("pending")
            },
        )
        .await;

    // Both come back: the waiting messages and purges go out, and the alerts clear.
    let smtp = SmtpSink::start(smtp_port);
    let _varnish = Varnish::start(origin, &ports).await;
    prometheus
        .until("both alerts clear", async |p: &Prometheus| {
            p.alert("ConciergeMessagesStuck").await.is_none()
                && p.alert("ConciergePurgesFailing").await.is_none()
        })
        .await;
    assert!(
        !smtp.messages().is_empty(),
        "the enquiry's messages went out"
    );
}
