//! Enquiries written in groups: every enquiry that arrives while the last group is committing
//! goes into the next, and a group is one transaction and one commit (one `fsync` on SQLite),
//! however many enquiries it holds. A visitor is answered only after the commit that holds
//! their enquiry, so "sent" still means "on disk" (`synchronous=FULL`).
//!
//! Each enquiry's rate limit is taken in the same transaction ([`throttle::take_in`]), so a
//! counted submission and its enquiry commit together, and its notifications too
//! ([`crate::notify::enqueue_enquiry`]). A group that fails is written again one enquiry at a
//! time, so that one bad enquiry costs the others nothing.

use std::collections::BTreeSet;

use futures_util::FutureExt;
use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DatabaseTransaction, DbBackend, DbErr, RuntimeErr,
    Statement, TransactionTrait, Value,
};
use tokio::sync::{Notify, mpsc, oneshot};

use crate::config::Settings;
use crate::store::Db;
use crate::store::entities::contact;
use crate::throttle::{self, Decision, Limit};

/// Most enquiries in one transaction.
const GROUP: usize = 64;

/// Enquiries waiting for the writer; past it, senders wait.
const QUEUE: usize = 1024;

/// An enquiry to store.
pub struct Enquiry {
    pub row: contact::ActiveModel,
    /// Sends the staff and the visitor their messages (not for spam).
    pub notify: bool,
    /// The rate limit to count it against (a visitor's address), if any.
    pub limit: Option<(String, Limit)>,
}

/// What became of an enquiry.
#[derive(Debug)]
pub enum Stored {
    Saved(Box<contact::Model>),
    /// Past its limit: nothing was written.
    Refused {
        retry_after: u64,
    },
}

type Reply = oneshot::Sender<Result<Stored, DbErr>>;

/// The handle requests send enquiries through.
#[derive(Clone)]
pub struct Intake {
    queue: mpsc::Sender<(Enquiry, Reply)>,
}

impl Intake {
    /// Starts the writer on the current runtime.
    pub fn start(db: Db, settings: Settings, notify_wakeup: std::sync::Arc<Notify>) -> Intake {
        let (queue, waiting) = mpsc::channel(QUEUE);
        tokio::spawn(write_forever(db, settings, notify_wakeup, waiting));
        Intake { queue }
    }

    /// Stores `enquiry` and answers once its transaction has committed.
    pub async fn store(&self, enquiry: Enquiry) -> Result<Stored, DbErr> {
        let (reply, answer) = oneshot::channel();
        // Unavailable (503, try again), not a bug: the writer stops only with the process.
        let stopped = || {
            DbErr::Conn(RuntimeErr::Internal(
                "the enquiry writer has stopped".to_owned(),
            ))
        };
        self.queue
            .send((enquiry, reply))
            .await
            .map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }
}

/// Why a group was not written.
enum Failed {
    /// Before the commit: nothing of the group was written.
    Before(DbErr),
    /// At the commit: the group may or may not be stored (a connection lost mid-commit).
    Commit(DbErr),
}

async fn write_forever(
    db: Db,
    settings: Settings,
    notify_wakeup: std::sync::Arc<Notify>,
    mut waiting: mpsc::Receiver<(Enquiry, Reply)>,
) {
    let mut group = Vec::with_capacity(GROUP);
    while waiting.recv_many(&mut group, GROUP).await > 0 {
        let (enquiries, replies): (Vec<Enquiry>, Vec<Reply>) = group.drain(..).unzip();
        // A panic in one group must not stop the writer for every later visitor.
        let written = std::panic::AssertUnwindSafe(write_group(&db, &settings, &enquiries))
            .catch_unwind()
            .await;
        let results = written.unwrap_or_else(|_| {
            tracing::error!(
                enquiries = enquiries.len(),
                "writing a group of enquiries panicked"
            );
            enquiries
                .iter()
                .map(|_| Err(DbErr::Custom("writing the enquiry failed".to_owned())))
                .collect()
        });
        let notified = |(enquiry, result): (&Enquiry, &Result<Stored, DbErr>)| {
            enquiry.notify && matches!(result, Ok(Stored::Saved(_)))
        };
        if enquiries.iter().zip(&results).any(notified) {
            notify_wakeup.notify_one();
        }
        for (reply, result) in replies.into_iter().zip(results) {
            // A visitor who went away is not told; the enquiry is stored all the same.
            let _ = reply.send(result);
        }
    }
}

/// Writes `enquiries` together; if the database refuses the group before its commit for
/// something other than being unavailable, one at a time, so that one bad enquiry costs the
/// others nothing. Their outcomes in the same order.
async fn write_group(
    db: &Db,
    settings: &Settings,
    enquiries: &[Enquiry],
) -> Vec<Result<Stored, DbErr>> {
    let err = match write(db, settings, enquiries).await {
        Ok(stored) => return stored.into_iter().map(Ok).collect(),
        Err(Failed::Before(e)) if enquiries.len() > 1 && !crate::store::is_unavailable(&e) => e,
        // Unavailable: the next group will try again soon, one wait instead of 64. At the
        // commit: writing again could store an enquiry twice.
        Err(Failed::Before(e) | Failed::Commit(e)) => {
            let message = e.to_string();
            let unavailable = crate::store::is_unavailable(&e);
            return enquiries
                .iter()
                .map(|_| {
                    Err(if unavailable {
                        DbErr::Conn(RuntimeErr::Internal(message.clone()))
                    } else {
                        DbErr::Custom(message.clone())
                    })
                })
                .collect();
        }
    };
    tracing::warn!(error = %err, enquiries = enquiries.len(), "a group of enquiries failed; writing them one at a time");
    let mut results = Vec::with_capacity(enquiries.len());
    for enquiry in enquiries {
        let result = match write(db, settings, std::slice::from_ref(enquiry)).await {
            Ok(mut stored) => Ok(stored.remove(0)),
            Err(Failed::Before(e) | Failed::Commit(e)) => {
                // Refused on its own: it still counts against the visitor's limit, so that
                // an enquiry the database refuses cannot be sent again without end.
                if let Some((scope, limit)) = &enquiry.limit
                    && let Err(count) = throttle::take(&db.write, scope, *limit).await
                {
                    tracing::warn!(error = %count, "failed to count a refused enquiry");
                }
                Err(e)
            }
        };
        results.push(result);
    }
    results
}

/// Writes `enquiries` in one transaction; their outcomes in the same order.
async fn write(db: &Db, settings: &Settings, enquiries: &[Enquiry]) -> Result<Vec<Stored>, Failed> {
    let txn = db.write.begin().await.map_err(Failed::Before)?;
    let stored = write_in(&txn, settings, enquiries)
        .await
        .map_err(Failed::Before)?;
    txn.commit().await.map_err(Failed::Commit)?;
    Ok(stored)
}

async fn write_in(
    txn: &DatabaseTransaction,
    settings: &Settings,
    enquiries: &[Enquiry],
) -> Result<Vec<Stored>, DbErr> {
    if txn.get_database_backend() == DbBackend::Postgres {
        // Every scope of the group locked at once, in the order of the lock keys: each stays
        // locked until the commit, and two instances locking the same keys in different
        // orders would deadlock. `take_in` locks each again (a lock already held).
        let scopes: BTreeSet<&str> = enquiries
            .iter()
            .filter_map(|e| e.limit.as_ref().map(|(scope, _)| scope.as_str()))
            .collect();
        if !scopes.is_empty() {
            let placeholders: Vec<String> = (1..=scopes.len()).map(|i| format!("(${i})")).collect();
            txn.execute_raw(Statement::from_sql_and_values(
                DbBackend::Postgres,
                format!(
                    "SELECT pg_advisory_xact_lock(k) FROM (SELECT DISTINCT hashtext(s) AS k \
                     FROM (VALUES {}) AS v(s) ORDER BY k) AS keys",
                    placeholders.join(", ")
                ),
                scopes.into_iter().map(Value::from),
            ))
            .await?;
        }
    }
    let mut stored = Vec::with_capacity(enquiries.len());
    for enquiry in enquiries {
        if let Some((scope, limit)) = &enquiry.limit
            && let Decision::Refused { retry_after } = throttle::take_in(txn, scope, *limit).await?
        {
            stored.push(Stored::Refused { retry_after });
            continue;
        }
        let saved = enquiry.row.clone().insert(txn).await?;
        if enquiry.notify {
            crate::notify::enqueue_enquiry(txn, settings, &saved).await?;
        }
        stored.push(Stored::Saved(Box::new(saved)));
    }
    Ok(stored)
}
