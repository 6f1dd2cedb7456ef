//! What the media store knows of each uploaded image (its size, and the responsive variants of a
//! photograph), and the queue of photographs whose variants are still to be made.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::schema::index;

pub struct MediaImages;

impl MigrationName for MediaImages {
    fn name(&self) -> &str {
        "m20261124_000010_media_images"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for MediaImages {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("media_images")
                .if_not_exists()
                .col(string("name").primary_key())
                .col(string("status"))
                .col(integer_null("width"))
                .col(integer_null("height"))
                .col(big_integer("bytes"))
                .col(text_null("info"))
                .col(integer("attempts"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("updated_at"))
                .col(timestamp_with_time_zone_null("next_attempt_at"))
                .col(timestamp_with_time_zone_null("claimed_until"))
                .col(string_null("claimed_by"))
                .col(text_null("last_error"))
                .take(),
        )
        .await?;
        m.create_index(index(
            "idx_media_images_due",
            "media_images",
            &["status", "next_attempt_at"],
        ))
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("media_images").if_exists().take())
            .await
    }
}
