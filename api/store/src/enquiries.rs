//! Contact enquiries as the inbox reads them: by status, by a search over name, email and
//! phone, newest first; the Excel export follows the same filter. An administrator's edit or
//! delete records its audit line in its own transaction.

use sea_orm::sea_query::{Expr, ExprTrait, Func};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Select,
};
use serde::Deserialize;
use serde_json::json;

use crate::audit::Event;
use crate::entities::contact;
use concierge_core::domain::contact::EnquiryStatus;
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;

/// `?status=&q=` as sent.
#[derive(Debug, Default, Clone, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FilterQuery {
    /// `new`, `in_progress`, `replied`, `closed` or `spam`; all when left out.
    #[param(value_type = Option<String>, pattern = "^(new|in_progress|replied|closed|spam)?$")]
    pub status: Option<String>,
    /// Part of a first or last name, an email or a phone number (case does not matter).
    #[param(value_type = Option<String>, max_length = 100)]
    pub q: Option<String>,
}

/// A parsed filter.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Filter {
    pub status: Option<EnquiryStatus>,
    pub q: Option<String>,
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
                        .contact
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
        Ok(Filter {
            status,
            q: q.map(str::to_lowercase),
        })
    }

    /// The enquiries this filter keeps, newest first.
    pub fn select(&self) -> Select<contact::Entity> {
        let mut select = contact::Entity::find()
            .order_by_desc(contact::Column::CreatedDate)
            .order_by_desc(contact::Column::Id);
        if let Some(status) = self.status {
            select = select.filter(contact::Column::Status.eq(status.as_str()));
        }
        if let Some(q) = &self.q {
            let mut any = Condition::any();
            for column in [
                contact::Column::FirstName,
                contact::Column::LastName,
                contact::Column::Email,
                contact::Column::Phone,
            ] {
                any = any.add(Expr::expr(Func::lower(Expr::col(column))).like(crate::contains(q)));
            }
            // Phones are stored as digits (with the `+` an international number was typed
            // with): "+971 50" finds "+97150…", "050 12" finds "05012…".
            let digits: String = q.chars().filter(char::is_ascii_digit).collect();
            if digits.len() >= 3 && digits.len() != q.len() {
                any = any.add(contact::Column::Phone.contains(&digits));
            }
            select = select.filter(any);
        }
        select
    }
}

/// The audit log's name for an enquiry.
const RESOURCE: &str = "contact_us";

/// Takes the next version of enquiry `id` for an edit or delete in `txn`: one more, and only if
/// it is still `expected` (when the writer said which version it read), in one conditional
/// `UPDATE` that holds the row until `txn` ends, so of two desk members saving from the same
/// copy one is kept and the other told (409, [`ApiError::Stale`]: who changed which fields
/// since, and the enquiry now). The enquiry as it was before this write; 404 when there is none.
pub async fn claim(
    txn: &DatabaseTransaction,
    id: i32,
    expected: Option<i32>,
) -> Result<contact::Model, ApiError> {
    let not_found = || ApiError::NotFound(catalog().forms.contact.outcomes().not_found().clone());
    let mut update = contact::Entity::update_many()
        .col_expr(
            contact::Column::Version,
            Expr::col(contact::Column::Version).add(1),
        )
        .filter(contact::Column::Id.eq(id));
    if let Some(expected) = expected {
        update = update.filter(contact::Column::Version.eq(expected));
    }
    let claimed = update.exec(txn).await?.rows_affected == 1;
    let row = contact::Entity::find_by_id(id)
        .one(txn)
        .await?
        .ok_or_else(not_found)?;
    match (claimed, expected) {
        // As it was before the claim: the write that follows sets the new version.
        (true, _) => Ok(contact::Model {
            version: row.version - 1,
            ..row
        }),
        (false, Some(expected)) => Err(stale(txn, row, expected).await?),
        (false, None) => Err(not_found()),
    }
}

/// The refusal of a write made from version `expected` of `current`: who changed it last,
/// when, and the fields every write since changed (from the audit lines, which carry the
/// version each write made).
async fn stale(
    txn: &DatabaseTransaction,
    current: contact::Model,
    expected: i32,
) -> Result<ApiError, ApiError> {
    use crate::entities::audit_event;
    let lines = audit_event::Entity::find()
        .filter(audit_event::Column::Resource.eq(RESOURCE))
        .filter(audit_event::Column::ResourceId.eq(current.id.to_string()))
        .order_by_desc(audit_event::Column::Id)
        .limit(100)
        .all(txn)
        .await?;
    let since: Vec<(audit_event::Model, serde_json::Value)> = lines
        .into_iter()
        .filter_map(|line| {
            let detail: serde_json::Value =
                serde_json::from_str(line.detail.as_deref().unwrap_or("null")).ok()?;
            let version = detail.get("version")?.as_i64()?;
            (version > i64::from(expected)).then_some((line, detail))
        })
        .collect();
    let mut fields: Vec<String> = Vec::new();
    for (line, detail) in since.iter().rev() {
        let named: Vec<String> = match line.action.as_str() {
            "enquiry.status_changed" => vec!["status".into()],
            "enquiry.notes_changed" => vec!["notes".into()],
            _ => serde_json::from_value(detail["fields"].clone()).unwrap_or_default(),
        };
        for field in named {
            if !fields.contains(&field) {
                fields.push(field);
            }
        }
    }
    let newest = since.first().map(|(line, _)| line);
    Ok(ApiError::Stale(Box::new(json!({
        "version": current.version,
        "by": newest.and_then(|l| l.actor.clone()),
        "at": newest.map(|l| l.at),
        "fields": fields,
        "current": current,
    }))))
}

/// Saves an administrator's edit of the enquiry `before` and records what it changed: its
/// status and its notes (each from and to), and the names of the other fields it changed.
/// `txn` is the edit's own, so the log and the enquiry never disagree.
pub async fn save_edit(
    txn: &DatabaseTransaction,
    before: &contact::Model,
    edit: contact::ActiveModel,
) -> Result<contact::Model, ApiError> {
    let mut edit = edit;
    edit.version = sea_orm::Set(before.version + 1);
    let after = edit.update(txn).await?;
    let id = after.id;
    let version = after.version;
    if before.status != after.status {
        Event::new("enquiry.status_changed")
            .on(RESOURCE, id)
            .detail(json!({ "from": before.status, "to": after.status, "version": version }))
            .save(txn)
            .await?;
    }
    if before.notes != after.notes {
        Event::new("enquiry.notes_changed")
            .on(RESOURCE, id)
            .detail(json!({ "from": before.notes, "to": after.notes, "version": version }))
            .save(txn)
            .await?;
    }
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
            .on(RESOURCE, id)
            .detail(json!({ "fields": fields, "version": version }))
            .save(txn)
            .await?;
    }
    Ok(after)
}

/// Deletes the enquiry `id`, if it is still at version `expected` when one is given (409
/// otherwise, as [`claim`] says), with its audit line (its status and when it came, nothing the
/// visitor typed: a delete may be someone's wish to be forgotten). Whether there was one.
pub async fn delete(
    db: &DatabaseTransaction,
    id: i32,
    expected: Option<i32>,
) -> Result<bool, ApiError> {
    let row = match claim(db, id, expected).await {
        Ok(row) => row,
        Err(ApiError::NotFound(_)) => return Ok(false),
        Err(other) => return Err(other),
    };
    let removed = contact::Entity::delete_by_id(id).exec(db).await?;
    if removed.rows_affected == 0 {
        return Ok(false);
    }
    Event::new("enquiry.deleted")
        .on(RESOURCE, id)
        .detail(json!({ "status": row.status, "received": row.created_date }))
        .save(db)
        .await?;
    Ok(true)
}
