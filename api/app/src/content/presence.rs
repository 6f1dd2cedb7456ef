//! Who else has an item's form open: each editor's form says it is open every few seconds,
//! and is told who else has it (seen in the last 60 seconds), so that two editors of one item
//! know of each other before either saves.

use chrono::{DateTime, Utc};

use concierge_core::error::ApiError;
use concierge_store::Db;
use concierge_store::presence;
pub use concierge_store::presence::Present;

/// The item `id` of the kind named `kind`, which must exist (404 otherwise).
pub async fn exists(db: &Db, kind: &str, id: i32) -> Result<(), ApiError> {
    crate::with_kind!(kind, K => super::items::find::<K>(&db.read, id).await.map(|_| ()))
}

/// Administrator `admin` (`username`) has the form of item `id` of `kind` open at `now`.
pub async fn here(
    db: &Db,
    kind: &str,
    id: i32,
    admin: i32,
    username: &str,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    Ok(presence::seen(&db.write, kind, id, admin, username, now).await?)
}

/// Administrator `admin` closed the form.
pub async fn gone(db: &Db, kind: &str, id: i32, admin: i32) -> Result<(), ApiError> {
    Ok(presence::left(&db.write, kind, id, admin).await?)
}

/// Everyone but `admin` with the form open at `now`, first come first.
pub async fn others(
    db: &Db,
    kind: &str,
    id: i32,
    admin: i32,
    now: DateTime<Utc>,
) -> Result<Vec<Present>, ApiError> {
    Ok(presence::others(&db.read, kind, id, admin, now).await?)
}
