//! `GET /audit` (administrators): the audit log, newest first, filtered by who, what and when.
//! Nothing changes or deletes it.

use actix_web::{get, web};
use chrono::{DateTime, NaiveDate, Utc};
use serde::Deserialize;

use super::envelope::{self, ErrorBody, ListEnvelope};
use crate::auth::Admin;
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::audit::{self, AuditEntry, Filter};
use concierge_core::domain::page::{Paging, PagingQuery};
use concierge_core::domain::rules::account_messages as messages;
use concierge_core::error::ApiError;

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    /// The actor's user name, exactly.
    #[param(max_length = 100)]
    pub actor: Option<String>,
    /// An action (`sign_in.failure`) or a family of actions (`sign_in`).
    #[param(max_length = 100)]
    pub action: Option<String>,
    /// From this date (`YYYY-MM-DD`, UTC), inclusive; an RFC 3339 time is accepted too.
    #[param(value_type = Option<String>, format = Date)]
    pub from: Option<String>,
    /// Up to this date, the whole day (an RFC 3339 time is accepted too, exclusive).
    #[param(value_type = Option<String>, format = Date)]
    pub to: Option<String>,
}

fn filter_text(name: &str, raw: Option<String>) -> Answer<Option<String>> {
    let value = raw.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    if value.as_ref().is_some_and(|v| v.chars().count() > 100) {
        return Err(ApiError::validation(
            name,
            concierge_core::domain::rules::catalog()
                .messages
                .query_too_long
                .with("name", name)
                .with("max", 100),
        )
        .into());
    }
    Ok(value)
}

/// A date or time; a date `to` means the end of that day.
fn parse_when(name: &str, raw: Option<String>, end_of_day: bool) -> Answer<Option<DateTime<Utc>>> {
    // Present means a date or a time, exactly: an empty or padded value is a mistake.
    let Some(raw) = raw else {
        return Ok(None);
    };
    if let Ok(time) = DateTime::parse_from_rfc3339(&raw) {
        return Ok(Some(time.with_timezone(&Utc)));
    }
    let date = NaiveDate::parse_from_str(&raw, "%Y-%m-%d")
        .ok()
        .and_then(|d| if end_of_day { d.succ_opt() } else { Some(d) })
        .and_then(|d| d.and_hms_opt(0, 0, 0));
    match date {
        Some(start) => Ok(Some(start.and_utc())),
        None => {
            Err(ApiError::validation(name, messages().bad_date.clone().with("name", name)).into())
        }
    }
}

#[utoipa::path(context_path = "/api/v1", tag = "audit", params(PagingQuery, AuditQuery),
    security(("api_key" = [], "bearer" = ["audit"])),
    responses((status = 200, body = ListEnvelope<AuditEntry>), (status = 400, body = ErrorBody)))]
#[get("/audit")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(
    state: web::Data<AppState>,
    _admin: Admin,
    page: web::Query<PagingQuery>,
    query: web::Query<AuditQuery>,
) -> Answer {
    let page = Paging::parse(&page, true)?;
    let query = query.into_inner();
    let filter = Filter {
        actor: filter_text("actor", query.actor)?,
        action: filter_text("action", query.action)?,
        from: parse_when("from", query.from, false)?,
        to: parse_when("to", query.to, true)?,
    };
    let (entries, total) = audit::list(&state.db, &filter, page).await?;
    Ok(envelope::list(entries, total))
}
