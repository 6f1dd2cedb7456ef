//! The edge cache's purge queue. A publish queues each file it wrote or removed (after the file
//! is in the store, before the publish is recorded as done: a crash between the two makes the
//! publish run again, and queue again), and a worker sends them to the edge in batches. A purge
//! that fails is retried, with a growing wait, until the edge hears it; several instances never
//! send the same purge at once (the queues' claim).

use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect, Set,
};

use crate::Db;
use crate::entities::edge_purge;
use concierge_core::config::RetryPolicy;

/// The file of a purge of every file (a full build rewrote them all).
pub const EVERYTHING: &str = "*";

/// Queues purges of `files` (each a path in the site store, or [`EVERYTHING`]), due now.
pub async fn enqueue(
    db: &impl ConnectionTrait,
    files: impl IntoIterator<Item = String>,
) -> Result<u64, sea_orm::DbErr> {
    let now = Utc::now();
    let request = concierge_core::request_id::RequestId::current().map(|id| id.to_string());
    let rows: Vec<edge_purge::ActiveModel> = files
        .into_iter()
        .map(|file| edge_purge::ActiveModel {
            file: Set(file),
            attempts: Set(0),
            created_at: Set(now),
            next_attempt_at: Set(now),
            request_id: Set(request.clone()),
            ..Default::default()
        })
        .collect();
    let count = rows.len() as u64;
    // Inserted a thousand at a time: a full build's removals can be many.
    for chunk in rows.chunks(1000) {
        edge_purge::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(db)
            .await?;
    }
    Ok(count)
}

/// Claims up to `limit` due purges for `worker` for `hold` (each one's attempts counted).
pub async fn claim(
    db: &Db,
    worker: &str,
    hold: chrono::Duration,
    limit: u64,
) -> Result<Vec<edge_purge::Model>, sea_orm::DbErr> {
    let now = Utc::now();
    let until = now + hold;
    let stmt = crate::queue::Queue {
        table: "edge_purges",
        key: "id",
        waiting: "TRUE",
        order: "id",
    }
    .claim(db.backend(), worker, now, until, limit);
    edge_purge::Entity::find()
        .from_raw_sql(stmt)
        .all(&db.write)
        .await
}

/// Every waiting purge due now: a worker that starts (a restart, perhaps with the purge
/// target mended) sends at once what was waiting out a backoff.
pub async fn all_due_now(db: &Db) -> Result<u64, sea_orm::DbErr> {
    let result = edge_purge::Entity::update_many()
        .col_expr(edge_purge::Column::NextAttemptAt, Expr::value(Utc::now()))
        .filter(edge_purge::Column::NextAttemptAt.gt(Utc::now()))
        .exec(&db.write)
        .await?;
    Ok(result.rows_affected)
}

/// The purges the edge heard: gone from the queue.
pub async fn done(db: &Db, ids: &[i32]) -> Result<(), sea_orm::DbErr> {
    edge_purge::Entity::delete_many()
        .filter(edge_purge::Column::Id.is_in(ids.iter().copied()))
        .exec(&db.write)
        .await?;
    Ok(())
}

/// The purges the edge did not hear: tried again after the policy's wait for their attempts.
pub async fn retry_later(
    db: &Db,
    purges: &[edge_purge::Model],
    error: &str,
    policy: RetryPolicy,
) -> Result<(), sea_orm::DbErr> {
    let now = Utc::now();
    // One statement per number of attempts (a refused batch is nearly always one or two), not
    // one per purge: the wait depends only on the attempts.
    let mut by_attempts: std::collections::BTreeMap<i32, Vec<i32>> = Default::default();
    for purge in purges {
        by_attempts
            .entry(purge.attempts)
            .or_default()
            .push(purge.id);
    }
    for (attempts, ids) in by_attempts {
        let delay = chrono::Duration::from_std(policy.delay(attempts))
            .unwrap_or(chrono::Duration::minutes(10));
        edge_purge::Entity::update_many()
            .col_expr(edge_purge::Column::NextAttemptAt, Expr::value(now + delay))
            .col_expr(
                edge_purge::Column::ClaimedUntil,
                Expr::value(Option::<DateTime<Utc>>::None),
            )
            .col_expr(edge_purge::Column::LastError, Expr::value(error.to_owned()))
            .filter(edge_purge::Column::Id.is_in(ids))
            .exec(&db.write)
            .await?;
    }
    Ok(())
}

/// How the queue stands: purges waiting (retries included), and those of them that have
/// failed at least `failing_after` times (still retried), with the last error.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Standing {
    pub pending: u64,
    pub failed: u64,
    pub last_error: Option<String>,
}

pub async fn standing(
    db: &impl ConnectionTrait,
    failing_after: i32,
) -> Result<Standing, sea_orm::DbErr> {
    let pending = edge_purge::Entity::find().count(db).await?;
    let failing =
        edge_purge::Entity::find().filter(edge_purge::Column::Attempts.gte(failing_after));
    let failed = failing.clone().count(db).await?;
    let last_error = failing
        .select_only()
        .column(edge_purge::Column::LastError)
        .into_tuple::<Option<String>>()
        .one(db)
        .await?
        .flatten();
    Ok(Standing {
        pending,
        failed,
        last_error,
    })
}
