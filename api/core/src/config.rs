//! Configuration: one struct read from flags and the environment, resolved once at start.

use std::path::PathBuf;

use clap::Args;

/// The development API key. It identifies the client app; it is not a secret (it ships in public
/// pages), so a fixed default is safe and keeps `just up` zero-configuration.
pub const DEV_API_KEY: &str = "concierge-dev-key";
/// Public form submissions per client address, unless `CONCIERGE_FORM_LIMIT` says otherwise.
pub const DEFAULT_FORM_LIMIT: &str = "10/10m";

/// Environment of the `concierge` binary. Every flag mirrors a `CONCIERGE_*` variable.
#[derive(Args, Clone, Debug, Default)]
pub struct Config {
    /// Listen address.
    #[arg(
        long,
        env = "CONCIERGE_ADDR",
        default_value = "127.0.0.1:8080",
        global = true
    )]
    pub addr: String,
    /// State of the embedded default: SQLite file, media, generated site.
    #[arg(
        long,
        env = "CONCIERGE_DATA_DIR",
        default_value = "./data",
        global = true
    )]
    pub data_dir: PathBuf,
    /// `sqlite://…` or `postgres://…`; defaults to a SQLite file in the data dir.
    #[arg(long, env = "CONCIERGE_DATABASE_URL", global = true)]
    pub database_url: Option<String>,
    /// The `x-api-key` value clients send.
    #[arg(long, env = "CONCIERGE_API_KEY", global = true)]
    pub api_key: Option<String>,
    /// `file://…` or `s3://bucket/prefix` for uploads.
    #[arg(long, env = "CONCIERGE_MEDIA_STORE", global = true)]
    pub media_store: Option<String>,
    /// `file://…` or `s3://bucket/prefix` for the generated site.
    #[arg(long, env = "CONCIERGE_SITE_STORE", global = true)]
    pub site_store: Option<String>,
    /// Canonical public base URL used in pages, sitemap and feeds.
    #[arg(long, env = "CONCIERGE_SITE_URL", global = true)]
    pub site_url: Option<String>,
    /// Header link to the external customer site.
    #[arg(
        long,
        env = "CONCIERGE_CUSTOMER_LOGIN_URL",
        default_value = "https://clients.concierge.example/login",
        global = true
    )]
    pub customer_login_url: String,
    /// Tag-manager container, loaded only after cookie consent.
    #[arg(long, env = "CONCIERGE_GTM_ID", global = true)]
    pub gtm_id: Option<String>,
    /// The built React islands (`site-islands/dist`), rendered into the pages.
    #[arg(
        long,
        env = "CONCIERGE_ISLANDS_DIR",
        default_value = "site-islands/dist",
        global = true
    )]
    pub islands_dir: PathBuf,
    /// The built admin app (`admin-ui/dist`), served at `/admin`.
    #[arg(
        long,
        env = "CONCIERGE_ADMIN_DIR",
        default_value = "admin-ui/dist",
        global = true
    )]
    pub admin_dir: PathBuf,
    /// Addresses and networks (comma-separated) whose `X-Forwarded-For` is believed; without
    /// it, the client address is the TCP peer.
    #[arg(long, env = "CONCIERGE_TRUSTED_PROXIES", global = true)]
    pub trusted_proxies: Option<String>,
    /// Every administrator must turn on two-factor sign-in (TOTP) at their next sign-in; until
    /// then only their own account answers.
    #[arg(long = "require-2fa", env = "CONCIERGE_REQUIRE_2FA", default_value_t = false,
          action = clap::ArgAction::Set, value_parser = clap::builder::BoolishValueParser::new(),
          global = true)]
    pub require_2fa: bool,
    /// A token a metrics scraper sends (`Authorization: Bearer …`) to read `GET /metrics`;
    /// unset: only an owner's session token reads it.
    #[arg(long, env = "CONCIERGE_METRICS_TOKEN", global = true)]
    pub metrics_token: Option<String>,
    /// Whether requests are counted for `GET /metrics` (`false` turns the counting off; the
    /// queue depths are read at each scrape all the same).
    #[arg(long, env = "CONCIERGE_METRICS", default_value_t = true,
          action = clap::ArgAction::Set, value_parser = clap::builder::BoolishValueParser::new(),
          global = true)]
    pub metrics: bool,
    /// Submissions of each public form (contact, newsletter) per client address, e.g. `10/10m`.
    #[arg(long, env = "CONCIERGE_FORM_LIMIT", default_value = DEFAULT_FORM_LIMIT, global = true)]
    pub form_limit: String,
    /// The mail server for notifications: `smtp://host:port`, `smtps://user:password@host:465`
    /// or `smtp://host:587?tls=starttls`. Unset: no email.
    #[arg(long, env = "CONCIERGE_SMTP_URL", global = true)]
    pub smtp_url: Option<String>,
    /// The sender of notifications (default `concierge@` the site's host).
    #[arg(long, env = "CONCIERGE_MAIL_FROM", global = true)]
    pub mail_from: Option<String>,
    /// The staff addresses told of each new enquiry, comma-separated.
    #[arg(long, env = "CONCIERGE_NOTIFY_EMAIL", global = true)]
    pub notify_email: Option<String>,
    /// A CRM's endpoint that receives each new enquiry as signed JSON.
    #[arg(long, env = "CONCIERGE_WEBHOOK_URL", global = true)]
    pub webhook_url: Option<String>,
    /// The key of the webhook's `X-Concierge-Signature` (HMAC-SHA256 of the body).
    #[arg(long, env = "CONCIERGE_WEBHOOK_SECRET", global = true)]
    pub webhook_secret: Option<String>,
    /// Where the edge cache's purges go after each publish: `varnish://HOST:PORT` (Varnish with
    /// the xkey module, `deploy/varnish/concierge.vcl`), `cloudflare://ZONE_ID` (token in
    /// `CLOUDFLARE_API_TOKEN`), `cloudfront://DISTRIBUTION_ID` (the standard AWS variables), or
    /// an `http(s)://` URL (a signed JSON POST of the URLs and keys). Unset: no purging, and
    /// pages are cached at the edge for 60 seconds only.
    #[arg(long, env = "CONCIERGE_CDN_PURGE", global = true)]
    pub cdn_purge: Option<String>,
    /// The key of an HTTP purge's `X-Concierge-Signature` (HMAC-SHA256 of the body).
    #[arg(long, env = "CONCIERGE_CDN_PURGE_SECRET", global = true)]
    pub cdn_purge_secret: Option<String>,
    /// Cloudflare's API token for `cloudflare://` purges (permission: Zone, Cache Purge).
    #[arg(
        long,
        env = "CLOUDFLARE_API_TOKEN",
        hide_env_values = true,
        global = true
    )]
    pub cloudflare_api_token: Option<String>,
    /// Tests only: where Cloudflare's API is (a loopback receiver).
    #[arg(long, env = "CONCIERGE_CLOUDFLARE_API", hide = true, global = true,
          default_value = CLOUDFLARE_API)]
    pub cloudflare_api: String,
    /// Threads that answer HTTP requests; unset, one per CPU core. One is enough for a small
    /// site on a small machine, and leaves the other cores to the publisher and the database.
    #[arg(long, env = "CONCIERGE_WORKERS", global = true)]
    pub workers: Option<String>,
    /// Tests only: writes of site paths containing this text fail, to show what a failing page
    /// does to the rest of the publish.
    #[arg(long, env = "CONCIERGE_PUBLISH_FAULTS", hide = true, global = true)]
    pub publish_faults: Option<String>,
}

/// Explicit S3 settings that take precedence over the standard AWS variables (tests use them
/// to reach a local S3-compatible server).
#[derive(Clone, Debug, Default)]
pub struct S3Overrides {
    pub endpoint: String,
    pub access_key_id: String,
    pub secret_access_key: String,
}

/// The configuration with every default filled in.
#[derive(Clone, Debug)]
pub struct Settings {
    pub addr: String,
    pub data_dir: PathBuf,
    pub database_url: String,
    pub api_key: String,
    pub api_key_is_default: bool,
    pub media_store: String,
    pub site_store: String,
    pub site_url: String,
    pub customer_login_url: String,
    pub gtm_id: Option<String>,
    pub admin_dir: PathBuf,
    pub islands_dir: PathBuf,
    pub s3_overrides: Option<S3Overrides>,
    /// `concierge watch`: templates and content are read from the source tree, and pages
    /// reload themselves after each rebuild.
    pub watch: bool,
    /// How long an admin session lasts.
    pub session_ttl: chrono::Duration,
    /// Whether `serve` runs the publish worker (tests that drive publishing themselves turn
    /// it off).
    pub publish_worker: bool,
    /// How failing publish jobs are retried.
    pub publish_retry: RetryPolicy,
    /// See [`Config::publish_faults`].
    pub publish_faults: Option<String>,
    /// See [`Config::trusted_proxies`].
    pub trusted_proxies: crate::domain::network::TrustedProxies,
    /// See [`Config::form_limit`].
    pub form_limit: crate::limits::Limit,
    /// See [`Config::require_2fa`].
    pub require_2fa: bool,
    /// See [`Config::metrics_token`].
    pub metrics_token: Option<String>,
    /// See [`Config::metrics`].
    pub metrics: bool,
    /// See [`Config::smtp_url`] and the rest of the notification settings.
    pub smtp_url: Option<String>,
    pub mail_from: String,
    pub notify_emails: Vec<String>,
    pub webhook_url: Option<String>,
    pub webhook_secret: Option<String>,
    /// How failing notifications are retried.
    pub notify_retry: RetryPolicy,
    /// See [`Config::cdn_purge`].
    pub cdn_purge: Option<PurgeTarget>,
    /// See [`Config::cdn_purge_secret`].
    pub cdn_purge_secret: Option<String>,
    /// See [`Config::cloudflare_api_token`] and [`Config::cloudflare_api`].
    pub cloudflare_api_token: Option<String>,
    pub cloudflare_api: String,
    /// How failing purges are retried (they never stop: the edge must hear of every change).
    pub purge_retry: RetryPolicy,
    /// See [`Config::workers`]: `None` is one per CPU core.
    pub workers: Option<usize>,
    /// The time schedules go by (tests move it forward).
    pub clock: crate::clock::Clock,
}

impl Config {
    /// The settings, each field resolved in place from its variable or its default: one flat
    /// list a reader checks against the README's table of variables (longer than a function
    /// should be, and clearer so than split into groups).
    pub fn resolve(&self) -> anyhow::Result<Settings> {
        let data_dir = self.data_dir.clone();
        let dir = data_dir.display().to_string();
        let database_url = self
            .database_url
            .clone()
            .filter(|u| !u.trim().is_empty())
            .unwrap_or_else(|| format!("sqlite://{dir}/concierge.db?mode=rwc"));
        if !(database_url.starts_with("sqlite:") || database_url.starts_with("postgres")) {
            anyhow::bail!(
                "CONCIERGE_DATABASE_URL must start with sqlite:// or postgres://, got {database_url:?}"
            );
        }
        let api_key = self.api_key.clone().filter(|k| !k.trim().is_empty());
        let site_url = self
            .site_url
            .clone()
            .unwrap_or_else(|| format!("http://{}", self.addr))
            .trim_end_matches('/')
            .to_owned();
        let site_host = host_of(&site_url);
        Ok(Settings {
            addr: self.addr.clone(),
            database_url,
            api_key_is_default: api_key.is_none(),
            api_key: api_key.unwrap_or_else(|| DEV_API_KEY.to_owned()),
            media_store: self
                .media_store
                .clone()
                .unwrap_or_else(|| format!("file://{dir}/media")),
            site_store: self
                .site_store
                .clone()
                .unwrap_or_else(|| format!("file://{dir}/site")),
            site_url,
            customer_login_url: self.customer_login_url.clone(),
            gtm_id: self.gtm_id.clone().filter(|g| !g.trim().is_empty()),
            session_ttl: chrono::Duration::hours(12),
            admin_dir: self.admin_dir.clone(),
            islands_dir: self.islands_dir.clone(),
            s3_overrides: None,
            watch: false,
            publish_worker: true,
            publish_retry: Default::default(),
            publish_faults: self.publish_faults.clone().filter(|f| !f.is_empty()),
            trusted_proxies: crate::domain::network::TrustedProxies::parse(
                self.trusted_proxies.as_deref().unwrap_or(""),
            )
            .map_err(|e| anyhow::anyhow!("CONCIERGE_TRUSTED_PROXIES: {e}"))?,
            require_2fa: self.require_2fa,
            metrics_token: self
                .metrics_token
                .clone()
                .filter(|t| !t.trim().is_empty())
                .map(|t| t.trim().to_owned()),
            metrics: self.metrics,
            form_limit: crate::limits::Limit::parse(match self.form_limit.trim() {
                "" => DEFAULT_FORM_LIMIT,
                limit => limit,
            })
            .map_err(|e| anyhow::anyhow!("CONCIERGE_FORM_LIMIT: {e}"))?,
            smtp_url: self.smtp_url.clone().filter(|u| !u.trim().is_empty()),
            mail_from: self
                .mail_from
                .clone()
                .filter(|m| !m.trim().is_empty())
                .unwrap_or_else(|| format!("Dar Wasl Concierge <concierge@{site_host}>")),
            notify_emails: self
                .notify_email
                .as_deref()
                .unwrap_or("")
                .split(',')
                .map(str::trim)
                .filter(|e| !e.is_empty())
                .map(str::to_owned)
                .collect(),
            webhook_url: self.webhook_url.clone().filter(|u| !u.trim().is_empty()),
            webhook_secret: self.webhook_secret.clone().filter(|s| !s.is_empty()),
            notify_retry: RetryPolicy {
                max_attempts: 12,
                first_delay: std::time::Duration::from_secs(5),
            },
            cdn_purge: PurgeTarget::parse(self.cdn_purge.as_deref().unwrap_or(""))
                .map_err(|e| anyhow::anyhow!("CONCIERGE_CDN_PURGE: {e}"))?
                .map(|target| target.check(self.cloudflare_api_token.as_deref()))
                .transpose()
                .map_err(|e| anyhow::anyhow!("CONCIERGE_CDN_PURGE: {e}"))?,
            cdn_purge_secret: self.cdn_purge_secret.clone().filter(|s| !s.is_empty()),
            cloudflare_api_token: self
                .cloudflare_api_token
                .clone()
                .filter(|t| !t.trim().is_empty()),
            cloudflare_api: match self.cloudflare_api.trim() {
                "" => CLOUDFLARE_API,
                api => api,
            }
            .trim_end_matches('/')
            .to_owned(),
            // Purges are never set aside (a CDN that comes back must still hear them): after
            // this many refusals one counts as failing in /publish/status, and is retried on.
            purge_retry: RetryPolicy {
                max_attempts: 3,
                first_delay: std::time::Duration::from_secs(1),
            },
            clock: Default::default(),
            workers: workers(self.workers.as_deref())?,
            data_dir,
        })
    }
}

/// Cloudflare's API.
const CLOUDFLARE_API: &str = "https://api.cloudflare.com/client/v4";

/// Where the edge cache's purges go (`CONCIERGE_CDN_PURGE`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PurgeTarget {
    /// Varnish with the xkey module at `host:port`: `PURGE` requests naming the keys.
    Varnish { addr: String },
    /// Cloudflare's purge API for the zone (by URL), with `CLOUDFLARE_API_TOKEN`.
    Cloudflare { zone: String },
    /// CloudFront invalidations of the distribution's paths, with the standard AWS variables.
    CloudFront { distribution: String },
    /// A signed JSON POST of the URLs and keys to this endpoint.
    Http { url: String },
}

impl PurgeTarget {
    /// The target, once what it needs is there (Cloudflare's token).
    fn check(self, cloudflare_token: Option<&str>) -> Result<PurgeTarget, String> {
        match self {
            PurgeTarget::Cloudflare { .. }
                if cloudflare_token.is_none_or(|t| t.trim().is_empty()) =>
            {
                Err(
                    "cloudflare:// needs CLOUDFLARE_API_TOKEN (a token with Zone, Cache Purge)"
                        .into(),
                )
            }
            target => Ok(target),
        }
    }

    /// `None` for an empty setting (no purging).
    pub fn parse(text: &str) -> Result<Option<PurgeTarget>, String> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(None);
        }
        let (scheme, rest) = text
            .split_once("://")
            .ok_or_else(|| format!("expected varnish://, cloudflare://, cloudfront://, http:// or https://, got {text:?}"))?;
        let rest = rest.trim_end_matches('/');
        let named = |what: &str| {
            if rest.is_empty() || rest.contains('/') {
                Err(format!("{scheme}:// needs {what}, got {text:?}"))
            } else {
                Ok(rest.to_owned())
            }
        };
        Ok(Some(match scheme {
            "varnish" => PurgeTarget::Varnish {
                addr: named("HOST:PORT")?,
            },
            "cloudflare" => PurgeTarget::Cloudflare {
                zone: named("the zone id")?,
            },
            "cloudfront" => PurgeTarget::CloudFront {
                distribution: named("the distribution id")?,
            },
            "http" | "https" => PurgeTarget::Http {
                url: text.to_owned(),
            },
            _ => {
                return Err(format!(
                    "expected varnish://, cloudflare://, cloudfront://, http:// or https://, got {text:?}"
                ));
            }
        }))
    }
}

/// `CONCIERGE_WORKERS`: a whole number from 1 to 256, or unset (empty) for one per core.
fn workers(text: Option<&str>) -> anyhow::Result<Option<usize>> {
    match text.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => match text.parse::<usize>() {
            Ok(n @ 1..=256) => Ok(Some(n)),
            _ => anyhow::bail!(
                "CONCIERGE_WORKERS must be a whole number from 1 to 256 (or unset for one per CPU core), got {text:?}"
            ),
        },
    }
}

/// The host of a URL (`localhost` when there is none to take).
fn host_of(url: &str) -> String {
    url.split("://")
        .nth(1)
        .and_then(|rest| rest.split(['/', ':']).next())
        .filter(|h| h.contains('.') && h.parse::<std::net::IpAddr>().is_err())
        .unwrap_or("localhost")
        .to_owned()
}

fn data_dir_placeholder() -> PathBuf {
    PathBuf::from("/nonexistent/site-islands/dist")
}

impl Settings {
    /// Settings for tests and tools: everything under `data_dir`, the given database.
    pub fn for_data_dir(data_dir: PathBuf, database_url: Option<String>) -> anyhow::Result<Self> {
        Config {
            addr: "127.0.0.1:0".into(),
            data_dir,
            database_url,
            customer_login_url: "https://clients.concierge.example/login".into(),
            admin_dir: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../admin-ui/dist")),
            // Tests render pages without Node unless they point this at a build.
            islands_dir: data_dir_placeholder(),
            metrics: true,
            ..Config::default()
        }
        .resolve()
    }
}

impl Settings {
    /// Where uploads are held while they arrive: inside the data directory, never the system's
    /// temporary folder, and emptied at start-up, so a process killed during an upload leaves
    /// nothing behind for long.
    pub fn upload_dir(&self) -> PathBuf {
        self.data_dir.join("tmp")
    }
}

/// How failing jobs are retried.
#[derive(Debug, Clone, Copy)]
pub struct RetryPolicy {
    /// Attempts before a job is set aside.
    pub max_attempts: i32,
    /// The wait after the first failure; it doubles with each further one.
    pub first_delay: std::time::Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_attempts: 5,
            first_delay: std::time::Duration::from_secs(2),
        }
    }
}

impl RetryPolicy {
    /// The wait before attempt `attempts + 1` (at most ten minutes).
    pub fn delay(&self, attempts: i32) -> std::time::Duration {
        let doublings = attempts.clamp(1, 20) as u32 - 1;
        (self.first_delay * 2u32.pow(doublings)).min(std::time::Duration::from_secs(600))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn purge_targets_are_read_from_their_urls_and_anything_else_is_refused() {
        use super::PurgeTarget as T;
        assert_eq!(T::parse(" ").unwrap(), None);
        assert_eq!(
            T::parse("varnish://127.0.0.1:6081").unwrap(),
            Some(T::Varnish {
                addr: "127.0.0.1:6081".into()
            })
        );
        assert_eq!(
            T::parse("cloudflare://0123abcd").unwrap(),
            Some(T::Cloudflare {
                zone: "0123abcd".into()
            })
        );
        assert_eq!(
            T::parse("cloudfront://E2ABCDEF").unwrap(),
            Some(T::CloudFront {
                distribution: "E2ABCDEF".into()
            })
        );
        assert_eq!(
            T::parse("https://cms.example/purge").unwrap(),
            Some(T::Http {
                url: "https://cms.example/purge".into()
            })
        );
        for wrong in [
            "varnish://",
            "fastly://x",
            "127.0.0.1:6081",
            "cloudflare://a/b",
        ] {
            assert!(T::parse(wrong).is_err(), "{wrong}");
        }
    }

    #[test]
    fn workers_are_a_count_from_1_to_256_or_one_per_core_when_unset() {
        assert_eq!(super::workers(None).unwrap(), None);
        assert_eq!(super::workers(Some(" ")).unwrap(), None);
        assert_eq!(super::workers(Some("1")).unwrap(), Some(1));
        assert_eq!(super::workers(Some(" 8 ")).unwrap(), Some(8));
        for bad in ["0", "-1", "two", "1.5", "257"] {
            let err = super::workers(Some(bad)).unwrap_err().to_string();
            assert!(
                err.starts_with("CONCIERGE_WORKERS must be a whole number"),
                "{bad}: {err}"
            );
            assert!(err.contains(&format!("{bad:?}")), "{bad}: {err}");
        }
    }
}
