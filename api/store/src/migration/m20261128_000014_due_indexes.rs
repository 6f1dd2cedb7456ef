//! Indexes for the workers' periodic questions, which read every row without them and so grew
//! with the site (docs/benchmarks.md): the publish queue's claim (open jobs in order: it walked
//! every job ever done, 3 ms at 7,751 jobs, before each publish), the scheduler's look every 15
//! seconds (items waiting to go live, live items whose time is over: 50 ms at 5,000 blogs, the
//! bodies' overflow pages read for the status and times stored after them) and its purge of
//! items deleted long ago.

use sea_orm_migration::prelude::*;

// Frozen with the migration that added the lifecycle columns.
use super::m20261125_000011_content_lifecycle::CONTENT_TABLES;

use super::schema::index;

pub struct DueIndexes;

impl MigrationName for DueIndexes {
    fn name(&self) -> &str {
        "m20261128_000014_due_indexes"
    }
}

/// Both of the scheduler's questions: `status` and `live` by equality (`deleted_at IS NULL` is
/// one too), then `unpublish_at` by range. Waiting items are few; live ones past their end are.
const SCHEDULE_INDEX: [&str; 4] = ["status", "live", "deleted_at", "unpublish_at"];

#[async_trait::async_trait]
impl MigrationTrait for DueIndexes {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // Open jobs by equality on both ends, in id order (the old index on `done_at` alone lost
        // to the one on `failed_at`, which every job matches).
        m.create_index(index(
            "idx_publish_jobs_open",
            "publish_jobs",
            &["done_at", "failed_at", "id"],
        ))
        .await?;
        m.drop_index(
            Index::drop()
                .name("idx_publish_jobs_pending")
                .table("publish_jobs")
                .to_owned(),
        )
        .await?;
        for table in CONTENT_TABLES {
            m.create_index(index(schedule_index(table), table, &SCHEDULE_INDEX))
                .await?;
            m.create_index(index(deleted_index(table), table, &["deleted_at"]))
                .await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in CONTENT_TABLES {
            for name in [schedule_index(table), deleted_index(table)] {
                m.drop_index(Index::drop().name(name).table(table).to_owned())
                    .await?;
            }
        }
        m.create_index(index(
            "idx_publish_jobs_pending",
            "publish_jobs",
            &["done_at", "id"],
        ))
        .await?;
        m.drop_index(
            Index::drop()
                .name("idx_publish_jobs_open")
                .table("publish_jobs")
                .to_owned(),
        )
        .await
    }
}

fn schedule_index(table: &str) -> String {
    format!("idx_{table}_schedule")
}

fn deleted_index(table: &str) -> String {
    format!("idx_{table}_deleted")
}
