use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, utoipa::ToSchema)]
#[sea_orm(table_name = "flashy_banners")]
#[schema(as = FlashyBanner)]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub banner_name: String,
    /// Address of the banner image.
    pub banner_url: String,
    pub image_id: String,
    pub title: String,
    pub title_ar: Option<String>,
    pub sub_title: String,
    pub sub_title_ar: Option<String>,
    /// Where the banner links to.
    pub web_url: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub updated_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
