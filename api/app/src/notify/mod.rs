//! Enquiries that reach a person: each new enquiry queues, in the transaction that stores it, an
//! email to the staff, an acknowledgement to the visitor (in the page's language) and a signed
//! webhook to a CRM, whichever are configured. A worker sends them: an SMTP server that is down
//! or slow, or a webhook that answers 500, delays a message, never loses it (retries back off);
//! each message keeps one idempotency key (`Message-ID`, `X-Concierge-Delivery`), so a retry after
//! an unclear failure cannot be taken for a new enquiry. A message that keeps failing is set
//! aside and shown to the administrators.

mod messages;

use std::sync::Arc;
use std::time::Duration;

use sea_orm::ConnectionTrait;
use tokio::sync::Notify;

pub use concierge_send::mail::{Channel, Message, Senders, SmtpTarget};
pub use concierge_send::signature;
pub use messages::Kind;
pub use messages::host as mail_host;

use concierge_core::config::RetryPolicy;
use concierge_core::config::Settings;
use concierge_core::request_id::RequestId;
use concierge_store::Db;
use concierge_store::outbox::messages::{self as outbox, NewMessage};
pub use concierge_store::outbox::messages::{FailedMessage, NotificationStatus, status};

use crate::enquiries::Saved;

/// Sends one queued message: its payload as it was written when its enquiry was stored.
async fn deliver(
    senders: &Senders,
    row: &concierge_store::entities::outbox_message::Model,
) -> anyhow::Result<()> {
    use anyhow::Context;
    let message: Message = serde_json::from_str(&row.payload).context("a queued message")?;
    senders.send(Kind::channel_of(&row.kind), &message).await
}

/// Queues the messages new enquiries send, in one statement; call it in the transaction that
/// stores them.
pub async fn enqueue_enquiries(
    txn: &impl ConnectionTrait,
    settings: &Settings,
    enquiries: &[(&Saved, Option<&str>)],
) -> Result<(), sea_orm::DbErr> {
    let rows = enquiries.iter().flat_map(|(enquiry, request_id)| {
        let (id, enquiry_kind) = match enquiry {
            Saved::Contact(c) => (c.id, "contact"),
            Saved::Airport(a) => (a.id, "airport_request"),
        };
        messages::for_enquiry(settings, enquiry)
            .into_iter()
            .map(move |(kind, message)| NewMessage {
                kind: kind.as_str(),
                enquiry_id: id,
                enquiry_kind,
                key: message.key.clone(),
                payload: serde_json::to_string(&message).expect("messages serialise"),
                request_id: request_id.map(str::to_owned),
            })
    });
    outbox::enqueue(txn, rows.collect()).await
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
        match outbox::claim(&db, &worker).await {
            Ok(batch) => {
                for message in &batch {
                    // Logged with the id of the request that stored its enquiry.
                    let deliver = async {
                        let outcome = deliver(&senders, message).await;
                        let recorded = match outcome {
                            Ok(()) => {
                                tracing::info!(id = message.id, kind = %message.kind, "notification sent");
                                // Kept until the database takes it: a sent message whose claim
                                // lapsed unrecorded would be sent twice. Only a process that dies
                                // in between sends one again (at least once; exactly once else).
                                concierge_store::until_kept("a sent notification", || {
                                    outbox::sent(&db, message.id)
                                })
                                .await;
                                Ok(())
                            }
                            Err(e) => {
                                tracing::warn!(id = message.id, kind = %message.kind, error = %e, "notification not sent");
                                outbox::failed(&db, message, &format!("{e:#}"), policy).await
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
                if batch.len() as u64 == outbox::BATCH {
                    continue;
                }
            }
            Err(e) => tracing::warn!(error = %e, "failed to claim notifications"),
        }
        let _ = tokio::time::timeout(tick, wakeup.notified()).await;
    }
}
