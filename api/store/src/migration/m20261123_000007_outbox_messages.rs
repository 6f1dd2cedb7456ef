//! Notifications of new enquiries (staff email, visitor acknowledgement, webhook), queued in the
//! enquiry's transaction and sent by a worker.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::schema::index;

pub struct OutboxMessages;

impl MigrationName for OutboxMessages {
    fn name(&self) -> &str {
        "m20261123_000007_outbox_messages"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for OutboxMessages {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("outbox_messages")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(string("kind"))
                .col(integer("enquiry_id"))
                .col(string("key"))
                .col(text("payload"))
                .col(integer("attempts"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone_null("next_attempt_at"))
                .col(timestamp_with_time_zone_null("claimed_until"))
                .col(string_null("claimed_by"))
                .col(timestamp_with_time_zone_null("sent_at"))
                .col(timestamp_with_time_zone_null("failed_at"))
                .col(text_null("last_error"))
                .take(),
        )
        .await?;
        m.create_index(index(
            "idx_outbox_messages_due",
            "outbox_messages",
            &["sent_at", "failed_at", "next_attempt_at"],
        ))
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("outbox_messages").if_exists().take())
            .await
    }
}
