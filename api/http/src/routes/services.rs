//! Services: `GET /our-services/display/display-order`, `GET /our-services`,
//! `GET /our-services/{id}` (anonymous); `POST /our-services`, `PUT`/`DELETE /our-services/{id}`
//! (administrator). A service that still has list items cannot be deleted (409).

use super::envelope::{DeletedEnvelope, ErrorBody, ItemEnvelope, ListEnvelope};
use super::generic;
use super::generic::ListQuery;
use super::versions::IfMatch;
use crate::auth::{Admin, MaybeAdmin};
use crate::routes::error_response::Answer;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web};
use concierge_app::content::{Order, ServiceInput, Services};
use concierge_store::entities::service;

/// Services by `display_order`, then id (what the site shows).
#[utoipa::path(context_path = "/api/v1", tag = "services", params(ListQuery),
    responses((status = 200, body = ListEnvelope<service::Model>), (status = 400, body = ErrorBody)))]
#[get("/our-services/display/display-order")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list_by_order(
    state: web::Data<AppState>,
    query: web::Query<ListQuery>,
    admin: MaybeAdmin,
) -> Answer {
    generic::list::<Services>(&state, &query, &admin, Order::Display).await
}

/// Services by id.
#[utoipa::path(context_path = "/api/v1", tag = "services", params(ListQuery),
    responses((status = 200, body = ListEnvelope<service::Model>), (status = 400, body = ErrorBody)))]
#[get("/our-services")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(
    state: web::Data<AppState>,
    query: web::Query<ListQuery>,
    admin: MaybeAdmin,
) -> Answer {
    generic::list::<Services>(&state, &query, &admin, Order::Id).await
}

#[utoipa::path(context_path = "/api/v1", tag = "services", params(("id" = i32, Path, minimum = 1)),
    responses((status = 200, body = ItemEnvelope<service::Model>), (status = 404, body = ErrorBody)))]
#[get("/our-services/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn get_one(
    state: web::Data<AppState>,
    id: web::Path<String>,
    admin: MaybeAdmin,
) -> Answer {
    generic::get::<Services>(&state, &id, &admin).await
}

#[utoipa::path(context_path = "/api/v1", tag = "services", request_body = ServiceInput,
    security(("api_key" = [], "bearer" = ["content.create"])),
    responses((status = 201, body = ItemEnvelope<service::Model>), (status = 400, body = ErrorBody)))]
#[post("/our-services")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn create(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<serde_json::Value>,
) -> Answer {
    generic::create::<Services>(&state, &admin, body.into_inner()).await
}

#[utoipa::path(context_path = "/api/v1", tag = "services", params(("id" = i32, Path, minimum = 1)), request_body = ServiceInput,
    security(("api_key" = [], "bearer" = ["content.edit"])),
    responses((status = 200, body = ItemEnvelope<service::Model>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[put("/our-services/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn update(
    state: web::Data<AppState>,
    admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
    body: web::Json<serde_json::Value>,
) -> Answer {
    generic::update::<Services>(&state, &admin, if_match, &id, body.into_inner()).await
}

#[utoipa::path(context_path = "/api/v1", tag = "services", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["content.delete"])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[delete("/our-services/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn remove(
    state: web::Data<AppState>,
    _admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
) -> Answer {
    generic::delete::<Services>(&state, if_match, &id).await
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list_by_order)
        .service(list)
        .service(create)
        .service(get_one)
        .service(update)
        .service(remove);
}
