//! General content sections (editable site strings): `GET /general-content-section`,
//! `GET /general-content-section/{id}` (anonymous); `POST /general-content-section`,
//! `PUT`/`DELETE /general-content-section/{id}` (administrator).

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
use crate::store::entities::general_content;

const NOT_FOUND: &str = "General content not found";

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct GeneralContentInput {
    /// The site string this entry overrides, e.g. `site.phone`.
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub name: Text,
    /// The value (the form calls it "value"; both spellings are accepted).
    #[serde(alias = "value")]
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub values: Text,
    #[serde(alias = "value_ar")]
    #[schema(value_type = Option<String>)]
    pub values_ar: Text,
    #[schema(schema_with = crate::domain::lenient::whole_number_schema, required = true)]
    pub display_order: Loose,
}

impl GeneralContentInput {
    /// In order: name, value (inline "Please enter the value", toast "Please select the value"),
    /// display order.
    pub(crate) fn apply(self, model: &mut general_content::ActiveModel) -> Result<(), ApiError> {
        let mut f = Form::new();
        let name = f.required(
            "name",
            self.name.take(),
            "Please enter the name",
            "Name",
            max::TITLE,
        );
        let values = f.optional("values", self.values.take(), "Value", max::MESSAGE);
        if values.is_empty() {
            f.fail_with_headline(
                "values",
                "Please enter the value",
                "Please select the value",
            );
        }
        let display_order = f.display_order(
            "display_order",
            self.display_order.take(),
            "Please enter the Display order",
        );
        let values_ar = f.twin(
            "values_ar",
            self.values_ar.take(),
            "Arabic value",
            max::MESSAGE,
        );
        f.finish()?;

        model.name = Set(name);
        model.values = Set(values);
        model.values_ar = Set(values_ar);
        model.display_order = Set(display_order);
        model.updated_at = Set(Utc::now());
        Ok(())
    }
}

/// Entries by `display_order`, then id.
#[utoipa::path(context_path = "/api/v1", tag = "general content", params(PageQuery),
    responses((status = 200, body = ListEnvelope<general_content::Model>), (status = 400, body = ErrorBody)))]
#[get("/general-content-section")]
pub async fn list(
    state: web::Data<AppState>,
    query: web::Query<PageQuery>,
    admin: MaybeAdmin,
) -> Result<HttpResponse, ApiError> {
    let page = Page::parse(&query, admin.0.is_some())?;
    let select = general_content::Entity::find()
        .order_by_asc(general_content::Column::DisplayOrder)
        .order_by_asc(general_content::Column::Id);
    let (items, total) = envelope::page_of(&state.db.read, select, page).await?;
    Ok(envelope::list(items, total))
}

#[utoipa::path(context_path = "/api/v1", tag = "general content", params(("id" = i32, Path, minimum = 1)),
    responses((status = 200, body = ItemEnvelope<general_content::Model>), (status = 404, body = ErrorBody)))]
#[get("/general-content-section/{id}")]
pub async fn get_one(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    Ok(envelope::one(
        envelope::find_one::<general_content::Entity>(&state.db.read, id, NOT_FOUND).await?,
    ))
}

#[utoipa::path(context_path = "/api/v1", tag = "general content", request_body = GeneralContentInput,
    security(("api_key" = [], "bearer" = [])),
    responses((status = 201, body = ItemEnvelope<general_content::Model>), (status = 400, body = ErrorBody)))]
#[post("/general-content-section")]
pub async fn create(
    state: web::Data<AppState>,
    _admin: Admin,
    body: web::Json<GeneralContentInput>,
) -> Result<HttpResponse, ApiError> {
    let mut model = general_content::ActiveModel {
        created_at: Set(Utc::now()),
        ..Default::default()
    };
    body.into_inner().apply(&mut model)?;
    let write = Publishing::begin(&state).await?;
    let saved = model.insert(&write.txn).await?;
    write
        .finish(Resource::GeneralContent, saved.id, Action::Upsert)
        .await?;
    Ok(envelope::created(saved, "content added successfully"))
}

#[utoipa::path(context_path = "/api/v1", tag = "general content", params(("id" = i32, Path, minimum = 1)), request_body = GeneralContentInput,
    security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = ItemEnvelope<general_content::Model>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[put("/general-content-section/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
    body: web::Json<GeneralContentInput>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    let write = Publishing::begin(&state).await?;
    let mut model: general_content::ActiveModel = write
        .find::<general_content::Entity>(id, NOT_FOUND)
        .await?
        .into();
    body.into_inner().apply(&mut model)?;
    let saved = model.update(&write.txn).await?;
    write
        .finish(Resource::GeneralContent, saved.id, Action::Upsert)
        .await?;
    Ok(envelope::updated(saved, "content updated successfully"))
}

#[utoipa::path(context_path = "/api/v1", tag = "general content", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody)))]
#[delete("/general-content-section/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    envelope::delete_published::<general_content::Entity>(
        &state,
        id,
        Resource::GeneralContent,
        NOT_FOUND,
        "General Content deleted successfully",
    )
    .await
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list)
        .service(create)
        .service(get_one)
        .service(update)
        .service(remove);
}
