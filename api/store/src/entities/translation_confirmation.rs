use sea_orm::entity::prelude::*;

/// "The Arabic is still right": an Arabic field of a content item confirmed at a moment, so
/// that an English change before it no longer marks it outdated.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "translation_confirmations")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// The kind's path name (`blog`, `destination`, …).
    pub kind: String,
    pub item_id: i32,
    /// The Arabic field (`description_ar`).
    pub field: String,
    pub confirmed_at: DateTimeUtc,
    /// The administrator's user name.
    pub confirmed_by: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
