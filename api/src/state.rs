//! What every handler can reach.

use std::sync::Arc;

use tokio::sync::Notify;

use crate::config::Settings;
use crate::publish::site::Publisher;
use crate::storage::Store;
use crate::store::Db;

pub struct AppState {
    pub db: Db,
    pub settings: Settings,
    /// Uploaded files.
    pub media: Store,
    /// Renders and writes the site.
    pub publisher: Arc<Publisher>,
    /// Wakes the publish worker after a write commits.
    pub publish_wakeup: Arc<Notify>,
    /// The site's small files, in memory while they are unchanged on disk.
    pub page_cache: crate::routes::page_cache::PageCache,
    /// Public reads answered from memory until the content changes.
    pub read_cache: actix_web::web::Data<crate::read_cache::ReadCache>,
    /// Tells open pages to reload after a rebuild (watch mode).
    pub live_reload: tokio::sync::broadcast::Sender<()>,
}

impl AppState {
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
