//! Issue 57: the work a request queues (publish jobs, messages, purges) carries the request's
//! id, so the worker that runs it logs the same id as the request.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct RequestIds;

impl MigrationName for RequestIds {
    fn name(&self) -> &str {
        "m20261205_000024_request_ids"
    }
}

const TABLES: [&str; 3] = ["publish_jobs", "outbox_messages", "edge_purges"];

#[async_trait::async_trait]
impl MigrationTrait for RequestIds {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in TABLES {
            m.alter_table(
                Table::alter()
                    .table(table)
                    .add_column(string_len_null("request_id", 64))
                    .take(),
            )
            .await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in TABLES {
            m.alter_table(Table::alter().table(table).drop_column("request_id").take())
                .await?;
        }
        Ok(())
    }
}
