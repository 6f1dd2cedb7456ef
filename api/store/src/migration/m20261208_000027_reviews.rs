//! Issue 55: hand-offs between roles. An item's pending change can wait for an editor's review
//! (one row an item: waiting, or returned to its author with a note; gone once published,
//! discarded or deleted), and administrators get an optional email address, where the mail
//! about reviews goes.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Reviews;

impl MigrationName for Reviews {
    fn name(&self) -> &str {
        "m20261208_000027_reviews"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Reviews {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("admin_users")
                .add_column(string_len_null("email", 254))
                .take(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("content_reviews")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(string_len("kind", 32))
                .col(integer("item_id"))
                .col(string_len("state", 16))
                .col(string_len_null("author", 100))
                .col(string_len_null("acted_by", 100))
                .col(timestamp_with_time_zone("acted_at"))
                .col(timestamp_with_time_zone("submitted_at"))
                .col(text_null("note"))
                .take(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_content_reviews_item")
                .table("content_reviews")
                .col("kind")
                .col("item_id")
                .unique()
                .if_not_exists()
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("content_reviews").take())
            .await?;
        m.alter_table(
            Table::alter()
                .table("admin_users")
                .drop_column("email")
                .take(),
        )
        .await
    }
}
