use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "admin_recovery_codes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub admin_user_id: i32,
    /// `salt$sha256`, hex (see `accounts::recovery`).
    pub code_hash: String,
    pub created_at: DateTimeUtc,
    pub used_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
