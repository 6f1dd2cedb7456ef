//! The edge cache's purges: each file a publish wrote or removed, queued before the publish
//! records it as done, and sent to the edge by a worker (retried until it is heard).

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::schema::index;

pub struct EdgePurges;

impl MigrationName for EdgePurges {
    fn name(&self) -> &str {
        "m20261130_000018_edge_purges"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for EdgePurges {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("edge_purges")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(text("file"))
                .col(integer("attempts").default(0))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("next_attempt_at"))
                .col(timestamp_with_time_zone_null("claimed_until"))
                .col(string_null("claimed_by"))
                .col(text_null("last_error"))
                .take(),
        )
        .await?;
        m.create_index(index(
            "idx_edge_purges_due",
            "edge_purges",
            &["next_attempt_at"],
        ))
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("edge_purges").if_exists().take())
            .await
    }
}
