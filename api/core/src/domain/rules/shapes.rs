//! The shapes a field's text may have, beside the table's bounds: flight numbers, days, times,
//! colours, web addresses, and the characters no text field stores. [`super::check`] asks them;
//! `rules/validate.ts` holds the browser's same checks.

use super::catalog;

/// A flight number as airlines print it, upper case without spaces: a two-character airline
/// code with a letter in it (or a three-letter one), then 1 to 4 digits and perhaps a letter.
pub fn flight_number(text: &str) -> Option<String> {
    let code: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_uppercase();
    let bytes = code.as_bytes();
    let letter = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_uppercase);
    let alnum = |i: usize| {
        bytes
            .get(i)
            .is_some_and(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
    };
    let airline = if letter(0) && letter(1) && letter(2) {
        3
    } else if (letter(0) && alnum(1))
        || (bytes.first().is_some_and(u8::is_ascii_digit) && letter(1))
    {
        2
    } else {
        return None;
    };
    let rest = &code[airline..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let suffix = &rest[digits..];
    ((1..=4).contains(&digits)
        && (suffix.is_empty()
            || (suffix.len() == 1 && suffix.bytes().all(|b| b.is_ascii_uppercase()))))
    .then_some(code)
}

/// `YYYY-MM-DD`, a day the calendar has.
pub fn is_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 10
        && b.iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        })
        && chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").is_ok()
}

/// `HH:MM` on the 24-hour clock.
pub fn is_time(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 5
        && b[2] == b':'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 2 || c.is_ascii_digit())
        && (b[0] - b'0') * 10 + (b[1] - b'0') < 24
        && b[3] < b'6'
}

/// `#rgb`, `#rrggbb` (with optional alpha) or a CSS colour name.
pub fn is_colour(code: &str) -> bool {
    match code.strip_prefix('#') {
        Some(hex) => {
            matches!(hex.len(), 3 | 4 | 6 | 8) && hex.chars().all(|c| c.is_ascii_hexdigit())
        }
        None => code.len() <= 32 && code.chars().all(|c| c.is_ascii_alphabetic()),
    }
}

/// `http://`, `https://` or a path on this site (not `//host`), with no spaces or controls. A
/// web address names its host in ASCII (letters, digits, `-` and `.`: an international name in
/// its `xn--` form), perhaps with a port; no user name (`https://bank.example@evil.example`)
/// and no bracketed IP address, which no link of the site needs and which parsers read
/// differently.
pub fn is_safe_url(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    let web = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"));
    let shape = match web {
        Some(rest) => is_host_and_port(rest.split(['/', '?', '#']).next().unwrap_or("")),
        None => url.starts_with('/') && !url.starts_with("//") && !url.starts_with("/\\"),
    };
    shape && !url.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// `host` or `host:port`, the host made of ASCII letters, digits, `-` and `.`, the port of 1 to
/// 5 digits (the API's schema says the same: `openapi::refine_inputs`).
fn is_host_and_port(authority: &str) -> bool {
    let (host, port) = match authority.rsplit_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (authority, None),
    };
    !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.')
        && port.is_none_or(|p| (1..=5).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Characters no text field stores (`limits.refusedChars`): NUL and the other C0/C1 controls
/// (tab and line breaks aside); the bidirectional overrides U+202D/U+202E, which make text read
/// differently from how it is stored (`Invoice\u{202E}fdp.exe`); and the 66 noncharacters,
/// which XML forbids, so that the feeds and sitemaps stay well-formed. Marks and isolates
/// (U+200E, U+200F, U+2066–U+2069) stay: Arabic copy uses them.
pub fn is_refused_char(c: char) -> bool {
    let c = c as u32;
    catalog()
        .limits
        .refused_chars
        .iter()
        .any(|&(first, last)| (first..=last).contains(&c))
}

/// The refused set as the body of a regular-expression class (`\u0000-\u0008…`), for the
/// request schemas of the OpenAPI document. Characters past U+FFFF are written as themselves:
/// `\uXXXX` has four digits.
pub fn refused_chars_class() -> String {
    let one = |n: u32| {
        if n <= 0xffff {
            format!("\\u{n:04x}")
        } else {
            char::from_u32(n).expect("a code point").to_string()
        }
    };
    catalog()
        .limits
        .refused_chars
        .iter()
        .map(|&(first, last)| format!("{}-{}", one(first), one(last)))
        .collect()
}
