//! The edge cache hears of every publish: a worker takes the purges the publisher queued
//! ([`concierge_store::edge_purges`]) and sends them where `CONCIERGE_CDN_PURGE` says, in the
//! batch sizes each API takes. Varnish purges by surrogate key (`xkey`), so it drops exactly the
//! objects of the files that changed, whatever URL they were fetched at; Cloudflare and
//! CloudFront purge by URL; an HTTP endpoint gets both, signed. A purge the edge does not
//! hear is tried again with a growing wait, for as long as it takes (the edge would otherwise
//! serve the old page for a year): `GET /publish/status` counts them.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use hmac::{Hmac, Mac};
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use sha2::{Digest, Sha256};
use tokio::sync::Notify;

use concierge_core::config::{PurgeTarget, RetryPolicy, Settings};
use concierge_core::request_id::RequestId;
use concierge_store::Db;
use concierge_store::edge_purges::{self, EVERYTHING};
use concierge_store::entities::edge_purge;

/// Purges claimed at a time; each driver splits them into the requests its API takes.
const BATCH: u64 = 256;
/// How long a claim is left to its worker (longer than any request's timeout).
const CLAIM_SECONDS: i64 = 60;

/// What one batch of purges asks of the edge.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Purge {
    /// Every file's copies, whatever the rest says (a full build).
    pub everything: bool,
    /// The surrogate keys of the files.
    pub keys: Vec<String>,
    /// The absolute URLs the files are served at (the 404 pages have none).
    pub urls: Vec<String>,
    /// The same URLs' paths, as CloudFront invalidates them.
    pub paths: Vec<String>,
}

/// Characters a URL path keeps as they are: the unreserved ones and `/`.
const PATH: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'/')
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

impl Purge {
    /// The purge of `files` (paths in the site store, or [`EVERYTHING`]) of the site at
    /// `site_url`.
    pub fn of<'a>(site_url: &str, files: impl IntoIterator<Item = &'a str>) -> Purge {
        let mut purge = Purge::default();
        for file in files {
            if file == EVERYTHING {
                purge.everything = true;
                continue;
            }
            purge.keys.push(ssg::edge::file_key(file));
            if let Some(url) = ssg::edge::url_for_file(file) {
                let path = utf8_percent_encode(&url, PATH).to_string();
                purge.urls.push(format!("{site_url}{path}"));
                purge.paths.push(path);
            }
        }
        if purge.everything {
            purge.keys = vec![ssg::edge::SITE_KEY.to_owned()];
        }
        purge.keys.sort();
        purge.keys.dedup();
        purge.urls.sort();
        purge.urls.dedup();
        purge.paths.sort();
        purge.paths.dedup();
        purge
    }
}

/// Why a batch did not reach the edge, and how long to wait at least before trying again.
#[derive(Debug)]
pub struct Refused {
    pub error: anyhow::Error,
    pub retry_after: Option<Duration>,
}

impl From<anyhow::Error> for Refused {
    fn from(error: anyhow::Error) -> Self {
        Refused {
            error,
            retry_after: None,
        }
    }
}

/// Where purges go, as `CONCIERGE_CDN_PURGE` names it.
pub struct Edge {
    target: PurgeTarget,
    client: reqwest::Client,
    secret: Option<String>,
    cloudflare: (String, String),
    aws: Option<AwsCredentials>,
}

/// The standard AWS variables, for CloudFront.
#[derive(Debug, Clone)]
struct AwsCredentials {
    endpoint: String,
    access_key_id: String,
    secret_access_key: String,
    session_token: Option<String>,
}

impl AwsCredentials {
    fn from_env() -> Option<AwsCredentials> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        Some(AwsCredentials {
            endpoint: var("AWS_ENDPOINT_URL_CLOUDFRONT")
                .or_else(|| var("AWS_ENDPOINT_URL"))
                .unwrap_or_else(|| "https://cloudfront.amazonaws.com".into())
                .trim_end_matches('/')
                .to_owned(),
            access_key_id: var("AWS_ACCESS_KEY_ID")?,
            secret_access_key: var("AWS_SECRET_ACCESS_KEY")?,
            session_token: var("AWS_SESSION_TOKEN"),
        })
    }
}

impl Edge {
    /// The edge of the settings, if purging is configured.
    pub fn from_settings(settings: &Settings) -> Option<Edge> {
        let target = settings.cdn_purge.clone()?;
        Some(Edge {
            target,
            client: reqwest::Client::builder()
                .timeout(Duration::from_secs(20))
                .build()
                .expect("an HTTP client"),
            secret: settings.cdn_purge_secret.clone(),
            cloudflare: (
                settings.cloudflare_api.clone(),
                settings.cloudflare_api_token.clone().unwrap_or_default(),
            ),
            aws: AwsCredentials::from_env(),
        })
    }

    /// Sends one batch.
    pub async fn send(&self, purge: &Purge) -> Result<(), Refused> {
        match &self.target {
            PurgeTarget::Varnish { addr } => self.varnish(addr, purge).await,
            PurgeTarget::Http { url } => self.http(url, purge).await,
            PurgeTarget::Cloudflare { zone } => self.cloudflare(zone, purge).await,
            PurgeTarget::CloudFront { distribution } => self.cloudfront(distribution, purge).await,
        }
    }

    /// Varnish with xkey: `PURGE` with the keys in `xkey-purge` (the shipped VCL purges them
    /// from the origin's address only), at most 200 keys a request.
    async fn varnish(&self, addr: &str, purge: &Purge) -> Result<(), Refused> {
        for keys in purge.keys.chunks(200) {
            let method = reqwest::Method::from_bytes(b"PURGE").expect("a method");
            let response = self
                .client
                .request(method, format!("http://{addr}/"))
                .header("xkey-purge", keys.join(" "))
                .send()
                .await
                .context("Varnish did not answer the purge")?;
            if !response.status().is_success() {
                return Err(refused(response, "Varnish").await);
            }
        }
        Ok(())
    }

    /// A JSON POST `{"everything", "keys", "urls"}` signed like the webhook.
    async fn http(&self, url: &str, purge: &Purge) -> Result<(), Refused> {
        let body = serde_json::to_vec(&serde_json::json!({
            "everything": purge.everything,
            "keys": purge.keys,
            "urls": purge.urls,
        }))
        .context("a purge serialises")?;
        let mut request = self
            .client
            .post(url)
            .header("content-type", "application/json");
        if let Some(secret) = &self.secret {
            request = request.header(
                "X-Concierge-Signature",
                crate::notify::signature(secret, &body),
            );
        }
        let response = request
            .body(body)
            .send()
            .await
            .context("the purge endpoint did not answer")?;
        if !response.status().is_success() {
            return Err(refused(response, "the purge endpoint").await);
        }
        Ok(())
    }

    /// Cloudflare's purge API: 30 URLs a request (its limit), or the whole zone.
    async fn cloudflare(&self, zone: &str, purge: &Purge) -> Result<(), Refused> {
        let (api, token) = &self.cloudflare;
        let url = format!("{api}/zones/{zone}/purge_cache");
        let bodies: Vec<serde_json::Value> = if purge.everything {
            vec![serde_json::json!({ "purge_everything": true })]
        } else {
            purge
                .urls
                .chunks(30)
                .map(|files| serde_json::json!({ "files": files }))
                .collect()
        };
        for body in bodies {
            let response = self
                .client
                .post(&url)
                .bearer_auth(token)
                .json(&body)
                .send()
                .await
                .context("Cloudflare did not answer the purge")?;
            if !response.status().is_success() {
                return Err(refused(response, "Cloudflare").await);
            }
        }
        Ok(())
    }

    /// A CloudFront invalidation of the paths (at most 1,000 a request; `/*` for everything),
    /// signed with AWS Signature Version 4.
    async fn cloudfront(&self, distribution: &str, purge: &Purge) -> Result<(), Refused> {
        let aws = self.aws.as_ref().ok_or_else(|| {
            anyhow::anyhow!("cloudfront:// needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY")
        })?;
        let everything = ["/*".to_owned()];
        let paths: &[String] = if purge.everything {
            &everything
        } else {
            &purge.paths
        };
        for (n, paths) in paths.chunks(1000).enumerate() {
            let items: String = paths
                .iter()
                .map(|p| format!("<Path>{}</Path>", xml_escape(p)))
                .collect();
            let reference = format!(
                "concierge-{}-{n}",
                hex(&Sha256::digest(paths.join("\n").as_bytes()))
            );
            let body = format!(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\
                 <InvalidationBatch xmlns=\"http://cloudfront.amazonaws.com/doc/2020-05-31/\">\
                 <Paths><Quantity>{}</Quantity><Items>{items}</Items></Paths>\
                 <CallerReference>{reference}-{}</CallerReference></InvalidationBatch>",
                paths.len(),
                chrono::Utc::now().timestamp_millis()
            );
            let path = format!("/2020-05-31/distribution/{distribution}/invalidation");
            let url = format!("{}{path}", aws.endpoint);
            let host = url
                .split("://")
                .nth(1)
                .and_then(|rest| rest.split('/').next())
                .unwrap_or_default()
                .to_owned();
            let headers = sigv4(aws, &host, &path, body.as_bytes(), chrono::Utc::now());
            let mut request = self.client.post(&url).body(body);
            for (name, value) in headers {
                request = request.header(name, value);
            }
            let response = request
                .send()
                .await
                .context("CloudFront did not answer the invalidation")?;
            if !response.status().is_success() {
                return Err(refused(response, "CloudFront").await);
            }
        }
        Ok(())
    }
}

/// A refusal from `who`, with its status, the start of its body and its `Retry-After`.
async fn refused(response: reqwest::Response, who: &str) -> Refused {
    let status = response.status();
    let retry_after = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map(Duration::from_secs);
    let body = response.text().await.unwrap_or_default();
    let body: String = body.chars().take(300).collect();
    Refused {
        error: anyhow::anyhow!("{who} answered {status}: {body}"),
        retry_after,
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn hmac(key: &[u8], data: &[u8]) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key");
    mac.update(data);
    mac.finalize().into_bytes().to_vec()
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The headers of a `POST` to CloudFront's API signed with AWS Signature Version 4 (CloudFront
/// is global: region `us-east-1`, service `cloudfront`), `host` left to the client.
fn sigv4(
    aws: &AwsCredentials,
    host: &str,
    path: &str,
    body: &[u8],
    now: chrono::DateTime<chrono::Utc>,
) -> Vec<(&'static str, String)> {
    let payload = hex(&Sha256::digest(body));
    let mut headers: Vec<(&'static str, String)> = vec![
        ("content-type", "application/xml".into()),
        ("host", host.to_owned()),
        ("x-amz-content-sha256", payload.clone()),
        ("x-amz-date", now.format("%Y%m%dT%H%M%SZ").to_string()),
    ];
    if let Some(token) = &aws.session_token {
        headers.push(("x-amz-security-token", token.clone()));
    }
    let request = Signed {
        method: "POST",
        path,
        headers: &headers,
        payload: &payload,
    };
    let authorization = request.authorization(aws, "us-east-1", "cloudfront", now);
    headers.push(("authorization", authorization));
    headers.retain(|(n, _)| *n != "host");
    headers
}

/// A request as Signature Version 4 signs it: its headers sorted by name, in lower case.
struct Signed<'a> {
    method: &'a str,
    path: &'a str,
    headers: &'a [(&'static str, String)],
    /// The hex SHA-256 of the body.
    payload: &'a str,
}

impl Signed<'_> {
    fn authorization(
        &self,
        aws: &AwsCredentials,
        region: &str,
        service: &str,
        now: chrono::DateTime<chrono::Utc>,
    ) -> String {
        let amz_date = now.format("%Y%m%dT%H%M%SZ").to_string();
        let date = now.format("%Y%m%d").to_string();
        let signed: Vec<&str> = self.headers.iter().map(|(n, _)| *n).collect();
        let canonical_headers: String = self
            .headers
            .iter()
            .map(|(n, v)| format!("{n}:{}\n", v.trim()))
            .collect();
        let canonical = format!(
            "{}\n{}\n\n{canonical_headers}\n{}\n{}",
            self.method,
            self.path,
            signed.join(";"),
            self.payload
        );
        let scope = format!("{date}/{region}/{service}/aws4_request");
        let to_sign = format!(
            "AWS4-HMAC-SHA256\n{amz_date}\n{scope}\n{}",
            hex(&Sha256::digest(canonical.as_bytes()))
        );
        let key = [region.as_bytes(), service.as_bytes(), b"aws4_request"]
            .into_iter()
            .fold(
                hmac(
                    format!("AWS4{}", aws.secret_access_key).as_bytes(),
                    date.as_bytes(),
                ),
                |key, part| hmac(&key, part),
            );
        let signature = hex(&hmac(&key, to_sign.as_bytes()));
        format!(
            "AWS4-HMAC-SHA256 Credential={}/{scope}, SignedHeaders={}, Signature={signature}",
            aws.access_key_id,
            signed.join(";")
        )
    }
}

/// Sends the queued purges until the process stops: woken after each publish, and every
/// second for retries and purges another instance or a crash left behind.
pub async fn run_worker(
    db: Db,
    edge: Arc<Edge>,
    site_url: String,
    wakeup: Arc<Notify>,
    worker: String,
    policy: RetryPolicy,
) {
    let tick = policy.first_delay.min(Duration::from_secs(1));
    if let Err(e) = edge_purges::all_due_now(&db).await {
        tracing::warn!(error = %e, "failed to make the waiting edge purges due");
    }
    loop {
        let claimed = edge_purges::claim(
            &db,
            &worker,
            chrono::Duration::seconds(CLAIM_SECONDS),
            BATCH,
        )
        .await;
        match claimed {
            Ok(batch) if !batch.is_empty() => {
                send_batch(&db, &edge, &site_url, &batch, policy).await;
                if batch.len() as u64 == BATCH {
                    continue;
                }
            }
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "failed to claim edge purges"),
        }
        let _ = tokio::time::timeout(tick, wakeup.notified()).await;
    }
}

async fn send_batch(
    db: &Db,
    edge: &Edge,
    site_url: &str,
    batch: &[edge_purge::Model],
    policy: RetryPolicy,
) {
    // Logged with the id of the request whose publish queued them (the first one's, when a
    // batch holds several).
    let request = batch
        .iter()
        .find_map(|p| p.request_id.as_deref().and_then(RequestId::sane))
        .unwrap_or_default();
    request
        .scope(send_batch_as_queued(db, edge, site_url, batch, policy))
        .await;
}

async fn send_batch_as_queued(
    db: &Db,
    edge: &Edge,
    site_url: &str,
    batch: &[edge_purge::Model],
    policy: RetryPolicy,
) {
    let purge = Purge::of(site_url, batch.iter().map(|p| p.file.as_str()));
    let recorded = match edge.send(&purge).await {
        Ok(()) => {
            tracing::info!(files = batch.len(), "edge purged");
            let ids: Vec<i32> = batch.iter().map(|p| p.id).collect();
            edge_purges::done(db, &ids).await
        }
        Err(refused) => {
            tracing::warn!(error = %refused.error, files = batch.len(), "edge purge not heard");
            let policy = match refused.retry_after {
                Some(at_least) => RetryPolicy {
                    first_delay: policy.first_delay.max(at_least),
                    ..policy
                },
                None => policy,
            };
            edge_purges::retry_later(db, batch, &format!("{:#}", refused.error), policy).await
        }
    };
    if let Err(e) = recorded {
        tracing::warn!(error = %e, "failed to record edge purges");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_purge_names_each_files_key_and_encoded_url_and_a_full_build_the_site() {
        let purge = Purge::of(
            "https://concierge.example",
            ["about/index.html", "ar/مدونة/7/index.html", "404.html"],
        );
        assert!(!purge.everything);
        assert_eq!(purge.keys.len(), 3);
        assert_eq!(
            purge.urls,
            [
                "https://concierge.example/about",
                "https://concierge.example/ar/%D9%85%D8%AF%D9%88%D9%86%D8%A9/7",
            ]
        );
        assert_eq!(purge.paths[0], "/about");
        let all = Purge::of("https://concierge.example", ["feed.xml", EVERYTHING]);
        assert!(all.everything);
        assert_eq!(all.keys, ["site"]);
    }

    #[test]
    fn the_signature_is_aws_signature_version_4() {
        // "get-vanilla" of AWS's Signature Version 4 test suite.
        let aws = AwsCredentials {
            endpoint: "https://example.amazonaws.com".into(),
            access_key_id: "AKIDEXAMPLE".into(),
            secret_access_key: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY".into(),
            session_token: None,
        };
        let at = chrono::DateTime::parse_from_rfc3339("2015-08-30T12:36:00Z")
            .unwrap()
            .to_utc();
        let headers = [
            ("host", "example.amazonaws.com".to_owned()),
            ("x-amz-date", "20150830T123600Z".to_owned()),
        ];
        let empty = hex(&Sha256::digest(b""));
        let request = Signed {
            method: "GET",
            path: "/",
            headers: &headers,
            payload: &empty,
        };
        assert_eq!(
            request.authorization(&aws, "us-east-1", "service", at),
            "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, \
             SignedHeaders=host;x-amz-date, \
             Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"
        );
        let posted = sigv4(&aws, "cloudfront.amazonaws.com", "/x", b"<a/>", at);
        let names: Vec<&str> = posted.iter().map(|(n, _)| *n).collect();
        assert_eq!(
            names,
            [
                "content-type",
                "x-amz-content-sha256",
                "x-amz-date",
                "authorization"
            ]
        );
    }
}
