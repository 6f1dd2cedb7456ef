//! The settings of a site that end up in its pages, apart from how they are rendered.

use serde::Serialize;

/// Settings that end up in pages.
#[derive(Clone, Debug, Serialize)]
pub struct SiteConfig {
    /// Canonical base URL, without a trailing slash.
    pub site_url: String,
    pub customer_login_url: String,
    pub gtm_id: Option<String>,
    /// The public API key the islands send.
    pub api_key: String,
    /// Pages reload themselves when the site is rebuilt (`concierge watch`).
    pub live_reload: bool,
    /// The URL patterns of the item pages site search finds, as the content model declares
    /// them (each kind's `site.item`: `/services/{id}`, `/{slug}/{id}`…; [`crate::search::finds`]).
    pub search_pages: Vec<String>,
}
