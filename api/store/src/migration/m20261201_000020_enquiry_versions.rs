//! Versions on contact enquiries, as on content: two members of the desk who open the same
//! enquiry cannot overwrite each other's status or notes; the second save is refused (409)
//! with who changed what since. Enquiries that exist are at version 1.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct EnquiryVersions;

impl MigrationName for EnquiryVersions {
    fn name(&self) -> &str {
        "m20261201_000020_enquiry_versions"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for EnquiryVersions {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("contact_us")
                .add_column(integer("version").default(1))
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("contact_us")
                .drop_column("version")
                .take(),
        )
        .await
    }
}
