//! Service list items: `GET /list-of-services/display-order/{serviceId}`,
//! `GET /list-of-services/{id}` (anonymous); `POST /list-of-services`,
//! `PUT`/`DELETE /list-of-services/{id}` (administrator).

use super::envelope::{self, DeletedEnvelope, ErrorBody, ItemEnvelope, ListEnvelope};
use super::generic;
use super::generic::ListQuery;
use super::versions::IfMatch;
use crate::auth::{Admin, MaybeAdmin};
use crate::routes::error_response::Answer;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web};
use concierge_app::content::{ServiceItemInput, ServiceItems, Services};
use concierge_core::domain::page::Paging;
use concierge_store as store;
use concierge_store::content_rows::Audience;
use concierge_store::entities::service_item;
use sea_orm::QueryFilter;

/// The items of one service by `display_order`, then id. Unknown service: 404.
#[utoipa::path(context_path = "/api/v1", tag = "service lists", params(("serviceId" = i32, Path, minimum = 1), ListQuery),
    responses((status = 200, body = ListEnvelope<service_item::Model>), (status = 404, body = ErrorBody)))]
#[get("/list-of-services/display-order/{serviceId}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list_for_service(
    state: web::Data<AppState>,
    service_id: web::Path<String>,
    query: web::Query<ListQuery>,
    admin: MaybeAdmin,
) -> Answer {
    let service_id = envelope::parse_id(&service_id)?;
    let audience = generic::audience(&admin);
    let page = Paging::parse(&query.paging(), audience == Audience::Admin)?;
    let filter = query.filter(audience)?;
    concierge_app::content::items::find_for::<Services>(&state.db.read, service_id, audience)
        .await?;
    let select = store::content_rows::visible::<ServiceItems>(
        ServiceItems::of_service(service_id),
        audience,
    )
    .filter(filter.condition::<ServiceItems>(
        state.settings.clock.now(),
        state.db.read.get_database_backend(),
    ));
    let (items, total) = store::page_of(&state.db.read, select, page).await?;
    Ok(generic::listed::<ServiceItems>(items, total, audience))
}

#[utoipa::path(context_path = "/api/v1", tag = "service lists", params(("id" = i32, Path, minimum = 1)),
    responses((status = 200, body = ItemEnvelope<service_item::Model>), (status = 404, body = ErrorBody)))]
#[get("/list-of-services/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn get_one(
    state: web::Data<AppState>,
    id: web::Path<String>,
    admin: MaybeAdmin,
) -> Answer {
    generic::get::<ServiceItems>(&state, &id, &admin).await
}

#[utoipa::path(context_path = "/api/v1", tag = "service lists", request_body = ServiceItemInput,
    security(("api_key" = [], "bearer" = ["content.create"])),
    responses((status = 201, body = ItemEnvelope<service_item::Model>), (status = 400, body = ErrorBody)))]
#[post("/list-of-services")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn create(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<serde_json::Value>,
) -> Answer {
    generic::create::<ServiceItems>(&state, &admin, body.into_inner()).await
}

#[utoipa::path(context_path = "/api/v1", tag = "service lists", params(("id" = i32, Path, minimum = 1)), request_body = ServiceItemInput,
    security(("api_key" = [], "bearer" = ["content.edit"])),
    responses((status = 200, body = ItemEnvelope<service_item::Model>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[put("/list-of-services/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn update(
    state: web::Data<AppState>,
    admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
    body: web::Json<serde_json::Value>,
) -> Answer {
    generic::update::<ServiceItems>(&state, &admin, if_match, &id, body.into_inner()).await
}

#[utoipa::path(context_path = "/api/v1", tag = "service lists", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["content.delete"])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody)))]
#[delete("/list-of-services/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn remove(
    state: web::Data<AppState>,
    _admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
) -> Answer {
    generic::delete::<ServiceItems>(&state, if_match, &id).await
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list_for_service)
        .service(create)
        .service(get_one)
        .service(update)
        .service(remove);
}
