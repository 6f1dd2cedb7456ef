//! The scheduler: puts items on the site at their `publish_at` and takes them off at their
//! `unpublish_at`, to the minute, after restarts and exactly once across instances (each change
//! is a conditional update, see [`concierge_store::content_rows::fire`]); and removes for good what was
//! deleted more than 30 days ago (content, and the enquiry desk's trash), each removal in the
//! audit log as the system's.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use sea_orm::TransactionTrait;
use tokio::sync::Notify;

use super::kinds;
use concierge_core::clock::Clock;
use concierge_core::error::ApiError;
use concierge_store::blobs::BlobStore;
use concierge_store::{self as store, Db};

/// How often the scheduler looks (well inside the minute a schedule is kept to).
pub const EVERY: Duration = Duration::from_secs(15);

/// What one look did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Tick {
    /// Items put on or taken off the site.
    pub fired: usize,
    /// Deleted items removed for good.
    pub purged: u64,
}

/// Applies every schedule due at `now`, and the purge.
pub async fn tick(db: &Db, now: DateTime<Utc>) -> Result<Tick, ApiError> {
    let mut done = Tick::default();
    for kind in kinds() {
        let fired: Result<usize, ApiError> = crate::with_kind!(kind, K => {
            let mut fired = 0;
            for (id, live) in store::content_rows::due::<K>(&db.read, now).await? {
                let txn = db.write.begin().await?;
                if crate::content::items::fire::<K>(&txn, id, live, now).await? {
                    fired += 1;
                }
                txn.commit().await?;
            }
            Ok(fired)
        });
        done.fired += fired?;
        let purged: Result<u64, ApiError> = crate::with_kind!(kind, K => {
            let mut purged = 0;
            for (id, deleted_at) in store::content_rows::purgeable::<K>(&db.read, now).await? {
                let txn = db.write.begin().await?;
                if crate::content::items::purge::<K>(&txn, id, deleted_at, now).await? {
                    purged += 1;
                }
                txn.commit().await?;
            }
            Ok(purged)
        });
        done.purged += purged?;
    }
    // The enquiry desk's trash, kept as long as content's.
    let txn = db.write.begin().await?;
    done.purged +=
        store::enquiries::purge::<store::entities::contact::Entity>(&txn, now, "contact").await?
            + store::enquiries::purge::<store::entities::airport_request::Entity>(
                &txn,
                now,
                "airport_request",
            )
            .await?;
    txn.commit().await?;
    Ok(done)
}

/// Looks every [`EVERY`] from the start (so what fell due while no instance ran is done at
/// once), and wakes the publisher when something changed; and removes for good the media
/// library's files deleted 30 days ago (from `media`).
pub async fn run_worker(db: Db, clock: Clock, publish_wakeup: Arc<Notify>, media: BlobStore) {
    loop {
        match crate::media::library::purge(&db, &media, clock.now()).await {
            Ok(0) => {}
            Ok(purged) => tracing::info!(purged, "deleted media purged"),
            Err(e) => tracing::warn!(error = %e, "deleted media not purged; trying again"),
        }
        match tick(&db, clock.now()).await {
            Ok(done) if done.fired > 0 || done.purged > 0 => {
                tracing::info!(
                    fired = done.fired,
                    purged = done.purged,
                    "schedules applied"
                );
                publish_wakeup.notify_one();
            }
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "schedules not applied; trying again"),
        }
        tokio::time::sleep(EVERY).await;
    }
}
