//! The time zone a schedule was entered in: an editor in Riyadh who schedules a launch for 09:00
//! their time, and a colleague in London who opens the item later, both see 09:00 Asia/Riyadh,
//! not the instant converted into whatever zone each browser last chose. The instants stay in
//! UTC (`publish_at`, `unpublish_at`); this is only how they are shown.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct ScheduleZone;

impl MigrationName for ScheduleZone {
    fn name(&self) -> &str {
        "m20261201_000019_schedule_zone"
    }
}

/// The tables of public content (frozen: a shipped migration never changes).
const CONTENT: [&str; 6] = [
    "blogs",
    "flashy_banners",
    "general_content_sections",
    "client_reviews",
    "our_services",
    "list_of_services",
];

#[async_trait::async_trait]
impl MigrationTrait for ScheduleZone {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in CONTENT {
            m.alter_table(
                Table::alter()
                    .table(table)
                    .add_column(string_len_null("schedule_zone", 64))
                    .take(),
            )
            .await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in CONTENT {
            m.alter_table(
                Table::alter()
                    .table(table)
                    .drop_column("schedule_zone")
                    .take(),
            )
            .await?;
        }
        Ok(())
    }
}
