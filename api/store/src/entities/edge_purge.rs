use sea_orm::entity::prelude::*;

/// A file of the site whose copies at the edge must go (see `edge_purges`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "edge_purges")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// The file's path in the site store; `*` for every file (a full build).
    #[sea_orm(column_type = "Text")]
    pub file: String,
    pub attempts: i32,
    pub created_at: DateTimeUtc,
    pub next_attempt_at: DateTimeUtc,
    pub claimed_until: Option<DateTimeUtc>,
    pub claimed_by: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub last_error: Option<String>,
    /// The id of the request that queued it (`X-Request-Id`), logged by the worker that runs it.
    pub request_id: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
