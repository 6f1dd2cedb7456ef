//! `GET /notifications/status` (administrator): notifications of new enquiries waiting to be
//! sent, the last error, and those set aside after their retries failed.

use actix_web::{HttpResponse, get, web};
use serde::Serialize;
use utoipa::ToSchema;

use super::envelope::ErrorBody;
use crate::auth::Admin;
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::notify::{self, NotificationStatus};

#[derive(Serialize, ToSchema)]
pub struct NotificationsEnvelope {
    #[serde(rename = "responseBody")]
    pub response_body: NotificationStatus,
}

#[utoipa::path(context_path = "/api/v1", tag = "contact", security(("api_key" = [], "bearer" = ["enquiries.read"])),
    responses((status = 200, body = NotificationsEnvelope), (status = 401, body = ErrorBody)))]
#[get("/notifications/status")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn status(state: web::Data<AppState>, _admin: Admin) -> Answer {
    Ok(HttpResponse::Ok().json(NotificationsEnvelope {
        response_body: notify::status(&state.db).await?,
    }))
}
