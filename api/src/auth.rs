//! Administrator authentication: argon2id password hashes, opaque session tokens stored as
//! SHA-256 hashes, and database-backed login throttling (so several instances agree).

use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::LazyLock;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use anyhow::Context;
use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier, phc::PasswordHash};
use base64::Engine;
use chrono::{DateTime, Utc};
use rand::RngCore;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use sha2::{Digest, Sha256};

use crate::domain::rules::catalog;
use crate::error::ApiError;
use crate::i18n::Text;
use crate::state::AppState;
use crate::store::entities::{admin_session, admin_user};
use crate::throttle::{self, Decision, Limit};

pub const MAX_FAILURES: u64 = 5;
pub const FAILURE_WINDOW_MINUTES: i64 = 15;
/// 401: the session is missing, expired or revoked.
fn signed_out() -> ApiError {
    ApiError::Unauthorized(catalog().messages.sign_in_again.clone())
}

pub fn hash_password(password: &str) -> anyhow::Result<String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| anyhow::anyhow!("Failed to hash the password: {e}"))
}

pub fn verify_password(hash: &str, password: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// Verified against when the user name is unknown, so that both failures take as long.
static DUMMY_HASH: LazyLock<String> =
    LazyLock::new(|| hash_password("not a real password").expect("argon2 works"));

/// A new random session token and the hash that is stored for it.
pub fn new_token() -> (String, String) {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let token = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
    let hash = token_hash(&token);
    (token, hash)
}

pub fn token_hash(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Sign-in attempts per (user name, address) before that pair waits (OWASP: throttle the
/// pair, never lock the account).
pub const PAIR_LIMIT: Limit = Limit {
    max: MAX_FAILURES,
    window: chrono::Duration::minutes(FAILURE_WINDOW_MINUTES),
};
/// Sign-in attempts per address, whatever the user names (an office behind one address has
/// several administrators).
pub const ADDRESS_LIMIT: Limit = Limit {
    max: 4 * MAX_FAILURES,
    window: chrono::Duration::minutes(FAILURE_WINDOW_MINUTES),
};
/// The longest a sign-in is slowed down for a user name that many addresses guess at.
pub const MAX_USER_DELAY: std::time::Duration = std::time::Duration::from_secs(8);

/// Checks a login attempt against the throttles, then the credentials; returns the user on
/// success.
///
/// The attempt is counted before the password is checked, atomically, so parallel guesses
/// cannot pass the limit: [`PAIR_LIMIT`] per user name and address, [`ADDRESS_LIMIT`] per
/// address (429 with `Retry-After` past them). Failures per user name from every address only
/// slow the next attempt down (a delay that doubles up to [`MAX_USER_DELAY`]): the right
/// password from an address that has not failed is never refused, so nobody can lock the real
/// administrator out.
pub async fn check_login(
    db: &sea_orm::DatabaseConnection,
    client: IpAddr,
    username: &str,
    password: &str,
) -> Result<admin_user::Model, ApiError> {
    let name = username.to_lowercase();
    let pair = format!("pair:{name}|{client}");
    let address = format!("addr:{client}");
    let user_failures = format!("user:{name}");
    let mut tickets = Vec::new();
    for (scope, limit) in [(&pair, PAIR_LIMIT), (&address, ADDRESS_LIMIT)] {
        match throttle::take(db, scope, limit).await? {
            Decision::Allowed(ticket) => tickets.push(ticket),
            Decision::Refused { retry_after } => {
                for ticket in tickets {
                    throttle::give_back(db, ticket).await?;
                }
                let minutes = retry_after.div_ceil(60);
                return Err(ApiError::TooManyRequests {
                    message: catalog()
                        .messages
                        .too_many_sign_ins
                        .with("duration", crate::i18n::minutes(minutes)),
                    retry_after,
                });
            }
        }
    }
    slow_down_after_failures(db, &user_failures).await?;
    let user = admin_user::Entity::find()
        .filter(admin_user::Column::Username.eq(username))
        .one(db)
        .await?;
    let hash = user
        .as_ref()
        .map_or(DUMMY_HASH.as_str(), |u| u.password_hash.as_str())
        .to_owned();
    let password = password.to_owned();
    let valid = web::block(move || verify_password(&hash, &password))
        .await
        .map_err(|e| ApiError::Unexpected(anyhow::anyhow!("password check failed: {e}")))?;
    match user {
        Some(user) if valid => {
            // A success is not a failure: the pair starts again, the address keeps its others.
            throttle::clear(db, &pair).await?;
            throttle::clear(db, &user_failures).await?;
            for ticket in tickets {
                throttle::give_back(db, ticket).await?;
            }
            Ok(user)
        }
        _ => {
            throttle::record(db, &user_failures).await?;
            Err(ApiError::Unauthorized(
                catalog().messages.invalid_credentials.clone(),
            ))
        }
    }
}

/// Waits before an attempt for an account that many addresses have failed at lately: nothing
/// below [`MAX_FAILURES`] failures in the window, then a delay that doubles from one second up
/// to [`MAX_USER_DELAY`]. It slows guessing from many addresses without ever refusing the
/// right answer from an address that has not failed.
pub async fn slow_down_after_failures(
    db: &impl ConnectionTrait,
    scope: &str,
) -> Result<(), ApiError> {
    let failures = throttle::count(db, scope, PAIR_LIMIT.window).await?;
    if failures >= MAX_FAILURES {
        let doublings = (failures - MAX_FAILURES).min(16) as u32;
        let delay = (std::time::Duration::from_secs(1) * 2u32.pow(doublings)).min(MAX_USER_DELAY);
        tokio::time::sleep(delay).await;
    }
    Ok(())
}

/// Where a session comes from, and whether its sign-in passed the second factor.
#[derive(Debug, Clone, Default)]
pub struct SessionMeta {
    pub address: Option<String>,
    pub user_agent: Option<String>,
    pub second_factor: bool,
}

/// The longest `User-Agent` kept for a session.
const USER_AGENT_MAX: usize = 300;

impl SessionMeta {
    /// The request's client address and browser.
    pub fn of(state: &AppState, req: &HttpRequest, second_factor: bool) -> SessionMeta {
        let user_agent = req
            .headers()
            .get(actix_web::http::header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .map(|ua| ua.chars().take(USER_AGENT_MAX).collect());
        SessionMeta {
            address: Some(state.client_ip(req).to_string()),
            user_agent,
            second_factor,
        }
    }
}

/// Creates a session and returns its token and expiry.
pub async fn start_session(
    db: &impl ConnectionTrait,
    user: &admin_user::Model,
    ttl: chrono::Duration,
    meta: SessionMeta,
) -> Result<(String, DateTime<Utc>), ApiError> {
    let (token, hash) = new_token();
    let now = Utc::now();
    let expires_at = now + ttl;
    admin_session::ActiveModel {
        admin_user_id: Set(user.id),
        token_hash: Set(hash),
        created_at: Set(now),
        expires_at: Set(expires_at),
        revoked_at: Set(None),
        last_seen_at: Set(Some(now)),
        address: Set(meta.address),
        user_agent: Set(meta.user_agent),
        second_factor: Set(meta.second_factor),
        ..Default::default()
    }
    .insert(db)
    .await?;
    admin_user::Entity::update_many()
        .col_expr(
            admin_user::Column::LastSignInAt,
            sea_orm::sea_query::Expr::value(now),
        )
        .filter(admin_user::Column::Id.eq(user.id))
        .exec(db)
        .await?;
    Ok((token, expires_at))
}

pub async fn revoke_session(db: &impl ConnectionTrait, session_id: i32) -> Result<(), ApiError> {
    admin_session::Entity::update_many()
        .col_expr(
            admin_session::Column::RevokedAt,
            sea_orm::sea_query::Expr::value(Utc::now()),
        )
        .filter(admin_session::Column::Id.eq(session_id))
        .exec(db)
        .await?;
    Ok(())
}

/// Creates the administrator, or resets the password of an existing one (and signs them out
/// everywhere). Returns true when the account is new.
pub async fn upsert_admin(
    db: &impl ConnectionTrait,
    username: &str,
    password: &str,
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
        let mut active: admin_user::ActiveModel = user.into();
        active.password_hash = Set(hash);
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
        crate::accounts::audit::Event::new("password.reset")
            .on("admin_user", id)
            .detail(serde_json::json!({ "via": "command line", "totpOff": had_two_factor }))
            .save(db)
            .await
            .context("Failed to record the reset in the audit log")?;
        Ok(false)
    } else {
        let user = admin_user::ActiveModel {
            username: Set(username.to_owned()),
            password_hash: Set(hash),
            created_at: Set(Utc::now()),
            ..Default::default()
        }
        .insert(db)
        .await
        .context("Failed to create the administrator")?;
        crate::accounts::audit::Event::new("admin.created")
            .on("admin_user", user.id)
            .detail(serde_json::json!({ "username": user.username, "via": "command line" }))
            .save(db)
            .await
            .context("Failed to record the new administrator in the audit log")?;
        Ok(true)
    }
}

/// An authenticated administrator (a valid `Authorization: Bearer` token).
#[derive(Debug, Clone)]
pub struct Admin {
    pub user_id: i32,
    pub session_id: i32,
    pub username: String,
    /// Signed in with a one-time password: only the account's own routes answer.
    pub must_change_password: bool,
    /// Two-factor is required (`CONCIERGE_REQUIRE_2FA`) and not enrolled yet: only the
    /// account's own routes answer.
    pub must_enrol: bool,
}

/// A session's `last_seen_at` is written at most this often.
const LAST_SEEN_EVERY: chrono::Duration = chrono::Duration::seconds(60);

/// `Some` when a valid bearer token is present, `None` when there is no `Authorization`
/// header; a present but invalid token is still a 401.
#[derive(Debug, Clone)]
pub struct MaybeAdmin(pub Option<Admin>);

fn bearer(req: &HttpRequest) -> Option<Result<String, ApiError>> {
    let header = req.headers().get(actix_web::http::header::AUTHORIZATION)?;
    let value = header.to_str().unwrap_or("");
    Some(match value.split_once(' ') {
        Some((scheme, token))
            if scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty() =>
        {
            Ok(token.trim().to_owned())
        }
        _ => Err(signed_out()),
    })
}

/// The administrator of a token: the session must be open, the account enabled, and, once the
/// account has two-factor on, the session must have been made with it.
async fn authenticate(state: web::Data<AppState>, token: String) -> Result<Admin, ApiError> {
    let now = Utc::now();
    let found = admin_session::Entity::find()
        .filter(admin_session::Column::TokenHash.eq(token_hash(&token)))
        .filter(admin_session::Column::RevokedAt.is_null())
        .filter(admin_session::Column::ExpiresAt.gt(now))
        .one(&state.db.read)
        .await?;
    let Some(session) = found else {
        return Err(signed_out());
    };
    let user = admin_user::Entity::find_by_id(session.admin_user_id)
        .one(&state.db.read)
        .await?;
    let Some(user) = user.filter(|u| !u.disabled && (session.second_factor || !u.totp_enabled))
    else {
        return Err(signed_out());
    };
    if session
        .last_seen_at
        .is_none_or(|seen| now - seen >= LAST_SEEN_EVERY)
    {
        admin_session::Entity::update_many()
            .col_expr(
                admin_session::Column::LastSeenAt,
                sea_orm::sea_query::Expr::value(now),
            )
            .filter(admin_session::Column::Id.eq(session.id))
            .exec(&state.db.write)
            .await?;
    }
    Ok(Admin {
        user_id: user.id,
        session_id: session.id,
        username: user.username,
        must_change_password: user.must_change_password,
        must_enrol: state.settings.require_2fa && !user.totp_enabled,
    })
}

/// Why `admin` may not run the operation at the route `pattern`, if they may not: an
/// administrator who must change their one-time password may only see their account, change
/// the password and sign out; one who must enrol two-factor (`CONCIERGE_REQUIRE_2FA`) may only
/// see their account, enrol and sign out. `pattern` is the route the router matched (or will
/// match), never the raw path.
pub fn restriction(admin: &Admin, method: &str, pattern: &str) -> Option<&'static Text> {
    if !(admin.must_change_password || admin.must_enrol) {
        return None;
    }
    let account = matches!(
        (method, pattern),
        ("GET", "/api/v1/account") | ("POST", "/api/v1/logout")
    );
    let password = (method, pattern) == ("PUT", "/api/v1/account/password");
    let enrolment = method == "POST" && pattern.starts_with("/api/v1/account/totp/");
    let open = account
        || (password && admin.must_change_password)
        || (enrolment && !admin.must_change_password && admin.must_enrol);
    if open {
        None
    } else if admin.must_change_password {
        Some(&crate::accounts::messages::get().must_change_password)
    } else {
        Some(&crate::accounts::messages::get().must_enrol)
    }
}

fn app_state(req: &HttpRequest) -> Result<web::Data<AppState>, ApiError> {
    req.app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| ApiError::Unexpected(anyhow::anyhow!("AppState is not registered")))
}

/// Middleware: a request only an administrator may make (the table of operations, built from
/// the OpenAPI document at start-up, says so for the route the router will match) is
/// authenticated before anything reads its body, so a refused request is answered 401 (or 403
/// for a restricted account) whatever it carries, and its body is never parsed. The
/// administrator found is kept for the handler's [`Admin`], which checks the restrictions
/// again against the route actually matched.
pub async fn authenticate_first(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody>,
) -> Result<
    actix_web::dev::ServiceResponse<actix_web::body::EitherBody<impl actix_web::body::MessageBody>>,
    actix_web::Error,
> {
    use crate::accounts::audit::{self, Actor};
    use crate::operations::{Access, OperationTable, routed_path};
    use actix_web::HttpMessage;
    let table = req
        .app_data::<web::Data<OperationTable>>()
        .cloned()
        .ok_or_else(|| {
            ApiError::Unexpected(anyhow::anyhow!("the operations are not registered"))
        })?;
    let operation = table
        .resolve(req.method(), routed_path(req.request()))
        .filter(|o| o.access == Access::Administrator);
    let Some(operation) = operation else {
        return Ok(next.call(req).await?.map_into_left_body());
    };
    let token = bearer(req.request()).unwrap_or_else(|| Err(signed_out()))?;
    let state = app_state(req.request())?;
    let admin = authenticate(state.clone(), token).await?;
    if let Some(message) = restriction(&admin, req.method().as_str(), &operation.pattern) {
        let response = crate::routes::error_response::error_body(
            actix_web::HttpResponse::Forbidden(),
            message,
            [],
        );
        return Ok(req.into_response(response).map_into_right_body());
    }
    let actor = Actor {
        id: Some(admin.user_id),
        username: Some(admin.username.clone()),
        address: Some(state.client_ip(req.request()).to_string()),
    };
    req.extensions_mut().insert(admin);
    let response = audit::scoped(actor.clone(), next.call(req)).await?;
    if response.status().is_success() {
        crate::routes::audit::record_transfer(&state.db.write, &actor, response.request()).await?;
    }
    Ok(response.map_into_left_body())
}

impl FromRequest for Admin {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    /// The administrator the middleware found, or (a route it did not know as an
    /// administrator's) one authenticated here; either way the account's restrictions are
    /// checked again against the route the router matched.
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        use actix_web::HttpMessage;
        let found = req.extensions().get::<Admin>().cloned();
        let token = bearer(req).unwrap_or_else(|| Err(signed_out()));
        let state = app_state(req);
        let method = req.method().as_str().to_owned();
        let pattern = req.match_pattern().unwrap_or_default();
        Box::pin(async move {
            let admin = match found {
                Some(admin) => admin,
                None => authenticate(state?, token?).await?,
            };
            match restriction(&admin, &method, &pattern) {
                Some(message) => Err(ApiError::Forbidden(message.clone())),
                None => Ok(admin),
            }
        })
    }
}

impl FromRequest for MaybeAdmin {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = bearer(req);
        let state = app_state(req);
        Box::pin(async move {
            match token {
                None => Ok(MaybeAdmin(None)),
                // An administrator who must first change their password or enrol reads what
                // anybody reads.
                Some(token) => {
                    let admin = authenticate(state?, token?).await?;
                    let restricted = admin.must_change_password || admin.must_enrol;
                    Ok(MaybeAdmin((!restricted).then_some(admin)))
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_verify_only_against_their_own_hash() {
        let hash = hash_password("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password(&hash, "correct horse"));
        assert!(!verify_password(&hash, "wrong horse"));
        assert!(!verify_password("not a hash", "correct horse"));
    }

    #[test]
    fn tokens_are_random_and_stored_only_as_hashes() {
        let (a, ha) = new_token();
        let (b, _) = new_token();
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert_eq!(ha, token_hash(&a));
        assert_ne!(ha, a);
    }
}
