//! Review: the hand-off from the people whose saves wait (contributors, translators) to the
//! people who publish (editors, owners), for every kind the content model declares. An item's
//! pending change (or a draft never published) is submitted with a note
//! (`POST /content/{kind}/{id}/review`), waits in one queue across kinds (`GET /review`,
//! oldest first, each with the fields it changes beside the live version), and either goes
//! live (publishing it ends its review, as discarding the change or deleting the item does)
//! or comes back to its author with a note (`…/review/return`). Each move is emailed through
//! the message outbox, in the transaction that makes it. Every admin read of an item also
//! says who made it, who last changed it and where its review stands ([`annotate`]).

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::lifecycle::{self, State, admin_view};
use super::{Kind, items};
use crate::with_kind;
use concierge_core::config::Settings;
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_core::i18n::Text;
use concierge_core::kinds::Label;
use concierge_send::mail::Message;
use concierge_store::audit::{Actor, Event};
use concierge_store::content_rows::{self as rows, Status};
use concierge_store::entities::content_review;
use concierge_store::outbox::messages::{self as outbox, NewMessage};
use concierge_store::reviews as store;
use concierge_store::{ConnectionTrait, Db};

/// The longest note a review carries.
pub const NOTE_MAX: usize = 2000;

/// Where an item's review stands, as its admin reads carry it (`review`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReviewState {
    /// `waiting` (for an editor) or `returned` (to its author, with a note).
    pub state: String,
    /// Who submitted it (waiting) or returned it (returned).
    pub by: Option<String>,
    pub at: DateTime<Utc>,
    pub note: Option<String>,
    /// Who submitted it: told when it comes back.
    pub author: Option<String>,
}

impl From<content_review::Model> for ReviewState {
    fn from(row: content_review::Model) -> Self {
        ReviewState {
            state: row.state,
            by: row.acted_by,
            at: row.acted_at,
            note: row.note,
            author: row.author,
        }
    }
}

/// Adds to each of `views` (the kind's items as administrators read them) `created_by`,
/// `updated_by` (user names; null for the system) and `review` (null, or [`ReviewState`]).
pub async fn annotate<K: Kind>(
    db: &impl ConnectionTrait,
    views: &mut [Value],
) -> Result<(), ApiError> {
    let ids: Vec<i32> = views
        .iter()
        .filter_map(|v| v.get("id").and_then(Value::as_i64))
        .filter_map(|id| i32::try_from(id).ok())
        .collect();
    if ids.is_empty() {
        return Ok(());
    }
    let (people, reviews) = futures_util::try_join!(
        store::people(db, K::PATH, &ids),
        store::of_items(db, K::PATH, &ids),
    )?;
    let mut reviews = reviews;
    for view in views.iter_mut() {
        let Some(id) = view
            .get("id")
            .and_then(Value::as_i64)
            .and_then(|id| i32::try_from(id).ok())
        else {
            continue;
        };
        let Value::Object(fields) = view else {
            continue;
        };
        let who = people.get(&id).cloned().unwrap_or_default();
        fields.insert("created_by".into(), who.created_by.into());
        fields.insert("updated_by".into(), who.updated_by.into());
        let review = reviews
            .remove(&id)
            .map(|r| serde_json::to_value(ReviewState::from(r)).unwrap_or(Value::Null));
        fields.insert("review".into(), review.unwrap_or(Value::Null));
    }
    Ok(())
}

/// [`annotate`] of one item.
pub async fn annotated<K: Kind>(
    db: &impl ConnectionTrait,
    mut view: Value,
) -> Result<Value, ApiError> {
    annotate::<K>(db, std::slice::from_mut(&mut view)).await?;
    Ok(view)
}

/// A field a change waiting for review makes different from the live version.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChangedField {
    pub field: String,
    /// Its label in the form, in both languages.
    pub label: Text,
    /// Its value on the site (null for an item never published).
    #[schema(value_type = Object)]
    pub live: Value,
    /// Its value in the change.
    #[schema(value_type = Object)]
    pub pending: Value,
}

/// A change waiting for an editor.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Waiting {
    /// The kind's name in the lifecycle's paths (`blog`).
    pub kind: &'static str,
    /// What an item of the kind is called, in both languages.
    #[schema(value_type = Object)]
    pub one: Label,
    pub id: i32,
    /// What a person calls the item.
    pub title: Option<String>,
    /// Who submitted it, when, and their note.
    pub by: Option<String>,
    pub at: DateTime<Utc>,
    pub note: Option<String>,
    /// Whether the item is on the site (the change is a pending change of a live item).
    pub live: bool,
    /// The fields the change makes different, in the form's order.
    pub fields: Vec<ChangedField>,
}

/// The fields the item's change makes different from its live version (a draft never
/// published: every field it fills), each with both values.
fn changes<K: Kind>(row: &K::Model) -> (bool, Vec<ChangedField>) {
    let state = State::of::<K>(row);
    let pending = admin_view::<K>(row);
    let live = (state.status == Status::Published).then(|| {
        let mut live = serde_json::to_value(row).unwrap_or(Value::Null);
        if let Value::Object(fields) = &mut live {
            fields.remove("draft");
        }
        live
    });
    let changed = lifecycle::changed_fields(live.as_ref(), &pending);
    let rules = K::rules();
    let fields = K::DECLARATION
        .fields
        .iter()
        .filter(|f| changed.iter().any(|c| c == f.name))
        .map(|f| ChangedField {
            field: f.name.to_owned(),
            label: rules.field(f.name).label.clone(),
            live: live
                .as_ref()
                .and_then(|l| l.get(f.name))
                .cloned()
                .unwrap_or(Value::Null),
            pending: pending.get(f.name).cloned().unwrap_or(Value::Null),
        })
        .collect();
    (state.live, fields)
}

/// Every change waiting for an editor, across kinds, the longest waiting first: one read of
/// the queue, then one of each kind's items that wait.
pub async fn waiting(db: &Db) -> Result<Vec<Waiting>, ApiError> {
    let queue = store::waiting(&db.read).await?;
    let mut found: Vec<(usize, Waiting)> = Vec::with_capacity(queue.len());
    let mut kinds: Vec<&str> = queue.iter().map(|r| r.kind.as_str()).collect();
    kinds.sort_unstable();
    kinds.dedup();
    for kind in kinds {
        let reviews: Vec<(usize, &content_review::Model)> = queue
            .iter()
            .enumerate()
            .filter(|(_, r)| r.kind == kind)
            .collect();
        let of_kind: Result<Vec<(usize, Waiting)>, ApiError> =
            with_kind!(kind, K => waiting_of::<K>(db, &reviews).await);
        // A kind no longer declared is skipped, as is an item gone since.
        if let Ok(of_kind) = of_kind {
            found.extend(of_kind);
        }
    }
    found.sort_by_key(|(place, _)| *place);
    Ok(found.into_iter().map(|(_, waiting)| waiting).collect())
}

/// The kind's `reviews`, each with its place in the queue, as the queue shows them.
async fn waiting_of<K: Kind>(
    db: &Db,
    reviews: &[(usize, &content_review::Model)],
) -> Result<Vec<(usize, Waiting)>, ApiError> {
    let ids: Vec<i32> = reviews.iter().map(|(_, r)| r.item_id).collect();
    let rows: std::collections::HashMap<i32, K::Model> = rows::with_ids::<K>(&db.read, &ids)
        .await?
        .into_iter()
        .map(|row| (K::id(&row), row))
        .collect();
    Ok(reviews
        .iter()
        .filter_map(|(place, review)| {
            let row = rows.get(&review.item_id)?;
            let (live, fields) = changes::<K>(row);
            Some((
                *place,
                Waiting {
                    kind: K::PATH,
                    one: K::DECLARATION.one,
                    id: review.item_id,
                    title: rows::title_of(&admin_view::<K>(row)),
                    by: review.acted_by.clone(),
                    at: review.submitted_at,
                    note: review.note.clone(),
                    live,
                    fields,
                },
            ))
        })
        .collect())
}

/// How many changes wait for an editor.
pub async fn count(db: &Db) -> Result<u64, ApiError> {
    Ok(store::count_waiting(&db.read).await?)
}

/// A note as sent: trimmed, empty is none, 400 on `note` when longer than [`NOTE_MAX`].
pub fn note_of(raw: Option<&str>) -> Result<Option<String>, ApiError> {
    let note = raw.map(str::trim).filter(|n| !n.is_empty());
    if note.is_some_and(|n| n.chars().count() > NOTE_MAX) {
        let message = catalog()
            .messages
            .query_too_long
            .with("name", "note")
            .with("max", NOTE_MAX);
        return Err(ApiError::validation("note", message));
    }
    Ok(note.map(str::to_owned))
}

/// A move of an item's review.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Its author submits its change (the note optional): it waits for an editor, and the
    /// editors and owners are emailed. 409 when nothing of the item waits to be published (it is
    /// published, with no pending change).
    Submit,
    /// An editor returns its waiting change to its author (the note required: what needs to
    /// change); the author is emailed. 409 when nothing of the item waits.
    Return,
}

/// Moves the review of item `id` of the kind named `kind` one `step`, by the signed-in
/// administrator, with `note`, in one transaction with its audit line and its mail: the item as
/// administrators read it after.
pub async fn hand_off(
    db: &Db,
    settings: &Settings,
    kind: &str,
    id: i32,
    step: Step,
    note: Option<String>,
    now: DateTime<Utc>,
) -> Result<Value, ApiError> {
    with_kind!(kind, K => hand_off_of::<K>(db, settings, id, step, note, now).await)
}

async fn hand_off_of<K: Kind>(
    db: &Db,
    settings: &Settings,
    id: i32,
    step: Step,
    note: Option<String>,
    now: DateTime<Utc>,
) -> Result<Value, ApiError> {
    let messages = &catalog().messages;
    if step == Step::Return && note.is_none() {
        return Err(ApiError::validation("note", messages.review_note.clone()));
    }
    let txn = db.begin().await?;
    let row = items::find::<K>(&txn, id).await?;
    let view = admin_view::<K>(&row);
    let title = lifecycle::title_of(&view);
    let by = Actor::current().username;
    let mail = Mail {
        settings,
        kind: K::PATH,
        id,
        one: K::DECLARATION.one.en,
        title: title.as_str().unwrap_or_default(),
    };
    let (action, to, (subject, body)) = match step {
        Step::Submit => {
            let state = State::of::<K>(&row);
            if state.status == Status::Published && state.draft.is_none() {
                return Err(ApiError::Conflict(messages.review_nothing.clone()));
            }
            store::submit(&txn, K::PATH, id, by.as_deref(), note.as_deref(), now).await?;
            let (_, fields) = changes::<K>(&row);
            let labels: Vec<&str> = fields.iter().map(|f| f.label.en.as_str()).collect();
            let editors = store::emails_of_roles(&txn, &["editor", "owner"], by.as_deref()).await?;
            let text = mail.waiting(by.as_deref(), note.as_deref(), &labels);
            ("content.review_requested", Some(editors), text)
        }
        Step::Return => {
            let note = note.as_deref().unwrap_or_default();
            let returned = store::give_back(&txn, K::PATH, id, by.as_deref(), note, now).await?;
            let Some(review) = returned else {
                return Err(ApiError::Conflict(messages.review_not_waiting.clone()));
            };
            let author = match &review.author {
                Some(author) => store::email_of(&txn, author).await?.map(|e| vec![e]),
                None => None,
            };
            (
                "content.review_returned",
                author,
                mail.returned(by.as_deref(), note),
            )
        }
    };
    Event::new(action)
        .on(K::RESOURCE.as_str(), id)
        .detail(serde_json::json!({ "title": title, "note": note }))
        .save(&txn)
        .await?;
    // Nobody of the team to tell by name: the staff's address hears of it.
    let to = to
        .filter(|to| !to.is_empty())
        .unwrap_or_else(|| settings.notify_emails.clone());
    mail.queue(&txn, to, subject, body).await?;
    let view = annotated::<K>(&txn, view).await?;
    txn.commit().await?;
    Ok(view)
}

/// The mail about one item's review.
struct Mail<'a> {
    settings: &'a Settings,
    kind: &'static str,
    id: i32,
    /// What an item of the kind is called ("Blog").
    one: &'a str,
    title: &'a str,
}

impl Mail<'_> {
    /// The item as the mail names it: `Blog “Planning a London season”`.
    fn item(&self) -> String {
        let title = one_line(self.title);
        if title.is_empty() {
            format!("{} #{}", self.one, self.id)
        } else {
            format!("{} “{}”", self.one, title)
        }
    }

    /// The editors' mail: what waits, from whom, their note and what it changes.
    fn waiting(&self, by: Option<&str>, note: Option<&str>, fields: &[&str]) -> (String, String) {
        let who = by.unwrap_or("Someone");
        let mut body = format!(
            "{who} asks for a review of a change to the {item}.\n",
            item = lower_first(&self.item()),
        );
        if let Some(note) = note {
            body.push_str("\nTheir note:\n");
            for line in note.lines() {
                body.push_str(&format!("> {line}\n"));
            }
        }
        if !fields.is_empty() {
            body.push_str(&format!("\nIt changes: {}.\n", fields.join(", ")));
        }
        body.push_str(&format!(
            "\nEverything waiting for review, oldest first: {}/admin/review\n",
            self.settings.site_url
        ));
        (format!("Waiting for review: {}", self.item()), body)
    }

    /// The author's mail: their change came back, from whom and why.
    fn returned(&self, by: Option<&str>, note: &str) -> (String, String) {
        let who = by.unwrap_or("An editor");
        let mut body = format!(
            "{who} returned your change to the {item} with a note:\n\n",
            item = lower_first(&self.item()),
        );
        for line in note.lines() {
            body.push_str(&format!("> {line}\n"));
        }
        body.push_str(&format!(
            "\nYour work, and what came back to you: {}/admin/\n",
            self.settings.site_url
        ));
        (format!("Returned with a note: {}", self.item()), body)
    }

    /// Queues `mail` to `to`, in the transaction that moves the review (nothing without an
    /// SMTP server or anyone to tell).
    async fn queue(
        &self,
        txn: &impl ConnectionTrait,
        to: Vec<String>,
        subject: String,
        body: String,
    ) -> Result<(), ApiError> {
        if self.settings.smtp_url.is_none() || to.is_empty() {
            return Ok(());
        }
        let host = crate::notify::mail_host(self.settings);
        let token: String = concierge_core::token::new_token()
            .0
            .chars()
            .take(16)
            .collect();
        let key = format!("<review-{}-{}.{token}@{host}>", self.kind, self.id);
        let message = Message {
            key: key.clone(),
            to,
            subject: one_line(&subject),
            body,
        };
        outbox::enqueue(
            txn,
            vec![NewMessage {
                kind: crate::notify::Kind::ReviewEmail.as_str(),
                enquiry_id: self.id,
                enquiry_kind: self.kind,
                key,
                payload: serde_json::to_string(&message).expect("messages serialise"),
                request_id: concierge_core::request_id::RequestId::current().map(|r| r.to_string()),
            }],
        )
        .await?;
        Ok(())
    }
}

/// Text on one line (a title or a subject cannot start a header of its own).
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// "Blog “Planning…”" as it reads inside a sentence: "blog “Planning…”".
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}
