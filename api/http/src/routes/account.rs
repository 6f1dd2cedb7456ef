//! The signed-in administrator's own account: `GET /account`, `PUT /account/password`,
//! `GET /account/sessions`, `DELETE /account/sessions/{id}`, and two-factor enrolment
//! (`POST /account/totp/setup`, `/enable`, `/disable`).

use actix_web::{delete, get, post, put, web};
use sea_orm::{ActiveModelTrait, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::envelope::{self, DeletedEnvelope, ErrorBody, ItemEnvelope, ListEnvelope};
use crate::auth::Admin;
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::accounts::sessions::{self, SessionView};
use concierge_app::accounts::two_factor::{self, Accept};
use concierge_app::accounts::{admins, passwords, qr, totp};
use concierge_core::domain::lenient::TextField;
use concierge_core::domain::password::NewPassword;
use concierge_core::domain::rules::account_messages as messages;
use concierge_core::error::ApiError;
use concierge_core::roles::Role;
use concierge_store::audit::Event;
use concierge_store::entities::admin_user;
use concierge_store::throttle::{self, Decision};

/// What the admin needs to know about the signed-in administrator.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountView {
    pub username: String,
    #[serde(rename = "totpEnabled")]
    pub totp_enabled: bool,
    #[serde(rename = "mustChangePassword")]
    pub must_change_password: bool,
    /// `CONCIERGE_REQUIRE_2FA` is on and two-factor is not enrolled yet.
    #[serde(rename = "totpRequired")]
    pub totp_required: bool,
    pub role: Role,
    /// The permissions of the role (`concierge_core::roles`): what the admin shows.
    #[schema(example = json!(["account", "content.read", "content.edit"]))]
    pub permissions: Vec<&'static str>,
}

fn view(state: &AppState, user: admin_user::Model) -> AccountView {
    AccountView {
        totp_required: state.settings.require_2fa && !user.totp_enabled,
        role: user.role(),
        permissions: user.role().permissions(),
        username: user.username,
        totp_enabled: user.totp_enabled,
        must_change_password: user.must_change_password,
    }
}

#[utoipa::path(context_path = "/api/v1", tag = "account", security(("api_key" = [], "bearer" = ["account"])),
    responses((status = 200, body = ItemEnvelope<AccountView>)))]
#[get("/account")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn show(state: web::Data<AppState>, admin: Admin) -> Answer {
    let user = admins::find(&state.db.read, admin.user_id).await?;
    Ok(envelope::one(view(&state, user)))
}

/// Checks the signed-in administrator's own password (to change it, or to turn two-factor
/// off), throttled like a sign-in; a wrong one is a 400 on `field`, never a 401 (the session is
/// fine).
async fn check_own_password(
    state: &AppState,
    user: &admin_user::Model,
    field: &str,
    password: &str,
) -> Answer<()> {
    let scope = format!("password:{}", user.id);
    let ticket =
        match throttle::take(&state.db.write, &scope, concierge_core::limits::PAIR_LIMIT).await? {
            Decision::Allowed(ticket) => ticket,
            Decision::Refused { retry_after } => {
                return Err(ApiError::TooManyRequests {
                    message: concierge_core::domain::rules::catalog()
                        .messages
                        .too_many_sign_ins
                        .with(
                            "duration",
                            concierge_core::domain::rules::minutes(retry_after.div_ceil(60)),
                        ),
                    retry_after,
                }
                .into());
            }
        };
    let hash = user.password_hash.clone();
    let typed = password.to_owned();
    let valid = web::block(move || passwords::verify_password(&hash, &typed))
        .await
        .map_err(|e| ApiError::Unexpected(anyhow::anyhow!("password check failed: {e}")))?;
    if !valid {
        return Err(ApiError::validation(field, messages().current_password_wrong.clone()).into());
    }
    throttle::give_back(&state.db.write, ticket).await?;
    throttle::clear(&state.db.write, &scope).await?;
    Ok(())
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
    if current.is_empty() {
        return Err(ApiError::validation(
            "current_password",
            messages().current_password_required.clone(),
        )
        .into());
    }
    if new.is_empty() {
        return Err(
            ApiError::validation("new_password", messages().new_password_required.clone()).into(),
        );
    }
    let user = admins::find(&state.db.write, admin.user_id).await?;
    let new = NewPassword::parse(&user.username, &new)
        .map_err(|message| ApiError::validation("new_password", message))?;
    check_own_password(&state, &user, "current_password", &current).await?;
    if passwords::verify_password(&user.password_hash, new.as_str()) {
        return Err(ApiError::validation("new_password", messages().same_password.clone()).into());
    }
    let hash = passwords::hash_password(new.as_str()).map_err(ApiError::Unexpected)?;
    let txn = sea_orm::TransactionTrait::begin(&state.db.write).await?;
    let mut row: admin_user::ActiveModel = user.into();
    row.password_hash = Set(hash);
    row.must_change_password = Set(false);
    let saved = row.update(&txn).await?;
    let ended = sessions::end_all(&txn, admin.user_id, Some(admin.session_id)).await?;
    Event::new("password.changed")
        .on("admin_user", admin.user_id)
        .detail(serde_json::json!({ "sessionsEnded": ended }))
        .save(&txn)
        .await?;
    txn.commit().await?;
    Ok(envelope::updated(
        view(&state, saved),
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
    sessions::end(&state.db.write, admin.user_id, id).await?;
    Event::new("session.ended")
        .on("admin_session", id)
        .save(&state.db.write)
        .await?;
    Ok(envelope::deleted(id, &messages().session_ended.clone()))
}

/// What an authenticator app needs: the secret typed out, its `otpauth://` address, and that
/// address as a QR code (SVG).
#[derive(Debug, Serialize, ToSchema)]
pub struct TotpSetup {
    pub secret: String,
    pub otpauth_uri: String,
    pub qr_svg: String,
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
    if password.is_empty() {
        return Err(ApiError::validation("password", messages().password_required.clone()).into());
    }
    let user = admins::find(&state.db.write, admin.user_id).await?;
    if user.totp_enabled {
        return Err(ApiError::Conflict(messages().totp_already_on.clone()).into());
    }
    check_own_password(&state, &user, "password", &password).await?;
    let secret = totp::new_secret();
    let otpauth_uri = totp::otpauth_uri(ISSUER, &user.username, &secret);
    let qr_svg = qr::svg(&otpauth_uri).map_err(ApiError::Unexpected)?;
    let mut row: admin_user::ActiveModel = user.into();
    row.totp_secret = Set(Some(secret.clone()));
    row.totp_last_step = Set(None);
    row.update(&state.db.write).await?;
    Ok(envelope::one(TotpSetup {
        secret,
        otpauth_uri,
        qr_svg,
    }))
}

/// The name authenticator apps show beside the account.
const ISSUER: &str = "Concierge";

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
    if code.trim().is_empty() {
        return Err(ApiError::validation("code", messages().code_required.clone()).into());
    }
    let user = admins::find(&state.db.write, admin.user_id).await?;
    if user.totp_enabled {
        return Err(ApiError::Conflict(messages().totp_already_on.clone()).into());
    }
    if user.totp_secret.is_none() {
        return Err(ApiError::Conflict(messages().totp_not_started.clone()).into());
    }
    let client = state.client_ip(&req);
    match two_factor::check(&state.db.write, &user, &code, Accept::CodeOnly, client).await {
        Err(ApiError::Unauthorized(message)) => {
            return Err(ApiError::validation("code", message).into());
        }
        other => other?,
    }
    let txn = sea_orm::TransactionTrait::begin(&state.db.write).await?;
    admin_user::ActiveModel {
        id: Set(user.id),
        totp_enabled: Set(true),
        ..Default::default()
    }
    .update(&txn)
    .await?;
    concierge_store::entities::admin_session::ActiveModel {
        id: Set(admin.session_id),
        second_factor: Set(true),
        ..Default::default()
    }
    .update(&txn)
    .await?;
    let codes = two_factor::new_recovery_codes(&txn, user.id).await?;
    Event::new("totp.enabled")
        .on("admin_user", user.id)
        .save(&txn)
        .await?;
    txn.commit().await?;
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
    if password.is_empty() {
        return Err(ApiError::validation("password", messages().password_required.clone()).into());
    }
    let user = admins::find(&state.db.write, admin.user_id).await?;
    if !user.totp_enabled {
        return Err(ApiError::Conflict(messages().totp_not_on.clone()).into());
    }
    check_own_password(&state, &user, "password", &password).await?;
    let txn = sea_orm::TransactionTrait::begin(&state.db.write).await?;
    let mut row: admin_user::ActiveModel = user.into();
    row.totp_enabled = Set(false);
    row.totp_secret = Set(None);
    row.totp_last_step = Set(None);
    let saved = row.update(&txn).await?;
    two_factor::remove_recovery_codes(&txn, admin.user_id).await?;
    Event::new("totp.disabled")
        .on("admin_user", admin.user_id)
        .save(&txn)
        .await?;
    txn.commit().await?;
    Ok(envelope::updated(
        view(&state, saved),
        &messages().totp_disabled.clone(),
    ))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(show)
        .service(change_password)
        .service(list_sessions)
        .service(end_session)
        .service(totp_setup)
        .service(totp_enable)
        .service(totp_disable);
}
