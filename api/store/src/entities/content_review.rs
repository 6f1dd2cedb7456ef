use sea_orm::entity::prelude::*;

/// An item's pending change in review: waiting for an editor, or returned to its author with a
/// note. One row an item; gone once the change is published, discarded or the item deleted.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "content_reviews")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// The kind's path name (`blog`, `destination`, …).
    pub kind: String,
    pub item_id: i32,
    /// `waiting` or `returned`.
    pub state: String,
    /// Who submitted it (told when it comes back).
    pub author: Option<String>,
    /// Who moved it last: the author who submitted it, or the editor who returned it.
    pub acted_by: Option<String>,
    pub acted_at: DateTimeUtc,
    /// When it was last submitted (the queue's order).
    pub submitted_at: DateTimeUtc,
    /// The author's note when waiting, the editor's when returned.
    #[sea_orm(column_type = "Text", nullable)]
    pub note: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
