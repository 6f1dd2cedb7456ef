//! A covering index of the columns a blog's card shows, in the site's order, on SQLite: every
//! publish lists every live blog's card, and SQLite stores a row's columns in one record, so
//! reading a column after the body (`slug`, `excerpt`, the dates) walked each body's overflow
//! pages. The index answers that query alone. PostgreSQL keeps large bodies out of line (TOAST)
//! and needs none (and limits its index rows to about 2.7 kB, which long names could pass).

use sea_orm_migration::prelude::*;

use super::schema::index;

pub struct BlogCards;

/// The card's columns, after the filter and order of the site's listing.
pub const BLOG_CARD_INDEX: [&str; 10] = [
    "live",
    "deleted_at",
    "display_order",
    "id",
    "slug",
    "name",
    "name_ar",
    "image_url",
    "created_at",
    "updated_at",
];

impl MigrationName for BlogCards {
    fn name(&self) -> &str {
        "m20261126_000012_blog_cards"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for BlogCards {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        if m.get_database_backend() != sea_orm::DbBackend::Sqlite {
            return Ok(());
        }
        m.create_index(index("idx_blogs_cards", "blogs", &BLOG_CARD_INDEX))
            .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        if m.get_database_backend() != sea_orm::DbBackend::Sqlite {
            return Ok(());
        }
        m.drop_index(
            Index::drop()
                .name("idx_blogs_cards")
                .table("blogs")
                .to_owned(),
        )
        .await
    }
}
