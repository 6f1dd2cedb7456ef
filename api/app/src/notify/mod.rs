//! Enquiries that reach a person: each new enquiry queues, in the transaction that stores it, an
//! email to the staff, an acknowledgement to the visitor (in the page's language) and a signed
//! webhook to a CRM, whichever are configured. A worker sends them: an SMTP server that is down
//! or slow, or a webhook that answers 500, delays a message, never loses it (retries back off);
//! each message keeps one idempotency key (`Message-ID`, `X-Concierge-Delivery`), so a retry after
//! an unclear failure cannot be taken for a new enquiry. A message that keeps failing is set
//! aside and shown to the administrators.

mod messages;
mod send;

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::Serialize;
use tokio::sync::Notify;

pub use send::{Senders, SmtpTarget, signature};

use concierge_core::config::RetryPolicy;
use concierge_core::config::Settings;
use concierge_core::request_id::RequestId;
use concierge_store::Db;
use concierge_store::entities::outbox_message;

use crate::intake::Saved;

/// What a queued message is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    StaffEmail,
    VisitorEmail,
    Webhook,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::StaffEmail => "staff_email",
            Kind::VisitorEmail => "visitor_email",
            Kind::Webhook => "webhook",
        }
    }
}

/// How long a claimed message is left to its sender before another worker (or the same
/// server after a crash) may take it over: longer than a send can take (15 s at most), short
/// enough that a crash mid-send delays the message by half a minute.
const CLAIM_SECONDS: i64 = 30;
const BATCH: u64 = 10;

/// Queues the messages new enquiries send, in one statement; call it in the transaction that
/// stores them.
pub async fn enqueue_enquiries(
    txn: &impl ConnectionTrait,
    settings: &Settings,
    enquiries: &[(&Saved, Option<&str>)],
) -> Result<(), sea_orm::DbErr> {
    let now = Utc::now();
    let rows = enquiries.iter().flat_map(|(enquiry, request_id)| {
        let (id, enquiry_kind) = match enquiry {
            Saved::Contact(c) => (c.id, "contact"),
            Saved::Airport(a) => (a.id, "airport_request"),
        };
        messages::for_enquiry(settings, enquiry)
            .into_iter()
            .map(move |(kind, message)| outbox_message::ActiveModel {
                kind: Set(kind.as_str().to_owned()),
                enquiry_id: Set(id),
                enquiry_kind: Set(enquiry_kind.to_owned()),
                key: Set(message.key.clone()),
                payload: Set(serde_json::to_string(&message).expect("messages serialise")),
                attempts: Set(0),
                created_at: Set(now),
                next_attempt_at: Set(Some(now)),
                request_id: Set(request_id.map(str::to_owned)),
                ..Default::default()
            })
    });
    let rows: Vec<_> = rows.collect();
    if rows.is_empty() {
        return Ok(());
    }
    outbox_message::Entity::insert_many(rows)
        .exec_without_returning(txn)
        .await?;
    Ok(())
}

/// Claims up to [`BATCH`] due messages for `worker`.
async fn claim(db: &Db, worker: &str) -> Result<Vec<outbox_message::Model>, sea_orm::DbErr> {
    let now = Utc::now();
    let until = now + chrono::Duration::seconds(CLAIM_SECONDS);
    let stmt = concierge_store::queue::Queue {
        table: "outbox_messages",
        key: "id",
        waiting: "sent_at IS NULL AND failed_at IS NULL",
        order: "id",
    }
    .claim(db.backend(), worker, now, until, BATCH);
    outbox_message::Entity::find()
        .from_raw_sql(stmt)
        .all(&db.write)
        .await
}

async fn sent(db: &Db, id: i32) -> Result<(), sea_orm::DbErr> {
    outbox_message::Entity::update_many()
        .col_expr(
            outbox_message::Column::SentAt,
            sea_orm::sea_query::Expr::value(Utc::now()),
        )
        .col_expr(
            outbox_message::Column::LastError,
            sea_orm::sea_query::Expr::value(Option::<String>::None),
        )
        .filter(outbox_message::Column::Id.eq(id))
        .exec(&db.write)
        .await?;
    Ok(())
}

/// Records a message that has gone out, trying again until the database takes it: a sent
/// message whose claim lapsed unrecorded would be sent twice. Only a process that dies in
/// between sends one again (the outbox delivers at least once, and exactly once otherwise).
async fn keep_sent(db: &Db, id: i32) {
    let mut wait = Duration::from_millis(100);
    let mut tries = 0u32;
    while let Err(e) = sent(db, id).await {
        tries += 1;
        if tries == 1 || tries.is_power_of_two() {
            tracing::warn!(id, tries, error = %e, "failed to record a sent notification; trying again");
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(Duration::from_secs(5));
    }
}

async fn failed(
    db: &Db,
    message: &outbox_message::Model,
    error: &str,
    policy: RetryPolicy,
) -> Result<(), sea_orm::DbErr> {
    use sea_orm::sea_query::Expr;
    let now = Utc::now();
    let (next, set_aside) = if message.attempts >= policy.max_attempts {
        (None, Some(now))
    } else {
        let delay = chrono::Duration::from_std(policy.delay(message.attempts))
            .unwrap_or(chrono::Duration::minutes(15));
        (Some(now + delay), None)
    };
    outbox_message::Entity::update_many()
        .col_expr(outbox_message::Column::NextAttemptAt, Expr::value(next))
        .col_expr(outbox_message::Column::FailedAt, Expr::value(set_aside))
        .col_expr(
            outbox_message::Column::ClaimedUntil,
            Expr::value(Option::<DateTime<Utc>>::None),
        )
        .col_expr(
            outbox_message::Column::LastError,
            Expr::value(error.to_owned()),
        )
        .filter(outbox_message::Column::Id.eq(message.id))
        .exec(&db.write)
        .await?;
    Ok(())
}

/// Sends what is due until the process stops: woken after each enquiry, and every few seconds
/// for retries and messages another instance or a crash left behind.
pub async fn run_worker(
    db: Db,
    senders: Arc<Senders>,
    wakeup: Arc<Notify>,
    worker: String,
    policy: RetryPolicy,
) {
    let tick = policy.first_delay.min(Duration::from_secs(2));
    loop {
        match claim(&db, &worker).await {
            Ok(batch) => {
                for message in &batch {
                    // Logged with the id of the request that stored its enquiry.
                    let deliver = async {
                        let outcome = senders.send(message).await;
                        let recorded = match outcome {
                            Ok(()) => {
                                tracing::info!(id = message.id, kind = %message.kind, "notification sent");
                                keep_sent(&db, message.id).await;
                                Ok(())
                            }
                            Err(e) => {
                                tracing::warn!(id = message.id, kind = %message.kind, error = %e, "notification not sent");
                                failed(&db, message, &format!("{e:#}"), policy).await
                            }
                        };
                        if let Err(e) = recorded {
                            tracing::warn!(error = %e, "failed to record a notification's outcome");
                        }
                    };
                    match message.request_id.as_deref().and_then(RequestId::sane) {
                        Some(id) => id.scope(deliver).await,
                        None => deliver.await,
                    }
                }
                if batch.len() as u64 == BATCH {
                    continue;
                }
            }
            Err(e) => tracing::warn!(error = %e, "failed to claim notifications"),
        }
        let _ = tokio::time::timeout(tick, wakeup.notified()).await;
    }
}

/// A message set aside after its last attempt failed.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FailedMessage {
    pub id: i32,
    /// `staff_email`, `visitor_email` or `webhook`.
    pub kind: String,
    pub enquiry_id: i32,
    /// `contact` or `airport_request`: what `enquiry_id` names.
    pub enquiry_kind: String,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub failed_at: Option<DateTime<Utc>>,
}

/// What `GET /notifications/status` reports.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationStatus {
    /// Messages waiting to be sent (including retries).
    pub pending: u64,
    /// The most recent error of a message still pending.
    pub last_error: Option<String>,
    pub failed: Vec<FailedMessage>,
}

pub async fn status(db: &Db) -> Result<NotificationStatus, sea_orm::DbErr> {
    use sea_orm::PaginatorTrait;
    let open = || outbox_message::Entity::find().filter(outbox_message::Column::SentAt.is_null());
    let pending = open()
        .filter(outbox_message::Column::FailedAt.is_null())
        .count(&db.read)
        .await?;
    let last_error = open()
        .filter(outbox_message::Column::LastError.is_not_null())
        .order_by_desc(outbox_message::Column::Id)
        .one(&db.read)
        .await?
        .and_then(|m| m.last_error);
    let failed = open()
        .filter(outbox_message::Column::FailedAt.is_not_null())
        .order_by_desc(outbox_message::Column::Id)
        .limit(50)
        .all(&db.read)
        .await?
        .into_iter()
        .map(|m| FailedMessage {
            id: m.id,
            kind: m.kind,
            enquiry_id: m.enquiry_id,
            enquiry_kind: m.enquiry_kind,
            attempts: m.attempts,
            last_error: m.last_error,
            failed_at: m.failed_at,
        })
        .collect();
    Ok(NotificationStatus {
        pending,
        last_error,
        failed,
    })
}
