//! The team: administrators managed by the owners. Nobody disables, deletes or demotes
//! themselves, at least one active owner always stays (checked and written under one lock, so
//! two owners demoting each other at once cannot both succeed), and a disabled or reset account
//! loses its sessions at once.

use anyhow::Context;
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, Set,
};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

use super::passwords::hash_password;
use super::sessions;
use concierge_core::domain::password::NewPassword;
use concierge_core::domain::rules::account_messages as messages;
use concierge_core::error::ApiError;
use concierge_core::roles::Role;
use concierge_store::Db;
use concierge_store::audit::Event;
use concierge_store::entities::{admin_session, admin_user};

/// An administrator as the team list shows them.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminView {
    pub id: i32,
    pub username: String,
    pub disabled: bool,
    #[serde(rename = "totpEnabled")]
    pub totp_enabled: bool,
    #[serde(rename = "mustChangePassword")]
    pub must_change_password: bool,
    pub role: Role,
    /// Where the mail about reviews goes; none when not given.
    pub email: Option<String>,
    pub created_at: DateTime<Utc>,
    pub last_sign_in_at: Option<DateTime<Utc>>,
}

impl From<admin_user::Model> for AdminView {
    fn from(u: admin_user::Model) -> Self {
        let role = u.role();
        AdminView {
            id: u.id,
            username: u.username,
            disabled: u.disabled,
            totp_enabled: u.totp_enabled,
            must_change_password: u.must_change_password,
            role,
            email: u.email,
            created_at: u.created_at,
            last_sign_in_at: u.last_sign_in_at,
        }
    }
}

/// A user name: 3 to 100 letters (any script), digits, `.`, `-`, `_` or `@`.
pub fn parse_username(raw: Option<String>) -> Result<String, ApiError> {
    let name = raw.unwrap_or_default().trim().to_owned();
    if name.is_empty() {
        return Err(ApiError::validation(
            "username",
            messages().username_required.clone(),
        ));
    }
    let count = name.chars().count();
    let allowed = name
        .chars()
        .all(|c| c.is_alphanumeric() || matches!(c, '.' | '-' | '_' | '@'));
    if !(3..=100).contains(&count) || !allowed {
        return Err(ApiError::validation(
            "username",
            messages().username_invalid.clone(),
        ));
    }
    Ok(name)
}

pub async fn list(db: &impl ConnectionTrait) -> Result<Vec<AdminView>, ApiError> {
    Ok(admin_user::Entity::find()
        .order_by_asc(admin_user::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(AdminView::from)
        .collect())
}

pub async fn find(db: &impl ConnectionTrait, id: i32) -> Result<admin_user::Model, ApiError> {
    admin_user::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| ApiError::NotFound(messages().admin_not_found.clone()))
}

/// An email address as a form sends it: empty is none, else a valid address (400 on `email`).
pub fn parse_email(raw: Option<String>) -> Result<Option<String>, ApiError> {
    let raw = raw.unwrap_or_default();
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    concierge_core::domain::contact::Email::parse(raw)
        .map(|email| Some(email.as_str().to_owned()))
        .ok_or_else(|| ApiError::validation("email", messages().email_invalid.clone()))
}

/// A role's name as a request sends it, else 400.
pub fn parse_role(raw: &str) -> Result<Role, ApiError> {
    Role::parse(raw.trim())
        .ok_or_else(|| ApiError::validation("role", messages().role_invalid.clone()))
}

/// Adds an administrator with a role and a one-time password (changed at their first sign-in).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn create(
    db: &impl ConnectionTrait,
    username: String,
    password: &NewPassword,
    role: Role,
    email: Option<String>,
) -> Result<AdminView, ApiError> {
    let taken = admin_user::Entity::find()
        .filter(admin_user::Column::Username.eq(username.as_str()))
        .count(db)
        .await?;
    if taken > 0 {
        return Err(ApiError::Conflict(messages().username_taken.clone()));
    }
    let hash = super::passwords::hash_password(password.as_str()).map_err(ApiError::Unexpected)?;
    let user = admin_user::ActiveModel {
        username: Set(username),
        password_hash: Set(hash),
        created_at: Set(Utc::now()),
        disabled: Set(false),
        must_change_password: Set(true),
        totp_enabled: Set(false),
        role: Set(role.as_str().to_owned()),
        email: Set(email),
        ..Default::default()
    }
    .insert(db)
    .await
    .map_err(|e| {
        if concierge_store::is_unique_violation(&e) {
            ApiError::Conflict(messages().username_taken.clone())
        } else {
            e.into()
        }
    })?;
    Event::new("admin.created")
        .on(concierge_store::audit::ADMIN_USER, user.id)
        .detail(json!({ "username": user.username, "role": role }))
        .save(db)
        .await?;
    Ok(user.into())
}

/// Takes the team's lock until `txn` ends: every change that could leave no active owner
/// (disabling, deleting, changing a role) checks and writes under it, so two of them never both
/// see the other owner still there. PostgreSQL takes an advisory lock; SQLite has one writer.
async fn lock_team(txn: &DatabaseTransaction) -> Result<(), ApiError> {
    concierge_store::locks::lock(txn, &["admin_users.team"]).await?;
    Ok(())
}

/// 409 unless `target` may stop being an active owner (`removing`: stop being an active
/// administrator at all): not the one asking, and never the last active owner.
async fn may_remove(
    db: &impl ConnectionTrait,
    acting: i32,
    target: &admin_user::Model,
    removing: bool,
) -> Result<(), ApiError> {
    if target.id == acting {
        return Err(ApiError::Conflict(messages().not_yourself.clone()));
    }
    if target.disabled || target.role() != Role::Owner {
        return Ok(());
    }
    let others = admin_user::Entity::find()
        .filter(admin_user::Column::Disabled.eq(false))
        .filter(admin_user::Column::Id.ne(target.id));
    if removing && others.clone().count(db).await? == 0 {
        return Err(ApiError::Conflict(messages().last_admin.clone()));
    }
    let other_owners = others
        .filter(admin_user::Column::Role.eq(Role::Owner.as_str()))
        .count(db)
        .await?;
    if other_owners == 0 {
        return Err(ApiError::Conflict(messages().last_owner.clone()));
    }
    Ok(())
}

/// What an update asks for.
#[derive(Debug, Default)]
pub struct Change {
    pub disabled: Option<bool>,
    pub password: Option<NewPassword>,
    /// `Some(false)` turns the administrator's two-factor off (a lost phone, or a device
    /// enrolled by someone else); it can only be turned on from their own account.
    pub totp: Option<bool>,
    pub role: Option<Role>,
    /// A new address for the mail about reviews (`Some(None)` removes it).
    pub email: Option<Option<String>>,
}

/// Disables, re-enables, resets the password of or changes the role of another
/// administrator; disabling and resetting end their sessions. `target` is read again under the
/// team's lock.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn update(
    db: &DatabaseTransaction,
    acting: i32,
    target: i32,
    change: Change,
) -> Result<AdminView, ApiError> {
    lock_team(db).await?;
    let target = find(db, target).await?;
    let demoted = change
        .role
        .is_some_and(|role| role != Role::Owner && target.role() == Role::Owner);
    if change.disabled == Some(true) || demoted {
        may_remove(db, acting, &target, change.disabled == Some(true)).await?;
    }
    if change.role.is_some_and(|role| role != target.role()) && target.id == acting {
        return Err(ApiError::Conflict(messages().not_yourself.clone()));
    }
    if change.password.is_some() && target.id == acting {
        return Err(ApiError::Conflict(messages().own_password_here.clone()));
    }
    if change.totp == Some(true) {
        return Err(ApiError::validation(
            "totp",
            messages().totp_only_off.clone(),
        ));
    }
    if change.totp == Some(false) && target.id == acting {
        return Err(ApiError::Conflict(messages().own_totp_here.clone()));
    }
    let id = target.id;
    let mut row: admin_user::ActiveModel = target.clone().into();
    let mut end_sessions = false;
    if let Some(disabled) = change.disabled
        && disabled != target.disabled
    {
        row.disabled = Set(disabled);
        end_sessions |= disabled;
        let action = if disabled {
            "admin.disabled"
        } else {
            "admin.enabled"
        };
        Event::new(action)
            .on(concierge_store::audit::ADMIN_USER, id)
            .save(db)
            .await?;
    }
    if let Some(role) = change.role
        && role != target.role()
    {
        row.role = Set(role.as_str().to_owned());
        // Sessions stay: every request reads the role afresh.
        Event::new("admin.role_changed")
            .on(concierge_store::audit::ADMIN_USER, id)
            .detail(json!({ "from": target.role(), "to": role }))
            .save(db)
            .await?;
    }
    if let Some(email) = &change.email
        && *email != target.email
    {
        row.email = Set(email.clone());
        Event::new("admin.email_changed")
            .on(concierge_store::audit::ADMIN_USER, id)
            .save(db)
            .await?;
    }
    if let Some(password) = &change.password {
        let hash =
            super::passwords::hash_password(password.as_str()).map_err(ApiError::Unexpected)?;
        row.password_hash = Set(hash);
        row.must_change_password = Set(true);
        end_sessions = true;
        Event::new("password.reset")
            .on(concierge_store::audit::ADMIN_USER, id)
            .save(db)
            .await?;
    }
    if change.totp == Some(false) && target.totp_enabled {
        turn_two_factor_off(&mut row);
        super::two_factor::remove_recovery_codes(db, id).await?;
        // A session made with the device that is no longer trusted ends with it.
        end_sessions = true;
        Event::new("totp.reset")
            .on(concierge_store::audit::ADMIN_USER, id)
            .save(db)
            .await?;
    }
    let saved = row.update(db).await?;
    if end_sessions {
        sessions::end_all(db, id, None).await?;
    }
    Ok(saved.into())
}

/// Two-factor off: the secret and the last accepted step forgotten (the recovery codes are
/// removed by the caller, in the same transaction).
pub fn turn_two_factor_off(row: &mut admin_user::ActiveModel) {
    row.totp_enabled = Set(false);
    row.totp_secret = Set(None);
    row.totp_last_step = Set(None);
}

/// A new password for the administrator `username`, as the form's `field` sent it (`None` or
/// empty: required), checked as the password rules say (400 naming `field`).
pub fn new_password(
    field: &str,
    username: &str,
    raw: Option<String>,
) -> Result<NewPassword, ApiError> {
    let raw = raw.unwrap_or_default();
    if raw.is_empty() {
        return Err(ApiError::validation(
            field,
            messages().new_password_required.clone(),
        ));
    }
    NewPassword::parse(username, &raw).map_err(|message| ApiError::validation(field, message))
}

/// [`update`] in a transaction of its own, with `password`, a new one sent as typed (checked
/// against the administrator's user name first), in `change`.
pub async fn edit(
    db: &Db,
    acting: i32,
    id: i32,
    mut change: Change,
    password: Option<String>,
) -> Result<AdminView, ApiError> {
    let txn = db.begin().await?;
    let target = find(&txn, id).await?;
    if let Some(raw) = password {
        change.password = Some(new_password("password", &target.username, Some(raw))?);
    }
    let saved = update(&txn, acting, id, change).await?;
    txn.commit().await?;
    Ok(saved)
}

/// [`delete`] in a transaction of its own.
pub async fn remove(db: &Db, acting: i32, target: i32) -> Result<(), ApiError> {
    let txn = db.begin().await?;
    delete(&txn, acting, target).await?;
    txn.commit().await?;
    Ok(())
}

/// Deletes another administrator (their sessions and recovery codes with them). `target` is
/// read again under the team's lock.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn delete(db: &DatabaseTransaction, acting: i32, target: i32) -> Result<(), ApiError> {
    lock_team(db).await?;
    let target = find(db, target).await?;
    may_remove(db, acting, &target, true).await?;
    sessions::end_all(db, target.id, None).await?;
    super::two_factor::remove_recovery_codes(db, target.id).await?;
    concierge_store::entities::admin_session::Entity::delete_many()
        .filter(concierge_store::entities::admin_session::Column::AdminUserId.eq(target.id))
        .exec(db)
        .await?;
    admin_user::Entity::delete_by_id(target.id).exec(db).await?;
    Event::new("admin.deleted")
        .on(concierge_store::audit::ADMIN_USER, target.id)
        .detail(json!({ "username": target.username }))
        .save(db)
        .await?;
    Ok(())
}

/// Creates the administrator (an owner unless `role` says otherwise), or resets the password
/// of an existing one (and signs them out everywhere), giving them `role` if one is named and
/// that leaves an active owner. Returns true when the account is new.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn upsert_admin(
    db: &DatabaseTransaction,
    username: &str,
    password: &str,
    role: Option<Role>,
) -> anyhow::Result<bool> {
    let hash = hash_password(password)?;
    let existing = admin_user::Entity::find()
        .filter(admin_user::Column::Username.eq(username))
        .one(db)
        .await
        .context("Failed to look up the administrator")?;
    if let Some(user) = existing {
        let id = user.id;
        let had_two_factor = user.totp_enabled || user.totp_secret.is_some();
        let new_role = role.filter(|role| *role != user.role());
        if let Some(role) = new_role
            && role != Role::Owner
        {
            lock_team(db).await.map_err(ApiError::into_anyhow)?;
            // Nobody acts from the command line (id 0 is no account).
            may_remove(db, 0, &user, false)
                .await
                .map_err(ApiError::into_anyhow)?;
        }
        let from = user.role();
        let mut active: admin_user::ActiveModel = user.into();
        active.password_hash = Set(hash);
        if let Some(role) = new_role {
            active.role = Set(role.as_str().to_owned());
            concierge_store::audit::Event::new("admin.role_changed")
                .on(concierge_store::audit::ADMIN_USER, id)
                .detail(serde_json::json!({ "from": from, "to": role, "via": "command line" }))
                .save(db)
                .await
                .context("Failed to record the new role in the audit log")?;
        }
        // A reset is how an administrator locked out of their own account gets back in,
        // whoever enrolled the device that now asks for a code.
        crate::accounts::admins::turn_two_factor_off(&mut active);
        active
            .update(db)
            .await
            .context("Failed to reset the password")?;
        crate::accounts::two_factor::remove_recovery_codes(db, id)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))
            .context("Failed to remove the recovery codes")?;
        admin_session::Entity::update_many()
            .col_expr(
                admin_session::Column::RevokedAt,
                sea_orm::sea_query::Expr::value(Utc::now()),
            )
            .filter(admin_session::Column::AdminUserId.eq(id))
            .filter(admin_session::Column::RevokedAt.is_null())
            .exec(db)
            .await
            .context("Failed to end the administrator's sessions")?;
        concierge_store::audit::Event::new("password.reset")
            .on(concierge_store::audit::ADMIN_USER, id)
            .detail(serde_json::json!({ "via": "command line", "totpOff": had_two_factor }))
            .save(db)
            .await
            .context("Failed to record the reset in the audit log")?;
        Ok(false)
    } else {
        let role = role.unwrap_or(Role::Owner);
        let user = admin_user::ActiveModel {
            username: Set(username.to_owned()),
            password_hash: Set(hash),
            created_at: Set(Utc::now()),
            role: Set(role.as_str().to_owned()),
            ..Default::default()
        }
        .insert(db)
        .await
        .context("Failed to create the administrator")?;
        concierge_store::audit::Event::new("admin.created")
            .on(concierge_store::audit::ADMIN_USER, user.id)
            .detail(serde_json::json!({ "username": user.username, "role": role, "via": "command line" }))
            .save(db)
            .await
            .context("Failed to record the new administrator in the audit log")?;
        Ok(true)
    }
}
