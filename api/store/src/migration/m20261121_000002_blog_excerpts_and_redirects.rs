//! Blog excerpts (plain text made on save, for listings and feeds) and the old URLs of renamed
//! blogs.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::schema::index;

pub struct BlogExcerptsAndRedirects;

impl MigrationName for BlogExcerptsAndRedirects {
    fn name(&self) -> &str {
        "m20261121_000002_blog_excerpts_and_redirects"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for BlogExcerptsAndRedirects {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for col in ["excerpt", "excerpt_ar"] {
            let mut def = text_null(col);
            m.alter_table(Table::alter().table("blogs").add_column(&mut def).take())
                .await?;
        }
        m.create_table(
            Table::create()
                .table("blog_redirects")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(integer("blog_id"))
                .col(string("slug"))
                .col(timestamp_with_time_zone("created_at"))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_blog_redirects_blog")
                        .from("blog_redirects", "blog_id")
                        .to("blogs", "id")
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .take(),
        )
        .await?;
        m.create_index(
            index(
                "idx_blog_redirects_blog_slug",
                "blog_redirects",
                &["blog_id", "slug"],
            )
            .unique()
            .take(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("blog_redirects").if_exists().take())
            .await?;
        for col in ["excerpt", "excerpt_ar"] {
            m.alter_table(Table::alter().table("blogs").drop_column(col).take())
                .await?;
        }
        Ok(())
    }
}
