//! What every handler can reach.

use std::sync::Arc;

use tokio::sync::Notify;

use concierge_app::Db;
use concierge_app::media::BlobStore;
use concierge_core::config::Settings;
use concierge_publish::site::Publisher;

pub struct AppState {
    pub db: Db,
    pub settings: Settings,
    /// Uploaded files.
    pub media: BlobStore,
    /// Renders and writes the site.
    pub publisher: Arc<Publisher>,
    /// Wakes the publish worker after a write commits.
    pub publish_wakeup: Arc<Notify>,
    /// Wakes the notification worker after an enquiry is stored.
    pub notify_wakeup: Arc<Notify>,
    /// Wakes the image worker after a photograph is uploaded.
    pub media_wakeup: Arc<Notify>,
    /// The site's small files, in memory while they are unchanged on disk.
    pub page_cache: crate::page_cache::PageCache,
    /// Public reads answered from memory until the content changes.
    pub read_cache: actix_web::web::Data<crate::read_cache::ReadCache>,
    /// Tells open pages to reload after a rebuild (watch mode).
    pub live_reload: tokio::sync::broadcast::Sender<()>,
    /// Stores enquiries, many to a commit.
    pub intake: concierge_app::intake::Intake,
    /// Reads the history and the counts once for every open `GET /events`.
    pub live: std::sync::Arc<concierge_app::live::Hub>,
    /// The requests and publishes counted for `GET /metrics` (the publisher's own).
    pub metrics: std::sync::Arc<concierge_core::metrics::Registry>,
}

impl AppState {
    /// Counts a submission of the public form `form` from this request's address against
    /// `CONCIERGE_FORM_LIMIT`; past it, 429 with `Retry-After`. Counters live in the database,
    /// so the limit holds across instances.
    pub async fn count_public_submission(
        &self,
        req: &actix_web::HttpRequest,
        form: &str,
    ) -> Result<(), concierge_core::error::ApiError> {
        let (scope, limit) = self.public_form_limit(req, form);
        concierge_app::system::count_submission(&self.db, &scope, limit).await
    }

    /// The counter a submission of the public form `form` from this request's address is
    /// counted on, and its limit (`CONCIERGE_FORM_LIMIT`).
    pub fn public_form_limit(
        &self,
        req: &actix_web::HttpRequest,
        form: &str,
    ) -> (String, concierge_core::limits::Limit) {
        (
            format!("form:{form}:{}", self.client_ip(req)),
            self.settings.form_limit,
        )
    }

    /// The client's address: the TCP peer, or what a trusted proxy says it forwarded.
    pub fn client_ip(&self, req: &actix_web::HttpRequest) -> std::net::IpAddr {
        let peer = req
            .peer_addr()
            .map_or(std::net::IpAddr::from([0, 0, 0, 0]), |a| a.ip());
        let forwarded = req
            .headers()
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok());
        self.settings.trusted_proxies.client(peer, forwarded)
    }

    /// A write to public content committed: the publisher has work and the public read cache
    /// must ask the database again.
    pub fn content_written(&self) {
        self.read_cache.written();
        self.publish_wakeup.notify_one();
    }
}
