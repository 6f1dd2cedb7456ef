//! What the translations' worklist reads (`app::content::translations`): when each field of a
//! kind's items last changed, from the items' history, and when an Arabic field was last
//! confirmed as still right.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use crate::entities::{content_revision, translation_confirmation};

/// An item's fields and when each last changed (or was confirmed).
pub type FieldTimes = HashMap<i32, HashMap<String, DateTime<Utc>>>;

/// For each item of `kind` (or the one `item`), when each of `fields` last changed: the newest save of the item's
/// history that names it among its changed fields (a creation names every field it filled).
pub async fn last_changes(
    db: &impl ConnectionTrait,
    kind: &str,
    item: Option<i32>,
    fields: &[&str],
) -> Result<FieldTimes, DbErr> {
    let mut select = content_revision::Entity::find();
    if let Some(item) = item {
        select = select.filter(content_revision::Column::ItemId.eq(item));
    }
    let rows: Vec<(i32, DateTime<Utc>, String)> = select
        .select_only()
        .column(content_revision::Column::ItemId)
        .column(content_revision::Column::CreatedAt)
        .column(content_revision::Column::ChangedFields)
        .filter(content_revision::Column::Kind.eq(kind))
        .order_by_asc(content_revision::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    let mut times = FieldTimes::new();
    for (item, at, changed) in rows {
        let Ok(changed) = serde_json::from_str::<Vec<String>>(&changed) else {
            continue;
        };
        let item = times.entry(item).or_default();
        for field in changed {
            if fields.contains(&field.as_str()) {
                item.insert(field, at);
            }
        }
    }
    Ok(times)
}

/// For each item of `kind` (or the one `item`), when each Arabic field was last confirmed as still right.
pub async fn confirmations(
    db: &impl ConnectionTrait,
    kind: &str,
    item: Option<i32>,
) -> Result<FieldTimes, DbErr> {
    let mut select = translation_confirmation::Entity::find();
    if let Some(item) = item {
        select = select.filter(translation_confirmation::Column::ItemId.eq(item));
    }
    let rows = select
        .filter(translation_confirmation::Column::Kind.eq(kind))
        .order_by_asc(translation_confirmation::Column::Id)
        .all(db)
        .await?;
    let mut times = FieldTimes::new();
    for row in rows {
        times
            .entry(row.item_id)
            .or_default()
            .insert(row.field, row.confirmed_at);
    }
    Ok(times)
}

/// Records that `fields` (Arabic) of the item are still right, at `at`, by `by`.
pub async fn confirm(
    db: &impl ConnectionTrait,
    kind: &str,
    item_id: i32,
    fields: &[&str],
    at: DateTime<Utc>,
    by: Option<&str>,
) -> Result<(), DbErr> {
    for field in fields {
        translation_confirmation::ActiveModel {
            kind: Set(kind.to_owned()),
            item_id: Set(item_id),
            field: Set((*field).to_owned()),
            confirmed_at: Set(at),
            confirmed_by: Set(by.map(str::to_owned)),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(())
}
