use sea_orm::entity::prelude::*;

/// An old URL of a renamed destination (`/destinations/{slug}`); its page redirects to the
/// destination's current URL.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "destination_redirects")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub destination_id: i32,
    pub slug: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
