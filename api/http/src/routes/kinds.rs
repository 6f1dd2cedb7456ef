//! `GET /kinds` (administrators who read content): every kind of content as the content model
//! declares it ([`concierge_core::kinds`]), its fields with their labels in both languages,
//! bounds and required-ness; the admin builds its lists and forms from it.

use actix_web::{get, web};

use super::envelope::{self, ErrorBody, ListEnvelope};
use crate::auth::Admin;
use crate::routes::error_response::Answer;
use concierge_core::kinds::{KINDS, KindView};

/// Every kind, in the content model's order.
#[utoipa::path(context_path = "/api/v1", tag = "content model",
    security(("api_key" = [], "bearer" = ["content.read"])),
    responses((status = 200, body = ListEnvelope<KindView>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
#[get("/kinds")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(_admin: Admin) -> Answer {
    let kinds: Vec<KindView> = KINDS.iter().map(|k| k.view()).collect();
    let total = kinds.len() as u64;
    Ok(envelope::list(kinds, total))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list);
}
