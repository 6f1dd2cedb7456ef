//! Login failures become throttle events: one table counts sign-in attempts per address and
//! per user name and address, failures per user name, and public form submissions per address.

use sea_orm_migration::prelude::*;

pub struct ThrottleEvents;

impl MigrationName for ThrottleEvents {
    fn name(&self) -> &str {
        "m20261123_000005_throttle_events"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for ThrottleEvents {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.rename_table(
            Table::rename()
                .table("login_failures", "throttle_events")
                .take(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table("throttle_events")
                .rename_column("failed_at", "at")
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("throttle_events")
                .rename_column("at", "failed_at")
                .take(),
        )
        .await?;
        m.rename_table(
            Table::rename()
                .table("throttle_events", "login_failures")
                .take(),
        )
        .await
    }
}
