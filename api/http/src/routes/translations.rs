//! The translations' worklist over HTTP (translators, editors, owners): what lacks its Arabic
//! or has an Arabic older than its English, and "the Arabic is still right".

use actix_web::{get, post, web};
use serde::Deserialize;
use serde_json::Value;

use super::envelope::{self, ErrorBody, ItemEnvelope, ListEnvelope};
use crate::auth::Admin;
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::content::translations::{self, ToTranslate, TranslationState};
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct TranslationsQuery {
    /// `missing` (an English field filled, its Arabic empty) or `outdated` (the English changed
    /// after its Arabic did, and after the Arabic was last confirmed); both when left out.
    #[param(value_type = Option<String>, pattern = "^(missing|outdated)?$")]
    pub state: Option<String>,
    /// One kind of content (`blog`, `destination`, …); every kind when left out.
    pub kind: Option<String>,
}

/// Every item whose Arabic is missing or outdated, kind by kind in the content model's order,
/// with the fields by their labels.
#[utoipa::path(context_path = "/api/v1", tag = "content lifecycle",
    params(TranslationsQuery),
    security(("api_key" = [], "bearer" = ["translations"])),
    responses((status = 200, body = ListEnvelope<ToTranslate>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[get("/translations")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<TranslationsQuery>,
) -> Answer {
    let standing = match query.state.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(raw) => Some(TranslationState::parse(raw).ok_or_else(|| {
            ApiError::validation("state", catalog().messages.translation_state.clone())
        })?),
    };
    let kind = query
        .kind
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty());
    let items = translations::list(&state.db, standing, kind).await?;
    let total = items.len() as u64;
    Ok(envelope::list(items, total))
}

/// The Arabic fields an administrator read again and found still right.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ConfirmInput {
    /// Each field by its English name or its Arabic twin's (`description` or `description_ar`).
    #[schema(value_type = Vec<String>, min_items = 1, required = true)]
    pub fields: Option<Value>,
}

/// "The Arabic is still right": ends the `outdated` mark of the item's `fields` without an
/// edit; answers how the item stands after.
#[utoipa::path(context_path = "/api/v1", tag = "content lifecycle",
    params(("kind" = String, Path), ("id" = i32, Path, minimum = 1)),
    request_body = ConfirmInput,
    security(("api_key" = [], "bearer" = ["translations"])),
    responses((status = 200, body = ItemEnvelope<ToTranslate>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[post("/content/{kind}/{id}/translations/confirm")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn confirm(
    state: web::Data<AppState>,
    _admin: Admin,
    path: web::Path<(String, String)>,
    body: web::Json<ConfirmInput>,
) -> Answer {
    let (kind, id) = path.into_inner();
    let id = envelope::parse_id(&id)?;
    let messages = &catalog().messages;
    let fields: Vec<String> = match &body.fields {
        Some(Value::Array(names)) => names
            .iter()
            .map(|n| n.as_str().map(str::to_owned))
            .collect::<Option<_>>()
            .ok_or_else(|| ApiError::validation("fields", messages.translation_fields.clone()))?,
        _ => {
            return Err(ApiError::validation("fields", messages.translation_fields.clone()).into());
        }
    };
    let now = state.settings.clock.now();
    let item = translations::confirm(&state.db, &kind, id, &fields, now).await?;
    Ok(envelope::updated(item, &messages.translation_confirmed))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list).service(confirm);
}
