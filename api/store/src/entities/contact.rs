use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, utoipa::ToSchema)]
#[sea_orm(table_name = "contact_us")]
#[schema(as = ContactEnquiry)]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    /// Digits only, as normalised on entry.
    pub phone: String,
    pub subject: String,
    #[sea_orm(column_type = "Text")]
    pub message: String,
    pub created_date: chrono::DateTime<chrono::Utc>,
    /// `new`, `in_progress`, `replied`, `closed` or `spam`.
    pub status: String,
    /// The language of the page it came from: `en` or `ar`.
    pub lang: String,
    /// Internal notes of the concierge desk.
    #[sea_orm(column_type = "Text")]
    pub notes: String,
    /// One more on every edit and delete: a write from an older copy is refused (409).
    pub version: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
