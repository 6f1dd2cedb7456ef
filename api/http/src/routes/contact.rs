//! Contact enquiries: `POST /contact-us` (anonymous; the public form), and for the desk
//! `GET /contact-us` (newest first; `?deleted=true` the trash), `GET`/`PUT`/`DELETE
//! /contact-us/{id}`, `POST /contact-us/{id}/notes` and `/undelete` (the desk's operations are
//! [`super::desk`]'s, shared with airport requests). Enquiries are private: they never trigger
//! a publish.

use actix_web::{HttpRequest, delete, get, post, put, web};

use super::desk::{self, NoteInput};
use super::envelope::{self, DeletedEnvelope, ErrorBody, ItemEnvelope, ListEnvelope};
use super::versions::IfMatch;
use crate::auth::{Admin, MaybeAdmin};
use crate::routes::error_response::Answer;
use crate::state::AppState;
pub use concierge_app::enquiries::contact::ContactInput;
use concierge_app::enquiries::contact::{correct, entity, submit};
use concierge_app::enquiries::desk::FilterQuery;
use concierge_core::domain::contact::Audience;
use concierge_core::domain::page::PagingQuery;
use concierge_core::domain::rules::{Outcomes, catalog};

/// The contact form's messages in the table of rules.
fn outcomes() -> &'static Outcomes {
    catalog().forms.contact.outcomes()
}

/// Sends an enquiry. Visitors get the public form's messages; an administrator (bearer
/// token present) gets the admin form's. A visitor's address sends at most
/// `CONCIERGE_FORM_LIMIT` enquiries (429 with `Retry-After`).
#[utoipa::path(context_path = "/api/v1", tag = "contact", request_body = ContactInput,
    responses((status = 201, body = ItemEnvelope<entity::Model>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[post("/contact-us")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn create(
    state: web::Data<AppState>,
    req: HttpRequest,
    admin: MaybeAdmin,
    body: web::Json<ContactInput>,
) -> Answer {
    // The desk (and owners) may file an enquiry taken by phone, with its status.
    let audience = if admin.may(concierge_core::roles::Permission::EnquiriesEdit) {
        Audience::Admin
    } else {
        Audience::Visitor
    };
    let limit = (audience == Audience::Visitor).then(|| state.public_form_limit(&req, "contact"));
    let now = state.settings.clock.now();
    let saved = submit(&state.intake, audience, body.into_inner(), now, limit).await?;
    Ok(envelope::created(saved, &outcomes().created))
}

/// Enquiries newest first, filtered by `status` and searched by `q` (name, email or phone);
/// `deleted=true`: the trash (deleted in the last 30 days).
#[utoipa::path(context_path = "/api/v1", tag = "contact", params(PagingQuery, FilterQuery),
    security(("api_key" = [], "bearer" = ["enquiries.read"])),
    responses((status = 200, body = ListEnvelope<entity::Model>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
#[get("/contact-us")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<PagingQuery>,
    filter: web::Query<FilterQuery>,
) -> Answer {
    desk::list::<entity::Entity>(&state, &query, &filter).await
}

#[utoipa::path(context_path = "/api/v1", tag = "contact", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["enquiries.read"])),
    responses((status = 200, body = ItemEnvelope<entity::Model>), (status = 404, body = ErrorBody)))]
#[get("/contact-us/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn get_one(state: web::Data<AppState>, _admin: Admin, id: web::Path<String>) -> Answer {
    desk::get_one::<entity::Entity>(&state, &id).await
}

/// The desk's change (status, assignee, a note) and, when any of the visitor's six fields is
/// sent, a correction of all six; fields left out stay as they are.
#[utoipa::path(context_path = "/api/v1", tag = "contact", params(("id" = i32, Path, minimum = 1)), request_body = ContactInput,
    security(("api_key" = [], "bearer" = ["enquiries.edit"])),
    responses((status = 200, body = ItemEnvelope<entity::Model>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[put("/contact-us/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn update(
    state: web::Data<AppState>,
    _admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
    body: web::Json<ContactInput>,
) -> Answer {
    let id = envelope::parse_id(&id)?;
    let mut input = body.into_inner();
    let version = std::mem::take(&mut input.version);
    let expected = if_match.or_body(Some(&serde_json::json!({ "version": version })))?;
    let now = state.settings.clock.now();
    let saved = correct(&state.db, id, input, expected, now).await?;
    Ok(envelope::updated(saved, outcomes().updated()))
}

/// Moves an enquiry to the trash (brought back within 30 days with `/undelete`).
#[utoipa::path(context_path = "/api/v1", tag = "contact", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["enquiries.delete"])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[delete("/contact-us/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn remove(
    state: web::Data<AppState>,
    _admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
) -> Answer {
    desk::remove::<entity::Entity>(&state, &id, if_match, &outcomes().deleted).await
}

/// Adds a note on top of the enquiry's timeline, as the writer, now.
#[utoipa::path(context_path = "/api/v1", tag = "contact", params(("id" = i32, Path, minimum = 1)), request_body = NoteInput,
    security(("api_key" = [], "bearer" = ["enquiries.edit"])),
    responses((status = 201, body = ItemEnvelope<entity::Model>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[post("/contact-us/{id}/notes")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn add_note(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
    body: web::Json<NoteInput>,
) -> Answer {
    desk::note::<entity::Entity>(&state, &id, body.into_inner()).await
}

/// Brings back an enquiry deleted in the last 30 days.
#[utoipa::path(context_path = "/api/v1", tag = "contact", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["enquiries.delete"])),
    responses((status = 200, body = ItemEnvelope<entity::Model>), (status = 404, body = ErrorBody)))]
#[post("/contact-us/{id}/undelete")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn undelete(state: web::Data<AppState>, _admin: Admin, id: web::Path<String>) -> Answer {
    desk::undelete::<entity::Entity>(&state, &id).await
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(create)
        .service(list)
        .service(get_one)
        .service(update)
        .service(remove)
        .service(add_note)
        .service(undelete);
}
