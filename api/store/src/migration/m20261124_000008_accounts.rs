//! Administrator accounts (issue 17): account flags and two-factor state, session metadata,
//! recovery codes and the append-only audit log.

use sea_orm::DbBackend;
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::schema::index;

pub struct Accounts;

impl MigrationName for Accounts {
    fn name(&self) -> &str {
        "m20261124_000008_accounts"
    }
}

/// One column per statement: SQLite alters a table one column at a time.
async fn add_columns(
    m: &SchemaManager<'_>,
    table: &str,
    columns: Vec<ColumnDef>,
) -> Result<(), DbErr> {
    for mut column in columns {
        m.alter_table(
            Table::alter()
                .table(table.to_owned())
                .add_column(&mut column)
                .take(),
        )
        .await?;
    }
    Ok(())
}

async fn drop_columns(
    m: &SchemaManager<'_>,
    table: &str,
    columns: &[&'static str],
) -> Result<(), DbErr> {
    for column in columns {
        m.alter_table(
            Table::alter()
                .table(table.to_owned())
                .drop_column(*column)
                .take(),
        )
        .await?;
    }
    Ok(())
}

const SQLITE_APPEND_ONLY: &[&str] = &[
    "CREATE TRIGGER IF NOT EXISTS audit_log_no_update BEFORE UPDATE ON audit_log \
     BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END",
    "CREATE TRIGGER IF NOT EXISTS audit_log_no_delete BEFORE DELETE ON audit_log \
     BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END",
];

const POSTGRES_APPEND_ONLY: &[&str] = &[
    "CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger AS $$ \
     BEGIN RAISE EXCEPTION 'the audit log is append-only'; END; $$ LANGUAGE plpgsql",
    "CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log \
     FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()",
    "CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log \
     FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()",
];

#[async_trait::async_trait]
impl MigrationTrait for Accounts {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        add_columns(
            m,
            "admin_users",
            vec![
                boolean("disabled").default(false).take(),
                boolean("must_change_password").default(false).take(),
                text_null("totp_secret").take(),
                boolean("totp_enabled").default(false).take(),
                big_integer_null("totp_last_step").take(),
                timestamp_with_time_zone_null("last_sign_in_at").take(),
            ],
        )
        .await?;
        add_columns(
            m,
            "admin_sessions",
            vec![
                timestamp_with_time_zone_null("last_seen_at").take(),
                string_null("address").take(),
                string_null("user_agent").take(),
                boolean("second_factor").default(false).take(),
            ],
        )
        .await?;
        m.create_index(index(
            "idx_admin_sessions_user",
            "admin_sessions",
            &["admin_user_id"],
        ))
        .await?;
        m.create_table(
            Table::create()
                .table("admin_recovery_codes")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(integer("admin_user_id"))
                .col(string("code_hash"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone_null("used_at"))
                .take(),
        )
        .await?;
        m.create_index(index(
            "idx_admin_recovery_codes_user",
            "admin_recovery_codes",
            &["admin_user_id"],
        ))
        .await?;
        m.create_table(
            Table::create()
                .table("audit_log")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(timestamp_with_time_zone("at"))
                .col(string_null("actor"))
                .col(integer_null("actor_id"))
                .col(string_null("address"))
                .col(string("action"))
                .col(string_null("resource"))
                .col(string_null("resource_id"))
                .col(text_null("detail"))
                .take(),
        )
        .await?;
        m.create_index(index("idx_audit_log_at", "audit_log", &["at"]))
            .await?;
        m.create_index(index("idx_audit_log_action", "audit_log", &["action"]))
            .await?;
        m.create_index(index("idx_audit_log_actor", "audit_log", &["actor"]))
            .await?;
        let statements = match m.get_database_backend() {
            DbBackend::Postgres => POSTGRES_APPEND_ONLY,
            _ => SQLITE_APPEND_ONLY,
        };
        for sql in statements {
            m.get_connection().execute_unprepared(sql).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("audit_log").if_exists().take())
            .await?;
        if m.get_database_backend() == DbBackend::Postgres {
            m.get_connection()
                .execute_unprepared("DROP FUNCTION IF EXISTS audit_log_append_only()")
                .await?;
        }
        m.drop_table(
            Table::drop()
                .table("admin_recovery_codes")
                .if_exists()
                .take(),
        )
        .await?;
        drop_columns(
            m,
            "admin_sessions",
            &["last_seen_at", "address", "user_agent", "second_factor"],
        )
        .await?;
        drop_columns(
            m,
            "admin_users",
            &[
                "disabled",
                "must_change_password",
                "totp_secret",
                "totp_enabled",
                "totp_last_step",
                "last_sign_in_at",
            ],
        )
        .await
    }
}
