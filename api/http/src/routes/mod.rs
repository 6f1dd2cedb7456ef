//! HTTP handlers, one module per resource (and one, `generic`, for every kind of content):
//! parse, call the use case, respond.

pub mod account;
pub mod admin_app;
pub mod admin_users;
pub mod airport;
pub mod audit;
pub mod auth;
pub mod contact;
pub mod desk;
pub mod envelope;
pub mod error_response;
pub mod events;
pub mod generic;
pub mod health;
pub mod kinds;
pub mod language;
pub mod lifecycle;
pub mod media;
pub mod media_library;
pub mod metrics;
pub mod notifications;
pub mod presence;
pub mod publishing;
pub mod review;
pub mod security_headers;
pub mod site;
pub mod spreadsheets;
pub mod subscriptions;
pub mod translations;
pub mod versions;

use actix_web::web;

/// Everything under `/api/v1`.
pub fn api(cfg: &mut web::ServiceConfig) {
    cfg.configure(auth::configure)
        .configure(account::configure)
        .configure(admin_users::configure)
        .service(audit::list)
        // Every kind of content, as the content model declares its routes.
        .configure(generic::configure)
        .configure(kinds::configure)
        .configure(lifecycle::configure)
        .configure(translations::configure)
        .configure(review::configure)
        .service(events::events)
        .configure(presence::configure)
        // Before `contact`: `/contact-us/export` would otherwise match `/contact-us/{id}`.
        .service(spreadsheets::export_contacts)
        .service(spreadsheets::import_contacts)
        .service(spreadsheets::import_general_content)
        .service(spreadsheets::import_unknown)
        .configure(contact::configure)
        .configure(airport::configure)
        .configure(desk::configure)
        .configure(subscriptions::configure)
        .service(publishing::status)
        .service(publishing::retry)
        .service(notifications::status)
        .service(media::upload)
        .service(media_library::list)
        .service(media_library::info)
        .service(media_library::update)
        .service(media_library::remove)
        .service(media_library::undelete);
}
