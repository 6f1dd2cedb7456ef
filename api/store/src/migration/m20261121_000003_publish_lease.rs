//! One row: which worker may publish now, and until when. Instances take turns, so two never
//! write the site at once and a dead holder's work is taken over when its lease runs out.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct PublishLease;

impl MigrationName for PublishLease {
    fn name(&self) -> &str {
        "m20261121_000003_publish_lease"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for PublishLease {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("publish_lease")
                .if_not_exists()
                .col(integer("id").primary_key())
                .col(string_null("holder"))
                .col(timestamp_with_time_zone("expires_at"))
                .take(),
        )
        .await?;
        let insert = Query::insert()
            .into_table("publish_lease")
            .columns(["id", "holder", "expires_at"])
            .values_panic([
                1.into(),
                Option::<String>::None.into(),
                chrono::DateTime::<chrono::Utc>::UNIX_EPOCH.into(),
            ])
            .to_owned();
        m.exec_stmt(insert).await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("publish_lease").if_exists().take())
            .await
    }
}
