//! What an administrator does to content across the desk: each write in a transaction of its
//! own ([`items`]' writes record their revision, audit line and publish job in the transaction
//! they are given; here each is begun, run and committed, or dropped, so rolled back, on a
//! refusal), and the lists across kinds (what was deleted, what is scheduled). The HTTP layer
//! parses, calls one of these, and tells the publisher and the read cache once it is committed.

use chrono::{DateTime, Utc};
use serde_json::{Map, Value};

use super::lifecycle::{State, admin_view};
use super::{Kind, kinds};
use super::{items, review_queue};
use concierge_core::error::ApiError;
use concierge_core::roles::Writes;
use concierge_store::Db;
use concierge_store::content_rows as rows;

/// Saves a new item as `writes` says (a draft, whatever was asked, from a role whose saves
/// wait for an editor): the record as administrators read it.
pub async fn create<K: Kind>(
    db: &Db,
    body: Map<String, Value>,
    writes: Writes,
    now: DateTime<Utc>,
) -> Result<Value, ApiError> {
    let txn = db.begin().await?;
    let saved = items::save::<K>(&txn, None, body, writes, None, now).await?;
    let saved = review_queue::annotated::<K>(&txn, saved).await?;
    txn.commit().await?;
    Ok(saved)
}

/// Saves item `id`, made from version `expected` if the writer said.
pub async fn update<K: Kind>(
    db: &Db,
    id: i32,
    body: Map<String, Value>,
    writes: Writes,
    expected: Option<i32>,
    now: DateTime<Utc>,
) -> Result<Value, ApiError> {
    let txn = db.begin().await?;
    let saved = items::save::<K>(&txn, Some(id), body, writes, expected, now).await?;
    let saved = review_queue::annotated::<K>(&txn, saved).await?;
    txn.commit().await?;
    Ok(saved)
}

/// Deletes item `id` (into the 30 days' trash), made from version `expected` if the writer
/// said.
pub async fn delete<K: Kind>(
    db: &Db,
    id: i32,
    expected: Option<i32>,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    let txn = db.begin().await?;
    items::delete::<K>(&txn, id, expected, now).await?;
    txn.commit().await?;
    Ok(())
}

/// A change of an item's lifecycle made now.
#[derive(Debug, Clone, Copy)]
pub enum Op {
    Publish,
    Unpublish,
    /// A revision, saved as the administrator's role saves.
    Restore(i32, Writes),
    Undelete,
    Discard,
}

/// Runs `op` on item `id` of the kind named `kind` in the lifecycle's paths (404 for an
/// unknown kind), made from version `expected` if the writer said, and commits: the record as
/// administrators read it.
pub async fn change(
    db: &Db,
    kind: &str,
    op: Op,
    id: i32,
    expected: Option<i32>,
    now: DateTime<Utc>,
) -> Result<Value, ApiError> {
    let txn = db.begin().await?;
    let view = crate::with_kind!(kind, K => {
        let view = match op {
            Op::Publish => items::publish::<K>(&txn, id, expected, now).await,
            Op::Unpublish => items::unpublish::<K>(&txn, id, expected, now).await,
            Op::Restore(rev, writes) => {
                items::restore::<K>(&txn, id, rev, writes, expected, now).await
            }
            Op::Undelete => items::undelete::<K>(&txn, id, expected, now).await,
            Op::Discard => items::discard::<K>(&txn, id, expected, now).await,
        }?;
        review_queue::annotated::<K>(&txn, view).await
    })?;
    txn.commit().await?;
    Ok(view)
}

/// Items deleted in the last 30 days, of one kind or of every kind, most recent first, each
/// with `kind` and `deleted_at`.
pub async fn deleted(
    db: &Db,
    kind: Option<&str>,
    now: DateTime<Utc>,
) -> Result<Vec<Value>, ApiError> {
    let kinds: Vec<&str> = match kind {
        Some(kind) => vec![kind],
        None => kinds().collect(),
    };
    let mut found = Vec::new();
    for kind in kinds {
        let some: Result<Vec<Value>, ApiError> =
            crate::with_kind!(kind, K => items::deleted::<K>(&db.read, now).await);
        found.extend(some?);
    }
    found.sort_by(|a, b| b["deleted_at"].as_str().cmp(&a["deleted_at"].as_str()));
    Ok(found)
}

/// What the scheduler will do: every published item with a `publish_at` or `unpublish_at`
/// still to come, soonest first, each with `kind`.
pub async fn scheduled(db: &Db, now: DateTime<Utc>) -> Result<Vec<Value>, ApiError> {
    let mut found: Vec<(DateTime<Utc>, Value)> = Vec::new();
    for kind in kinds() {
        let some: Result<Vec<(DateTime<Utc>, Value)>, ApiError> =
            crate::with_kind!(kind, K => upcoming::<K>(db, now).await);
        found.extend(some?);
    }
    found.sort_by_key(|(at, _)| *at);
    Ok(found.into_iter().map(|(_, view)| view).collect())
}

/// The kind's items with a change to come, each with when.
async fn upcoming<K: Kind>(
    db: &Db,
    now: DateTime<Utc>,
) -> Result<Vec<(DateTime<Utc>, Value)>, ApiError> {
    let rows = rows::upcoming::<K>(&db.read, now).await?;
    Ok(rows
        .iter()
        .map(|row| {
            let state = State::of::<K>(row);
            let next = [state.publish_at, state.unpublish_at]
                .into_iter()
                .flatten()
                .filter(|at| *at > now)
                .min()
                .unwrap_or(now);
            let mut view = admin_view::<K>(row);
            view["kind"] = Value::String(K::PATH.into());
            (next, view)
        })
        .collect())
}
