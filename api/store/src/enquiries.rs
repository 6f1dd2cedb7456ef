//! The enquiry desk's storage, for contact enquiries and airport requests alike (the
//! architecture's "Enquiry desk"): the inbox's filter (status, a search, the trash), versions
//! that refuse a write from an older copy, status and assignee changes, the notes timeline, soft
//! deletes kept 30 days, and the summary the admin's menu shows. Every change records its audit
//! line in the change's own transaction, so the log and the desk never disagree.

use std::str::FromStr;

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, Func};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Select,
};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::audit::{Actor, Event};
use crate::entities::timeline::{Note, Timeline};
use crate::entities::{airport_request, contact};
use concierge_core::domain::contact::EnquiryStatus;
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_core::i18n::Text;

/// How long a deleted enquiry can be brought back.
pub const KEEP_DELETED_DAYS: i64 = 30;

/// What the desk keeps of an item, whichever kind it is.
pub struct Desk<'a> {
    pub status: &'a str,
    pub assignee: Option<&'a str>,
    pub notes: &'a Timeline,
    pub version: i32,
    pub created_date: DateTime<Utc>,
}

/// A table of the desk: contact enquiries or airport requests. Each has the columns `id`,
/// `status`, `assignee`, `notes`, `version`, `created_date` and `deleted_at`.
pub trait DeskTable: EntityTrait<Model: Sync> {
    /// The audit log's name for an item.
    const RESOURCE: &'static str;
    fn not_found() -> &'static Text;
    fn desk(model: &Self::Model) -> Desk<'_>;
    /// The item as the API shows it.
    fn view(model: &Self::Model) -> Value;
    /// The items a search for `q` (lower case) finds.
    fn searched(q: &str) -> Condition;
}

fn col<T: EntityTrait>(name: &str) -> T::Column {
    T::Column::from_str(name).unwrap_or_else(|_| panic!("every desk table has a {name} column"))
}

impl DeskTable for contact::Entity {
    const RESOURCE: &'static str = "contact_us";

    fn not_found() -> &'static Text {
        catalog().forms.contact.outcomes().not_found()
    }

    fn desk(m: &contact::Model) -> Desk<'_> {
        Desk {
            status: &m.status,
            assignee: m.assignee.as_deref(),
            notes: &m.notes,
            version: m.version,
            created_date: m.created_date,
        }
    }

    fn view(m: &contact::Model) -> Value {
        serde_json::to_value(m).expect("an enquiry serialises")
    }

    fn searched(q: &str) -> Condition {
        use contact::Column;
        let mut any = Condition::any();
        for column in [
            Column::FirstName,
            Column::LastName,
            Column::Email,
            Column::Phone,
        ] {
            any = any.add(Expr::expr(Func::lower(Expr::col(column))).like(crate::contains(q)));
        }
        // Phones are stored as digits (with the `+` an international number was typed
        // with): "+971 50" finds "+97150…", "050 12" finds "05012…".
        let digits: String = q.chars().filter(char::is_ascii_digit).collect();
        if digits.len() >= 3 && digits.len() != q.len() {
            any = any.add(Column::Phone.contains(&digits));
        }
        any
    }
}

impl DeskTable for airport_request::Entity {
    const RESOURCE: &'static str = "airport_requests";

    fn not_found() -> &'static Text {
        catalog().forms.airport_request.outcomes().not_found()
    }

    fn desk(m: &airport_request::Model) -> Desk<'_> {
        Desk {
            status: &m.status,
            assignee: m.assignee.as_deref(),
            notes: &m.notes,
            version: m.version,
            created_date: m.created_date,
        }
    }

    fn view(m: &airport_request::Model) -> Value {
        airport_view(m)
    }

    fn searched(q: &str) -> Condition {
        use airport_request::Column;
        let mut any = Condition::any();
        for column in [
            Column::Reference,
            Column::FullName,
            Column::Email,
            Column::Mobile,
            Column::FlightNumber,
        ] {
            any = any.add(Expr::expr(Func::lower(Expr::col(column))).like(crate::contains(q)));
        }
        let compact: String = q.chars().filter(|c| !c.is_whitespace()).collect();
        if compact.len() >= 3 && compact.len() != q.len() {
            any = any.add(
                Expr::expr(Func::lower(Expr::col(Column::FlightNumber)))
                    .like(crate::contains(&compact)),
            );
            let digits: String = q.chars().filter(char::is_ascii_digit).collect();
            if digits.len() >= 3 {
                any = any.add(Column::Mobile.contains(&digits));
            }
        }
        any
    }
}

/// An airport request in the shape the page sent it, with the desk's fields.
pub fn airport_view(m: &airport_request::Model) -> Value {
    let parsed = |text: Option<&str>| {
        text.and_then(|t| serde_json::from_str::<Value>(t).ok())
            .unwrap_or(Value::Null)
    };
    json!({
        "id": m.id,
        "reference": m.reference,
        "country": m.country,
        "city": m.city,
        "airport": m.airport,
        "terminal": m.terminal,
        "flightNumber": m.flight_number,
        "departureArrival": m.departure_arrival,
        "date": m.date,
        "time": m.time,
        "services": parsed(Some(&m.services)),
        "passengerDetails": {
            "title": m.title, "fullName": m.full_name, "mobile": m.mobile, "email": m.email,
        },
        "meetGreet": parsed(m.meet_greet.as_deref()),
        "porterService": parsed(m.porter_service.as_deref()),
        "lang": m.lang,
        "created_date": m.created_date,
        "status": m.status,
        "assignee": m.assignee,
        "notes": m.notes,
        "version": m.version,
        "deleted_at": m.deleted_at,
    })
}

/// `?status=&q=&deleted=` as sent.
#[derive(Debug, Default, Clone, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FilterQuery {
    /// `new`, `in_progress`, `replied`, `closed` or `spam`; all when left out.
    #[param(value_type = Option<String>, pattern = "^(new|in_progress|replied|closed|spam)?$")]
    pub status: Option<String>,
    /// Part of a name, an email, a phone number (or a reference and a flight number); case does
    /// not matter.
    #[param(value_type = Option<String>, max_length = 100)]
    pub q: Option<String>,
    /// `true`: only the items deleted in the last 30 days (the trash), last deleted first.
    #[param(value_type = Option<String>, pattern = "^(true|false)?$")]
    pub deleted: Option<String>,
}

/// A parsed filter.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Filter {
    pub status: Option<EnquiryStatus>,
    pub q: Option<String>,
    pub deleted: bool,
}

impl Filter {
    pub fn parse(query: &FilterQuery) -> Result<Filter, ApiError> {
        let status = match query
            .status
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            None => None,
            Some(raw) => Some(EnquiryStatus::parse(raw).ok_or_else(|| {
                ApiError::validation(
                    "status",
                    catalog()
                        .forms
                        .desk
                        .field("status")
                        .invalid
                        .clone()
                        .expect("a message"),
                )
            })?),
        };
        let q = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
        // Any text is a search (it only ever reaches a bound LIKE parameter); at most 100.
        if q.is_some_and(|q| q.chars().count() > 100) {
            return Err(ApiError::validation(
                "q",
                catalog()
                    .messages
                    .query_too_long
                    .with("name", "q")
                    .with("max", 100),
            ));
        }
        let deleted = match query.deleted.as_deref().map(str::trim) {
            None | Some("" | "false") => false,
            Some("true") => true,
            Some(_) => {
                return Err(ApiError::validation(
                    "deleted",
                    catalog().messages.deleted_filter.clone(),
                ));
            }
        };
        Ok(Filter {
            status,
            q: q.map(str::to_lowercase),
            deleted,
        })
    }

    /// The items this filter keeps, newest first (the trash: last deleted first).
    pub fn select<T: DeskTable>(&self) -> Select<T> {
        let mut select = T::find();
        select = if self.deleted {
            select
                .filter(col::<T>("deleted_at").is_not_null())
                .order_by_desc(col::<T>("deleted_at"))
        } else {
            select.filter(col::<T>("deleted_at").is_null())
        };
        select = select
            .order_by_desc(col::<T>("created_date"))
            .order_by_desc(col::<T>("id"));
        if let Some(status) = self.status {
            select = select.filter(col::<T>("status").eq(status.as_str()));
        }
        if let Some(q) = &self.q {
            select = select.filter(T::searched(q));
        }
        select
    }
}

/// Where a write finds the item: on the desk, or in the trash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    Desk,
    Trash,
}

/// Takes the next version of item `id` for a write in `txn`: one more, and only if it is still
/// `expected` (when the writer said which version it read), in one conditional `UPDATE` that
/// holds the row until `txn` ends, so of two desk members saving from the same copy one is kept
/// and the other told (409, [`ApiError::Stale`]: who changed which fields since, and the item
/// now). Notes never conflict (they are only ever added): a copy older only by notes is taken
/// as current. The item with its new version; 404 when there is none in `place`.
pub async fn claim<T: DeskTable>(
    txn: &DatabaseTransaction,
    id: i32,
    expected: Option<i32>,
    place: Place,
) -> Result<T::Model, ApiError> {
    let bump = |expected: Option<i32>| {
        let mut update = T::update_many()
            .col_expr(col::<T>("version"), Expr::col(col::<T>("version")).add(1))
            .filter(col::<T>("id").eq(id));
        update = match place {
            Place::Desk => update.filter(col::<T>("deleted_at").is_null()),
            Place::Trash => update.filter(col::<T>("deleted_at").is_not_null()),
        };
        if let Some(expected) = expected {
            update = update.filter(col::<T>("version").eq(expected));
        }
        update
    };
    let not_found = || ApiError::NotFound(T::not_found().clone());
    let mut claimed = bump(expected).exec(txn).await?.rows_affected == 1;
    if !claimed && let Some(expected) = expected {
        let Some(current) = find::<T>(txn, id, place).await? else {
            return Err(not_found());
        };
        let (fields, newest) = since::<T>(txn, id, expected).await?;
        if !fields.iter().all(|f| f == "notes") {
            return Err(ApiError::Stale(Box::new(json!({
                "version": T::desk(&current).version,
                "by": newest.as_ref().and_then(|l| l.actor.clone()),
                "at": newest.as_ref().map(|l| l.at),
                "fields": fields,
                "current": T::view(&current),
            }))));
        }
        claimed = bump(None).exec(txn).await?.rows_affected == 1;
    }
    if !claimed {
        return Err(not_found());
    }
    find::<T>(txn, id, place).await?.ok_or_else(not_found)
}

/// Ends a desk write begun with [`claim`] (which took the next version) in `txn`: commits it
/// when the item as `saved` differs from the item as `claimed`, and rolls it back when it does
/// not, so that a save that changes nothing changes no version (a colleague's open copy stays
/// current) and writes no line. The item as it now stands (read again from `db` after a
/// rollback).
pub async fn finish<T: DeskTable>(
    db: &impl ConnectionTrait,
    txn: DatabaseTransaction,
    claimed: &T::Model,
    saved: T::Model,
) -> Result<T::Model, ApiError> {
    if T::view(claimed) != T::view(&saved) {
        txn.commit().await?;
        return Ok(saved);
    }
    txn.rollback().await?;
    let id = T::view(claimed)["id"].as_i64().unwrap_or_default();
    one::<T>(db, i32::try_from(id).unwrap_or_default()).await
}

async fn find<T: DeskTable>(
    db: &impl ConnectionTrait,
    id: i32,
    place: Place,
) -> Result<Option<T::Model>, ApiError> {
    let deleted = col::<T>("deleted_at");
    Ok(T::find()
        .filter(col::<T>("id").eq(id))
        .filter(match place {
            Place::Desk => deleted.is_null(),
            Place::Trash => deleted.is_not_null(),
        })
        .one(db)
        .await?)
}

/// The item `id` on the desk (not deleted); 404 otherwise.
pub async fn one<T: DeskTable>(db: &impl ConnectionTrait, id: i32) -> Result<T::Model, ApiError> {
    find::<T>(db, id, Place::Desk)
        .await?
        .ok_or_else(|| ApiError::NotFound(T::not_found().clone()))
}

/// The fields every write after version `expected` of item `id` changed, in order, and the
/// newest such write's audit line (the audit lines carry the version each write made).
async fn since<T: DeskTable>(
    txn: &DatabaseTransaction,
    id: i32,
    expected: i32,
) -> Result<(Vec<String>, Option<crate::entities::audit_event::Model>), ApiError> {
    use crate::entities::audit_event;
    let lines = audit_event::Entity::find()
        .filter(audit_event::Column::Resource.eq(T::RESOURCE))
        .filter(audit_event::Column::ResourceId.eq(id.to_string()))
        .order_by_desc(audit_event::Column::Id)
        .limit(100)
        .all(txn)
        .await?;
    let since: Vec<(audit_event::Model, Value)> = lines
        .into_iter()
        .filter_map(|line| {
            let detail: Value =
                serde_json::from_str(line.detail.as_deref().unwrap_or("null")).ok()?;
            let version = detail.get("version")?.as_i64()?;
            (version > i64::from(expected)).then_some((line, detail))
        })
        .collect();
    let mut fields: Vec<String> = Vec::new();
    for (line, detail) in since.iter().rev() {
        let named: Vec<String> = match line.action.as_str() {
            "enquiry.status_changed" => vec!["status".into()],
            "enquiry.assigned" => vec!["assignee".into()],
            "enquiry.notes_changed" | "enquiry.note_added" => vec!["notes".into()],
            "enquiry.deleted" | "enquiry.undeleted" => vec!["deleted_at".into()],
            _ => serde_json::from_value(detail["fields"].clone()).unwrap_or_default(),
        };
        for field in named {
            if !fields.contains(&field) {
                fields.push(field);
            }
        }
    }
    Ok((fields, since.into_iter().next().map(|(line, _)| line)))
}

/// A desk member's change of an item's status and assignee (each left as it is when `None`;
/// an assignee of `Some(None)` unassigns).
#[derive(Debug, Clone, Default)]
pub struct DeskEdit {
    pub status: Option<EnquiryStatus>,
    pub assignee: Option<Option<String>>,
}

/// Applies `edit` to the item `before` (claimed in `txn`, see [`claim`]), with an audit line
/// for each change. The item as saved.
pub async fn apply<T: DeskTable>(
    txn: &DatabaseTransaction,
    id: i32,
    before: &T::Model,
    edit: DeskEdit,
) -> Result<T::Model, ApiError> {
    let desk = T::desk(before);
    let version = desk.version;
    let mut update = T::update_many().filter(col::<T>("id").eq(id));
    let mut changed = false;
    if let Some(status) = edit.status.filter(|s| s.as_str() != desk.status) {
        update = update.col_expr(col::<T>("status"), Expr::value(status.as_str()));
        Event::new("enquiry.status_changed")
            .on(T::RESOURCE, id)
            .detail(json!({ "from": desk.status, "to": status.as_str(), "version": version }))
            .save(txn)
            .await?;
        changed = true;
    }
    if let Some(assignee) = edit.assignee.filter(|a| a.as_deref() != desk.assignee) {
        update = update.col_expr(col::<T>("assignee"), Expr::value(assignee.clone()));
        Event::new("enquiry.assigned")
            .on(T::RESOURCE, id)
            .detail(json!({ "from": desk.assignee, "to": assignee, "version": version }))
            .save(txn)
            .await?;
        changed = true;
    }
    if changed {
        update.exec(txn).await?;
    }
    one::<T>(txn, id).await
}

/// Adds the note `text` by the current administrator at `at` on top of item `id`'s timeline.
/// A note never conflicts with anyone's write: it needs no version, and takes the next.
pub async fn add_note<T: DeskTable>(
    txn: &DatabaseTransaction,
    id: i32,
    text: String,
    at: DateTime<Utc>,
) -> Result<T::Model, ApiError> {
    claim::<T>(txn, id, None, Place::Desk).await?;
    append_note::<T>(txn, id, text, at).await
}

/// Adds a note to item `id`, already claimed in `txn` by the write it belongs to.
pub async fn append_note<T: DeskTable>(
    txn: &DatabaseTransaction,
    id: i32,
    text: String,
    at: DateTime<Utc>,
) -> Result<T::Model, ApiError> {
    let current = one::<T>(txn, id).await?;
    let desk = T::desk(&current);
    let version = desk.version;
    let note = Note {
        at,
        author: Actor::current().username,
        text,
    };
    let notes = desk.notes.with(note.clone());
    T::update_many()
        .col_expr(col::<T>("notes"), Expr::value(notes.0))
        .filter(col::<T>("id").eq(id))
        .exec(txn)
        .await?;
    // The note's words are the desk's own, not the client's: they are kept in the log.
    Event::new("enquiry.note_added")
        .on(T::RESOURCE, id)
        .detail(json!({ "text": note.text, "version": version }))
        .save(txn)
        .await?;
    one::<T>(txn, id).await
}

/// Moves item `id` to the trash (kept [`KEEP_DELETED_DAYS`] days), if it is still at version
/// `expected` when one is given (409 otherwise, as [`claim`] says), with its audit line (its
/// status and when it came, nothing the client typed).
pub async fn delete<T: DeskTable>(
    txn: &DatabaseTransaction,
    id: i32,
    expected: Option<i32>,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    let claimed = claim::<T>(txn, id, expected, Place::Desk).await?;
    let desk = T::desk(&claimed);
    T::update_many()
        .col_expr(col::<T>("deleted_at"), Expr::value(now))
        .filter(col::<T>("id").eq(id))
        .exec(txn)
        .await?;
    Event::new("enquiry.deleted")
        .on(T::RESOURCE, id)
        .detail(json!({ "status": desk.status, "received": desk.created_date, "version": desk.version }))
        .save(txn)
        .await?;
    Ok(())
}

/// Brings item `id` back from the trash; 404 when it is not there.
pub async fn undelete<T: DeskTable>(
    txn: &DatabaseTransaction,
    id: i32,
) -> Result<T::Model, ApiError> {
    let claimed = claim::<T>(txn, id, None, Place::Trash)
        .await
        .map_err(|e| match e {
            ApiError::NotFound(_) => ApiError::NotFound(catalog().messages.not_deleted.clone()),
            other => other,
        })?;
    T::update_many()
        .col_expr(
            col::<T>("deleted_at"),
            Expr::value(Option::<DateTime<Utc>>::None),
        )
        .filter(col::<T>("id").eq(id))
        .exec(txn)
        .await?;
    Event::new("enquiry.undeleted")
        .on(T::RESOURCE, id)
        .detail(json!({ "version": T::desk(&claimed).version }))
        .save(txn)
        .await?;
    one::<T>(txn, id).await
}

/// Removes for good the items deleted more than [`KEEP_DELETED_DAYS`] days before `now`, with
/// the messages queued about them, each removal in the audit log as the system's. How many.
pub async fn purge<T: DeskTable>(
    txn: &DatabaseTransaction,
    now: DateTime<Utc>,
    kind: &str,
) -> Result<u64, ApiError> {
    use crate::entities::outbox_message;
    let cutoff = now - Duration::days(KEEP_DELETED_DAYS);
    let ids: Vec<i32> = T::find()
        .select_only()
        .column(col::<T>("id"))
        .filter(col::<T>("deleted_at").lte(cutoff))
        .into_tuple()
        .all(txn)
        .await?;
    if ids.is_empty() {
        return Ok(0);
    }
    outbox_message::Entity::delete_many()
        .filter(outbox_message::Column::EnquiryKind.eq(kind))
        .filter(outbox_message::Column::EnquiryId.is_in(ids.clone()))
        .exec(txn)
        .await?;
    let removed = T::delete_many()
        .filter(col::<T>("id").is_in(ids.clone()))
        .exec(txn)
        .await?
        .rows_affected;
    for id in ids {
        Event::new("enquiry.purged")
            .on(T::RESOURCE, id)
            .save_as(txn, &Actor::system())
            .await?;
    }
    Ok(removed)
}

/// New items on the desk (both kinds, spam aside as it has its own status), and how many of
/// them came more than 24 hours before `now`.
pub async fn summary(
    db: &impl ConnectionTrait,
    now: DateTime<Utc>,
) -> Result<(u64, u64), ApiError> {
    async fn count<T: DeskTable>(
        db: &impl ConnectionTrait,
        before: Option<DateTime<Utc>>,
    ) -> Result<u64, ApiError> {
        let mut select = T::find()
            .filter(col::<T>("deleted_at").is_null())
            .filter(col::<T>("status").eq(EnquiryStatus::New.as_str()));
        if let Some(before) = before {
            select = select.filter(col::<T>("created_date").lte(before));
        }
        Ok(select.count(db).await?)
    }
    let day_ago = now - Duration::hours(24);
    let new = count::<contact::Entity>(db, None).await?
        + count::<airport_request::Entity>(db, None).await?;
    let waiting = count::<contact::Entity>(db, Some(day_ago)).await?
        + count::<airport_request::Entity>(db, Some(day_ago)).await?;
    Ok((new, waiting))
}

/// Saves an administrator's edit of a contact enquiry's own fields (an enquiry taken by
/// telephone, corrected), `before` claimed in `txn`, and records the names of the fields it
/// changed (not their words).
pub async fn save_contact_edit(
    txn: &DatabaseTransaction,
    before: &contact::Model,
    edit: contact::ActiveModel,
) -> Result<contact::Model, ApiError> {
    let after = edit.update(txn).await?;
    let fields: Vec<&str> = [
        ("first_name", before.first_name == after.first_name),
        ("last_name", before.last_name == after.last_name),
        ("email", before.email == after.email),
        ("phone", before.phone == after.phone),
        ("subject", before.subject == after.subject),
        ("message", before.message == after.message),
        ("lang", before.lang == after.lang),
    ]
    .into_iter()
    .filter_map(|(field, same)| (!same).then_some(field))
    .collect();
    if !fields.is_empty() {
        Event::new("enquiry.updated")
            .on(contact::Entity::RESOURCE, after.id)
            .detail(json!({ "fields": fields, "version": after.version }))
            .save(txn)
            .await?;
    }
    Ok(after)
}

/// The active members of the team, by name (those an item may be assigned to are among them).
pub async fn active_admins(
    db: &impl ConnectionTrait,
) -> Result<Vec<crate::entities::admin_user::Model>, sea_orm::DbErr> {
    use crate::entities::admin_user;
    use sea_orm::QueryOrder;
    admin_user::Entity::find()
        .filter(admin_user::Column::Disabled.eq(false))
        .order_by_asc(admin_user::Column::Username)
        .all(db)
        .await
}
