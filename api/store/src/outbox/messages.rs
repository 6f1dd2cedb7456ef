//! The message outbox: the emails and webhooks an enquiry sends, queued in the transaction that
//! stores it ([`enqueue`]), claimed by a sender ([`claim`]), then marked sent ([`sent`]) or
//! released to be tried again ([`failed`]); [`status`] for the administrators.

use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::Serialize;

use concierge_core::config::RetryPolicy;

use crate::Db;
use crate::entities::outbox_message;

/// How long a claimed message is left to its sender before another worker (or the same
/// server after a crash) may take it over: longer than a send can take (15 s at most), short
/// enough that a crash mid-send delays the message by half a minute.
const CLAIM_SECONDS: i64 = 30;
/// How many messages a sender claims at a time.
pub const BATCH: u64 = 10;

/// A message to queue: what it is, the enquiry it is for, its idempotency key and its payload.
pub struct NewMessage {
    /// `staff_email`, `visitor_email` or `webhook`.
    pub kind: &'static str,
    pub enquiry_id: i32,
    /// `contact` or `airport_request`.
    pub enquiry_kind: &'static str,
    pub key: String,
    /// The message as JSON.
    pub payload: String,
    /// The request that stored the enquiry (its sender logs under it).
    pub request_id: Option<String>,
}

/// Queues `messages` in one statement; call it in the transaction that stores their enquiries.
pub async fn enqueue(
    txn: &impl ConnectionTrait,
    messages: Vec<NewMessage>,
) -> Result<(), sea_orm::DbErr> {
    if messages.is_empty() {
        return Ok(());
    }
    let now = Utc::now();
    let rows = messages.into_iter().map(|m| outbox_message::ActiveModel {
        kind: Set(m.kind.to_owned()),
        enquiry_id: Set(m.enquiry_id),
        enquiry_kind: Set(m.enquiry_kind.to_owned()),
        key: Set(m.key),
        payload: Set(m.payload),
        attempts: Set(0),
        created_at: Set(now),
        next_attempt_at: Set(Some(now)),
        request_id: Set(m.request_id),
        ..Default::default()
    });
    outbox_message::Entity::insert_many(rows)
        .exec_without_returning(txn)
        .await?;
    Ok(())
}

/// Claims up to [`BATCH`] due messages for `worker`.
pub async fn claim(db: &Db, worker: &str) -> Result<Vec<outbox_message::Model>, sea_orm::DbErr> {
    let now = Utc::now();
    let until = now + chrono::Duration::seconds(CLAIM_SECONDS);
    let stmt = crate::queue::Queue {
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

/// Marks a message sent.
pub async fn sent(db: &Db, id: i32) -> Result<(), sea_orm::DbErr> {
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

/// Releases a message that could not be sent: retried after its backoff, or set aside once it
/// has had `policy.max_attempts`.
pub async fn failed(
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
