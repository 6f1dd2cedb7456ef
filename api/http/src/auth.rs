//! Who is asking: the administrator of a bearer token (the middleware that authenticates an
//! administrator's operation before its body is read, and the extractors), the restrictions
//! of an account (a one-time password, two-factor to enrol) and the permission its role must
//! hold, both on the matched route.

use std::future::Future;
use std::pin::Pin;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use chrono::Utc;

use crate::routes::error_response::{Answer, HttpError};
use crate::state::AppState;
use concierge_app::accounts::sign_in::SessionMeta;
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_core::i18n::Text;
use concierge_core::roles::{Permission, Role};
use concierge_core::token::token_hash;

/// 401: the session is missing, expired or revoked.
fn signed_out() -> ApiError {
    ApiError::Unauthorized(catalog().messages.sign_in_again.clone())
}

/// The request's client address and browser, for the session a sign-in starts (whether it
/// passed a second factor is the sign-in's to say).
pub fn session_meta(state: &AppState, req: &HttpRequest) -> SessionMeta {
    {
        let user_agent = req
            .headers()
            .get(actix_web::http::header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .map(|ua| {
                ua.chars()
                    .take(concierge_app::accounts::sign_in::USER_AGENT_MAX)
                    .collect()
            });
        SessionMeta {
            address: Some(state.client_ip(req).to_string()),
            user_agent,
            second_factor: false,
        }
    }
}

/// An authenticated administrator (a valid `Authorization: Bearer` token).
#[derive(Debug, Clone)]
pub struct Admin {
    pub user_id: i32,
    pub session_id: i32,
    pub username: String,
    /// Read afresh on every request: a changed role holds at once, in every session.
    pub role: Role,
    /// Signed in with a one-time password: only the account's own routes answer.
    pub must_change_password: bool,
    /// Two-factor is required (`CONCIERGE_REQUIRE_2FA`) and not enrolled yet: only the
    /// account's own routes answer.
    pub must_enrol: bool,
}

/// `Some` when a valid bearer token is present, `None` when there is no `Authorization`
/// header; a present but invalid token is still a 401.
#[derive(Debug, Clone)]
pub struct MaybeAdmin(pub Option<Admin>);

impl MaybeAdmin {
    /// Whether an administrator whose role holds `permission` asks (an anonymous operation that
    /// shows administrators more, such as drafts to those who read content).
    pub fn may(&self, permission: Permission) -> bool {
        self.0.as_ref().is_some_and(|a| a.role.may(permission))
    }
}

/// The bearer token of `req`: 401 without one.
pub fn bearer_token(req: &HttpRequest) -> Answer<String> {
    bearer(req).unwrap_or_else(|| Err(signed_out().into()))
}

/// The administrator of `token`, as every bearer route admits one (401 otherwise).
pub async fn admin_of_token(state: web::Data<AppState>, token: String) -> Answer<Admin> {
    authenticate(state, token).await
}

fn bearer(req: &HttpRequest) -> Option<Answer<String>> {
    let header = req.headers().get(actix_web::http::header::AUTHORIZATION)?;
    let value = header.to_str().unwrap_or("");
    Some(match value.split_once(' ') {
        Some((scheme, token))
            if scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty() =>
        {
            Ok(token.trim().to_owned())
        }
        _ => Err(signed_out().into()),
    })
}

/// The administrator of a token: the session must be open, the account enabled, and, once the
/// account has two-factor on, the session must have been made with it.
async fn authenticate(state: web::Data<AppState>, token: String) -> Answer<Admin> {
    let signed_in =
        concierge_app::accounts::sessions::authenticate(&state.db, &token_hash(&token), Utc::now())
            .await?;
    let Some(user) = signed_in else {
        return Err(signed_out().into());
    };
    Ok(Admin {
        user_id: user.user_id,
        session_id: user.session_id,
        role: user.role,
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
        Some(&concierge_core::domain::rules::account_messages().must_change_password)
    } else {
        Some(&concierge_core::domain::rules::account_messages().must_enrol)
    }
}

fn app_state(req: &HttpRequest) -> Answer<web::Data<AppState>> {
    req.app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| anyhow::anyhow!("AppState is not registered").into())
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
    use crate::operations::{OperationTable, routed_path};
    use actix_web::HttpMessage;
    use concierge_core::actor::{Actor, scoped};
    let table = req
        .app_data::<web::Data<OperationTable>>()
        .cloned()
        .ok_or_else(|| HttpError::from(anyhow::anyhow!("the operations are not registered")))?;
    let operation = table
        .resolve(req.method(), routed_path(req.request()))
        .filter(|o| o.access.bearer());
    let Some(operation) = operation else {
        return Ok(next.call(req).await?.map_into_left_body());
    };
    let token = bearer(req.request()).unwrap_or_else(|| Err(signed_out().into()))?;
    let state = app_state(req.request())?;
    let admin = authenticate(state.clone(), token).await?;
    let actor = Actor {
        id: Some(admin.user_id),
        username: Some(admin.username.clone()),
        address: Some(state.client_ip(req.request()).to_string()),
    };
    let refusal = match restriction(&admin, req.method().as_str(), &operation.pattern) {
        Some(message) => Some(message),
        None if !operation.access.allows(admin.role) => {
            record_denial(&state, &actor, &admin, req.method().as_str(), operation).await?;
            Some(&concierge_core::domain::rules::account_messages().forbidden)
        }
        None => None,
    };
    if let Some(message) = refusal {
        let response = crate::routes::error_response::error_body(
            actix_web::HttpResponse::Forbidden(),
            message,
            [],
        );
        return Ok(req.into_response(response).map_into_right_body());
    }
    req.extensions_mut().insert(admin);
    let response = scoped(actor.clone(), next.call(req)).await?;
    if response.status().is_success() {
        crate::transfers::record_transfer(&state.db, &actor, response.request())
            .await
            .map_err(HttpError::from)?;
    }
    Ok(response.map_into_left_body())
}

/// The audit line of a refused operation: who, which operation, which permission their role
/// lacks.
async fn record_denial(
    state: &AppState,
    actor: &concierge_core::actor::Actor,
    admin: &Admin,
    method: &str,
    operation: &crate::operations::Operation,
) -> Answer<()> {
    let permission = match operation.access {
        crate::operations::Access::Administrator(permission) => Some(permission.as_str()),
        _ => None,
    };
    let named = format!("{method} {}", operation.pattern);
    concierge_app::audit::denied(&state.db, actor, &named, admin.role, permission).await?;
    Ok(())
}

impl FromRequest for Admin {
    type Error = HttpError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    /// The administrator the middleware found, or (a route it did not know as an
    /// administrator's) one authenticated here; either way the account's restrictions are
    /// checked again against the route the router matched.
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        use actix_web::HttpMessage;
        let found = req.extensions().get::<Admin>().cloned();
        let token = bearer(req).unwrap_or_else(|| Err(signed_out().into()));
        let state = app_state(req);
        let method = req.method().as_str().to_owned();
        let pattern = req.match_pattern().unwrap_or_default();
        let access = req
            .app_data::<web::Data<crate::operations::OperationTable>>()
            .and_then(|table| table.matched(req.method(), &pattern))
            .map(|o| o.access);
        Box::pin(async move {
            let admin = match found {
                Some(admin) => admin,
                None => authenticate(state?, token?).await?,
            };
            if let Some(message) = restriction(&admin, &method, &pattern) {
                return Err(ApiError::Forbidden(message.clone()).into());
            }
            // The middleware refused already what the operation's permission does not allow;
            // this holds it again on the route actually matched (and fails closed on a route
            // the table does not know).
            if !access.is_some_and(|access| access.allows(admin.role)) {
                let message = &concierge_core::domain::rules::account_messages().forbidden;
                return Err(ApiError::Forbidden(message.clone()).into());
            }
            Ok(admin)
        })
    }
}

impl FromRequest for MaybeAdmin {
    type Error = HttpError;
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
