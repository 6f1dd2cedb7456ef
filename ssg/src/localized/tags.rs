//! The start and end tags [`super::marks`] reads and writes: their names, where they end, their
//! attributes, and a start tag given a language.

use std::ops::Range;

use super::marks::{CLOSE, OPEN};
use crate::routes::Lang;

/// The lower-case name a tag starts with (`after` follows its `<` or `</`).
pub(super) fn tag_name(after: &str) -> String {
    after
        .split(|c: char| c.is_ascii_whitespace() || c == '>' || c == '/')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase()
}

/// The length of the start tag `tag` begins with (through its `>`): a quote that starts an
/// attribute's value runs to its pair, `>` included.
pub(super) fn tag_end(tag: &str) -> usize {
    let mut quote = None;
    let mut value_next = false;
    for (i, c) in tag.char_indices() {
        match quote {
            Some(q) => {
                if c == q {
                    quote = None;
                }
            }
            None if c == '>' => return i + 1,
            None if value_next && (c == '"' || c == '\'') => {
                quote = Some(c);
                value_next = false;
            }
            None if c == '=' => value_next = true,
            None if value_next && c.is_whitespace() => {}
            None => value_next = false,
        }
    }
    tag.len()
}

/// Where the end tag of raw-text element `name` is, from `from` (the end of the HTML if none).
pub(super) fn find_end_tag(html: &str, from: usize, name: &str) -> Range<usize> {
    let closing = format!("</{name}");
    let lower = html[from..].to_ascii_lowercase();
    match lower.find(&closing) {
        Some(i) => {
            let start = from + i;
            let end = html[start..]
                .find('>')
                .map_or(html.len(), |j| start + j + 1);
            start..end
        }
        None => html.len()..html.len(),
    }
}

pub(super) fn without_markers(tag: &str) -> String {
    let mut out = String::with_capacity(tag.len());
    let mut rest = tag;
    while let Some(i) = rest.find(OPEN).into_iter().chain(rest.find(CLOSE)).min() {
        out.push_str(&rest[..i]);
        rest = rest[i..].find('>').map_or("", |j| &rest[i + j + 1..]);
    }
    out.push_str(rest);
    out
}

/// The start tag `tag` with `lang` and `dir` set to `lang`'s (in place where it has them).
pub(super) fn with_lang(tag: &str, lang: Lang) -> String {
    let mut out = String::with_capacity(tag.len() + 24);
    let mut has = [false, false];
    let mut at = 0;
    for (name, range) in attributes(tag) {
        let value = match name.to_ascii_lowercase().as_str() {
            "lang" => {
                has[0] = true;
                lang.code()
            }
            "dir" => {
                has[1] = true;
                lang.dir()
            }
            _ => continue,
        };
        out.push_str(&tag[at..range.start]);
        out.push_str(&format!("{name}=\"{value}\""));
        at = range.end;
    }
    let close = if tag.ends_with("/>") {
        tag.len() - 2
    } else {
        tag.len() - 1
    };
    out.push_str(&tag[at..close]);
    if !has[0] {
        out.push_str(&format!(" lang=\"{}\"", lang.code()));
    }
    if !has[1] {
        out.push_str(&format!(" dir=\"{}\"", lang.dir()));
    }
    out.push_str(&tag[close..]);
    out
}

/// A start tag's attributes: each name and the range of the whole attribute (`name="value"`).
fn attributes(tag: &str) -> Vec<(&str, Range<usize>)> {
    let bytes = tag.as_bytes();
    let name_end = |from: usize| {
        (from..bytes.len())
            .find(|&i| bytes[i].is_ascii_whitespace() || matches!(bytes[i], b'=' | b'>' | b'/'))
            .unwrap_or(bytes.len())
    };
    let skip_space = |mut i: usize| {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    };
    let mut out = Vec::new();
    let mut i = name_end(1);
    loop {
        while i < bytes.len() && (bytes[i].is_ascii_whitespace() || bytes[i] == b'/') {
            i += 1;
        }
        if i >= bytes.len() || bytes[i] == b'>' {
            return out;
        }
        let start = i;
        let end_of_name = name_end(i).max(i + 1);
        let mut end = end_of_name;
        let after = skip_space(end_of_name);
        if bytes.get(after) == Some(&b'=') {
            let value = skip_space(after + 1);
            end = match bytes.get(value) {
                Some(&q @ (b'"' | b'\'')) => (value + 1..bytes.len())
                    .find(|&j| bytes[j] == q)
                    .map_or(bytes.len(), |j| j + 1),
                _ => (value..bytes.len())
                    .find(|&j| bytes[j].is_ascii_whitespace() || bytes[j] == b'>')
                    .unwrap_or(bytes.len()),
            };
        }
        out.push((&tag[start..end_of_name], start..end));
        i = end;
    }
}
