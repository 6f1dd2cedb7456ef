//! The publishing lease: only its holder writes the site, so two instances never publish at
//! once, and a dead holder's work is taken over when its lease runs out.

use std::time::Duration;

use chrono::Utc;
use sea_orm::{ConnectionTrait, Statement};

use crate::Db;
use crate::placeholders;

/// How long a publishing lease lasts unless renewed; a crashed holder's work is taken over
/// after at most this long.
pub const LEASE_SECONDS: i64 = 10;

/// Takes (or renews) the publishing lease for `worker`: only its holder publishes, so two
/// instances never write the site at once. True when `worker` holds it now.
pub async fn acquire_lease(db: &Db, worker: &str) -> Result<bool, sea_orm::DbErr> {
    let now = Utc::now();
    let until = now + chrono::Duration::seconds(LEASE_SECONDS);
    let p = placeholders(db.backend());
    let sql = format!(
        "UPDATE publish_lease SET holder = {}, expires_at = {} WHERE id = 1 AND (holder = {} OR expires_at < {})",
        p(1),
        p(2),
        p(3),
        p(4)
    );
    let stmt = Statement::from_sql_and_values(
        db.backend(),
        sql,
        [worker.into(), until.into(), worker.into(), now.into()],
    );
    Ok(db.write.execute_raw(stmt).await?.rows_affected() == 1)
}

/// Gives the lease up so another instance can publish at once.
pub async fn release_lease(db: &Db, worker: &str) -> Result<(), sea_orm::DbErr> {
    let p = placeholders(db.backend());
    let sql = format!(
        "UPDATE publish_lease SET expires_at = {} WHERE id = 1 AND holder = {}",
        p(1),
        p(2)
    );
    let stmt = Statement::from_sql_and_values(
        db.backend(),
        sql,
        [chrono::DateTime::<Utc>::UNIX_EPOCH.into(), worker.into()],
    );
    db.write.execute_raw(stmt).await?;
    Ok(())
}

/// Runs `work` while holding the lease, renewing it every few seconds.
pub async fn with_lease<T>(db: &Db, worker: &str, work: impl std::future::Future<Output = T>) -> T {
    let heartbeat = async {
        loop {
            tokio::time::sleep(Duration::from_secs((LEASE_SECONDS / 3).max(1) as u64)).await;
            if let Err(e) = acquire_lease(db, worker).await {
                tracing::warn!(error = %e, "failed to renew the publishing lease");
            }
        }
    };
    tokio::select! {
        result = work => result,
        () = heartbeat => unreachable!("the heartbeat never ends"),
    }
}

/// Waits (up to `timeout`) for the lease; for one-off publishers such as `concierge build`.
pub async fn wait_for_lease(db: &Db, worker: &str, timeout: Duration) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    while !acquire_lease(db, worker).await? {
        if started.elapsed() > timeout {
            anyhow::bail!(
                "another instance has been publishing for over {} s",
                timeout.as_secs()
            );
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    Ok(())
}
