//! The first schema: the specification's content tables (services and their list items, blogs,
//! client reviews, banners, general content), contact enquiries, subscriptions, administrators
//! and their sessions, failed sign-ins and the publish outbox.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::schema::{index, stamps};

pub struct Initial;

impl MigrationName for Initial {
    fn name(&self) -> &str {
        "m20261121_000001_initial"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Initial {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(stamps(
            Table::create()
                .table("our_services")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(string("name"))
                .col(string_null("name_ar"))
                .col(text("description"))
                .col(text_null("description_ar"))
                .col(text("content"))
                .col(text_null("content_ar"))
                .col(integer("display_order"))
                .col(string("image_url"))
                .col(string("color"))
                .take(),
        ))
        .await?;
        m.create_table(stamps(
            Table::create()
                .table("list_of_services")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(string("name"))
                .col(string_null("name_ar"))
                .col(text("description"))
                .col(text_null("description_ar"))
                .col(string("image_url"))
                .col(string("service_name"))
                .col(string("title_bg_class"))
                .col(integer("display_order"))
                .col(integer("our_service_id"))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_list_of_services_service")
                        .from("list_of_services", "our_service_id")
                        .to("our_services", "id")
                        .on_delete(ForeignKeyAction::Restrict),
                )
                .take(),
        ))
        .await?;
        m.create_table(stamps(
            Table::create()
                .table("blogs")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(string("name"))
                .col(string_null("name_ar"))
                .col(text("description"))
                .col(text_null("description_ar"))
                .col(string("image_url"))
                .col(integer("display_order"))
                .col(string("meta_title"))
                .col(string_null("meta_title_ar"))
                .col(string("meta_description"))
                .col(string_null("meta_description_ar"))
                .col(string("key_words"))
                .col(string_null("key_words_ar"))
                .col(string("slug"))
                .take(),
        ))
        .await?;
        m.create_table(stamps(
            Table::create()
                .table("client_reviews")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(string("name"))
                .col(string_null("name_ar"))
                .col(string("title"))
                .col(string_null("title_ar"))
                .col(text("description"))
                .col(text_null("description_ar"))
                .col(string("image_url"))
                .col(integer("display_order"))
                .take(),
        ))
        .await?;
        m.create_table(
            Table::create()
                .table("contact_us")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(string("first_name"))
                .col(string("last_name"))
                .col(string("email"))
                .col(string("phone"))
                .col(string("subject"))
                .col(text("message"))
                .col(timestamp_with_time_zone("created_date"))
                .take(),
        )
        .await?;
        m.create_table(stamps(
            Table::create()
                .table("flashy_banners")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(string("banner_name"))
                .col(string("banner_url"))
                .col(string("image_id"))
                .col(string("title"))
                .col(string_null("title_ar"))
                .col(string("sub_title"))
                .col(string_null("sub_title_ar"))
                .col(string("web_url"))
                .take(),
        ))
        .await?;
        m.create_table(stamps(
            Table::create()
                .table("general_content_sections")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(string("name"))
                .col(text("values"))
                .col(text_null("values_ar"))
                .col(integer("display_order"))
                .take(),
        ))
        .await?;
        m.create_table(
            Table::create()
                .table("subscriptions")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(string_uniq("email"))
                .col(timestamp_with_time_zone("created_at"))
                .take(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("admin_users")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(string_uniq("username"))
                .col(string("password_hash"))
                .col(timestamp_with_time_zone("created_at"))
                .take(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("admin_sessions")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(integer("admin_user_id"))
                .col(string_uniq("token_hash"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("expires_at"))
                .col(timestamp_with_time_zone_null("revoked_at"))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_admin_sessions_user")
                        .from("admin_sessions", "admin_user_id")
                        .to("admin_users", "id")
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .take(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("login_failures")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(string("scope"))
                .col(timestamp_with_time_zone("failed_at"))
                .take(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("publish_jobs")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(string("resource"))
                .col(integer("resource_id"))
                .col(string("action"))
                .col(text_null("detail"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone_null("claimed_at"))
                .col(string_null("claimed_by"))
                .col(integer("attempts").default(0))
                .col(timestamp_with_time_zone_null("done_at"))
                .col(text_null("last_error"))
                .take(),
        )
        .await?;
        for idx in [
            index(
                "idx_list_of_services_parent",
                "list_of_services",
                &["our_service_id", "display_order"],
            ),
            index(
                "idx_our_services_order",
                "our_services",
                &["display_order", "id"],
            ),
            index("idx_blogs_order", "blogs", &["display_order", "id"]),
            index(
                "idx_client_reviews_order",
                "client_reviews",
                &["display_order", "id"],
            ),
            index(
                "idx_general_content_order",
                "general_content_sections",
                &["display_order", "id"],
            ),
            index("idx_contact_us_created", "contact_us", &["created_date"]),
            index(
                "idx_login_failures_scope",
                "login_failures",
                &["scope", "failed_at"],
            ),
            index(
                "idx_publish_jobs_pending",
                "publish_jobs",
                &["done_at", "id"],
            ),
        ] {
            m.create_index(idx).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "publish_jobs",
            "login_failures",
            "admin_sessions",
            "admin_users",
            "subscriptions",
            "general_content_sections",
            "flashy_banners",
            "contact_us",
            "client_reviews",
            "blogs",
            "list_of_services",
            "our_services",
        ] {
            m.drop_table(Table::drop().table(table).if_exists().take())
                .await?;
        }
        Ok(())
    }
}
