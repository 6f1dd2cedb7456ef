//! Blogs: `GET /blog`, `GET /blog/{id}` (anonymous); `POST /blog`, `PUT`/`DELETE /blog/{id}`
//! (administrator). Descriptions are sanitised here, once, on save.

use super::envelope::{DeletedEnvelope, ErrorBody, ItemEnvelope, ListEnvelope};
use super::generic;
use super::generic::ListQuery;
use super::versions::IfMatch;
use crate::auth::{Admin, MaybeAdmin};
use crate::routes::error_response::Answer;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web};
use concierge_app::content::{BlogInput, Blogs, Order};
use concierge_store::entities::blog;

/// Blogs by `display_order`, then id. For anonymous callers, a description longer than 5,000
/// characters is replaced by its 600-character plain-text opening (`GET /blog/{id}` has it
/// whole): a list answers kilobytes, not megabytes. Administrators get every body whole.
#[utoipa::path(context_path = "/api/v1", tag = "blogs", params(ListQuery),
    responses((status = 200, body = ListEnvelope<blog::Model>), (status = 400, body = ErrorBody)))]
#[get("/blog")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(
    state: web::Data<AppState>,
    query: web::Query<ListQuery>,
    admin: MaybeAdmin,
) -> Answer {
    generic::list::<Blogs>(&state, &query, &admin, Order::Display).await
}

#[utoipa::path(context_path = "/api/v1", tag = "blogs", params(("id" = i32, Path, minimum = 1)),
    responses((status = 200, body = ItemEnvelope<blog::Model>), (status = 404, body = ErrorBody)))]
#[get("/blog/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn get_one(
    state: web::Data<AppState>,
    id: web::Path<String>,
    admin: MaybeAdmin,
) -> Answer {
    generic::get::<Blogs>(&state, &id, &admin).await
}

#[utoipa::path(context_path = "/api/v1", tag = "blogs", request_body = BlogInput,
    security(("api_key" = [], "bearer" = ["content.create"])),
    responses((status = 201, body = ItemEnvelope<blog::Model>), (status = 400, body = ErrorBody)))]
#[post("/blog")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn create(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<serde_json::Value>,
) -> Answer {
    generic::create::<Blogs>(&state, &admin, body.into_inner()).await
}

#[utoipa::path(context_path = "/api/v1", tag = "blogs", params(("id" = i32, Path, minimum = 1)), request_body = BlogInput,
    security(("api_key" = [], "bearer" = ["content.edit"])),
    responses((status = 200, body = ItemEnvelope<blog::Model>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[put("/blog/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn update(
    state: web::Data<AppState>,
    admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
    body: web::Json<serde_json::Value>,
) -> Answer {
    generic::update::<Blogs>(&state, &admin, if_match, &id, body.into_inner()).await
}

#[utoipa::path(context_path = "/api/v1", tag = "blogs", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["content.delete"])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody)))]
#[delete("/blog/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn remove(
    state: web::Data<AppState>,
    _admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
) -> Answer {
    generic::delete::<Blogs>(&state, if_match, &id).await
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list)
        .service(create)
        .service(get_one)
        .service(update)
        .service(remove);
}
