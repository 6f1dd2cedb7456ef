//! Flashy banners: `GET /flashy-banner`, `GET /flashy-banner/get-flashy-banner-by-id/{id}`
//! (anonymous); `POST /flashy-banner` and `PUT /flashy-banner/update-flashy-banner-by-id/{id}`
//! with an array of one banner, `DELETE /flashy-banner/flashy-banner-delete/{id}`
//! (administrator). The specification shows no required fields; lengths and links are checked.

use actix_web::{HttpResponse, delete, get, post, put, web};
use chrono::Utc;
use sea_orm::{ActiveModelTrait, EntityTrait, QueryOrder, Set};
use serde::Deserialize;
use utoipa::ToSchema;

use super::envelope::{self, DeletedEnvelope, ErrorBody, ItemEnvelope, ListEnvelope, Publishing};
use crate::auth::{Admin, MaybeAdmin};
use crate::domain::form::{Form, max};
use crate::domain::lenient::Text;
use crate::domain::page::{Page, PageQuery};
use crate::error::ApiError;
use crate::publish::{Action, Resource};
use crate::state::AppState;
use crate::store::entities::banner;

const NOT_FOUND: &str = "Banner not found";

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct BannerInput {
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub banner_name: Text,
    /// Address of the banner image.
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub banner_url: Text,
    #[schema(value_type = Option<String>)]
    pub image_id: Text,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub title: Text,
    #[schema(value_type = Option<String>)]
    pub title_ar: Text,
    #[schema(value_type = Option<String>)]
    pub sub_title: Text,
    #[schema(value_type = Option<String>)]
    pub sub_title_ar: Text,
    /// Where the banner links to.
    #[schema(value_type = Option<String>)]
    pub web_url: Text,
}

/// The body is an array holding exactly one banner object (not an array read field by field).
fn single(body: web::Json<Vec<serde_json::Value>>) -> Result<BannerInput, ApiError> {
    let mut items = body.into_inner();
    if items.len() != 1 || !items[0].is_object() {
        return Err(ApiError::BadRequest(
            "Send an array holding exactly one banner.".into(),
        ));
    }
    serde_json::from_value(items.remove(0))
        .map_err(|e| ApiError::BadRequest(format!("Invalid JSON body: {e}")))
}

impl BannerInput {
    fn apply(self, model: &mut banner::ActiveModel) -> Result<(), ApiError> {
        let mut f = Form::new();
        let banner_name = f.required(
            "banner_name",
            self.banner_name.take(),
            "Please enter the banner name",
            "Banner name",
            max::TITLE,
        );
        let title = f.required(
            "title",
            self.title.take(),
            "Please enter the title",
            "Title",
            max::TITLE,
        );
        let banner_url = f.url(
            "banner_url",
            self.banner_url.take(),
            Some("Please upload the Image"),
            "Banner image",
        );
        let image_id = f.optional("image_id", self.image_id.take(), "Image id", max::TITLE);
        let title_ar = f.twin("title_ar", self.title_ar.take(), "Arabic title", max::TITLE);
        let sub_title = f.optional("sub_title", self.sub_title.take(), "Subtitle", max::META);
        let sub_title_ar = f.twin(
            "sub_title_ar",
            self.sub_title_ar.take(),
            "Arabic subtitle",
            max::META,
        );
        let web_url = f.url("web_url", self.web_url.take(), None, "Link");
        f.finish()?;

        model.banner_name = Set(banner_name);
        model.banner_url = Set(banner_url);
        model.image_id = Set(image_id);
        model.title = Set(title);
        model.title_ar = Set(title_ar);
        model.sub_title = Set(sub_title);
        model.sub_title_ar = Set(sub_title_ar);
        model.web_url = Set(web_url);
        model.updated_at = Set(Utc::now());
        Ok(())
    }
}

/// Banners in the order they were created.
#[utoipa::path(context_path = "/api/v1", tag = "banners", params(PageQuery),
    responses((status = 200, body = ListEnvelope<banner::Model>), (status = 400, body = ErrorBody)))]
#[get("/flashy-banner")]
pub async fn list(
    state: web::Data<AppState>,
    query: web::Query<PageQuery>,
    admin: MaybeAdmin,
) -> Result<HttpResponse, ApiError> {
    let page = Page::parse(&query, admin.0.is_some())?;
    let select = banner::Entity::find().order_by_asc(banner::Column::Id);
    let (items, total) = envelope::page_of(&state.db.read, select, page).await?;
    Ok(envelope::list(items, total))
}

#[utoipa::path(context_path = "/api/v1", tag = "banners", params(("id" = i32, Path, minimum = 1)),
    responses((status = 200, body = ItemEnvelope<banner::Model>), (status = 404, body = ErrorBody)))]
#[get("/flashy-banner/get-flashy-banner-by-id/{id}")]
pub async fn get_one(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    Ok(envelope::one(
        envelope::find_one::<banner::Entity>(&state.db.read, id, NOT_FOUND).await?,
    ))
}

#[utoipa::path(context_path = "/api/v1", tag = "banners", request_body = Vec<BannerInput>,
    security(("api_key" = [], "bearer" = [])),
    responses((status = 201, body = ItemEnvelope<banner::Model>), (status = 400, body = ErrorBody)))]
#[post("/flashy-banner")]
pub async fn create(
    state: web::Data<AppState>,
    _admin: Admin,
    body: web::Json<Vec<serde_json::Value>>,
) -> Result<HttpResponse, ApiError> {
    let mut model = banner::ActiveModel {
        created_at: Set(Utc::now()),
        ..Default::default()
    };
    single(body)?.apply(&mut model)?;
    let write = Publishing::begin(&state).await?;
    let saved = model.insert(&write.txn).await?;
    write
        .finish(Resource::Banner, saved.id, Action::Upsert)
        .await?;
    Ok(envelope::created(saved, "Banner added successfully"))
}

#[utoipa::path(context_path = "/api/v1", tag = "banners", params(("id" = i32, Path, minimum = 1)), request_body = Vec<BannerInput>,
    security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = ItemEnvelope<banner::Model>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[put("/flashy-banner/update-flashy-banner-by-id/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
    body: web::Json<Vec<serde_json::Value>>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    let input = single(body)?;
    let write = Publishing::begin(&state).await?;
    let mut model: banner::ActiveModel = write.find::<banner::Entity>(id, NOT_FOUND).await?.into();
    input.apply(&mut model)?;
    let saved = model.update(&write.txn).await?;
    write
        .finish(Resource::Banner, saved.id, Action::Upsert)
        .await?;
    Ok(envelope::updated(saved, "Banner updated successfully"))
}

#[utoipa::path(context_path = "/api/v1", tag = "banners", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody)))]
#[delete("/flashy-banner/flashy-banner-delete/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    envelope::delete_published::<banner::Entity>(
        &state,
        id,
        Resource::Banner,
        NOT_FOUND,
        "Banner deleted successfully",
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
