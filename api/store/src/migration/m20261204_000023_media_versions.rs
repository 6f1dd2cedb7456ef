//! Issue 53: a library file's words and focal point carry a `version` like content (two editors
//! of one file's alt text are told, never overwritten), and the usage index counts a variant's
//! URL as a use of its original (rebuilt here from every item, as the writes now keep it).

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct MediaVersions;

impl MigrationName for MediaVersions {
    fn name(&self) -> &str {
        "m20261204_000023_media_versions"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for MediaVersions {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("media_images")
                .add_column(integer("version").default(1))
                .take(),
        )
        .await?;
        crate::media_usage::rebuild(m.get_connection(), crate::media_usage::TABLES_AT_MIGRATION)
            .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("media_images")
                .drop_column("version")
                .take(),
        )
        .await
    }
}
