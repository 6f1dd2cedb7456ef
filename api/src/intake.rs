//! Enquiries written in groups: every enquiry that arrives while the last group is committing
//! goes into the next, and a group is one transaction and one commit (one `fsync` on SQLite),
//! however many enquiries it holds. A visitor is answered only after the commit that holds
//! their enquiry, so "sent" still means "on disk" (`synchronous=FULL`).
//!
//! Each enquiry's rate limit is taken in the same transaction ([`throttle::take_in`]), so a
//! counted submission and its enquiry commit together, and its notifications too
//! ([`crate::notify::enqueue_enquiry`]). A group that fails is written again one enquiry at a
//! time, so that one bad enquiry costs the others nothing.

use sea_orm::{ActiveModelTrait, DbErr, TransactionTrait};
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
        let stopped = || DbErr::Custom("the enquiry writer has stopped".to_owned());
        self.queue
            .send((enquiry, reply))
            .await
            .map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }
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
        let results = match write(&db, &settings, &enquiries).await {
            Ok(stored) => stored.into_iter().map(Ok).collect(),
            Err(e) if enquiries.len() == 1 => vec![Err(e)],
            Err(e) => {
                tracing::warn!(error = %e, enquiries = enquiries.len(), "a group of enquiries failed; writing them one at a time");
                let mut results = Vec::with_capacity(enquiries.len());
                for enquiry in &enquiries {
                    results.push(
                        write(&db, &settings, std::slice::from_ref(enquiry))
                            .await
                            .map(|mut stored| stored.remove(0)),
                    );
                }
                results
            }
        };
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

/// Writes `enquiries` in one transaction; their outcomes in the same order.
async fn write(db: &Db, settings: &Settings, enquiries: &[Enquiry]) -> Result<Vec<Stored>, DbErr> {
    // Limits in a fixed order: on PostgreSQL each scope stays locked until the commit, and two
    // instances locking the same scopes in different orders would deadlock.
    let mut order: Vec<usize> = (0..enquiries.len()).collect();
    order.sort_by(|&a, &b| {
        let scope = |i: usize| enquiries[i].limit.as_ref().map(|(scope, _)| scope);
        scope(a).cmp(&scope(b)).then(a.cmp(&b))
    });
    let txn = db.write.begin().await?;
    let mut stored: Vec<Option<Stored>> = enquiries.iter().map(|_| None).collect();
    for i in order {
        let enquiry = &enquiries[i];
        if let Some((scope, limit)) = &enquiry.limit
            && let Decision::Refused { retry_after } =
                throttle::take_in(&txn, scope, *limit).await?
        {
            stored[i] = Some(Stored::Refused { retry_after });
            continue;
        }
        let saved = enquiry.row.clone().insert(&txn).await?;
        if enquiry.notify {
            crate::notify::enqueue_enquiry(&txn, settings, &saved).await?;
        }
        stored[i] = Some(Stored::Saved(Box::new(saved)));
    }
    txn.commit().await?;
    Ok(stored
        .into_iter()
        .map(|s| s.expect("every enquiry has an outcome"))
        .collect())
}
