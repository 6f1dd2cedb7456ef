//! A contact enquiry's intake: the form checked (the public form's messages for a visitor, the
//! admin form's for the desk), a machine's submission told apart by the form's own signals (a
//! field people never see, a submit faster than a person fills the form) and kept as spam,
//! never notified, and answered like any other; the desk's note on an enquiry it takes by
//! telephone starting its timeline; the row, its count against the visitor's limit and its
//! notifications committed together ([`crate::intake`]).

use chrono::{DateTime, Utc};
use sea_orm::Set;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::intake::{Enquiry, Intake, Row, Saved, Stored};
use concierge_core::domain::contact::{self, Audience, ContactDraft, EnquiryStatus};
use concierge_core::domain::form::Form;
use concierge_core::domain::lenient::TextField;
use concierge_core::domain::rules::catalog;
use concierge_core::error::{ApiError, too_many_submissions};
use concierge_core::limits::Limit;
use concierge_store::audit::Actor;
/// The enquiry's row (its table's entity and model).
pub use concierge_store::entities::contact as entity;
use concierge_store::entities::timeline::{Note, Timeline};

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ContactInput {
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub first_name: TextField,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub last_name: TextField,
    #[schema(value_type = String, format = Email, required = true)]
    pub email: TextField,
    /// 10 to 15 digits once spaces, dashes, brackets and a leading `+` are removed; kept as
    /// its digits, after the `+` when it was typed with one.
    #[schema(value_type = String, pattern = r"^\+?[0-9][0-9 ().-]{8,22}[0-9]$", required = true)]
    pub phone: TextField,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub subject: TextField,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub message: TextField,
    /// The language of the page the enquiry comes from: `en` (default) or `ar`.
    #[schema(value_type = Option<String>, pattern = "^(en|ar)$")]
    pub lang: TextField,
    /// Administrators only: `new`, `in_progress`, `replied`, `closed` or `spam`; left out, it
    /// stays as it is (`new` for a new enquiry).
    #[schema(value_type = Option<String>, pattern = "^(new|in_progress|replied|closed|spam)$")]
    pub status: TextField,
    /// Administrators only: a note for the timeline (added on top, by the writer; the newest
    /// note again adds nothing). The timeline as read (a list) is taken as no note, so an
    /// enquiry read and sent back as it is changes nothing.
    #[serde(deserialize_with = "note_or_timeline")]
    #[schema(value_type = Option<String>, max_length = 5000)]
    pub notes: TextField,
    /// Administrators only: the team member it is assigned to (`null`: nobody); left out, it
    /// stays as it is.
    #[serde(deserialize_with = "concierge_core::domain::lenient::present")]
    #[schema(value_type = Option<String>, max_length = 100)]
    pub assignee: Option<Option<String>>,
    /// Administrators only: the version the edit was made from (or `If-Match`); a stale one
    /// is refused with 409.
    #[schema(value_type = Option<i32>, minimum = 1)]
    pub version: Option<serde_json::Value>,
    /// The site's form: a field people never see, so never fill.
    #[schema(value_type = Option<String>)]
    pub company_website: TextField,
    /// The site's form: milliseconds between the page load and the submit.
    #[schema(value_type = Option<String>)]
    pub elapsed_ms: concierge_core::domain::lenient::Loose,
}

/// A note as text; the timeline as it is read (a list) is none.
fn note_or_timeline<'de, D: serde::Deserializer<'de>>(d: D) -> Result<TextField, D::Error> {
    use serde_json::Value;
    match Option::<Value>::deserialize(d)? {
        Some(Value::String(text)) => Ok(TextField(Some(text))),
        Some(Value::Array(_) | Value::Null) | None => Ok(TextField(None)),
        Some(_) => Err(serde::de::Error::custom("expected a note (text)")),
    }
}

/// The fields beside the specification's, checked.
pub struct Extra {
    pub lang: Option<&'static str>,
    pub status: Option<EnquiryStatus>,
    pub notes: Option<String>,
    /// The site form's own spam signals say a machine filled it.
    pub spam: bool,
}

/// Submitted faster than a person fills the form.
pub const MIN_FILL_MS: u64 = 3_000;

impl ContactInput {
    /// Splits off and checks the inbox fields (a visitor's `status` and `notes` are ignored).
    pub fn extra(&mut self, audience: Audience) -> Result<Extra, ApiError> {
        let mut f = Form::for_audience(&catalog().forms.contact, audience);
        let lang = f.shaped("lang", self.lang.0.take(), contact::parse_lang);
        let (mut status, mut notes) = (None, None);
        if audience == Audience::Admin {
            status = f.shaped("status", self.status.0.take(), EnquiryStatus::parse);
            if let Some(text) = self.notes.0.take() {
                notes = Some(f.text("notes", Some(text)));
            }
        }
        let honeypot = self
            .company_website
            .0
            .take()
            .is_some_and(|v| !v.trim().is_empty());
        let too_fast = self
            .elapsed_ms
            .0
            .take()
            .and_then(|ms| ms.trim().parse::<f64>().ok())
            .is_some_and(|ms| ms < MIN_FILL_MS as f64);
        f.finish()?;
        Ok(Extra {
            lang,
            status,
            notes,
            spam: audience == Audience::Visitor && (honeypot || too_fast),
        })
    }
}

impl From<ContactInput> for ContactDraft {
    fn from(i: ContactInput) -> Self {
        ContactDraft {
            first_name: i.first_name.take(),
            last_name: i.last_name.take(),
            phone: i.phone.take(),
            email: i.email.take(),
            subject: i.subject.take(),
            message: i.message.take(),
        }
    }
}

/// Puts a checked enquiry's six fields into its row.
pub fn fill(model: &mut entity::ActiveModel, c: contact::Contact) {
    model.first_name = Set(c.first_name.as_str().to_owned());
    model.last_name = Set(c.last_name.as_str().to_owned());
    model.phone = Set(c.phone.as_str().to_owned());
    model.email = Set(c.email.as_str().to_owned());
    model.subject = Set(c.subject);
    model.message = Set(c.message);
}

/// The desk's change of enquiry `id` (status, assignee, a note) and, when any of the
/// visitor's six fields is sent, a correction of all six (fields left out stay as they are),
/// made from version `expected` if the writer said, in one transaction: the enquiry as it now
/// stands.
pub async fn correct(
    db: &concierge_store::Db,
    id: i32,
    mut input: ContactInput,
    expected: Option<i32>,
    now: DateTime<Utc>,
) -> Result<entity::Model, ApiError> {
    use concierge_store::enquiries::{self, Place};
    use sea_orm::ActiveModelTrait;
    let correction = [
        &input.first_name,
        &input.last_name,
        &input.email,
        &input.phone,
        &input.subject,
        &input.message,
    ]
    .iter()
    .any(|f| f.0.is_some());
    let assignee = input.assignee.take();
    let extra = input.extra(Audience::Admin)?;
    let valid = if correction {
        Some(contact::validate(input.into(), Audience::Admin)?)
    } else {
        None
    };
    let status = extra.status.map(|s| s.as_str().to_owned());
    let edit = super::desk::checked(db, status, assignee).await?;
    let txn = db.begin().await?;
    let before = enquiries::claim::<entity::Entity>(&txn, id, expected, Place::Desk).await?;
    let mut model: entity::ActiveModel = before.clone().into();
    if let Some(valid) = valid {
        fill(&mut model, valid);
    }
    if let Some(lang) = extra.lang {
        model.lang = Set(lang.to_owned());
    }
    let corrected = if model.is_changed() {
        enquiries::save_contact_edit(&txn, &before, model).await?
    } else {
        before.clone()
    };
    enquiries::apply::<entity::Entity>(&txn, id, &corrected, edit).await?;
    super::desk::note_in::<entity::Entity>(&txn, id, extra.notes, now).await?;
    let saved = enquiries::one::<entity::Entity>(&txn, id).await?;
    enquiries::finish::<entity::Entity>(&db.write, txn, &before, saved).await
}

/// Stores an enquiry sent by `audience` at `now`, counted against `limit` (a visitor's address)
/// when a visitor sends it, and answers once it is on disk. A visitor's answer never tells a
/// machine that it was taken for one.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn submit(
    intake: &Intake,
    audience: Audience,
    mut input: ContactInput,
    now: DateTime<Utc>,
    limit: Option<(String, Limit)>,
) -> Result<entity::Model, ApiError> {
    let extra = input.extra(audience)?;
    let valid = contact::validate(input.into(), audience)?;
    let mut model = entity::ActiveModel {
        created_date: Set(now),
        assignee: Set(None),
        deleted_at: Set(None),
        ..Default::default()
    };
    fill(&mut model, valid);
    // A machine's submission is kept as spam (never notified), and answered like any other.
    let status = match (extra.spam, extra.status) {
        (true, _) => EnquiryStatus::Spam,
        (false, status) => status.unwrap_or(EnquiryStatus::New),
    };
    model.status = Set(status.as_str().to_owned());
    model.lang = Set(extra.lang.unwrap_or("en").to_owned());
    // The desk's note on an enquiry it takes by telephone starts its timeline.
    let notes = match extra.notes.filter(|n| !n.is_empty()) {
        Some(text) => Timeline::empty().with(Note {
            at: now,
            author: Actor::current().username,
            text,
        }),
        None => Timeline::empty(),
    };
    model.notes = Set(notes);
    // The enquiry, its count against the visitor's limit and its notifications commit
    // together: a crash after the commit delays a notification, never loses it.
    let enquiry = Enquiry {
        row: Row::Contact(model),
        notify: status != EnquiryStatus::Spam,
        limit: (audience == Audience::Visitor).then_some(limit).flatten(),
        request_id: None,
    };
    let mut saved = match intake.store(enquiry).await? {
        Stored::Saved(saved) => match *saved {
            Saved::Contact(saved) => saved,
            Saved::Airport(_) => unreachable!("a contact enquiry is stored as one"),
        },
        Stored::Refused { retry_after } => return Err(too_many_submissions(retry_after)),
    };
    if audience == Audience::Visitor {
        // The visitor's answer never tells a machine that it was taken for one.
        saved.status = EnquiryStatus::New.as_str().to_owned();
    }
    Ok(saved)
}
