//! `GET /publish/status` (administrator): pending jobs, last build, last error, jobs set aside;
//! `POST /publish/jobs/{id}/retry` (administrator) puts a job set aside back in the queue.

use actix_web::{HttpResponse, get, post, web};
use serde::Serialize;
use utoipa::ToSchema;

use super::envelope::{self, ErrorBody};
use crate::auth::Admin;
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_publish::{self as publish, Status};

#[derive(Serialize, ToSchema)]
pub struct StatusEnvelope {
    #[serde(rename = "responseBody")]
    pub response_body: Status,
}

#[utoipa::path(context_path = "/api/v1", tag = "publishing", security(("api_key" = [], "bearer" = ["content.read"])),
    responses((status = 200, body = StatusEnvelope), (status = 401, body = ErrorBody)))]
#[get("/publish/status")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn status(state: web::Data<AppState>, _admin: Admin) -> Answer {
    let status = publish::status(&state.db, state.settings.purge_retry.max_attempts).await?;
    Ok(HttpResponse::Ok().json(StatusEnvelope {
        response_body: status,
    }))
}

#[derive(Serialize, ToSchema)]
pub struct RetryEnvelope {
    pub message: String,
}

/// Puts a job set aside back in the queue; the publisher tries it at once.
#[utoipa::path(context_path = "/api/v1", tag = "publishing", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["publishing.retry"])),
    responses((status = 200, body = RetryEnvelope), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[post("/publish/jobs/{id}/retry")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn retry(state: web::Data<AppState>, _admin: Admin, id: web::Path<String>) -> Answer {
    let id = envelope::parse_id(&id)?;
    if !publish::retry(&state.db, id).await? {
        return Err(ApiError::NotFound(catalog().messages.no_failed_job.clone()).into());
    }
    state.publish_wakeup.notify_one();
    Ok(HttpResponse::Ok().json(RetryEnvelope {
        message: catalog().messages.retry_queued.current().to_owned(),
    }))
}
