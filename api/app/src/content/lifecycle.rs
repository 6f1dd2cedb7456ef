//! The content lifecycle, the same for every [`Kind`]: an item is a draft or published, may be
//! scheduled in and out, may carry pending changes beside its live version, and may be deleted
//! (kept 30 days). Its row in the kind's table always holds the published version (the one the
//! site shows, or will show at its `publish_at`), or, for a draft, the draft itself; the pending
//! changes of a published item are the record
//! they make, kept as JSON in the row's `draft` column until they are published.
//!
//! Whether an item is live is one stored flag, `live`, which every public read and the site's
//! data filter on. It changes only through [`State::settle`] (on a save, a publish, an
//! unpublish, a delete) and through the scheduler's conditional update, so the site, the API's
//! anonymous reads and the publish jobs always agree on what is published.

use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, ModelTrait, Value as DbValue};
use serde_json::{Map, Value};

use super::{Kind, column};
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_core::kinds::Declaration;

pub use concierge_store::content_rows::{KEEP_DELETED_DAYS, Status};

/// The item's own lifecycle, which pending changes never override.
const STATE_KEYS: [&str; 5] = [
    "status",
    "publish_at",
    "unpublish_at",
    "published_at",
    "schedule_zone",
];

/// The keys of a body that speak of the lifecycle rather than of the item's fields.
pub const LIFECYCLE_KEYS: [&str; 7] = [
    STATE_KEYS[0],
    STATE_KEYS[1],
    STATE_KEYS[2],
    STATE_KEYS[3],
    STATE_KEYS[4],
    "hasPendingChanges",
    "updated_at",
];

/// What an administrator's read adds about the item's people and its review
/// ([`super::review_queue::annotate`]): never one of its fields, dropped from a save.
pub const ANNOTATIONS: [&str; 3] = ["created_by", "updated_by", "review"];

/// What a save says of the lifecycle, taken out of its body. `None` is "left out".
#[derive(Debug, Default)]
pub struct Request {
    pub status: Option<Status>,
    pub publish_at: Option<Option<DateTime<Utc>>>,
    pub unpublish_at: Option<Option<DateTime<Utc>>>,
    pub schedule_zone: Option<Option<String>>,
}

impl Request {
    /// Takes the lifecycle's keys out of `body` (read-only ones are dropped).
    pub fn take_from(body: &mut Map<String, Value>) -> Result<Request, ApiError> {
        let messages = &catalog().messages;
        let status =
            match body.remove("status") {
                None | Some(Value::Null) => None,
                Some(Value::String(s)) => Some(Status::parse(s.trim()).ok_or_else(|| {
                    ApiError::validation("status", messages.content_status.clone())
                })?),
                Some(_) => {
                    return Err(ApiError::validation(
                        "status",
                        messages.content_status.clone(),
                    ));
                }
            };
        let request = Request {
            status,
            publish_at: time(body.remove("publish_at"), "publish_at")?,
            unpublish_at: time(body.remove("unpublish_at"), "unpublish_at")?,
            schedule_zone: zone(body.remove("schedule_zone"))?,
        };
        for key in LIFECYCLE_KEYS.iter().chain(&ANNOTATIONS) {
            body.remove(*key);
        }
        Ok(request)
    }
}

fn time(raw: Option<Value>, name: &str) -> Result<Option<Option<DateTime<Utc>>>, ApiError> {
    let wrong = || {
        ApiError::validation(
            name,
            catalog()
                .messages
                .content_time
                .with("name", name.to_owned()),
        )
    };
    match raw {
        None => Ok(None),
        Some(Value::Null) => Ok(Some(None)),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(Some(None)),
        Some(Value::String(s)) => DateTime::parse_from_rfc3339(s.trim())
            .map(|t| Some(Some(t.with_timezone(&Utc))))
            .map_err(|_| wrong()),
        Some(_) => Err(wrong()),
    }
}

/// A time zone's name as the IANA database spells it (`Asia/Riyadh`, `America/Argentina/Salta`,
/// `UTC`): letters first, then up to two more parts of letters, digits, `_`, `+` and `-`.
/// Only how a schedule is shown depends on it, so its shape is checked, not the database.
fn zone(raw: Option<Value>) -> Result<Option<Option<String>>, ApiError> {
    let wrong = || ApiError::validation("schedule_zone", catalog().messages.schedule_zone.clone());
    let name = match raw {
        None => return Ok(None),
        Some(Value::Null) => return Ok(Some(None)),
        Some(Value::String(s)) if s.trim().is_empty() => return Ok(Some(None)),
        Some(Value::String(s)) => s.trim().to_owned(),
        Some(_) => return Err(wrong()),
    };
    let parts: Vec<&str> = name.split('/').collect();
    let part = |p: &str| {
        !p.is_empty()
            && p.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'-'))
    };
    let shaped = name.len() <= 64
        && parts.len() <= 3
        && parts[0]
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphabetic())
        && parts.iter().all(|p| part(p));
    if shaped {
        Ok(Some(Some(name)))
    } else {
        Err(wrong())
    }
}

/// An item's lifecycle, as its row holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    pub status: Status,
    pub publish_at: Option<DateTime<Utc>>,
    pub unpublish_at: Option<DateTime<Utc>>,
    pub published_at: Option<DateTime<Utc>>,
    pub live: bool,
    pub deleted_at: Option<DateTime<Utc>>,
    pub draft: Option<String>,
    /// The zone the schedule was entered in; kept only while there is a schedule.
    pub schedule_zone: Option<String>,
}

impl State {
    /// A new item's state before it is settled.
    pub fn new(status: Status) -> State {
        State {
            status,
            publish_at: None,
            unpublish_at: None,
            published_at: None,
            live: false,
            deleted_at: None,
            draft: None,
            schedule_zone: None,
        }
    }

    /// Whether an item in this state belongs on the site at `now`.
    pub fn due_live(&self, now: DateTime<Utc>) -> bool {
        self.deleted_at.is_none()
            && self.status == Status::Published
            && self.publish_at.is_none_or(|t| t <= now)
            && self.unpublish_at.is_none_or(|t| t > now)
    }

    /// Sets `live` for `now` (and `published_at` when the item goes live).
    pub fn settle(&mut self, now: DateTime<Utc>) {
        let live = self.due_live(now);
        if live && !self.live {
            self.published_at = Some(now);
        }
        self.live = live;
    }

    /// Applies what a save asked of the schedule; 400 when it ends before it starts.
    pub fn schedule(&mut self, request: &Request) -> Result<(), ApiError> {
        if let Some(at) = request.publish_at {
            self.publish_at = at;
        }
        if let Some(at) = request.unpublish_at {
            self.unpublish_at = at;
        }
        if let Some(zone) = &request.schedule_zone {
            self.schedule_zone = zone.clone();
        }
        match (self.publish_at, self.unpublish_at) {
            (Some(start), Some(end)) if end <= start => Err(ApiError::validation(
                "unpublish_at",
                catalog().messages.content_window.clone(),
            )),
            _ => Ok(()),
        }
    }

    /// The state of a stored row.
    pub fn of<K: Kind>(row: &K::Model) -> State {
        let get = |name: &str| row.get(column::<K>(name));
        State {
            status: match get("status") {
                DbValue::String(Some(s)) => Status::parse(&s).unwrap_or(Status::Published),
                _ => Status::Published,
            },
            publish_at: time_of(get("publish_at")),
            unpublish_at: time_of(get("unpublish_at")),
            published_at: time_of(get("published_at")),
            live: matches!(get("live"), DbValue::Bool(Some(true))),
            deleted_at: time_of(get("deleted_at")),
            draft: match get("draft") {
                DbValue::String(Some(s)) => Some(s.to_string()),
                _ => None,
            },
            schedule_zone: match get("schedule_zone") {
                DbValue::String(Some(s)) => Some(s.to_string()),
                _ => None,
            },
        }
    }

    /// Writes this state into a row about to be saved.
    pub fn write<K: Kind>(&self, row: &mut K::Active) {
        let mut set = |name: &str, value: DbValue| row.set(column::<K>(name), value);
        set("status", self.status.as_str().into());
        set("publish_at", self.publish_at.into());
        set("unpublish_at", self.unpublish_at.into());
        set("published_at", self.published_at.into());
        set("live", self.live.into());
        set("deleted_at", self.deleted_at.into());
        set("draft", self.draft.clone().into());
        // No schedule, no zone to show it in.
        let scheduled = self.publish_at.is_some() || self.unpublish_at.is_some();
        let zone = self.schedule_zone.clone().filter(|_| scheduled);
        set("schedule_zone", zone.into());
    }
}

fn time_of(value: DbValue) -> Option<DateTime<Utc>> {
    match value {
        DbValue::ChronoDateTimeUtc(Some(t)) => Some(t),
        _ => None,
    }
}

/// The record as an administrator reads it: the pending changes over the live version, with
/// the item's lifecycle and `hasPendingChanges`.
pub fn admin_view<K: Kind>(row: &K::Model) -> Value {
    let mut view = serde_json::to_value(row).unwrap_or(Value::Null);
    let state = State::of::<K>(row);
    if let Value::Object(view) = &mut view {
        let pending = with_pending(view, state.draft.as_deref());
        view.insert("hasPendingChanges".into(), Value::Bool(pending));
    }
    view
}

/// The fields of the pending change `draft` (the record it makes, JSON) over `view`, as an
/// administrator reads the item; whether there is one. The row's own id, version and lifecycle
/// stay: the version counts, not the one the pending record had when made.
pub fn with_pending(view: &mut Map<String, Value>, draft: Option<&str>) -> bool {
    let Some(pending) = draft.and_then(|d| serde_json::from_str::<Map<String, Value>>(d).ok())
    else {
        return false;
    };
    for (key, value) in pending {
        if !matches!(key.as_str(), "id" | "created_at" | "version")
            && !STATE_KEYS.contains(&key.as_str())
        {
            view.insert(key, value);
        }
    }
    true
}

/// What a person calls the item, from its view: a blog's or service's name, a banner's title,
/// a general content section's name (its English one, else its Arabic one); null for none.
pub fn title_of(view: &Value) -> Value {
    concierge_store::content_rows::title_of(view).map_or(Value::Null, Value::String)
}

/// Keys that do not count as a change of the item's content.
const NOT_CHANGES: [&str; 5] = [
    "updated_at",
    "published_at",
    "hasPendingChanges",
    "created_at",
    "version",
];

/// The fields whose values differ between two views, in the order of `after` (a new item's:
/// every field it fills). The revision's and the audit line's `changed_fields`.
pub fn changed_fields(before: Option<&Value>, after: &Value) -> Vec<String> {
    let empty = Map::new();
    let before = before.and_then(Value::as_object).unwrap_or(&empty);
    let Some(after) = after.as_object() else {
        return Vec::new();
    };
    let blank = |v: Option<&Value>| match v {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.is_empty(),
        _ => false,
    };
    after
        .iter()
        .filter(|(key, _)| {
            !NOT_CHANGES.contains(&key.as_str())
                && !ANNOTATIONS.contains(&key.as_str())
                && key.as_str() != "id"
        })
        .filter(|(key, value)| {
            let old = before.get(key.as_str());
            !(old == Some(value) || (blank(old) && blank(Some(value))))
        })
        .map(|(key, _)| key.clone())
        .collect()
}

/// The Arabic fields (`kind.is_arabic`) `current` has that `body` leaves out, copied in: saving only the English
/// fields never changes the Arabic ones.
pub fn keep_arabic(kind: &Declaration, body: &mut Map<String, Value>, current: &Value) {
    let Some(current) = current.as_object() else {
        return;
    };
    for (key, value) in current {
        if kind.is_arabic(key) && !body.contains_key(key) {
            body.insert(key.clone(), value.clone());
        }
    }
}

/// Keys of a row that are the lifecycle's or the database's, not the item's content: never a
/// field an administrator changes by saving.
pub fn is_bookkeeping(key: &str) -> bool {
    LIFECYCLE_KEYS.contains(&key)
        || NOT_CHANGES.contains(&key)
        || ANNOTATIONS.contains(&key)
        || matches!(key, "id" | "draft" | "live" | "deleted_at")
}

/// The fields other than the Arabic twins that `current` has and `body` leaves out, copied in:
/// a translator may send only the Arabic text, and every other field stays as it is.
pub fn keep_all_but_arabic(kind: &Declaration, body: &mut Map<String, Value>, current: &Value) {
    let Some(current) = current.as_object() else {
        return;
    };
    for (key, value) in current {
        if !kind.is_arabic(key) && !is_bookkeeping(key) && !body.contains_key(key) {
            body.insert(key.clone(), value.clone());
        }
    }
}

/// The item's fields of a view or a stored draft, as a save's input.
pub fn input_of<K: Kind>(fields: Map<String, Value>) -> Result<K::Input, ApiError> {
    serde_json::from_value(Value::Object(fields)).map_err(|e| {
        ApiError::BadRequest(
            catalog()
                .messages
                .invalid_json
                .with("detail", e.to_string()),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;

    #[test]
    fn an_item_is_live_between_its_times_only_when_published_and_not_deleted() {
        let now = Utc::now();
        let mut state = State::new(Status::Published);
        assert!(state.due_live(now));
        state.publish_at = Some(now + Duration::minutes(1));
        assert!(!state.due_live(now));
        assert!(state.due_live(now + Duration::minutes(1)));
        state.unpublish_at = Some(now + Duration::minutes(2));
        assert!(!state.due_live(now + Duration::minutes(2)));
        state.publish_at = None;
        state.status = Status::Draft;
        assert!(!state.due_live(now));
        state.status = Status::Published;
        state.deleted_at = Some(now);
        assert!(!state.due_live(now));
    }

    #[test]
    fn settling_stamps_the_moment_an_item_goes_live() {
        let now = Utc::now();
        let mut state = State::new(Status::Published);
        state.settle(now);
        assert!(state.live);
        assert_eq!(state.published_at, Some(now));
        state.settle(now + Duration::hours(1));
        assert_eq!(state.published_at, Some(now), "already live: unchanged");
    }

    #[test]
    fn lifecycle_keys_are_taken_out_and_checked() {
        let mut body = serde_json::json!({"name": "Eid", "status": "draft",
            "publish_at": "2027-03-30T09:00:00+04:00", "unpublish_at": null, "published_at": "x"})
        .as_object()
        .unwrap()
        .clone();
        let request = Request::take_from(&mut body).unwrap();
        assert_eq!(request.status, Some(Status::Draft));
        assert_eq!(
            request.publish_at.unwrap().unwrap().to_rfc3339(),
            "2027-03-30T05:00:00+00:00"
        );
        assert_eq!(request.unpublish_at, Some(None));
        assert_eq!(body.keys().collect::<Vec<_>>(), ["name"]);

        for wrong in [
            serde_json::json!({"status": "live"}),
            serde_json::json!({"status": 1}),
            serde_json::json!({"publish_at": "tomorrow"}),
            serde_json::json!({"publish_at": "2027-03-30T09:00:00"}),
        ] {
            let mut body = wrong.as_object().unwrap().clone();
            assert!(Request::take_from(&mut body).is_err(), "{wrong}");
        }
    }

    #[test]
    fn a_window_that_ends_before_it_starts_is_refused() {
        let now = Utc::now();
        let mut state = State::new(Status::Published);
        let request = Request {
            publish_at: Some(Some(now)),
            unpublish_at: Some(Some(now)),
            ..Default::default()
        };
        assert!(state.schedule(&request).is_err());
    }

    #[test]
    fn english_only_saves_keep_the_arabic_twins_and_an_explicit_null_clears_one() {
        let current = serde_json::json!({"name": "Valet", "name_ar": "خدمة صف السيارات",
                                         "description_ar": "وصف"});
        let mut body = serde_json::json!({"name": "Valet parking", "description_ar": null})
            .as_object()
            .unwrap()
            .clone();
        keep_arabic(&concierge_core::kinds::SERVICE, &mut body, &current);
        assert_eq!(body["name_ar"], "خدمة صف السيارات");
        assert_eq!(body["description_ar"], Value::Null);
    }

    #[test]
    fn changed_fields_name_what_differs_and_treat_empty_and_null_alike() {
        let before = serde_json::json!({"id": 1, "name": "A", "name_ar": null, "updated_at": "1"});
        let after = serde_json::json!({"id": 1, "name": "B", "name_ar": "", "updated_at": "2",
                                       "status": "draft"});
        assert_eq!(changed_fields(Some(&before), &after), ["name", "status"]);
    }
}
