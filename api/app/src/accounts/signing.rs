//! Signing in and out, every step audited: the password ([`sign_in`]'s checks and throttles),
//! then, with two-factor on, the second factor ([`two_factor`]), and only then a session.

use std::net::IpAddr;

use chrono::{DateTime, Utc};

use super::sign_in::{SessionMeta, check_login, revoke_session, start_session};
use super::two_factor;
use concierge_core::error::ApiError;

/// A sign-in: the name and password typed, and the second factor's code when the account has
/// two-factor on (a six-digit code or a recovery code).
#[derive(Debug)]
pub struct Attempt {
    pub username: String,
    pub password: String,
    pub code: Option<String>,
    pub client: IpAddr,
}

/// Signs an administrator in, every step audited: a wrong user name and a wrong password get
/// the same 401, throttled per name and address ([`check_login`]); a disabled account 401;
/// with two-factor on, the right password alone answers that the second factor is needed, and
/// a token is only issued after every factor. The session's token and when it expires.
pub async fn sign_in(
    db: &concierge_store::Db,
    attempt: Attempt,
    ttl: chrono::Duration,
    mut meta: SessionMeta,
) -> Result<(String, DateTime<Utc>), ApiError> {
    use concierge_core::domain::rules::account_messages as messages;
    use concierge_store::audit::{self, Actor, Event};
    let Attempt {
        username,
        password,
        code,
        client,
    } = attempt;
    let anonymous = Actor::anonymous(&username, client);
    let failed = |reason: &'static str| {
        Event::new("sign_in.failure").detail(serde_json::json!({ "reason": reason }))
    };
    let user = match check_login(&db.write, client, &username, &password).await {
        Ok(user) => user,
        Err(error) => {
            let throttled = matches!(error, ApiError::TooManyRequests { .. });
            // A refused attempt is recorded once per address and window, so that a flood of
            // refused requests cannot flood the log.
            if !throttled
                || !audit::recently(
                    &db.write,
                    "sign_in.failure",
                    &anonymous,
                    concierge_core::limits::FAILURE_WINDOW_MINUTES,
                )
                .await?
            {
                let reason = if throttled { "throttled" } else { "password" };
                failed(reason).save_as(&db.write, &anonymous).await?;
            }
            return Err(error);
        }
    };
    let actor = Actor {
        id: Some(user.id),
        ..anonymous
    };
    if user.disabled {
        failed("disabled").save_as(&db.write, &actor).await?;
        return Err(ApiError::Unauthorized(messages().account_disabled.clone()));
    }
    if user.totp_enabled {
        let Some(code) = code else {
            return Err(ApiError::SecondFactor(
                messages().two_factor_required.clone(),
            ));
        };
        let accept = two_factor::Accept::CodeOrRecovery;
        let checked = audit::scoped(
            actor.clone(),
            two_factor::check(&db.write, &user, &code, accept, client),
        )
        .await;
        match checked {
            Ok(()) => {}
            Err(ApiError::Unauthorized(_)) => {
                failed("code").save_as(&db.write, &actor).await?;
                return Err(ApiError::SecondFactor(messages().code_invalid.clone()));
            }
            Err(error) => {
                failed("code throttled").save_as(&db.write, &actor).await?;
                return Err(error);
            }
        }
    }
    meta.second_factor = user.totp_enabled;
    let (token, expires_at) = start_session(&db.write, &user, ttl, meta).await?;
    Event::new("sign_in.success")
        .detail(serde_json::json!({ "secondFactor": user.totp_enabled }))
        .save_as(&db.write, &actor)
        .await?;
    Ok((token, expires_at))
}

/// Ends session `session_id` (its token stops working at once), audited.
pub async fn sign_out(db: &concierge_store::Db, session_id: i32) -> Result<(), ApiError> {
    revoke_session(&db.write, session_id).await?;
    concierge_store::audit::Event::new("sign_out")
        .save(&db.write)
        .await?;
    Ok(())
}
