//! Where each stored file is shown: the usage index (`media_usage`). Every write of a content
//! item re-indexes it in the write's own transaction ([`reindex`]), from the row as written:
//! every field of its live version, and every field of its pending change (`draft`) that shows
//! a file the live version's same field does not. So "where is this used" and "may this be
//! deleted" are one indexed query, never a scan of the site, and never out of step with what
//! was committed.

use std::collections::BTreeSet;

use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, FromQueryResult, JsonValue, QueryFilter,
    QueryOrder, QuerySelect, Statement,
};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::content_rows::title_of;
use crate::entities::{media_image, media_usage};
use concierge_core::domain::media::{Shown, names_of_hash, shown_in};

/// The kinds of content (their path names) and their tables, as the migrations that built the
/// index knew them: a migration indexes the tables that existed when it was written, never a
/// kind declared since (whose table a later migration makes).
pub const TABLES_AT_MIGRATION: [(&str, &str); 6] = [
    ("service", "our_services"),
    ("service-list", "list_of_services"),
    ("blog", "blogs"),
    ("client-review", "client_reviews"),
    ("banner", "flashy_banners"),
    ("general-content", "general_content_sections"),
];

/// Every declared kind (its path name) and its table ([`concierge_core::kinds::KINDS`]).
pub fn tables() -> impl Iterator<Item = (&'static str, &'static str)> {
    concierge_core::kinds::KINDS
        .iter()
        .map(|k| (k.kind, k.table))
}
/// Fields that never show a file (the lifecycle's own, and what is made from others).
const NOT_SHOWN: [&str; 4] = ["draft", "excerpt", "excerpt_ar", "body_media"];

/// One place a file is shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Usage {
    /// The kind's path name: `service`, `service-list`, `blog`, `client-review`, `banner` or
    /// `general-content`.
    pub kind: String,
    pub id: i32,
    /// What a person calls the item.
    pub title: String,
    /// The field that shows it (`image_url`, `description_ar`, …).
    pub field: String,
    /// Only the item's pending change shows it; the site does not yet.
    pub pending: bool,
}

/// A file the write refers to that is in the trash: the field, and the file's name.
pub type Trashed = (String, String);

/// A file a row shows as written: an original's stored name, or the hash of a variant's
/// original (see [`Shown`]).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum File {
    Named(String),
    VariantOf(String),
}

impl From<Shown<'_>> for File {
    fn from(shown: Shown<'_>) -> Self {
        match shown {
            Shown::Original(name) => File::Named(name.to_owned()),
            Shown::VariantOf(hash) => File::VariantOf(hash.to_owned()),
        }
    }
}

/// The files a row (as JSON) shows, field by field: `(file, field, pending)`, each file and
/// field once, live before pending. A deleted item shows nothing.
fn shown_by(row: &Value) -> Vec<(File, String, bool)> {
    let Value::Object(fields) = row else {
        return Vec::new();
    };
    if fields.get("deleted_at").is_some_and(|d| !d.is_null()) {
        return Vec::new();
    }
    let pending = fields
        .get("draft")
        .and_then(Value::as_str)
        .and_then(|d| serde_json::from_str::<serde_json::Map<String, Value>>(d).ok());
    let mut seen: BTreeSet<(File, String)> = BTreeSet::new();
    let mut uses = Vec::new();
    for (values, is_pending) in [(Some(fields), false), (pending.as_ref(), true)] {
        for (field, value) in values.into_iter().flatten() {
            let Some(text) = value.as_str() else { continue };
            if NOT_SHOWN.contains(&field.as_str()) {
                continue;
            }
            for shown in shown_in(text) {
                let key = (File::from(shown), field.clone());
                if seen.insert(key.clone()) {
                    uses.push((key.0, key.1, is_pending));
                }
            }
        }
    }
    uses
}

/// The files a row shows, field by field, as stored names: `(name, field, pending)`. A
/// variant's URL names its original, found in the library (`db`); one whose original the
/// library does not hold shows nothing that could be deleted, and is left out.
async fn uses_of(
    db: &impl ConnectionTrait,
    row: &Value,
) -> Result<Vec<(String, String, bool)>, DbErr> {
    let shown = shown_by(row);
    let candidates: Vec<String> = shown
        .iter()
        .filter_map(|(file, _, _)| match file {
            File::VariantOf(hash) => Some(hash),
            File::Named(_) => None,
        })
        .collect::<BTreeSet<_>>()
        .into_iter()
        .flat_map(|hash| names_of_hash(hash))
        .collect();
    let originals: Vec<String> = if candidates.is_empty() {
        Vec::new()
    } else {
        media_image::Entity::find()
            .select_only()
            .column(media_image::Column::Name)
            .filter(media_image::Column::Name.is_in(candidates))
            .into_tuple::<String>()
            .all(db)
            .await?
    };
    let mut seen: BTreeSet<(String, String)> = BTreeSet::new();
    let mut uses = Vec::new();
    for (file, field, pending) in shown {
        let name = match file {
            File::Named(name) => name,
            File::VariantOf(hash) => match originals.iter().find(|n| n.starts_with(&hash)) {
                Some(name) => name.clone(),
                None => continue,
            },
        };
        // Live uses come first, so a file the live version shows is never listed as pending.
        if seen.insert((name.clone(), field.clone())) {
            uses.push((name, field, pending));
        }
    }
    Ok(uses)
}

/// Indexes the item `kind`/`id` as `row` (its JSON as written) shows files, in the write's
/// transaction, replacing what was indexed for it. Returns the files it shows that are in the
/// trash, by their own URL or a variant's (their rows are read with a shared lock, so a delete
/// of one of them waits for this write and then finds it used, and this write waits for a
/// delete under way and then sees the file deleted).
pub async fn reindex(
    db: &impl ConnectionTrait,
    kind: &str,
    id: i32,
    row: &Value,
) -> Result<Vec<Trashed>, DbErr> {
    remove(db, kind, id).await?;
    let uses = uses_of(db, row).await?;
    if uses.is_empty() {
        return Ok(Vec::new());
    }
    let title = title_of(row).unwrap_or_else(|| format!("#{id}"));
    media_usage::Entity::insert_many(uses.iter().map(|(name, field, pending)| {
        media_usage::ActiveModel {
            media_name: sea_orm::Set(name.clone()),
            kind: sea_orm::Set(kind.to_owned()),
            item_id: sea_orm::Set(id),
            field: sea_orm::Set(field.clone()),
            pending: sea_orm::Set(*pending),
            title: sea_orm::Set(title.clone()),
        }
    }))
    .exec_without_returning(db)
    .await?;
    let names: BTreeSet<&str> = uses.iter().map(|(n, _, _)| n.as_str()).collect();
    let trashed: BTreeSet<String> = media_image::Entity::find()
        .select_only()
        .column(media_image::Column::Name)
        .filter(media_image::Column::Name.is_in(names))
        .filter(media_image::Column::DeletedAt.is_not_null())
        .lock_shared()
        .into_tuple::<String>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    Ok(uses
        .into_iter()
        .filter(|(name, _, _)| trashed.contains(name))
        .map(|(name, field, _)| (field, name))
        .collect())
}

/// Forgets what the item `kind`/`id` shows (it was removed for good).
pub async fn remove(db: &impl ConnectionTrait, kind: &str, id: i32) -> Result<(), DbErr> {
    media_usage::Entity::delete_many()
        .filter(media_usage::Column::Kind.eq(kind))
        .filter(media_usage::Column::ItemId.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// Every place the file `name` is shown, by kind, item and field.
pub async fn usage(db: &impl ConnectionTrait, name: &str) -> Result<Vec<Usage>, DbErr> {
    Ok(media_usage::Entity::find()
        .filter(media_usage::Column::MediaName.eq(name))
        .order_by_asc(media_usage::Column::Kind)
        .order_by_asc(media_usage::Column::ItemId)
        .order_by_asc(media_usage::Column::Field)
        .all(db)
        .await?
        .into_iter()
        .map(|u| Usage {
            kind: u.kind,
            id: u.item_id,
            title: u.title,
            field: u.field,
            pending: u.pending,
        })
        .collect())
}

/// Indexes every item of the kinds in `tables` (path name, table) from scratch: the migrations
/// that made the index ([`TABLES_AT_MIGRATION`]), and a check that the index kept by the writes
/// is this one ([`tables`]).
pub async fn rebuild(
    db: &impl ConnectionTrait,
    tables: impl IntoIterator<Item = (&'static str, &'static str)>,
) -> Result<(), DbErr> {
    media_usage::Entity::delete_many().exec(db).await?;
    let backend = db.get_database_backend();
    for (kind, table) in tables {
        let rows = JsonValue::find_by_statement(Statement::from_string(
            backend,
            format!("SELECT * FROM {table}"),
        ))
        .all(db)
        .await?;
        for row in rows {
            let Some(id) = row
                .get("id")
                .and_then(Value::as_i64)
                .and_then(|id| i32::try_from(id).ok())
            else {
                continue;
            };
            reindex(db, kind, id, &row).await?;
        }
    }
    Ok(())
}

/// Every row of the index, in order (tests compare the kept index with a rebuilt one).
pub async fn all(db: &impl ConnectionTrait) -> Result<Vec<media_usage::Model>, DbErr> {
    media_usage::Entity::find()
        .order_by_asc(media_usage::Column::MediaName)
        .order_by_asc(media_usage::Column::Kind)
        .order_by_asc(media_usage::Column::ItemId)
        .order_by_asc(media_usage::Column::Field)
        .all(db)
        .await
}

/// Every value of a declared kind's `field` (its table's column), deleted rows included: for a
/// file field, the files content shows or may show again.
pub async fn field_values(
    db: &impl ConnectionTrait,
    kind: &'static concierge_core::kinds::Declaration,
    field: &'static concierge_core::kinds::Field,
) -> Result<Vec<String>, DbErr> {
    assert!(
        kind.fields.iter().any(|f| std::ptr::eq(f, field)),
        "{}.{} is a field of the kind",
        kind.kind,
        field.name
    );
    let (table, column) = (kind.table, field.name);
    let sql = format!(
        "SELECT \"{column}\" AS value FROM \"{table}\" WHERE \"{column}\" IS NOT NULL AND \"{column}\" <> ''"
    );
    let rows = db
        .query_all_raw(sea_orm::Statement::from_string(
            db.get_database_backend(),
            sql,
        ))
        .await?;
    rows.iter()
        .map(|row| row.try_get::<String>("", "value"))
        .collect()
}
