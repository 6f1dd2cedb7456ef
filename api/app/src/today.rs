//! What waits for an administrator today, as their role may see it: the admin's start page
//! (`GET /account/today`). Changes waiting for review (editors, owners), Arabic to write or to
//! look at again (translators, editors, owners), new enquiries at the desk (whoever reads
//! them), and the administrator's own unfinished work (drafts, changes not yet published, what
//! came back from review and why) for everyone who writes content. Every kind the content model
//! declares is in it; none is named here.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::content::Kind;
use crate::content::lifecycle::{State, admin_view};
use crate::content::review_queue::{self, Waiting};
use crate::content::translations::{self, ToTranslate, TranslationState};
use crate::enquiries::desk;
use crate::live::Counts;
use crate::{Db, with_kind};
use concierge_core::error::ApiError;
use concierge_core::i18n::Text;
use concierge_core::kinds::{KINDS, Label};
use concierge_core::roles::{Permission, Role};
use concierge_store::content_rows::{self as rows, Status};
use concierge_store::reviews as store;

/// How many of the waiting changes and of the items to translate the page lists (their counts
/// say how many there are in all).
pub const SHOWN: usize = 5;
/// How many of the administrator's own unfinished items the page lists, what came back first.
pub const MINE: usize = 20;
/// How many unfinished items of each kind are looked at for the administrator's own.
const LOOKED_AT: u64 = 200;

/// An item on the start page, with why it is there.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Brief {
    /// The kind's name in the lifecycle's paths (`blog`).
    pub kind: &'static str,
    /// What an item of the kind is called, in both languages.
    #[schema(value_type = Object)]
    pub one: Label,
    pub id: i32,
    /// What a person calls the item.
    pub title: Option<String>,
    /// `waiting` (for review), `returned` (to its author, with a note), `draft` (never
    /// published), `pending` (a change beside the live version), `missing` or `outdated` (its
    /// Arabic).
    pub state: &'static str,
    /// Since when it stands so, where known.
    pub at: Option<DateTime<Utc>>,
    /// Who submitted it (waiting) or returned it (returned).
    pub by: Option<String>,
    pub note: Option<String>,
    /// The fields concerned, by their labels: what a waiting change changes, what lacks Arabic.
    pub fields: Vec<Text>,
}

/// What waits for one administrator. A part the role may not read is absent.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Today {
    /// How many wait in all, as the menu counts them.
    pub counts: Counts,
    /// Of the new enquiries, how many came more than 24 hours ago.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overdue: Option<u64>,
    /// The changes waiting longest for review (up to [`SHOWN`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub waiting: Option<Vec<Brief>>,
    /// The first items whose Arabic is missing or outdated (up to [`SHOWN`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub translations: Option<Vec<Brief>>,
    /// The administrator's own unfinished items: returned first, then the last changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mine: Option<Vec<Brief>>,
}

/// What waits today for `username`, whose role is `role`, at `now`.
pub async fn today(
    db: &Db,
    username: &str,
    role: Role,
    now: DateTime<Utc>,
) -> Result<Today, ApiError> {
    let mut today = Today {
        counts: Counts::default(),
        overdue: None,
        waiting: None,
        translations: None,
        mine: None,
    };
    if role.may(Permission::Review) {
        let waiting = review_queue::waiting(db).await?;
        today.counts.review = Some(waiting.len() as u64);
        today.waiting = Some(waiting.into_iter().take(SHOWN).map(waiting_brief).collect());
    }
    if role.may(Permission::Translations) {
        let found = translations::list(db, None, None).await?;
        today.counts.translations = Some(found.len() as u64);
        today.translations = Some(
            found
                .into_iter()
                .take(SHOWN)
                .map(translation_brief)
                .collect(),
        );
    }
    if role.may(Permission::EnquiriesRead) {
        let (new, overdue) = desk::summary(db, now).await?;
        today.counts.inbox = Some(new);
        today.overdue = Some(overdue);
    }
    if role.may(Permission::ContentEdit) || role.may(Permission::ContentCreate) {
        let mut mine = Vec::new();
        for declaration in KINDS {
            let of_kind: Result<Vec<Brief>, ApiError> =
                with_kind!(declaration.kind, K => mine_of::<K>(db, username).await);
            mine.extend(of_kind?);
        }
        // What came back first (the oldest return first), then the last changed.
        mine.sort_by(|a, b| {
            let returned = |brief: &Brief| brief.state != "returned";
            returned(a).cmp(&returned(b)).then_with(|| match a.state {
                "returned" => a.at.cmp(&b.at),
                _ => b.at.cmp(&a.at),
            })
        });
        mine.truncate(MINE);
        today.mine = Some(mine);
    }
    Ok(today)
}

fn waiting_brief(waiting: Waiting) -> Brief {
    Brief {
        kind: waiting.kind,
        one: waiting.one,
        id: waiting.id,
        title: waiting.title,
        state: "waiting",
        at: Some(waiting.at),
        by: waiting.by,
        note: waiting.note,
        fields: waiting.fields.into_iter().map(|f| f.label).collect(),
    }
}

fn translation_brief(item: ToTranslate) -> Brief {
    // Missing before outdated: an item with both is first of all untranslated.
    let missing = item
        .fields
        .iter()
        .any(|f| f.state == TranslationState::Missing);
    Brief {
        kind: item.kind,
        one: item.one,
        id: item.id,
        title: item.title,
        state: if missing { "missing" } else { "outdated" },
        at: item
            .fields
            .iter()
            .filter_map(|f| f.english_changed_at)
            .max(),
        by: None,
        note: None,
        fields: item.fields.into_iter().map(|f| f.label).collect(),
    }
}

/// The kind's unfinished items that are `username`'s: those whose review they asked for, else
/// those they changed last.
async fn mine_of<K: Kind>(db: &Db, username: &str) -> Result<Vec<Brief>, ApiError> {
    let unfinished = rows::unfinished::<K>(&db.read, LOOKED_AT).await?;
    if unfinished.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i32> = unfinished.iter().map(K::id).collect();
    let (people, reviews) = futures_util::try_join!(
        store::people(&db.read, K::PATH, &ids),
        store::of_items(&db.read, K::PATH, &ids),
    )?;
    Ok(unfinished
        .iter()
        .filter_map(|row| {
            let id = K::id(row);
            let review = reviews.get(&id);
            let theirs = match review {
                Some(review) => review.author.as_deref() == Some(username),
                None => people.get(&id).and_then(|p| p.updated_by.as_deref()) == Some(username),
            };
            if !theirs {
                return None;
            }
            let view = admin_view::<K>(row);
            let changed_at = view
                .get("updated_at")
                .cloned()
                .and_then(|at| serde_json::from_value::<DateTime<Utc>>(at).ok());
            let never_published = State::of::<K>(row).status == Status::Draft;
            let (state, at, by, note) = match review {
                Some(review) if review.state == "returned" => (
                    "returned",
                    Some(review.acted_at),
                    review.acted_by.clone(),
                    review.note.clone(),
                ),
                Some(review) => (
                    "waiting",
                    Some(review.submitted_at),
                    None,
                    review.note.clone(),
                ),
                None if never_published => ("draft", changed_at, None, None),
                None => ("pending", changed_at, None, None),
            };
            Some(Brief {
                kind: K::PATH,
                one: K::DECLARATION.one,
                id,
                title: rows::title_of(&view),
                state,
                at,
                by,
                note,
                fields: Vec::new(),
            })
        })
        .collect())
}
