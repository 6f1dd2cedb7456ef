//! Issue 55: "the Arabic is still right". A translator (or an editor) who reads an Arabic field
//! marked outdated (its English changed after it) and finds it still right says so; the
//! worklist then counts the Arabic as of that moment. One row a field and a confirmation,
//! kept as the history of who confirmed what.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::schema::index;

pub struct TranslationConfirmations;

impl MigrationName for TranslationConfirmations {
    fn name(&self) -> &str {
        "m20261207_000026_translation_confirmations"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for TranslationConfirmations {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("translation_confirmations")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(string_len("kind", 32))
                .col(integer("item_id"))
                .col(string_len("field", 64))
                .col(timestamp_with_time_zone("confirmed_at"))
                .col(string_len_null("confirmed_by", 64))
                .take(),
        )
        .await?;
        m.create_index(index(
            "idx_translation_confirmations_item",
            "translation_confirmations",
            &["kind", "item_id"],
        ))
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("translation_confirmations").take())
            .await
    }
}
