//! Contact enquiries: `POST /contact-us` (anonymous; the public form), and for the desk
//! `GET /contact-us` (newest first; `?deleted=true` the trash), `GET`/`PUT`/`DELETE
//! /contact-us/{id}`, `POST /contact-us/{id}/notes` and `/undelete` (the desk's operations are
//! [`super::desk`]'s, shared with airport requests). Enquiries are private: they never trigger
//! a publish.

use actix_web::{HttpRequest, delete, get, post, put, web};
use sea_orm::{ActiveModelTrait, Set, TransactionTrait};
use serde::Deserialize;
use utoipa::ToSchema;

use super::desk::{self, NoteInput};
use super::envelope::{self, DeletedEnvelope, ErrorBody, ItemEnvelope, ListEnvelope};
use super::versions::IfMatch;
use crate::auth::{Admin, MaybeAdmin};
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::intake::{Enquiry, Row, Saved, Stored};
use concierge_core::domain::contact::{self, Audience, ContactDraft, EnquiryStatus};
use concierge_core::domain::form::Form;
use concierge_core::domain::lenient::TextField;
use concierge_core::domain::page::PagingQuery;
use concierge_core::domain::rules::{Outcomes, catalog};
use concierge_core::error::too_many_submissions;
use concierge_store::audit::Actor;
use concierge_store::enquiries::{self, FilterQuery, Place};
use concierge_store::entities::contact as entity;
use concierge_store::entities::timeline::{Note, Timeline};

/// The contact form's messages in the table of rules.
fn outcomes() -> &'static Outcomes {
    catalog().forms.contact.outcomes()
}

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
struct Extra {
    lang: Option<&'static str>,
    status: Option<EnquiryStatus>,
    notes: Option<String>,
    /// The site form's own spam signals say a machine filled it.
    spam: bool,
}

/// Submitted faster than a person fills the form.
pub(super) const MIN_FILL_MS: u64 = 3_000;

impl ContactInput {
    /// Splits off and checks the inbox fields (a visitor's `status` and `notes` are ignored).
    fn extra(&mut self, audience: Audience) -> Answer<Extra> {
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

fn fill(model: &mut entity::ActiveModel, c: contact::Contact) {
    model.first_name = Set(c.first_name.as_str().to_owned());
    model.last_name = Set(c.last_name.as_str().to_owned());
    model.phone = Set(c.phone.as_str().to_owned());
    model.email = Set(c.email.as_str().to_owned());
    model.subject = Set(c.subject);
    model.message = Set(c.message);
}

/// Sends an enquiry. Visitors get the public form's messages; an administrator (bearer
/// token present) gets the admin form's. A visitor's address sends at most
/// `CONCIERGE_FORM_LIMIT` enquiries (429 with `Retry-After`).
#[utoipa::path(context_path = "/api/v1", tag = "contact", request_body = ContactInput,
    responses((status = 201, body = ItemEnvelope<entity::Model>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[post("/contact-us")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn create(
    state: web::Data<AppState>,
    req: HttpRequest,
    admin: MaybeAdmin,
    body: web::Json<ContactInput>,
) -> Answer {
    // The desk (and owners) may file an enquiry taken by phone, with its status.
    let audience = if admin.may(concierge_core::roles::Permission::EnquiriesEdit) {
        Audience::Admin
    } else {
        Audience::Visitor
    };
    let mut input = body.into_inner();
    let extra = input.extra(audience)?;
    let valid = contact::validate(input.into(), audience)?;
    let now = state.settings.clock.now();
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
        limit: (audience == Audience::Visitor).then(|| state.public_form_limit(&req, "contact")),
        request_id: None,
    };
    let mut saved = match state.intake.store(enquiry).await? {
        Stored::Saved(saved) => match *saved {
            Saved::Contact(saved) => saved,
            Saved::Airport(_) => unreachable!("a contact enquiry is stored as one"),
        },
        Stored::Refused { retry_after } => return Err(too_many_submissions(retry_after).into()),
    };
    if audience == Audience::Visitor {
        // The visitor's answer never tells a machine that it was taken for one.
        saved.status = EnquiryStatus::New.as_str().to_owned();
    }
    Ok(envelope::created(saved, &outcomes().created))
}

/// Enquiries newest first, filtered by `status` and searched by `q` (name, email or phone);
/// `deleted=true`: the trash (deleted in the last 30 days).
#[utoipa::path(context_path = "/api/v1", tag = "contact", params(PagingQuery, FilterQuery),
    security(("api_key" = [], "bearer" = ["enquiries.read"])),
    responses((status = 200, body = ListEnvelope<entity::Model>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
#[get("/contact-us")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<PagingQuery>,
    filter: web::Query<FilterQuery>,
) -> Answer {
    desk::list::<entity::Entity>(&state, &query, &filter).await
}

#[utoipa::path(context_path = "/api/v1", tag = "contact", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["enquiries.read"])),
    responses((status = 200, body = ItemEnvelope<entity::Model>), (status = 404, body = ErrorBody)))]
#[get("/contact-us/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn get_one(state: web::Data<AppState>, _admin: Admin, id: web::Path<String>) -> Answer {
    desk::get_one::<entity::Entity>(&state, &id).await
}

/// The desk's change (status, assignee, a note) and, when any of the visitor's six fields is
/// sent, a correction of all six; fields left out stay as they are.
#[utoipa::path(context_path = "/api/v1", tag = "contact", params(("id" = i32, Path, minimum = 1)), request_body = ContactInput,
    security(("api_key" = [], "bearer" = ["enquiries.edit"])),
    responses((status = 200, body = ItemEnvelope<entity::Model>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[put("/contact-us/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn update(
    state: web::Data<AppState>,
    _admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
    body: web::Json<ContactInput>,
) -> Answer {
    let id = envelope::parse_id(&id)?;
    let mut input = body.into_inner();
    let version = std::mem::take(&mut input.version);
    let expected = if_match.or_body(Some(&serde_json::json!({ "version": version })))?;
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
    let edit = desk::DeskInput::checked(
        extra.status.map(|s| s.as_str().to_owned()),
        assignee,
        &state,
    )
    .await?;
    let txn = state.db.write.begin().await?;
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
    desk::note_in::<entity::Entity>(&txn, &state, id, extra.notes).await?;
    let saved = enquiries::one::<entity::Entity>(&txn, id).await?;
    let saved = enquiries::finish::<entity::Entity>(&state.db.write, txn, &before, saved).await?;
    Ok(envelope::updated(saved, outcomes().updated()))
}

/// Moves an enquiry to the trash (brought back within 30 days with `/undelete`).
#[utoipa::path(context_path = "/api/v1", tag = "contact", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["enquiries.delete"])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[delete("/contact-us/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn remove(
    state: web::Data<AppState>,
    _admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
) -> Answer {
    desk::remove::<entity::Entity>(&state, &id, if_match, &outcomes().deleted).await
}

/// Adds a note on top of the enquiry's timeline, as the writer, now.
#[utoipa::path(context_path = "/api/v1", tag = "contact", params(("id" = i32, Path, minimum = 1)), request_body = NoteInput,
    security(("api_key" = [], "bearer" = ["enquiries.edit"])),
    responses((status = 201, body = ItemEnvelope<entity::Model>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[post("/contact-us/{id}/notes")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn add_note(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
    body: web::Json<NoteInput>,
) -> Answer {
    desk::note::<entity::Entity>(&state, &id, body.into_inner()).await
}

/// Brings back an enquiry deleted in the last 30 days.
#[utoipa::path(context_path = "/api/v1", tag = "contact", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["enquiries.delete"])),
    responses((status = 200, body = ItemEnvelope<entity::Model>), (status = 404, body = ErrorBody)))]
#[post("/contact-us/{id}/undelete")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn undelete(state: web::Data<AppState>, _admin: Admin, id: web::Path<String>) -> Answer {
    desk::undelete::<entity::Entity>(&state, &id).await
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(create)
        .service(list)
        .service(get_one)
        .service(update)
        .service(remove)
        .service(add_note)
        .service(undelete);
}
