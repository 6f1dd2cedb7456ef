//! The running instance's own footing, as the layers above start it and report on it: the
//! database opened and migrated, whether it answers and takes writes, its queues' depths, the
//! public forms' counters, and what a database failure means to a caller (503, not 500).

use std::path::PathBuf;

use chrono::{DateTime, Utc};

use concierge_core::error::ApiError;
use concierge_core::limits::Limit;
use concierge_store::Db;
pub use concierge_store::DbErr;
pub use concierge_store::depths::Depth;
pub use concierge_store::health::PROBE_WAIT;
use concierge_store::throttle::{self, Decision};

/// Opens the database at `url` (SQLite or PostgreSQL) and runs every migration not yet run.
pub async fn open(url: &str) -> anyhow::Result<Db> {
    let db = concierge_store::connect(url).await?;
    concierge_store::migrate(&db).await?;
    Ok(db)
}

/// Why the database cannot take writes now (unreachable, locked, its disk full), if it cannot.
pub async fn database_trouble(db: &Db) -> Option<String> {
    concierge_store::health::trouble(db).await
}

/// Migrations that have not run, in words, if any.
pub async fn migrations_not_run(db: &Db) -> Option<String> {
    concierge_store::health::migrations_not_run(db).await
}

/// The folder of a SQLite database's file (whose disk must have room), if `url` names one.
pub fn database_folder(url: &str) -> Option<PathBuf> {
    concierge_store::sqlite_parent_dir(url)
}

/// Each queue's depth at `now` (publish jobs, messages, edge purges, images).
pub async fn queue_depths(
    db: &Db,
    purge_attempts: i32,
    now: DateTime<Utc>,
) -> Result<Vec<Depth>, ApiError> {
    Ok(concierge_store::depths::depths(&db.read, purge_attempts, now).await?)
}

/// The latest publish job's id: a version of everything the public reads show.
pub async fn content_version(db: &Db) -> Result<i64, DbErr> {
    concierge_store::outbox::publish_jobs::latest_id(&db.read).await
}

/// Whether a database error means the database cannot be reached (503 at once).
pub fn is_unavailable(err: &DbErr) -> bool {
    concierge_store::is_unavailable(err)
}

/// An error as a caller should hear it: a database that is down or full is 503, not 500.
pub fn classify(err: ApiError) -> ApiError {
    concierge_store::classify(err)
}

/// Counts one submission on the counter `scope` against `limit`; past it, 429 with
/// `Retry-After`. Counters live in the database, so the limit holds across instances.
pub async fn count_submission(db: &Db, scope: &str, limit: Limit) -> Result<(), ApiError> {
    match throttle::take(&db.write, scope, limit).await? {
        Decision::Allowed(_) => Ok(()),
        Decision::Refused { retry_after } => {
            Err(concierge_core::error::too_many_submissions(retry_after))
        }
    }
}

/// Forgets the form counters past their window, for ever (a worker).
pub async fn sweep_counters(db: Db, form_limit: Limit) {
    throttle::sweep_forever(db.write, throttle::horizon(form_limit)).await
}
