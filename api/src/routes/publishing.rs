//! `GET /publish/status` (administrator): pending jobs, last build, last error.

use actix_web::{HttpResponse, get, web};
use serde::Serialize;
use utoipa::ToSchema;

use super::envelope::ErrorBody;
use crate::auth::Admin;
use crate::error::ApiError;
use crate::publish::{self, Status};
use crate::state::AppState;

#[derive(Serialize, ToSchema)]
pub struct StatusEnvelope {
    #[serde(rename = "responseBody")]
    pub response_body: Status,
}

#[utoipa::path(context_path = "/api/v1", tag = "publishing", security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = StatusEnvelope), (status = 401, body = ErrorBody)))]
#[get("/publish/status")]
pub async fn status(state: web::Data<AppState>, _admin: Admin) -> Result<HttpResponse, ApiError> {
    let status = publish::status(&state.db).await?;
    Ok(HttpResponse::Ok().json(StatusEnvelope {
        response_body: status,
    }))
}
