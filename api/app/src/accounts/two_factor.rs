//! The second factor at sign-in and at enrolment: a TOTP code (once per step, never an older
//! step than the last accepted) or a recovery code (once), throttled per administrator like
//! the password.

use chrono::Utc;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use super::{recovery, totp};
use concierge_core::domain::rules::account_messages as messages;
use concierge_core::error::ApiError;
use concierge_core::limits::CODE_LIMIT;
use concierge_store::audit::Event;
use concierge_store::entities::{admin_recovery_code, admin_user};
use concierge_store::throttle::{self, Decision};

/// Which codes count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Accept {
    /// Sign-in: the authenticator's code or a recovery code.
    CodeOrRecovery,
    /// Enrolment: only the authenticator's code proves the device works.
    CodeOnly,
}

/// Checks `code`, sent from `client`, against `user`'s secret (the pending one during
/// enrolment) and its recovery codes. Every attempt counts against [`CODE_LIMIT`] for the
/// administrator at that address (429 past it); wrong codes from every address only slow the
/// next attempt down ([`crate::accounts::sign_in::slow_down_after_failures`]), like the password step, so
/// whoever knows the password cannot keep the real administrator out at the code step.
/// Success clears both counts.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn check(
    db: &concierge_store::Writer,
    user: &admin_user::Model,
    code: &str,
    accept: Accept,
    client: std::net::IpAddr,
) -> Result<(), ApiError> {
    let pair = format!("totp:{}|{client}", user.id);
    let failures = format!("totp-user:{}", user.id);
    let ticket = match throttle::take(db, &pair, CODE_LIMIT).await? {
        Decision::Allowed(ticket) => ticket,
        Decision::Refused { retry_after } => {
            return Err(ApiError::TooManyRequests {
                message: messages().too_many_codes.clone().with(
                    "duration",
                    concierge_core::domain::rules::minutes(retry_after.div_ceil(60)),
                ),
                retry_after,
            });
        }
    };
    crate::accounts::sign_in::slow_down_after_failures(db, &failures).await?;
    let accepted = match (recovery::normalise(code), accept) {
        (Some(_), Accept::CodeOrRecovery) => use_recovery_code(db, user.id, code).await?,
        (Some(_), Accept::CodeOnly) => false,
        (None, _) => use_totp(db, user, code).await?,
    };
    if accepted {
        throttle::give_back(db, ticket).await?;
        throttle::clear(db, &pair).await?;
        throttle::clear(db, &failures).await?;
        Ok(())
    } else {
        throttle::record(db, &failures).await?;
        Err(ApiError::Unauthorized(messages().code_invalid.clone()))
    }
}

/// Accepts a TOTP code once: the step it belongs to becomes the last accepted, in one
/// conditional update, so two requests with the same code cannot both pass.
async fn use_totp(
    db: &impl ConnectionTrait,
    user: &admin_user::Model,
    code: &str,
) -> Result<bool, ApiError> {
    let Some(secret) = user.totp_secret.as_deref() else {
        return Ok(false);
    };
    let Some(step) = totp::verify(secret, code, Utc::now().timestamp(), user.totp_last_step) else {
        return Ok(false);
    };
    let result = admin_user::Entity::update_many()
        .col_expr(admin_user::Column::TotpLastStep, Expr::value(step))
        .filter(admin_user::Column::Id.eq(user.id))
        .filter(
            sea_orm::Condition::any()
                .add(admin_user::Column::TotpLastStep.is_null())
                .add(admin_user::Column::TotpLastStep.lt(step)),
        )
        .exec(db)
        .await?;
    Ok(result.rows_affected == 1)
}

/// Accepts an unused recovery code of the administrator once.
async fn use_recovery_code(
    db: &impl ConnectionTrait,
    user_id: i32,
    code: &str,
) -> Result<bool, ApiError> {
    let unused = admin_recovery_code::Entity::find()
        .filter(admin_recovery_code::Column::AdminUserId.eq(user_id))
        .filter(admin_recovery_code::Column::UsedAt.is_null())
        .all(db)
        .await?;
    let Some(found) = unused
        .iter()
        .find(|c| recovery::matches(&c.code_hash, code))
    else {
        return Ok(false);
    };
    let result = admin_recovery_code::Entity::update_many()
        .col_expr(admin_recovery_code::Column::UsedAt, Expr::value(Utc::now()))
        .filter(admin_recovery_code::Column::Id.eq(found.id))
        .filter(admin_recovery_code::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    if result.rows_affected == 1 {
        Event::new("recovery_code.used")
            .on(concierge_store::audit::ADMIN_USER, user_id)
            .detail(serde_json::json!({ "remaining": unused.len() - 1 }))
            .save(db)
            .await?;
    }
    Ok(result.rows_affected == 1)
}

/// Replaces the administrator's recovery codes with ten new ones, returned as shown once.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn new_recovery_codes(
    db: &impl ConnectionTrait,
    user_id: i32,
) -> Result<Vec<String>, ApiError> {
    remove_recovery_codes(db, user_id).await?;
    let now = Utc::now();
    let mut codes = Vec::with_capacity(recovery::COUNT);
    for _ in 0..recovery::COUNT {
        let code = recovery::new_code();
        admin_recovery_code::ActiveModel {
            admin_user_id: Set(user_id),
            code_hash: Set(recovery::hash(&code)),
            created_at: Set(now),
            used_at: Set(None),
            ..Default::default()
        }
        .insert(db)
        .await?;
        codes.push(code);
    }
    Ok(codes)
}

pub async fn remove_recovery_codes(
    db: &impl ConnectionTrait,
    user_id: i32,
) -> Result<(), ApiError> {
    admin_recovery_code::Entity::delete_many()
        .filter(admin_recovery_code::Column::AdminUserId.eq(user_id))
        .exec(db)
        .await?;
    Ok(())
}
