//! The enquiry desk's operations, written once for contact enquiries and airport requests alike
//! (the routes of each kind call these): the inbox list and its trash, one item, a status and
//! assignee change, a note, a soft delete and its undoing; and `GET /inbox/summary`,
//! `GET /inbox/assignees` for the admin's menu and assignee picker.

use actix_web::{get, web};
use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder, TransactionTrait,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::envelope::{self, ErrorBody, ListEnvelope};
use super::versions::IfMatch;
use crate::auth::Admin;
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_core::domain::contact::EnquiryStatus;
use concierge_core::domain::form::Form;
use concierge_core::domain::lenient::TextField;
use concierge_core::domain::page::{Paging, PagingQuery};
use concierge_core::domain::rules::catalog;
use concierge_core::i18n::Text;
use concierge_core::roles::Permission;
use concierge_store::enquiries::{self, DeskEdit, DeskTable, Filter, FilterQuery, Place};
use concierge_store::entities::admin_user;

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

impl DeskInput {
    /// The change, checked: the status one of the five, the assignee someone who can take it.
    pub async fn checked(
        status: Option<String>,
        assignee: Option<Option<String>>,
        state: &AppState,
    ) -> Answer<DeskEdit> {
        let mut f = Form::new(&catalog().forms.desk);
        let status = status.and_then(|s| f.shaped("status", Some(s), EnquiryStatus::parse));
        let assignee = match assignee {
            None => None,
            Some(None) => Some(None),
            Some(Some(name)) => match f.field("assignee", Some(name)) {
                Some(name) if name.is_empty() => Some(None),
                Some(name) => {
                    if !assignable(state, &name).await? {
                        f.invalid("assignee");
                    }
                    Some(Some(name))
                }
                None => None,
            },
        };
        f.finish()?;
        Ok(DeskEdit { status, assignee })
    }
}

/// The team members an item can be assigned to: active, and allowed to read enquiries.
async fn assignees(state: &AppState) -> Answer<Vec<admin_user::Model>> {
    Ok(admin_user::Entity::find()
        .filter(admin_user::Column::Disabled.eq(false))
        .order_by_asc(admin_user::Column::Username)
        .all(&state.db.read)
        .await?
        .into_iter()
        .filter(|a| a.role().may(Permission::EnquiriesRead))
        .collect())
}

async fn assignable(state: &AppState, name: &str) -> Answer<bool> {
    Ok(assignees(state).await?.iter().any(|a| a.username == name))
}

/// The inbox: `status`, `q`, `deleted` and paging.
pub async fn list<T: DeskTable>(
    state: &AppState,
    query: &PagingQuery,
    filter: &FilterQuery,
) -> Answer {
    let page = Paging::parse(query, true)?;
    let select = Filter::parse(filter)?.select::<T>();
    let (items, total) = concierge_store::page_of(&state.db.read, select, page).await?;
    let items: Vec<Value> = items.iter().map(T::view).collect();
    Ok(envelope::list(items, total))
}

/// One item on the desk, with its version as `ETag`.
pub async fn get_one<T: DeskTable>(state: &AppState, id: &str) -> Answer {
    let id = envelope::parse_id(id)?;
    let item = enquiries::one::<T>(&state.db.read, id).await?;
    let view = T::view(&item);
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
    let edit = DeskInput::checked(input.status.take(), input.assignee, state).await?;
    let txn = state.db.write.begin().await?;
    let claimed = enquiries::claim::<T>(&txn, id, expected, Place::Desk).await?;
    let saved = enquiries::apply::<T>(&txn, id, &claimed, edit).await?;
    let saved = enquiries::finish::<T>(&state.db.write, txn, &claimed, saved).await?;
    Ok(envelope::updated(T::view(&saved), updated))
}

/// The note's text, checked.
fn note_text(text: Option<String>) -> Answer<String> {
    let mut f = Form::new(&catalog().forms.desk);
    let text = f.text("text", text);
    f.finish()?;
    Ok(text)
}

/// Adds a note to the timeline (201 with the item).
pub async fn note<T: DeskTable>(state: &AppState, id: &str, input: NoteInput) -> Answer {
    let id = envelope::parse_id(id)?;
    let text = note_text(input.text.take())?;
    let txn = state.db.write.begin().await?;
    let saved = enquiries::add_note::<T>(&txn, id, text, now(state)).await?;
    txn.commit().await?;
    Ok(envelope::created(
        T::view(&saved),
        &catalog().messages.note_added,
    ))
}

/// Adds `text` as a note in `txn`, on the item already claimed: when there is some, and it is
/// not the newest note again (a form that sends its notes field with every save).
pub async fn note_in<T: DeskTable>(
    txn: &DatabaseTransaction,
    state: &AppState,
    id: i32,
    text: Option<String>,
) -> Answer<()> {
    let Some(text) = text.filter(|t| !t.trim().is_empty()) else {
        return Ok(());
    };
    let text = note_text(Some(text))?;
    let current = enquiries::one::<T>(txn, id).await?;
    if T::desk(&current)
        .notes
        .latest()
        .is_some_and(|n| n.text == text)
    {
        return Ok(());
    }
    enquiries::append_note::<T>(txn, id, text, now(state)).await?;
    Ok(())
}

/// Moves an item to the trash.
pub async fn remove<T: DeskTable>(
    state: &AppState,
    id: &str,
    if_match: IfMatch,
    deleted: &Text,
) -> Answer {
    let id = envelope::parse_id(id)?;
    let txn = state.db.write.begin().await?;
    enquiries::delete::<T>(&txn, id, if_match.0, now(state)).await?;
    txn.commit().await?;
    Ok(envelope::deleted(id, deleted))
}

/// Brings an item back from the trash.
pub async fn undelete<T: DeskTable>(state: &AppState, id: &str) -> Answer {
    let id = envelope::parse_id(id)?;
    let txn = state.db.write.begin().await?;
    let saved = enquiries::undelete::<T>(&txn, id).await?;
    txn.commit().await?;
    Ok(envelope::updated(
        T::view(&saved),
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
    let (new, waiting_over_24h) = enquiries::summary(&state.db.read, now(&state)).await?;
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
    let people: Vec<Assignee> = assignees(&state)
        .await?
        .into_iter()
        .map(|a| Assignee {
            role: a.role().as_str().to_owned(),
            username: a.username,
        })
        .collect();
    let total = people.len() as u64;
    Ok(envelope::list(people, total))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(summary).service(list_assignees);
}
