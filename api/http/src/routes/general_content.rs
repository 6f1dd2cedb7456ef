//! General content sections (editable site strings): `GET /general-content-section`,
//! `GET /general-content-section/{id}` (anonymous); `POST /general-content-section`,
//! `PUT`/`DELETE /general-content-section/{id}` (administrator).

use super::envelope::{DeletedEnvelope, ErrorBody, ItemEnvelope, ListEnvelope};
use super::generic;
use super::generic::ListQuery;
use super::versions::IfMatch;
use crate::auth::{Admin, MaybeAdmin};
use crate::routes::error_response::Answer;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web};
use concierge_app::content::{GeneralContent, GeneralContentInput, Order};
use concierge_store::entities::general_content;

/// Entries by `display_order`, then id.
#[utoipa::path(context_path = "/api/v1", tag = "general content", params(ListQuery),
    responses((status = 200, body = ListEnvelope<general_content::Model>), (status = 400, body = ErrorBody)))]
#[get("/general-content-section")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(
    state: web::Data<AppState>,
    query: web::Query<ListQuery>,
    admin: MaybeAdmin,
) -> Answer {
    generic::list::<GeneralContent>(&state, &query, &admin, Order::Display).await
}

#[utoipa::path(context_path = "/api/v1", tag = "general content", params(("id" = i32, Path, minimum = 1)),
    responses((status = 200, body = ItemEnvelope<general_content::Model>), (status = 404, body = ErrorBody)))]
#[get("/general-content-section/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn get_one(
    state: web::Data<AppState>,
    id: web::Path<String>,
    admin: MaybeAdmin,
) -> Answer {
    generic::get::<GeneralContent>(&state, &id, &admin).await
}

#[utoipa::path(context_path = "/api/v1", tag = "general content", request_body = GeneralContentInput,
    security(("api_key" = [], "bearer" = ["content.create"])),
    responses((status = 201, body = ItemEnvelope<general_content::Model>), (status = 400, body = ErrorBody)))]
#[post("/general-content-section")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn create(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<serde_json::Value>,
) -> Answer {
    generic::create::<GeneralContent>(&state, &admin, body.into_inner()).await
}

#[utoipa::path(context_path = "/api/v1", tag = "general content", params(("id" = i32, Path, minimum = 1)), request_body = GeneralContentInput,
    security(("api_key" = [], "bearer" = ["content.edit"])),
    responses((status = 200, body = ItemEnvelope<general_content::Model>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[put("/general-content-section/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn update(
    state: web::Data<AppState>,
    admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
    body: web::Json<serde_json::Value>,
) -> Answer {
    generic::update::<GeneralContent>(&state, &admin, if_match, &id, body.into_inner()).await
}

#[utoipa::path(context_path = "/api/v1", tag = "general content", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["content.delete"])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody)))]
#[delete("/general-content-section/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn remove(
    state: web::Data<AppState>,
    _admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
) -> Answer {
    generic::delete::<GeneralContent>(&state, if_match, &id).await
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list)
        .service(create)
        .service(get_one)
        .service(update)
        .service(remove);
}
