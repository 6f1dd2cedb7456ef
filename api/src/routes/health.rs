//! `GET /healthz`: 200 when the database answers, 503 otherwise.

use actix_web::{HttpResponse, get, web};
use sea_orm::ConnectionTrait;

use crate::error::{ApiError, UNAVAILABLE};
use crate::state::AppState;

#[get("/healthz")]
pub async fn healthz(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    state
        .db
        .read
        .execute_unprepared("SELECT 1")
        .await
        .map_err(|e| {
            tracing::warn!(error = %e, "health check failed");
            ApiError::Unavailable(UNAVAILABLE.into())
        })?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "status": "ok" })))
}
