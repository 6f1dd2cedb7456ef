//! `Form`: runs a form's rules from the table (`rules/forms.json`, [`super::rules`]) in order
//! and collects the first failure of each field.

use super::rules::{Audience, FormRules, check};
use crate::error::{ApiError, FieldErrors};
use crate::i18n::Text;

pub struct Form {
    rules: &'static FormRules,
    audience: Audience,
    errors: FieldErrors,
}

impl Form {
    pub fn new(rules: &'static FormRules) -> Self {
        Self::for_audience(rules, Audience::Visitor)
    }

    /// A form whose required messages are worded for `audience`.
    pub fn for_audience(rules: &'static FormRules, audience: Audience) -> Self {
        Form {
            rules,
            audience,
            errors: FieldErrors::default(),
        }
    }

    /// Runs `field`'s rule; the cleaned text, or `None` after recording the failure.
    fn run(&mut self, field: &str, value: Option<String>) -> Option<String> {
        match check(self.rules.field(field), value.as_deref(), self.audience) {
            Ok(text) => Some(text),
            Err(failure) => {
                match failure.toast {
                    Some(toast) => self.errors.add_with_headline(field, failure.message, toast),
                    None => self.errors.add(field, failure.message),
                }
                None
            }
        }
    }

    /// The field's cleaned text, or `None` after recording its failure.
    pub fn field(&mut self, field: &str, value: Option<String>) -> Option<String> {
        self.run(field, value)
    }

    /// Text (trimmed; empty when an optional field is left blank).
    pub fn text(&mut self, field: &str, value: Option<String>) -> String {
        self.run(field, value).unwrap_or_default()
    }

    /// An optional Arabic twin: `None` when missing or blank.
    pub fn twin(&mut self, field: &str, value: Option<String>) -> Option<String> {
        self.run(field, value).filter(|t| !t.is_empty())
    }

    /// A whole-number display order, sent as a number or a numeric string.
    pub fn display_order(&mut self, field: &str, value: Option<String>) -> i32 {
        self.number(field, value)
    }

    /// A positive id, sent as a number or a numeric string.
    pub fn id(&mut self, field: &str, value: Option<String>) -> i32 {
        self.number(field, value)
    }

    fn number(&mut self, field: &str, value: Option<String>) -> i32 {
        self.run(field, value)
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    }

    /// A yes/no flag, sent as a boolean (or `true`/`false`, `1`/`0`); `None` when left out.
    pub fn flag(&mut self, field: &str, value: Option<String>) -> Option<bool> {
        match self.run(field, value)?.as_str() {
            "true" | "1" => Some(true),
            "false" | "0" => Some(false),
            _ => None,
        }
    }

    /// Text with a shape of its own (a name, a phone number, an email address), `parse`d once
    /// its rule passed.
    pub fn shaped<T>(
        &mut self,
        field: &str,
        value: Option<String>,
        parse: impl FnOnce(&str) -> Option<T>,
    ) -> Option<T> {
        self.run(field, value).and_then(|text| parse(&text))
    }

    /// Records the field's own `invalid` message (a rule the table cannot check alone, such as a
    /// parent that must exist).
    pub fn invalid(&mut self, field: &str) {
        let rule = self.rules.field(field);
        let message = rule
            .invalid
            .clone()
            .unwrap_or_else(|| panic!("{field}: an invalid message in rules/forms.json"));
        self.errors.add(field, message);
    }

    pub fn fail(&mut self, field: &str, message: Text) {
        self.errors.add(field, message);
    }

    pub fn finish(self) -> Result<(), ApiError> {
        self.errors.into_result()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::rules::catalog;

    #[test]
    fn the_first_failing_rule_is_the_message() {
        let mut form = Form::new(&catalog().forms.service);
        form.text("name", None);
        form.display_order("display_order", Some("x".into()));
        assert_eq!(
            form.finish().unwrap_err().to_string(),
            "Please enter the title"
        );
    }

    #[test]
    fn display_order_accepts_numbers_sent_as_text() {
        let mut form = Form::new(&catalog().forms.blog);
        assert_eq!(form.display_order("display_order", Some(" 7 ".into())), 7);
        assert!(form.finish().is_ok());
    }

    #[test]
    fn a_toast_worded_differently_is_the_headline() {
        let mut form = Form::new(&catalog().forms.general_content);
        form.text("name", Some("Phone".into()));
        form.text("values", Some(" ".into()));
        let Err(ApiError::Validation(errors)) = form.finish() else {
            panic!("values is required");
        };
        assert_eq!(errors.headline().en, "Please select the value");
        assert_eq!(errors.iter().next().unwrap().1.en, "Please enter the value");
    }

    #[test]
    fn controls_and_bidi_overrides_are_refused_but_arabic_marks_kept() {
        for bad in [
            "a\0b",
            "Invoice\u{202E}fdp.exe",
            "\u{202D}x",
            "bell\u{7}",
            "c1\u{85}x",
            "not\u{FFFE}xml",
            "\u{FDD0}",
            "emoji \u{1FFFF}",
        ] {
            let mut form = Form::new(&catalog().forms.blog);
            form.text("meta_title", Some(bad.into()));
            assert_eq!(
                form.finish().unwrap_err().to_string(),
                "Meta title contains characters that are not allowed.",
                "{bad:?}"
            );
        }
        for ok in [
            "سيارة \u{2068}BMW 7\u{2069}",
            "line\nbreak\ttab",
            "\u{200F}مرحبا",
        ] {
            let mut form = Form::new(&catalog().forms.blog);
            form.text("meta_title", Some(ok.into()));
            assert!(form.finish().is_ok(), "{ok:?}");
        }
    }

    #[test]
    fn text_over_the_bound_is_refused_with_its_label() {
        let mut form = Form::new(&catalog().forms.blog);
        form.text("meta_title", Some("x".repeat(301)));
        assert_eq!(
            form.finish().unwrap_err().to_string(),
            "Meta title must be at most 300 characters."
        );
    }
}
