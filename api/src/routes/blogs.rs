//! Blogs: `GET /blog`, `GET /blog/{id}` (anonymous); `POST /blog`, `PUT`/`DELETE /blog/{id}`
//! (administrator). Descriptions are sanitised here, once, on save.

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
use crate::domain::html::{excerpt, sanitize};
use crate::domain::lenient::{Loose, Text};
use crate::domain::page::{Page, PageQuery};
use crate::error::ApiError;
use crate::publish::{Action, Resource};
use crate::state::AppState;
use crate::store::entities::blog;

const NOT_FOUND: &str = "Blog not found";
/// Characters kept in a blog's excerpt (listings show 200, with Read More).
pub const EXCERPT: usize = 600;

/// A blog as the admin form sends it. Only `name`, `display_order` and `image_url` are required.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct BlogInput {
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub name: Text,
    #[schema(value_type = Option<String>)]
    pub name_ar: Text,
    /// HTML; sanitised on save.
    #[schema(value_type = Option<String>)]
    pub description: Text,
    #[schema(value_type = Option<String>)]
    pub description_ar: Text,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub image_url: Text,
    #[schema(schema_with = crate::domain::lenient::whole_number_schema, required = true)]
    pub display_order: Loose,
    #[schema(value_type = Option<String>)]
    pub meta_title: Text,
    #[schema(value_type = Option<String>)]
    pub meta_title_ar: Text,
    #[schema(value_type = Option<String>)]
    pub meta_description: Text,
    #[schema(value_type = Option<String>)]
    pub meta_description_ar: Text,
    #[schema(value_type = Option<String>)]
    pub key_words: Text,
    #[schema(value_type = Option<String>)]
    pub key_words_ar: Text,
}

impl BlogInput {
    /// Runs the blog rules in the specification's order and fills `model`.
    fn apply(self, model: &mut blog::ActiveModel) -> Result<(), ApiError> {
        let mut f = Form::new();
        let name = f.required(
            "name",
            self.name.take(),
            "Please enter the title",
            "Title",
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
            Some("Please upload the Image"),
            "Image",
        );
        let description = f.optional(
            "description",
            self.description.take(),
            "Description",
            max::RICH_TEXT,
        );
        let description_ar = f.twin(
            "description_ar",
            self.description_ar.take(),
            "Arabic description",
            max::RICH_TEXT,
        );
        let name_ar = f.twin("name_ar", self.name_ar.take(), "Arabic title", max::TITLE);
        let meta_title = f.optional(
            "meta_title",
            self.meta_title.take(),
            "Meta title",
            max::META,
        );
        let meta_title_ar = f.twin(
            "meta_title_ar",
            self.meta_title_ar.take(),
            "Arabic meta title",
            max::META,
        );
        let meta_description = f.optional(
            "meta_description",
            self.meta_description.take(),
            "Meta description",
            max::META,
        );
        let meta_description_ar = f.twin(
            "meta_description_ar",
            self.meta_description_ar.take(),
            "Arabic meta description",
            max::META,
        );
        let key_words = f.optional("key_words", self.key_words.take(), "Keywords", max::META);
        let key_words_ar = f.twin(
            "key_words_ar",
            self.key_words_ar.take(),
            "Arabic keywords",
            max::META,
        );
        f.finish()?;

        model.slug = Set(ssg::slug::blog_slug(&name));
        model.name = Set(name);
        model.name_ar = Set(name_ar);
        let description = sanitize(&description);
        let description_ar = description_ar.map(|d| sanitize(&d));
        model.excerpt = Set(Some(excerpt(&description, EXCERPT)));
        model.excerpt_ar = Set(description_ar.as_deref().map(|d| excerpt(d, EXCERPT)));
        model.description = Set(description);
        model.description_ar = Set(description_ar);
        model.image_url = Set(image_url);
        model.display_order = Set(display_order);
        model.meta_title = Set(meta_title);
        model.meta_title_ar = Set(meta_title_ar);
        model.meta_description = Set(meta_description);
        model.meta_description_ar = Set(meta_description_ar);
        model.key_words = Set(key_words);
        model.key_words_ar = Set(key_words_ar);
        model.updated_at = Set(Utc::now());
        Ok(())
    }
}

/// Blogs by `display_order`, then id.
#[utoipa::path(context_path = "/api/v1", tag = "blogs", params(PageQuery),
    responses((status = 200, body = ListEnvelope<blog::Model>), (status = 400, body = ErrorBody)))]
#[get("/blog")]
pub async fn list(
    state: web::Data<AppState>,
    query: web::Query<PageQuery>,
    admin: MaybeAdmin,
) -> Result<HttpResponse, ApiError> {
    let page = Page::parse(&query, admin.0.is_some())?;
    let select = blog::Entity::find()
        .order_by_asc(blog::Column::DisplayOrder)
        .order_by_asc(blog::Column::Id);
    let (items, total) = envelope::page_of(&state.db.read, select, page).await?;
    Ok(envelope::list(items, total))
}

#[utoipa::path(context_path = "/api/v1", tag = "blogs", params(("id" = i32, Path, minimum = 1)),
    responses((status = 200, body = ItemEnvelope<blog::Model>), (status = 404, body = ErrorBody)))]
#[get("/blog/{id}")]
pub async fn get_one(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    Ok(envelope::one(
        envelope::find_one::<blog::Entity>(&state.db.read, id, NOT_FOUND).await?,
    ))
}

#[utoipa::path(context_path = "/api/v1", tag = "blogs", request_body = BlogInput,
    security(("api_key" = [], "bearer" = [])),
    responses((status = 201, body = ItemEnvelope<blog::Model>), (status = 400, body = ErrorBody)))]
#[post("/blog")]
pub async fn create(
    state: web::Data<AppState>,
    _admin: Admin,
    body: web::Json<BlogInput>,
) -> Result<HttpResponse, ApiError> {
    let now = Utc::now();
    let mut model = blog::ActiveModel {
        created_at: Set(now),
        ..Default::default()
    };
    body.into_inner().apply(&mut model)?;
    let write = Publishing::begin(&state).await?;
    let saved = model.insert(&write.txn).await?;
    write
        .finish(Resource::Blog, saved.id, Action::Upsert)
        .await?;
    Ok(envelope::created(saved, "Blog added successfully"))
}

#[utoipa::path(context_path = "/api/v1", tag = "blogs", params(("id" = i32, Path, minimum = 1)), request_body = BlogInput,
    security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = ItemEnvelope<blog::Model>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[put("/blog/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
    body: web::Json<BlogInput>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    let write = Publishing::begin(&state).await?;
    let existing = write.find::<blog::Entity>(id, NOT_FOUND).await?;
    let old_slug = existing.slug.clone();
    let mut model: blog::ActiveModel = existing.into();
    body.into_inner().apply(&mut model)?;
    let saved = model.update(&write.txn).await?;
    if saved.slug != old_slug {
        remember_old_url(&write.txn, saved.id, &old_slug, &saved.slug).await?;
    }
    write
        .finish(Resource::Blog, saved.id, Action::Upsert)
        .await?;
    Ok(envelope::updated(saved, "Blog updated successfully"))
}

#[utoipa::path(context_path = "/api/v1", tag = "blogs", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody)))]
#[delete("/blog/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(&id)?;
    let write = Publishing::begin(&state).await?;
    write.find::<blog::Entity>(id, NOT_FOUND).await?;
    blog::Entity::delete_by_id(id).exec(&write.txn).await?;
    write.finish(Resource::Blog, id, Action::Delete).await?;
    Ok(envelope::deleted(id, "Blog deleted successfully"))
}

/// Keeps the blog's previous URL working (it redirects to the new one); a blog renamed back to
/// an old name gets that URL back as its own.
async fn remember_old_url(
    txn: &impl ConnectionTrait,
    blog_id: i32,
    old_slug: &str,
    new_slug: &str,
) -> Result<(), ApiError> {
    use crate::store::entities::blog_redirect;
    blog_redirect::Entity::delete_many()
        .filter(blog_redirect::Column::BlogId.eq(blog_id))
        .filter(blog_redirect::Column::Slug.eq(new_slug))
        .exec(txn)
        .await?;
    let known = blog_redirect::Entity::find()
        .filter(blog_redirect::Column::BlogId.eq(blog_id))
        .filter(blog_redirect::Column::Slug.eq(old_slug))
        .one(txn)
        .await?;
    if known.is_none() {
        blog_redirect::ActiveModel {
            blog_id: Set(blog_id),
            slug: Set(old_slug.to_owned()),
            created_at: Set(Utc::now()),
            ..Default::default()
        }
        .insert(txn)
        .await?;
    }
    Ok(())
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list)
        .service(create)
        .service(get_one)
        .service(update)
        .service(remove);
}
