//! Signing in: the throttles and the password check, and the session a sign-in starts.

use std::net::IpAddr;

use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use super::passwords::{DUMMY_HASH, verify_password};
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_core::limits::{ADDRESS_LIMIT, MAX_FAILURES, MAX_USER_DELAY, PAIR_LIMIT};
use concierge_core::token::new_token;
use concierge_store::entities::{admin_session, admin_user};
use concierge_store::throttle::{self, Decision};

/// Checks a login attempt against the throttles, then the credentials; returns the user on
/// success.
///
/// The attempt is counted before the password is checked, atomically, so parallel guesses
/// cannot pass the limit: [`PAIR_LIMIT`] per user name and address, [`ADDRESS_LIMIT`] per
/// address (429 with `Retry-After` past them). Failures per user name from every address only
/// slow the next attempt down (a delay that doubles up to [`MAX_USER_DELAY`]): the right
/// password from an address that has not failed is never refused, so nobody can lock the real
/// administrator out.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn check_login(
    db: &concierge_store::Writer,
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
                        .with("duration", concierge_core::domain::rules::minutes(minutes)),
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
    let valid = tokio::task::spawn_blocking(move || verify_password(&hash, &password))
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
pub const USER_AGENT_MAX: usize = 300;

/// Creates a session and returns its token and expiry.
#[tracing::instrument(level = "debug", skip_all)]
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

#[tracing::instrument(level = "debug", skip_all)]
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
