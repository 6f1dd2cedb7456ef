//! Roles: each administrator has exactly one. Those who existed before roles could do
//! everything, so they become owners (the column's default, filled into every existing row);
//! new accounts are given their role explicitly.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct AdminRoles;

impl MigrationName for AdminRoles {
    fn name(&self) -> &str {
        "m20261130_000016_admin_roles"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for AdminRoles {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("admin_users")
                .add_column(string_len("role", 20).default("owner"))
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("admin_users")
                .drop_column("role")
                .take(),
        )
        .await
    }
}
