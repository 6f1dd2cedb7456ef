use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A city guide (issue 54): the seventh kind of content.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, utoipa::ToSchema)]
#[sea_orm(table_name = "destinations")]
#[schema(as = Destination)]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub name: String,
    pub name_ar: Option<String>,
    /// `SA`, `AE`, `BH`, `QA`, `GB` or `IN`.
    pub country: String,
    pub summary: String,
    pub summary_ar: Option<String>,
    /// HTML; sanitised on save.
    #[sea_orm(column_type = "Text")]
    pub description: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub description_ar: Option<String>,
    pub image_url: String,
    pub display_order: i32,
    pub meta_title: Option<String>,
    pub meta_title_ar: Option<String>,
    pub meta_description: Option<String>,
    pub meta_description_ar: Option<String>,
    /// Its page's last path segment (`/destinations/{slug}`), made from the name on save.
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
    /// The time zone the schedule was entered in; null when there is no schedule.
    pub schedule_zone: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
