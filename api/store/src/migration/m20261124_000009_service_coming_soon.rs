//! "Coming soon" is a flag on the service, set in the admin: no longer a rule about one name. A
//! service called "Dine In" keeps the overlay it had.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct ServiceComingSoon;

impl MigrationName for ServiceComingSoon {
    fn name(&self) -> &str {
        "m20261124_000009_service_coming_soon"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for ServiceComingSoon {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("our_services")
                .add_column(boolean("coming_soon").default(false))
                .take(),
        )
        .await?;
        m.get_connection()
            .execute_unprepared(
                "UPDATE our_services SET coming_soon = TRUE \
                 WHERE LOWER(REPLACE(REPLACE(name, ' ', ''), '-', '')) = 'dinein'",
            )
            .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("our_services")
                .drop_column("coming_soon")
                .take(),
        )
        .await
    }
}
