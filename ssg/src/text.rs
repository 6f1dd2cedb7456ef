//! Small text helpers: the HTML and XML escaper, dates in both languages, i18next
//! placeholders, the plain text of stored HTML.

use chrono::{DateTime, Datelike, Utc};

use crate::routes::Lang;

/// Escapes the five characters that matter in HTML and XML text and quoted attributes
/// (`& < > " '`); nothing else, so URLs keep their `/`. The one escaper of the generator: the
/// template formatter, the islands' `data-props` and the sitemaps and feeds all use it.
pub fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    escape_html_into(&mut out, s);
    out
}

/// [`escape_html`], appended to `out`: the runs between special characters are copied whole
/// (the special characters are ASCII, so a byte scan never splits a character).
pub fn escape_html_into(out: &mut String, s: &str) {
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        let entity = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            // `&#39;` rather than `&apos;`: HTML 4 does not know `&apos;`; XML reads both.
            b'\'' => "&#39;",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        out.push_str(entity);
        start = i + 1;
    }
    out.push_str(&s[start..]);
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

/// The plain text of sanitised HTML: tags dropped (each one leaves a space), the entities a
/// sanitiser writes decoded, white space folded to single spaces. Blog cards carry it whole
/// (Read More shows it); the API's excerpt is its opening, cut by [`truncate`].
pub fn plain_text(html: &str) -> String {
    let mut text = Folded::with_capacity(html.len());
    decode(html, |run| text.push_str(run));
    text.text
}

/// The text of sanitised HTML, white space as it is, in runs: a space for each tag, and the
/// entities a sanitiser writes decoded. Text between tags and entities goes out whole (most of
/// a body is such text; the generator makes the text of every blog on a full build).
fn decode(html: &str, mut emit: impl FnMut(&str)) {
    let mut in_tag = false;
    let mut in_entity = false;
    let mut entity = String::new();
    let mut rest = html;
    while !rest.is_empty() {
        if !in_tag && !in_entity {
            let end = memchr::memchr2(b'<', b'&', rest.as_bytes()).unwrap_or(rest.len());
            if end > 0 {
                emit(&rest[..end]);
                rest = &rest[end..];
                continue;
            }
        }
        let c = rest.chars().next().expect("not empty");
        rest = &rest[c.len_utf8()..];
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                emit(" ");
            }
            _ if in_tag => {}
            '&' => {
                in_entity = true;
                entity.clear();
            }
            ';' if in_entity => {
                in_entity = false;
                emit(match entity.as_str() {
                    "amp" => "&",
                    "lt" => "<",
                    "gt" => ">",
                    "quot" => "\"",
                    "#39" | "apos" => "'",
                    "nbsp" => " ",
                    _ => "",
                });
            }
            _ if in_entity => {
                entity.push(c);
                if entity.len() > 8 {
                    in_entity = false;
                    emit("&");
                    emit(&entity);
                }
            }
            c => emit(c.encode_utf8(&mut [0; 4])),
        }
    }
}

/// An attribute value as written by a sanitiser, its entities decoded (the ones it writes).
pub fn decode_entities(value: &str) -> String {
    if !value.contains('&') {
        return value.to_owned();
    }
    value
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&apos;", "'")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&")
}

/// Text whose white space is folded as it is written: a single space between words, none
/// before the first or after the last (what `split_whitespace` and `join(" ")` would leave, in
/// one pass).
struct Folded {
    text: String,
    space: bool,
}

impl Folded {
    fn with_capacity(capacity: usize) -> Folded {
        Folded {
            text: String::with_capacity(capacity),
            space: false,
        }
    }

    /// Words are copied whole; only the bytes that can begin a white space character (ASCII
    /// ones, and the lead bytes of U+0085, U+00A0, U+1680, U+2000–U+205F and U+3000) are
    /// looked at as characters.
    fn push_str(&mut self, run: &str) {
        let bytes = run.as_bytes();
        let (mut word, mut at) = (0, 0);
        while at < bytes.len() {
            if !matches!(bytes[at], b'\t'..=b'\r' | b' ' | 0xC2 | 0xE1 | 0xE2 | 0xE3) {
                at += 1;
                continue;
            }
            let c = run[at..].chars().next().expect("a character starts here");
            if c.is_whitespace() {
                self.word(&run[word..at]);
                self.space = !self.text.is_empty();
                word = at + c.len_utf8();
            }
            at += c.len_utf8();
        }
        self.word(&run[word..]);
    }

    fn word(&mut self, word: &str) {
        if word.is_empty() {
            return;
        }
        if std::mem::take(&mut self.space) {
            self.text.push(' ');
        }
        self.text.push_str(word);
    }
}

/// At most `max` characters (code points, so Arabic is never split), cut back to a word
/// boundary when one is in the second half, with an ellipsis when cut. It reads no further than
/// the cut: a blog card's text is the whole article.
pub fn truncate(text: &str, max: usize) -> String {
    let Some((end, _)) = text.char_indices().nth(max) else {
        return text.to_owned();
    };
    let cut = &text[..end];
    let last_space = cut
        .char_indices()
        .enumerate()
        .filter(|(_, (_, c))| c.is_whitespace())
        .last();
    let cut = match last_space {
        Some((n, (at, _))) if n > max / 2 => &cut[..at],
        _ => cut,
    };
    format!(
        "{}…",
        cut.trim_end_matches(|c: char| c.is_whitespace() || c == ',' || c == '.')
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random texts made of given pieces, the same for a seed (a linear congruential generator).
    struct Mixes(u64);

    impl Mixes {
        fn below(&mut self, n: usize) -> usize {
            self.0 = (self.0 * 1_103_515_245 + 12_345) % 2_147_483_648;
            (self.0 % n as u64) as usize
        }

        /// Up to `most` pieces, each drawn from `pieces`.
        fn text(&mut self, pieces: &[&str], most: usize) -> String {
            (0..self.below(most))
                .map(|_| pieces[self.below(pieces.len())])
                .collect()
        }
    }
    use chrono::TimeZone;

    #[test]
    fn dates_read_day_month_year_in_both_languages() {
        let d = Utc.with_ymd_and_hms(2026, 11, 21, 9, 0, 0).unwrap();
        assert_eq!(long_date(d, Lang::En), "21 November 2026");
        assert_eq!(long_date(d, Lang::Ar), "21 نوفمبر 2026");
    }

    #[test]
    fn plain_text_is_the_whole_text_of_the_html_without_markup() {
        assert_eq!(
            plain_text("<h2>Arrivals</h2><p>Calm &amp; quick,&nbsp;<em>always</em>.</p>"),
            "Arrivals Calm & quick, always ."
        );
        assert_eq!(plain_text("<p dir=\"rtl\">مرحبا\n  بكم</p>"), "مرحبا بكم");
        let long = format!("<p>{}</p>", "word ".repeat(400));
        let text = plain_text(&long);
        assert_eq!(text.chars().count(), 400 * 5 - 1, "never cut");
        assert!(!text.ends_with('…'));
    }

    /// What `plain_text` was before it went by runs and folded as it wrote, character by
    /// character and then split and joined: the definition it keeps.
    fn plain_text_by_characters(html: &str) -> String {
        let mut text = String::new();
        let (mut in_tag, mut in_entity, mut entity) = (false, false, String::new());
        for c in html.chars() {
            match c {
                '<' => in_tag = true,
                '>' if in_tag => {
                    in_tag = false;
                    text.push(' ');
                }
                _ if in_tag => {}
                '&' => {
                    in_entity = true;
                    entity.clear();
                }
                ';' if in_entity => {
                    in_entity = false;
                    text.push_str(match entity.as_str() {
                        "amp" => "&",
                        "lt" => "<",
                        "gt" => ">",
                        "quot" => "\"",
                        "#39" | "apos" => "'",
                        "nbsp" => " ",
                        _ => "",
                    });
                }
                _ if in_entity => {
                    entity.push(c);
                    if entity.len() > 8 {
                        in_entity = false;
                        text.push('&');
                        text.push_str(&entity);
                    }
                }
                c => text.push(c),
            }
        }
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn plain_text_is_what_the_characters_one_by_one_make_for_any_html() {
        let pieces = [
            "<p>",
            "</p>",
            "<em>",
            "word",
            "سفر",
            " ",
            "  ",
            "\n",
            "\t",
            "\u{b}",
            "\u{c}",
            "\r",
            "\u{85}",
            "\u{a0}",
            "\u{1680}",
            "\u{2000}",
            "\u{200a}",
            "\u{2028}",
            "\u{202f}",
            "\u{205f}",
            "\u{3000}",
            "©",
            "—",
            "、",
            "\u{1681}",
            "✈️",
            "&amp;",
            "&nbsp;",
            "&lt;",
            "&#39;",
            "&unknown;",
            "&verylongentity;",
            "&",
            "<",
            ">",
            ";",
            "&amp",
            ".",
            "<br/>",
        ];
        let mut mixes = Mixes(11);
        for _ in 0..5000 {
            let html = mixes.text(&pieces, 40);
            assert_eq!(
                plain_text(&html),
                plain_text_by_characters(&html),
                "{html:?}"
            );
        }
    }

    #[test]
    fn the_escaper_escapes_exactly_the_five_characters() {
        let cases = [
            ("&", "&amp;", "ampersand"),
            ("<", "&lt;", "less-than"),
            (">", "&gt;", "greater-than"),
            ("\"", "&quot;", "double quote"),
            ("'", "&#39;", "single quote"),
            ("/a b=c?d#é", "/a b=c?d#é", "everything else is left alone"),
            ("&amp;", "&amp;amp;", "escaped text again"),
            ("<a & 'b'>", "&lt;a &amp; &#39;b&#39;&gt;", "mixed"),
        ];
        for (input, escaped, case) in cases {
            assert_eq!(escape_html(input), escaped, "{case}");
        }
    }

    #[test]
    fn placeholders_are_filled() {
        assert_eq!(
            interpolate("© {{year}} Dar Wasl", &[("year", "2026".into())]),
            "© 2026 Dar Wasl"
        );
    }

    #[test]
    fn truncation_keeps_what_fits_and_cuts_at_a_word_with_an_ellipsis() {
        assert_eq!(truncate("Short note.", 200), "Short note.");
        assert_eq!(truncate(&"x".repeat(200), 200), "x".repeat(200));
        let cut = truncate(&format!("{}end", "word ".repeat(60)), 200);
        assert!(
            cut.chars().count() <= 201 && cut.ends_with("word…"),
            "{cut}"
        );
        let cut = truncate(&"سفر ".repeat(80), 200);
        assert!(cut.chars().count() <= 201 && cut.ends_with("سفر…"), "{cut}");
        assert!(truncate(&"✈️".repeat(150), 200).ends_with('…'));
        assert_eq!(
            truncate(
                &format!("{} bbbbbbbb, {}", "a".repeat(150), "c".repeat(60)),
                161
            ),
            format!("{} bbbbbbbb…", "a".repeat(150))
        );
    }

    #[test]
    fn truncation_counts_characters_as_the_whole_text_cut_as_characters_would_be() {
        // The definition, over the whole text as characters (what a reader counts); `truncate`
        // stops reading at the cut.
        fn reference(text: &str, max: usize) -> String {
            let chars: Vec<char> = text.chars().collect();
            if chars.len() <= max {
                return text.to_owned();
            }
            let mut cut = &chars[..max];
            if let Some(space) = cut.iter().rposition(|c| c.is_whitespace())
                && space > max / 2
            {
                cut = &cut[..space];
            }
            let cut: String = cut.iter().collect();
            format!(
                "{}…",
                cut.trim_end_matches(|c: char| c.is_whitespace() || c == ',' || c == '.')
            )
        }
        let pieces = [
            "a",
            "word",
            " ",
            "  ",
            "\u{a0}",
            "\t",
            "\n",
            ",",
            ".",
            "سفر",
            "✈️",
            "😀",
            "\u{3000}",
            "é",
            "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        ];
        let mut mixes = Mixes(7);
        for _ in 0..2000 {
            let text = mixes.text(&pieces, 90);
            let max = 1 + mixes.below(120);
            assert_eq!(
                truncate(&text, max),
                reference(&text, max),
                "{text:?} at {max}"
            );
        }
    }
}
