//! The signed-in administrator's own account: what the admin shows of it, a password change,
//! ending a session, and two-factor enrolment. The account's password, asked again before a
//! change that a stolen token alone must not make, is throttled like a sign-in.

use sea_orm::{ActiveModelTrait, Set};
use serde::Serialize;
use utoipa::ToSchema;

use super::{admins, passwords, qr, sessions, totp, two_factor};
use concierge_core::domain::rules::account_messages as messages;
use concierge_core::error::ApiError;
use concierge_core::roles::Role;
use concierge_store::Db;
use concierge_store::audit::Event;
use concierge_store::entities::{admin_session, admin_user};
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
    /// Where the mail about reviews goes; none when not given.
    pub email: Option<String>,
    /// The permissions of the role (`concierge_core::roles`): what the admin shows.
    #[schema(example = json!(["account", "content.read", "content.edit"]))]
    pub permissions: Vec<&'static str>,
}

impl AccountView {
    /// The account of `user`, where two-factor is required of everyone when `require_2fa`.
    fn of(user: admin_user::Model, require_2fa: bool) -> AccountView {
        AccountView {
            totp_required: require_2fa && !user.totp_enabled,
            role: user.role(),
            permissions: user.role().permissions(),
            email: user.email.clone(),
            username: user.username,
            totp_enabled: user.totp_enabled,
            must_change_password: user.must_change_password,
        }
    }
}

/// The signed-in administrator `user_id`'s account.
pub async fn show(db: &Db, user_id: i32, require_2fa: bool) -> Result<AccountView, ApiError> {
    let user = admins::find(&db.read, user_id).await?;
    Ok(AccountView::of(user, require_2fa))
}

/// Sets (or, with `None`, removes) the signed-in administrator's address for the mail about
/// reviews.
pub async fn set_email(
    db: &Db,
    user_id: i32,
    email: Option<String>,
    require_2fa: bool,
) -> Result<AccountView, ApiError> {
    let txn = db.begin().await?;
    let user = admins::find(&txn, user_id).await?;
    let user = if user.email == email {
        user
    } else {
        let saved = admin_user::ActiveModel {
            id: Set(user.id),
            email: Set(email),
            ..Default::default()
        }
        .update(&txn)
        .await?;
        Event::new("admin.email_changed")
            .on(concierge_store::audit::ADMIN_USER, user_id)
            .save(&txn)
            .await?;
        saved
    };
    txn.commit().await?;
    Ok(AccountView::of(user, require_2fa))
}

/// Checks the administrator's own password (to change it, or to turn two-factor off),
/// throttled like a sign-in; a wrong one is a 400 on `field`, never a 401 (the session is
/// fine).
async fn check_own_password(
    db: &Db,
    user: &admin_user::Model,
    field: &str,
    password: &str,
) -> Result<(), ApiError> {
    let scope = format!("password:{}", user.id);
    let ticket = match throttle::take(&db.write, &scope, concierge_core::limits::PAIR_LIMIT).await?
    {
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
            });
        }
    };
    let hash = user.password_hash.clone();
    let typed = password.to_owned();
    let valid = tokio::task::spawn_blocking(move || passwords::verify_password(&hash, &typed))
        .await
        .map_err(|e| ApiError::Unexpected(anyhow::anyhow!("password check failed: {e}")))?;
    if !valid {
        return Err(ApiError::validation(
            field,
            messages().current_password_wrong.clone(),
        ));
    }
    throttle::give_back(&db.write, ticket).await?;
    throttle::clear(&db.write, &scope).await?;
    Ok(())
}

/// 400 on `password` when the account's password, asked again, was left empty.
fn password_given(password: &str) -> Result<(), ApiError> {
    if password.is_empty() {
        return Err(ApiError::validation(
            "password",
            messages().password_required.clone(),
        ));
    }
    Ok(())
}

/// Changes the administrator's password (the current one required, the new one following the
/// password rules); every other session of theirs (all but `session_id`) ends.
pub async fn change_password(
    db: &Db,
    user_id: i32,
    session_id: i32,
    current: String,
    new: String,
    require_2fa: bool,
) -> Result<AccountView, ApiError> {
    if current.is_empty() {
        return Err(ApiError::validation(
            "current_password",
            messages().current_password_required.clone(),
        ));
    }
    let user = admins::find(&db.write, user_id).await?;
    let new = admins::new_password("new_password", &user.username, Some(new))?;
    check_own_password(db, &user, "current_password", &current).await?;
    if passwords::verify_password(&user.password_hash, new.as_str()) {
        return Err(ApiError::validation(
            "new_password",
            messages().same_password.clone(),
        ));
    }
    let hash = passwords::hash_password(new.as_str()).map_err(ApiError::Unexpected)?;
    let txn = db.begin().await?;
    let mut row: admin_user::ActiveModel = user.into();
    row.password_hash = Set(hash);
    row.must_change_password = Set(false);
    let saved = row.update(&txn).await?;
    let ended = sessions::end_all(&txn, user_id, Some(session_id)).await?;
    Event::new("password.changed")
        .on(concierge_store::audit::ADMIN_USER, user_id)
        .detail(serde_json::json!({ "sessionsEnded": ended }))
        .save(&txn)
        .await?;
    txn.commit().await?;
    Ok(AccountView::of(saved, require_2fa))
}

/// Ends one of the administrator's sessions (audited).
pub async fn end_session(db: &Db, user_id: i32, id: i32) -> Result<(), ApiError> {
    sessions::end(&db.write, user_id, id).await?;
    Event::new("session.ended")
        .on("admin_session", id)
        .save(&db.write)
        .await?;
    Ok(())
}

/// What an authenticator app needs: the secret typed out, its `otpauth://` address, and that
/// address as a QR code (SVG).
#[derive(Debug, Serialize, ToSchema)]
pub struct TotpSetup {
    pub secret: String,
    pub otpauth_uri: String,
    pub qr_svg: String,
}

/// The name authenticator apps show beside the account.
const ISSUER: &str = "Concierge";

/// Starts two-factor enrolment with a new secret (a setup started earlier is replaced), once
/// the account's password is given. 409 while two-factor is on.
pub async fn totp_setup(db: &Db, user_id: i32, password: String) -> Result<TotpSetup, ApiError> {
    password_given(&password)?;
    let user = admins::find(&db.write, user_id).await?;
    if user.totp_enabled {
        return Err(ApiError::Conflict(messages().totp_already_on.clone()));
    }
    check_own_password(db, &user, "password", &password).await?;
    let secret = totp::new_secret();
    let otpauth_uri = totp::otpauth_uri(ISSUER, &user.username, &secret);
    let qr_svg = qr::svg(&otpauth_uri).map_err(ApiError::Unexpected)?;
    let mut row: admin_user::ActiveModel = user.into();
    row.totp_secret = Set(Some(secret.clone()));
    row.totp_last_step = Set(None);
    row.update(&db.write).await?;
    Ok(TotpSetup {
        secret,
        otpauth_uri,
        qr_svg,
    })
}

/// Confirms enrolment with a code of the new secret: two-factor is on, session `session_id`
/// counts as having passed it, and ten recovery codes are returned (this once).
pub async fn totp_enable(
    db: &Db,
    user_id: i32,
    session_id: i32,
    code: String,
    client: std::net::IpAddr,
) -> Result<Vec<String>, ApiError> {
    if code.trim().is_empty() {
        return Err(ApiError::validation(
            "code",
            messages().code_required.clone(),
        ));
    }
    let user = admins::find(&db.write, user_id).await?;
    if user.totp_enabled {
        return Err(ApiError::Conflict(messages().totp_already_on.clone()));
    }
    if user.totp_secret.is_none() {
        return Err(ApiError::Conflict(messages().totp_not_started.clone()));
    }
    match two_factor::check(
        &db.write,
        &user,
        &code,
        two_factor::Accept::CodeOnly,
        client,
    )
    .await
    {
        Err(ApiError::Unauthorized(message)) => {
            return Err(ApiError::validation("code", message));
        }
        other => other?,
    }
    let txn = db.begin().await?;
    admin_user::ActiveModel {
        id: Set(user.id),
        totp_enabled: Set(true),
        ..Default::default()
    }
    .update(&txn)
    .await?;
    admin_session::ActiveModel {
        id: Set(session_id),
        second_factor: Set(true),
        ..Default::default()
    }
    .update(&txn)
    .await?;
    let codes = two_factor::new_recovery_codes(&txn, user.id).await?;
    Event::new("totp.enabled")
        .on(concierge_store::audit::ADMIN_USER, user.id)
        .save(&txn)
        .await?;
    txn.commit().await?;
    Ok(codes)
}

/// Turns two-factor off (the password required); the secret and recovery codes are forgotten.
pub async fn totp_disable(
    db: &Db,
    user_id: i32,
    password: String,
    require_2fa: bool,
) -> Result<AccountView, ApiError> {
    password_given(&password)?;
    let user = admins::find(&db.write, user_id).await?;
    if !user.totp_enabled {
        return Err(ApiError::Conflict(messages().totp_not_on.clone()));
    }
    check_own_password(db, &user, "password", &password).await?;
    let txn = db.begin().await?;
    let mut row: admin_user::ActiveModel = user.into();
    row.totp_enabled = Set(false);
    row.totp_secret = Set(None);
    row.totp_last_step = Set(None);
    let saved = row.update(&txn).await?;
    two_factor::remove_recovery_codes(&txn, user_id).await?;
    Event::new("totp.disabled")
        .on(concierge_store::audit::ADMIN_USER, user_id)
        .save(&txn)
        .await?;
    txn.commit().await?;
    Ok(AccountView::of(saved, require_2fa))
}
