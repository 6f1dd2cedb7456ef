//! Airport requests (the architecture's "Airport requests"): what a visitor sends from the
//! airport page, checked field by field in the order of the table of rules
//! (`forms.airportRequest`), plus what the table cannot check alone: that the country, city,
//! airport and terminal are ones the page offers (`content/airports.toml`), and that the day of
//! the flight has not passed everywhere on earth.

use std::collections::BTreeMap;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use super::contact::{PersonName, Phone};
use super::form::Form;
use super::rules::catalog;
use crate::error::ApiError;

/// The airports the page offers, as `content/airports.toml` lists them.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Airports {
    #[serde(default)]
    pub countries: Vec<Country>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Country {
    pub code: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub name_ar: String,
    #[serde(default)]
    pub cities: Vec<City>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct City {
    pub name: String,
    #[serde(default)]
    pub name_ar: String,
    #[serde(default)]
    pub airports: Vec<Airport>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Airport {
    pub iata: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub name_ar: String,
    #[serde(default)]
    pub terminals: Vec<String>,
    /// The Arabic labels of `terminals`, in the same order.
    #[serde(default)]
    pub terminals_ar: Vec<String>,
}

/// A place of a request (country, city, airport, terminal) as a person reads it in `lang`:
/// by name, the airport with its code beside it ("King Khalid International Airport (RUH)").
/// What the list does not hold (a request older than a change of the list) reads as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlaceNames {
    pub country: String,
    pub city: String,
    pub airport: String,
    pub terminal: String,
}

impl Airports {
    /// `country`, `city`, `airport` (its code) and `terminal` as stored, named in `lang`.
    pub fn names(
        &self,
        lang: crate::i18n::Lang,
        country: &str,
        city: &str,
        airport: &str,
        terminal: &str,
    ) -> PlaceNames {
        let arabic = lang == crate::i18n::Lang::Ar;
        let pick = |en: &str, ar: &str, stored: &str| {
            let name = if arabic && !ar.is_empty() { ar } else { en };
            if name.is_empty() {
                stored.to_owned()
            } else {
                name.to_owned()
            }
        };
        let found_country = self.country(country);
        let found_city = self.city(country, city);
        let found_airport = self.airport(country, city, airport);
        let terminal_name = found_airport
            .and_then(|a| {
                let at = a.terminals.iter().position(|t| t == terminal)?;
                arabic.then(|| a.terminals_ar.get(at)).flatten()
            })
            .map_or_else(|| terminal.to_owned(), Clone::clone);
        PlaceNames {
            country: found_country.map_or_else(
                || country.to_owned(),
                |c| pick(&c.name, &c.name_ar, country),
            ),
            city: found_city.map_or_else(|| city.to_owned(), |c| pick(&c.name, &c.name_ar, city)),
            airport: found_airport.map_or_else(
                || airport.to_owned(),
                |a| format!("{} ({})", pick(&a.name, &a.name_ar, airport), a.iata),
            ),
            terminal: terminal_name,
        }
    }
}

impl Airports {
    fn country(&self, code: &str) -> Option<&Country> {
        self.countries.iter().find(|c| c.code == code)
    }

    fn city(&self, country: &str, city: &str) -> Option<&City> {
        self.country(country)?
            .cities
            .iter()
            .find(|c| c.name == city)
    }

    fn airport(&self, country: &str, city: &str, iata: &str) -> Option<&Airport> {
        self.city(country, city)?
            .airports
            .iter()
            .find(|a| a.iata == iata)
    }
}

/// The passenger the desk calls back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Passenger {
    /// `mr`, `mrs`, `ms` or `dr`.
    pub title: String,
    pub full_name: String,
    /// Kept as the passenger can be called back: `+` and digits, or a local number's digits.
    pub mobile: String,
    pub email: String,
}

/// Meet & Greet's details (when it is among the services).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MeetGreet {
    pub meeting_point: String,
    pub signage_name: String,
    pub num_passengers: u32,
    /// `english`, `arabic`, `french`, `hindi` or `urdu`.
    pub language: String,
    /// Special assistance (the draft's name for it); empty when none.
    pub assistence: String,
}

/// The porter's details (when it is among the services).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PorterService {
    pub bags: u32,
    /// `standard`, `oversized`, `fragile` or `sports`.
    pub bag_type: String,
    pub pickup: String,
    pub drop: String,
    /// `yes` or `no`.
    pub trolley_assist: String,
    /// `HH:MM`.
    pub time_slot: String,
}

/// A request that passed every rule, its text cleaned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AirportRequest {
    pub country: String,
    pub city: String,
    pub airport: String,
    pub terminal: String,
    /// Upper case, without spaces (`SV123`).
    pub flight_number: String,
    pub departure_arrival: String,
    /// `YYYY-MM-DD`.
    pub date: String,
    /// `HH:MM`.
    pub time: String,
    /// In the table's order, each once.
    pub services: Vec<String>,
    pub passenger: Passenger,
    pub meet_greet: Option<MeetGreet>,
    pub porter_service: Option<PorterService>,
    /// The page's language, when it was sent.
    pub lang: Option<&'static str>,
}

/// What was sent, by the table's field names (`passengerDetails.fullName`…); a list (the
/// services) as its items joined by commas. A field left out is absent.
#[derive(Debug, Clone, Default)]
pub struct AirportDraft(pub BTreeMap<String, String>);

impl AirportDraft {
    pub fn set(&mut self, field: &str, value: Option<String>) {
        if let Some(value) = value {
            self.0.insert(field.to_owned(), value);
        }
    }
}

/// The earliest day a flight may be on at `now`: today at UTC−12, the last place where
/// yesterday has not ended (the page cannot know which time zone the visitor means).
pub fn earliest_day(now: DateTime<Utc>) -> NaiveDate {
    (now - Duration::hours(12)).date_naive()
}

/// Checks `draft` at `now`: the first failure of each field in the table's order, the first
/// overall as the message; a field that applies only with a service not chosen is not read.
pub fn validate(
    draft: &AirportDraft,
    airports: &Airports,
    now: DateTime<Utc>,
) -> Result<AirportRequest, ApiError> {
    let rules = &catalog().forms.airport_request;
    let mut form = Form::new(rules);
    let chosen: Vec<&str> = draft
        .0
        .get("services")
        .map(|s| {
            s.split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .collect()
        })
        .unwrap_or_default();
    let mut kept: BTreeMap<&str, String> = BTreeMap::new();
    for rule in &rules.fields {
        let name = rule.name.as_str();
        if rule
            .when
            .as_ref()
            .is_some_and(|w| !chosen.contains(&w.as_str()))
        {
            continue;
        }
        let Some(text) = form.field(name, draft.0.get(name).cloned()) else {
            continue;
        };
        let at = |field: &str| kept.get(field).map(String::as_str).unwrap_or("");
        let offered = match name {
            "country" => airports.country(&text).is_some(),
            "city" => airports.city(at("country"), &text).is_some(),
            "airport" => airports.airport(at("country"), at("city"), &text).is_some(),
            "terminal" => airports
                .airport(at("country"), at("city"), at("airport"))
                .is_some_and(|a| a.terminals.contains(&text)),
            "date" => NaiveDate::parse_from_str(&text, "%Y-%m-%d")
                .is_ok_and(|day| day >= earliest_day(now)),
            _ => true,
        };
        if !offered {
            form.invalid(name);
            continue;
        }
        kept.insert(name, text);
    }
    form.finish()?;
    let mut take = |field: &str| kept.remove(field).unwrap_or_default();
    let number = |text: String| text.parse::<u32>().unwrap_or_default();
    let services_text = take("services");
    let options = &rules.field("services").options;
    let services = options
        .iter()
        .filter(|o| services_text.split(',').any(|s| s == o.as_str()))
        .cloned()
        .collect::<Vec<_>>();
    let has = |service: &str| services.iter().any(|s| s == service);
    let meet_greet = has("meetGreet").then(|| MeetGreet {
        meeting_point: take("meetGreet.meetingPoint"),
        signage_name: take("meetGreet.signageName"),
        num_passengers: number(take("meetGreet.numPassengers")),
        language: take("meetGreet.language"),
        assistence: take("meetGreet.assistence"),
    });
    let porter_service = has("porter").then(|| PorterService {
        bags: number(take("porterService.bags")),
        bag_type: take("porterService.bagType"),
        pickup: take("porterService.pickup"),
        drop: take("porterService.drop"),
        trolley_assist: take("porterService.trolleyAssist"),
        time_slot: take("porterService.timeSlot"),
    });
    let full_name = take("passengerDetails.fullName");
    let mobile = take("passengerDetails.mobile");
    Ok(AirportRequest {
        country: take("country"),
        city: take("city"),
        airport: take("airport"),
        terminal: take("terminal"),
        flight_number: take("flightNumber"),
        departure_arrival: take("departureArrival"),
        date: take("date"),
        time: take("time"),
        passenger: Passenger {
            title: take("passengerDetails.title"),
            full_name: PersonName::parse(&full_name)
                .map(|n| n.as_str().to_owned())
                .unwrap_or(full_name),
            mobile: Phone::parse(&mobile)
                .map(|p| p.as_str().to_owned())
                .unwrap_or(mobile),
            email: take("passengerDetails.email"),
        },
        lang: super::contact::parse_lang(&take("lang")),
        services,
        meet_greet,
        porter_service,
    })
}

/// A new request's reference: `AR-` and eight characters a person can read out on the
/// telephone (no 0/O, 1/I/L), random, so that it tells nothing of how many came before.
pub fn new_reference() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    let mut rng = rand::rng();
    let code: String = (0..8)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect();
    format!("AR-{code}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn airports() -> Airports {
        serde_json::from_value(serde_json::json!({"countries": [{"code": "SA", "cities": [
            {"name": "Riyadh", "airports": [{"iata": "RUH", "terminals": ["Terminal 1", "Terminal 2"]}]},
            {"name": "Jeddah", "airports": [{"iata": "JED", "terminals": ["North Terminal"]}]}
        ]}]}))
        .unwrap()
    }

    fn draft(change: &[(&str, &str)]) -> AirportDraft {
        let mut d = AirportDraft::default();
        for (k, v) in [
            ("country", "SA"),
            ("city", "Riyadh"),
            ("airport", "RUH"),
            ("terminal", "Terminal 1"),
            ("flightNumber", "sv 123"),
            ("departureArrival", "arrival"),
            ("date", "2026-11-28"),
            ("time", "09:05"),
            ("services", "porter,fastTrack"),
            ("passengerDetails.title", "mr"),
            ("passengerDetails.fullName", "  Omar   Haddad "),
            ("passengerDetails.mobile", "050-123 4567"),
            ("passengerDetails.email", "omar@example.sa"),
            ("porterService.bags", "3"),
            ("porterService.bagType", "fragile"),
            ("porterService.pickup", "Kerb"),
            ("porterService.drop", "Lounge"),
            ("porterService.trolleyAssist", "yes"),
            ("porterService.timeSlot", "08:00"),
            (
                "meetGreet.meetingPoint",
                "ignored: meet and greet is not chosen",
            ),
        ]
        .into_iter()
        .chain(change.iter().copied())
        {
            d.0.insert(k.to_owned(), v.to_owned());
        }
        d
    }

    fn now() -> DateTime<Utc> {
        "2026-11-28T06:00:00Z".parse().unwrap()
    }

    fn first_failure(change: &[(&str, &str)]) -> (String, String) {
        let ApiError::Validation(errors) =
            validate(&draft(change), &airports(), now()).unwrap_err()
        else {
            panic!("a validation error")
        };
        let (field, message) = errors.iter().next().expect("a failure");
        (field.to_owned(), message.en.clone())
    }

    #[test]
    fn a_request_is_kept_clean_and_only_with_the_details_of_its_services() {
        let r = validate(&draft(&[]), &airports(), now()).unwrap();
        assert_eq!(r.flight_number, "SV123");
        assert_eq!(r.services, ["fastTrack", "porter"], "in the table's order");
        assert_eq!(r.passenger.full_name, "Omar Haddad");
        assert_eq!(
            r.passenger.mobile, "0501234567",
            "a local number keeps its digits"
        );
        assert_eq!(r.meet_greet, None, "not chosen, not kept");
        assert_eq!(r.porter_service.as_ref().map(|p| p.bags), Some(3));
        let r = validate(
            &draft(&[("passengerDetails.mobile", "+966 50 123 4567")]),
            &airports(),
            now(),
        )
        .unwrap();
        assert_eq!(r.passenger.mobile, "+966501234567");
    }

    #[test]
    fn the_places_must_be_ones_the_page_offers() {
        assert_eq!(first_failure(&[("country", "ZZ")]).0, "country");
        assert_eq!(first_failure(&[("city", "Jeddah")]).0, "airport");
        assert_eq!(
            first_failure(&[("terminal", "Terminal 9")]),
            (
                "terminal".to_owned(),
                "Please choose a terminal of the chosen airport.".to_owned()
            )
        );
    }

    #[test]
    fn the_day_may_be_today_anywhere_on_earth_but_not_before() {
        // 06:00 UTC on the 28th: it is still the 27th at UTC−12.
        assert!(validate(&draft(&[("date", "2026-11-27")]), &airports(), now()).is_ok());
        assert_eq!(first_failure(&[("date", "2026-11-26")]).0, "date");
        assert_eq!(
            earliest_day("2026-11-28T12:00:00Z".parse().unwrap()).to_string(),
            "2026-11-28"
        );
    }

    #[test]
    fn flight_numbers_read_as_airlines_print_them() {
        use crate::domain::rules::flight_number;
        for (typed, kept) in [
            ("SV 123", Some("SV123")),
            ("ek2", Some("EK2")),
            ("6E 2145", Some("6E2145")),
            ("BAW9A", Some("BAW9A")),
            ("123456", None),
            ("SV", None),
            ("SV 12345", None),
            ("SV 12AB", None),
        ] {
            assert_eq!(flight_number(typed).as_deref(), kept, "{typed}");
        }
    }

    #[test]
    fn days_and_times_have_one_spelling() {
        use crate::domain::rules::{is_date, is_time};
        assert!(is_date("2099-12-01"));
        for not in [
            "+2099-1-01",
            "2099- 1-01",
            "2099-02-30",
            "01-12-2099",
            "2099-12-1 ",
        ] {
            assert!(!is_date(not), "{not}");
        }
        assert!(is_time("00:00") && is_time("23:59"));
        for not in ["24:00", "9:05", "12:60", "12-30", "1230 "] {
            assert!(!is_time(not), "{not}");
        }
    }

    #[test]
    fn references_are_unambiguous() {
        let r = new_reference();
        assert_eq!(r.len(), 11);
        assert!(r.starts_with("AR-"));
        assert!(!r[3..].contains(['0', 'O', '1', 'I', 'L']));
    }
}
