use sea_orm::entity::prelude::*;

/// One line of the audit log. Rows are only ever inserted: the database refuses updates and
/// deletes (triggers), and no route offers either.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub at: DateTimeUtc,
    /// The administrator's user name at the time (kept when the account is deleted); `None` for
    /// the system (CLI, seed, worker).
    pub actor: Option<String>,
    pub actor_id: Option<i32>,
    pub address: Option<String>,
    pub action: String,
    pub resource: Option<String>,
    pub resource_id: Option<String>,
    /// JSON object with what the action changed (field names, never values of secrets).
    pub detail: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
