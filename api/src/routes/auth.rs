//! `POST /authenticate` (anonymous) and `POST /logout` (administrator).

use actix_web::{HttpRequest, HttpResponse, post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::envelope::ErrorBody;
use crate::auth::{self, Admin};
use crate::domain::form::Form;
use crate::domain::lenient::Text;
use crate::domain::rules::catalog;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct LoginInput {
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub username: Text,
    #[schema(value_type = String, format = Password, min_length = 1, required = true)]
    pub password: Text,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Session {
    pub token: String,
    #[serde(rename = "expiresAt")]
    pub expires_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LoginEnvelope {
    #[serde(rename = "responseBody")]
    pub response_body: Session,
    pub message: String,
}

/// Signs an administrator in. A wrong user name and a wrong password get the same 401; after
/// five attempts in 15 minutes for one user name from one address (or twenty from one address),
/// 429 with `Retry-After`. Failures for a user name from many addresses slow it down, never
/// refuse it.
#[utoipa::path(context_path = "/api/v1", tag = "auth", request_body = LoginInput,
    responses((status = 200, body = LoginEnvelope), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 429, body = ErrorBody)))]
#[post("/authenticate")]
pub async fn login(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<LoginInput>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let mut f = Form::new(&catalog().forms.sign_in);
    let username = f.text("username", body.username.take());
    // The password is not trimmed: spaces are part of it.
    let password = f.text("password", body.password.take());
    f.finish()?;
    let client = state.client_ip(&req);
    let user = auth::check_login(&state.db.write, client, &username, &password).await?;
    let (token, expires_at) =
        auth::start_session(&state.db.write, &user, state.settings.session_ttl).await?;
    Ok(HttpResponse::Ok().json(LoginEnvelope {
        response_body: Session { token, expires_at },
        message: catalog().messages.signed_in.current().to_owned(),
    }))
}

/// Ends the current session: its token stops working at once.
#[utoipa::path(context_path = "/api/v1", tag = "auth", security(("api_key" = [], "bearer" = [])),
    responses((status = 200, body = ErrorBody), (status = 401, body = ErrorBody)))]
#[post("/logout")]
pub async fn logout(state: web::Data<AppState>, admin: Admin) -> Result<HttpResponse, ApiError> {
    auth::revoke_session(&state.db.write, admin.session_id).await?;
    Ok(crate::error::error_body(
        HttpResponse::Ok(),
        &catalog().messages.signed_out,
        [],
    ))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(login).service(logout);
}
