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
    /// As the visitor can be called back: `+` and digits for an international number, the
    /// digits of a local one.
    pub phone: String,
    pub subject: String,
    #[sea_orm(column_type = "Text")]
    pub message: String,
    pub created_date: chrono::DateTime<chrono::Utc>,
    /// `new`, `in_progress`, `replied`, `closed` or `spam`.
    pub status: String,
    /// The language of the page it came from: `en` or `ar`.
    pub lang: String,
    /// The desk's notes, newest first.
    #[sea_orm(column_type = "Text")]
    pub notes: super::timeline::Timeline,
    /// One more on every edit and delete: a write from an older copy is refused (409).
    pub version: i32,
    /// The administrator (user name) the enquiry is assigned to.
    pub assignee: Option<String>,
    /// When it was deleted: kept 30 days, then removed for good.
    pub deleted_at: Option<chrono::DateTime<chrono::Utc>>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
