//! Service list items: `GET /list-of-services/display-order/{serviceId}`,
//! `GET /list-of-services/{id}` (anonymous); `POST /list-of-services`,
//! `PUT`/`DELETE /list-of-services/{id}` (administrator).

use actix_web::{HttpResponse, delete, get, post, put, web};
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
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
use crate::store::entities::{service, service_item};

const NOT_FOUND: &str = "Service list item not found";

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ServiceItemInput {
    /// The parent service.
    #[schema(schema_with = crate::domain::lenient::positive_id_schema, required = true)]
    pub our_service_id: Loose,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub name: Text,
    #[schema(value_type = Option<String>)]
    pub name_ar: Text,
    #[schema(schema_with = crate::domain::lenient::whole_number_schema, required = true)]
    pub display_order: Loose,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub image_url: Text,
    #[schema(value_type = Option<String>)]
    pub description: Text,
    #[schema(value_type = Option<String>)]
    pub description_ar: Text,
    /// CSS class of the card title's background.
    #[serde(rename = "titleBgClass")]
    #[schema(value_type = Option<String>)]
    pub title_bg_class: Text,
}

impl ServiceItemInput {
    /// The services-list rules, in order: service, name, display order, image.
    async fn apply(
        self,
        db: &impl ConnectionTrait,
        model: &mut service_item::ActiveModel,
    ) -> Result<(), ApiError> {
        let mut f = Form::new();
        let service_id = f.id(
            "our_service_id",
            self.our_service_id.take(),
            "Please select a service",
        );
        let name = f.required(
            "name",
            self.name.take(),
            "Please enter the name",
            "Name",
            max::TITLE,
        );
        let display_order = f.display_order(
            "display_order",
            self.display_order.take(),
            "Please enter the Display order",
        );
        let image_url = f.url(
            "image_url",
            self.image_url.take(),
            Some("Please upload an image"),
            "Image",
        );
        let description = f.optional(
            "description",
            self.description.take(),
            "Description",
            max::MESSAGE,
        );
        let description_ar = f.twin(
            "description_ar",
            self.description_ar.take(),
            "Arabic description",
            max::MESSAGE,
        );
        let name_ar = f.twin("name_ar", self.name_ar.take(), "Arabic name", max::TITLE);
        let title_bg_class = f.optional(
            "titleBgClass",
            self.title_bg_class.take(),
            "Title background class",
            max::SHORT,
        );
        if !title_bg_class
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ' '))
        {
            f.fail(
                "titleBgClass",
                "Title background class may contain only letters, digits, hyphens and spaces.",
            );
        }
        let parent = if service_id > 0 {
            service::Entity::find_by_id(service_id).one(db).await?
        } else {
            None
        };
        if service_id > 0 && parent.is_none() {
            f.fail("our_service_id", "The selected service does not exist.");
        }
        f.finish()?;
        let parent = parent.expect("checked above");

        model.our_service_id = Set(parent.id);
        model.service_name = Set(parent.name);
        model.name = Set(name);
        model.name_ar = Set(name_ar);
        model.display_order = Set(display_order);
        model.image_url = Set(image_url);
        model.description = Set(description);
        model.description_ar = Set(description_ar);
        model.title_bg_class = Set(title_bg_class);
        model.updated_at = Set(Utc::now());
        Ok(())
    }
}

/// The items of one service by `display_order`, then id. Unknown service: 404.
#[utoipa::path(context_path = "/api/v1", tag = "service lists", params(("serviceId" = i32, Path, minimum = 1), PageQuery),
    responses((status = 200, body = ListEnvelope<service_item::Model>), (status = 404, body = ErrorBody)))]
#[get("/list-of-services/display-order/{serviceId}")]
pub async fn list_for_service(
    state: web::Data<AppState>,
    service_id: web::Path<String>,
    query: web::Query<PageQuery>,
    admin: MaybeAdmin,
) -> Result<HttpResponse, ApiError> {
    let service_id = envelope::parse_id(&service_id)?;
    let page = Page::parse(&query, admin.0.is_some())?;
    envelope::find_one::<service::Entity>(&state.db.read, service_id, "Service not found").await?;
    let select = service_item::Entity::find()
        .filter(service_item::Column::OurServiceId.eq(service_id))
        .order_by_asc(service_item::Column::DisplayOrder)
        .order_by_asc(service_item::Column::Id);
    let (items, total) = envelope::page_of(&state.db.read, select, page).await?;
    Ok(envelope::list(items, total))
}

#[utoipa::path(context_path = "/api/v1", tag = "service lists", params(("id" = i32, Path, minimum = 1)),
    responses((status = 200, body = ItemEnvelope<service_item::Model>), (status = 404, body = ErrorBody)))]
#[get("/list-of-services/{id}")]
pub async fn get_one(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    Ok(envelope::one(
        envelope::find_one::<service_item::Entity>(&state.db.read, id, NOT_FOUND).await?,
    ))
}

#[utoipa::path(context_path = "/api/v1", tag = "service lists", request_body = ServiceItemInput,
    security(("api_key" = [], "bearer" = [])),
    responses((status = 201, body = ItemEnvelope<service_item::Model>), (status = 400, body = ErrorBody)))]
#[post("/list-of-services")]
pub async fn create(
    state: web::Data<AppState>,
    _admin: Admin,
    body: web::Json<ServiceItemInput>,
) -> Result<HttpResponse, ApiError> {
    let write = Publishing::begin(&state).await?;
    let mut model = service_item::ActiveModel {
        created_at: Set(Utc::now()),
        ..Default::default()
    };
    body.into_inner().apply(&write.txn, &mut model).await?;
    let saved = model.insert(&write.txn).await?;
    write
        .finish(Resource::ServiceItem, saved.id, Action::Upsert)
        .await?;
    Ok(envelope::created(saved, "Service List added successfully"))
}

#[utoipa::path(context_path = "/api/v1", tag = "service lists", params(("id" = i32, Path, minimum = 1)), request_body = ServiceItemInput,
    security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = ItemEnvelope<service_item::Model>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[put("/list-of-services/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
    body: web::Json<ServiceItemInput>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    let write = Publishing::begin(&state).await?;
    let existing = write.find::<service_item::Entity>(id, NOT_FOUND).await?;
    let mut model: service_item::ActiveModel = existing.into();
    body.into_inner().apply(&write.txn, &mut model).await?;
    let saved = model.update(&write.txn).await?;
    write
        .finish(Resource::ServiceItem, saved.id, Action::Upsert)
        .await?;
    Ok(envelope::updated(saved, "Services updated successfully"))
}

#[utoipa::path(context_path = "/api/v1", tag = "service lists", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody)))]
#[delete("/list-of-services/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    let write = Publishing::begin(&state).await?;
    write.find::<service_item::Entity>(id, NOT_FOUND).await?;
    service_item::Entity::delete_by_id(id)
        .exec(&write.txn)
        .await?;
    write
        .finish(Resource::ServiceItem, id, Action::Delete)
        .await?;
    Ok(envelope::deleted(id, "Service List deleted successfully"))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list_for_service)
        .service(create)
        .service(get_one)
        .service(update)
        .service(remove);
}
