//! Contact enquiries as the inbox reads them: by status, by a search over name, email and
//! phone, newest first; the Excel export follows the same filter. An administrator's edit or
//! delete records its audit line in its own transaction.

use sea_orm::sea_query::{Expr, ExprTrait, Func};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, EntityTrait,
    QueryFilter, QueryOrder, Select,
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
            let escaped = q
                .replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_");
            let pattern = format!("%{escaped}%");
            let mut any = Condition::any();
            for column in [
                contact::Column::FirstName,
                contact::Column::LastName,
                contact::Column::Email,
                contact::Column::Phone,
            ] {
                any = any.add(
                    Expr::expr(Func::lower(Expr::col(column)))
                        .like(sea_orm::sea_query::LikeExpr::new(pattern.clone()).escape('\\')),
                );
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

/// Saves an administrator's edit of the enquiry `before` and records what it changed: its
/// status and its notes (each from and to), and the names of the other fields it changed.
/// `txn` is the edit's own, so the log and the enquiry never disagree.
pub async fn save_edit(
    txn: &DatabaseTransaction,
    before: &contact::Model,
    edit: contact::ActiveModel,
) -> Result<contact::Model, ApiError> {
    let after = edit.update(txn).await?;
    let id = after.id;
    if before.status != after.status {
        Event::new("enquiry.status_changed")
            .on(RESOURCE, id)
            .detail(json!({ "from": before.status, "to": after.status }))
            .save(txn)
            .await?;
    }
    if before.notes != after.notes {
        Event::new("enquiry.notes_changed")
            .on(RESOURCE, id)
            .detail(json!({ "from": before.notes, "to": after.notes }))
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
            .detail(json!({ "fields": fields }))
            .save(txn)
            .await?;
    }
    Ok(after)
}

/// Deletes the enquiry `id` with its audit line (its status and when it came, nothing the
/// visitor typed: a delete may be someone's wish to be forgotten). Whether there was one.
pub async fn delete(db: &impl ConnectionTrait, id: i32) -> Result<bool, ApiError> {
    let Some(row) = contact::Entity::find_by_id(id).one(db).await? else {
        return Ok(false);
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
