//! Small text helpers: escaping for XML we build by hand, dates in both languages, i18next
//! placeholders.

use chrono::{DateTime, Datelike, Utc};

use crate::routes::Lang;

pub fn escape_xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

const MONTHS_EN: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const MONTHS_AR: [&str; 12] = [
    "يناير",
    "فبراير",
    "مارس",
    "أبريل",
    "مايو",
    "يونيو",
    "يوليو",
    "أغسطس",
    "سبتمبر",
    "أكتوبر",
    "نوفمبر",
    "ديسمبر",
];

/// `21 November 2026` / `21 نوفمبر 2026` (day-month-year, as the site shows dates).
pub fn long_date(date: DateTime<Utc>, lang: Lang) -> String {
    let months = if lang == Lang::Ar {
        &MONTHS_AR
    } else {
        &MONTHS_EN
    };
    format!(
        "{} {} {}",
        date.day(),
        months[date.month0() as usize],
        date.year()
    )
}

/// Replaces i18next placeholders (`{{name}}`) with values.
pub fn interpolate(text: &str, values: &[(&str, String)]) -> String {
    let mut out = text.to_owned();
    for (key, value) in values {
        out = out.replace(&format!("{{{{{key}}}}}"), value);
    }
    out
}

/// At most `max` characters, cut at a word boundary, with an ellipsis when cut.
pub fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let cut: String = text.chars().take(max).collect();
    let cut = match cut.rfind(char::is_whitespace) {
        Some(at) if at > max / 2 => &cut[..at],
        _ => cut.as_str(),
    };
    format!(
        "{}…",
        cut.trim_end_matches(|c: char| c.is_whitespace() || c == ',' || c == '.')
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn dates_read_day_month_year_in_both_languages() {
        let d = Utc.with_ymd_and_hms(2026, 11, 21, 9, 0, 0).unwrap();
        assert_eq!(long_date(d, Lang::En), "21 November 2026");
        assert_eq!(long_date(d, Lang::Ar), "21 نوفمبر 2026");
    }

    #[test]
    fn placeholders_escaping_and_truncation() {
        assert_eq!(
            interpolate("© {{year}} Dar Wasl", &[("year", "2026".into())]),
            "© 2026 Dar Wasl"
        );
        assert_eq!(escape_xml("<a & 'b'>"), "&lt;a &amp; &apos;b&apos;&gt;");
        assert_eq!(truncate("short", 200), "short");
        let long = "word ".repeat(60);
        let cut = truncate(&long, 200);
        assert!(cut.chars().count() <= 201 && cut.ends_with('…'), "{cut}");
    }
}
