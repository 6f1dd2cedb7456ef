//! Newsletter subscriptions: `POST /subscription` with `{"email"}` (anonymous);
//! `GET /subscription` (newest first) and `DELETE /subscription/{id}` (administrator).
//! Emails are trimmed and compared case-insensitively; subscribing twice succeeds and keeps one row.

use actix_web::{HttpResponse, delete, get, post, web};
use chrono::Utc;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::Deserialize;
use utoipa::ToSchema;

use super::envelope::{self, DeletedEnvelope, ErrorBody, ItemEnvelope, ListEnvelope};
use crate::auth::Admin;
use crate::domain::Email;
use crate::domain::form::{Form, max};
use crate::domain::lenient::Text;
use crate::domain::page::{Page, PageQuery};
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::{self, entities::subscription};

pub const SUBSCRIBED: &str = "Successfully Subscribed!";

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SubscriptionInput {
    #[schema(value_type = String, format = Email, required = true)]
    pub email: Text,
}

#[utoipa::path(context_path = "/api/v1", tag = "subscription", request_body = SubscriptionInput,
    responses((status = 201, body = ItemEnvelope<subscription::Model>), (status = 200, body = ItemEnvelope<subscription::Model>), (status = 400, body = ErrorBody)))]
#[post("/subscription")]
pub async fn create(
    state: web::Data<AppState>,
    body: web::Json<SubscriptionInput>,
) -> Result<HttpResponse, ApiError> {
    let mut f = Form::new();
    let text = f.required(
        "email",
        body.into_inner().email.take(),
        "Please enter your email.",
        "Email",
        max::EMAIL,
    );
    let email = Email::parse(&text);
    if !text.is_empty() && email.is_none() {
        f.fail("email", "Please enter a valid email address.");
    }
    f.finish()?;
    let email = email.expect("validated").normalized();

    let find =
        || subscription::Entity::find().filter(subscription::Column::Email.eq(email.clone()));
    if let Some(existing) = find().one(&state.db.write).await? {
        return Ok(envelope::updated(existing, SUBSCRIBED));
    }
    let inserted = subscription::ActiveModel {
        email: Set(email.clone()),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(&state.db.write)
    .await;
    match inserted {
        Ok(saved) => Ok(envelope::created(saved, SUBSCRIBED)),
        // Another request subscribed the same address in between.
        Err(e) if store::is_unique_violation(&e) => match find().one(&state.db.write).await? {
            Some(existing) => Ok(envelope::updated(existing, SUBSCRIBED)),
            None => Err(e.into()),
        },
        Err(e) => Err(e.into()),
    }
}

#[utoipa::path(context_path = "/api/v1", tag = "subscription", params(PageQuery),
    security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = ListEnvelope<subscription::Model>), (status = 400, body = ErrorBody)))]
#[get("/subscription")]
pub async fn list(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = Page::parse(&query, true)?;
    let select = subscription::Entity::find()
        .order_by_desc(subscription::Column::CreatedAt)
        .order_by_desc(subscription::Column::Id);
    let (items, total) = crate::store::page_of(&state.db.read, select, page).await?;
    Ok(envelope::list(items, total))
}

#[utoipa::path(context_path = "/api/v1", tag = "subscription", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody)))]
#[delete("/subscription/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    let result = subscription::Entity::delete_by_id(id)
        .exec(&state.db.write)
        .await?;
    if result.rows_affected == 0 {
        return Err(ApiError::NotFound("Subscription not found".into()));
    }
    Ok(envelope::deleted(id, "Subscription deleted successfully"))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(create).service(list).service(remove);
}
