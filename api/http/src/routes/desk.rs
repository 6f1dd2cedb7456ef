//! The enquiry desk's operations, written once for contact enquiries and airport requests alike
//! (the routes of each kind call these): the inbox list and its trash, one item, a status and
//! assignee change, a note, a soft delete and its undoing; and `GET /inbox/summary`,
//! `GET /inbox/assignees` for the admin's menu and assignee picker.

use actix_web::{get, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::envelope::{self, ErrorBody, ListEnvelope};
use super::versions::IfMatch;
use crate::auth::Admin;
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::enquiries::desk::{self, DeskTable, FilterQuery};
use concierge_core::domain::lenient::TextField;
use concierge_core::domain::page::{Paging, PagingQuery};
use concierge_core::domain::rules::catalog;
use concierge_core::i18n::Text;

/// A desk member's change of an item: its status, its assignee, or both (each left as it is
/// when left out).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct DeskInput {
    #[schema(value_type = Option<String>, pattern = "^(new|in_progress|replied|closed|spam)$")]
    pub status: TextField,
    /// An active member of the team who may read enquiries (their user name), or `null` to
    /// unassign.
    #[serde(deserialize_with = "concierge_core::domain::lenient::present")]
    #[schema(value_type = Option<String>, max_length = 100)]
    pub assignee: Option<Option<String>>,
    /// The version the change was made from (or `If-Match`); a stale one is refused with 409.
    #[schema(value_type = Option<i32>, minimum = 1)]
    pub version: Option<Value>,
}

/// A note for the timeline.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct NoteInput {
    #[schema(value_type = String, min_length = 1, max_length = 5000, pattern = r"\S", required = true)]
    pub text: TextField,
}

/// The inbox: `status`, `q`, `deleted` and paging.
pub async fn list<T: DeskTable>(
    state: &AppState,
    query: &PagingQuery,
    filter: &FilterQuery,
) -> Answer {
    let page = Paging::parse(query, true)?;
    let (items, total) = desk::list::<T>(&state.db, page, filter).await?;
    Ok(envelope::list(items, total))
}

/// One item on the desk, with its version as `ETag`.
pub async fn get_one<T: DeskTable>(state: &AppState, id: &str) -> Answer {
    let id = envelope::parse_id(id)?;
    let view = desk::one::<T>(&state.db, id).await?;
    Ok(super::versions::with_etag(
        envelope::one(view.clone()),
        &view,
    ))
}

/// A status and assignee change.
pub async fn edit<T: DeskTable>(
    state: &AppState,
    id: &str,
    if_match: IfMatch,
    input: DeskInput,
    updated: &Text,
) -> Answer {
    let id = envelope::parse_id(id)?;
    let expected = if_match.or_body(Some(&serde_json::json!({ "version": input.version })))?;
    let edit = desk::checked(&state.db, input.status.take(), input.assignee).await?;
    let saved = desk::edit::<T>(&state.db, id, expected, edit).await?;
    Ok(envelope::updated(saved, updated))
}

/// Adds a note to the timeline (201 with the item).
pub async fn note<T: DeskTable>(state: &AppState, id: &str, input: NoteInput) -> Answer {
    let id = envelope::parse_id(id)?;
    let saved = desk::note::<T>(&state.db, id, input.text.take(), now(state)).await?;
    Ok(envelope::created(saved, &catalog().messages.note_added))
}

/// Moves an item to the trash.
pub async fn remove<T: DeskTable>(
    state: &AppState,
    id: &str,
    if_match: IfMatch,
    deleted: &Text,
) -> Answer {
    let id = envelope::parse_id(id)?;
    desk::remove::<T>(&state.db, id, if_match.0, now(state)).await?;
    Ok(envelope::deleted(id, deleted))
}

/// Brings an item back from the trash.
pub async fn undelete<T: DeskTable>(state: &AppState, id: &str) -> Answer {
    let id = envelope::parse_id(id)?;
    let saved = desk::undelete::<T>(&state.db, id).await?;
    Ok(envelope::updated(
        saved,
        &catalog().messages.enquiry_restored,
    ))
}

fn now(state: &AppState) -> DateTime<Utc> {
    state.settings.clock.now()
}

/// What the admin's menu shows.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// Contact enquiries and airport requests still `new` (deleted ones aside).
    pub new: u64,
    /// Of those, the ones that came more than 24 hours ago.
    pub waiting_over_24h: u64,
}

/// The count of new enquiries and airport requests, and how many have waited over a day.
#[utoipa::path(context_path = "/api/v1", tag = "enquiry desk",
    security(("api_key" = [], "bearer" = ["enquiries.read"])),
    responses((status = 200, body = Summary), (status = 401, body = ErrorBody)))]
#[get("/inbox/summary")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn summary(state: web::Data<AppState>, _admin: Admin) -> Answer {
    let (new, waiting_over_24h) = desk::summary(&state.db, now(&state)).await?;
    Ok(actix_web::HttpResponse::Ok().json(Summary {
        new,
        waiting_over_24h,
    }))
}

/// A member of the team an enquiry can be assigned to.
#[derive(Debug, Serialize, ToSchema)]
pub struct Assignee {
    pub username: String,
    pub role: String,
}

/// The active members who may be assigned enquiries (owners and the enquiries desk), by name.
#[utoipa::path(context_path = "/api/v1", tag = "enquiry desk",
    security(("api_key" = [], "bearer" = ["enquiries.read"])),
    responses((status = 200, body = ListEnvelope<Assignee>), (status = 401, body = ErrorBody)))]
#[get("/inbox/assignees")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list_assignees(state: web::Data<AppState>, _admin: Admin) -> Answer {
    let people: Vec<Assignee> = desk::assignees(&state.db)
        .await?
        .into_iter()
        .map(|(username, role)| Assignee {
            username,
            role: role.to_owned(),
        })
        .collect();
    let total = people.len() as u64;
    Ok(envelope::list(people, total))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(summary).service(list_assignees);
}
