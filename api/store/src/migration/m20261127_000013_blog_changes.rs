//! Every change to a blog row numbered in commit order, so the publisher can keep the blogs'
//! cards between publishes and read only the rows changed since it last looked
//! (`concierge_publish::data::Cards`). A trigger, not the application, numbers them: a write by any
//! instance, a spreadsheet import or a hand in the database is counted all the same.
//!
//! `site_changes` is one row: `seq`, the last number given, and `blog_removed_seq`, the number
//! of the last row deleted outright (the publisher then reads every card again). Taking a number
//! locks that row until the writing transaction ends, so on PostgreSQL a transaction that
//! commits later always holds the higher number: whoever has seen number `n` has seen every
//! change numbered below it. (SQLite has one writer at a time.)

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::schema::index;

pub struct BlogChanges;

impl MigrationName for BlogChanges {
    fn name(&self) -> &str {
        "m20261127_000013_blog_changes"
    }
}

const SQLITE_BLOG_CHANGES: [&str; 3] = [
    "CREATE TRIGGER blogs_change_insert AFTER INSERT ON blogs BEGIN \
       UPDATE site_changes SET seq = seq + 1 WHERE id = 1; \
       UPDATE blogs SET change_seq = (SELECT seq FROM site_changes WHERE id = 1) WHERE id = NEW.id; \
     END",
    "CREATE TRIGGER blogs_change_update AFTER UPDATE ON blogs \
     WHEN NEW.change_seq IS OLD.change_seq BEGIN \
       UPDATE site_changes SET seq = seq + 1 WHERE id = 1; \
       UPDATE blogs SET change_seq = (SELECT seq FROM site_changes WHERE id = 1) WHERE id = NEW.id; \
     END",
    "CREATE TRIGGER blogs_change_delete AFTER DELETE ON blogs BEGIN \
       UPDATE site_changes SET seq = seq + 1, blog_removed_seq = seq + 1 WHERE id = 1; \
     END",
];

const POSTGRES_BLOG_CHANGES: [&str; 4] = [
    "CREATE FUNCTION blogs_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
       UPDATE site_changes SET seq = seq + 1 WHERE id = 1 RETURNING seq INTO NEW.change_seq; \
       RETURN NEW; \
     END $$",
    "CREATE TRIGGER blogs_change BEFORE INSERT OR UPDATE ON blogs \
     FOR EACH ROW EXECUTE FUNCTION blogs_change()",
    "CREATE FUNCTION blogs_removed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
       UPDATE site_changes SET seq = seq + 1, blog_removed_seq = seq + 1 WHERE id = 1; \
       RETURN OLD; \
     END $$",
    "CREATE TRIGGER blogs_removed AFTER DELETE ON blogs \
     FOR EACH ROW EXECUTE FUNCTION blogs_removed()",
];

#[async_trait::async_trait]
impl MigrationTrait for BlogChanges {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("site_changes")
                .if_not_exists()
                .col(integer("id").primary_key())
                .col(big_integer("seq"))
                .col(big_integer("blog_removed_seq"))
                .take(),
        )
        .await?;
        let insert = Query::insert()
            .into_table("site_changes")
            .columns(["id", "seq", "blog_removed_seq"])
            .values_panic([1.into(), 0i64.into(), 0i64.into()])
            .to_owned();
        m.exec_stmt(insert).await?;
        // The blogs already there have change 0: a publisher's first look reads every card.
        m.alter_table(
            Table::alter()
                .table("blogs")
                .add_column(big_integer("change_seq").default(0))
                .take(),
        )
        .await?;
        m.create_index(index("idx_blogs_change_seq", "blogs", &["change_seq"]))
            .await?;
        let statements: &[&str] = match m.get_database_backend() {
            sea_orm::DbBackend::Postgres => &POSTGRES_BLOG_CHANGES,
            _ => &SQLITE_BLOG_CHANGES,
        };
        for sql in statements {
            m.get_connection().execute_unprepared(sql).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        match m.get_database_backend() {
            sea_orm::DbBackend::Postgres => {
                db.execute_unprepared("DROP TRIGGER IF EXISTS blogs_change ON blogs")
                    .await?;
                db.execute_unprepared("DROP TRIGGER IF EXISTS blogs_removed ON blogs")
                    .await?;
                db.execute_unprepared("DROP FUNCTION IF EXISTS blogs_change()")
                    .await?;
                db.execute_unprepared("DROP FUNCTION IF EXISTS blogs_removed()")
                    .await?;
            }
            _ => {
                for trigger in [
                    "blogs_change_insert",
                    "blogs_change_update",
                    "blogs_change_delete",
                ] {
                    db.execute_unprepared(&format!("DROP TRIGGER IF EXISTS {trigger}"))
                        .await?;
                }
            }
        }
        m.drop_index(
            Index::drop()
                .name("idx_blogs_change_seq")
                .table("blogs")
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table("blogs")
                .drop_column("change_seq")
                .take(),
        )
        .await?;
        m.drop_table(Table::drop().table("site_changes").if_exists().take())
            .await
    }
}
