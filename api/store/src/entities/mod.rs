//! sea-orm entities, one module per table.

pub mod admin_recovery_code;
pub mod admin_session;
pub mod admin_user;
pub mod airport_request;
pub mod audit_event;
pub mod banner;
pub mod blog;
pub mod blog_redirect;
pub mod contact;
pub mod content_review;
pub mod content_revision;
pub mod destination;
pub mod destination_redirect;
pub mod edge_purge;
pub mod general_content;
pub mod media_image;
pub mod media_usage;
pub mod outbox_message;
pub mod publish_job;
pub mod review;
pub mod service;
pub mod service_item;
pub mod subscription;
pub mod throttle_event;
pub mod timeline;
pub mod translation_confirmation;
