//! Rate limits kept in the database, so that every instance sees the same counters, and taken
//! atomically: counting and recording an attempt is one step, so a burst of parallel requests
//! cannot slip under the limit together.

use chrono::{DateTime, Utc};
use std::collections::{BTreeMap, BTreeSet};

use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set, TransactionTrait,
};

use crate::entities::throttle_event;
use concierge_core::limits::Limit;

/// An event that was counted; give it back when it turns out not to count (a success).
#[derive(Debug)]
pub struct Ticket(i32);

#[derive(Debug)]
pub enum Decision {
    Allowed(Ticket),
    /// Seconds until the oldest counted event leaves the window.
    Refused {
        retry_after: u64,
    },
}

/// Counts one event for `scope`; refused (and not counted) past the limit.
///
/// One transaction per scope at a time (SQLite has one writer; PostgreSQL takes an advisory
/// lock on the scope), so a burst of parallel requests gets exactly `max` through.
pub async fn take(db: &crate::Writer, scope: &str, limit: Limit) -> Result<Decision, DbErr> {
    let txn = db.begin().await?;
    let decision = take_in(&txn, scope, limit).await?;
    txn.commit().await?;
    Ok(decision)
}

/// [`take`] inside the caller's transaction: the event counts only if that transaction
/// commits, and it commits with whatever the caller writes beside it (one commit, not two).
/// On PostgreSQL the scope stays locked until then: a caller taking several scopes in one
/// transaction takes them in a fixed order ([`lock`]).
pub async fn take_in(
    txn: &DatabaseTransaction,
    scope: &str,
    limit: Limit,
) -> Result<Decision, DbErr> {
    lock(txn, &[scope]).await?;
    let now = Utc::now();
    let since = now - limit.window;
    forget_before(txn, &[scope], since).await?;
    // Counting stops at the limit: what is past it makes no difference to the answer.
    let counted = in_window(scope, since).limit(limit.max).count(txn).await?;
    if counted < limit.max {
        return Ok(Decision::Allowed(record_at(txn, scope, now).await?));
    }
    Ok(Decision::Refused {
        retry_after: retry_after(txn, scope, limit, now).await?,
    })
}

/// What counting an event decided, when the event is not wanted back ([`take_all_in`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Counted,
    /// Seconds until the oldest counted event leaves the window.
    Refused {
        retry_after: u64,
    },
}

/// [`take_in`] for a burst of events under one limit, in the order given (a scope may come
/// more than once), in three statements however many there are (and the lock, on PostgreSQL):
/// the old events of every scope forgotten together, counted together and the new ones
/// recorded together. Each scope refused costs one more, for its `retry_after`. The verdicts
/// are those of [`take_in`] called once per event in the same order, but for `retry_after`,
/// which may differ by a second (one `now` for the burst); a test states it.
pub async fn take_all_in(
    txn: &DatabaseTransaction,
    scopes: &[&str],
    limit: Limit,
) -> Result<Vec<Verdict>, DbErr> {
    if scopes.is_empty() {
        return Ok(Vec::new());
    }
    lock(txn, scopes).await?;
    let now = Utc::now();
    let since = now - limit.window;
    let distinct: Vec<&str> = BTreeSet::from_iter(scopes.iter().copied())
        .into_iter()
        .collect();
    forget_before(txn, &distinct, since).await?;
    let mut counted: BTreeMap<String, u64> = throttle_event::Entity::find()
        .select_only()
        .column(throttle_event::Column::Scope)
        .column_as(throttle_event::Column::Id.count(), "counted")
        .filter(throttle_event::Column::Scope.is_in(distinct.iter().copied()))
        .filter(throttle_event::Column::At.gt(since))
        .group_by(throttle_event::Column::Scope)
        .into_tuple::<(String, i64)>()
        .all(txn)
        .await?
        .into_iter()
        .map(|(scope, n)| (scope, n.max(0) as u64))
        .collect();
    let mut verdicts = Vec::with_capacity(scopes.len());
    let mut events = Vec::new();
    for scope in scopes {
        let n = counted.entry((*scope).to_owned()).or_default();
        if *n < limit.max {
            *n += 1;
            events.push(throttle_event::ActiveModel {
                scope: Set((*scope).to_owned()),
                at: Set(now),
                ..Default::default()
            });
            verdicts.push(Verdict::Counted);
        } else {
            // Filled in below, once this burst's own events are recorded and can be seen.
            verdicts.push(Verdict::Refused { retry_after: 0 });
        }
    }
    throttle_event::Entity::insert_many(events)
        .exec_without_returning(txn)
        .await?;
    let mut waits = BTreeMap::new();
    for (scope, verdict) in scopes.iter().zip(&mut verdicts) {
        if let Verdict::Refused { retry_after: wait } = verdict {
            if !waits.contains_key(scope) {
                waits.insert(*scope, retry_after(txn, scope, limit, now).await?);
            }
            *wait = waits[scope];
        }
    }
    Ok(verdicts)
}

pub use crate::locks::lock;

/// Seconds until the oldest of the last `limit.max` events of `scope` leaves the window.
async fn retry_after(
    db: &impl ConnectionTrait,
    scope: &str,
    limit: Limit,
    now: DateTime<Utc>,
) -> Result<u64, DbErr> {
    let latest = in_window(scope, now - limit.window)
        .order_by_desc(throttle_event::Column::At)
        .limit(limit.max)
        .all(db)
        .await?;
    let oldest = latest.last().map_or(now, |e| e.at);
    Ok((oldest + limit.window - now).num_seconds().max(1) as u64)
}

/// Uncounts an event.
pub async fn give_back(db: &impl ConnectionTrait, ticket: Ticket) -> Result<(), DbErr> {
    throttle_event::Entity::delete_by_id(ticket.0)
        .exec(db)
        .await?;
    Ok(())
}

/// Records an event without a limit (failures that only slow things down).
pub async fn record(db: &impl ConnectionTrait, scope: &str) -> Result<(), DbErr> {
    record_at(db, scope, Utc::now()).await.map(|_| ())
}

/// Events of `scope` within `window`.
pub async fn count(
    db: &impl ConnectionTrait,
    scope: &str,
    window: chrono::Duration,
) -> Result<u64, DbErr> {
    count_since(db, scope, Utc::now() - window).await
}

/// Forgets every event, of any scope, older than `horizon`: an event is forgotten when its
/// scope is next counted, and a scope never counted again (a visitor's address, a mistyped
/// user name) would otherwise keep its events for good. `horizon` must be at least the
/// longest window in use ([`horizon`]).
pub async fn sweep(db: &impl ConnectionTrait, horizon: chrono::Duration) -> Result<u64, DbErr> {
    let removed = throttle_event::Entity::delete_many()
        .filter(throttle_event::Column::At.lte(Utc::now() - horizon))
        .exec(db)
        .await?;
    Ok(removed.rows_affected)
}

/// The longest window of the limits in use: the sign-in limits and the public forms'.
pub fn horizon(form_limit: Limit) -> chrono::Duration {
    [
        concierge_core::limits::PAIR_LIMIT.window,
        concierge_core::limits::ADDRESS_LIMIT.window,
        concierge_core::limits::CODE_LIMIT.window,
        form_limit.window,
    ]
    .into_iter()
    .max()
    .unwrap_or(form_limit.window)
}

/// [`sweep`]s every [`SWEEP_EVERY`] until the process stops, and forgets the forms gone long
/// ago ([`crate::presence::forget_gone`]), the other table that only grows unless swept.
pub async fn sweep_forever(db: crate::Writer, horizon: chrono::Duration) {
    let mut tick = tokio::time::interval(SWEEP_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if let Err(e) = sweep(&db, horizon).await {
            tracing::warn!(error = %e, "failed to forget old rate-limit events");
        }
        let gone = Utc::now() - crate::presence::KEPT;
        if let Err(e) = crate::presence::forget_gone(&db, gone).await {
            tracing::warn!(error = %e, "failed to forget closed forms");
        }
    }
}

/// How often [`sweep_forever`] runs.
pub const SWEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(600);

/// Forgets every event of `scope`.
pub async fn clear(db: &impl ConnectionTrait, scope: &str) -> Result<(), DbErr> {
    throttle_event::Entity::delete_many()
        .filter(throttle_event::Column::Scope.eq(scope))
        .exec(db)
        .await?;
    Ok(())
}

async fn record_at(
    db: &impl ConnectionTrait,
    scope: &str,
    at: DateTime<Utc>,
) -> Result<Ticket, DbErr> {
    let row = throttle_event::ActiveModel {
        scope: Set(scope.to_owned()),
        at: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(Ticket(row.id))
}

async fn count_since(
    db: &impl ConnectionTrait,
    scope: &str,
    since: DateTime<Utc>,
) -> Result<u64, DbErr> {
    in_window(scope, since).count(db).await
}

/// The events of `scope` after `since`.
fn in_window(scope: &str, since: DateTime<Utc>) -> sea_orm::Select<throttle_event::Entity> {
    throttle_event::Entity::find()
        .filter(throttle_event::Column::Scope.eq(scope))
        .filter(throttle_event::Column::At.gt(since))
}

async fn forget_before(
    db: &impl ConnectionTrait,
    scopes: &[&str],
    since: DateTime<Utc>,
) -> Result<(), DbErr> {
    throttle_event::Entity::delete_many()
        .filter(throttle_event::Column::Scope.is_in(scopes.iter().copied()))
        .filter(throttle_event::Column::At.lte(since))
        .exec(db)
        .await?;
    Ok(())
}
