use sea_orm::entity::prelude::*;

/// One event counted against a scope (`pair:<user>|<address>`, `addr:<address>`,
/// `user:<name>`, `form:<form>:<address>`): see `throttle`. In the database, so that every
/// instance sees the same counters.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "throttle_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub scope: String,
    pub at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
