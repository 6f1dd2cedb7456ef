use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, utoipa::ToSchema)]
#[sea_orm(table_name = "general_content_sections")]
#[schema(as = GeneralContent)]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// The site string this entry overrides (e.g. `site.phone`).
    pub name: String,
    #[sea_orm(column_type = "Text")]
    pub values: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub values_ar: Option<String>,
    pub display_order: i32,
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
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
