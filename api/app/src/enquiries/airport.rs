//! An airport request's intake: the page's request checked against the airports the site offers
//! (the binary's list, or in watch mode the source tree's), a machine's submission told apart
//! by the page's own signals and kept as spam, never notified; stored with a reference for the
//! visitor to quote, its count against the visitor's limit and its notifications committed
//! together ([`crate::intake`]).

use chrono::{DateTime, Utc};
use sea_orm::Set;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::intake::{Enquiry, Intake, Row, Saved, Stored};
use concierge_core::domain::airport::{self, AirportDraft};
use concierge_core::domain::contact::EnquiryStatus;
use concierge_core::domain::lenient::{Loose, TextField};
use concierge_core::error::{ApiError, too_many_submissions};
use concierge_core::limits::Limit;
/// The enquiry's row (its table's entity and model).
pub use concierge_store::entities::airport_request as entity;
use concierge_store::entities::timeline::Timeline;

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
    pub fn draft(self) -> (AirportDraft, bool) {
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
pub fn airports(watch: bool) -> std::borrow::Cow<'static, airport::Airports> {
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

/// Stores a request sent at `now` (by a `visitor`, counted against `limit`, or by the desk),
/// and answers once it is on disk. `watch`: the airports are read from the source tree.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn submit(
    intake: &Intake,
    visitor: bool,
    input: AirportInput,
    now: DateTime<Utc>,
    limit: Option<(String, Limit)>,
    watch: bool,
) -> Result<Received, ApiError> {
    let (draft, machine) = input.draft();
    let valid = airport::validate(&draft, &airports(watch), now)?;
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
        limit: visitor.then_some(limit).flatten(),
        request_id: None,
    };
    let saved = match intake.store(enquiry).await? {
        Stored::Saved(saved) => match *saved {
            Saved::Airport(saved) => saved,
            Saved::Contact(_) => unreachable!("an airport request is stored as one"),
        },
        Stored::Refused { retry_after } => return Err(too_many_submissions(retry_after)),
    };
    Ok(Received {
        id: saved.id,
        reference: saved.reference,
    })
}

/// JSON text of the parts kept as JSON.
fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("a request's parts serialise")
}
