//! Review over HTTP: a change submitted for review (everyone who edits content), the queue of
//! what waits (editors, owners), and a change returned to its author with a note.

use actix_web::{get, post, web};
use serde::Deserialize;
use serde_json::Value;

use super::envelope::{self, ErrorBody, ListEnvelope};
use crate::auth::Admin;
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::content::review_queue::{self, Step, Waiting};
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;

/// A review's note.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct NoteInput {
    /// Up to 2,000 characters: what the author asks the editor to look at, or what the editor
    /// asks the author to change (required when returning).
    #[schema(value_type = Option<String>, max_length = 2000)]
    pub note: Option<Value>,
}

/// The note of `body` (none when there is no body), 400 on `note` when it is not text.
fn note_of(body: Option<web::Json<NoteInput>>) -> Answer<Option<String>> {
    let note = match body.and_then(|b| b.into_inner().note) {
        None | Some(Value::Null) => None,
        Some(Value::String(text)) => Some(text),
        Some(_) => {
            let message = catalog()
                .messages
                .invalid_json
                .with("detail", "note must be text".to_owned());
            return Err(ApiError::validation("note", message).into());
        }
    };
    Ok(review_queue::note_of(note.as_deref())?)
}

/// Moves the review of the item at `(kind, id)` one `step` with the body's note, and wakes the
/// sender of its mail: 200 with the item and `message`.
async fn hand_off(
    state: &AppState,
    (kind, id): (String, String),
    step: Step,
    body: Option<web::Json<NoteInput>>,
    message: &concierge_core::i18n::Text,
) -> Answer {
    let id = envelope::parse_id(&id)?;
    let note = note_of(body)?;
    let now = state.settings.clock.now();
    let view =
        review_queue::hand_off(&state.db, &state.settings, &kind, id, step, note, now).await?;
    state.notify_wakeup.notify_one();
    Ok(envelope::updated(view, message))
}

/// Submits the item's change (its pending change, or a draft never published) for review:
/// it waits for an editor, and the editors and owners are emailed. 409 when nothing of the
/// item waits to be published.
#[utoipa::path(context_path = "/api/v1", tag = "content lifecycle",
    params(("kind" = String, Path), ("id" = i32, Path, minimum = 1)),
    request_body(content = Option<NoteInput>),
    security(("api_key" = [], "bearer" = ["content.edit"])),
    responses((status = 200, body = ItemEnvelope<Object>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[post("/content/{kind}/{id}/review")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn submit(
    state: web::Data<AppState>,
    _admin: Admin,
    path: web::Path<(String, String)>,
    body: Option<web::Json<NoteInput>>,
) -> Answer {
    let message = &catalog().messages.review_submitted;
    hand_off(&state, path.into_inner(), Step::Submit, body, message).await
}

/// Every change waiting for an editor, across kinds, the longest waiting first, each with the
/// fields it changes beside their live values.
#[utoipa::path(context_path = "/api/v1", tag = "content lifecycle",
    security(("api_key" = [], "bearer" = ["review"])),
    responses((status = 200, body = ListEnvelope<Waiting>)))]
#[get("/review")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn waiting(state: web::Data<AppState>, _admin: Admin) -> Answer {
    let items = review_queue::waiting(&state.db).await?;
    let total = items.len() as u64;
    Ok(envelope::list(items, total))
}

/// Returns the item's waiting change to its author with a note (required); the author is
/// emailed. 409 when nothing of the item waits for review.
#[utoipa::path(context_path = "/api/v1", tag = "content lifecycle",
    params(("kind" = String, Path), ("id" = i32, Path, minimum = 1)),
    request_body = NoteInput,
    security(("api_key" = [], "bearer" = ["review"])),
    responses((status = 200, body = ItemEnvelope<Object>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[post("/content/{kind}/{id}/review/return")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn give_back(
    state: web::Data<AppState>,
    _admin: Admin,
    path: web::Path<(String, String)>,
    body: Option<web::Json<NoteInput>>,
) -> Answer {
    let message = &catalog().messages.review_returned;
    hand_off(&state, path.into_inner(), Step::Return, body, message).await
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(submit).service(waiting).service(give_back);
}
