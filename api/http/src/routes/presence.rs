//! `PUT`, `GET`, `DELETE /presence/{kind}/{id}` (administrators who read content): the admin
//! says a content item's form is open (every 20 seconds), asks who else has it open and since
//! when, and says when it closes. Advisory: it never blocks a save.

use actix_web::{delete, get, put, web};

use super::envelope::{self, ErrorBody, ListEnvelope};
use crate::auth::Admin;
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::content::presence::{self, Present};

/// The kind and id of the path, once the item is known to exist (404 otherwise).
async fn item(state: &AppState, path: (String, String)) -> Answer<(String, i32)> {
    let (kind, id) = path;
    let id = envelope::parse_id(&id)?;
    presence::exists(&state.db, &kind, id).await?;
    Ok((kind, id))
}

/// Everyone else with the form open now, first come first.
async fn others(state: &AppState, admin: &Admin, kind: &str, id: i32) -> Answer {
    let now = state.settings.clock.now();
    let present: Vec<Present> = presence::others(&state.db, kind, id, admin.user_id, now).await?;
    let total = present.len() as u64;
    Ok(envelope::list(present, total))
}

/// The signed-in administrator has the item's form open: answers who else has.
#[utoipa::path(context_path = "/api/v1", tag = "presence",
    params(("kind" = String, Path), ("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["content.read"])),
    responses((status = 200, body = ListEnvelope<Present>), (status = 404, body = ErrorBody)))]
#[put("/presence/{kind}/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn here(
    state: web::Data<AppState>,
    admin: Admin,
    path: web::Path<(String, String)>,
) -> Answer {
    let (kind, id) = item(&state, path.into_inner()).await?;
    let now = state.settings.clock.now();
    presence::here(&state.db, &kind, id, admin.user_id, &admin.username, now).await?;
    others(&state, &admin, &kind, id).await
}

/// Who else has the item's form open (seen in the last 60 seconds), and since when.
#[utoipa::path(context_path = "/api/v1", tag = "presence",
    params(("kind" = String, Path), ("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["content.read"])),
    responses((status = 200, body = ListEnvelope<Present>), (status = 404, body = ErrorBody)))]
#[get("/presence/{kind}/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(
    state: web::Data<AppState>,
    admin: Admin,
    path: web::Path<(String, String)>,
) -> Answer {
    let (kind, id) = item(&state, path.into_inner()).await?;
    others(&state, &admin, &kind, id).await
}

/// The signed-in administrator closed the item's form: answers who else still has it open.
#[utoipa::path(context_path = "/api/v1", tag = "presence",
    params(("kind" = String, Path), ("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["content.read"])),
    responses((status = 200, body = ListEnvelope<Present>), (status = 404, body = ErrorBody)))]
#[delete("/presence/{kind}/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn gone(
    state: web::Data<AppState>,
    admin: Admin,
    path: web::Path<(String, String)>,
) -> Answer {
    let (kind, id) = path_of(path.into_inner())?;
    presence::gone(&state.db, &kind, id, admin.user_id).await?;
    others(&state, &admin, &kind, id).await
}

/// The kind and id of the path (closing a form of an item deleted meanwhile is fine).
fn path_of(path: (String, String)) -> Answer<(String, i32)> {
    Ok((path.0, envelope::parse_id(&path.1)?))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(here).service(list).service(gone);
}
