//! Schema migrations. The same statements run on SQLite and PostgreSQL.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

mod accounts;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(Initial),
            Box::new(BlogExcerptsAndRedirects),
            Box::new(PublishLease),
            Box::new(PublishRetries),
            Box::new(ThrottleEvents),
            Box::new(EnquiryInbox),
            Box::new(OutboxMessages),
            Box::new(accounts::Accounts),
            Box::new(ServiceComingSoon),
            Box::new(MediaImages),
            Box::new(ContentLifecycle),
            Box::new(BlogCards),
            Box::new(BlogChanges),
            Box::new(DueIndexes),
            Box::new(RestChanges),
        ]
    }
}

struct Initial;

impl MigrationName for Initial {
    fn name(&self) -> &str {
        "m20261121_000001_initial"
    }
}

fn stamps(mut table: TableCreateStatement) -> TableCreateStatement {
    table
        .col(timestamp_with_time_zone("created_at"))
        .col(timestamp_with_time_zone("updated_at"));
    table
}

fn index(
    name: impl Into<String>,
    table: &'static str,
    cols: &[&'static str],
) -> IndexCreateStatement {
    let mut index = Index::create();
    index.name(name).table(table).if_not_exists();
    for col in cols {
        index.col(*col);
    }
    index.take()
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

/// Blog excerpts (plain text made on save, for listings and feeds) and the old URLs of renamed
/// blogs.
struct BlogExcerptsAndRedirects;

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

/// One row: which worker may publish now, and until when. Instances take turns, so two never
/// write the site at once and a dead holder's work is taken over when its lease runs out.
struct PublishLease;

impl MigrationName for PublishLease {
    fn name(&self) -> &str {
        "m20261121_000003_publish_lease"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for PublishLease {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("publish_lease")
                .if_not_exists()
                .col(integer("id").primary_key())
                .col(string_null("holder"))
                .col(timestamp_with_time_zone("expires_at"))
                .take(),
        )
        .await?;
        let insert = Query::insert()
            .into_table("publish_lease")
            .columns(["id", "holder", "expires_at"])
            .values_panic([
                1.into(),
                Option::<String>::None.into(),
                chrono::DateTime::<chrono::Utc>::UNIX_EPOCH.into(),
            ])
            .to_owned();
        m.exec_stmt(insert).await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("publish_lease").if_exists().take())
            .await
    }
}

/// Jobs that fail are retried with backoff (`next_attempt_at`) and set aside after a few tries
/// (`failed_at`), so one bad page never holds the others back. Slugs made before their length
/// was capped are brought under the cap (a longer one cannot be a file name).
struct PublishRetries;

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
    rows.retain(|(_, _, slug)| ssg::slug::capped(slug) != *slug);
    for (id, owner, slug) in rows {
        let capped = ssg::slug::capped(&slug);
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

/// Login failures become throttle events: one table counts sign-in attempts per address and
/// per user name and address, failures per user name, and public form submissions per address.
struct ThrottleEvents;

impl MigrationName for ThrottleEvents {
    fn name(&self) -> &str {
        "m20261123_000005_throttle_events"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for ThrottleEvents {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.rename_table(
            Table::rename()
                .table("login_failures", "throttle_events")
                .take(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table("throttle_events")
                .rename_column("failed_at", "at")
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("throttle_events")
                .rename_column("at", "failed_at")
                .take(),
        )
        .await?;
        m.rename_table(
            Table::rename()
                .table("throttle_events", "login_failures")
                .take(),
        )
        .await
    }
}

/// Enquiries get a status, the language of their page and internal notes (the inbox).
struct EnquiryInbox;

impl MigrationName for EnquiryInbox {
    fn name(&self) -> &str {
        "m20261123_000006_enquiry_inbox"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for EnquiryInbox {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for column in [
            string("status").default("new").take(),
            string("lang").default("en").take(),
            text("notes").default("").take(),
        ] {
            let mut column = column;
            m.alter_table(
                Table::alter()
                    .table("contact_us")
                    .add_column(&mut column)
                    .take(),
            )
            .await?;
        }
        m.create_index(index(
            "idx_contact_us_status_created",
            "contact_us",
            &["status", "created_date"],
        ))
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for column in ["status", "lang", "notes"] {
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

/// Notifications of new enquiries (staff email, visitor acknowledgement, webhook), queued in the
/// enquiry's transaction and sent by a worker.
struct OutboxMessages;

impl MigrationName for OutboxMessages {
    fn name(&self) -> &str {
        "m20261123_000007_outbox_messages"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for OutboxMessages {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("outbox_messages")
                .if_not_exists()
                .col(pk_auto("id"))
                .col(string("kind"))
                .col(integer("enquiry_id"))
                .col(string("key"))
                .col(text("payload"))
                .col(integer("attempts"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone_null("next_attempt_at"))
                .col(timestamp_with_time_zone_null("claimed_until"))
                .col(string_null("claimed_by"))
                .col(timestamp_with_time_zone_null("sent_at"))
                .col(timestamp_with_time_zone_null("failed_at"))
                .col(text_null("last_error"))
                .take(),
        )
        .await?;
        m.create_index(index(
            "idx_outbox_messages_due",
            "outbox_messages",
            &["sent_at", "failed_at", "next_attempt_at"],
        ))
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("outbox_messages").if_exists().take())
            .await
    }
}

/// "Coming soon" is a flag on the service, set in the admin: no longer a rule about one name. A
/// service called "Dine In" keeps the overlay it had.
struct ServiceComingSoon;

impl MigrationName for ServiceComingSoon {
    fn name(&self) -> &str {
        "m20261124_000009_service_coming_soon"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for ServiceComingSoon {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("our_services")
                .add_column(boolean("coming_soon").default(false))
                .take(),
        )
        .await?;
        m.get_connection()
            .execute_unprepared(
                "UPDATE our_services SET coming_soon = TRUE \
                 WHERE LOWER(REPLACE(REPLACE(name, ' ', ''), '-', '')) = 'dinein'",
            )
            .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("our_services")
                .drop_column("coming_soon")
                .take(),
        )
        .await
    }
}

/// What the media store knows of each uploaded image (its size, and the responsive variants of a
/// photograph), and the queue of photographs whose variants are still to be made.
struct MediaImages;

impl MigrationName for MediaImages {
    fn name(&self) -> &str {
        "m20261124_000010_media_images"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for MediaImages {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("media_images")
                .if_not_exists()
                .col(string("name").primary_key())
                .col(string("status"))
                .col(integer_null("width"))
                .col(integer_null("height"))
                .col(big_integer("bytes"))
                .col(text_null("info"))
                .col(integer("attempts"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("updated_at"))
                .col(timestamp_with_time_zone_null("next_attempt_at"))
                .col(timestamp_with_time_zone_null("claimed_until"))
                .col(string_null("claimed_by"))
                .col(text_null("last_error"))
                .take(),
        )
        .await?;
        m.create_index(index(
            "idx_media_images_due",
            "media_images",
            &["status", "next_attempt_at"],
        ))
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("media_images").if_exists().take())
            .await
    }
}

/// The content lifecycle: every public item's status, schedule, pending draft and deletion
/// mark, and the append-only history of every save.
struct ContentLifecycle;

/// The tables of public content, each of which gets the lifecycle's columns.
pub const CONTENT_TABLES: [&str; 6] = [
    "our_services",
    "list_of_services",
    "blogs",
    "client_reviews",
    "flashy_banners",
    "general_content_sections",
];

impl MigrationName for ContentLifecycle {
    fn name(&self) -> &str {
        "m20261125_000011_content_lifecycle"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for ContentLifecycle {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in CONTENT_TABLES {
            // SQLite alters one column a statement.
            for column in [
                string("status").default("published").take(),
                timestamp_with_time_zone_null("publish_at"),
                timestamp_with_time_zone_null("unpublish_at"),
                timestamp_with_time_zone_null("published_at"),
                timestamp_with_time_zone_null("deleted_at"),
                boolean("live").default(true).take(),
                text_null("draft"),
            ] {
                m.alter_table(Table::alter().table(table).add_column(column).take())
                    .await?;
            }
            m.get_connection()
                .execute_unprepared(&format!("UPDATE {table} SET published_at = updated_at"))
                .await?;
        }
        m.create_table(
            Table::create()
                .table("content_revisions")
                .col(pk_auto("id"))
                .col(string("kind"))
                .col(integer("item_id"))
                .col(timestamp_with_time_zone("created_at"))
                .col(string_null("author"))
                .col(string("action"))
                .col(text("changed_fields"))
                .col(text("data"))
                .take(),
        )
        .await?;
        m.create_index(index(
            "idx_content_revisions_item",
            "content_revisions",
            &["kind", "item_id", "id"],
        ))
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("content_revisions").if_exists().take())
            .await?;
        for table in CONTENT_TABLES {
            for column in [
                "status",
                "publish_at",
                "unpublish_at",
                "published_at",
                "deleted_at",
                "live",
                "draft",
            ] {
                m.alter_table(Table::alter().table(table).drop_column(column).take())
                    .await?;
            }
        }
        Ok(())
    }
}

/// A covering index of the columns a blog's card shows, in the site's order, on SQLite: every
/// publish lists every live blog's card, and SQLite stores a row's columns in one record, so
/// reading a column after the body (`slug`, `excerpt`, the dates) walked each body's overflow
/// pages. The index answers that query alone. PostgreSQL keeps large bodies out of line (TOAST)
/// and needs none (and limits its index rows to about 2.7 kB, which long names could pass).
struct BlogCards;

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

/// Every change to a blog row numbered in commit order, so the publisher can keep the blogs'
/// cards between publishes and read only the rows changed since it last looked
/// (`store::site_data::Cards`). A trigger, not the application, numbers them: a write by any
/// instance, a spreadsheet import or a hand in the database is counted all the same.
///
/// `site_changes` is one row: `seq`, the last number given, and `blog_removed_seq`, the number
/// of the last row deleted outright (the publisher then reads every card again). Taking a number
/// locks that row until the writing transaction ends, so on PostgreSQL a transaction that
/// commits later always holds the higher number: whoever has seen number `n` has seen every
/// change numbered below it. (SQLite has one writer at a time.)
struct BlogChanges;

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

/// Indexes for the workers' periodic questions, which read every row without them and so grew
/// with the site (docs/benchmarks.md): the publish queue's claim (open jobs in order: it walked
/// every job ever done, 3 ms at 7,751 jobs, before each publish), the scheduler's look every 15
/// seconds (items waiting to go live, live items whose time is over: 50 ms at 5,000 blogs, the
/// bodies' overflow pages read for the status and times stored after them) and its purge of
/// items deleted long ago.
struct DueIndexes;

impl MigrationName for DueIndexes {
    fn name(&self) -> &str {
        "m20261128_000014_due_indexes"
    }
}

/// Both of the scheduler's questions: `status` and `live` by equality (`deleted_at IS NULL` is
/// one too), then `unpublish_at` by range. Waiting items are few; live ones past their end are.
const SCHEDULE_INDEX: [&str; 4] = ["status", "live", "deleted_at", "unpublish_at"];

#[async_trait::async_trait]
impl MigrationTrait for DueIndexes {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // Open jobs by equality on both ends, in id order (the old index on `done_at` alone lost
        // to the one on `failed_at`, which every job matches).
        m.create_index(index(
            "idx_publish_jobs_open",
            "publish_jobs",
            &["done_at", "failed_at", "id"],
        ))
        .await?;
        m.drop_index(
            Index::drop()
                .name("idx_publish_jobs_pending")
                .table("publish_jobs")
                .to_owned(),
        )
        .await?;
        for table in CONTENT_TABLES {
            m.create_index(index(schedule_index(table), table, &SCHEDULE_INDEX))
                .await?;
            m.create_index(index(deleted_index(table), table, &["deleted_at"]))
                .await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in CONTENT_TABLES {
            for name in [schedule_index(table), deleted_index(table)] {
                m.drop_index(Index::drop().name(name).table(table).to_owned())
                    .await?;
            }
        }
        m.create_index(index(
            "idx_publish_jobs_pending",
            "publish_jobs",
            &["done_at", "id"],
        ))
        .await?;
        m.drop_index(
            Index::drop()
                .name("idx_publish_jobs_open")
                .table("publish_jobs")
                .to_owned(),
        )
        .await
    }
}

fn schedule_index(table: &str) -> String {
    format!("idx_{table}_schedule")
}

fn deleted_index(table: &str) -> String {
    format!("idx_{table}_deleted")
}

/// Every change to the rest of what the site shows (services and their items, reviews, banners,
/// general content, blogs' old URLs, what the media store knows of images) numbered too, in
/// `site_changes.rest_seq`: the number of the last one. The publisher keeps all of it between
/// publishes and reads it again only when that number moved (`store::site_data::Kept`); reading
/// it on every publish was a fifth of an edit (docs/benchmarks.md). Triggers, as for the blogs
/// ([`BlogChanges`]), so that whoever writes, the number moves.
struct RestChanges;

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
