//! The team: `GET`/`POST /admin-users`, `PUT`/`DELETE /admin-users/{id}` (administrators).

use actix_web::{delete, get, post, put, web};
use serde::Deserialize;
use utoipa::ToSchema;

use super::envelope::{self, DeletedEnvelope, ErrorBody, ItemEnvelope, ListEnvelope};
use crate::auth::Admin;
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::accounts::admins::{self, AdminView, Change};
use concierge_core::domain::lenient::TextField;
use concierge_core::domain::rules::account_messages as messages;
use concierge_core::error::ApiError;
use concierge_core::roles::Role;

#[utoipa::path(context_path = "/api/v1", tag = "admin-users", security(("api_key" = [], "bearer" = ["team"])),
    responses((status = 200, body = ListEnvelope<AdminView>)))]
#[get("/admin-users")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(state: web::Data<AppState>, _admin: Admin) -> Answer {
    let all = admins::list(&state.db.read).await?;
    let total = all.len() as u64;
    Ok(envelope::list(all, total))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct AdminUserInput {
    #[schema(value_type = String, min_length = 3, max_length = 100, pattern = r"^[\p{L}\p{N}._@-]{3,100}$", required = true)]
    pub username: TextField,
    /// A one-time password: the new administrator must change it at first sign-in.
    #[schema(value_type = String, format = Password, min_length = 12, max_length = 128, required = true)]
    pub password: TextField,
    /// What the administrator may do; `editor` when left out.
    #[schema(value_type = Option<Role>)]
    pub role: TextField,
    /// Where the mail about reviews goes (optional).
    #[schema(value_type = Option<String>, format = Email, max_length = 254)]
    pub email: TextField,
}

/// Adds an administrator with a one-time password. 409 when the user name is taken.
#[utoipa::path(context_path = "/api/v1", tag = "admin-users", request_body = AdminUserInput,
    security(("api_key" = [], "bearer" = ["team"])),
    responses((status = 201, body = ItemEnvelope<AdminView>), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[post("/admin-users")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn create(
    state: web::Data<AppState>,
    _admin: Admin,
    body: web::Json<AdminUserInput>,
) -> Answer {
    let body = body.into_inner();
    let username = admins::parse_username(body.username.take())?;
    let password = admins::new_password("password", &username, body.password.take())?;
    let role = match body.role.take() {
        Some(raw) => admins::parse_role(&raw)?,
        None => Role::Editor,
    };
    let email = admins::parse_email(body.email.take())?;
    let created = admins::create(&state.db.write, username, &password, role, email).await?;
    Ok(envelope::created(
        created,
        &messages().admin_created.clone(),
    ))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct AdminUserUpdateInput {
    /// True disables the account (its sessions end), false enables it again.
    pub disabled: Option<bool>,
    /// A new one-time password (the administrator's sessions end; they change it at sign-in).
    #[schema(value_type = Option<String>, format = Password, min_length = 12, max_length = 128)]
    pub password: TextField,
    /// False turns the administrator's two-factor sign-in off (their sessions end; the
    /// secret and recovery codes are forgotten). It is only turned on from their own account.
    pub totp: Option<bool>,
    /// The administrator's new role (not your own; at least one active owner stays).
    #[schema(value_type = Option<Role>)]
    pub role: TextField,
    /// A new address for the mail about reviews; empty or null removes it.
    #[serde(deserialize_with = "concierge_core::domain::lenient::present")]
    #[schema(value_type = Option<String>, max_length = 254)]
    pub email: Option<Option<String>>,
}

/// Disables, re-enables, resets the password of, changes the role or the email address of, or
/// turns two-factor off for another administrator. 409 for disabling or demoting yourself or the last active owner,
/// or resetting your own password or two-factor here.
#[utoipa::path(context_path = "/api/v1", tag = "admin-users", request_body = AdminUserUpdateInput,
    params(("id" = i32, Path, minimum = 1)), security(("api_key" = [], "bearer" = ["team"])),
    responses((status = 200, body = ItemEnvelope<AdminView>), (status = 400, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[put("/admin-users/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn update(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<String>,
    body: web::Json<AdminUserUpdateInput>,
) -> Answer {
    let id = envelope::parse_id(&id)?;
    let body = body.into_inner();
    let raw_password = body.password.take();
    let role = body
        .role
        .take()
        .map(|raw| admins::parse_role(&raw))
        .transpose()?;
    let email = body.email.map(admins::parse_email).transpose()?;
    if body.disabled.is_none()
        && raw_password.is_none()
        && body.totp.is_none()
        && role.is_none()
        && email.is_none()
    {
        return Err(ApiError::validation("disabled", messages().nothing_to_change.clone()).into());
    }
    let change = Change {
        disabled: body.disabled,
        password: None,
        totp: body.totp,
        role,
        email,
    };
    let saved = admins::edit(&state.db, admin.user_id, id, change, raw_password).await?;
    Ok(envelope::updated(saved, &messages().admin_updated.clone()))
}

/// Deletes another administrator. 409 for yourself or the last active owner.
#[utoipa::path(context_path = "/api/v1", tag = "admin-users", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["team"])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[delete("/admin-users/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn remove(state: web::Data<AppState>, admin: Admin, id: web::Path<String>) -> Answer {
    let id = envelope::parse_id(&id)?;
    admins::remove(&state.db, admin.user_id, id).await?;
    Ok(envelope::deleted(id, &messages().admin_deleted.clone()))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(list)
        .service(create)
        .service(update)
        .service(remove);
}
