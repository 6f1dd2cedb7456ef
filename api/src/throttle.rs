//! Rate limits kept in the database, so that every instance sees the same counters, and taken
//! atomically: counting and recording an attempt is one step, so a burst of parallel requests
//! cannot slip under the limit together.

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction,
    DbBackend, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
    Statement, TransactionTrait,
};

use crate::store::entities::throttle_event;

/// At most `max` events in any `window`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub max: u64,
    pub window: chrono::Duration,
}

impl Limit {
    /// `10/10m`, `5/15m`, `100/1h`, `3/30s`: the form of `CONCIERGE_FORM_LIMIT`.
    pub fn parse(text: &str) -> Result<Limit, String> {
        let bad =
            || format!("{text:?} is not a limit like 10/10m (count/window, window in s, m or h)");
        let (max, window) = text.trim().split_once('/').ok_or_else(bad)?;
        let max: u64 = max.trim().parse().ok().filter(|m| *m > 0).ok_or_else(bad)?;
        let window = window.trim();
        let unit = window.chars().last().ok_or_else(bad)?;
        let amount: i64 = window[..window.len() - unit.len_utf8()]
            .parse()
            .ok()
            .filter(|a| *a > 0)
            .ok_or_else(bad)?;
        let window = match unit {
            's' => chrono::Duration::seconds(amount),
            'm' => chrono::Duration::minutes(amount),
            'h' => chrono::Duration::hours(amount),
            _ => return Err(bad()),
        };
        Ok(Limit { max, window })
    }
}

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
pub async fn take(db: &DatabaseConnection, scope: &str, limit: Limit) -> Result<Decision, DbErr> {
    let txn = db.begin().await?;
    let decision = take_in(&txn, scope, limit).await?;
    txn.commit().await?;
    Ok(decision)
}

/// [`take`] inside the caller's transaction: the event counts only if that transaction
/// commits, and it commits with whatever the caller writes beside it (one commit, not two).
/// On PostgreSQL the scope stays locked until then: a caller taking several scopes in one
/// transaction takes them in a fixed order.
pub async fn take_in(
    txn: &DatabaseTransaction,
    scope: &str,
    limit: Limit,
) -> Result<Decision, DbErr> {
    if txn.get_database_backend() == DbBackend::Postgres {
        txn.execute_raw(Statement::from_sql_and_values(
            DbBackend::Postgres,
            "SELECT pg_advisory_xact_lock(hashtext($1))",
            [scope.into()],
        ))
        .await?;
    }
    let now = Utc::now();
    let since = now - limit.window;
    forget_before(txn, scope, since).await?;
    // Counting stops at the limit: what is past it makes no difference to the answer.
    let counted = in_window(scope, since).limit(limit.max).count(txn).await?;
    if counted < limit.max {
        return Ok(Decision::Allowed(record_at(txn, scope, now).await?));
    }
    let latest = in_window(scope, since)
        .order_by_desc(throttle_event::Column::At)
        .limit(limit.max)
        .all(txn)
        .await?;
    let oldest = latest.last().map_or(now, |e| e.at);
    let retry_after = (oldest + limit.window - now).num_seconds().max(1) as u64;
    Ok(Decision::Refused { retry_after })
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
        crate::auth::PAIR_LIMIT.window,
        crate::auth::ADDRESS_LIMIT.window,
        crate::accounts::two_factor::CODE_LIMIT.window,
        form_limit.window,
    ]
    .into_iter()
    .max()
    .unwrap_or(form_limit.window)
}

/// [`sweep`]s every [`SWEEP_EVERY`] until the process stops.
pub async fn sweep_forever(db: DatabaseConnection, horizon: chrono::Duration) {
    let mut tick = tokio::time::interval(SWEEP_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if let Err(e) = sweep(&db, horizon).await {
            tracing::warn!(error = %e, "failed to forget old rate-limit events");
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
    scope: &str,
    since: DateTime<Utc>,
) -> Result<(), DbErr> {
    throttle_event::Entity::delete_many()
        .filter(throttle_event::Column::Scope.eq(scope))
        .filter(throttle_event::Column::At.lte(since))
        .exec(db)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Limit;

    #[test]
    fn limits_read_as_count_per_window() {
        assert_eq!(
            Limit::parse("10/10m"),
            Ok(Limit {
                max: 10,
                window: chrono::Duration::minutes(10)
            })
        );
        assert_eq!(
            Limit::parse(" 3/30s ").unwrap().window,
            chrono::Duration::seconds(30)
        );
        assert_eq!(Limit::parse("100/1h").unwrap().max, 100);
        for bad in ["", "10", "0/10m", "10/0m", "10/10d", "x/10m", "10/m"] {
            assert!(Limit::parse(bad).unwrap_err().contains("10/10m"), "{bad:?}");
        }
    }
}
