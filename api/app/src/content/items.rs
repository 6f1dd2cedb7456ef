//! Reads and writes of public content, for every [`Kind`], through its lifecycle
//! ([`crate::content::lifecycle`]). A write takes the transaction it runs in and records, in
//! it, its revision, its audit line and (when what the site shows changes) its publish job, so
//! nothing reaches the database without its history and without the site hearing of it; the
//! caller commits.

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set, TryIntoModel,
};
use serde_json::{Map, Value};

use crate::content::history::{Revision, RevisionSummary};
use crate::content::lifecycle::{self, Request, State, admin_view, changed_fields};
use crate::content::{Kind, column};
use concierge_core::domain::page::Paging;
use concierge_core::domain::rules::catalog;
use concierge_core::error::{ApiError, FieldErrors};
use concierge_core::kinds::Declaration;
use concierge_core::roles::Writes;
use concierge_store::audit::{Actor, Event};
use concierge_store::content_rows::{self as rows, Audience, KEEP_DELETED_DAYS, Status, due_to};
use concierge_store::entities::content_revision;
use concierge_store::media_usage;
use concierge_store::outbox::publish_jobs::{self as publish, Action};
use concierge_store::reviews;

fn not_found<K: Kind>() -> ApiError {
    ApiError::NotFound(K::rules().outcomes().not_found().clone())
}

/// The row with this id that `audience` may see, else 404 with the kind's message.
pub async fn find_for<K: Kind>(
    db: &impl ConnectionTrait,
    id: i32,
    audience: Audience,
) -> Result<K::Model, ApiError> {
    rows::find_for::<K>(db, id, audience)
        .await?
        .ok_or_else(not_found::<K>)
}

/// The row with this id (not deleted), else 404 with the kind's message.
pub async fn find<K: Kind>(db: &impl ConnectionTrait, id: i32) -> Result<K::Model, ApiError> {
    find_for::<K>(db, id, Audience::Admin).await
}

/// A page of the kind in `order`, as `audience` reads it and `filter` narrows it: the rows and
/// how many there are in all.
pub async fn page<K: Kind>(
    db: &impl ConnectionTrait,
    order: crate::content::Order,
    page: Paging,
    audience: Audience,
    filter: &crate::content::ListFilter,
    now: DateTime<Utc>,
) -> Result<(Vec<K::Model>, u64), ApiError> {
    rows::page::<K>(db, order, page, audience, filter, now).await
}

/// Validates `input` and inserts it at `now`, published (the seed, a spreadsheet import).
#[tracing::instrument(level = "debug", skip_all, fields(kind = K::PATH))]
pub async fn create<K: Kind>(
    txn: &DatabaseTransaction,
    input: K::Input,
    now: DateTime<Utc>,
) -> Result<K::Model, ApiError> {
    let (saved, _) = store::<K>(txn, None, input, &Request::default(), Author::SYSTEM, now).await?;
    Ok(saved)
}

/// Validates `input` and saves it at `now`, published, over the row with this id (404 when
/// there is none).
#[tracing::instrument(level = "debug", skip_all, fields(kind = K::PATH))]
pub async fn update<K: Kind>(
    txn: &DatabaseTransaction,
    id: i32,
    input: K::Input,
    now: DateTime<Utc>,
) -> Result<K::Model, ApiError> {
    let before = claim::<K>(txn, id, None, false).await?;
    let (saved, _) = store::<K>(
        txn,
        Some(before),
        input,
        &Request::default(),
        Author::SYSTEM,
        now,
    )
    .await?;
    Ok(saved)
}

/// A save from the API: `body` holds the item's fields and, optionally, its lifecycle
/// (`status`, `publish_at`, `unpublish_at`). Without `status` it is published at once. The
/// answer is the record as an administrator reads it. `expected` is the version the writer
/// read, if they said (see [`claim`]).
///
/// `writes` is how the writer's role saves: a contributor's or a translator's save is a draft
/// (the pending change of a published item) whatever the body says, its schedule kept; a
/// translator's may change only the Arabic twins (and what is derived from them, as the
/// declaration says: [`Declaration::is_arabic`]), the other fields it leaves out
/// are kept, and one it changes is refused with 403 naming it.
#[tracing::instrument(level = "debug", skip_all, fields(kind = K::PATH))]
pub async fn save<K: Kind>(
    txn: &DatabaseTransaction,
    id: Option<i32>,
    mut body: Map<String, Value>,
    writes: Writes,
    expected: Option<i32>,
    now: DateTime<Utc>,
) -> Result<Value, ApiError> {
    let mut request = Request::take_from(&mut body)?;
    if writes != Writes::AsSent {
        request = Request {
            status: Some(Status::Draft),
            ..Request::default()
        };
    }
    body.remove("version");
    let before = match id {
        Some(id) => Some(claim::<K>(txn, id, expected, false).await?),
        None => None,
    };
    // What a translator changed: the fields sent with another value than they were shown (only
    // their check reads it).
    let mut sent = Vec::new();
    if let Some(before) = &before {
        let current = admin_view::<K>(before);
        if writes == Writes::ArabicDrafts {
            sent = changed_fields(Some(&current), &Value::Object(body.clone()));
        }
        lifecycle::keep_arabic(K::DECLARATION, &mut body, &current);
        if writes == Writes::ArabicDrafts {
            lifecycle::keep_all_but_arabic(K::DECLARATION, &mut body, &current);
        }
    }
    let input = lifecycle::input_of::<K>(body)?;
    let author = Author {
        writes,
        sent: &sent,
    };
    let (_, view) = store::<K>(txn, before, input, &request, author, now).await?;
    Ok(view)
}

/// Who saves, as the storing sees them: how their role writes, and the fields they changed.
#[derive(Debug, Clone, Copy)]
struct Author<'a> {
    writes: Writes,
    sent: &'a [String],
}

impl Author<'_> {
    /// The seed, an import, a publish: saved as asked, from no body.
    const SYSTEM: Author<'static> = Author {
        writes: Writes::AsSent,
        sent: &[],
    };

    /// 403 unless the save changes nothing but the Arabic twins, for a translator: `candidate`
    /// is the record the save would make, `current` what the administrator was shown. It names
    /// the fields the writer changed (a field derived from them, such as a blog's slug from its
    /// name, only when none of them did).
    fn check(
        &self,
        kind: &Declaration,
        current: &Value,
        candidate: &Value,
    ) -> Result<(), ApiError> {
        if self.writes != Writes::ArabicDrafts {
            return Ok(());
        }
        let changed: Vec<String> = changed_fields(Some(current), candidate)
            .into_iter()
            .filter(|f| !kind.is_arabic(f) && !lifecycle::is_bookkeeping(f))
            .collect();
        let sent: Vec<&String> = changed.iter().filter(|f| self.sent.contains(f)).collect();
        let named = if sent.is_empty() {
            changed.iter().collect()
        } else {
            sent
        };
        let mut refused = FieldErrors::default();
        for field in named {
            let message = concierge_core::domain::rules::account_messages()
                .arabic_only
                .with("field", field.clone());
            refused.add(field, message);
        }
        if refused.is_empty() {
            Ok(())
        } else {
            Err(ApiError::ForbiddenFields(refused))
        }
    }
}

/// The one way a save is stored: a new item, a published save over the live version, a
/// draft of an item never published, or pending changes beside a published one.
async fn store<K: Kind>(
    txn: &DatabaseTransaction,
    before: Option<K::Model>,
    input: K::Input,
    request: &Request,
    author: Author<'_>,
    now: DateTime<Utc>,
) -> Result<(K::Model, Value), ApiError> {
    let wanted = request.status.unwrap_or(Status::Published);
    let Some(before) = before else {
        if author.writes == Writes::ArabicDrafts {
            let message = &concierge_core::domain::rules::account_messages().forbidden;
            return Err(ApiError::Forbidden(message.clone()));
        }
        let mut row = K::new_row(now);
        K::apply(input, txn, &mut row, now).await?;
        let mut state = State::new(wanted);
        state.schedule(request)?;
        state.settle(now);
        state.write::<K>(&mut row);
        let saved = row.insert(txn).await?;
        K::after_save(txn, None, &saved, now).await?;
        if state.live {
            publish::enqueue(txn, K::RESOURCE, K::id(&saved), Action::Upsert).await?;
        }
        let view = admin_view::<K>(&saved);
        record::<K>(txn, &saved, "created", None, &view, now).await?;
        return Ok((saved, view));
    };
    let id = K::id(&before);
    let was = State::of::<K>(&before);
    let before_view = admin_view::<K>(&before);
    let mut state = was.clone();
    state.schedule(request)?;
    // A published item (live, or scheduled to go live) keeps its version; a draft is edited in
    // place.
    let pending = wanted == Status::Draft && was.status == Status::Published;
    let (saved, action) = if pending {
        // Changes to a published item wait beside its published version, which stays as it is.
        let mut draft: K::Active = before.clone().into();
        K::apply(input, txn, &mut draft, now).await?;
        let draft = draft.try_into_model()?;
        if author.writes == Writes::ArabicDrafts {
            author.check(K::DECLARATION, &before_view, &serde_json::to_value(&draft)?)?;
        }
        state.draft = Some(serde_json::to_string(&draft).unwrap_or_default());
        state.settle(now);
        let mut row: K::Active = before.clone().into();
        state.write::<K>(&mut row);
        (row.update(txn).await?, "draft")
    } else {
        let mut row: K::Active = before.clone().into();
        K::apply(input, txn, &mut row, now).await?;
        if author.writes == Writes::ArabicDrafts {
            let candidate = row.clone().try_into_model()?;
            author.check(
                K::DECLARATION,
                &before_view,
                &serde_json::to_value(&candidate)?,
            )?;
        }
        state.status = wanted;
        state.draft = None;
        state.settle(now);
        state.write::<K>(&mut row);
        let saved = row.update(txn).await?;
        K::after_save(txn, Some(&before), &saved, now).await?;
        if wanted == Status::Published {
            // The change is published: its review, if it had one, is over.
            reviews::end(txn, K::PATH, id).await?;
        }
        (
            saved,
            if wanted == Status::Draft {
                "draft"
            } else {
                "saved"
            },
        )
    };
    if was.live || state.live {
        let action = if state.live {
            Action::Upsert
        } else {
            Action::Delete
        };
        publish::enqueue(txn, K::RESOURCE, id, action).await?;
    }
    let view = admin_view::<K>(&saved);
    record::<K>(txn, &saved, action, Some(&before_view), &view, now).await?;
    Ok((saved, view))
}

/// Publishes the item now: its pending changes, if any, become the live version; a schedule
/// still to come is cleared (an unpublish time already past too).
#[tracing::instrument(level = "debug", skip_all, fields(kind = K::PATH))]
pub async fn publish<K: Kind>(
    txn: &DatabaseTransaction,
    id: i32,
    expected: Option<i32>,
    now: DateTime<Utc>,
) -> Result<Value, ApiError> {
    let before = claim::<K>(txn, id, expected, false).await?;
    let was = State::of::<K>(&before);
    let mut fields = match &was.draft {
        Some(draft) => serde_json::from_str::<Map<String, Value>>(draft).unwrap_or_default(),
        None => match serde_json::to_value(&before) {
            Ok(Value::Object(fields)) => fields,
            _ => Map::new(),
        },
    };
    for key in lifecycle::LIFECYCLE_KEYS {
        fields.remove(key);
    }
    let input = lifecycle::input_of::<K>(fields)?;
    let request = Request {
        status: Some(Status::Published),
        publish_at: Some(None),
        unpublish_at: was.unpublish_at.filter(|at| *at <= now).map(|_| None),
        schedule_zone: None,
    };
    let (_, view) = store::<K>(txn, Some(before), input, &request, Author::SYSTEM, now).await?;
    Ok(view)
}

/// Takes the item off the site now (it becomes a draft; its schedule is cleared).
#[tracing::instrument(level = "debug", skip_all, fields(kind = K::PATH))]
pub async fn unpublish<K: Kind>(
    txn: &DatabaseTransaction,
    id: i32,
    expected: Option<i32>,
    now: DateTime<Utc>,
) -> Result<Value, ApiError> {
    let before = claim::<K>(txn, id, expected, false).await?;
    let before_view = admin_view::<K>(&before);
    let mut state = State::of::<K>(&before);
    state.status = Status::Draft;
    state.publish_at = None;
    state.unpublish_at = None;
    state.settle(now);
    let saved = write_state::<K>(txn, &before, &state).await?;
    publish::enqueue(txn, K::RESOURCE, id, Action::Delete).await?;
    let view = admin_view::<K>(&saved);
    record::<K>(txn, &saved, "unpublished", Some(&before_view), &view, now).await?;
    Ok(view)
}

/// Deletes the item (the kind may refuse with 409): it leaves the site and every admin list,
/// and can be brought back for [`KEEP_DELETED_DAYS`] days.
#[tracing::instrument(level = "debug", skip_all, fields(kind = K::PATH))]
pub async fn delete<K: Kind>(
    txn: &DatabaseTransaction,
    id: i32,
    expected: Option<i32>,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    let row = claim::<K>(txn, id, expected, false).await?;
    K::before_delete(txn, &row).await?;
    let before_view = admin_view::<K>(&row);
    let mut state = State::of::<K>(&row);
    state.deleted_at = Some(now);
    state.settle(now);
    let saved = write_state::<K>(txn, &row, &state).await?;
    publish::enqueue(txn, K::RESOURCE, id, Action::Delete).await?;
    reviews::end(txn, K::PATH, id).await?;
    record::<K>(
        txn,
        &saved,
        "deleted",
        Some(&before_view),
        &before_view,
        now,
    )
    .await?;
    Ok(())
}

/// Brings back an item deleted in the last [`KEEP_DELETED_DAYS`] days, as a draft.
#[tracing::instrument(level = "debug", skip_all, fields(kind = K::PATH))]
pub async fn undelete<K: Kind>(
    txn: &DatabaseTransaction,
    id: i32,
    expected: Option<i32>,
    now: DateTime<Utc>,
) -> Result<Value, ApiError> {
    let row = claim::<K>(txn, id, expected, true).await?;
    if State::of::<K>(&row)
        .deleted_at
        .is_none_or(|at| at <= now - Duration::days(KEEP_DELETED_DAYS))
    {
        return Err(ApiError::NotFound(catalog().messages.not_deleted.clone()));
    }
    let mut state = State::of::<K>(&row);
    state.deleted_at = None;
    state.status = Status::Draft;
    state.settle(now);
    let saved = write_state::<K>(txn, &row, &state).await?;
    let view = admin_view::<K>(&saved);
    record::<K>(txn, &saved, "undeleted", None, &view, now).await?;
    Ok(view)
}

/// Makes a revision the item's current draft (pending changes beside the live version of a
/// published item), saved as `writes` says (a translator's restore changes only Arabic).
#[tracing::instrument(level = "debug", skip_all, fields(kind = K::PATH))]
pub async fn restore<K: Kind>(
    txn: &DatabaseTransaction,
    id: i32,
    revision: i32,
    writes: Writes,
    expected: Option<i32>,
    now: DateTime<Utc>,
) -> Result<Value, ApiError> {
    let revision = find_revision::<K>(txn, id, revision).await?;
    let mut fields = match revision.data {
        Value::Object(fields) => fields,
        _ => Map::new(),
    };
    for key in lifecycle::LIFECYCLE_KEYS {
        fields.remove(key);
    }
    fields.insert("status".into(), Value::String("draft".into()));
    save::<K>(txn, Some(id), fields, writes, expected, now).await
}

/// Drops the item's pending changes: the live version stays as it is.
#[tracing::instrument(level = "debug", skip_all, fields(kind = K::PATH))]
pub async fn discard<K: Kind>(
    txn: &DatabaseTransaction,
    id: i32,
    expected: Option<i32>,
    now: DateTime<Utc>,
) -> Result<Value, ApiError> {
    let before = claim::<K>(txn, id, expected, false).await?;
    let before_view = admin_view::<K>(&before);
    let mut state = State::of::<K>(&before);
    if state.draft.take().is_none() {
        return Ok(before_view);
    }
    let saved = write_state::<K>(txn, &before, &state).await?;
    reviews::end(txn, K::PATH, id).await?;
    let view = admin_view::<K>(&saved);
    record::<K>(txn, &saved, "discarded", Some(&before_view), &view, now).await?;
    Ok(view)
}

/// The item `id`, claimed for a write at its next version (`deleted`: a deleted item, to bring
/// it back): every write reads the row it changes through here, so none can skip the check.
/// A writer that says which version it read is refused when that is no longer the item's:
/// 409 saying who changed which fields since, with the current record, and nothing written.
/// 404 when there is no such item; a writer that says no version writes as before.
async fn claim<K: Kind>(
    txn: &DatabaseTransaction,
    id: i32,
    expected: Option<i32>,
    deleted: bool,
) -> Result<K::Model, ApiError> {
    let claimed = rows::claim::<K>(txn, id, expected, deleted).await?;
    let row = K::Entity::find()
        .filter(column::<K>("id").eq(id))
        .filter(if deleted {
            column::<K>("deleted_at").is_not_null()
        } else {
            column::<K>("deleted_at").is_null()
        })
        .one(txn)
        .await?;
    match (row, expected) {
        (Some(row), _) if claimed => Ok(row),
        (Some(current), Some(expected)) => Err(stale::<K>(txn, &current, expected).await?),
        _ if deleted => Err(ApiError::NotFound(catalog().messages.not_deleted.clone())),
        _ => Err(not_found::<K>()),
    }
}

/// The 409 of a write from version `expected` of `current`: the revisions made since say who
/// changed which fields, and when.
async fn stale<K: Kind>(
    txn: &DatabaseTransaction,
    current: &K::Model,
    expected: i32,
) -> Result<ApiError, ApiError> {
    let since = content_revision::Entity::find()
        .filter(content_revision::Column::Kind.eq(K::PATH))
        .filter(content_revision::Column::ItemId.eq(K::id(current)))
        .filter(content_revision::Column::Version.gt(expected))
        .order_by_desc(content_revision::Column::Id)
        .all(txn)
        .await?;
    let mut fields: Vec<String> = Vec::new();
    for revision in since.iter().rev() {
        let changed: Vec<String> =
            serde_json::from_str(&revision.changed_fields).unwrap_or_default();
        for field in changed {
            if !fields.contains(&field) {
                fields.push(field);
            }
        }
    }
    let view = admin_view::<K>(current);
    let newest = since.first();
    Ok(ApiError::Stale(Box::new(serde_json::json!({
        "version": view.get("version"),
        "by": newest.and_then(|r| r.author.clone()),
        "at": newest.map(|r| r.created_at),
        "fields": fields,
        "current": view,
    }))))
}

/// Writes a new lifecycle state over `row` (its fields unchanged).
async fn write_state<K: Kind>(
    txn: &DatabaseTransaction,
    row: &K::Model,
    state: &State,
) -> Result<K::Model, ApiError> {
    let mut active: K::Active = row.clone().into();
    state.write::<K>(&mut active);
    Ok(active.update(txn).await?)
}

/// The revision, the audit line and the media usage index of a write (`row` as it is now
/// stored), in its transaction. A save that would show a file in the media library's trash is
/// refused (400 on the field), so no content shows a deleted file; bringing an item back, or a
/// change of its lifecycle alone, is not.
async fn record<K: Kind>(
    txn: &DatabaseTransaction,
    row: &K::Model,
    action: &str,
    before: Option<&Value>,
    after: &Value,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    let id = K::id(row);
    let mut stored = serde_json::to_value(row)?;
    let state = State::of::<K>(row);
    if let Value::Object(fields) = &mut stored {
        // The row's own fields that its JSON leaves out.
        fields.insert("draft".into(), state.draft.clone().into());
        fields.insert("deleted_at".into(), serde_json::to_value(state.deleted_at)?);
    }
    let trashed = media_usage::reindex(txn, K::PATH, id, &stored).await?;
    if let Some((field, name)) = trashed.first()
        && matches!(action, "created" | "saved" | "draft")
    {
        let message = catalog().messages.media_trashed.with("name", name.as_str());
        return Err(ApiError::validation(field, message));
    }
    let fields = changed_fields(before, after);
    content_revision::ActiveModel {
        kind: Set(K::PATH.to_owned()),
        item_id: Set(id),
        created_at: Set(now),
        author: Set(Actor::current().username),
        action: Set(action.to_owned()),
        changed_fields: Set(serde_json::to_string(&fields).unwrap_or_default()),
        data: Set(after.to_string()),
        version: Set(after
            .get("version")
            .and_then(Value::as_i64)
            .and_then(|v| i32::try_from(v).ok())),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    let audit_action = match action {
        "created" => "content.created",
        "deleted" => "content.deleted",
        "draft" => "content.drafted",
        "published" | "saved" => "content.updated",
        "unpublished" => "content.unpublished",
        "undeleted" => "content.undeleted",
        "discarded" => "content.discarded",
        "scheduled-in" => "content.scheduled_in",
        "scheduled-out" => "content.scheduled_out",
        _ => "content.updated",
    };
    // The item's name as it was written, so the log reads "Blog: Planning a London season".
    let title = lifecycle::title_of(after);
    Event::new(audit_action)
        .on(K::RESOURCE.as_str(), id)
        .detail(serde_json::json!({ "fields": fields, "title": title }))
        .save(txn)
        .await?;
    Ok(())
}

/// The item's revisions, newest first (404 when the item is unknown or deleted).
pub async fn revisions<K: Kind>(
    db: &impl ConnectionTrait,
    id: i32,
    page: Paging,
) -> Result<(Vec<RevisionSummary>, u64), ApiError> {
    find::<K>(db, id).await?;
    let select = content_revision::Entity::find()
        .filter(content_revision::Column::Kind.eq(K::PATH))
        .filter(content_revision::Column::ItemId.eq(id))
        .order_by_desc(content_revision::Column::Id);
    let total = select.clone().count(db).await?;
    let rows = select
        .offset(page.offset())
        .limit(page.size)
        .all(db)
        .await?;
    Ok((rows.into_iter().map(Into::into).collect(), total))
}

/// One revision of the item, else 404.
pub async fn find_revision<K: Kind>(
    db: &impl ConnectionTrait,
    id: i32,
    revision: i32,
) -> Result<Revision, ApiError> {
    find::<K>(db, id).await?;
    content_revision::Entity::find_by_id(revision)
        .filter(content_revision::Column::Kind.eq(K::PATH))
        .filter(content_revision::Column::ItemId.eq(id))
        .one(db)
        .await?
        .map(Revision::from)
        .ok_or_else(|| ApiError::NotFound(catalog().messages.revision_not_found.clone()))
}

/// The kind's items deleted in the last [`KEEP_DELETED_DAYS`] days, most recent first, as
/// they were when deleted, with `deleted_at`.
pub async fn deleted<K: Kind>(
    db: &impl ConnectionTrait,
    now: DateTime<Utc>,
) -> Result<Vec<Value>, ApiError> {
    let rows = K::Entity::find()
        .filter(column::<K>("deleted_at").gt(now - Duration::days(KEEP_DELETED_DAYS)))
        .order_by_desc(column::<K>("deleted_at"))
        .all(db)
        .await?;
    Ok(rows
        .iter()
        .map(|row| {
            let mut view = admin_view::<K>(row);
            view["kind"] = Value::String(K::PATH.into());
            view["deleted_at"] =
                serde_json::to_value(State::of::<K>(row).deleted_at).unwrap_or(Value::Null);
            view
        })
        .collect())
}

/// Puts the item on the site (`live`) or takes it off, if that is still due at `now`, once: the
/// transaction's first statement is the conditional update, so of several instances doing this
/// at the same moment one changes the flag (and records it, and queues its publish job) and the
/// others find nothing left to change. It also takes the write lock before reading anything, so
/// on SQLite two instances wait for each other instead of failing to upgrade a read. Whether it
/// acted.
#[tracing::instrument(level = "debug", skip_all, fields(kind = K::PATH))]
pub async fn fire<K: Kind>(
    txn: &DatabaseTransaction,
    id: i32,
    live: bool,
    now: DateTime<Utc>,
) -> Result<bool, ApiError> {
    let mut update = K::Entity::update_many()
        .col_expr(column::<K>("live"), Expr::value(live))
        .filter(column::<K>("id").eq(id))
        .filter(due_to::<K>(live, now));
    if live {
        update = update.col_expr(column::<K>("published_at"), Expr::value(now));
    }
    if update.exec(txn).await?.rows_affected != 1 {
        return Ok(false);
    }
    let saved = find::<K>(txn, id).await?;
    let action = if live { Action::Upsert } else { Action::Delete };
    publish::enqueue(txn, K::RESOURCE, id, action).await?;
    let view = admin_view::<K>(&saved);
    let what = if live {
        "scheduled-in"
    } else {
        "scheduled-out"
    };
    record::<K>(txn, &saved, what, Some(&view), &view, now).await?;
    Ok(true)
}

/// Removes for good, with its history, the item `id` if it was deleted more than
/// [`KEEP_DELETED_DAYS`] days before `now`, and records it in the audit log as the system's
/// doing. Once: the transaction's first statement is the conditional delete (as in [`fire`]),
/// so of several instances purging at the same moment one removes the item and records it.
/// Whether it did.
#[tracing::instrument(level = "debug", skip_all, fields(kind = K::PATH))]
pub async fn purge<K: Kind>(
    txn: &DatabaseTransaction,
    id: i32,
    deleted_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> Result<bool, ApiError> {
    let cutoff = now - Duration::days(KEEP_DELETED_DAYS);
    let removed = K::Entity::delete_many()
        .filter(column::<K>("id").eq(id))
        .filter(column::<K>("deleted_at").lte(cutoff))
        .exec(txn)
        .await?;
    if removed.rows_affected != 1 {
        return Ok(false);
    }
    let revisions = content_revision::Entity::delete_many()
        .filter(content_revision::Column::Kind.eq(K::PATH))
        .filter(content_revision::Column::ItemId.eq(id))
        .exec(txn)
        .await?;
    Event::new("content.purged")
        .on(K::RESOURCE.as_str(), id)
        .detail(serde_json::json!({
            "deleted_at": deleted_at,
            "kept_days": KEEP_DELETED_DAYS,
            "revisions": revisions.rows_affected,
        }))
        .save_as(txn, &Actor::system())
        .await?;
    Ok(true)
}
