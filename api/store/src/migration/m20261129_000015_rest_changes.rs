//! Every change to the rest of what the site shows (services and their items, reviews, banners,
//! general content, blogs' old URLs, what the media store knows of images) numbered too, in
//! `site_changes.rest_seq`: the number of the last one. The publisher keeps all of it between
//! publishes and reads it again only when that number moved (`concierge_publish::data::Kept`); reading
//! it on every publish was a fifth of an edit (docs/benchmarks.md). Triggers, as for the blogs
//! ([`BlogChanges`]), so that whoever writes, the number moves.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct RestChanges;

impl MigrationName for RestChanges {
    fn name(&self) -> &str {
        "m20261129_000015_rest_changes"
    }
}

/// The tables behind everything the site shows but the blogs' cards.
pub const REST_TABLES: [&str; 7] = [
    "our_services",
    "list_of_services",
    "client_reviews",
    "flashy_banners",
    "general_content_sections",
    "blog_redirects",
    "media_images",
];

/// What a change to one of [`REST_TABLES`] does (the same counter as the blogs': one number for
/// every change, whatever the table).
const REST_CHANGED: &str = "UPDATE site_changes SET seq = seq + 1, rest_seq = seq + 1 WHERE id = 1";

/// SQLite's triggers (one an event, each table), by name: what `up` creates and `down` drops.
fn sqlite_rest_triggers() -> impl Iterator<Item = (String, &'static str, &'static str)> {
    REST_TABLES.into_iter().flat_map(|table| {
        ["INSERT", "UPDATE", "DELETE"].map(|event| {
            (
                format!("{table}_rest_{}", event.to_lowercase()),
                table,
                event,
            )
        })
    })
}

#[async_trait::async_trait]
impl MigrationTrait for RestChanges {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("site_changes")
                .add_column(big_integer("rest_seq").default(0))
                .take(),
        )
        .await?;
        let db = m.get_connection();
        match m.get_database_backend() {
            sea_orm::DbBackend::Postgres => {
                db.execute_unprepared(&format!(
                    "CREATE FUNCTION rest_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
                       {REST_CHANGED}; RETURN NULL; END $$"
                ))
                .await?;
                // Once a statement, whatever rows it touched (a truncation too).
                for table in REST_TABLES {
                    db.execute_unprepared(&format!(
                        "CREATE TRIGGER {table}_rest_changed \
                         AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON {table} \
                         FOR EACH STATEMENT EXECUTE FUNCTION rest_changed()"
                    ))
                    .await?;
                }
            }
            _ => {
                for (name, table, event) in sqlite_rest_triggers() {
                    db.execute_unprepared(&format!(
                        "CREATE TRIGGER {name} AFTER {event} ON {table} BEGIN {REST_CHANGED}; END"
                    ))
                    .await?;
                }
            }
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        match m.get_database_backend() {
            sea_orm::DbBackend::Postgres => {
                for table in REST_TABLES {
                    db.execute_unprepared(&format!(
                        "DROP TRIGGER IF EXISTS {table}_rest_changed ON {table}"
                    ))
                    .await?;
                }
                db.execute_unprepared("DROP FUNCTION IF EXISTS rest_changed()")
                    .await?;
            }
            _ => {
                for (name, _, _) in sqlite_rest_triggers() {
                    db.execute_unprepared(&format!("DROP TRIGGER IF EXISTS {name}"))
                        .await?;
                }
            }
        }
        m.alter_table(
            Table::alter()
                .table("site_changes")
                .drop_column("rest_seq")
                .take(),
        )
        .await
    }
}
