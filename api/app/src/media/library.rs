//! The media library: a file's words (alt text in English and Arabic) and focal point, its
//! deletion while nothing shows it (to a 30-day trash, its files moved out of `/media/`), its
//! return, and its purge. What shows a file is the usage index
//! ([`concierge_store::media_usage`]), kept by every content write in its transaction.
//!
//! A delete marks the file's row before it reads the index, and a content write reads the rows
//! of the files it shows with a shared lock after indexing them: on PostgreSQL, whichever comes
//! second waits for the first and then sees it (a delete finds the new use and is refused; a
//! write finds the file deleted and is refused), and SQLite runs one writer at a time.

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, TransactionTrait};

use concierge_core::domain::media::CheckedEdit;
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_store::Db;
use concierge_store::audit::Event;
use concierge_store::blobs::BlobStore;
use concierge_store::entities::media_image;
/// A file of the library as recorded.
pub use concierge_store::entities::media_image::Model as LibraryFile;
/// What the library lists: by name, type, use, or the trash.
pub use concierge_store::media_images::LibraryFilter;
use concierge_store::media_usage;
/// A place that shows a file (a field of an item).
pub use concierge_store::media_usage::Usage;
use concierge_store::outbox::publish_jobs::{self as publish, Action, Resource};

/// How long a deleted file can be brought back.
pub const KEEP_DELETED_DAYS: i64 = 30;

/// Where a file in the trash is kept in the media store.
fn trashed(name: &str) -> String {
    format!("trash/{name}")
}

/// Why a delete was refused.
#[derive(Debug)]
pub enum Refused {
    /// Something shows it: where.
    InUse(Vec<Usage>),
    Error(ApiError),
}

impl<E: Into<ApiError>> From<E> for Refused {
    fn from(e: E) -> Self {
        Refused::Error(e.into())
    }
}

fn not_found() -> ApiError {
    ApiError::NotFound(catalog().messages.not_found.clone())
}

/// The file `name` (in the trash or not).
pub async fn find(
    db: &impl sea_orm::ConnectionTrait,
    name: &str,
) -> Result<media_image::Model, ApiError> {
    media_image::Entity::find_by_id(name.to_owned())
        .one(db)
        .await?
        .ok_or_else(not_found)
}

/// Changes a file's words and focal point, and queues the publish that shows them: every page
/// that shows the file is rendered again (its digest covers them), and no other. `expected` is
/// the version the edit was made from (`If-Match`), when the editor said: another is refused
/// with 409 and what changed since, and nothing is written.
pub async fn edit(
    db: &Db,
    name: &str,
    edit: CheckedEdit,
    expected: Option<i32>,
    now: DateTime<Utc>,
) -> Result<media_image::Model, ApiError> {
    let txn = db.write.begin().await?;
    let saved = describe(&txn, name, edit, expected, now).await?;
    txn.commit().await?;
    Ok(saved)
}

/// [`edit`], in the caller's transaction `txn`.
pub async fn describe(
    txn: &impl sea_orm::ConnectionTrait,
    name: &str,
    edit: CheckedEdit,
    expected: Option<i32>,
    now: DateTime<Utc>,
) -> Result<media_image::Model, ApiError> {
    let row = find(txn, name).await?;
    if row.deleted_at.is_some() {
        return Err(not_found());
    }
    if let Some(expected) = expected
        && expected != row.version
    {
        return Err(stale(txn, &row, expected).await?);
    }
    let mut changed = Vec::new();
    let mut update = media_image::Entity::update_many();
    macro_rules! set {
        ($field:ident, $column:ident) => {
            if let Some(value) = edit.$field
                && value != row.$field
            {
                update = update.col_expr(media_image::Column::$column, Expr::value(value));
                changed.push(stringify!($field));
            }
        };
    }
    set!(alt, Alt);
    set!(alt_ar, AltAr);
    set!(focal_x, FocalX);
    set!(focal_y, FocalY);
    if changed.is_empty() {
        return Ok(row);
    }
    // Checked and written in one step: of two edits from the same version, one is kept and
    // the other finds the version gone (PostgreSQL holds the row until this one commits).
    let written = update
        .col_expr(media_image::Column::UpdatedAt, Expr::value(now))
        .col_expr(
            media_image::Column::Version,
            Expr::col(media_image::Column::Version).add(1),
        )
        .filter(media_image::Column::Name.eq(name))
        .filter(media_image::Column::Version.eq(row.version))
        .exec(txn)
        .await?;
    if written.rows_affected != 1 {
        let current = find(txn, name).await?;
        return Err(stale(txn, &current, row.version).await?);
    }
    Event::new("media.described")
        .on("media", name)
        .detail(serde_json::json!({ "fields": changed, "version": row.version + 1 }))
        .save(txn)
        .await?;
    publish::enqueue(txn, Resource::Media, 0, Action::Upsert).await?;
    find(txn, name).await
}

/// The 409 of an edit made from version `expected` of `row`: who changed which fields since,
/// when, and the file's words as they are.
async fn stale(
    txn: &impl sea_orm::ConnectionTrait,
    row: &media_image::Model,
    expected: i32,
) -> Result<ApiError, ApiError> {
    let lines = concierge_store::audit::lines_about(txn, "media", &row.name, 100).await?;
    let mut fields: Vec<String> = Vec::new();
    let mut newest = None;
    for line in &lines {
        let detail: serde_json::Value =
            serde_json::from_str(line.detail.as_deref().unwrap_or("null")).unwrap_or_default();
        let made = detail["version"].as_i64().unwrap_or_default();
        if line.action != "media.described" || made <= i64::from(expected) {
            continue;
        }
        newest.get_or_insert(line);
        for field in detail["fields"].as_array().into_iter().flatten() {
            if let Some(field) = field.as_str()
                && !fields.iter().any(|f| f == field)
            {
                fields.push(field.to_owned());
            }
        }
    }
    Ok(ApiError::Stale(Box::new(serde_json::json!({
        "version": row.version,
        "by": newest.and_then(|l| l.actor.clone()),
        "at": newest.map_or(row.updated_at, |l| l.at),
        "fields": fields,
        "current": {
            "name": row.name,
            "alt": row.alt,
            "alt_ar": row.alt_ar,
            "focal_x": row.focal_x,
            "focal_y": row.focal_y,
            "version": row.version,
        },
    }))))
}

/// The stored names of a file's original and every variant.
fn files(row: &media_image::Model) -> Vec<String> {
    let mut names = vec![row.name.clone()];
    if let Some(info) = row
        .info
        .as_deref()
        .and_then(|i| serde_json::from_str::<ssg::model::ImageInfo>(i).ok())
    {
        names.extend(
            info.variants
                .iter()
                .filter_map(|v| v.url.strip_prefix("/media/"))
                .map(str::to_owned),
        );
    }
    names
}

/// The edge's key of the stored file `name` (an original or a variant), as `/media/` sends it.
pub fn edge_key(name: &str) -> String {
    ssg::edge::file_key(&format!("media/{name}"))
}

/// Moves the file `name` to the trash, unless something shows it (then nothing changes and the
/// answer says what shows it). With `edge` (`CONCIERGE_CDN_PURGE` set), the edge's copies of
/// its files are purged through the purge queue, queued in the same transaction.
pub async fn delete(
    db: &Db,
    store: &BlobStore,
    name: &str,
    now: DateTime<Utc>,
    edge: bool,
) -> Result<media_image::Model, Refused> {
    let txn = db.write.begin().await?;
    let marked = media_image::Entity::update_many()
        .col_expr(media_image::Column::DeletedAt, Expr::value(now))
        .filter(media_image::Column::Name.eq(name))
        .filter(media_image::Column::DeletedAt.is_null())
        .exec(&txn)
        .await?;
    if marked.rows_affected != 1 {
        return Err(Refused::Error(not_found()));
    }
    let usage = media_usage::usage(&txn, name).await?;
    if !usage.is_empty() {
        return Err(Refused::InUse(usage));
    }
    Event::new("media.deleted")
        .on("media", name)
        .save(&txn)
        .await?;
    let row = find(&txn, name).await?;
    if edge {
        let files = files(&row).into_iter().map(|f| format!("media/{f}"));
        concierge_store::edge_purges::enqueue(&txn, files).await?;
    }
    // The files before the commit: a delete answered 200 has taken them off `/media/`. Should
    // the move fail, nothing is deleted (a move is not done twice, so a retry finishes it).
    move_files(store, &row, false).await?;
    txn.commit().await?;
    Ok(row)
}

/// Brings back a file deleted in the last [`KEEP_DELETED_DAYS`] days: its files are back at
/// their URLs, and a publish shows it wherever content names it.
///
/// With `edge` (`CONCIERGE_CDN_PURGE` set), the 404s the edge may keep at their URLs are purged
/// through the purge queue, queued in the same transaction.
pub async fn undelete(
    db: &Db,
    store: &BlobStore,
    name: &str,
    now: DateTime<Utc>,
    edge: bool,
) -> Result<media_image::Model, ApiError> {
    let txn = db.write.begin().await?;
    let restored = media_image::Entity::update_many()
        .col_expr(
            media_image::Column::DeletedAt,
            Expr::value(None::<DateTime<Utc>>),
        )
        .filter(media_image::Column::Name.eq(name))
        .filter(media_image::Column::DeletedAt.gt(now - Duration::days(KEEP_DELETED_DAYS)))
        .exec(&txn)
        .await?;
    if restored.rows_affected != 1 {
        return Err(ApiError::NotFound(
            catalog().messages.media_not_deleted.clone(),
        ));
    }
    let row = find(&txn, name).await?;
    // The files first: should the move fail, the file stays in the trash, as the row says.
    move_files(store, &row, true).await?;
    Event::new("media.undeleted")
        .on("media", name)
        .save(&txn)
        .await?;
    if edge {
        let files = files(&row).into_iter().map(|f| format!("media/{f}"));
        concierge_store::edge_purges::enqueue(&txn, files).await?;
    }
    publish::enqueue(&txn, Resource::Media, 0, Action::Upsert).await?;
    txn.commit().await?;
    Ok(row)
}

/// A file uploaded again while in the trash comes back (the same bytes are the same file).
pub async fn revive(db: &Db, store: &BlobStore, name: &str, edge: bool) -> Result<(), ApiError> {
    let row = find(&db.write, name).await?;
    if let Some(deleted_at) = row.deleted_at {
        undelete(db, store, name, deleted_at, edge).await?;
    }
    Ok(())
}

/// Moves a file's original and variants into the trash, or back.
async fn move_files(store: &BlobStore, row: &media_image::Model, back: bool) -> anyhow::Result<()> {
    for name in files(row) {
        let (from, to) = if back {
            (trashed(&name), name)
        } else {
            (name.clone(), trashed(&name))
        };
        store.rename(&from, &to).await?;
    }
    Ok(())
}

/// Removes for good the files deleted more than [`KEEP_DELETED_DAYS`] days before `now`: their
/// files, then their rows (a failure part way is finished by the next call). How many.
pub async fn purge(db: &Db, store: &BlobStore, now: DateTime<Utc>) -> Result<usize, ApiError> {
    let due = media_image::Entity::find()
        .filter(media_image::Column::DeletedAt.lte(now - Duration::days(KEEP_DELETED_DAYS)))
        .all(&db.write)
        .await?;
    for row in &due {
        for name in files(row) {
            store.delete(&trashed(&name)).await?;
        }
        let txn = db.write.begin().await?;
        let removed = media_image::Entity::delete_many()
            .filter(media_image::Column::Name.eq(&row.name))
            .filter(media_image::Column::DeletedAt.is_not_null())
            .exec(&txn)
            .await?;
        if removed.rows_affected == 1 {
            Event::new("media.purged")
                .on("media", &row.name)
                .detail(serde_json::json!({ "deleted_at": row.deleted_at }))
                .save_as(&txn, &concierge_core::actor::Actor::system())
                .await?;
        }
        txn.commit().await?;
    }
    Ok(due.len())
}

/// A page of the library as `filter` narrows it, newest first (the trash: last deleted
/// first), each file with how many places show it; and how many files the filter finds.
pub async fn page(
    db: &Db,
    filter: &LibraryFilter,
    page: concierge_core::domain::page::Paging,
) -> Result<(Vec<(LibraryFile, u64)>, u64), ApiError> {
    concierge_store::media_images::library(&db.read, filter, page).await
}

/// Every place that shows the file `name`.
pub async fn usage(db: &Db, name: &str) -> Result<Vec<Usage>, ApiError> {
    Ok(media_usage::usage(&db.read, name).await?)
}

/// [`usage`] right after a change of the file, read where the change was written so that the
/// answer includes it.
pub async fn usage_after_write(db: &Db, name: &str) -> Result<Vec<Usage>, ApiError> {
    Ok(media_usage::usage(&db.write, name).await?)
}
