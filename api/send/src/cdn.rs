//! The edge's purge APIs: Varnish by surrogate key (`xkey`), Cloudflare and CloudFront by URL
//! (CloudFront's requests signed with AWS Signature Version 4), an HTTP endpoint with both,
//! signed. One [`Purge`] is sent in the batch sizes each API takes; a refusal says how long to
//! wait at least before trying again. What to purge, and the queue that retries, are the
//! callers'.

use std::time::Duration;

use anyhow::Context;
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use concierge_core::config::{PurgeTarget, Settings};

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
            request = request.header("X-Concierge-Signature", crate::signature(secret, &body));
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

#[cfg(test)]
mod tests {
    use super::*;

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
