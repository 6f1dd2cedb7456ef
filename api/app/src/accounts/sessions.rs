//! An administrator's sessions: which are open, and ending them.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;

use concierge_core::domain::rules::account_messages as messages;
use concierge_core::error::ApiError;
use concierge_store::entities::admin_session;

/// A session as its administrator sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionView {
    pub id: i32,
    pub created_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
    pub address: Option<String>,
    pub user_agent: Option<String>,
    /// The session this request came with.
    pub current: bool,
}

fn open() -> sea_orm::Condition {
    sea_orm::Condition::all()
        .add(admin_session::Column::RevokedAt.is_null())
        .add(admin_session::Column::ExpiresAt.gt(Utc::now()))
}

/// The administrator's open sessions, most recently active first.
pub async fn list(
    db: &impl ConnectionTrait,
    user_id: i32,
    current: i32,
) -> Result<Vec<SessionView>, ApiError> {
    let rows = admin_session::Entity::find()
        .filter(admin_session::Column::AdminUserId.eq(user_id))
        .filter(open())
        .order_by_desc(admin_session::Column::Id)
        .all(db)
        .await?;
    let mut sessions: Vec<SessionView> = rows
        .into_iter()
        .map(|s| SessionView {
            id: s.id,
            created_at: s.created_at,
            last_seen_at: s.last_seen_at.unwrap_or(s.created_at),
            address: s.address,
            user_agent: s.user_agent,
            current: s.id == current,
        })
        .collect();
    sessions.sort_by(|a, b| {
        b.current
            .cmp(&a.current)
            .then(b.last_seen_at.cmp(&a.last_seen_at))
    });
    Ok(sessions)
}

/// Ends one of the administrator's own open sessions (404 for any other).
pub async fn end(db: &impl ConnectionTrait, user_id: i32, session_id: i32) -> Result<(), ApiError> {
    let result = admin_session::Entity::update_many()
        .col_expr(admin_session::Column::RevokedAt, Expr::value(Utc::now()))
        .filter(admin_session::Column::Id.eq(session_id))
        .filter(admin_session::Column::AdminUserId.eq(user_id))
        .filter(open())
        .exec(db)
        .await?;
    if result.rows_affected == 0 {
        return Err(ApiError::NotFound(messages().session_not_found.clone()));
    }
    Ok(())
}

/// Ends every open session of the administrator but `except`; returns how many ended.
pub async fn end_all(
    db: &impl ConnectionTrait,
    user_id: i32,
    except: Option<i32>,
) -> Result<u64, ApiError> {
    let mut update = admin_session::Entity::update_many()
        .col_expr(admin_session::Column::RevokedAt, Expr::value(Utc::now()))
        .filter(admin_session::Column::AdminUserId.eq(user_id))
        .filter(admin_session::Column::RevokedAt.is_null());
    if let Some(except) = except {
        update = update.filter(admin_session::Column::Id.ne(except));
    }
    Ok(update.exec(db).await?.rows_affected)
}

/// A signed-in administrator, as their token's session and account say.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub user_id: i32,
    pub session_id: i32,
    pub role: concierge_core::roles::Role,
    pub username: String,
    pub must_change_password: bool,
    pub totp_enabled: bool,
}

/// How often a session's `last_seen_at` is written (not on every request).
const LAST_SEEN_EVERY: chrono::Duration = chrono::Duration::seconds(60);

/// The administrator of the token whose hash is `token_hash`: the session must be open at
/// `now`, the account enabled, and, once the account has two-factor on, the session must have
/// been made with it. The session's last use is noted (at most once a minute).
pub async fn authenticate(
    db: &concierge_store::Db,
    token_hash: &str,
    now: DateTime<Utc>,
) -> Result<Option<SignedIn>, ApiError> {
    use concierge_store::entities::admin_user;
    let found = admin_session::Entity::find()
        .filter(admin_session::Column::TokenHash.eq(token_hash))
        .filter(admin_session::Column::RevokedAt.is_null())
        .filter(admin_session::Column::ExpiresAt.gt(now))
        .one(&db.read)
        .await?;
    let Some(session) = found else {
        return Ok(None);
    };
    let user = admin_user::Entity::find_by_id(session.admin_user_id)
        .one(&db.read)
        .await?;
    let Some(user) = user.filter(|u| !u.disabled && (session.second_factor || !u.totp_enabled))
    else {
        return Ok(None);
    };
    if session
        .last_seen_at
        .is_none_or(|seen| now - seen >= LAST_SEEN_EVERY)
    {
        admin_session::Entity::update_many()
            .col_expr(admin_session::Column::LastSeenAt, Expr::value(now))
            .filter(admin_session::Column::Id.eq(session.id))
            .exec(&db.write)
            .await?;
    }
    Ok(Some(SignedIn {
        user_id: user.id,
        session_id: session.id,
        role: user.role(),
        username: user.username,
        must_change_password: user.must_change_password,
        totp_enabled: user.totp_enabled,
    }))
}

/// Whether the session `session_id` still signs its administrator in at `now` (not ended, not
/// expired, the account not disabled): what a long-lived answer, such as the live events, checks
/// as it goes.
pub async fn still_open(
    db: &concierge_store::Db,
    session_id: i32,
    now: DateTime<Utc>,
) -> Result<bool, ApiError> {
    use concierge_store::entities::admin_user;
    let Some(session) = admin_session::Entity::find_by_id(session_id)
        .filter(admin_session::Column::RevokedAt.is_null())
        .filter(admin_session::Column::ExpiresAt.gt(now))
        .one(&db.read)
        .await?
    else {
        return Ok(false);
    };
    let user = admin_user::Entity::find_by_id(session.admin_user_id)
        .one(&db.read)
        .await?;
    Ok(user.is_some_and(|u| !u.disabled))
}
