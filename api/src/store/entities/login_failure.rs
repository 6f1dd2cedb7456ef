use sea_orm::entity::prelude::*;

/// One failed login, counted per scope (`client:<ip>` and `user:<name>`) so that every API
/// instance sees the same counters.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "login_failures")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub scope: String,
    pub failed_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
