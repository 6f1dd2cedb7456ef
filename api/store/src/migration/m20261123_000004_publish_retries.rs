//! Jobs that fail are retried with backoff (`next_attempt_at`) and set aside after a few tries
//! (`failed_at`), so one bad page never holds the others back. Slugs made before their length
//! was capped are brought under the cap (a longer one cannot be a file name).

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::schema::index;

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
    rows.retain(|(_, _, slug)| capped_v1(slug) != *slug);
    for (id, owner, slug) in rows {
        let capped = capped_v1(&slug);
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

/// The longest slug in bytes, as it was when this migration shipped.
const MAX_SLUG_BYTES_V1: usize = 120;

/// A stored slug brought under the cap, exactly as the site's slug rule (`ssg::slug::capped`)
/// did on the day this migration shipped: cut to [`MAX_SLUG_BYTES_V1`] bytes at a character
/// boundary, trailing hyphens dropped, `blog` when nothing is left. A frozen copy, not a call:
/// a migration must do on every later database what it did on the first, whatever the live
/// rule becomes.
fn capped_v1(slug: &str) -> String {
    let mut slug = slug.to_owned();
    if slug.len() > MAX_SLUG_BYTES_V1 {
        let mut end = MAX_SLUG_BYTES_V1;
        while !slug.is_char_boundary(end) {
            end -= 1;
        }
        slug.truncate(end);
    }
    while slug.ends_with('-') {
        slug.pop();
    }
    if slug.is_empty() {
        "blog".to_owned()
    } else {
        slug
    }
}

#[cfg(test)]
mod tests {
    use super::capped_v1;

    /// Fixed inputs and the outputs the rule gave when the migration shipped.
    #[test]
    fn the_frozen_cap_gives_what_it_gave_when_the_migration_shipped() {
        let latin = "a".repeat(130);
        let arabic = "ب".repeat(70); // 2 bytes each: 140 bytes
        let hyphen_at_cut = format!("{}-{}", "a".repeat(119), "b".repeat(20));
        let odd_boundary = format!("a{}", "ب".repeat(70)); // the cut falls inside a letter
        let cases: [(&str, String); 7] = [
            ("villa-in-dubai", "villa-in-dubai".to_owned()),
            (&latin, "a".repeat(120)),
            (&arabic, "ب".repeat(60)),
            (&hyphen_at_cut, "a".repeat(119)),
            (&odd_boundary, format!("a{}", "ب".repeat(59))),
            ("---", "blog".to_owned()),
            ("", "blog".to_owned()),
        ];
        for (input, expected) in cases {
            assert_eq!(capped_v1(input), expected, "{input}");
            assert!(capped_v1(input).len() <= 120);
        }
    }
}
