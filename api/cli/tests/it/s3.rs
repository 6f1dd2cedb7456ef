//! A real S3-compatible server on loopback for the tests: moto (`pip install 'moto[server]'`),
//! one per test, stopped when the guard drops.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use concierge::config::S3Overrides;

pub struct S3Server {
    child: Child,
    pub endpoint: String,
}

impl S3Server {
    pub async fn start() -> S3Server {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new("moto_server")
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect(
                "moto_server runs: install it with `pip install 'moto[server]'` (just test does)",
            );
        let server = S3Server {
            child,
            endpoint: format!("http://127.0.0.1:{port}"),
        };
        let client = reqwest::Client::new();
        for _ in 0..100 {
            if client.get(&server.endpoint).send().await.is_ok() {
                return server;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("moto_server did not start on {}", server.endpoint);
    }

    /// Creates a bucket and returns the overrides that reach it.
    pub async fn bucket(&self, name: &str) -> S3Overrides {
        let response = reqwest::Client::new()
            .put(format!("{}/{name}", self.endpoint))
            .send()
            .await
            .unwrap();
        assert!(
            response.status().is_success(),
            "create bucket: {}",
            response.status()
        );
        S3Overrides {
            endpoint: self.endpoint.clone(),
            access_key_id: "test".into(),
            secret_access_key: "test".into(),
        }
    }

    /// The keys stored in a bucket.
    pub async fn keys(&self, bucket: &str) -> Vec<String> {
        let xml = reqwest::Client::new()
            .get(format!("{}/{bucket}?list-type=2", self.endpoint))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        xml.split("<Key>")
            .skip(1)
            .filter_map(|s| s.split("</Key>").next())
            .map(str::to_owned)
            .collect()
    }
}

impl Drop for S3Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
