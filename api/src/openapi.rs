//! The OpenAPI description, generated from the handlers' annotations.

use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::routes;

#[derive(OpenApi)]
#[openapi(
    info(title = "Concierge CMS API", version = "1.0.0",
         description = "Content API of the concierge website. Every request carries `x-api-key`; \
                        administrator requests also carry `Authorization: Bearer <token>`."),
    paths(
        routes::auth::login, routes::auth::logout,
        routes::services::list_by_order, routes::services::list, routes::services::get_one, routes::services::create, routes::services::update, routes::services::remove,
        routes::service_lists::list_for_service, routes::service_lists::get_one, routes::service_lists::create, routes::service_lists::update, routes::service_lists::remove,
        routes::blogs::list, routes::blogs::get_one, routes::blogs::create, routes::blogs::update, routes::blogs::remove,
        routes::reviews::list, routes::reviews::list_by_order, routes::reviews::get_one, routes::reviews::create, routes::reviews::update, routes::reviews::remove,
        routes::banners::list, routes::banners::get_one, routes::banners::create, routes::banners::update, routes::banners::remove,
        routes::general_content::list, routes::general_content::get_one, routes::general_content::create, routes::general_content::update, routes::general_content::remove,
        routes::contact::create, routes::contact::list, routes::contact::get_one, routes::contact::update, routes::contact::remove,
        routes::subscriptions::create, routes::subscriptions::list, routes::subscriptions::remove,
        routes::publishing::status,
        routes::media::upload,
        routes::spreadsheets::export_contacts, routes::spreadsheets::import,
    ),
    modifiers(&Security),
    security(("api_key" = [])),
)]
pub struct ApiDoc;

struct Security;

impl Modify for Security {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "api_key",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("x-api-key"))),
        );
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// The document with every path under `/api/v1`.
pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}
