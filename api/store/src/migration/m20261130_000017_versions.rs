//! Versions: every public content item has one (1 at creation, one more on every write), so a
//! save made from a stale copy is refused instead of overwriting what someone else saved since.
//! Each revision records the version its write made, so a refusal can say who changed which
//! fields since the copy was read. Items that exist are at version 1; their revisions from
//! before have none. And presence: who has which item's form open, and since when.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Versions;

impl MigrationName for Versions {
    fn name(&self) -> &str {
        "m20261130_000017_versions"
    }
}

/// The tables of public content.
const CONTENT: [&str; 6] = [
    "blogs",
    "flashy_banners",
    "general_content_sections",
    "client_reviews",
    "our_services",
    "list_of_services",
];

#[async_trait::async_trait]
impl MigrationTrait for Versions {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in CONTENT {
            m.alter_table(
                Table::alter()
                    .table(table)
                    .add_column(integer("version").default(1))
                    .take(),
            )
            .await?;
        }
        m.alter_table(
            Table::alter()
                .table("content_revisions")
                .add_column(integer_null("version"))
                .take(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("presence")
                .if_not_exists()
                .col(string_len("kind", 40))
                .col(integer("item_id"))
                .col(integer("admin_user_id"))
                .col(string_len("username", 100))
                .col(timestamp_with_time_zone("since"))
                .col(timestamp_with_time_zone("seen_at"))
                .primary_key(
                    Index::create()
                        .col("kind")
                        .col("item_id")
                        .col("admin_user_id"),
                )
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("presence").take()).await?;
        m.alter_table(
            Table::alter()
                .table("content_revisions")
                .drop_column("version")
                .take(),
        )
        .await?;
        for table in CONTENT {
            m.alter_table(Table::alter().table(table).drop_column("version").take())
                .await?;
        }
        Ok(())
    }
}
