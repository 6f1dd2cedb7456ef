//! Site search: a static index in the site store, under `search/`, that the search page's
//! island reads (no request to the API), changed by every publish only where the publish
//! changed it.
//!
//! For each language, under `search/{lang}/`:
//! - `d/{id}.json`: a page found by search ([`Doc`]: its URL, title and text). It is one of
//!   its page's files: written, purged and removed with the page.
//! - `t/{key}.json`: a shard of the index, the terms starting with the same two characters
//!   ([`shard_key`]), each with its postings: `{"term": [id, weight, Δid, weight, …]}`, ids
//!   ascending, each after the first as the difference from the one before.
//! - `index.json`: `{"shards": [key, …]}`, the shards there are (a visitor's browser asks
//!   only for those, so no absent shard is ever asked for, nor its 404 kept by the edge).
//!
//! The shards are a function of the docs ([`build`]); a publish reads the docs it replaces or
//! removes, and rewrites only the shards of the terms whose postings changed ([`Changes`]),
//! decoding only those terms' postings and copying the others' bytes ([`ShardEdits::patch`]).

mod words;

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

pub use words::{Word, each_word, words};

use crate::routes::{Lang, Route};
use crate::text::plain_text;

/// Where the index lives in the site store.
pub const DIR: &str = "search";

/// A term's weight in a doc, by where it appears: its title counts more than its text.
const TITLE_WEIGHT: u32 = 8;
const MAX_WEIGHT: u32 = 255;

/// A page site search finds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Doc {
    pub url: String,
    pub title: String,
    pub text: String,
}

/// A doc's terms with their weights.
pub type Terms = BTreeMap<String, u32>;

impl Doc {
    /// The doc of a rendered page: its `<main>`'s first heading and text, without the islands
    /// (forms' labels are not what a page is about), scripts or styles.
    pub fn of_page(url: String, html: &str) -> Option<Doc> {
        let start = html.find("<main")?;
        let end = html[start..].find("</main>")? + start;
        let main = without_islands(&html[start..end]);
        let title = between(&main, "<h1", "</h1>")
            .map(|h1| plain_text(h1.split_once('>').map_or(h1, |(_, rest)| rest)))
            .unwrap_or_default()
            .trim()
            .to_owned();
        let text = plain_text(&main).trim().to_owned();
        Some(Doc { url, title, text })
    }

    /// Its terms, weighted by where they appear.
    pub fn terms(&self) -> Terms {
        let mut terms = Terms::new();
        each_word(&self.title, |w| {
            *terms.entry(w.term).or_default() += TITLE_WEIGHT;
        });
        each_word(&self.text, |w| {
            *terms.entry(w.term).or_default() += 1;
        });
        for weight in terms.values_mut() {
            *weight = (*weight).min(MAX_WEIGHT);
        }
        terms
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("a doc serialises")
    }
}

fn between<'h>(html: &'h str, open: &str, close: &str) -> Option<&'h str> {
    let start = html.find(open)?;
    let end = html[start..].find(close)? + start;
    Some(&html[start + open.len()..end])
}

/// `html` without what a page shows that is not what it is about: its islands (forms' labels),
/// scripts, styles, and the elements marked `data-search-ignore` (the bands many pages share,
/// a blog's date line), each with the elements nested in it.
fn without_islands(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    loop {
        let next = [
            rest.find("<div class=\"island\""),
            rest.find("<script"),
            rest.find("<style"),
            rest.find(" data-search-ignore")
                .and_then(|at| rest[..at].rfind('<')),
        ]
        .into_iter()
        .flatten()
        .min();
        let Some(at) = next else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..at]);
        out.push(' ');
        rest = &rest[at..];
        let tag: String = rest[1..]
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        match element_end(rest, &tag) {
            Some(n) => rest = &rest[n..],
            None => return out,
        }
    }
}

/// The length of the element `html` starts with (a `tag`), counting the elements of its name
/// nested in it (`<p` is not `<picture`).
fn element_end(html: &str, tag: &str) -> Option<usize> {
    let (open, close) = (format!("<{tag}"), format!("</{tag}>"));
    let opens_at = |i: usize| {
        html[i + open.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_whitespace() || c == '>' || c == '/')
    };
    let mut depth = 0usize;
    let mut at = 0;
    loop {
        let c = html[at..].find(&close).map(|i| i + at)?;
        let o = html[at..c]
            .match_indices(&open)
            .map(|(i, _)| i + at)
            .find(|&i| opens_at(i));
        match o {
            Some(o) => {
                depth += 1;
                at = o + open.len();
            }
            None => {
                depth = depth.saturating_sub(1);
                at = c + close.len();
                if depth == 0 {
                    return Some(at);
                }
            }
        }
    }
}

/// Whether site search finds the page at `route`: the fixed pages that say what the company
/// does (about, airport, partnership, the policies) and every item page the content model
/// declares (`patterns`, the kinds' `site.item`: `/services/{id}`, `/{slug}/{id}`…; `{id}`
/// stands for a number, any other `{…}` for one segment).
pub fn finds(route: &Route, patterns: &[String]) -> bool {
    match route {
        Route::About | Route::Airport | Route::Partnership | Route::Document(_) => true,
        Route::Home
        | Route::Services
        | Route::Contact
        | Route::Blogs(_)
        | Route::Destinations
        | Route::Search => false,
        Route::Service(_) | Route::Blog { .. } | Route::Destination(_) => {
            let url = route.url(Lang::En);
            patterns.iter().any(|p| matches_pattern(p, &url))
        }
    }
}

fn matches_pattern(pattern: &str, url: &str) -> bool {
    let (p, u): (Vec<&str>, Vec<&str>) = (pattern.split('/').collect(), url.split('/').collect());
    p.len() == u.len()
        && p.iter().zip(&u).all(|(p, u)| match *p {
            "{id}" => !u.is_empty() && u.bytes().all(|b| b.is_ascii_digit()),
            p if p.starts_with('{') && p.ends_with('}') => !u.is_empty(),
            p => p == *u,
        })
}

/// A doc's id: 52 bits of the SHA-256 of its URL (exact in a browser's numbers; two of a
/// million URLs share one with a chance of one in ten thousand million).
pub fn doc_id(url: &str) -> u64 {
    let hash = Sha256::digest(url.as_bytes());
    let bytes: [u8; 8] = hash[..8].try_into().expect("8 bytes");
    (u64::from_be_bytes(bytes) >> 12).max(1)
}

pub fn doc_path(lang: Lang, url: &str) -> String {
    doc_file(lang, doc_id(url))
}

/// The doc a page's file (`ar/about/index.html`) writes, were search to find the page.
pub fn doc_of_page(file: &str) -> Option<String> {
    if !file.ends_with("index.html") {
        return None;
    }
    let url = crate::edge::url_for_file(file)?;
    let lang = match url == "/ar" || url.starts_with("/ar/") {
        true => Lang::Ar,
        false => Lang::En,
    };
    Some(doc_path(lang, &url))
}

/// The file of doc `id`.
pub fn doc_file(lang: Lang, id: u64) -> String {
    format!("{DIR}/{}/d/{id}.json", lang.code())
}

/// The language of a doc's path, or `None` when the path is not a doc's.
pub fn doc_lang(path: &str) -> Option<Lang> {
    let rest = path.strip_prefix(DIR)?.strip_prefix('/')?;
    let (lang, rest) = rest.split_once('/')?;
    let lang = Lang::ALL.into_iter().find(|l| l.code() == lang)?;
    (rest.starts_with("d/") && rest.ends_with(".json")).then_some(lang)
}

/// A rendered page's doc: its language, id and terms.
pub type DocTerms = (Lang, u64, Terms);

/// The docs among a target's rendered pages, with their terms (made on the thread that
/// rendered them).
pub fn docs_of(pages: &[crate::Page]) -> Vec<DocTerms> {
    pages
        .iter()
        .filter_map(|page| {
            let lang = doc_lang(&page.path)?;
            let doc: Doc = serde_json::from_slice(&page.bytes).ok()?;
            Some((lang, doc_id(&doc.url), doc.terms()))
        })
        .collect()
}

/// The shard of a term: its first two characters, each as the hex of its code point (`ch` →
/// `63-68`, `ري` → `631-64a`).
pub fn shard_key(term: &str) -> String {
    term.chars()
        .take(2)
        .map(|c| format!("{:x}", u32::from(c)))
        .collect::<Vec<_>>()
        .join("-")
}

pub fn shard_path(lang: Lang, key: &str) -> String {
    format!("{DIR}/{}/t/{key}.json", lang.code())
}

pub fn shard_list_path(lang: Lang) -> String {
    format!("{DIR}/{}/index.json", lang.code())
}

/// Whether `path` is one of the index's own files (a shard, a list of shards), which no
/// page's output holds.
pub fn is_index_file(path: &str) -> bool {
    Lang::ALL.into_iter().any(|lang| {
        path == shard_list_path(lang)
            || path
                .strip_prefix(&format!("{DIR}/{}/t/", lang.code()))
                .is_some_and(|rest| rest.ends_with(".json") && !rest.contains('/'))
    })
}

/// A shard: its terms, each with its docs' weights by id.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Shard(pub BTreeMap<String, BTreeMap<u64, u32>>);

impl Shard {
    /// A stored shard, read as a patch reads it ([`stored_entries`]): only as the generator
    /// writes one.
    pub fn parse(bytes: &[u8]) -> anyhow::Result<Shard> {
        let mut shard = Shard::default();
        for entry in stored_entries(bytes)? {
            let postings = decode_postings(entry.postings)?.into_iter().collect();
            shard.0.insert(entry.term.into_owned(), postings);
        }
        Ok(shard)
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = vec![b'{'];
        for (term, postings) in &self.0 {
            write_entry(&mut out, term, postings.iter().map(|(&id, &w)| (id, w)));
        }
        out.push(b'}');
        out
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The list of shards a language's index has, as its file holds it.
pub fn shard_list(keys: &BTreeSet<String>) -> Vec<u8> {
    serde_json::to_vec(&serde_json::json!({ "shards": keys })).expect("serialises")
}

/// The shards a list names (`None` when it is not one).
pub fn parse_shard_list(text: &str) -> Option<BTreeSet<String>> {
    #[derive(Deserialize)]
    struct List {
        shards: BTreeSet<String>,
    }
    serde_json::from_str::<List>(text).ok().map(|l| l.shards)
}

/// A language's index, made from its docs: every shard, by key.
pub fn build<'d>(docs: impl IntoIterator<Item = (u64, &'d Terms)>) -> BTreeMap<String, Shard> {
    let mut builder = Builder::default();
    for (id, terms) in docs {
        builder.add(id, terms);
    }
    builder.finish()
}

/// A language's index made doc by doc, holding only the postings (a full build's docs are not
/// all kept: at fifty thousand blogs their terms alone were several times the index).
#[derive(Debug, Default)]
pub struct Builder(std::collections::HashMap<String, Vec<(u64, u32)>>);

impl Builder {
    pub fn add(&mut self, id: u64, terms: &Terms) {
        for (term, &weight) in terms {
            match self.0.get_mut(term.as_str()) {
                Some(postings) => postings.push((id, weight)),
                None => {
                    self.0.insert(term.clone(), vec![(id, weight)]);
                }
            }
        }
    }

    /// Every shard, by key (a doc added twice counts once, as added last).
    pub fn finish(self) -> BTreeMap<String, Shard> {
        let mut shards: BTreeMap<String, Shard> = BTreeMap::new();
        for (term, postings) in self.0 {
            shards
                .entry(shard_key(&term))
                .or_default()
                .0
                .insert(term, postings.into_iter().collect());
        }
        shards
    }
}

/// What a publish changed in a language's docs: each doc's terms before and after (empty for
/// a doc that did not exist, or no longer does).
#[derive(Debug, Default)]
pub struct Changes(BTreeMap<u64, (Terms, Terms)>);

impl Changes {
    /// Records doc `id`'s change; its first `before` and last `after` count.
    pub fn add(&mut self, id: u64, before: Terms, after: Terms) {
        self.0
            .entry(id)
            .and_modify(|(_, a)| a.clone_from(&after))
            .or_insert((before, after));
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// What the changes do to each shard, by key: for each term whose postings change, each
    /// doc's new weight, or `None` where the term leaves the doc.
    pub fn by_shard<'c>(&'c self) -> BTreeMap<String, ShardEdits<'c>> {
        let mut shards: BTreeMap<String, ShardEdits<'c>> = BTreeMap::new();
        let mut edit = |term: &'c str, id: u64, weight: Option<u32>| {
            let terms = &mut shards.entry(shard_key(term)).or_default().0;
            terms.entry(term).or_default().push((id, weight));
        };
        for (&id, (before, after)) in &self.0 {
            for term in before.keys().filter(|t| !after.contains_key(*t)) {
                edit(term, id, None);
            }
            for (term, &weight) in after {
                if before.get(term) != Some(&weight) {
                    edit(term, id, Some(weight));
                }
            }
        }
        shards
    }
}

/// The changes of one shard's terms ([`Changes::by_shard`]), in the order of the terms.
#[derive(Debug, Default)]
pub struct ShardEdits<'c>(BTreeMap<&'c str, Vec<(u64, Option<u32>)>>);

impl ShardEdits<'_> {
    /// The shard after these edits, from the bytes of the one stored (`None`: there is none):
    /// the bytes a full build writes for the same docs, or `None` when no term is left. Only
    /// the terms that change are decoded; every other term's bytes are copied as they are
    /// (at fifty thousand blogs a shard holds thousands of postings a term, and an edit
    /// changes a few of its terms). A stored shard that is not one is an error.
    pub fn patch(&self, stored: Option<&[u8]>) -> anyhow::Result<Option<Vec<u8>>> {
        let stored = match stored {
            Some(bytes) => stored_entries(bytes)?,
            None => Vec::new(),
        };
        let mut out =
            Vec::with_capacity(stored.iter().map(|e| e.bytes.len() + 1).sum::<usize>() + 64);
        out.push(b'{');
        let mut stored = stored.into_iter().peekable();
        let mut edits = self.0.iter().peekable();
        loop {
            let order = match (stored.peek(), edits.peek()) {
                (None, None) => break,
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
                (Some(entry), Some((term, _))) => (*entry.term).cmp(**term),
            };
            match order {
                Ordering::Less => {
                    let entry = stored.next().expect("peeked");
                    if out.len() > 1 {
                        out.push(b',');
                    }
                    out.extend_from_slice(entry.bytes);
                }
                Ordering::Equal => {
                    let (entry, (term, changes)) = (
                        stored.next().expect("peeked"),
                        edits.next().expect("peeked"),
                    );
                    let mut postings = decode_postings(entry.postings)?;
                    edit_postings(&mut postings, changes);
                    write_entry(&mut out, term, postings.into_iter());
                }
                Ordering::Greater => {
                    let (term, changes) = edits.next().expect("peeked");
                    let mut postings = Vec::new();
                    edit_postings(&mut postings, changes);
                    write_entry(&mut out, term, postings.into_iter());
                }
            }
        }
        out.push(b'}');
        Ok((out.len() > 2).then_some(out))
    }
}

/// Applies a term's changes to its postings (ascending ids).
fn edit_postings(postings: &mut Vec<(u64, u32)>, changes: &[(u64, Option<u32>)]) {
    for &(id, weight) in changes {
        match (postings.binary_search_by_key(&id, |&(i, _)| i), weight) {
            (Ok(at), Some(weight)) => postings[at].1 = weight,
            (Ok(at), None) => {
                postings.remove(at);
            }
            (Err(at), Some(weight)) => postings.insert(at, (id, weight)),
            (Err(_), None) => {}
        }
    }
}

/// Writes a term's entry, `"term":[id, weight, Δid, weight, …]`, after a comma unless it is
/// the object's first; nothing when it has no postings.
fn write_entry(out: &mut Vec<u8>, term: &str, postings: impl Iterator<Item = (u64, u32)>) {
    let mut postings = postings.peekable();
    if postings.peek().is_none() {
        return;
    }
    if out.len() > 1 {
        out.push(b',');
    }
    serde_json::to_writer(&mut *out, term).expect("a string serialises");
    out.extend_from_slice(b":[");
    let (mut last, mut numbers) = (0, itoa::Buffer::new());
    for (i, (id, weight)) in postings.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(numbers.format(id - last).as_bytes());
        out.push(b',');
        out.extend_from_slice(numbers.format(weight).as_bytes());
        last = id;
    }
    out.push(b']');
}

/// A stored shard's entry: its term, the text of its postings (between the brackets), and the
/// whole entry's bytes (`"term":[…]`).
struct StoredEntry<'b> {
    term: std::borrow::Cow<'b, str>,
    postings: &'b [u8],
    bytes: &'b [u8],
}

/// A stored shard's entries, in the file's order, their postings checked (numbers, in pairs)
/// but not decoded; an error unless the bytes are a shard as [`write_entry`] writes them,
/// terms ascending.
fn stored_entries(bytes: &[u8]) -> anyhow::Result<Vec<StoredEntry<'_>>> {
    use anyhow::{bail, ensure};
    ensure!(bytes.first() == Some(&b'{'), "a shard is an object");
    let mut entries: Vec<StoredEntry<'_>> = Vec::new();
    let mut at = 1;
    if bytes.get(at) == Some(&b'}') {
        ensure!(bytes.len() == 2, "nothing after a shard");
        return Ok(entries);
    }
    loop {
        let start = at;
        ensure!(bytes.get(at) == Some(&b'"'), "a term at byte {at}");
        let mut end = at + 1;
        let mut escaped = false;
        loop {
            match bytes.get(end) {
                Some(b'\\') => {
                    escaped = true;
                    end += 2;
                }
                Some(b'"') => break,
                Some(_) => end += 1,
                None => bail!("a term ends"),
            }
        }
        let term = match escaped {
            false => std::borrow::Cow::Borrowed(std::str::from_utf8(&bytes[at + 1..end])?),
            true => std::borrow::Cow::Owned(serde_json::from_slice::<String>(&bytes[at..=end])?),
        };
        at = end + 1;
        ensure!(
            bytes.get(at..at + 2) == Some(b":["),
            "postings after {term:?}"
        );
        at += 2;
        let close = memchr::memchr(b']', &bytes[at..]).map(|n| n + at);
        let Some(close) = close else {
            bail!("the postings of {term:?} end")
        };
        let postings = &bytes[at..close];
        ensure!(
            postings_are_pairs(postings),
            "the postings of {term:?} are pairs of numbers"
        );
        if let Some(last) = entries.last() {
            ensure!(
                last.term < term,
                "terms ascending ({:?}, {term:?})",
                last.term
            );
        }
        at = close + 1;
        entries.push(StoredEntry {
            term,
            postings,
            bytes: &bytes[start..at],
        });
        match bytes.get(at) {
            Some(b',') => at += 1,
            Some(b'}') if at + 1 == bytes.len() => return Ok(entries),
            _ => bail!("a shard's entries end at byte {at}"),
        }
    }
}

/// Whether `text` is an even number of numbers (at least two), separated by commas, as JSON
/// writes them (no leading zero, no sign), each id's step (the first number of a pair) above
/// zero: ids ascend.
fn postings_are_pairs(text: &[u8]) -> bool {
    let mut count = 0usize;
    for (i, number) in text.split(|&b| b == b',').enumerate() {
        let well_formed = match number {
            [b'0'] => i % 2 == 1,
            [b'1'..=b'9', rest @ ..] => rest.iter().all(u8::is_ascii_digit) && number.len() < 20,
            _ => false,
        };
        if !well_formed {
            return false;
        }
        count += 1;
    }
    count.is_multiple_of(2)
}

/// A term's postings from their text (checked by [`postings_are_pairs`]).
fn decode_postings(text: &[u8]) -> anyhow::Result<Vec<(u64, u32)>> {
    let mut postings = Vec::with_capacity(text.len() / 8);
    let mut id = 0u64;
    let mut numbers = text.split(|&b| b == b',');
    while let (Some(delta), Some(weight)) = (numbers.next(), numbers.next()) {
        let number = |n: &[u8]| -> anyhow::Result<u64> { Ok(std::str::from_utf8(n)?.parse()?) };
        id = id
            .checked_add(number(delta)?)
            .ok_or_else(|| anyhow::anyhow!("a posting's id is out of range"))?;
        postings.push((id, u32::try_from(number(weight)?).unwrap_or(MAX_WEIGHT)));
    }
    Ok(postings)
}

#[cfg(test)]
mod tests;
