//! Client reviews: `GET /client-reviewes`, `GET /client-reviewes/display-order`,
//! `GET /client-reviewes/{id}` (anonymous); `POST /client-reviewes`,
//! `PUT`/`DELETE /client-reviewes/{id}` (administrator). The path keeps the specification's
//! spelling.

use super::envelope::{DeletedEnvelope, ErrorBody, ItemEnvelope, ListEnvelope};
use super::generic;
use super::generic::ListQuery;
use super::versions::IfMatch;
use crate::auth::{Admin, MaybeAdmin};
use crate::routes::error_response::Answer;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web};
use concierge_app::content::{Order, ReviewInput, Reviews};
use concierge_store::entities::review;

/// Reviews newest first (the admin dashboard).
#[utoipa::path(context_path = "/api/v1", tag = "client reviews", params(ListQuery),
    responses((status = 200, body = ListEnvelope<review::Model>), (status = 400, body = ErrorBody)))]
#[get("/client-reviewes")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(
    state: web::Data<AppState>,
    query: web::Query<ListQuery>,
    admin: MaybeAdmin,
) -> Answer {
    generic::list::<Reviews>(&state, &query, &admin, Order::Newest).await
}

/// Reviews by `display_order`, then id (what the site shows).
#[utoipa::path(context_path = "/api/v1", tag = "client reviews", params(ListQuery),
    responses((status = 200, body = ListEnvelope<review::Model>), (status = 400, body = ErrorBody)))]
#[get("/client-reviewes/display-order")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list_by_order(
    state: web::Data<AppState>,
    query: web::Query<ListQuery>,
    admin: MaybeAdmin,
) -> Answer {
    generic::list::<Reviews>(&state, &query, &admin, Order::Display).await
}

#[utoipa::path(context_path = "/api/v1", tag = "client reviews", params(("id" = i32, Path, minimum = 1)),
    responses((status = 200, body = ItemEnvelope<review::Model>), (status = 404, body = ErrorBody)))]
#[get("/client-reviewes/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn get_one(
    state: web::Data<AppState>,
    id: web::Path<String>,
    admin: MaybeAdmin,
) -> Answer {
    generic::get::<Reviews>(&state, &id, &admin).await
}

#[utoipa::path(context_path = "/api/v1", tag = "client reviews", request_body = ReviewInput,
    security(("api_key" = [], "bearer" = ["content.create"])),
    responses((status = 201, body = ItemEnvelope<review::Model>), (status = 400, body = ErrorBody)))]
#[post("/client-reviewes")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn create(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<serde_json::Value>,
) -> Answer {
    generic::create::<Reviews>(&state, &admin, body.into_inner()).await
}

#[utoipa::path(context_path = "/api/v1", tag = "client reviews", params(("id" = i32, Path, minimum = 1)), request_body = ReviewInput,
    security(("api_key" = [], "bearer" = ["content.edit"])),
    responses((status = 200, body = ItemEnvelope<review::Model>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[put("/client-reviewes/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn update(
    state: web::Data<AppState>,
    admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
    body: web::Json<serde_json::Value>,
) -> Answer {
    generic::update::<Reviews>(&state, &admin, if_match, &id, body.into_inner()).await
}

#[utoipa::path(context_path = "/api/v1", tag = "client reviews", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["content.delete"])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody)))]
#[delete("/client-reviewes/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn remove(
    state: web::Data<AppState>,
    _admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
) -> Answer {
    generic::delete::<Reviews>(&state, if_match, &id).await
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    // `display-order` before `{id}`: both are one segment deep.
    cfg.service(list_by_order)
        .service(list)
        .service(create)
        .service(get_one)
        .service(update)
        .service(remove);
}
