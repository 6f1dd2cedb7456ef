//! Jobs that fail are retried with backoff (`next_attempt_at`) and set aside after a few tries
//! (`failed_at`), so one bad page never holds the others back. Slugs made before their length
//! was capped are brought under the cap (a longer one cannot be a file name).

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::index;

pub struct PublishRetries;

impl MigrationName for PublishRetries {
    fn name(&self) -> &str {
        "m20261123_000004_publish_retries"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for PublishRetries {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for col in ["next_attempt_at", "failed_at"] {
            m.alter_table(
                Table::alter()
                    .table("publish_jobs")
                    .add_column(timestamp_with_time_zone_null(col))
                    .take(),
            )
            .await?;
        }
        m.create_index(index(
            "idx_publish_jobs_failed",
            "publish_jobs",
            &["failed_at"],
        ))
        .await?;
        cap_slugs(m, "blogs").await?;
        cap_slugs(m, "blog_redirects").await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for col in ["next_attempt_at", "failed_at"] {
            m.alter_table(Table::alter().table("publish_jobs").drop_column(col).take())
                .await?;
        }
        Ok(())
    }
}

/// Brings every slug of `table` under the cap; a redirect that would then repeat another of the
/// same blog is dropped (it pointed at the same page).
async fn cap_slugs(m: &SchemaManager<'_>, table: &str) -> Result<(), DbErr> {
    use sea_orm::{ConnectionTrait, Statement};
    let db = m.get_connection();
    let backend = db.get_database_backend();
    let p = |i: usize| match backend {
        sea_orm::DbBackend::Postgres => format!("${i}"),
        _ => "?".to_owned(),
    };
    let group = if table == "blogs" { "id" } else { "blog_id" };
    let rows = db
        .query_all_raw(Statement::from_string(
            backend,
            format!("SELECT id, {group} AS owner, slug FROM {table} ORDER BY id"),
        ))
        .await?;
    let mut taken = std::collections::HashSet::new();
    let mut rows: Vec<(i32, i32, String)> = rows
        .iter()
        .map(|r| {
            Ok((
                r.try_get("", "id")?,
                r.try_get("", "owner")?,
                r.try_get("", "slug")?,
            ))
        })
        .collect::<Result<_, DbErr>>()?;
    for (_, owner, slug) in &rows {
        taken.insert((*owner, slug.clone()));
    }
    rows.retain(|(_, _, slug)| ssg::slug::capped(slug) != *slug);
    for (id, owner, slug) in rows {
        let capped = ssg::slug::capped(&slug);
        let (sql, values): (String, Vec<sea_orm::Value>) = if taken.insert((owner, capped.clone()))
        {
            (
                format!("UPDATE {table} SET slug = {} WHERE id = {}", p(1), p(2)),
                vec![capped.into(), id.into()],
            )
        } else {
            (
                format!("DELETE FROM {table} WHERE id = {}", p(1)),
                vec![id.into()],
            )
        };
        db.execute_raw(Statement::from_sql_and_values(backend, sql, values))
            .await?;
    }
    Ok(())
}
