//! `POST /authenticate` (anonymous) and `POST /logout` (administrator).

use actix_web::{HttpRequest, HttpResponse, post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::envelope::ErrorBody;
use crate::auth::Admin;
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::accounts::signing;
use concierge_core::domain::form::Form;
use concierge_core::domain::lenient::TextField;
use concierge_core::domain::rules::catalog;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct LoginInput {
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub username: TextField,
    #[schema(value_type = String, format = Password, min_length = 1, required = true)]
    pub password: TextField,
    /// The six-digit code of the authenticator app, or a recovery code, when the account has
    /// two-factor sign-in on.
    #[schema(value_type = Option<String>, max_length = 64)]
    pub code: TextField,
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
/// refuse it. With two-factor on, the right password alone answers 401 with
/// `"twoFactorRequired": true`; the same request with `code` (throttled like the password)
/// signs in. A token is only issued after every factor.
#[utoipa::path(context_path = "/api/v1", tag = "auth", request_body = LoginInput,
    responses((status = 200, body = LoginEnvelope), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody, description = "Wrong credentials, or (`twoFactorRequired`) the second factor is needed or wrong"),
              (status = 429, body = ErrorBody)))]
#[post("/authenticate")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn login(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<LoginInput>,
) -> Answer {
    let body = body.into_inner();
    let mut f = Form::new(&catalog().forms.sign_in);
    let username = f.text("username", body.username.take());
    // The password is not trimmed: spaces are part of it.
    let password = f.text("password", body.password.take());
    f.finish()?;
    let code = body
        .code
        .take()
        .map(|c| c.trim().to_owned())
        .filter(|c| !c.is_empty());
    let attempt = signing::Attempt {
        username,
        password,
        code,
        client: state.client_ip(&req),
    };
    let meta = crate::auth::session_meta(&state, &req);
    let (token, expires_at) =
        signing::sign_in(&state.db, attempt, state.settings.session_ttl, meta).await?;
    Ok(HttpResponse::Ok().json(LoginEnvelope {
        response_body: Session { token, expires_at },
        message: catalog().messages.signed_in.current().to_owned(),
    }))
}

/// Ends the current session: its token stops working at once.
#[utoipa::path(context_path = "/api/v1", tag = "auth", security(("api_key" = [], "bearer" = ["account"])),
    responses((status = 200, body = ErrorBody), (status = 401, body = ErrorBody)))]
#[post("/logout")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn logout(state: web::Data<AppState>, admin: Admin) -> Answer {
    signing::sign_out(&state.db, admin.session_id).await?;
    Ok(crate::routes::error_response::error_body(
        HttpResponse::Ok(),
        &catalog().messages.signed_out,
        [],
    ))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(login).service(logout);
}
