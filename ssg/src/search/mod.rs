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
//! removes, and rewrites only the shards of the terms whose postings changed ([`Changes`]).

mod words;

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
    pub fn parse(bytes: &[u8]) -> anyhow::Result<Shard> {
        let raw: BTreeMap<String, Vec<u64>> = serde_json::from_slice(bytes)?;
        let mut shard = Shard::default();
        for (term, flat) in raw {
            anyhow::ensure!(flat.len() % 2 == 0, "postings of {term:?} in pairs");
            let mut id = 0u64;
            let postings = flat
                .chunks(2)
                .map(|pair| {
                    id += pair[0];
                    (id, u32::try_from(pair[1]).unwrap_or(MAX_WEIGHT))
                })
                .collect();
            shard.0.insert(term, postings);
        }
        Ok(shard)
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = String::from("{");
        for (i, (term, postings)) in self.0.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&serde_json::to_string(term).expect("a string serialises"));
            out.push_str(":[");
            let mut last = 0;
            for (j, (&id, &weight)) in postings.iter().enumerate() {
                if j > 0 {
                    out.push(',');
                }
                out.push_str(&format!("{},{weight}", id - last));
                last = id;
            }
            out.push(']');
        }
        out.push('}');
        out.into_bytes()
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

    /// The shards whose postings change.
    pub fn keys(&self) -> BTreeSet<String> {
        let mut keys = BTreeSet::new();
        for (before, after) in self.0.values() {
            for (term, weight) in before {
                if after.get(term) != Some(weight) {
                    keys.insert(shard_key(term));
                }
            }
            for (term, weight) in after {
                if before.get(term) != Some(weight) {
                    keys.insert(shard_key(term));
                }
            }
        }
        keys
    }

    /// Applies the changes to the shard `key`.
    pub fn apply(&self, key: &str, shard: &mut Shard) {
        for (&id, (before, after)) in &self.0 {
            for term in before.keys().filter(|t| shard_key(t) == key) {
                if !after.contains_key(term)
                    && let Some(postings) = shard.0.get_mut(term)
                {
                    postings.remove(&id);
                    if postings.is_empty() {
                        shard.0.remove(term);
                    }
                }
            }
            for (term, &weight) in after.iter().filter(|(t, _)| shard_key(t) == key) {
                shard.0.entry(term.clone()).or_default().insert(id, weight);
            }
        }
    }
}

#[cfg(test)]
mod tests;
