//! Airport requests (the architecture's "Airport requests"): `POST /airport-requests`
//! (anonymous; the airport page), and for the desk the same operations as contact enquiries
//! ([`super::desk`]) under `/airport-requests`, and its workbook.

use actix_web::{HttpRequest, delete, get, post, put, web};

use super::desk::{self, DeskInput, NoteInput};
use super::envelope::{self, DeletedEnvelope, ErrorBody, ItemEnvelope};
use super::spreadsheets::ExportQuery;
use super::versions::IfMatch;
use crate::auth::{Admin, MaybeAdmin};
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::enquiries::airport::entity;
pub use concierge_app::enquiries::airport::{
    AirportInput, MeetGreetInput, PassengerInput, PorterInput, Received,
};
use concierge_app::enquiries::airport::{airports, submit};
use concierge_app::enquiries::desk::{Filter, FilterQuery};
use concierge_app::spreadsheet;
use concierge_core::domain::page::PagingQuery;
use concierge_core::domain::rules::{Outcomes, catalog};
use concierge_core::roles::Permission;

fn outcomes() -> &'static Outcomes {
    catalog().forms.airport_request.outcomes()
}

/// Sends an airport request: stored with a reference, the desk notified (email and webhook)
/// and the visitor acknowledged, all through the outbox, in the transaction that stores it. A
/// visitor's address sends at most `CONCIERGE_FORM_LIMIT` of them (429 with `Retry-After`).
#[utoipa::path(context_path = "/api/v1", tag = "airport requests", request_body = AirportInput,
    responses((status = 201, body = ItemEnvelope<Received>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[post("/airport-requests")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn create(
    state: web::Data<AppState>,
    req: HttpRequest,
    admin: MaybeAdmin,
    body: web::Json<AirportInput>,
) -> Answer {
    let visitor = !admin.may(Permission::EnquiriesEdit);
    let limit = visitor.then(|| state.public_form_limit(&req, "airport"));
    let now = state.settings.clock.now();
    let received = submit(
        &state.intake,
        visitor,
        body.into_inner(),
        now,
        limit,
        state.settings.watch,
    )
    .await?;
    Ok(envelope::created(received, &outcomes().created))
}

/// Airport requests newest first, filtered by `status`, searched by `q` (reference, name,
/// email, mobile, flight); `deleted=true`: the trash.
#[utoipa::path(context_path = "/api/v1", tag = "airport requests", params(PagingQuery, FilterQuery),
    security(("api_key" = [], "bearer" = ["enquiries.read"])),
    responses((status = 200, body = ListEnvelope<Object>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
#[get("/airport-requests")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<PagingQuery>,
    filter: web::Query<FilterQuery>,
) -> Answer {
    desk::list::<entity::Entity>(&state, &query, &filter).await
}

/// The newest 10000 airport requests of the inbox's filter as `Airport_Requests.xlsx`, with
/// status, assignee and the latest note.
#[utoipa::path(context_path = "/api/v1", tag = "airport requests", params(ExportQuery, FilterQuery),
    security(("api_key" = [], "bearer" = ["enquiries.read"])),
    responses((status = 200, description = "The workbook", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
              (status = 404, body = ErrorBody), (status = 400, body = ErrorBody)))]
#[get("/airport-requests/export")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn export(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<ExportQuery>,
    filter: web::Query<FilterQuery>,
) -> Answer {
    let filter = Filter::parse(&filter)?;
    let lang = concierge_core::i18n::Lang::current();
    let places = airports(state.settings.watch);
    let bytes =
        spreadsheet::export_airport_requests(&state.db, query.offset()?, lang, &places, &filter)
            .await?;
    super::spreadsheets::workbook(bytes, spreadsheet::AIRPORT_FILE)
}

#[utoipa::path(context_path = "/api/v1", tag = "airport requests", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["enquiries.read"])),
    responses((status = 200, body = ItemEnvelope<Object>), (status = 404, body = ErrorBody)))]
#[get("/airport-requests/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn get_one(state: web::Data<AppState>, _admin: Admin, id: web::Path<String>) -> Answer {
    desk::get_one::<entity::Entity>(&state, &id).await
}

/// The desk's change: status and assignee (the visitor's own words are not edited).
#[utoipa::path(context_path = "/api/v1", tag = "airport requests", params(("id" = i32, Path, minimum = 1)), request_body = DeskInput,
    security(("api_key" = [], "bearer" = ["enquiries.edit"])),
    responses((status = 200, body = ItemEnvelope<Object>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[put("/airport-requests/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn update(
    state: web::Data<AppState>,
    _admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
    body: web::Json<DeskInput>,
) -> Answer {
    desk::edit::<entity::Entity>(
        &state,
        &id,
        if_match,
        body.into_inner(),
        outcomes().updated(),
    )
    .await
}

/// Moves a request to the trash (brought back within 30 days with `/undelete`).
#[utoipa::path(context_path = "/api/v1", tag = "airport requests", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["enquiries.delete"])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[delete("/airport-requests/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn remove(
    state: web::Data<AppState>,
    _admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
) -> Answer {
    desk::remove::<entity::Entity>(&state, &id, if_match, &outcomes().deleted).await
}

/// Adds a note on top of the request's timeline, as the writer, now.
#[utoipa::path(context_path = "/api/v1", tag = "airport requests", params(("id" = i32, Path, minimum = 1)), request_body = NoteInput,
    security(("api_key" = [], "bearer" = ["enquiries.edit"])),
    responses((status = 201, body = ItemEnvelope<Object>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[post("/airport-requests/{id}/notes")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn add_note(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
    body: web::Json<NoteInput>,
) -> Answer {
    desk::note::<entity::Entity>(&state, &id, body.into_inner()).await
}

/// Brings back a request deleted in the last 30 days.
#[utoipa::path(context_path = "/api/v1", tag = "airport requests", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["enquiries.delete"])),
    responses((status = 200, body = ItemEnvelope<Object>), (status = 404, body = ErrorBody)))]
#[post("/airport-requests/{id}/undelete")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn undelete(state: web::Data<AppState>, _admin: Admin, id: web::Path<String>) -> Answer {
    desk::undelete::<entity::Entity>(&state, &id).await
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    // The export before `{id}`: it is a path of its own, not an id.
    cfg.service(create)
        .service(list)
        .service(export)
        .service(get_one)
        .service(update)
        .service(remove)
        .service(add_note)
        .service(undelete);
}
