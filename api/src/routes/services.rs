//! Services: `GET /our-services/display/display-order`, `GET /our-services`,
//! `GET /our-services/{id}` (anonymous); `POST /our-services`, `PUT`/`DELETE /our-services/{id}`
//! (administrator). A service that still has list items cannot be deleted (409).

use actix_web::{HttpResponse, delete, get, post, put, web};
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set,
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

const NOT_FOUND: &str = "Service not found";

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ServiceInput {
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub name: Text,
    #[schema(value_type = Option<String>)]
    pub name_ar: Text,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub description: Text,
    #[schema(value_type = Option<String>)]
    pub description_ar: Text,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub content: Text,
    #[schema(value_type = Option<String>)]
    pub content_ar: Text,
    #[schema(schema_with = crate::domain::lenient::whole_number_schema, required = true)]
    pub display_order: Loose,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub image_url: Text,
    /// A colour code such as `#0B1F3A`.
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub color: Text,
}

/// `#rgb`, `#rrggbb` (with optional alpha) or a CSS colour name.
fn is_colour(code: &str) -> bool {
    match code.strip_prefix('#') {
        Some(hex) => {
            matches!(hex.len(), 3 | 4 | 6 | 8) && hex.chars().all(|c| c.is_ascii_hexdigit())
        }
        None => code.len() <= 32 && code.chars().all(|c| c.is_ascii_alphabetic()),
    }
}

impl ServiceInput {
    fn apply(self, model: &mut service::ActiveModel) -> Result<(), ApiError> {
        let mut f = Form::new();
        let name = f.required(
            "name",
            self.name.take(),
            "Please enter the title",
            "Title",
            max::TITLE,
        );
        let description = f.required(
            "description",
            self.description.take(),
            "Please enter the description",
            "Description",
            max::MESSAGE,
        );
        let content = f.required(
            "content",
            self.content.take(),
            "Please enter the content",
            "Content",
            max::TEXT,
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
        let color = f.required(
            "color",
            self.color.take(),
            "Please enter the color code",
            "Colour code",
            max::SHORT,
        );
        if !color.is_empty() && !is_colour(&color) {
            f.fail("color", "Please enter a valid color code, such as #0B1F3A.");
        }
        let name_ar = f.twin("name_ar", self.name_ar.take(), "Arabic title", max::TITLE);
        let description_ar = f.twin(
            "description_ar",
            self.description_ar.take(),
            "Arabic description",
            max::MESSAGE,
        );
        let content_ar = f.twin(
            "content_ar",
            self.content_ar.take(),
            "Arabic content",
            max::TEXT,
        );
        f.finish()?;

        model.name = Set(name);
        model.name_ar = Set(name_ar);
        model.description = Set(description);
        model.description_ar = Set(description_ar);
        model.content = Set(content);
        model.content_ar = Set(content_ar);
        model.display_order = Set(display_order);
        model.image_url = Set(image_url);
        model.color = Set(color);
        model.updated_at = Set(Utc::now());
        Ok(())
    }
}

async fn list_page(
    state: &AppState,
    query: &PageQuery,
    admin: &MaybeAdmin,
    by_order: bool,
) -> Result<HttpResponse, ApiError> {
    let page = Page::parse(query, admin.0.is_some())?;
    let select = if by_order {
        service::Entity::find()
            .order_by_asc(service::Column::DisplayOrder)
            .order_by_asc(service::Column::Id)
    } else {
        service::Entity::find().order_by_asc(service::Column::Id)
    };
    let (items, total) = envelope::page_of(&state.db.read, select, page).await?;
    Ok(envelope::list(items, total))
}

/// Services by `display_order`, then id (what the site shows).
#[utoipa::path(context_path = "/api/v1", tag = "services", params(PageQuery),
    responses((status = 200, body = ListEnvelope<service::Model>), (status = 400, body = ErrorBody)))]
#[get("/our-services/display/display-order")]
pub async fn list_by_order(
    state: web::Data<AppState>,
    query: web::Query<PageQuery>,
    admin: MaybeAdmin,
) -> Result<HttpResponse, ApiError> {
    list_page(&state, &query, &admin, true).await
}

/// Services by id.
#[utoipa::path(context_path = "/api/v1", tag = "services", params(PageQuery),
    responses((status = 200, body = ListEnvelope<service::Model>), (status = 400, body = ErrorBody)))]
#[get("/our-services")]
pub async fn list(
    state: web::Data<AppState>,
    query: web::Query<PageQuery>,
    admin: MaybeAdmin,
) -> Result<HttpResponse, ApiError> {
    list_page(&state, &query, &admin, false).await
}

#[utoipa::path(context_path = "/api/v1", tag = "services", params(("id" = i32, Path, minimum = 1)),
    responses((status = 200, body = ItemEnvelope<service::Model>), (status = 404, body = ErrorBody)))]
#[get("/our-services/{id}")]
pub async fn get_one(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    Ok(envelope::one(
        envelope::find_one::<service::Entity>(&state.db.read, id, NOT_FOUND).await?,
    ))
}

#[utoipa::path(context_path = "/api/v1", tag = "services", request_body = ServiceInput,
    security(("api_key" = [], "bearer" = [])),
    responses((status = 201, body = ItemEnvelope<service::Model>), (status = 400, body = ErrorBody)))]
#[post("/our-services")]
pub async fn create(
    state: web::Data<AppState>,
    _admin: Admin,
    body: web::Json<ServiceInput>,
) -> Result<HttpResponse, ApiError> {
    let mut model = service::ActiveModel {
        created_at: Set(Utc::now()),
        ..Default::default()
    };
    body.into_inner().apply(&mut model)?;
    let write = Publishing::begin(&state).await?;
    let saved = model.insert(&write.txn).await?;
    write
        .finish(Resource::Service, saved.id, Action::Upsert)
        .await?;
    Ok(envelope::created(saved, "Service added successfully"))
}

#[utoipa::path(context_path = "/api/v1", tag = "services", params(("id" = i32, Path, minimum = 1)), request_body = ServiceInput,
    security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = ItemEnvelope<service::Model>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[put("/our-services/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
    body: web::Json<ServiceInput>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    let write = Publishing::begin(&state).await?;
    let mut model: service::ActiveModel =
        write.find::<service::Entity>(id, NOT_FOUND).await?.into();
    body.into_inner().apply(&mut model)?;
    let saved = model.update(&write.txn).await?;
    // List items carry their parent's name; keep them in step.
    service_item::Entity::update_many()
        .col_expr(
            service_item::Column::ServiceName,
            sea_orm::sea_query::Expr::value(saved.name.clone()),
        )
        .filter(service_item::Column::OurServiceId.eq(saved.id))
        .exec(&write.txn)
        .await?;
    write
        .finish(Resource::Service, saved.id, Action::Upsert)
        .await?;
    Ok(envelope::updated(saved, "Service updated successfully"))
}

#[utoipa::path(context_path = "/api/v1", tag = "services", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[delete("/our-services/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    let write = Publishing::begin(&state).await?;
    write.find::<service::Entity>(id, NOT_FOUND).await?;
    let items = service_item::Entity::find()
        .filter(service_item::Column::OurServiceId.eq(id))
        .count(&write.txn)
        .await?;
    if items > 0 {
        return Err(ApiError::Conflict(format!(
            "This service still has {items} service list item{}. Delete or move them first.",
            if items == 1 { "" } else { "s" }
        )));
    }
    service::Entity::delete_by_id(id).exec(&write.txn).await?;
    write.finish(Resource::Service, id, Action::Delete).await?;
    Ok(envelope::deleted(id, "Service deleted successfully"))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list_by_order)
        .service(list)
        .service(create)
        .service(get_one)
        .service(update)
        .service(remove);
}

#[cfg(test)]
mod tests {
    #[test]
    fn colour_codes() {
        for ok in ["#0B1F3A", "#fff", "#C9A227cc", "navy"] {
            assert!(super::is_colour(ok), "{ok}");
        }
        for bad in ["#12", "#GGGGGG", "rgb(0,0,0)", "red;background:url(x)"] {
            assert!(!super::is_colour(bad), "{bad}");
        }
    }
}
