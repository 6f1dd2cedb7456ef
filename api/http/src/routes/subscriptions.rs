//! Newsletter subscriptions: `POST /subscription` with `{"email"}` (anonymous);
//! `GET /subscription` (newest first) and `DELETE /subscription/{id}` (administrator).
//! Emails are trimmed and compared case-insensitively; subscribing twice succeeds, keeps one row,
//! and answers exactly as the first time.

use actix_web::{HttpRequest, delete, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::envelope::{self, DeletedEnvelope, ErrorBody, ItemEnvelope, ListEnvelope};
use crate::auth::Admin;
use concierge_core::domain::Email;
use concierge_core::domain::form::Form;
use concierge_core::domain::rules::{Outcomes, catalog};

fn outcomes() -> &'static Outcomes {
    catalog().forms.subscription.outcomes()
}
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::subscriptions::{self, Subscription};
use concierge_core::domain::lenient::TextField;
use concierge_core::domain::page::{Paging, PagingQuery};

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SubscriptionInput {
    #[schema(value_type = String, format = Email, required = true)]
    pub email: TextField,
}

/// What a subscriber is told: the address as stored, and nothing that would say whether it
/// was subscribed before.
#[derive(Debug, Serialize, ToSchema)]
pub struct Subscribed {
    pub email: String,
}

/// Subscribes an address. New or already subscribed, the answer is the same (201, the address,
/// no id or date), so the form cannot be used to learn who subscribes. At most
/// `CONCIERGE_FORM_LIMIT` a client address (429 with `Retry-After`).
#[utoipa::path(context_path = "/api/v1", tag = "subscription", request_body = SubscriptionInput,
    responses((status = 201, body = ItemEnvelope<Subscribed>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[post("/subscription")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn create(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<SubscriptionInput>,
) -> Answer {
    let mut f = Form::new(&catalog().forms.subscription);
    let email = f.shaped("email", body.into_inner().email.take(), Email::parse);
    f.finish()?;
    let email = email.expect("validated").normalized();
    state.count_public_submission(&req, "subscription").await?;

    let now = state.settings.clock.now();
    subscriptions::subscribe(&state.db, &email, now).await?;
    Ok(envelope::created(Subscribed { email }, &outcomes().created))
}

#[utoipa::path(context_path = "/api/v1", tag = "subscription", params(PagingQuery),
    security(("api_key" = [], "bearer" = ["subscriptions.read"])),
    responses((status = 200, body = ListEnvelope<Subscription>), (status = 400, body = ErrorBody)))]
#[get("/subscription")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<PagingQuery>,
) -> Answer {
    let page = Paging::parse(&query, true)?;
    let (items, total) = subscriptions::list(&state.db, page).await?;
    Ok(envelope::list(items, total))
}

#[utoipa::path(context_path = "/api/v1", tag = "subscription", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["subscriptions.delete"])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody)))]
#[delete("/subscription/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn remove(state: web::Data<AppState>, _admin: Admin, id: web::Path<String>) -> Answer {
    let id = envelope::parse_id(&id)?;
    subscriptions::remove(&state.db, id).await?;
    Ok(envelope::deleted(id, &outcomes().deleted))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(create).service(list).service(remove);
}
