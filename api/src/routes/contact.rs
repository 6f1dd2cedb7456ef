//! Contact enquiries: `POST /contact-us` (anonymous; the public form), and for administrators
//! `GET /contact-us` (newest first), `GET`/`PUT`/`DELETE /contact-us/{id}`. Enquiries are
//! private: they never trigger a publish.

use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};
use chrono::Utc;
use sea_orm::{ActiveModelTrait, EntityTrait, QueryOrder, Set};
use serde::Deserialize;
use utoipa::ToSchema;

use super::envelope::{self, DeletedEnvelope, ErrorBody, ItemEnvelope, ListEnvelope};
use crate::auth::{Admin, MaybeAdmin};
use crate::domain::contact::{self, Audience, ContactDraft};
use crate::domain::lenient::Text;
use crate::domain::page::{Page, PageQuery};
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::entities::contact as entity;

const NOT_FOUND: &str = "Contact enquiry not found";

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ContactInput {
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub first_name: Text,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub last_name: Text,
    #[schema(value_type = String, format = Email, required = true)]
    pub email: Text,
    /// 10 to 15 digits once spaces, dashes, brackets and a leading `+` are removed.
    #[schema(value_type = String, pattern = r"^\+?[0-9][0-9 ().-]{8,22}[0-9]$", required = true)]
    pub phone: Text,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub subject: Text,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub message: Text,
}

impl From<ContactInput> for ContactDraft {
    fn from(i: ContactInput) -> Self {
        ContactDraft {
            first_name: i.first_name.take(),
            last_name: i.last_name.take(),
            phone: i.phone.take(),
            email: i.email.take(),
            subject: i.subject.take(),
            message: i.message.take(),
        }
    }
}

fn fill(model: &mut entity::ActiveModel, c: contact::Contact) {
    model.first_name = Set(c.first_name.as_str().to_owned());
    model.last_name = Set(c.last_name.as_str().to_owned());
    model.phone = Set(c.phone.as_str().to_owned());
    model.email = Set(c.email.as_str().to_owned());
    model.subject = Set(c.subject);
    model.message = Set(c.message);
}

/// Sends an enquiry. Visitors get the public form's messages; an administrator (bearer
/// token present) gets the admin form's. A visitor's address sends at most
/// `CONCIERGE_FORM_LIMIT` enquiries (429 with `Retry-After`).
#[utoipa::path(context_path = "/api/v1", tag = "contact", request_body = ContactInput,
    responses((status = 201, body = ItemEnvelope<entity::Model>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[post("/contact-us")]
pub async fn create(
    state: web::Data<AppState>,
    req: HttpRequest,
    admin: MaybeAdmin,
    body: web::Json<ContactInput>,
) -> Result<HttpResponse, ApiError> {
    let audience = if admin.0.is_some() {
        Audience::Admin
    } else {
        Audience::Visitor
    };
    let valid = contact::validate(body.into_inner().into(), audience)?;
    if audience == Audience::Visitor {
        state.count_public_submission(&req, "contact").await?;
    }
    let mut model = entity::ActiveModel {
        created_date: Set(Utc::now()),
        ..Default::default()
    };
    fill(&mut model, valid);
    let saved = model.insert(&state.db.write).await?;
    Ok(envelope::created(saved, "contact added successfully"))
}

#[utoipa::path(context_path = "/api/v1", tag = "contact", params(PageQuery),
    security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = ListEnvelope<entity::Model>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
#[get("/contact-us")]
pub async fn list(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = Page::parse(&query, true)?;
    let select = entity::Entity::find()
        .order_by_desc(entity::Column::CreatedDate)
        .order_by_desc(entity::Column::Id);
    let (items, total) = crate::store::page_of(&state.db.read, select, page).await?;
    Ok(envelope::list(items, total))
}

#[utoipa::path(context_path = "/api/v1", tag = "contact", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = ItemEnvelope<entity::Model>), (status = 404, body = ErrorBody)))]
#[get("/contact-us/{id}")]
pub async fn get_one(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    Ok(envelope::one(
        crate::store::find_one::<entity::Entity>(&state.db.read, id, NOT_FOUND).await?,
    ))
}

#[utoipa::path(context_path = "/api/v1", tag = "contact", params(("id" = i32, Path, minimum = 1)), request_body = ContactInput,
    security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = ItemEnvelope<entity::Model>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[put("/contact-us/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
    body: web::Json<ContactInput>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    let valid = contact::validate(body.into_inner().into(), Audience::Admin)?;
    let mut model: entity::ActiveModel =
        crate::store::find_one::<entity::Entity>(&state.db.write, id, NOT_FOUND)
            .await?
            .into();
    fill(&mut model, valid);
    let saved = model.update(&state.db.write).await?;
    Ok(envelope::updated(saved, "contact updated successfully"))
}

#[utoipa::path(context_path = "/api/v1", tag = "contact", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody)))]
#[delete("/contact-us/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    let result = entity::Entity::delete_by_id(id)
        .exec(&state.db.write)
        .await?;
    if result.rows_affected == 0 {
        return Err(ApiError::NotFound(NOT_FOUND.into()));
    }
    Ok(envelope::deleted(id, "Contact deleted successfully"))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(create)
        .service(list)
        .service(get_one)
        .service(update)
        .service(remove);
}
