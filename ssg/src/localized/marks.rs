//! The markers a template writes around a foreign text ([`super::Localized::template_html`]),
//! and [`mark`], which turns them into the text's marking once the HTML is whole.
//!
//! The markers are tags no escaped text can spell (escaping turns its `<` into `&lt;`), nor a
//! sanitised rich text (an allow-list of tags), nor an island (React escapes text too): only the
//! formatter writes them. [`mark`] reads the HTML the generator itself writes (every element
//! closed, attribute values quoted), as a tree of elements, and for each marked text:
//! - all an element holds (but white space): that element gets `lang` and `dir`, or, where it
//!   is in turn all its parent holds, the outermost such ancestor below `main`, `body` and
//!   `html` (`<h2><a>Name</a></h2>` marks the `h2`). The block's alignment, punctuation and
//!   line breaking are then English;
//! - among other text or elements: it is isolated in `<span lang dir>` (a `<div>` for markup);
//! - in an attribute value, a `<title>`, `<script>` or `<style>`, or among the other text of an
//!   `<option>`: written as it is, unmarked (none of them can mark a part of their text).

use std::collections::BTreeMap;
use std::ops::Range;

use super::tags::{find_end_tag, tag_end, tag_name, with_lang, without_markers};
use crate::routes::Lang;

pub(super) const OPEN: &str = "<concierge-lang-";
pub(super) const CLOSE: &str = "</concierge-lang-";

/// Elements whose text is not parsed as markup: a marker inside is only dropped.
const RAW_TEXT: [&str; 4] = ["script", "style", "title", "textarea"];
/// Elements that hold text only: a text inside can mark the element, but no `<span>`.
const TEXT_ONLY: [&str; 1] = ["option"];
/// Elements never marked as a whole for one text they hold.
const PAGE: [&str; 4] = ["html", "head", "body", "main"];
const VOID: [&str; 14] = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];

/// Writes the marker that opens a text in `lang`.
pub(super) fn open(out: &mut String, lang: Lang) {
    out.push_str(OPEN);
    out.push_str(lang.code());
    out.push('>');
}

/// Writes the marker that closes a text in `lang`.
pub(super) fn close(out: &mut String, lang: Lang) {
    out.push_str(CLOSE);
    out.push_str(lang.code());
    out.push('>');
}

/// `html` with every marked text marked (see the module); HTML without markers comes back as
/// it is, at the cost of one search.
pub(crate) fn mark(html: String) -> String {
    if memchr::memmem::find(html.as_bytes(), OPEN.as_bytes()).is_none() {
        return html;
    }
    let tree = Tree::scan(&html);
    tree.rewrite(&html)
}

struct Element {
    /// Lower case.
    name: String,
    /// The start tag.
    tag: Range<usize>,
    /// The end tag (empty where it was implied, or for a void element: the end of its tag);
    /// `None` when the HTML ends first.
    end: Option<Range<usize>>,
    parent: Option<usize>,
}

/// A marked text: its two markers, its language and the innermost element around it.
struct Run {
    open: Range<usize>,
    close: Range<usize>,
    lang: Option<Lang>,
    within: Option<usize>,
}

#[derive(Default)]
struct Tree {
    elements: Vec<Element>,
    runs: Vec<Run>,
    /// Markers to drop where they stand (in a tag, in raw text, or unpaired).
    stray: Vec<Range<usize>>,
}

impl Tree {
    fn scan(html: &str) -> Tree {
        let bytes = html.as_bytes();
        let mut tree = Tree::default();
        let mut stack: Vec<usize> = Vec::new();
        let mut open_runs: Vec<(Range<usize>, Option<Lang>, Option<usize>)> = Vec::new();
        let mut at = 0;
        while let Some(found) = memchr::memchr(b'<', &bytes[at..]) {
            let lt = at + found;
            let rest = &html[lt..];
            let to = |needle: &str| {
                rest.find(needle)
                    .map_or(html.len(), |i| lt + i + needle.len())
            };
            if let Some(code) = rest.strip_prefix(OPEN) {
                let end = to(">");
                let lang = code.split('>').next().and_then(lang_of);
                open_runs.push((lt..end, lang, stack.last().copied()));
                at = end;
            } else if rest.starts_with(CLOSE) {
                let end = to(">");
                match open_runs.pop() {
                    Some((open, lang, within)) => tree.runs.push(Run {
                        open,
                        close: lt..end,
                        lang,
                        within,
                    }),
                    None => tree.stray.push(lt..end),
                }
                at = end;
            } else if rest.starts_with("<!--") {
                at = to("-->");
            } else if let Some(after) = rest.strip_prefix("</") {
                let name = tag_name(after);
                let end = to(">");
                if let Some(depth) = stack.iter().rposition(|&e| tree.elements[e].name == name) {
                    for (i, e) in stack.drain(depth..).enumerate().rev() {
                        // The matching element ends here; those inside it that were left open
                        // end where it does.
                        tree.elements[e].end = Some(if i == 0 { lt..end } else { lt..lt });
                    }
                }
                at = end;
            } else if rest.as_bytes().get(1).is_some_and(u8::is_ascii_alphabetic) {
                let name = tag_name(&rest[1..]);
                let end = lt + tag_end(rest);
                tree.stray_markers(html, lt..end);
                let closed = VOID.contains(&name.as_str()) || html[..end].ends_with("/>");
                let index = tree.elements.len();
                let mut element = Element {
                    name,
                    tag: lt..end,
                    end: closed.then_some(end..end),
                    parent: stack.last().copied(),
                };
                at = end;
                if RAW_TEXT.contains(&element.name.as_str()) && !closed {
                    let close = find_end_tag(html, end, &element.name);
                    tree.stray_markers(html, end..close.start);
                    at = close.end;
                    element.end = Some(close);
                } else if !closed {
                    stack.push(index);
                }
                tree.elements.push(element);
            } else {
                at = lt + 1;
            }
        }
        tree.stray
            .extend(open_runs.into_iter().map(|(open, ..)| open));
        tree
    }

    /// Every marker inside `range` (a tag, or raw text) is dropped where it stands.
    fn stray_markers(&mut self, html: &str, range: Range<usize>) {
        let text = &html[range.clone()];
        for marker in [OPEN, CLOSE] {
            let mut from = 0;
            while let Some(i) = text[from..].find(marker) {
                let start = from + i;
                let end = text[start..]
                    .find('>')
                    .map_or(text.len(), |j| start + j + 1);
                self.stray.push(range.start + start..range.start + end);
                from = end;
            }
        }
    }

    /// Whether `inner` (a range of the HTML) is all that element `e` holds, but white space.
    fn holds_only(&self, html: &str, e: usize, inner: Range<usize>) -> bool {
        let element = &self.elements[e];
        let Some(end) = &element.end else {
            return false;
        };
        element.tag.end <= inner.start
            && inner.end <= end.start
            && blank(&html[element.tag.end..inner.start])
            && blank(&html[inner.end..end.start])
    }

    /// The element a run marks: the element it is all the text of, or the outermost of those
    /// around it that hold nothing else; `None` when it shares its element with other content.
    fn marked_element(&self, html: &str, run: &Run) -> Option<usize> {
        let mut e = run.within?;
        if PAGE.contains(&self.elements[e].name.as_str())
            || !self.holds_only(html, e, run.open.start..run.close.end)
        {
            return None;
        }
        while let Some(parent) = self.elements[e].parent {
            let element = &self.elements[e];
            let whole = element.tag.start..element.end.as_ref().map_or(html.len(), |r| r.end);
            if PAGE.contains(&self.elements[parent].name.as_str())
                || !self.holds_only(html, parent, whole)
            {
                break;
            }
            e = parent;
        }
        Some(e)
    }

    fn rewrite(&self, html: &str) -> String {
        let mut marked: BTreeMap<usize, Lang> = BTreeMap::new();
        let mut edits: Vec<(Range<usize>, String)> = Vec::new();
        for run in &self.runs {
            let (open, close) = match (run.lang, self.marked_element(html, run)) {
                (Some(lang), Some(e)) => {
                    marked.insert(e, lang);
                    (String::new(), String::new())
                }
                (Some(lang), None)
                    if !run
                        .within
                        .is_some_and(|e| TEXT_ONLY.contains(&self.elements[e].name.as_str())) =>
                {
                    let inner = &html[run.open.end..run.close.start];
                    let wrapper = if inner.contains('<') { "div" } else { "span" };
                    (
                        format!(
                            "<{wrapper} lang=\"{}\" dir=\"{}\">",
                            lang.code(),
                            lang.dir()
                        ),
                        format!("</{wrapper}>"),
                    )
                }
                _ => (String::new(), String::new()),
            };
            edits.push((run.open.clone(), open));
            edits.push((run.close.clone(), close));
        }
        for (&e, &lang) in &marked {
            let tag = self.elements[e].tag.clone();
            edits.push((tag.clone(), with_lang(&without_markers(&html[tag]), lang)));
        }
        // A tag written again has lost its markers already.
        let rewritten: Vec<Range<usize>> = marked
            .keys()
            .map(|&e| self.elements[e].tag.clone())
            .collect();
        for stray in &self.stray {
            if !rewritten
                .iter()
                .any(|tag| tag.start <= stray.start && stray.end <= tag.end)
            {
                edits.push((stray.clone(), String::new()));
            }
        }
        edits.sort_by_key(|(range, _)| range.start);
        let mut out = String::with_capacity(html.len() + 32 * edits.len());
        let mut at = 0;
        for (range, text) in edits {
            out.push_str(&html[at..range.start]);
            out.push_str(&text);
            at = range.end;
        }
        out.push_str(&html[at..]);
        out
    }
}

fn lang_of(code: &str) -> Option<Lang> {
    Lang::ALL.into_iter().find(|l| l.code() == code)
}

fn blank(text: &str) -> bool {
    text.chars().all(char::is_whitespace)
}
