//! Contact enquiries as the inbox reads them: by status, by a search over name, email and
//! phone, newest first; the Excel export follows the same filter.

use sea_orm::sea_query::{Expr, ExprTrait, Func};
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, Select};
use serde::Deserialize;

use crate::domain::contact::EnquiryStatus;
use crate::domain::rules::catalog;
use crate::error::ApiError;
use crate::store::entities::contact;

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
            // Phones are stored as digits: "+971 50" finds "97150…".
            let digits: String = q.chars().filter(char::is_ascii_digit).collect();
            if digits.len() >= 3 && digits.len() != q.len() {
                any = any.add(contact::Column::Phone.contains(&digits));
            }
            select = select.filter(any);
        }
        select
    }
}
