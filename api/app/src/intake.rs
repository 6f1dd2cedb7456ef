//! Enquiries (contact enquiries and airport requests) written in groups: every enquiry that arrives while the last group is committing
//! goes into the next, and a group is one transaction and one commit (one `fsync` on SQLite),
//! however many enquiries it holds. A visitor is answered only after the commit that holds
//! their enquiry, so "sent" still means "on disk" (`synchronous=FULL`).
//!
//! Each enquiry's rate limit is taken in the same transaction ([`throttle::take_all_in`]), so a
//! counted submission and its enquiry commit together, and its notifications too
//! ([`crate::notify::enqueue_enquiries`]). A group is a few statements, not a few per
//! enquiry: the limits counted together, the enquiries inserted together, their messages
//! queued together. A group that fails is written again one enquiry at a time, so that one bad
//! enquiry costs the others nothing.

use futures_util::FutureExt;
use sea_orm::{
    ActiveModelTrait, ActiveValue, DatabaseTransaction, DbErr, EntityTrait, Iterable, ModelTrait,
    RuntimeErr, TransactionTrait,
};
use tokio::sync::{Notify, mpsc, oneshot};

use concierge_core::config::Settings;
use concierge_core::limits::Limit;
use concierge_store::Db;
use concierge_store::entities::{airport_request, contact};
use concierge_store::throttle::{self, Verdict};

/// Most enquiries in one transaction.
const GROUP: usize = 64;

/// Enquiries waiting for the writer; past it, senders wait.
const QUEUE: usize = 1024;

/// The row an enquiry is stored as.
// One per enquiry in flight, moved once into the writer's queue: boxing would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum Row {
    Contact(contact::ActiveModel),
    Airport(airport_request::ActiveModel),
}

pub use crate::enquiries::Saved;

/// An enquiry to store.
pub struct Enquiry {
    pub row: Row,
    /// Sends the staff and the visitor their messages (not for spam).
    pub notify: bool,
    /// The rate limit to count it against (a visitor's address), if any.
    pub limit: Option<(String, Limit)>,
    /// The request that sent it: its messages carry the id (set by [`Intake::store`]).
    pub request_id: Option<String>,
}

/// What became of an enquiry.
#[derive(Debug)]
pub enum Stored {
    Saved(Box<Saved>),
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
    pub async fn store(&self, mut enquiry: Enquiry) -> Result<Stored, DbErr> {
        enquiry.request_id =
            concierge_core::request_id::RequestId::current().map(|id| id.to_string());
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
        Err(Failed::Before(e)) if enquiries.len() > 1 && !concierge_store::is_unavailable(&e) => e,
        // Unavailable: the next group will try again soon, one wait instead of 64. At the
        // commit: writing again could store an enquiry twice.
        Err(Failed::Before(e) | Failed::Commit(e)) => {
            let message = e.to_string();
            let unavailable = concierge_store::is_unavailable(&e);
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
    // A few statements for the whole group, not a few per enquiry: each statement is a round
    // trip to the database's thread, and those hand-overs were most of a burst's cost.
    let refused = refusals(txn, enquiries).await?;
    let accepted = || {
        enquiries
            .iter()
            .zip(&refused)
            .filter(|(_, refused)| refused.is_none())
            .map(|(e, _)| &e.row)
    };
    // Each kind's rows in one statement, each matched to the row stored for it.
    let contacts: Vec<contact::ActiveModel> = accepted()
        .filter_map(|row| match row {
            Row::Contact(row) => Some(row.clone()),
            Row::Airport(_) => None,
        })
        .collect();
    let airports: Vec<airport_request::ActiveModel> = accepted()
        .filter_map(|row| match row {
            Row::Airport(row) => Some(row.clone()),
            Row::Contact(_) => None,
        })
        .collect();
    let mut saved_contacts = insert_all::<contact::Entity>(txn, contacts).await?;
    let mut saved_airports = insert_all::<airport_request::Entity>(txn, airports).await?;
    let mut stored = Vec::with_capacity(enquiries.len());
    for (enquiry, refused) in enquiries.iter().zip(refused) {
        if let Some(retry_after) = refused {
            stored.push(Stored::Refused { retry_after });
            continue;
        }
        let saved = match &enquiry.row {
            Row::Contact(sent) => {
                take_stored::<contact::Entity>(&mut saved_contacts, sent).map(Saved::Contact)
            }
            Row::Airport(sent) => take_stored::<airport_request::Entity>(&mut saved_airports, sent)
                .map(Saved::Airport),
        }
        .ok_or_else(|| DbErr::Custom("an enquiry was not stored as it was sent".to_owned()))?;
        stored.push(Stored::Saved(Box::new(saved)));
    }
    let notified: Vec<(&Saved, Option<&str>)> = enquiries
        .iter()
        .zip(&stored)
        .filter_map(|(enquiry, stored)| match stored {
            Stored::Saved(saved) if enquiry.notify => {
                Some((&**saved, enquiry.request_id.as_deref()))
            }
            _ => None,
        })
        .collect();
    crate::notify::enqueue_enquiries(txn, settings, &notified).await?;
    Ok(stored)
}

/// Inserts `rows` in one statement; the rows stored, each to be claimed by the enquiry it
/// holds ([`take_stored`]).
async fn insert_all<E: EntityTrait>(
    txn: &DatabaseTransaction,
    rows: Vec<E::ActiveModel>,
) -> Result<Vec<Option<E::Model>>, DbErr>
where
    E::ActiveModel: ActiveModelTrait<Entity = E>,
    E::Model: sea_orm::IntoActiveModel<E::ActiveModel>,
{
    let sent = rows.len();
    if sent == 0 {
        return Ok(Vec::new());
    }
    let saved: Vec<Option<E::Model>> = E::insert_many(rows)
        .exec_with_returning(txn)
        .await?
        .into_iter()
        .map(Some)
        .collect();
    if saved.len() != sent {
        return Err(DbErr::Custom(format!(
            "{sent} enquiries sent, {} stored",
            saved.len()
        )));
    }
    Ok(saved)
}

/// Takes, from the rows one statement stored, the one that holds what `sent` set (the only
/// one, when there is one: it is the enquiry's whatever the database made of it).
fn take_stored<E: EntityTrait>(
    saved: &mut [Option<E::Model>],
    sent: &E::ActiveModel,
) -> Option<E::Model>
where
    E::ActiveModel: ActiveModelTrait<Entity = E>,
    E::Model: ModelTrait<Entity = E>,
{
    let alone = saved.len() == 1;
    saved
        .iter_mut()
        .find(|row| {
            row.as_ref()
                .is_some_and(|row| alone || is_stored_as::<E>(sent, row))
        })
        .and_then(Option::take)
}

/// Counts each enquiry against its limit, together; for each, the seconds its visitor must
/// wait if it is refused. Every scope is locked first, in one order, however many limits the
/// group holds.
async fn refusals(
    txn: &DatabaseTransaction,
    enquiries: &[Enquiry],
) -> Result<Vec<Option<u64>>, DbErr> {
    let limited = || {
        enquiries
            .iter()
            .enumerate()
            .filter_map(|(i, e)| Some((i, e.limit.as_ref()?)))
    };
    let scopes: Vec<&str> = limited().map(|(_, (scope, _))| scope.as_str()).collect();
    concierge_store::locks::lock(txn, &scopes).await?;
    let mut limits: Vec<Limit> = Vec::new();
    for (_, (_, limit)) in limited() {
        if !limits.contains(limit) {
            limits.push(*limit);
        }
    }
    let mut refused = vec![None; enquiries.len()];
    for limit in limits {
        let (at, scopes): (Vec<usize>, Vec<&str>) = limited()
            .filter(|(_, (_, l))| *l == limit)
            .map(|(i, (scope, _))| (i, scope.as_str()))
            .unzip();
        let verdicts = throttle::take_all_in(txn, &scopes, limit).await?;
        for (i, verdict) in at.into_iter().zip(verdicts) {
            if let Verdict::Refused { retry_after } = verdict {
                refused[i] = Some(retry_after);
            }
        }
    }
    Ok(refused)
}

/// Whether `row` holds what `sent` set. The rows of one statement come back in no promised
/// order (neither SQLite nor PostgreSQL promises one), so each is found by what it holds:
/// every column that was set but the time, which PostgreSQL keeps to the microsecond. Two
/// enquiries alike in all of these are answered with the same words; which id each gets
/// makes no difference to either visitor. A row that matches none (a database that changed
/// a value on the way in) fails the group, which is then written one enquiry at a time.
fn is_stored_as<E: EntityTrait>(sent: &E::ActiveModel, row: &E::Model) -> bool
where
    E::ActiveModel: ActiveModelTrait<Entity = E>,
    E::Model: ModelTrait<Entity = E>,
{
    use sea_orm::IdenStatic;
    E::Column::iter()
        .filter(|c| !matches!(c.as_str(), "id" | "created_date"))
        .all(|c| match sent.get(c) {
            ActiveValue::Set(value) | ActiveValue::Unchanged(value) => value == row.get(c),
            ActiveValue::NotSet => true,
        })
}

#[cfg(test)]
mod tests {
    use sea_orm::{IntoActiveModel, NotSet, Set};

    use super::is_stored_as;
    use concierge_store::entities::contact;

    fn row(id: i32, subject: &str) -> contact::Model {
        contact::Model {
            id,
            first_name: "Layla".into(),
            last_name: "Haddad".into(),
            email: "layla@example.ae".into(),
            phone: "971501234567".into(),
            subject: subject.into(),
            message: "Meet and greet for two.".into(),
            created_date: chrono::Utc::now(),
            status: "new".into(),
            lang: "ar".into(),
            notes: concierge_store::entities::timeline::Timeline::empty(),
            version: 1,
            assignee: None,
            deleted_at: None,
        }
    }

    #[test]
    fn a_stored_row_is_known_by_every_column_sent_but_its_id_and_time() {
        let mut sent = row(0, "Arrival").into_active_model();
        sent.id = NotSet;
        sent.created_date = Set(chrono::Utc::now() - chrono::Duration::seconds(1));
        assert!(is_stored_as::<contact::Entity>(&sent, &row(7, "Arrival")));
        assert!(!is_stored_as::<contact::Entity>(
            &sent,
            &row(7, "Departure")
        ));
        let mut other = row(7, "Arrival");
        other.lang = "en".into();
        assert!(
            !is_stored_as::<contact::Entity>(&sent, &other),
            "the language tells them apart"
        );
        let mut other = row(7, "Arrival");
        other.status = "spam".into();
        assert!(
            !is_stored_as::<contact::Entity>(&sent, &other),
            "the status tells them apart"
        );
        // A column the enquiry did not set is not compared (every caller sets them all: in a
        // multi-row insert, sea-orm would write NULL for it).
        sent.assignee = NotSet;
        other = row(7, "Arrival");
        other.assignee = Some("a default".into());
        assert!(is_stored_as::<contact::Entity>(&sent, &other));
    }
}
