use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, utoipa::ToSchema)]
#[sea_orm(table_name = "subscriptions")]
#[schema(as = Subscription)]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// Trimmed and lower-cased; unique.
    #[sea_orm(unique)]
    pub email: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
