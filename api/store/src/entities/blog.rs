use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, utoipa::ToSchema)]
#[sea_orm(table_name = "blogs")]
#[schema(as = Blog)]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub name: String,
    pub name_ar: Option<String>,
    /// Sanitised HTML.
    #[sea_orm(column_type = "Text")]
    pub description: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub description_ar: Option<String>,
    pub image_url: String,
    pub display_order: i32,
    pub meta_title: String,
    pub meta_title_ar: Option<String>,
    pub meta_description: String,
    pub meta_description_ar: Option<String>,
    pub key_words: String,
    pub key_words_ar: Option<String>,
    /// Plain-text opening of the description, made on save (listings, feeds).
    #[sea_orm(column_type = "Text", nullable)]
    #[serde(skip)]
    pub excerpt: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    #[serde(skip)]
    pub excerpt_ar: Option<String>,
    /// The URLs of the files its text shows (both languages), a JSON list made on save: its
    /// page's digest covers what the media library knows of them.
    #[sea_orm(column_type = "Text", nullable)]
    #[serde(skip)]
    pub body_media: Option<String>,
    /// URL segment made from the English name; one slug for both languages.
    pub slug: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub updated_at: chrono::DateTime<chrono::Utc>,
    /// `draft` or `published` (the content lifecycle).
    pub status: String,
    pub publish_at: Option<chrono::DateTime<chrono::Utc>>,
    pub unpublish_at: Option<chrono::DateTime<chrono::Utc>>,
    /// When the item last went live (read-only).
    pub published_at: Option<chrono::DateTime<chrono::Utc>>,
    /// On the site and in anonymous reads now.
    #[serde(skip)]
    pub live: bool,
    #[serde(skip)]
    pub deleted_at: Option<chrono::DateTime<chrono::Utc>>,
    /// The pending changes of a published item, as the record they make (JSON).
    #[sea_orm(column_type = "Text", nullable)]
    #[serde(skip)]
    pub draft: Option<String>,
    /// One more on every write: a save from an older copy is refused (409).
    pub version: i32,
    /// The time zone the schedule was entered in (an IANA name such as `Asia/Riyadh`), so it
    /// reopens as it was typed; null when there is no schedule.
    pub schedule_zone: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(has_many = "super::blog_redirect::Entity")]
    Redirects,
}

impl Related<super::blog_redirect::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Redirects.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
