//! The publisher and the site generator as the settings describe them: templates and content
//! from the binary (or the source tree in watch mode), the islands' renderer, and the site
//! store pages go to.

use std::sync::Arc;

use crate::output::Output;
use crate::site::Publisher;
use concierge_core::config::Settings;

/// The site generator and where its pages go, from the settings.
pub fn build_publisher(settings: &Settings) -> anyhow::Result<Publisher> {
    let output = Output::from_url(&settings.site_store, |url| {
        concierge_store::blobs::BlobStore::open_configured(settings, url)
    })?;
    let mut publisher = Publisher::new(build_site(settings)?, output);
    if settings.cdn_purge.is_some() {
        publisher = publisher.with_purges();
    }
    Ok(match settings.publish_faults.clone() {
        Some(faults) => publisher.with_faults(Arc::new(move |path: &str| path.contains(&faults))),
        None => publisher,
    })
}

/// The site generator: templates and content from the binary, or from the source tree in
/// watch mode.
pub fn build_site(settings: &Settings) -> anyhow::Result<ssg::Site> {
    use ssg::content::{Content, Source};
    let (source, templates) = if settings.watch {
        (
            Source::Disk(Content::source_dir()),
            ssg::Templates::Dir(ssg::Templates::source_dir()),
        )
    } else {
        (Source::Embedded, ssg::Templates::Embedded)
    };
    let content = Content::load(&source)?;
    let config = ssg::SiteConfig {
        site_url: settings.site_url.clone(),
        customer_login_url: settings.customer_login_url.clone(),
        gtm_id: settings.gtm_id.clone(),
        api_key: settings.api_key.clone(),
        live_reload: settings.watch,
        search_pages: concierge_core::kinds::KINDS
            .iter()
            .filter_map(|kind| kind.site.map(|pages| pages.item.to_owned()))
            .collect(),
    };
    let islands: Arc<dyn ssg::islands::Islands> = Arc::from(
        ssg::islands::NodeIslands::open_or_none(&settings.islands_dir),
    );
    ssg::Site::new(content, config, &templates, islands)
}
