//! The content lifecycle: every public item's status, schedule, pending draft and deletion
//! mark, and the append-only history of every save.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::schema::index;

pub struct ContentLifecycle;

/// The tables of public content, each of which gets the lifecycle's columns.
pub(super) const CONTENT_TABLES: [&str; 6] = [
    "our_services",
    "list_of_services",
    "blogs",
    "client_reviews",
    "flashy_banners",
    "general_content_sections",
];

impl MigrationName for ContentLifecycle {
    fn name(&self) -> &str {
        "m20261125_000011_content_lifecycle"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for ContentLifecycle {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in CONTENT_TABLES {
            // SQLite alters one column a statement.
            for column in [
                string("status").default("published").take(),
                timestamp_with_time_zone_null("publish_at"),
                timestamp_with_time_zone_null("unpublish_at"),
                timestamp_with_time_zone_null("published_at"),
                timestamp_with_time_zone_null("deleted_at"),
                boolean("live").default(true).take(),
                text_null("draft"),
            ] {
                m.alter_table(Table::alter().table(table).add_column(column).take())
                    .await?;
            }
            m.get_connection()
                .execute_unprepared(&format!("UPDATE {table} SET published_at = updated_at"))
                .await?;
        }
        m.create_table(
            Table::create()
                .table("content_revisions")
                .col(pk_auto("id"))
                .col(string("kind"))
                .col(integer("item_id"))
                .col(timestamp_with_time_zone("created_at"))
                .col(string_null("author"))
                .col(string("action"))
                .col(text("changed_fields"))
                .col(text("data"))
                .take(),
        )
        .await?;
        m.create_index(index(
            "idx_content_revisions_item",
            "content_revisions",
            &["kind", "item_id", "id"],
        ))
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("content_revisions").if_exists().take())
            .await?;
        for table in CONTENT_TABLES {
            for column in [
                "status",
                "publish_at",
                "unpublish_at",
                "published_at",
                "deleted_at",
                "live",
                "draft",
            ] {
                m.alter_table(Table::alter().table(table).drop_column(column).take())
                    .await?;
            }
        }
        Ok(())
    }
}
