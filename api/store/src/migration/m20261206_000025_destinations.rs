//! Issue 54: destinations, the seventh kind of content (city guides), and the old URLs of
//! renamed ones. The table has from the start what the other content tables gained over
//! several migrations: the lifecycle's columns, the version, the schedule's zone, the
//! scheduler's indexes and the change counter's triggers (without them a running server
//! would never publish a destination's edit: `concierge_publish::data::Kept`).

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::schema::{index, stamps};

pub struct Destinations;

impl MigrationName for Destinations {
    fn name(&self) -> &str {
        "m20261206_000025_destinations"
    }
}

/// The tables whose changes move `site_changes.rest_seq`.
const TABLES: [&str; 2] = ["destinations", "destination_redirects"];

const REST_CHANGED: &str = "UPDATE site_changes SET seq = seq + 1, rest_seq = seq + 1 WHERE id = 1";

#[async_trait::async_trait]
impl MigrationTrait for Destinations {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            stamps(
                Table::create()
                    .table("destinations")
                    .if_not_exists()
                    .col(pk_auto("id"))
                    .col(string_len("name", 100))
                    .col(string_len_null("name_ar", 100))
                    .col(string_len("country", 2))
                    .col(string_len("summary", 300))
                    .col(string_len_null("summary_ar", 300))
                    .col(text("description"))
                    .col(text_null("description_ar"))
                    .col(string_len("image_url", 2048))
                    .col(integer("display_order"))
                    .col(string_len_null("meta_title", 300))
                    .col(string_len_null("meta_title_ar", 300))
                    .col(string_len_null("meta_description", 300))
                    .col(string_len_null("meta_description_ar", 300))
                    .col(string("slug"))
                    .take(),
            )
            .col(string("status").default("published").take())
            .col(timestamp_with_time_zone_null("publish_at"))
            .col(timestamp_with_time_zone_null("unpublish_at"))
            .col(timestamp_with_time_zone_null("published_at"))
            .col(timestamp_with_time_zone_null("deleted_at"))
            .col(boolean("live").default(true).take())
            .col(text_null("draft"))
            .col(integer("version").default(1).take())
            .col(string_len_null("schedule_zone", 64))
            .take(),
        )
        .await?;
        for (name, cols) in [
            ("idx_destinations_order", &["display_order", "id"][..]),
            (
                "idx_destinations_schedule",
                &["status", "live", "deleted_at", "unpublish_at"][..],
            ),
            ("idx_destinations_deleted", &["deleted_at"][..]),
            ("idx_destinations_slug", &["slug"][..]),
        ] {
            m.create_index(index(name, "destinations", cols)).await?;
        }
        m.create_table(
            Table::create()
                .table("destination_redirects")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(integer("destination_id"))
                .col(string("slug"))
                .col(timestamp_with_time_zone("created_at"))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_destination_redirects_destination")
                        .from("destination_redirects", "destination_id")
                        .to("destinations", "id")
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .take(),
        )
        .await?;
        // An old URL leads to one destination.
        m.create_index(
            index(
                "idx_destination_redirects_slug",
                "destination_redirects",
                &["slug"],
            )
            .unique()
            .take(),
        )
        .await?;
        let db = m.get_connection();
        for table in TABLES {
            match m.get_database_backend() {
                sea_orm::DbBackend::Postgres => {
                    db.execute_unprepared(&format!(
                        "CREATE TRIGGER {table}_rest_changed \
                         AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON {table} \
                         FOR EACH STATEMENT EXECUTE FUNCTION rest_changed()"
                    ))
                    .await?;
                }
                _ => {
                    for event in ["INSERT", "UPDATE", "DELETE"] {
                        let name = format!("{table}_rest_{}", event.to_lowercase());
                        db.execute_unprepared(&format!(
                            "CREATE TRIGGER {name} AFTER {event} ON {table} BEGIN {REST_CHANGED}; END"
                        ))
                        .await?;
                    }
                }
            }
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // Dropping a table drops its triggers.
        for table in ["destination_redirects", "destinations"] {
            m.drop_table(Table::drop().table(table).if_exists().take())
                .await?;
        }
        Ok(())
    }
}
