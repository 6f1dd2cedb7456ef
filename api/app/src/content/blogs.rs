//! Blogs. Descriptions are sanitised here, once, on save; a rename keeps the old URL working.

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter,
    Set,
};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{Kind, Table};
use crate::content::html::{excerpt, sanitize};
use concierge_core::domain::form::Form;
use concierge_core::domain::lenient::{Loose, TextField};
use concierge_core::domain::media::body_media;
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_core::kinds::Declaration;
use concierge_store::entities::blog;
use concierge_store::outbox::publish_jobs::Resource;

/// The longest description an anonymous list carries whole.
pub const LIST_BODY_CHARS: usize = 5_000;

/// Characters kept in a blog's excerpt (listings show 200, with Read More).
pub const EXCERPT: usize = 600;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct BlogInput {
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub name: TextField,
    #[schema(value_type = Option<String>)]
    pub name_ar: TextField,
    /// HTML; sanitised on save.
    #[schema(value_type = Option<String>)]
    pub description: TextField,
    #[schema(value_type = Option<String>)]
    pub description_ar: TextField,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub image_url: TextField,
    #[schema(schema_with = concierge_core::domain::lenient::whole_number_schema, required = true)]
    pub display_order: Loose,
    #[schema(value_type = Option<String>)]
    pub meta_title: TextField,
    #[schema(value_type = Option<String>)]
    pub meta_title_ar: TextField,
    #[schema(value_type = Option<String>)]
    pub meta_description: TextField,
    #[schema(value_type = Option<String>)]
    pub meta_description_ar: TextField,
    #[schema(value_type = Option<String>)]
    pub key_words: TextField,
    #[schema(value_type = Option<String>)]
    pub key_words_ar: TextField,
}

impl BlogInput {
    /// Runs the blog rules in the specification's order and fills `model`.
    fn apply(self, model: &mut blog::ActiveModel, now: DateTime<Utc>) -> Result<(), ApiError> {
        let mut f = Form::new(&catalog().forms.blog);
        let name = f.text("name", self.name.take());
        let display_order = f.display_order("display_order", self.display_order.take());
        let image_url = f.text("image_url", self.image_url.take());
        let description = f.text("description", self.description.take());
        let description_ar = f.twin("description_ar", self.description_ar.take());
        let name_ar = f.twin("name_ar", self.name_ar.take());
        let meta_title = f.text("meta_title", self.meta_title.take());
        let meta_title_ar = f.twin("meta_title_ar", self.meta_title_ar.take());
        let meta_description = f.text("meta_description", self.meta_description.take());
        let meta_description_ar = f.twin("meta_description_ar", self.meta_description_ar.take());
        let key_words = f.text("key_words", self.key_words.take());
        let key_words_ar = f.twin("key_words_ar", self.key_words_ar.take());
        f.finish()?;

        model.slug = Set(ssg::slug::blog_slug(&name));
        model.name = Set(name);
        model.name_ar = Set(name_ar);
        let description = sanitize(&description);
        let description_ar = description_ar.map(|d| sanitize(&d));
        model.excerpt = Set(Some(excerpt(&description, EXCERPT)));
        model.excerpt_ar = Set(description_ar.as_deref().map(|d| excerpt(d, EXCERPT)));
        model.body_media = Set(body_media(&description, description_ar.as_deref()));
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
        model.updated_at = Set(now);
        Ok(())
    }
}

/// Blogs, as a [`Kind`].
pub struct Blogs;

impl Table for Blogs {
    type Entity = blog::Entity;
    type Key = blog::PrimaryKey;
    type Column = blog::Column;
    type Model = blog::Model;
    type Active = blog::ActiveModel;
    const RESOURCE: Resource = Resource::Blog;

    /// Whole bodies up to [`LIST_BODY_CHARS`]; a longer one is replaced by its plain-text
    /// opening (`GET /blog/{id}` has it whole), so no anonymous list answers megabytes.
    fn in_public_list(mut row: blog::Model) -> blog::Model {
        if row.description.chars().count() > LIST_BODY_CHARS {
            row.description = row.excerpt.clone().unwrap_or_default();
        }
        if let Some(description) = &row.description_ar
            && description.chars().count() > LIST_BODY_CHARS
        {
            row.description_ar = row.excerpt_ar.clone();
        }
        row
    }
}

impl Kind for Blogs {
    type Input = BlogInput;

    const DECLARATION: &'static Declaration = &concierge_core::kinds::BLOG;

    async fn apply(
        input: BlogInput,
        _txn: &DatabaseTransaction,
        row: &mut blog::ActiveModel,
        now: DateTime<Utc>,
    ) -> Result<(), ApiError> {
        input.apply(row, now)
    }

    async fn after_save(
        txn: &DatabaseTransaction,
        before: Option<&blog::Model>,
        saved: &blog::Model,
        now: DateTime<Utc>,
    ) -> Result<(), ApiError> {
        match before {
            Some(before) if before.slug != saved.slug => {
                remember_old_url(txn, saved.id, &before.slug, &saved.slug, now).await
            }
            _ => Ok(()),
        }
    }
}

/// Keeps the blog's previous URL working (it redirects to the new one); a blog renamed back to
/// an old name gets that URL back as its own.
async fn remember_old_url(
    txn: &impl ConnectionTrait,
    blog_id: i32,
    old_slug: &str,
    new_slug: &str,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    use concierge_store::entities::blog_redirect;
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
            created_at: Set(now),
            ..Default::default()
        }
        .insert(txn)
        .await?;
    }
    Ok(())
}
