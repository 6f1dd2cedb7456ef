use sea_orm::entity::prelude::*;

/// One save of a public content item, kept whole: who, when, what it did and what changed.
/// Append-only; removed with its item 30 days after the item is deleted.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "content_revisions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// The kind's path name (`blog`, `service`, …).
    pub kind: String,
    pub item_id: i32,
    pub created_at: DateTimeUtc,
    /// The administrator's user name; `None` for the system (the scheduler, the seed).
    pub author: Option<String>,
    /// `created`, `saved`, `draft`, `published`, `unpublished`, `scheduled-in`, …
    pub action: String,
    /// JSON array of field names.
    #[sea_orm(column_type = "Text")]
    pub changed_fields: String,
    /// The record as an administrator read it after this save (JSON).
    #[sea_orm(column_type = "Text")]
    pub data: String,
    /// The item's version this write made (none before versions).
    pub version: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
