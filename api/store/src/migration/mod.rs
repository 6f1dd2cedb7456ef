//! Schema migrations. The same statements run on SQLite and PostgreSQL.

use sea_orm_migration::prelude::*;

mod schema;

mod m20261121_000001_initial;
mod m20261121_000002_blog_excerpts_and_redirects;
mod m20261121_000003_publish_lease;
mod m20261123_000004_publish_retries;
mod m20261123_000005_throttle_events;
mod m20261123_000006_enquiry_inbox;
mod m20261123_000007_outbox_messages;
mod m20261124_000008_accounts;
mod m20261124_000009_service_coming_soon;
mod m20261124_000010_media_images;
mod m20261125_000011_content_lifecycle;
mod m20261126_000012_blog_cards;
mod m20261127_000013_blog_changes;
mod m20261128_000014_due_indexes;
mod m20261129_000015_rest_changes;
mod m20261130_000016_admin_roles;
mod m20261130_000017_versions;
mod m20261130_000018_edge_purges;
mod m20261201_000019_schedule_zone;
mod m20261201_000020_enquiry_versions;
mod m20261202_000021_enquiry_desk;
mod m20261203_000022_media_library;
mod m20261204_000023_media_versions;
mod m20261205_000024_request_ids;
mod m20261206_000025_destinations;
mod m20261207_000026_translation_confirmations;
mod m20261208_000027_reviews;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261121_000001_initial::Initial),
            Box::new(m20261121_000002_blog_excerpts_and_redirects::BlogExcerptsAndRedirects),
            Box::new(m20261121_000003_publish_lease::PublishLease),
            Box::new(m20261123_000004_publish_retries::PublishRetries),
            Box::new(m20261123_000005_throttle_events::ThrottleEvents),
            Box::new(m20261123_000006_enquiry_inbox::EnquiryInbox),
            Box::new(m20261123_000007_outbox_messages::OutboxMessages),
            Box::new(m20261124_000008_accounts::Accounts),
            Box::new(m20261124_000009_service_coming_soon::ServiceComingSoon),
            Box::new(m20261124_000010_media_images::MediaImages),
            Box::new(m20261125_000011_content_lifecycle::ContentLifecycle),
            Box::new(m20261126_000012_blog_cards::BlogCards),
            Box::new(m20261127_000013_blog_changes::BlogChanges),
            Box::new(m20261128_000014_due_indexes::DueIndexes),
            Box::new(m20261129_000015_rest_changes::RestChanges),
            Box::new(m20261130_000016_admin_roles::AdminRoles),
            Box::new(m20261130_000017_versions::Versions),
            Box::new(m20261130_000018_edge_purges::EdgePurges),
            Box::new(m20261201_000019_schedule_zone::ScheduleZone),
            Box::new(m20261201_000020_enquiry_versions::EnquiryVersions),
            Box::new(m20261202_000021_enquiry_desk::EnquiryDesk),
            Box::new(m20261203_000022_media_library::MediaLibrary),
            Box::new(m20261204_000023_media_versions::MediaVersions),
            Box::new(m20261205_000024_request_ids::RequestIds),
            Box::new(m20261206_000025_destinations::Destinations),
            Box::new(m20261207_000026_translation_confirmations::TranslationConfirmations),
            Box::new(m20261208_000027_reviews::Reviews),
        ]
    }
}
