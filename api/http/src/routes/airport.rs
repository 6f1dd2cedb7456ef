//! Airport requests (the architecture's "Airport requests"): `POST /airport-requests`
//! (anonymous; the airport page), and for the desk the same operations as contact enquiries
//! ([`super::desk`]) under `/airport-requests`, and its workbook.

use actix_web::{HttpRequest, delete, get, post, put, web};
use sea_orm::Set;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::desk::{self, DeskInput, NoteInput};
use super::envelope::{self, DeletedEnvelope, ErrorBody, ItemEnvelope};
use super::spreadsheets::ExportQuery;
use super::versions::IfMatch;
use crate::auth::{Admin, MaybeAdmin};
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::intake::{Enquiry, Row, Saved, Stored};
use concierge_app::spreadsheet;
use concierge_core::domain::airport::{self, AirportDraft};
use concierge_core::domain::contact::EnquiryStatus;
use concierge_core::domain::lenient::{Loose, TextField};
use concierge_core::domain::page::PagingQuery;
use concierge_core::domain::rules::{Outcomes, catalog};
use concierge_core::error::too_many_submissions;
use concierge_core::roles::Permission;
use concierge_store::enquiries::{Filter, FilterQuery};
use concierge_store::entities::airport_request as entity;
use concierge_store::entities::timeline::Timeline;

fn outcomes() -> &'static Outcomes {
    catalog().forms.airport_request.outcomes()
}

/// The passenger, as the page sends it.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct PassengerInput {
    #[schema(value_type = String, pattern = "^(mr|mrs|ms|dr)$", required = true)]
    pub title: TextField,
    #[schema(value_type = String, min_length = 1, max_length = 100, pattern = r"\S", required = true)]
    pub full_name: TextField,
    #[schema(value_type = String, pattern = r"^\+?[0-9][0-9 ().-]{8,22}[0-9]$", required = true)]
    pub mobile: TextField,
    #[schema(value_type = String, format = Email, required = true)]
    pub email: TextField,
}

/// Meet & Greet's details, required when it is among the services.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct MeetGreetInput {
    #[schema(value_type = Option<String>, max_length = 200)]
    pub meeting_point: TextField,
    #[schema(value_type = Option<String>, max_length = 100)]
    pub signage_name: TextField,
    /// 1 to 50, as a number or digits.
    #[schema(value_type = Option<String>)]
    pub num_passengers: Loose,
    #[schema(value_type = Option<String>, pattern = "^(english|arabic|french|hindi|urdu)$")]
    pub language: TextField,
    #[schema(value_type = Option<String>, max_length = 500)]
    pub assistence: TextField,
}

/// The porter's details, required when the porter is among the services.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct PorterInput {
    /// 1 to 50, as a number or digits.
    #[schema(value_type = Option<String>)]
    pub bags: Loose,
    #[schema(value_type = Option<String>, pattern = "^(standard|oversized|fragile|sports)$")]
    pub bag_type: TextField,
    #[schema(value_type = Option<String>, max_length = 200)]
    pub pickup: TextField,
    #[schema(value_type = Option<String>, max_length = 200)]
    pub drop: TextField,
    #[schema(value_type = Option<String>, pattern = "^(yes|no)$")]
    pub trolley_assist: TextField,
    #[schema(value_type = Option<String>, pattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$")]
    pub time_slot: TextField,
}

/// An airport request as the page sends it (its draft's fields).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AirportInput {
    /// A country code of the page's list (`SA`, `AE`, `BH`, `QA`, `GB`, `IN`).
    #[schema(value_type = String, min_length = 1, max_length = 100, required = true)]
    pub country: TextField,
    #[schema(value_type = String, min_length = 1, max_length = 100, required = true)]
    pub city: TextField,
    /// The airport's IATA code.
    #[schema(value_type = String, min_length = 1, max_length = 100, required = true)]
    pub airport: TextField,
    #[schema(value_type = String, min_length = 1, max_length = 100, required = true)]
    pub terminal: TextField,
    /// An airline's code and a number (`SV 123`); spaces and case do not matter.
    #[schema(value_type = String, min_length = 1, max_length = 10, required = true)]
    pub flight_number: TextField,
    #[schema(value_type = String, pattern = "^(departure|arrival)$", required = true)]
    pub departure_arrival: TextField,
    /// `YYYY-MM-DD`, not in the past.
    #[schema(value_type = String, format = Date, required = true)]
    pub date: TextField,
    /// `HH:MM`.
    #[schema(value_type = String, pattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$", required = true)]
    pub time: TextField,
    /// One or more of `meetGreet`, `fastTrack`, `lounge`, `porter`, `buggy`, `airsideLimo`.
    #[schema(min_items = 1, required = true)]
    pub services: Option<Vec<String>>,
    #[schema(required = true)]
    pub passenger_details: Option<PassengerInput>,
    pub meet_greet: Option<MeetGreetInput>,
    pub porter_service: Option<PorterInput>,
    /// The page's language: `en` (default) or `ar`.
    #[schema(value_type = Option<String>, pattern = "^(en|ar)$")]
    pub lang: TextField,
    /// The page's form: a field people never see, so never fill.
    #[serde(rename = "company_website")]
    #[schema(value_type = Option<String>)]
    pub company_website: TextField,
    /// The page's form: milliseconds between the page load and the submit.
    #[serde(rename = "elapsed_ms")]
    #[schema(value_type = Option<String>)]
    pub elapsed_ms: Loose,
}

impl AirportInput {
    /// The fields by the table's names, and whether the page's own spam signals say a machine
    /// filled it in.
    fn draft(self) -> (AirportDraft, bool) {
        let mut d = AirportDraft::default();
        for (name, value) in [
            ("country", self.country),
            ("city", self.city),
            ("airport", self.airport),
            ("terminal", self.terminal),
            ("flightNumber", self.flight_number),
            ("departureArrival", self.departure_arrival),
            ("date", self.date),
            ("time", self.time),
            ("lang", self.lang),
        ] {
            d.set(name, value.take());
        }
        d.set("services", self.services.map(|s| s.join(",")));
        if let Some(p) = self.passenger_details {
            d.set("passengerDetails.title", p.title.take());
            d.set("passengerDetails.fullName", p.full_name.take());
            d.set("passengerDetails.mobile", p.mobile.take());
            d.set("passengerDetails.email", p.email.take());
        }
        if let Some(m) = self.meet_greet {
            d.set("meetGreet.meetingPoint", m.meeting_point.take());
            d.set("meetGreet.signageName", m.signage_name.take());
            d.set("meetGreet.numPassengers", m.num_passengers.0);
            d.set("meetGreet.language", m.language.take());
            d.set("meetGreet.assistence", m.assistence.take());
        }
        if let Some(p) = self.porter_service {
            d.set("porterService.bags", p.bags.0);
            d.set("porterService.bagType", p.bag_type.take());
            d.set("porterService.pickup", p.pickup.take());
            d.set("porterService.drop", p.drop.take());
            d.set("porterService.trolleyAssist", p.trolley_assist.take());
            d.set("porterService.timeSlot", p.time_slot.take());
        }
        let honeypot = self.company_website.0.is_some_and(|v| !v.trim().is_empty());
        let too_fast = self
            .elapsed_ms
            .0
            .and_then(|ms| ms.trim().parse::<f64>().ok())
            .is_some_and(|ms| ms < super::contact::MIN_FILL_MS as f64);
        (d, honeypot || too_fast)
    }
}

/// What the page is told: the reference to quote.
#[derive(Debug, Serialize, ToSchema)]
pub struct Received {
    pub id: i32,
    /// `AR-` and eight characters.
    pub reference: String,
}

/// The airports the page offers, as the site is built with them: the binary's list, or in
/// watch mode the source tree's as it is now.
fn airports(watch: bool) -> std::borrow::Cow<'static, airport::Airports> {
    use ssg::content::{Content, Source};
    let read = |source: &Source| {
        ssg::content::airports(source)
            .ok()
            .and_then(|value| serde_json::from_value(value).ok())
            .unwrap_or_default()
    };
    static EMBEDDED: std::sync::OnceLock<airport::Airports> = std::sync::OnceLock::new();
    if watch {
        std::borrow::Cow::Owned(read(&Source::Disk(Content::source_dir())))
    } else {
        std::borrow::Cow::Borrowed(EMBEDDED.get_or_init(|| read(&Source::Embedded)))
    }
}

/// Sends an airport request: stored with a reference, the desk notified (email and webhook)
/// and the visitor acknowledged, all through the outbox, in the transaction that stores it. A
/// visitor's address sends at most `CONCIERGE_FORM_LIMIT` of them (429 with `Retry-After`).
#[utoipa::path(context_path = "/api/v1", tag = "airport requests", request_body = AirportInput,
    responses((status = 201, body = ItemEnvelope<Received>), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[post("/airport-requests")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn create(
    state: web::Data<AppState>,
    req: HttpRequest,
    admin: MaybeAdmin,
    body: web::Json<AirportInput>,
) -> Answer {
    let visitor = !admin.may(Permission::EnquiriesEdit);
    let now = state.settings.clock.now();
    let (draft, machine) = body.into_inner().draft();
    let valid = airport::validate(&draft, &airports(state.settings.watch), now)?;
    let spam = visitor && machine;
    let status = if spam {
        EnquiryStatus::Spam
    } else {
        EnquiryStatus::New
    };
    let row = entity::ActiveModel {
        reference: Set(airport::new_reference()),
        country: Set(valid.country),
        city: Set(valid.city),
        airport: Set(valid.airport),
        terminal: Set(valid.terminal),
        flight_number: Set(valid.flight_number),
        departure_arrival: Set(valid.departure_arrival),
        date: Set(valid.date),
        time: Set(valid.time),
        services: Set(json(&valid.services)),
        title: Set(valid.passenger.title),
        full_name: Set(valid.passenger.full_name),
        mobile: Set(valid.passenger.mobile),
        email: Set(valid.passenger.email),
        meet_greet: Set(valid.meet_greet.as_ref().map(json)),
        porter_service: Set(valid.porter_service.as_ref().map(json)),
        lang: Set(valid.lang.unwrap_or("en").to_owned()),
        created_date: Set(now),
        status: Set(status.as_str().to_owned()),
        assignee: Set(None),
        notes: Set(Timeline::empty()),
        version: Set(1),
        deleted_at: Set(None),
        ..Default::default()
    };
    let enquiry = Enquiry {
        row: Row::Airport(row),
        notify: !spam,
        limit: visitor.then(|| state.public_form_limit(&req, "airport")),
        request_id: None,
    };
    let saved = match state.intake.store(enquiry).await? {
        Stored::Saved(saved) => match *saved {
            Saved::Airport(saved) => saved,
            Saved::Contact(_) => unreachable!("an airport request is stored as one"),
        },
        Stored::Refused { retry_after } => return Err(too_many_submissions(retry_after).into()),
    };
    Ok(envelope::created(
        Received {
            id: saved.id,
            reference: saved.reference,
        },
        &outcomes().created,
    ))
}

/// JSON text of the parts kept as JSON.
fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("a request's parts serialise")
}

/// Airport requests newest first, filtered by `status`, searched by `q` (reference, name,
/// email, mobile, flight); `deleted=true`: the trash.
#[utoipa::path(context_path = "/api/v1", tag = "airport requests", params(PagingQuery, FilterQuery),
    security(("api_key" = [], "bearer" = ["enquiries.read"])),
    responses((status = 200, body = ListEnvelope<Object>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
#[get("/airport-requests")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<PagingQuery>,
    filter: web::Query<FilterQuery>,
) -> Answer {
    desk::list::<entity::Entity>(&state, &query, &filter).await
}

/// The newest 10000 airport requests of the inbox's filter as `Airport_Requests.xlsx`, with
/// status, assignee and the latest note.
#[utoipa::path(context_path = "/api/v1", tag = "airport requests", params(ExportQuery, FilterQuery),
    security(("api_key" = [], "bearer" = ["enquiries.read"])),
    responses((status = 200, description = "The workbook", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
              (status = 404, body = ErrorBody), (status = 400, body = ErrorBody)))]
#[get("/airport-requests/export")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn export(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<ExportQuery>,
    filter: web::Query<FilterQuery>,
) -> Answer {
    let filter = Filter::parse(&filter)?;
    let lang = concierge_core::i18n::Lang::current();
    let places = airports(state.settings.watch);
    let bytes =
        spreadsheet::export_airport_requests(&state.db, query.offset()?, lang, &places, &filter)
            .await?;
    super::spreadsheets::workbook(bytes, spreadsheet::AIRPORT_FILE)
}

#[utoipa::path(context_path = "/api/v1", tag = "airport requests", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["enquiries.read"])),
    responses((status = 200, body = ItemEnvelope<Object>), (status = 404, body = ErrorBody)))]
#[get("/airport-requests/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn get_one(state: web::Data<AppState>, _admin: Admin, id: web::Path<String>) -> Answer {
    desk::get_one::<entity::Entity>(&state, &id).await
}

/// The desk's change: status and assignee (the visitor's own words are not edited).
#[utoipa::path(context_path = "/api/v1", tag = "airport requests", params(("id" = i32, Path, minimum = 1)), request_body = DeskInput,
    security(("api_key" = [], "bearer" = ["enquiries.edit"])),
    responses((status = 200, body = ItemEnvelope<Object>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[put("/airport-requests/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn update(
    state: web::Data<AppState>,
    _admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
    body: web::Json<DeskInput>,
) -> Answer {
    desk::edit::<entity::Entity>(
        &state,
        &id,
        if_match,
        body.into_inner(),
        outcomes().updated(),
    )
    .await
}

/// Moves a request to the trash (brought back within 30 days with `/undelete`).
#[utoipa::path(context_path = "/api/v1", tag = "airport requests", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["enquiries.delete"])),
    responses((status = 200, body = DeletedEnvelope), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[delete("/airport-requests/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn remove(
    state: web::Data<AppState>,
    _admin: Admin,
    if_match: IfMatch,
    id: web::Path<String>,
) -> Answer {
    desk::remove::<entity::Entity>(&state, &id, if_match, &outcomes().deleted).await
}

/// Adds a note on top of the request's timeline, as the writer, now.
#[utoipa::path(context_path = "/api/v1", tag = "airport requests", params(("id" = i32, Path, minimum = 1)), request_body = NoteInput,
    security(("api_key" = [], "bearer" = ["enquiries.edit"])),
    responses((status = 201, body = ItemEnvelope<Object>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[post("/airport-requests/{id}/notes")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn add_note(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<String>,
    body: web::Json<NoteInput>,
) -> Answer {
    desk::note::<entity::Entity>(&state, &id, body.into_inner()).await
}

/// Brings back a request deleted in the last 30 days.
#[utoipa::path(context_path = "/api/v1", tag = "airport requests", params(("id" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["enquiries.delete"])),
    responses((status = 200, body = ItemEnvelope<Object>), (status = 404, body = ErrorBody)))]
#[post("/airport-requests/{id}/undelete")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn undelete(state: web::Data<AppState>, _admin: Admin, id: web::Path<String>) -> Answer {
    desk::undelete::<entity::Entity>(&state, &id).await
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    // The export before `{id}`: it is a path of its own, not an id.
    cfg.service(create)
        .service(list)
        .service(export)
        .service(get_one)
        .service(update)
        .service(remove)
        .service(add_note)
        .service(undelete);
}
