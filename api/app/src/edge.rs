//! The edge cache hears of every publish: a worker takes the purges the publisher queued
//! ([`concierge_store::edge_purges`]) and sends them where `CONCIERGE_CDN_PURGE` says, in the
//! batch sizes each API takes. Varnish purges by surrogate key (`xkey`), so it drops exactly the
//! objects of the files that changed, whatever URL they were fetched at; Cloudflare and
//! CloudFront purge by URL; an HTTP endpoint gets both, signed. A purge the edge does not
//! hear is tried again with a growing wait, for as long as it takes (the edge would otherwise
//! serve the old page for a year): `GET /publish/status` counts them.

use std::sync::Arc;
use std::time::Duration;

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use tokio::sync::Notify;

use concierge_core::config::RetryPolicy;
use concierge_core::request_id::RequestId;
use concierge_store::Db;
use concierge_store::edge_purges::{self, EVERYTHING};
use concierge_store::entities::edge_purge;

pub use concierge_send::cdn::{Edge, Purge, Refused};

/// Purges claimed at a time; each driver splits them into the requests its API takes.
const BATCH: u64 = 256;
/// How long a claim is left to its worker (longer than any request's timeout).
const CLAIM_SECONDS: i64 = 60;

/// Characters a URL path keeps as they are: the unreserved ones and `/`.
const PATH: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'/')
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// The purge of `files` (paths in the site store, or [`EVERYTHING`]) of the site at `site_url`.
pub fn purge_of<'a>(site_url: &str, files: impl IntoIterator<Item = &'a str>) -> Purge {
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
        // The site's key drops every page, but not the media library's files: they carry their
        // own key alone (a full build need not drop them). So the batch's own keys stay, or a
        // file sent to the trash in the same batch as a full build is served for a year.
        purge.keys.push(ssg::edge::SITE_KEY.to_owned());
    }
    purge.keys.sort();
    purge.keys.dedup();
    purge.urls.sort();
    purge.urls.dedup();
    purge.paths.sort();
    purge.paths.dedup();
    purge
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
    let purge = purge_of(site_url, batch.iter().map(|p| p.file.as_str()));
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
        let purge = purge_of(
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
        let all = purge_of("https://concierge.example", [EVERYTHING]);
        assert!(all.everything);
        assert_eq!(all.keys, ["site"]);
    }

    #[test]
    fn a_full_builds_purge_keeps_the_keys_the_sites_key_does_not_cover() {
        let media = "media/0123456789abcdef.svg";
        let all = purge_of("https://concierge.example", [media, EVERYTHING, "feed.xml"]);
        assert!(all.everything);
        assert!(all.keys.contains(&"site".to_owned()));
        assert!(
            all.keys.contains(&ssg::edge::file_key(media)),
            "a file of the media library is not under the site's key: {:?}",
            all.keys
        );
    }
}
