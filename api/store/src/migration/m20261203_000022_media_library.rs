//! The media library (issue 42): an upload keeps the name it was uploaded under and who
//! uploaded it; an image gains alt text in English and Arabic, a focal point and a trash; the
//! usage index says which content shows which file ([`crate::media_usage`]), built here from
//! every item; a blog keeps the URLs of the files its text shows (`body_media`), so its page's
//! digest covers them without reading its body.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, FromQueryResult, JsonValue, Statement};

pub struct MediaLibrary;

impl MigrationName for MediaLibrary {
    fn name(&self) -> &str {
        "m20261203_000022_media_library"
    }
}

/// The columns the library adds to `media_images`.
fn columns() -> [ColumnDef; 7] {
    [
        string_len_null("original_name", 255),
        string_len_null("uploaded_by", 100),
        text_null("alt"),
        text_null("alt_ar"),
        double_null("focal_x"),
        double_null("focal_y"),
        timestamp_with_time_zone_null("deleted_at"),
    ]
}

const COLUMN_NAMES: [&str; 7] = [
    "original_name",
    "uploaded_by",
    "alt",
    "alt_ar",
    "focal_x",
    "focal_y",
    "deleted_at",
];

#[async_trait::async_trait]
impl MigrationTrait for MediaLibrary {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for mut column in columns() {
            m.alter_table(
                Table::alter()
                    .table("media_images")
                    .add_column(&mut column)
                    .take(),
            )
            .await?;
        }
        m.alter_table(
            Table::alter()
                .table("blogs")
                .add_column(text_null("body_media"))
                .take(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("media_usage")
                .if_not_exists()
                .col(string_len("media_name", 64))
                .col(string_len("kind", 32))
                .col(integer("item_id"))
                .col(string_len("field", 64))
                .col(boolean("pending"))
                .col(string_len("title", 255))
                .primary_key(
                    Index::create()
                        .col("media_name")
                        .col("kind")
                        .col("item_id")
                        .col("field"),
                )
                .take(),
        )
        .await?;
        // A write re-indexes its item; the library lists by upload time, and finds the trash.
        for (table, name, cols) in [
            ("media_usage", "media_usage_item", &["kind", "item_id"][..]),
            ("media_images", "media_images_created", &["created_at"][..]),
            ("media_images", "media_images_deleted", &["deleted_at"][..]),
        ] {
            let mut index = Index::create();
            index.name(name).table(table).if_not_exists();
            for col in cols {
                index.col(*col);
            }
            m.create_index(index.take()).await?;
        }
        let db = m.get_connection();
        let backend = m.get_database_backend();
        // Each blog's files shown by its text, from its text as it is now.
        let blogs = JsonValue::find_by_statement(Statement::from_string(
            backend,
            "SELECT id, description, description_ar FROM blogs",
        ))
        .all(db)
        .await?;
        for blog in blogs {
            let text = |key: &str| blog.get(key).and_then(|v| v.as_str()).unwrap_or_default();
            let media = concierge_core::domain::media::body_media(
                text("description"),
                Some(text("description_ar")),
            );
            if let (Some(media), Some(id)) = (media, blog.get("id").and_then(|v| v.as_i64())) {
                db.execute_raw(Statement::from_sql_and_values(
                    backend,
                    match backend {
                        sea_orm_migration::sea_orm::DbBackend::Postgres => {
                            "UPDATE blogs SET body_media = $1 WHERE id = $2"
                        }
                        _ => "UPDATE blogs SET body_media = ? WHERE id = ?",
                    },
                    [media.into(), id.into()],
                ))
                .await?;
            }
        }
        crate::media_usage::rebuild(db, crate::media_usage::TABLES_AT_MIGRATION).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("media_usage").take())
            .await?;
        m.alter_table(
            Table::alter()
                .table("blogs")
                .drop_column("body_media")
                .take(),
        )
        .await?;
        for column in COLUMN_NAMES {
            m.alter_table(
                Table::alter()
                    .table("media_images")
                    .drop_column(column)
                    .take(),
            )
            .await?;
        }
        Ok(())
    }
}
