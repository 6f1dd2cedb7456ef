//! What the translations' worklist reads (`app::content::translations`): when each field of a
//! kind's items last changed, from the items' history, and when an Arabic field was last
//! confirmed as still right.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, Func};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, QueryTrait, Set,
};

use crate::content_rows::{Audience, Table, column, visible};
use crate::entities::{content_revision, translation_confirmation};

/// How much of a field a translator's list reads to tell whether it holds any text: rich text
/// that opens with a long tag holds its text further on.
const HEAD: usize = 2000;

/// An item's texts as the worklist reads them: its id, the opening of each of `fields` as
/// stored, and its pending change (the record it makes, JSON), if any.
pub type Texts = (
    i32,
    serde_json::Map<String, serde_json::Value>,
    Option<String>,
);

/// The kind's items not deleted, oldest first, each with the opening of each of `fields` (a
/// list of every item must not read every blog's whole text) and its pending change.
pub async fn texts<T: Table>(
    db: &impl ConnectionTrait,
    fields: &[&str],
) -> Result<Vec<Texts>, DbErr> {
    let mut select = visible::<T>(T::Entity::find(), Audience::Admin)
        .select_only()
        .column(column::<T>("id"))
        .column(column::<T>("draft"));
    for field in fields {
        let head = Func::cust("substr")
            .arg(Expr::col(column::<T>(field)))
            .arg(1)
            .arg(HEAD as i32);
        let text: Expr = Func::coalesce([Expr::from(head), Expr::val("")]).into();
        select = select.column_as(text, *field);
    }
    let statement = select
        .order_by_asc(column::<T>("id"))
        .build(db.get_database_backend());
    let mut texts = Vec::new();
    for row in db.query_all_raw(statement).await? {
        let mut values = serde_json::Map::new();
        for field in fields {
            let text: String = row.try_get("", field)?;
            values.insert((*field).to_owned(), serde_json::Value::String(text));
        }
        texts.push((row.try_get("", "id")?, values, row.try_get("", "draft")?));
    }
    Ok(texts)
}

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
