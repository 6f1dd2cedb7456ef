//! Presence: who has which content item's form open, and since when. Advisory only (it never
//! blocks a save: versions do the protecting). A form says it is open every 20 seconds; one not
//! heard of for [`FRESH`] is gone, and its next word starts a new `since`.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{ConnectionTrait, DbErr, Statement, Value};
use serde::Serialize;

use crate::placeholders;

/// How long a form counts as open after it last said so.
pub const FRESH: Duration = Duration::seconds(60);

/// Someone else with the form open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Present {
    pub username: String,
    pub since: DateTime<Utc>,
}

/// Forms not heard of for this long are forgotten by [`forget_gone`].
pub const KEPT: Duration = Duration::minutes(10);

/// Forgets the forms not heard of since `before` (the throttle's periodic sweep calls it: a
/// form that closed without saying so leaves a row behind).
pub async fn forget_gone(db: &impl ConnectionTrait, before: DateTime<Utc>) -> Result<u64, DbErr> {
    let backend = db.get_database_backend();
    let p = placeholders(backend);
    let done = db
        .execute_raw(Statement::from_sql_and_values(
            backend,
            format!("DELETE FROM presence WHERE seen_at < {}", p(1)),
            [Value::from(before)],
        ))
        .await?;
    Ok(done.rows_affected())
}

/// `admin` (`username`) has the form of `kind`'s item `id` open at `now`: kept since they first
/// opened it, unless they were gone for [`FRESH`] in between.
pub async fn seen(
    db: &impl ConnectionTrait,
    kind: &str,
    id: i32,
    admin: i32,
    username: &str,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let backend = db.get_database_backend();
    let p = placeholders(backend);
    db.execute_raw(Statement::from_sql_and_values(
        backend,
        format!(
            "INSERT INTO presence (kind, item_id, admin_user_id, username, since, seen_at) \
             VALUES ({}, {}, {}, {}, {}, {}) \
             ON CONFLICT (kind, item_id, admin_user_id) DO UPDATE SET \
             since = CASE WHEN presence.seen_at < {} THEN excluded.since ELSE presence.since END, \
             seen_at = excluded.seen_at, username = excluded.username",
            p(1),
            p(2),
            p(3),
            p(4),
            p(5),
            p(6),
            p(7)
        ),
        [
            Value::from(kind.to_owned()),
            Value::from(id),
            Value::from(admin),
            Value::from(username.to_owned()),
            Value::from(now),
            Value::from(now),
            Value::from(now - FRESH),
        ],
    ))
    .await?;
    Ok(())
}

/// Everyone but `admin` with the form of `kind`'s item `id` open at `now`, first come first.
pub async fn others(
    db: &impl ConnectionTrait,
    kind: &str,
    id: i32,
    admin: i32,
    now: DateTime<Utc>,
) -> Result<Vec<Present>, DbErr> {
    let backend = db.get_database_backend();
    let p = placeholders(backend);
    let rows = db
        .query_all_raw(Statement::from_sql_and_values(
            backend,
            format!(
                "SELECT username, since FROM presence WHERE kind = {} AND item_id = {} \
                 AND admin_user_id <> {} AND seen_at >= {} ORDER BY since, username",
                p(1),
                p(2),
                p(3),
                p(4)
            ),
            [
                Value::from(kind.to_owned()),
                Value::from(id),
                Value::from(admin),
                Value::from(now - FRESH),
            ],
        ))
        .await?;
    rows.iter().map(present_of).collect()
}

/// Who a presence row names, since when.
fn present_of(row: &sea_orm::QueryResult) -> Result<Present, DbErr> {
    Ok(Present {
        username: row.try_get("", "username")?,
        since: row.try_get("", "since")?,
    })
}

/// A form open at a moment: whose, of which item, since when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenForm {
    pub kind: String,
    pub item_id: i32,
    pub admin: i32,
    pub present: Present,
}

/// Every form open at `now`, by item, first come first (the live events tell each item's).
pub async fn open_forms(
    db: &impl ConnectionTrait,
    now: DateTime<Utc>,
) -> Result<Vec<OpenForm>, DbErr> {
    let backend = db.get_database_backend();
    let p = placeholders(backend);
    let rows = db
        .query_all_raw(Statement::from_sql_and_values(
            backend,
            format!(
                "SELECT kind, item_id, admin_user_id, username, since FROM presence \
                 WHERE seen_at >= {} ORDER BY kind, item_id, since, username",
                p(1)
            ),
            [Value::from(now - FRESH)],
        ))
        .await?;
    rows.into_iter()
        .map(|row| {
            Ok(OpenForm {
                kind: row.try_get("", "kind")?,
                item_id: row.try_get("", "item_id")?,
                admin: row.try_get("", "admin_user_id")?,
                present: present_of(&row)?,
            })
        })
        .collect()
}

/// `admin` closed the form.
pub async fn left(db: &impl ConnectionTrait, kind: &str, id: i32, admin: i32) -> Result<(), DbErr> {
    let backend = db.get_database_backend();
    let p = placeholders(backend);
    db.execute_raw(Statement::from_sql_and_values(
        backend,
        format!(
            "DELETE FROM presence WHERE kind = {} AND item_id = {} AND admin_user_id = {}",
            p(1),
            p(2),
            p(3)
        ),
        [
            Value::from(kind.to_owned()),
            Value::from(id),
            Value::from(admin),
        ],
    ))
    .await?;
    Ok(())
}
