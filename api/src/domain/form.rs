//! `Form`: runs a resource's rules in order and collects the first failure of each field.

use crate::error::{ApiError, FieldErrors};

/// Length bounds the specification leaves open (architecture page).
pub mod max {
    pub const NAME: usize = 100;
    pub const EMAIL: usize = 254;
    pub const SUBJECT: usize = 200;
    pub const MESSAGE: usize = 5000;
    pub const TITLE: usize = 200;
    pub const META: usize = 300;
    pub const RICH_TEXT: usize = 1024 * 1024;
    pub const TEXT: usize = 20_000;
    pub const URL: usize = 2048;
    pub const SHORT: usize = 100;
}

/// Display orders are whole numbers in this range.
pub const DISPLAY_ORDER_RANGE: std::ops::RangeInclusive<i64> = -1_000_000..=1_000_000;

#[derive(Default)]
pub struct Form {
    errors: FieldErrors,
}

impl Form {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn fail(&mut self, field: &str, message: impl Into<String>) {
        self.errors.add(field, message);
    }

    pub fn fail_with_headline(&mut self, field: &str, message: &str, headline: &str) {
        self.errors.add_with_headline(field, message, headline);
    }

    /// Trimmed text; `required` is the message when it is missing or blank.
    pub fn required(
        &mut self,
        field: &str,
        value: Option<String>,
        required: &str,
        label: &str,
        max: usize,
    ) -> String {
        let text = self.clean(field, value, label, max);
        if text.is_empty() {
            self.fail(field, required);
        }
        text
    }

    /// Trimmed text, empty when missing.
    pub fn optional(
        &mut self,
        field: &str,
        value: Option<String>,
        label: &str,
        max: usize,
    ) -> String {
        self.clean(field, value, label, max)
    }

    /// Required text with a shape of its own (a name, a phone number, an email address): trimmed,
    /// bounded, then `parse`d; `invalid` is the message when it does not parse. The shape allows
    /// fewer characters than free text, so its own message is the one a visitor sees.
    pub fn shaped<T>(
        &mut self,
        field: &str,
        value: Option<String>,
        required: &str,
        (label, max): (&str, usize),
        parse: impl FnOnce(&str) -> Option<T>,
        invalid: &str,
    ) -> Option<T> {
        let text = value.map(|v| v.trim().to_owned()).unwrap_or_default();
        if text.is_empty() {
            self.fail(field, required);
            return None;
        }
        if text.chars().count() > max {
            self.fail(field, format!("{label} must be at most {max} characters."));
            return None;
        }
        let parsed = parse(&text);
        if parsed.is_none() {
            self.fail(field, invalid);
        }
        parsed
    }

    /// An optional Arabic twin: `None` when missing or blank.
    pub fn twin(
        &mut self,
        field: &str,
        value: Option<String>,
        label: &str,
        max: usize,
    ) -> Option<String> {
        Some(self.clean(field, value, label, max)).filter(|t| !t.is_empty())
    }

    /// A whole-number display order, sent as a number or a numeric string.
    pub fn display_order(&mut self, field: &str, value: Option<String>, required: &str) -> i32 {
        let text = value.map(|v| v.trim().to_owned()).unwrap_or_default();
        if text.is_empty() {
            self.fail(field, required);
            return 0;
        }
        match text.parse::<i64>() {
            Ok(n) if DISPLAY_ORDER_RANGE.contains(&n) => n as i32,
            _ => {
                self.fail(
                    field,
                    "Display order must be a whole number from -1000000 to 1000000.",
                );
                0
            }
        }
    }

    /// A link or file address: an `http(s)://` URL or a site path starting with `/`.
    pub fn url(
        &mut self,
        field: &str,
        value: Option<String>,
        required: Option<&str>,
        label: &str,
    ) -> String {
        let text = self.clean(field, value, label, max::URL);
        if text.is_empty() {
            if let Some(message) = required {
                self.fail(field, message);
            }
            return text;
        }
        if !is_safe_url(&text) {
            self.fail(
                field,
                format!("{label} must be a web address (https://…) or a site path (/…)."),
            );
        }
        text
    }

    /// A positive id sent as a number or numeric string.
    pub fn id(&mut self, field: &str, value: Option<String>, required: &str) -> i32 {
        match value
            .as_deref()
            .map(str::trim)
            .and_then(|v| v.parse::<i32>().ok())
        {
            Some(id) if id > 0 => id,
            _ => {
                self.fail(field, required);
                0
            }
        }
    }

    pub fn finish(self) -> Result<(), ApiError> {
        self.errors.into_result()
    }

    fn clean(&mut self, field: &str, value: Option<String>, label: &str, max: usize) -> String {
        let text = value.map(|v| v.trim().to_owned()).unwrap_or_default();
        if text.chars().any(is_refused_char) {
            self.fail(
                field,
                format!("{label} contains characters that are not allowed."),
            );
        } else if text.chars().count() > max {
            self.fail(field, format!("{label} must be at most {max} characters."));
        }
        text
    }
}

/// Characters no text field stores: NUL and the other C0/C1 controls (tab and line breaks
/// aside), and the bidirectional overrides U+202D/U+202E, which make text read differently from
/// how it is stored (`Invoice\u{202E}fdp.exe`). Marks and isolates (U+200E, U+200F,
/// U+2066–U+2069) stay: Arabic copy uses them.
fn is_refused_char(c: char) -> bool {
    REFUSED_CHARS
        .iter()
        .any(|&(first, last)| (first..=last).contains(&c))
}

/// The refused characters as inclusive ranges: the C0 controls but tab, line feed and carriage
/// return; DEL and the C1 controls; the two bidirectional overrides; and the 66 noncharacters
/// (U+FDD0–U+FDEF and the last two code points of every plane), which XML forbids, so that the
/// feeds and sitemaps stay well-formed.
const REFUSED_CHARS: [(char, char); 23] = [
    ('\u{0}', '\u{8}'),
    ('\u{b}', '\u{c}'),
    ('\u{e}', '\u{1f}'),
    ('\u{7f}', '\u{9f}'),
    ('\u{202d}', '\u{202e}'),
    ('\u{fdd0}', '\u{fdef}'),
    ('\u{fffe}', '\u{ffff}'),
    ('\u{1fffe}', '\u{1ffff}'),
    ('\u{2fffe}', '\u{2ffff}'),
    ('\u{3fffe}', '\u{3ffff}'),
    ('\u{4fffe}', '\u{4ffff}'),
    ('\u{5fffe}', '\u{5ffff}'),
    ('\u{6fffe}', '\u{6ffff}'),
    ('\u{7fffe}', '\u{7ffff}'),
    ('\u{8fffe}', '\u{8ffff}'),
    ('\u{9fffe}', '\u{9ffff}'),
    ('\u{afffe}', '\u{affff}'),
    ('\u{bfffe}', '\u{bffff}'),
    ('\u{cfffe}', '\u{cffff}'),
    ('\u{dfffe}', '\u{dffff}'),
    ('\u{efffe}', '\u{effff}'),
    ('\u{ffffe}', '\u{fffff}'),
    ('\u{10fffe}', '\u{10ffff}'),
];

/// The same set as the body of a regular-expression class (`\u0000-\u0008…`), for the request
/// schemas of the OpenAPI document.
/// Characters past U+FFFF are written as themselves: `\\uXXXX` has four digits.
pub fn refused_chars_class() -> String {
    let one = |c: char| {
        if (c as u32) <= 0xffff {
            format!("\\u{:04x}", c as u32)
        } else {
            c.to_string()
        }
    };
    REFUSED_CHARS
        .iter()
        .map(|&(first, last)| format!("{}-{}", one(first), one(last)))
        .collect()
}

/// `http://`, `https://` or a path on this site (not `//host`), with no spaces or controls.
pub fn is_safe_url(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    let shape = lower.starts_with("https://")
        || lower.starts_with("http://")
        || (url.starts_with('/') && !url.starts_with("//") && !url.starts_with("/\\"));
    shape && !url.chars().any(|c| c.is_whitespace() || c.is_control())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_failing_rule_is_the_message() {
        let mut form = Form::new();
        form.required("name", None, "Please enter the title", "Title", 10);
        form.display_order(
            "display_order",
            Some("x".into()),
            "Please enter the Display order",
        );
        assert_eq!(
            form.finish().unwrap_err().to_string(),
            "Please enter the title"
        );
    }

    #[test]
    fn display_order_accepts_numbers_sent_as_text() {
        let mut form = Form::new();
        assert_eq!(form.display_order("d", Some(" 7 ".into()), "req"), 7);
        assert!(form.finish().is_ok());
    }

    #[test]
    fn urls_must_be_web_addresses_or_site_paths() {
        for ok in [
            "https://cdn.example/x.png",
            "/media/ab.svg",
            "http://127.0.0.1:8080/media/a.png",
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
        ] {
            assert!(!is_safe_url(bad), "{bad}");
        }
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
            let mut form = Form::new();
            form.optional("title", Some(bad.into()), "Title", 100);
            assert_eq!(
                form.finish().unwrap_err().to_string(),
                "Title contains characters that are not allowed.",
                "{bad:?}"
            );
        }
        for ok in [
            "سيارة \u{2068}BMW 7\u{2069}",
            "line\nbreak\ttab",
            "\u{200F}مرحبا",
        ] {
            let mut form = Form::new();
            form.optional("title", Some(ok.into()), "Title", 100);
            assert!(form.finish().is_ok(), "{ok:?}");
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

    #[test]
    fn text_over_the_bound_is_refused_with_its_label() {
        let mut form = Form::new();
        form.optional("meta_title", Some("x".repeat(301)), "Meta title", max::META);
        assert_eq!(
            form.finish().unwrap_err().to_string(),
            "Meta title must be at most 300 characters."
        );
    }
}
