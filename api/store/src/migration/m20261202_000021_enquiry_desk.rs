//! The enquiry desk and airport requests (issue 44): contact enquiries gain an assignee, a soft
//! delete and notes as a timeline (a JSON list `[{at, author, text}]`, newest first; the one
//! text that was there becomes its first note, from no one, at the enquiry's time); airport
//! requests get their own table with the same desk columns; a queued message says which kind
//! of enquiry it is about.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

pub struct EnquiryDesk;

impl MigrationName for EnquiryDesk {
    fn name(&self) -> &str {
        "m20261202_000021_enquiry_desk"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for EnquiryDesk {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("contact_us")
                .add_column(string_len_null("assignee", 100))
                .take(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table("contact_us")
                .add_column(timestamp_with_time_zone_null("deleted_at"))
                .take(),
        )
        .await?;
        let timeline = match m.get_database_backend() {
            DbBackend::Postgres => {
                "UPDATE contact_us SET notes = CASE WHEN notes = '' THEN '[]' ELSE \
                 json_build_array(json_build_object('at', to_char(created_date AT TIME ZONE 'UTC', \
                 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), 'author', NULL, 'text', notes))::text END"
            }
            _ => {
                "UPDATE contact_us SET notes = CASE WHEN notes = '' THEN '[]' ELSE \
                 json_array(json_object('at', strftime('%Y-%m-%dT%H:%M:%SZ', created_date), \
                 'author', NULL, 'text', notes)) END"
            }
        };
        m.get_connection().execute_unprepared(timeline).await?;
        m.create_table(
            Table::create()
                .table("airport_requests")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(string_len_uniq("reference", 16))
                .col(string_len("country", 100))
                .col(string_len("city", 100))
                .col(string_len("airport", 100))
                .col(string_len("terminal", 100))
                .col(string_len("flight_number", 16))
                .col(string_len("departure_arrival", 16))
                .col(string_len("date", 10))
                .col(string_len("time", 5))
                .col(text("services"))
                .col(string_len("title", 8))
                .col(string_len("full_name", 100))
                .col(string_len("mobile", 32))
                .col(string_len("email", 254))
                .col(text_null("meet_greet"))
                .col(text_null("porter_service"))
                .col(string_len("lang", 2))
                .col(timestamp_with_time_zone("created_date"))
                .col(string_len("status", 16))
                .col(string_len_null("assignee", 100))
                .col(text("notes"))
                .col(integer("version").default(1))
                .col(timestamp_with_time_zone_null("deleted_at"))
                .take(),
        )
        .await?;
        // The inbox reads newest first; the scheduler looks for what to purge every 15 s.
        for (table, name, column) in [
            (
                "airport_requests",
                "airport_requests_created",
                "created_date",
            ),
            ("contact_us", "contact_us_created", "created_date"),
            ("airport_requests", "airport_requests_deleted", "deleted_at"),
            ("contact_us", "contact_us_deleted", "deleted_at"),
        ] {
            m.create_index(
                Index::create()
                    .name(name)
                    .table(table)
                    .col(column)
                    .if_not_exists()
                    .take(),
            )
            .await?;
        }
        m.alter_table(
            Table::alter()
                .table("outbox_messages")
                .add_column(string_len("enquiry_kind", 32).default("contact"))
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("outbox_messages")
                .drop_column("enquiry_kind")
                .take(),
        )
        .await?;
        m.drop_table(Table::drop().table("airport_requests").take())
            .await?;
        for column in ["assignee", "deleted_at"] {
            m.alter_table(
                Table::alter()
                    .table("contact_us")
                    .drop_column(column)
                    .take(),
            )
            .await?;
        }
        Ok(())
    }
}
