//! Administrator authentication: argon2id password hashes, opaque session tokens stored as
//! SHA-256 hashes, and database-backed login throttling (so several instances agree).

use std::future::Future;
use std::pin::Pin;
use std::sync::LazyLock;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use anyhow::Context;
use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier, phc::PasswordHash};
use base64::Engine;
use chrono::{DateTime, Utc};
use rand::RngCore;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};
use sha2::{Digest, Sha256};

use crate::error::ApiError;
use crate::state::AppState;
use crate::store::entities::{admin_session, admin_user, login_failure};

pub const MAX_FAILURES: u64 = 5;
pub const FAILURE_WINDOW_MINUTES: i64 = 15;
pub const INVALID_CREDENTIALS: &str = "Invalid username or password.";
const UNAUTHORIZED: &str = "Please sign in again: your session is missing or has expired.";

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

/// Checks a login attempt against the throttle, then the credentials.
/// Returns the user on success; records the failure otherwise.
pub async fn check_login(
    db: &impl ConnectionTrait,
    client: &str,
    username: &str,
    password: &str,
) -> Result<admin_user::Model, ApiError> {
    let scopes = [
        format!("client:{client}"),
        format!("user:{}", username.to_lowercase()),
    ];
    let now = Utc::now();
    for scope in &scopes {
        if let Some(retry_after) = throttled(db, scope, now).await? {
            let minutes = retry_after.div_ceil(60);
            return Err(ApiError::TooManyRequests {
                message: format!(
                    "Too many failed sign-in attempts. Please try again in {minutes} minute{}.",
                    if minutes == 1 { "" } else { "s" }
                ),
                retry_after,
            });
        }
    }
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
            login_failure::Entity::delete_many()
                .filter(login_failure::Column::Scope.eq(&scopes[1]))
                .exec(db)
                .await?;
            Ok(user)
        }
        _ => {
            let cutoff = now - chrono::Duration::minutes(FAILURE_WINDOW_MINUTES);
            login_failure::Entity::delete_many()
                .filter(login_failure::Column::Scope.is_in(scopes.clone()))
                .filter(login_failure::Column::FailedAt.lt(cutoff))
                .exec(db)
                .await?;
            for scope in scopes {
                login_failure::ActiveModel {
                    scope: Set(scope),
                    failed_at: Set(now),
                    ..Default::default()
                }
                .insert(db)
                .await?;
            }
            Err(ApiError::Unauthorized(INVALID_CREDENTIALS.into()))
        }
    }
}

/// Seconds until `scope` may try again, if it has used up its failures in the window.
async fn throttled(
    db: &impl ConnectionTrait,
    scope: &str,
    now: DateTime<Utc>,
) -> Result<Option<u64>, ApiError> {
    let window = chrono::Duration::minutes(FAILURE_WINDOW_MINUTES);
    let recent = login_failure::Entity::find()
        .filter(login_failure::Column::Scope.eq(scope))
        .filter(login_failure::Column::FailedAt.gt(now - window))
        .order_by_desc(login_failure::Column::FailedAt)
        .paginate(db, MAX_FAILURES)
        .fetch_page(0)
        .await?;
    if (recent.len() as u64) < MAX_FAILURES {
        return Ok(None);
    }
    // The block lifts when the oldest of the last MAX_FAILURES failures leaves the window.
    let oldest = recent.last().map(|f| f.failed_at).unwrap_or(now);
    let wait = (oldest + window - now).num_seconds().max(1) as u64;
    Ok(Some(wait))
}

/// Creates a session and returns its token and expiry.
pub async fn start_session(
    db: &impl ConnectionTrait,
    user: &admin_user::Model,
    ttl: chrono::Duration,
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
        ..Default::default()
    }
    .insert(db)
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
        let mut active: admin_user::ActiveModel = user.into();
        active.password_hash = Set(hash);
        active
            .update(db)
            .await
            .context("Failed to reset the password")?;
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
        Ok(false)
    } else {
        admin_user::ActiveModel {
            username: Set(username.to_owned()),
            password_hash: Set(hash),
            created_at: Set(Utc::now()),
            ..Default::default()
        }
        .insert(db)
        .await
        .context("Failed to create the administrator")?;
        Ok(true)
    }
}

/// An authenticated administrator (a valid `Authorization: Bearer` token).
#[derive(Debug, Clone)]
pub struct Admin {
    pub user_id: i32,
    pub session_id: i32,
}

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
        _ => Err(ApiError::Unauthorized(UNAUTHORIZED.into())),
    })
}

async fn authenticate(state: web::Data<AppState>, token: String) -> Result<Admin, ApiError> {
    let session = admin_session::Entity::find()
        .filter(admin_session::Column::TokenHash.eq(token_hash(&token)))
        .filter(admin_session::Column::RevokedAt.is_null())
        .filter(admin_session::Column::ExpiresAt.gt(Utc::now()))
        .one(&state.db.read)
        .await?;
    session
        .map(|s| Admin {
            user_id: s.admin_user_id,
            session_id: s.id,
        })
        .ok_or_else(|| ApiError::Unauthorized(UNAUTHORIZED.into()))
}

fn app_state(req: &HttpRequest) -> Result<web::Data<AppState>, ApiError> {
    req.app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| ApiError::Unexpected(anyhow::anyhow!("AppState is not registered")))
}

impl FromRequest for Admin {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = bearer(req).unwrap_or_else(|| Err(ApiError::Unauthorized(UNAUTHORIZED.into())));
        let state = app_state(req);
        Box::pin(async move { authenticate(state?, token?).await })
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
                Some(token) => Ok(MaybeAdmin(Some(authenticate(state?, token?).await?))),
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
