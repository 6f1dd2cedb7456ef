//! Enquiries get a status, the language of their page and internal notes (the inbox).

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::schema::index;

pub struct EnquiryInbox;

impl MigrationName for EnquiryInbox {
    fn name(&self) -> &str {
        "m20261123_000006_enquiry_inbox"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for EnquiryInbox {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for column in [
            string("status").default("new").take(),
            string("lang").default("en").take(),
            text("notes").default("").take(),
        ] {
            let mut column = column;
            m.alter_table(
                Table::alter()
                    .table("contact_us")
                    .add_column(&mut column)
                    .take(),
            )
            .await?;
        }
        m.create_index(index(
            "idx_contact_us_status_created",
            "contact_us",
            &["status", "created_date"],
        ))
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for column in ["status", "lang", "notes"] {
            m.alter_table(
                Table::alter()
                    .table("contact_us")
                    .drop_column(column)
                    .take(),
            )
            .await?;
        }
        Ok(())
    }
}
