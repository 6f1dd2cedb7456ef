//! A visitor-facing text together with its language, and the one place pages mark it.
//!
//! Content is bilingual (architecture decision 11): an Arabic page shows each field's Arabic
//! twin, or the English field when the twin is empty. That English is a foreign text inside an
//! Arabic page, and the page has to say so (`lang="en" dir="ltr"`): otherwise its punctuation
//! and alignment follow Arabic (".Here is how our team arranges it", English headings set to
//! the right). [`crate::model::pick`], which chooses between a twin and its English field,
//! therefore gives a [`Localized`]: the text and, when it is not in the page's language, the
//! language it is in. Everything that shows one marks it from that:
//!
//! - Templates print it like any string (`{{ service.name }}`). The template formatter writes
//!   a foreign text between two markers ([`Localized::template_html`]), and [`mark`] turns the
//!   markers into the marking once the page (or a partial rendered once for many pages) is
//!   rendered: a text that is all an element holds marks that element, and the elements around
//!   it that hold nothing else (`<h2><a>Name</a></h2>` marks the `h2`), so the block is set as
//!   English; a text among other words is isolated in a `<span lang="en" dir="ltr">`; one in an
//!   attribute value is written as it is (an attribute cannot carry a language). No template
//!   can show a fallback unmarked, and one in the page's language writes exactly what a string
//!   does.
//! - Islands get it as JSON: a plain string in the page's language,
//!   `{"text": "…", "lang": "en"}` otherwise (`site-islands/src/lib/localized.ts`), which their
//!   `<LangText>` writes with the same marking on the server and in the browser.
//! - A picture's alt text is an attribute: its `<img>` carries the alt text's language
//!   ([`crate::picture::Picture`]), which is what `lang` on an element means for its
//!   attributes.
//! - Feeds write `xml:lang` on the entry's title and summary ([`crate::xml`]).
//!
//! Meta fields (`<title>`, descriptions, Open Graph, JSON-LD) are attributes or data: they take
//! the plain [`Localized::text`] (decision 12 orders their fallbacks).

mod marks;
mod tags;
#[cfg(test)]
mod tests;

use std::fmt;
use std::sync::Arc;

use minijinja::Value;
use minijinja::value::{Enumerator, Object, ObjectRepr};
use serde::ser::{Serialize, SerializeMap, Serializer};

pub(crate) use marks::mark;

use crate::routes::Lang;

/// A text to show on a page, with its language when that is not the page's.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Localized {
    text: String,
    /// The text's language, when it is not the page's (an Arabic page's English fallback).
    foreign: Option<Lang>,
    /// The text is markup (sanitised rich text), written as it is.
    markup: bool,
}

impl Localized {
    /// `text`, in `lang`, for a page in `page`.
    pub fn new(text: impl Into<String>, lang: Lang, page: Lang) -> Localized {
        Localized {
            text: text.into(),
            foreign: (lang != page).then_some(lang),
            markup: false,
        }
    }

    /// The text itself, unmarked: for attributes and data (titles, descriptions, JSON-LD).
    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn into_text(self) -> String {
        self.text
    }

    /// The text's language when it is not the page's.
    pub fn foreign(&self) -> Option<Lang> {
        self.foreign
    }

    /// The text's language, on a page in `page`.
    pub fn lang(&self, page: Lang) -> Lang {
        self.foreign.unwrap_or(page)
    }

    /// The same language, another text (made from this one).
    pub fn map(self, change: impl FnOnce(String) -> String) -> Localized {
        Localized {
            text: change(self.text),
            ..self
        }
    }

    /// This text taken as markup: sanitised rich text, written without escaping.
    pub fn into_markup(self) -> Localized {
        Localized {
            markup: true,
            ..self
        }
    }

    /// What a template writes for it: the text escaped (markup as it is), between the markers
    /// [`mark`] resolves when it is foreign.
    pub(crate) fn template_html(&self) -> String {
        let mut out = String::with_capacity(self.text.len() + 48);
        if let Some(lang) = self.foreign {
            marks::open(&mut out, lang);
        }
        if self.markup {
            out.push_str(&self.text);
        } else {
            crate::text::escape_html_into(&mut out, &self.text);
        }
        if let Some(lang) = self.foreign {
            marks::close(&mut out, lang);
        }
        out
    }

    /// The attributes an HTML element that holds it needs: ` lang="en" dir="ltr"` for a
    /// foreign text, nothing otherwise (for markup written in code rather than a template).
    pub fn attributes(&self) -> String {
        self.foreign
            .map(|lang| format!(" lang=\"{}\" dir=\"{}\"", lang.code(), lang.dir()))
            .unwrap_or_default()
    }

    /// The same for an XML element (the feeds): ` xml:lang="en"`.
    pub fn xml_lang(&self) -> String {
        self.foreign
            .map(|lang| format!(" xml:lang=\"{}\"", lang.code()))
            .unwrap_or_default()
    }
}

/// To templates (minijinja's own serialisation), the object itself, which the template
/// formatter recognises; to JSON (the islands' props), a string in the page's language, else
/// `{"text": "…", "lang": "en"}`.
impl Serialize for Localized {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if minijinja::value::serializing_for_value() {
            return Value::from_object(self.clone()).serialize(serializer);
        }
        match self.foreign {
            None => serializer.serialize_str(&self.text),
            Some(lang) => {
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("text", &self.text)?;
                map.serialize_entry("lang", lang.code())?;
                map.end()
            }
        }
    }
}

/// In a template: truthy when it has text; `text` and `lang` as attributes; shown as its text
/// by filters and `~`; and, as a value serialised to JSON (an island's props, `tojson`), what
/// its [`Serialize`] writes.
impl Object for Localized {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        if self.foreign.is_some() {
            ObjectRepr::Map
        } else {
            ObjectRepr::Plain
        }
    }

    fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
        match key.as_str()? {
            "text" => Some(Value::from(self.text.as_str())),
            "lang" => self.foreign.map(|lang| Value::from(lang.code())),
            _ => None,
        }
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        if self.foreign.is_some() {
            Enumerator::Str(&["text", "lang"])
        } else {
            Enumerator::NonEnumerable
        }
    }

    fn is_true(self: &Arc<Self>) -> bool {
        !self.text.is_empty()
    }

    fn render(self: &Arc<Self>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}
