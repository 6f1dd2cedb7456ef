//! What keeps the administrators' open screens live (`GET /events`): each save of content as it
//! is made (which item, its new version, who, which fields), and the counts the menu shows
//! (changes waiting for review, items needing a translator, new enquiries), each only to a role
//! that may read it. Read from the database, so a save made by any instance of the server reaches
//! every open screen; read once for all of them, by the [`Hub`], however many are open.

use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use serde::Serialize;
use tokio::sync::watch;
use utoipa::ToSchema;

use crate::content::{review_queue, translations};
use crate::enquiries::desk;
use concierge_core::clock::Clock;
use concierge_core::error::ApiError;
use concierge_core::roles::{Permission, Role};
use concierge_store::Db;
use concierge_store::events as store;
use concierge_store::presence::{OpenForm, Present, open_forms};

pub use store::newest;

/// A save of content, as an open form and a list hear of it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Saved {
    /// The kind's name in the lifecycle's paths (`blog`).
    pub kind: String,
    pub id: i32,
    /// The item's version it made: a form based on an older one is out of date.
    pub version: Option<i32>,
    /// Who saved (none for the system: the scheduler, an import).
    pub by: Option<String>,
    pub at: DateTime<Utc>,
    /// `saved`, `draft`, `published`, `deleted`, …
    pub action: String,
    /// The fields it changed.
    pub fields: Vec<String>,
}

/// The saves after `after` that `role` may hear of, each with its place in the history, and the
/// place to read from next (past saves the role may not hear of too). At most a batch: a reader
/// further behind reads again.
pub async fn saved_since(
    db: &Db,
    role: Role,
    after: i32,
) -> Result<(Vec<(i32, Saved)>, i32), ApiError> {
    let saves = store::saves_since(&db.read, after).await?;
    let next = saves.last().map_or(after, |s| s.id);
    if !role.may(Permission::ContentRead) {
        return Ok((Vec::new(), next));
    }
    let saved = saves.into_iter().map(|s| (s.id, told(s))).collect();
    Ok((saved, next))
}

/// The counts as `role` may read them: the others left out.
impl Counts {
    pub fn for_role(&self, role: Role) -> Counts {
        Counts {
            review: self.review.filter(|_| role.may(Permission::Review)),
            translations: self
                .translations
                .filter(|_| role.may(Permission::Translations)),
            inbox: self.inbox.filter(|_| role.may(Permission::EnquiriesRead)),
        }
    }
}

/// A save of the history as the streams tell it.
fn told(save: store::Save) -> Saved {
    Saved {
        fields: serde_json::from_str(&save.changed_fields).unwrap_or_default(),
        kind: save.kind,
        id: save.item_id,
        version: save.version,
        by: save.by,
        at: save.at,
        action: save.action,
    }
}

/// The menu's counts: each only for a role that may read what it counts (absent otherwise).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct Counts {
    /// Changes waiting for review (editors, owners).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub review: Option<u64>,
    /// Items whose Arabic is missing or outdated (translators, editors, owners).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub translations: Option<u64>,
    /// New enquiries at the desk (whoever reads enquiries).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inbox: Option<u64>,
}

/// The counts `role` may read, at `now`.
pub async fn counts(db: &Db, role: Role, now: DateTime<Utc>) -> Result<Counts, ApiError> {
    let mut counts = Counts::default();
    if role.may(Permission::Review) {
        counts.review = Some(review_queue::count(db).await?);
    }
    if role.may(Permission::Translations) {
        counts.translations = Some(translations::list(db, None, None).await?.len() as u64);
    }
    if role.may(Permission::EnquiriesRead) {
        counts.inbox = Some(desk::summary(db, now).await?.0);
    }
    Ok(counts)
}

/// How often the hub reads the history: a save reaches open screens within about this.
pub const TICK: Duration = Duration::from_millis(400);
/// How often the counts are read again when no save came (a new enquiry is not a save).
const COUNTS_EVERY: Duration = Duration::from_secs(10);
/// How many recent saves a [`Sight`] holds: a stream further behind reads the history itself.
const RECENT: usize = 512;
/// How long the hub waits at a gap in the history before it reads on past it. On PostgreSQL a
/// save's place is taken when its transaction writes it, and transactions commit in any order:
/// the save at 11 can be seen while the one at 10 is still committing. Read past at once, the
/// save at 10 would never be told; so the hub tells the saves before a gap, and those after it
/// once it fills or this long has passed (a transaction that rolled back leaves a gap for good).
const GAP_WAIT: Duration = Duration::from_secs(1);

/// Of `saves` (read after `newest`, in order), those to tell now: up to the first gap, unless
/// that gap has been waited on for [`GAP_WAIT`] (`gap`: since when the hub waits at it, kept
/// between reads and cleared once it is passed).
fn up_to_gap(newest: i32, saves: Vec<store::Save>, gap: &mut Option<Instant>) -> Vec<store::Save> {
    let mut expected = newest + 1;
    let mut told = Vec::with_capacity(saves.len());
    for save in saves {
        if save.id != expected {
            let since = *gap.get_or_insert_with(Instant::now);
            if since.elapsed() < GAP_WAIT {
                break;
            }
        }
        *gap = None;
        expected = save.id + 1;
        told.push(save);
    }
    told
}

/// What the hub saw last: the recent saves and every count. Each stream takes from it what its
/// role may hear.
#[derive(Debug, Clone, Default)]
pub struct Sight {
    /// The newest save's place in the history.
    pub newest: i32,
    /// The place [`Sight::recent`] starts after: a stream there or later finds every save since
    /// in it.
    from: i32,
    /// The recent saves, oldest first, with their places.
    recent: Arc<VecDeque<(i32, Saved)>>,
    /// The counts, for every role ([`Counts::for_role`] keeps a role's).
    pub counts: Counts,
    /// The forms open, each item's first come first (for roles that read content).
    pub forms: Arc<Vec<OpenForm>>,
}

/// Who has an item's form open, as the streams tell it (`presence`): everyone but the stream's
/// own administrator, first come first; empty when the last of them closed it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Presence {
    pub kind: String,
    pub id: i32,
    pub present: Vec<Present>,
}

impl Sight {
    /// The items whose open forms `admin` is told of (everyone's but their own), by item.
    pub fn presence_for(&self, admin: i32) -> BTreeMap<(String, i32), Vec<Present>> {
        let mut items: BTreeMap<(String, i32), Vec<Present>> = BTreeMap::new();
        for form in self.forms.iter().filter(|f| f.admin != admin) {
            items
                .entry((form.kind.clone(), form.item_id))
                .or_default()
                .push(form.present.clone());
        }
        items
    }

    /// The saves after `after`, oldest first, when this sight holds all of them; `None` when
    /// `after` is older than what it holds (the stream reads the history itself).
    pub fn saves_after(&self, after: i32) -> Option<impl Iterator<Item = &(i32, Saved)>> {
        (after >= self.from || after >= self.newest)
            .then(|| self.recent.iter().filter(move |(id, _)| *id > after))
    }
}

/// Reads the history and the counts once for every open stream of this instance: a reader
/// started by the first stream, stopped when the last one closes. The open streams wait on its
/// [`Sight`]; so the database is read as often with a hundred screens open as with one.
pub struct Hub {
    db: Db,
    clock: Clock,
    /// The reader's channel while it runs.
    current: Mutex<Option<watch::Sender<Option<Arc<Sight>>>>>,
    /// Reads of the history, for `GET /metrics`.
    reads: AtomicU64,
}

impl Hub {
    pub fn new(db: Db, clock: Clock) -> Arc<Hub> {
        Arc::new(Hub {
            db,
            clock,
            current: Mutex::new(None),
            reads: AtomicU64::new(0),
        })
    }

    /// Waits on the hub's sights, starting its reader when none runs.
    pub fn subscribe(self: &Arc<Self>) -> watch::Receiver<Option<Arc<Sight>>> {
        let mut current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(tx) = current.as_ref() {
            return tx.subscribe();
        }
        let (tx, rx) = watch::channel(None);
        *current = Some(tx.clone());
        tokio::spawn(self.clone().read_while_watched(tx));
        rx
    }

    /// The streams open on this instance.
    pub fn streams(&self) -> usize {
        let current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        current.as_ref().map_or(0, |tx| tx.receiver_count())
    }

    /// How many times the history has been read.
    pub fn reads(&self) -> u64 {
        self.reads.load(Ordering::Relaxed)
    }

    /// Whether the reader stops: no stream waits. Decided under the lock [`Hub::subscribe`]
    /// takes, so a stream never waits on a reader that has stopped.
    fn unwatched(&self) -> bool {
        let mut current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        let unwatched = current.as_ref().is_none_or(|tx| tx.receiver_count() == 0);
        if unwatched {
            *current = None;
        }
        unwatched
    }

    /// The reader: every [`TICK`], the saves since the last, the review count (a hand-off is no
    /// save) and the open forms; every count when a save came, the review count moved or
    /// [`COUNTS_EVERY`] passed (a form opened or closed changes no count). Stops when no stream
    /// waits (the hub's own receiver is the one left).
    async fn read_while_watched(self: Arc<Self>, tx: watch::Sender<Option<Arc<Sight>>>) {
        let mut sight = Sight::default();
        let mut counted: Option<Instant> = None;
        let mut gap: Option<Instant> = None;
        loop {
            if self.unwatched() {
                break;
            }
            self.reads.fetch_add(1, Ordering::Relaxed);
            // What the streams are told of changed; `counted` only by a save or a hand-off
            // (who has a form open counts nothing, and the counts are a whole worklist's read).
            let mut moved = false;
            let mut recount = false;
            if counted.is_none() {
                match store::newest(&self.db.read).await {
                    Ok(newest) => {
                        sight.newest = newest;
                        sight.from = newest;
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "live events: history not read");
                        tokio::time::sleep(TICK).await;
                        continue;
                    }
                }
            } else {
                match store::saves_since(&self.db.read, sight.newest).await {
                    Ok(saves) => {
                        let recent = Arc::make_mut(&mut sight.recent);
                        for save in up_to_gap(sight.newest, saves, &mut gap) {
                            recount = true;
                            sight.newest = save.id;
                            recent.push_back((save.id, told(save)));
                        }
                        while recent.len() > RECENT {
                            if let Some((id, _)) = recent.pop_front() {
                                sight.from = id;
                            }
                        }
                    }
                    Err(e) => tracing::warn!(error = %e, "live events: saves not read"),
                }
                match review_queue::count(&self.db).await {
                    Ok(waiting) => recount |= sight.counts.review != Some(waiting),
                    Err(e) => tracing::warn!(error = %e, "live events: review not counted"),
                }
            }
            match open_forms(&self.db.read, self.clock.now()).await {
                Ok(forms) if *sight.forms != forms => {
                    sight.forms = Arc::new(forms);
                    moved = true;
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "live events: open forms not read"),
            }
            moved |= recount;
            if recount || counted.is_none_or(|at| at.elapsed() >= COUNTS_EVERY) {
                counted = Some(Instant::now());
                match counts(&self.db, Role::Owner, self.clock.now()).await {
                    Ok(now) if now != sight.counts => {
                        sight.counts = now;
                        moved = true;
                    }
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "live events: counts not read"),
                }
                if tx.borrow().is_none() {
                    moved = true;
                }
            }
            if moved {
                tx.send_replace(Some(Arc::new(sight.clone())));
            }
            tokio::time::sleep(TICK).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn saves(ids: &[i32]) -> Vec<store::Save> {
        ids.iter()
            .map(|&id| store::Save {
                id,
                kind: "blog".into(),
                item_id: 1,
                version: Some(id),
                by: None,
                at: Utc::now(),
                action: "saved".into(),
                changed_fields: "[]".into(),
            })
            .collect()
    }

    fn ids(told: &[store::Save]) -> Vec<i32> {
        told.iter().map(|s| s.id).collect()
    }

    #[test]
    fn saves_after_a_gap_wait_for_it_to_fill() {
        let mut gap = None;
        // In order: every save is told.
        assert_eq!(ids(&up_to_gap(10, saves(&[11, 12]), &mut gap)), [11, 12]);
        assert!(gap.is_none());
        // 14 is seen while 13 is still committing: 14 waits.
        assert_eq!(ids(&up_to_gap(12, saves(&[14]), &mut gap)), [] as [i32; 0]);
        let waiting = gap.expect("the hub waits at 13");
        // 13 has committed: both are told, in order, and the wait is over.
        assert_eq!(ids(&up_to_gap(12, saves(&[13, 14]), &mut gap)), [13, 14]);
        assert!(gap.is_none());
        // A gap that never fills (a transaction rolled back) is passed once waited on long
        // enough; the next gap is waited on afresh.
        gap = Some(waiting - GAP_WAIT);
        assert_eq!(
            ids(&up_to_gap(14, saves(&[16, 17, 19]), &mut gap)),
            [16, 17]
        );
        assert!(gap.is_some_and(|since| since > waiting));
    }
}
