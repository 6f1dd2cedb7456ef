//! What the administrators' live events read (`GET /events`): the saves of content since a
//! point in its history, in the order they were made. The history's ids only grow, so a reader
//! that remembers the last one it saw misses none and sees none twice, whichever instance of the
//! server made the save.

use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};

use crate::entities::content_revision;

/// How many saves one read returns at most (a reader behind reads again).
const BATCH: u64 = 100;

/// A save of content as the events tell it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Save {
    /// Its place in the history: read after it next time.
    pub id: i32,
    /// The kind's path name (`blog`).
    pub kind: String,
    pub item_id: i32,
    /// The item's version it made.
    pub version: Option<i32>,
    /// Who made it (none for the system).
    pub by: Option<String>,
    pub at: DateTime<Utc>,
    /// `saved`, `draft`, `published`, …
    pub action: String,
    /// The fields it changed (JSON array).
    pub changed_fields: String,
}

/// The newest save's place in the history (0 before the first).
pub async fn newest(db: &impl ConnectionTrait) -> Result<i32, DbErr> {
    let id: Option<i32> = content_revision::Entity::find()
        .select_only()
        .column(content_revision::Column::Id)
        .order_by_desc(content_revision::Column::Id)
        .into_tuple()
        .one(db)
        .await?;
    Ok(id.unwrap_or(0))
}

/// The saves after `after`, oldest first (at most [`BATCH`]).
pub async fn saves_since(db: &impl ConnectionTrait, after: i32) -> Result<Vec<Save>, DbErr> {
    let rows = content_revision::Entity::find()
        .select_only()
        .columns([
            content_revision::Column::Id,
            content_revision::Column::Kind,
            content_revision::Column::ItemId,
            content_revision::Column::Version,
            content_revision::Column::Author,
            content_revision::Column::CreatedAt,
            content_revision::Column::Action,
            content_revision::Column::ChangedFields,
        ])
        .filter(content_revision::Column::Id.gt(after))
        .order_by_asc(content_revision::Column::Id)
        .limit(BATCH)
        .into_tuple::<(
            i32,
            String,
            i32,
            Option<i32>,
            Option<String>,
            DateTime<Utc>,
            String,
            String,
        )>()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(
            |(id, kind, item_id, version, by, at, action, changed_fields)| Save {
                id,
                kind,
                item_id,
                version,
                by,
                at,
                action,
                changed_fields,
            },
        )
        .collect())
}
