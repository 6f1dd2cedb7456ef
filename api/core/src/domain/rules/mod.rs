//! The one table of rules and messages, `rules/forms.json`, embedded at compile time. Each form
//! lists its fields in the order they are checked, with their kind, bounds and messages in
//! English and Arabic; the admin and the islands import the same file and run the same checks
//! (`rules/validate.ts`), and `rules/vectors.json` holds the cases all three must agree on.
//!
//! [`check`] is the whole of a field's rule: the server's forms call it through
//! [`super::form::Form`], and the vectors test calls it directly.

pub mod accounts;
mod shapes;

pub use shapes::{
    flight_number, is_colour, is_date, is_refused_char, is_safe_url, is_time, refused_chars_class,
};

use std::sync::LazyLock;

use serde::Deserialize;

use super::contact::{Email, PersonName, Phone};
use crate::i18n::Text;

/// The table as written; parsed once.
pub fn catalog() -> &'static Catalog {
    static CATALOG: LazyLock<Catalog> = LazyLock::new(|| {
        serde_json::from_str(include_str!("../../../../../rules/forms.json"))
            .expect("rules/forms.json matches domain::rules::Catalog")
    });
    &CATALOG
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Catalog {
    #[serde(rename = "$comment")]
    _comment: String,
    pub limits: Limits,
    pub checks: Checks,
    pub forms: Forms,
    pub messages: Messages,
    /// The administrator accounts' messages (team, sessions, two-factor, audit).
    pub accounts: accounts::AccountMessages,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Limits {
    pub display_order: Bounds,
    /// Inclusive ranges of code points no text field stores (see [`is_refused_char`]).
    pub refused_chars: Vec<(u32, u32)>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bounds {
    pub min: i64,
    pub max: i64,
}

/// The messages of the checks every form shares; `{label}` is the field's label.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Checks {
    pub too_long: Text,
    pub refused_chars: Text,
    pub whole_number: Text,
    pub url: Text,
    pub choice: Text,
    pub too_long_bytes: Text,
    /// A date that is not a day of the calendar (`2099-02-30`, `01-12-2099`).
    pub no_such_date: Text,
}

/// Every other message of the API, by name.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Messages {
    pub invalid_input: Text,
    pub unexpected: Text,
    pub unavailable: Text,
    pub not_found: Text,
    pub method_not_allowed: Text,
    pub body_too_large: Text,
    pub json_too_large: Text,
    pub json_content_type: Text,
    pub invalid_json: Text,
    pub invalid_body: Text,
    pub invalid_query: Text,
    pub invalid_path: Text,
    pub invalid_id: Text,
    pub api_key: Text,
    pub sign_in_again: Text,
    pub invalid_credentials: Text,
    pub too_many_sign_ins: Text,
    pub too_many_submissions: Text,
    pub minute_one: Text,
    pub minute_two: Text,
    pub minutes_few: Text,
    pub minutes_many: Text,
    pub file_too_large: Text,
    pub alt_too_long: Text,
    pub focal_range: Text,
    pub media_in_use: Text,
    pub media_in_use_one: Text,
    pub media_updated: Text,
    pub media_deleted: Text,
    pub media_restored: Text,
    pub media_not_deleted: Text,
    pub media_trashed: Text,
    pub unused_filter: Text,
    pub media_type_filter: Text,
    pub file_type: Text,
    pub no_file: Text,
    pub one_file: Text,
    pub empty_file: Text,
    pub upload_unreadable: Text,
    pub image_too_large: Text,
    pub image_shape: Text,
    pub image_damaged: Text,
    pub image_unprocessed: Text,
    pub avif_metadata: Text,
    pub video_damaged: Text,
    pub file_unavailable: Text,
    pub no_data: Text,
    pub tz_offset: Text,
    pub unknown_import: Text,
    pub imported_contacts: Text,
    pub imported_contact: Text,
    pub imported_content: Text,
    pub not_xlsx: Text,
    pub workbook_unreadable: Text,
    pub no_sheets: Text,
    pub missing_columns: Text,
    pub no_rows: Text,
    pub too_many_rows: Text,
    pub row_beyond_layout: Text,
    pub column_beyond_layout: Text,
    pub part_too_large: Text,
    pub workbook_too_large: Text,
    pub import_rows: Text,
    pub import_row: Text,
    pub import_date: Text,
    pub retry_queued: Text,
    pub no_failed_job: Text,
    pub site_publishing: Text,
    pub password_too_short: Text,
    pub password_too_long: Text,
    pub password_blank: Text,
    pub password_has_user_name: Text,
    pub password_common: Text,
    pub signed_in: Text,
    pub signed_out: Text,
    pub service_has_items: Text,
    pub service_has_item: Text,
    pub one_banner: Text,
    pub query_number: Text,
    pub query_too_long: Text,
    pub content_status: Text,
    pub content_time: Text,
    pub content_window: Text,
    pub content_kind: Text,
    pub revision_not_found: Text,
    pub not_deleted: Text,
    pub content_published: Text,
    pub content_unpublished: Text,
    pub content_restored: Text,
    pub content_discarded: Text,
    pub stale: Text,
    pub version_invalid: Text,
    pub content_undeleted: Text,
    pub preview_kind: Text,
    pub preview_no_page: Text,
    pub schedule_zone: Text,
    pub content_standing: Text,
    pub translation_state: Text,
    pub translation_fields: Text,
    pub translation_field: Text,
    pub translation_confirmed: Text,
    pub review_nothing: Text,
    pub review_note: Text,
    pub review_not_waiting: Text,
    pub review_submitted: Text,
    pub review_returned: Text,
    pub note_added: Text,
    pub enquiry_restored: Text,
    pub deleted_filter: Text,
    pub export_contacts_sheet: Text,
    pub export_airport_sheet: Text,
    pub export_date: Text,
    pub export_zone: Text,
    pub export_reference: Text,
    pub export_received: Text,
    pub export_latest_note: Text,
    pub export_note_by: Text,
    pub export_note_at: Text,
    pub export_flight_date: Text,
    pub export_flight_time: Text,
    pub export_page_language: Text,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Forms {
    pub contact: FormRules,
    pub airport_request: FormRules,
    pub desk: FormRules,
    pub subscription: FormRules,
    pub sign_in: FormRules,
    pub service: FormRules,
    pub service_list: FormRules,
    pub blog: FormRules,
    pub client_review: FormRules,
    pub banner: FormRules,
    pub general_content: FormRules,
    pub destination: FormRules,
    pub new_password: FormRules,
}

impl Forms {
    /// Every form with the name it has in the table.
    pub fn all(&self) -> [(&'static str, &FormRules); 13] {
        [
            ("contact", &self.contact),
            ("airportRequest", &self.airport_request),
            ("desk", &self.desk),
            ("subscription", &self.subscription),
            ("signIn", &self.sign_in),
            ("service", &self.service),
            ("serviceList", &self.service_list),
            ("blog", &self.blog),
            ("clientReview", &self.client_review),
            ("banner", &self.banner),
            ("generalContent", &self.general_content),
            ("destination", &self.destination),
            ("newPassword", &self.new_password),
        ]
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormRules {
    #[serde(rename = "$comment", default)]
    _comment: Option<String>,
    pub fields: Vec<FieldRule>,
    #[serde(default)]
    pub messages: Option<Outcomes>,
}

impl FormRules {
    /// The rule of `field`. Every field a form reads is in its table: a missing one is a bug
    /// that the first test touching the form finds.
    pub fn field(&self, name: &str) -> &FieldRule {
        self.fields
            .iter()
            .find(|f| f.name == name)
            .unwrap_or_else(|| panic!("the field {name:?} is not in rules/forms.json"))
    }

    /// The messages of a saved, updated, deleted or missing item.
    pub fn outcomes(&self) -> &Outcomes {
        self.messages
            .as_ref()
            .expect("this form has its outcome messages in rules/forms.json")
    }
}

/// What an item's writes and reads say.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Outcomes {
    pub created: Text,
    #[serde(default)]
    pub updated: Option<Text>,
    pub deleted: Text,
    #[serde(default)]
    pub not_found: Option<Text>,
}

impl Outcomes {
    pub fn updated(&self) -> &Text {
        self.updated.as_ref().expect("an updated message")
    }

    pub fn not_found(&self) -> &Text {
        self.not_found.as_ref().expect("a not-found message")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum FieldKind {
    /// Trimmed text without refused characters, at most `max` characters.
    Text,
    /// A password as typed (not trimmed), at most `maxBytes` bytes.
    Secret,
    /// A new password: `min` to `max` characters, not only spaces (more in `domain::password`).
    NewPassword,
    /// A whole number within `limits.displayOrder`, sent as a number or as digits.
    DisplayOrder,
    /// A positive id, sent as a number or as digits.
    Id,
    /// An `http(s)://` address or a site path.
    Url,
    PersonName,
    Phone,
    Email,
    /// `#rgb`, `#rrggbb` (with optional alpha) or a CSS colour name.
    Colour,
    /// Letters, digits, hyphens, underscores and spaces.
    CssClass,
    /// One of `options`.
    Choice,
    /// Yes or no: `true`/`false` (a JSON boolean reads as these) or `1`/`0`.
    Flag,
    /// An airline's code and a number (`SV 123`, `EK2`, `BAW9A`), kept upper case without spaces.
    FlightNumber,
    /// A calendar day, `YYYY-MM-DD` (whether it may be past is the form's rule).
    Date,
    /// A time of day, `HH:MM` on the 24-hour clock.
    Time,
    /// A whole number from `min` to `max`, sent as a number or as digits.
    WholeNumber,
    /// One or more of `options`, sent as a list (checked as its items joined by commas).
    Choices,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FieldRule {
    pub name: String,
    pub kind: FieldKind,
    pub label: Text,
    #[serde(default)]
    pub max: Option<usize>,
    #[serde(default)]
    pub min: Option<usize>,
    #[serde(default)]
    pub max_bytes: Option<usize>,
    /// The message when the field is missing or blank; absent: the field is optional.
    #[serde(default)]
    pub required: Option<Text>,
    /// The admin form's wording of `required`, where it differs.
    #[serde(default)]
    pub required_admin: Option<Text>,
    /// The message when the field has the wrong shape.
    #[serde(default)]
    pub invalid: Option<Text>,
    /// The toast's wording of `required`, where it differs from the inline message.
    #[serde(default)]
    pub toast: Option<Text>,
    #[serde(default)]
    pub options: Vec<String>,
    /// What a person reads for each option (exports, the desk), in both languages.
    #[serde(default)]
    pub option_labels: std::collections::BTreeMap<String, Text>,
    /// The admin's file input that may stand in for this address (a new upload).
    #[serde(default)]
    pub file: Option<String>,
    /// The choice (of the form's `services`) that makes this field apply; without it the
    /// field is neither read nor kept.
    #[serde(default)]
    pub when: Option<String>,
}

impl FieldRule {
    /// The words for `option` in `lang` (the option itself when the table has none).
    pub fn option_label<'a>(&'a self, option: &'a str, lang: crate::i18n::Lang) -> &'a str {
        self.option_labels
            .get(option)
            .map_or(option, |label| label.get(lang))
    }

    fn invalid(&self) -> Text {
        self.invalid
            .clone()
            .unwrap_or_else(|| panic!("{}: an invalid message in rules/forms.json", self.name))
    }
}

/// Who fills the form in: the admin's forms word some required messages differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    Visitor,
    Admin,
}

/// A field's failure: its message, and the toast's wording when it differs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub message: Text,
    pub toast: Option<Text>,
}

/// Runs one field's rule over what was sent; `Ok` holds the cleaned text (trimmed, except a
/// secret), empty when an optional field was left blank.
///
/// Longer than most functions here on purpose: it is the server's half of `rules/validate.ts`'s
/// `checkField`, rule by rule in the same order (the first failure is the answer), and the two are
/// kept so that they read side by side.
pub fn check(rule: &FieldRule, raw: Option<&str>, audience: Audience) -> Result<String, Failure> {
    let c = &catalog().checks;
    let fail = |message: Text| Failure {
        message,
        toast: None,
    };
    let raw = raw.unwrap_or("");
    let text = if matches!(rule.kind, FieldKind::Secret | FieldKind::NewPassword) {
        raw
    } else {
        raw.trim()
    };
    if text.is_empty() {
        let required = match audience {
            Audience::Admin => rule.required_admin.as_ref().or(rule.required.as_ref()),
            Audience::Visitor => rule.required.as_ref(),
        };
        return match required {
            Some(message) => Err(Failure {
                message: message.clone(),
                toast: rule.toast.clone(),
            }),
            None => Ok(String::new()),
        };
    }
    match rule.kind {
        FieldKind::Secret => {
            let max = rule.max_bytes.expect("a secret has maxBytes");
            if text.len() > max {
                return Err(fail(
                    c.too_long_bytes.with("label", &rule.label).with("max", max),
                ));
            }
            return Ok(text.to_owned());
        }
        FieldKind::DisplayOrder => {
            let bounds = &catalog().limits.display_order;
            return match text.parse::<i64>() {
                Ok(n) if (bounds.min..=bounds.max).contains(&n) => Ok(n.to_string()),
                _ => Err(fail(
                    c.whole_number
                        .with("label", &rule.label)
                        .with("min", bounds.min)
                        .with("max", bounds.max),
                )),
            };
        }
        FieldKind::WholeNumber => {
            let (min, max) = (
                rule.min.expect("a whole number has min") as i64,
                rule.max.expect("a whole number has max") as i64,
            );
            return match text.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n.to_string()),
                _ => Err(fail(
                    c.whole_number
                        .with("label", &rule.label)
                        .with("min", min)
                        .with("max", max),
                )),
            };
        }
        FieldKind::Id => {
            return match text.parse::<i32>() {
                Ok(id) if id > 0 => Ok(id.to_string()),
                _ => Err(fail(
                    rule.required.clone().unwrap_or_else(|| rule.invalid()),
                )),
            };
        }
        _ => {}
    }
    // A name, a phone, an address or a choice has a shape that leaves these out already, and
    // its own message says what the shape is.
    let shaped = matches!(
        rule.kind,
        FieldKind::PersonName
            | FieldKind::Phone
            | FieldKind::Email
            | FieldKind::Choice
            | FieldKind::Flag
            | FieldKind::FlightNumber
            | FieldKind::Date
            | FieldKind::Time
            | FieldKind::Choices
    );
    if !shaped && text.chars().any(is_refused_char) {
        return Err(fail(c.refused_chars.with("label", &rule.label)));
    }
    let chars = text.chars().count();
    if let Some(max) = rule.max.filter(|&max| chars > max) {
        return Err(fail(match rule.kind {
            FieldKind::NewPassword => catalog().messages.password_too_long.with("max", max),
            _ => c.too_long.with("label", &rule.label).with("max", max),
        }));
    }
    let passes = match rule.kind {
        FieldKind::PersonName => PersonName::parse(text).is_some(),
        FieldKind::Phone => Phone::parse(text).is_some(),
        FieldKind::Email => Email::parse(text).is_some(),
        FieldKind::Colour => is_colour(text),
        FieldKind::CssClass => text
            .chars()
            .all(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '-' | '_' | ' ')),
        FieldKind::Choice => rule.options.iter().any(|o| o == text),
        FieldKind::Flag => matches!(text, "true" | "false" | "1" | "0"),
        FieldKind::FlightNumber => {
            return flight_number(text).ok_or_else(|| fail(rule.invalid()));
        }
        FieldKind::Date => {
            if !is_date(text) {
                return Err(fail(c.no_such_date.clone()));
            }
            true
        }
        FieldKind::Time => is_time(text),
        FieldKind::Choices => text
            .split(',')
            .all(|item| rule.options.iter().any(|o| o == item)),
        FieldKind::Url => {
            if !is_safe_url(text) {
                return Err(fail(c.url.with("label", &rule.label)));
            }
            true
        }
        FieldKind::NewPassword => {
            let m = &catalog().messages;
            let min = rule.min.expect("a new password has min");
            if chars < min {
                return Err(fail(m.password_too_short.with("min", min)));
            }
            if text.trim().is_empty() {
                return Err(fail(m.password_blank.clone()));
            }
            true
        }
        FieldKind::Text => true,
        FieldKind::Secret | FieldKind::DisplayOrder | FieldKind::Id | FieldKind::WholeNumber => {
            unreachable!()
        }
    };
    if passes {
        Ok(text.to_owned())
    } else {
        Err(fail(match rule.kind {
            FieldKind::Choice if rule.invalid.is_none() => c
                .choice
                .with("label", &rule.label)
                .with("options", rule.options.join(", ")),
            _ => rule.invalid(),
        }))
    }
}

/// "in N minutes", worded for each language (Arabic counts one, two, three to ten, and more
/// differently).
pub fn minutes(count: u64) -> Text {
    let m = &catalog().messages;
    match count {
        0 | 1 => m.minute_one.clone(),
        2 => m.minute_two.clone(),
        3..=10 => m.minutes_few.with("count", count),
        _ => m.minutes_many.with("count", count),
    }
}

/// The table's accounts section.
pub fn account_messages() -> &'static accounts::AccountMessages {
    &catalog().accounts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_has_both_languages_with_the_same_placeholders() {
        let json: serde_json::Value =
            serde_json::from_str(include_str!("../../../../../rules/forms.json")).unwrap();
        let mut texts = Vec::new();
        collect_texts(&json, "", &mut texts);
        assert!(texts.len() > 150, "{} texts", texts.len());
        for (path, en, ar) in texts {
            assert!(!en.trim().is_empty() && !ar.trim().is_empty(), "{path}");
            assert_ne!(en, ar, "{path}: the Arabic is a copy of the English");
            assert_eq!(
                Text::placeholders(&en),
                Text::placeholders(&ar),
                "{path}: placeholders differ"
            );
            assert!(
                ar.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)),
                "{path}: the Arabic has no Arabic letters"
            );
        }
    }

    #[test]
    fn a_field_with_option_labels_labels_every_option_and_nothing_else() {
        let mut labelled = 0;
        for (form, rules) in catalog().forms.all() {
            for field in rules.fields.iter().filter(|f| !f.option_labels.is_empty()) {
                let keys: Vec<&String> = field.option_labels.keys().collect();
                let mut options: Vec<&String> = field.options.iter().collect();
                options.sort();
                assert_eq!(keys, options, "{form}.{}", field.name);
                labelled += 1;
            }
        }
        assert!(labelled >= 9, "{labelled} fields have option labels");
    }

    fn collect_texts(v: &serde_json::Value, path: &str, out: &mut Vec<(String, String, String)>) {
        match v {
            serde_json::Value::Object(map) => {
                // A text; or, under `optionLabels` of a language field, the options `en` and `ar`.
                if let (Some(serde_json::Value::String(en)), Some(serde_json::Value::String(ar))) =
                    (map.get("en"), map.get("ar"))
                {
                    out.push((path.to_owned(), en.clone(), ar.clone()));
                    return;
                }
                for (k, v) in map {
                    collect_texts(v, &format!("{path}.{k}"), out);
                }
            }
            serde_json::Value::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    collect_texts(v, &format!("{path}[{i}]"), out);
                }
            }
            _ => {}
        }
    }

    #[test]
    fn every_field_is_well_formed() {
        for (form, rules) in catalog().forms.all() {
            let mut names: Vec<&str> = rules.fields.iter().map(|f| f.name.as_str()).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), rules.fields.len(), "{form}: a field twice");
            for f in &rules.fields {
                let needs_max = matches!(
                    f.kind,
                    FieldKind::Text
                        | FieldKind::Url
                        | FieldKind::PersonName
                        | FieldKind::Phone
                        | FieldKind::Email
                        | FieldKind::Colour
                        | FieldKind::CssClass
                        | FieldKind::NewPassword
                        | FieldKind::WholeNumber
                );
                if f.kind != FieldKind::FlightNumber {
                    assert_eq!(f.max.is_some(), needs_max, "{form}.{}: max", f.name);
                }
                if f.kind == FieldKind::WholeNumber {
                    assert!(f.min.is_some(), "{form}.{}: min", f.name);
                }
                if let Some(when) = &f.when {
                    let services = rules.field("services");
                    assert!(services.options.contains(when), "{form}.{}: when", f.name);
                }
                assert_eq!(
                    f.max_bytes.is_some(),
                    f.kind == FieldKind::Secret,
                    "{form}.{}",
                    f.name
                );
                let shaped = matches!(
                    f.kind,
                    FieldKind::PersonName
                        | FieldKind::Phone
                        | FieldKind::Email
                        | FieldKind::Colour
                        | FieldKind::CssClass
                        | FieldKind::Flag
                        | FieldKind::FlightNumber
                        | FieldKind::Date
                        | FieldKind::Time
                        | FieldKind::Choices
                );
                if shaped {
                    assert!(f.invalid.is_some(), "{form}.{}: invalid message", f.name);
                }
                assert_eq!(
                    !f.options.is_empty(),
                    matches!(f.kind, FieldKind::Choice | FieldKind::Choices),
                    "{form}.{}",
                    f.name
                );
            }
        }
    }

    #[test]
    fn the_first_failing_rule_of_a_field_is_its_message() {
        let title = catalog().forms.service.field("name");
        let failure = |raw: &str| {
            check(title, Some(raw), Audience::Admin)
                .unwrap_err()
                .message
        };
        assert_eq!(failure("  ").en, "Please enter the title");
        assert_eq!(
            failure(&"x".repeat(201)).en,
            "Title must be at most 200 characters."
        );
        assert_eq!(failure("a\0b").ar, "يحتوي العنوان على أحرف غير مسموح بها.");
        let order = catalog().forms.service.field("display_order");
        assert_eq!(check(order, Some(" 7 "), Audience::Admin).unwrap(), "7");
        assert_eq!(
            check(order, Some("1000001"), Audience::Admin)
                .unwrap_err()
                .message
                .en,
            "Display order must be a whole number from -1000000 to 1000000."
        );
    }

    #[test]
    fn urls_must_be_web_addresses_or_site_paths() {
        for ok in [
            "https://cdn.example/x.png",
            "/media/ab.svg",
            "http://127.0.0.1:8080/media/a.png",
            "https://xn--mgbh0fb.example/صورة.png",
            "https://cdn.example?x=1",
        ] {
            assert!(is_safe_url(ok), "{ok}");
        }
        for bad in [
            "javascript:alert(1)",
            "//evil.example/x",
            "data:text/html,hi",
            "ftp://x",
            "/a b",
            "/\\evil.example",
            "http://[x",
            "https://[::1]/a",
            "https://bank.example@evil.example/",
            "https://",
            "https://host:port/",
            "https://مثال.example/",
        ] {
            assert!(!is_safe_url(bad), "{bad}");
        }
    }

    #[test]
    fn colour_codes() {
        for ok in ["#0B1F3A", "#fff", "#C9A227cc", "navy"] {
            assert!(is_colour(ok), "{ok}");
        }
        for bad in ["#12", "#GGGGGG", "rgb(0,0,0)", "red;background:url(x)"] {
            assert!(!is_colour(bad), "{bad}");
        }
    }

    #[test]
    fn the_refused_set_is_the_controls_but_tab_and_line_breaks_the_overrides_and_the_noncharacters()
    {
        let noncharacter = |c: char| {
            let n = c as u32;
            (0xfdd0..=0xfdef).contains(&n) || n & 0xfffe == 0xfffe
        };
        let mut nonchars = 0;
        for c in (0..=0x10ffffu32).filter_map(char::from_u32) {
            let expected = (c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
                || matches!(c, '\u{202D}' | '\u{202E}')
                || noncharacter(c);
            assert_eq!(is_refused_char(c), expected, "U+{:04X}", c as u32);
            nonchars += usize::from(noncharacter(c));
        }
        assert_eq!(nonchars, 66, "Unicode has 66 noncharacters");
        assert!(refused_chars_class().starts_with(r"\u0000-\u0008\u000b-\u000c"));
    }
}
