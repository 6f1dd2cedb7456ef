//! Client reviews: `GET /client-reviewes`, `GET /client-reviewes/display-order`,
//! `GET /client-reviewes/{id}` (anonymous); `POST /client-reviewes`,
//! `PUT`/`DELETE /client-reviewes/{id}` (administrator). The path keeps the specification's
//! spelling.

use actix_web::{HttpResponse, delete, get, post, put, web};
use chrono::Utc;
use sea_orm::{ActiveModelTrait, EntityTrait, QueryOrder, Set};
use serde::Deserialize;
use utoipa::ToSchema;

use super::envelope::{self, DeletedEnvelope, ErrorBody, ItemEnvelope, ListEnvelope, Publishing};
use crate::auth::{Admin, MaybeAdmin};
use crate::domain::form::{Form, max};
use crate::domain::lenient::{Loose, Text};
use crate::domain::page::{Page, PageQuery};
use crate::error::ApiError;
use crate::publish::{Action, Resource};
use crate::state::AppState;
use crate::store::entities::review;

const NOT_FOUND: &str = "Client review not found";

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ReviewInput {
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub title: Text,
    #[schema(value_type = Option<String>)]
    pub title_ar: Text,
    /// The client's name.
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub name: Text,
    #[schema(value_type = Option<String>)]
    pub name_ar: Text,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub description: Text,
    #[schema(value_type = Option<String>)]
    pub description_ar: Text,
    #[schema(schema_with = crate::domain::lenient::whole_number_schema, required = true)]
    pub display_order: Loose,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub image_url: Text,
}

impl ReviewInput {
    fn apply(self, model: &mut review::ActiveModel) -> Result<(), ApiError> {
        let mut f = Form::new();
        let title = f.required(
            "title",
            self.title.take(),
            "Please enter the title",
            "Title",
            max::TITLE,
        );
        let name = f.required(
            "name",
            self.name.take(),
            "Please enter the Name",
            "Name",
            max::NAME,
        );
        let description = f.required(
            "description",
            self.description.take(),
            "Please enter the description",
            "Description",
            max::MESSAGE,
        );
        let display_order = f.display_order(
            "display_order",
            self.display_order.take(),
            "Please enter the Display order",
        );
        let image_url = f.url(
            "image_url",
            self.image_url.take(),
            Some("Please upload the Image"),
            "Image",
        );
        let title_ar = f.twin("title_ar", self.title_ar.take(), "Arabic title", max::TITLE);
        let name_ar = f.twin("name_ar", self.name_ar.take(), "Arabic name", max::NAME);
        let description_ar = f.twin(
            "description_ar",
            self.description_ar.take(),
            "Arabic description",
            max::MESSAGE,
        );
        f.finish()?;

        model.title = Set(title);
        model.title_ar = Set(title_ar);
        model.name = Set(name);
        model.name_ar = Set(name_ar);
        model.description = Set(description);
        model.description_ar = Set(description_ar);
        model.display_order = Set(display_order);
        model.image_url = Set(image_url);
        model.updated_at = Set(Utc::now());
        Ok(())
    }
}

/// Reviews newest first (the admin dashboard).
#[utoipa::path(context_path = "/api/v1", tag = "client reviews", params(PageQuery),
    responses((status = 200, body = ListEnvelope<review::Model>), (status = 400, body = ErrorBody)))]
#[get("/client-reviewes")]
pub async fn list(
    state: web::Data<AppState>,
    query: web::Query<PageQuery>,
    admin: MaybeAdmin,
) -> Result<HttpResponse, ApiError> {
    let page = Page::parse(&query, admin.0.is_some())?;
    let select = review::Entity::find().order_by_desc(review::Column::Id);
    let (items, total) = envelope::page_of(&state.db.read, select, page).await?;
    Ok(envelope::list(items, total))
}

/// Reviews by `display_order`, then id (what the site shows).
#[utoipa::path(context_path = "/api/v1", tag = "client reviews", params(PageQuery),
    responses((status = 200, body = ListEnvelope<review::Model>), (status = 400, body = ErrorBody)))]
#[get("/client-reviewes/display-order")]
pub async fn list_by_order(
    state: web::Data<AppState>,
    query: web::Query<PageQuery>,
    admin: MaybeAdmin,
) -> Result<HttpResponse, ApiError> {
    let page = Page::parse(&query, admin.0.is_some())?;
    let select = review::Entity::find()
        .order_by_asc(review::Column::DisplayOrder)
        .order_by_asc(review::Column::Id);
    let (items, total) = envelope::page_of(&state.db.read, select, page).await?;
    Ok(envelope::list(items, total))
}

#[utoipa::path(context_path = "/api/v1", tag = "client reviews", params(("id" = i32, Path, minimum = 1)),
    responses((status = 200, body = ItemEnvelope<review::Model>), (status = 404, body = ErrorBody)))]
#[get("/client-reviewes/{id}")]
pub async fn get_one(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    Ok(envelope::one(
        envelope::find_one::<review::Entity>(&state.db.read, id, NOT_FOUND).await?,
    ))
}

#[utoipa::path(context_path = "/api/v1", tag = "client reviews", request_body = ReviewInput,
    security(("api_key" = [], "bearer" = [])),
    responses((status = 201, body = ItemEnvelope<review::Model>), (status = 400, body = ErrorBody)))]
#[post("/client-reviewes")]
pub async fn create(
    state: web::Data<AppState>,
    _admin: Admin,
    body: web::Json<ReviewInput>,
) -> Result<HttpResponse, ApiError> {
    let mut model = review::ActiveModel {
        created_at: Set(Utc::now()),
        ..Default::default()
    };
    body.into_inner().apply(&mut model)?;
    let write = Publishing::begin(&state).await?;
    let saved = model.insert(&write.txn).await?;
    write
        .finish(Resource::Review, saved.id, Action::Upsert)
        .await?;
    Ok(envelope::created(saved, "Client review added successfully"))
}

#[utoipa::path(context_path = "/api/v1", tag = "client reviews", params(("id" = i32, Path, minimum = 1)), request_body = ReviewInput,
    security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = ItemEnvelope<review::Model>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[put("/client-reviewes/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
    body: web::Json<ReviewInput>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    let write = Publishing::begin(&state).await?;
    let mut model: review::ActiveModel = write.find::<review::Entity>(id, NOT_FOUND).await?.into();
    body.into_inner().apply(&mut model)?;
    let saved = model.update(&write.txn).await?;
    write
        .finish(Resource::Review, saved.id, Action::Upsert)
        .await?;
    Ok(envelope::updated(saved, "Client updated successfully"))
}

#[utoipa::path(context_path = "/api/v1", tag = "client reviews", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody)))]
#[delete("/client-reviewes/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    envelope::delete_published::<review::Entity>(
        &state,
        id,
        Resource::Review,
        NOT_FOUND,
        "Client review deleted successfully",
    )
    .await
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
