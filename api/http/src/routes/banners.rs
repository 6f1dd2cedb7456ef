//! Flashy banners: `GET /flashy-banner`, `GET /flashy-banner/get-flashy-banner-by-id/{id}`
//! (anonymous); `POST /flashy-banner` and `PUT /flashy-banner/update-flashy-banner-by-id/{id}`
//! with an array of one banner, `DELETE /flashy-banner/flashy-banner-delete/{id}`
//! (administrator). The specification shows no required fields; lengths and links are checked.

use super::envelope::{DeletedEnvelope, ErrorBody, ItemEnvelope, ListEnvelope};
use super::generic;
use super::generic::ListQuery;
use super::versions::IfMatch;
use crate::auth::{Admin, MaybeAdmin};
use crate::routes::error_response::Answer;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web};
use concierge_app::content::{BannerInput, Banners, Order};
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_store::entities::banner;

/// The body is an array holding exactly one banner object (not an array read field by field).
fn single(body: web::Json<Vec<serde_json::Value>>) -> Answer<serde_json::Value> {
    let mut items = body.into_inner();
    if items.len() != 1 || !items[0].is_object() {
        return Err(ApiError::BadRequest(catalog().messages.one_banner.clone()).into());
    }
    Ok(items.remove(0))
}

/// Banners in the order they were created.
#[utoipa::path(context_path = "/api/v1", tag = "banners", params(ListQuery),
    responses((status = 200, body = ListEnvelope<banner::Model>), (status = 400, body = ErrorBody)))]
#[get("/flashy-banner")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(
    state: web::Data<AppState>,
    query: web::Query<ListQuery>,
    admin: MaybeAdmin,
) -> Answer {
    generic::list::<Banners>(&state, &query, &admin, Order::Id).await
}

#[utoipa::path(context_path = "/api/v1", tag = "banners", params(("id" = i32, Path, minimum = 1)),
    responses((status = 200, body = ItemEnvelope<banner::Model>), (status = 404, body = ErrorBody)))]
#[get("/flashy-banner/get-flashy-banner-by-id/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn get_one(
    state: web::Data<AppState>,
    id: web::Path<String>,
    admin: MaybeAdmin,
) -> Answer {
    generic::get::<Banners>(&state, &id, &admin).await
}

#[utoipa::path(context_path = "/api/v1", tag = "banners", request_body = Vec<BannerInput>,
    security(("api_key" = [], "bearer" = ["content.create"])),
    responses((status = 201, body = ItemEnvelope<banner::Model>), (status = 400, body = ErrorBody)))]
#[post("/flashy-banner")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn create(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<Vec<serde_json::Value>>,
) -> Answer {
    generic::create::<Banners>(&state, &admin, single(body)?).await
}

#[utoipa::path(context_path = "/api/v1", tag = "banners", params(("id" = i32, Path, minimum = 1)), request_body = Vec<BannerInput>,
    security(("api_key" = [], "bearer" = ["content.edit"])),
    responses((status = 200, body = ItemEnvelope<banner::Model>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[put("/flashy-banner/update-flashy-banner-by-id/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn update(
    state: web::Data<AppState>,
    admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
    body: web::Json<Vec<serde_json::Value>>,
) -> Answer {
    generic::update::<Banners>(&state, &admin, if_match, &id, single(body)?).await
}

#[utoipa::path(context_path = "/api/v1", tag = "banners", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["content.delete"])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody)))]
#[delete("/flashy-banner/flashy-banner-delete/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn remove(
    state: web::Data<AppState>,
    _admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
) -> Answer {
    generic::delete::<Banners>(&state, if_match, &id).await
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list)
        .service(create)
        .service(get_one)
        .service(update)
        .service(remove);
}
