use sea_orm::entity::prelude::*;

/// One place a stored file is shown: an item's field, in its live version or only in its
/// pending change (`media_usage`, kept by [`crate::media_usage::reindex`] in the transaction of
/// every write of the item).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "media_usage")]
pub struct Model {
    /// The original's stored name.
    #[sea_orm(primary_key, auto_increment = false)]
    pub media_name: String,
    /// The kind's path name (`blog`, `service`, …).
    #[sea_orm(primary_key, auto_increment = false)]
    pub kind: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub item_id: i32,
    #[sea_orm(primary_key, auto_increment = false)]
    pub field: String,
    /// Shown only by the item's pending change (not by what the site shows).
    pub pending: bool,
    /// What a person calls the item, as of its last write.
    pub title: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
