//! Whether the database answers and takes writes, in words a load balancer's check and an
//! operator can read: the probe behind `/healthz` and `/readyz`.

use sea_orm::{ConnectionTrait, DbBackend, DbErr, TransactionTrait};

use crate::Db;

/// The longest a probe waits for the one write connection. Writers queued on it behind a lock
/// held by another process each wait their busy timeout; the probe does not wait behind them
/// all, so a health check answers within a few seconds whatever the queue.
pub const PROBE_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// Why the database cannot take writes now (unreachable, locked by another process, its disk
/// full), or `None` when it can.
pub async fn trouble(db: &Db) -> Option<String> {
    probe(db).await.err().map(|e| {
        tracing::warn!(error = %e, "health check failed");
        if crate::is_storage_full(&e) {
            "storage full: the database cannot write".to_owned()
        } else {
            format!("database unavailable: {e}")
        }
    })
}

/// Why this instance is not ready beyond [`trouble`]: migrations that have not run.
pub async fn migrations_not_run(db: &Db) -> Option<String> {
    match crate::migrations_pending(db).await {
        Ok(0) => None,
        Ok(n) => Some(format!("{n} database migrations have not run")),
        Err(e) => Some(format!("database unavailable: {e}")),
    }
}

/// Reads, and on SQLite also takes the write lock for a moment (waiting [`PROBE_WAIT`] for the
/// write connection and one second for the lock, not the writers' busy timeout), then lets it
/// go.
async fn probe(db: &Db) -> Result<(), DbErr> {
    db.read.execute_unprepared("SELECT 1").await?;
    if db.backend() != DbBackend::Sqlite {
        return Ok(());
    }
    let txn = tokio::time::timeout(PROBE_WAIT, db.write.begin())
        .await
        .map_err(|_| {
            DbErr::Custom(format!(
                "writes have waited more than {} s for the database (another process may hold \
                 its lock)",
                PROBE_WAIT.as_secs()
            ))
        })??;
    txn.execute_unprepared("PRAGMA busy_timeout = 1000").await?;
    // Writes nothing, but needs the lock a write needs.
    let locked = txn
        .execute_unprepared("UPDATE publish_lease SET id = id WHERE 1 = 0")
        .await;
    txn.execute_unprepared(&format!(
        "PRAGMA busy_timeout = {}",
        crate::SQLITE_BUSY_TIMEOUT.as_millis()
    ))
    .await?;
    txn.rollback().await?;
    locked.map(|_| ())
}
