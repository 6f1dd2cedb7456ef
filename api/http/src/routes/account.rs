//! The signed-in administrator's own account: `GET`/`PUT /account` (its email address),
//! `PUT /account/password`,
//! `GET /account/sessions`, `DELETE /account/sessions/{id}`, and two-factor enrolment
//! (`POST /account/totp/setup`, `/enable`, `/disable`).

use actix_web::{delete, get, post, put, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::envelope::{self, DeletedEnvelope, ErrorBody, ItemEnvelope, ListEnvelope};
use crate::auth::Admin;
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::accounts::own::{self, AccountView, TotpSetup};
use concierge_app::accounts::sessions::{self, SessionView};
use concierge_app::today::Today;
use concierge_core::domain::lenient::TextField;
use concierge_core::domain::rules::account_messages as messages;

#[utoipa::path(context_path = "/api/v1", tag = "account", security(("api_key" = [], "bearer" = ["account"])),
    responses((status = 200, body = ItemEnvelope<AccountView>)))]
#[get("/account")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn show(state: web::Data<AppState>, admin: Admin) -> Answer {
    let account = own::show(&state.db, admin.user_id, state.settings.require_2fa).await?;
    Ok(envelope::one(account))
}

/// What an administrator changes of their own account here.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct AccountInput {
    /// Where the mail about reviews goes; empty or null removes it.
    #[schema(value_type = Option<String>, max_length = 254)]
    pub email: TextField,
}

/// What waits for the signed-in administrator today, as their role may see it: the changes
/// waiting for review, the Arabic to write or look at again, the new enquiries, and their own
/// drafts and changes (what came back from review first, with its note). The admin's start
/// page.
#[utoipa::path(context_path = "/api/v1", tag = "account", security(("api_key" = [], "bearer" = ["account"])),
    responses((status = 200, body = ItemEnvelope<Today>)))]
#[get("/account/today")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn today(state: web::Data<AppState>, admin: Admin) -> Answer {
    let now = state.settings.clock.now();
    let today = concierge_app::today::today(&state.db, &admin.username, admin.role, now).await?;
    Ok(envelope::one(today))
}

/// Sets the signed-in administrator's email address (where the mail about reviews goes).
#[utoipa::path(context_path = "/api/v1", tag = "account", request_body = AccountInput,
    security(("api_key" = [], "bearer" = ["account"])),
    responses((status = 200, body = ItemEnvelope<AccountView>), (status = 400, body = ErrorBody)))]
#[put("/account")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn update(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<AccountInput>,
) -> Answer {
    let email = concierge_app::accounts::admins::parse_email(body.into_inner().email.take())?;
    let require_2fa = state.settings.require_2fa;
    let saved = own::set_email(&state.db, admin.user_id, email, require_2fa).await?;
    Ok(envelope::updated(saved, &messages().email_saved.clone()))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct PasswordChangeInput {
    #[schema(value_type = String, format = Password, min_length = 1, max_length = 1024, required = true)]
    pub current_password: TextField,
    #[schema(value_type = String, format = Password, min_length = 12, max_length = 128, required = true)]
    pub new_password: TextField,
}

/// Changes the signed-in administrator's password (the current one required, the new one
/// following the password rules); every other session of theirs ends.
#[utoipa::path(context_path = "/api/v1", tag = "account", request_body = PasswordChangeInput,
    security(("api_key" = [], "bearer" = ["account"])),
    responses((status = 200, body = ItemEnvelope<AccountView>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[put("/account/password")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn change_password(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<PasswordChangeInput>,
) -> Answer {
    let body = body.into_inner();
    let current = body.current_password.take().unwrap_or_default();
    let new = body.new_password.take().unwrap_or_default();
    let require_2fa = state.settings.require_2fa;
    let saved = own::change_password(
        &state.db,
        admin.user_id,
        admin.session_id,
        current,
        new,
        require_2fa,
    )
    .await?;
    Ok(envelope::updated(
        saved,
        &messages().password_changed.clone(),
    ))
}

#[utoipa::path(context_path = "/api/v1", tag = "account", security(("api_key" = [], "bearer" = ["account"])),
    responses((status = 200, body = ListEnvelope<SessionView>)))]
#[get("/account/sessions")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list_sessions(state: web::Data<AppState>, admin: Admin) -> Answer {
    let list = sessions::list(&state.db.read, admin.user_id, admin.session_id).await?;
    let total = list.len() as u64;
    Ok(envelope::list(list, total))
}

/// Ends one of the signed-in administrator's sessions (the current one signs out).
#[utoipa::path(context_path = "/api/v1", tag = "account", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["account"])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody)))]
#[delete("/account/sessions/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn end_session(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<String>,
) -> Answer {
    let id = envelope::parse_id(&id)?;
    own::end_session(&state.db, admin.user_id, id).await?;
    Ok(envelope::deleted(id, &messages().session_ended.clone()))
}

/// Starts two-factor enrolment with a new secret (a setup started earlier is replaced), once
/// the account's password is given: a stolen token alone cannot enrol a device of its own and
/// lock the owner out. 409 while two-factor is on.
#[utoipa::path(context_path = "/api/v1", tag = "account", request_body = PasswordInput,
    security(("api_key" = [], "bearer" = ["account"])),
    responses((status = 200, body = ItemEnvelope<TotpSetup>), (status = 400, body = ErrorBody),
              (status = 409, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[post("/account/totp/setup")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn totp_setup(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<PasswordInput>,
) -> Answer {
    let password = body.into_inner().password.take().unwrap_or_default();
    let setup = own::totp_setup(&state.db, admin.user_id, password).await?;
    Ok(envelope::one(setup))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct TotpCodeInput {
    #[schema(value_type = String, pattern = r"^\s*[0-9]{6}\s*$", required = true)]
    pub code: TextField,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RecoveryCodes {
    /// Ten single-use codes, shown this once.
    pub recovery_codes: Vec<String>,
}

/// Confirms enrolment with a code of the new secret: two-factor is on, this session counts as
/// having passed it, sessions made without it stop working, and ten recovery codes are
/// returned (this once).
#[utoipa::path(context_path = "/api/v1", tag = "account", request_body = TotpCodeInput,
    security(("api_key" = [], "bearer" = ["account"])),
    responses((status = 200, body = ItemEnvelope<RecoveryCodes>), (status = 400, body = ErrorBody),
              (status = 409, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[post("/account/totp/enable")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn totp_enable(
    state: web::Data<AppState>,
    req: actix_web::HttpRequest,
    admin: Admin,
    body: web::Json<TotpCodeInput>,
) -> Answer {
    let code = body.into_inner().code.take().unwrap_or_default();
    let client = state.client_ip(&req);
    let codes = own::totp_enable(&state.db, admin.user_id, admin.session_id, code, client).await?;
    Ok(envelope::updated(
        RecoveryCodes {
            recovery_codes: codes,
        },
        &messages().totp_enabled.clone(),
    ))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct PasswordInput {
    #[schema(value_type = String, format = Password, min_length = 1, max_length = 1024, required = true)]
    pub password: TextField,
}

/// Turns two-factor off (the password required); the secret and recovery codes are forgotten.
#[utoipa::path(context_path = "/api/v1", tag = "account", request_body = PasswordInput,
    security(("api_key" = [], "bearer" = ["account"])),
    responses((status = 200, body = ItemEnvelope<AccountView>), (status = 400, body = ErrorBody),
              (status = 409, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[post("/account/totp/disable")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn totp_disable(
    state: web::Data<AppState>,
    admin: Admin,
    body: web::Json<PasswordInput>,
) -> Answer {
    let password = body.into_inner().password.take().unwrap_or_default();
    let require_2fa = state.settings.require_2fa;
    let saved = own::totp_disable(&state.db, admin.user_id, password, require_2fa).await?;
    Ok(envelope::updated(saved, &messages().totp_disabled.clone()))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(show)
        .service(today)
        .service(update)
        .service(change_password)
        .service(list_sessions)
        .service(end_session)
        .service(totp_setup)
        .service(totp_enable)
        .service(totp_disable);
}
