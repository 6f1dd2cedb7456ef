//! `content/`: the site's static bilingual copy. Strings (one table per language, shared with
//! the islands), Markdown policies, and structured copy (about, airport, partnership, offices,
//! airports), plus the artwork under `content/media/`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use include_dir::{Dir, include_dir};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::routes::Lang;

/// The copy compiled into the binary.
pub static EMBEDDED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../content");

/// Where content is read from: the binary (releases) or a directory (watch mode).
#[derive(Clone, Debug)]
pub enum Source {
    Embedded,
    Disk(PathBuf),
}

impl Source {
    fn read(&self, path: &str) -> Result<Vec<u8>> {
        match self {
            Source::Embedded => EMBEDDED
                .get_file(path)
                .map(|f| f.contents().to_vec())
                .with_context(|| format!("content/{path} is missing")),
            Source::Disk(dir) => std::fs::read(dir.join(path))
                .with_context(|| format!("Failed to read {}", dir.join(path).display())),
        }
    }

    fn read_text(&self, path: &str) -> Result<String> {
        String::from_utf8(self.read(path)?).with_context(|| format!("content/{path} is not UTF-8"))
    }

    /// Files directly under `dir`, sorted by name.
    fn list(&self, dir: &str) -> Result<Vec<(String, Vec<u8>)>> {
        let mut files = match self {
            Source::Embedded => match EMBEDDED.get_dir(dir) {
                Some(d) => d
                    .files()
                    .map(|f| {
                        (
                            f.path()
                                .file_name()
                                .unwrap_or_default()
                                .to_string_lossy()
                                .into_owned(),
                            f.contents().to_vec(),
                        )
                    })
                    .collect(),
                None => Vec::new(),
            },
            Source::Disk(root) => {
                let mut out = Vec::new();
                let path = root.join(dir);
                if path.is_dir() {
                    for entry in std::fs::read_dir(&path)
                        .with_context(|| format!("Failed to list {}", path.display()))?
                    {
                        let entry = entry?;
                        if entry.file_type()?.is_file() {
                            out.push((
                                entry.file_name().to_string_lossy().into_owned(),
                                std::fs::read(entry.path())?,
                            ));
                        }
                    }
                }
                out
            }
        };
        files.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(files)
    }
}

/// A policy page rendered from Markdown.
#[derive(Debug, Clone, Serialize)]
pub struct Document {
    pub title: String,
    pub html: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Bilingual {
    #[serde(default)]
    pub key: String,
    pub title: String,
    pub title_ar: String,
    pub text: String,
    pub text_ar: String,
    #[serde(default)]
    pub image: Option<String>,
    #[serde(default)]
    pub items: Vec<String>,
    #[serde(default)]
    pub items_ar: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct About {
    pub image: String,
    pub cards: Vec<Bilingual>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Airport {
    pub services: Vec<Bilingual>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Partnership {
    pub sections: Vec<Bilingual>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SiteCopy {
    pub about: About,
    pub airport: Airport,
    pub partnership: Partnership,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Office {
    pub key: String,
    pub country: String,
    pub country_ar: String,
    pub city: String,
    pub city_ar: String,
    pub address: String,
    pub address_ar: String,
    pub phone: String,
    pub lat: f64,
    pub lng: f64,
    pub map_url: String,
}

#[derive(Debug, Deserialize)]
struct Offices {
    offices: Vec<Office>,
}

/// Everything under `content/`, parsed once.
#[derive(Debug, Clone)]
pub struct Content {
    /// The string tables as written, per language.
    pub strings: BTreeMap<Lang, Value>,
    pub documents: BTreeMap<(Lang, String), Document>,
    pub copy: SiteCopy,
    pub offices: Vec<Office>,
    /// Airports for the airport request island, as JSON.
    pub airports: Value,
    /// Artwork: file name and bytes.
    pub media: Vec<(String, Vec<u8>)>,
    /// A hash of every input file.
    pub fingerprint: String,
}

/// The policy pages, by route segment.
pub const DOCUMENTS: [&str; 3] = ["privacy-policy", "terms-services", "cookies-policy"];

/// The airports of the airport page (`content/airports.toml`), as JSON: the API checks an
/// airport request against the same list the page offers.
pub fn airports(source: &Source) -> Result<Value> {
    toml::from_str(&source.read_text("airports.toml")?).context("content/airports.toml")
}

impl Content {
    pub fn load(source: &Source) -> Result<Content> {
        let mut hasher = Sha256::new();
        let mut strings = BTreeMap::new();
        for lang in Lang::ALL {
            let raw = source.read(&format!("strings/{}.json", lang.code()))?;
            hasher.update(&raw);
            let table: Value = serde_json::from_slice(&raw).with_context(|| {
                format!("content/strings/{}.json is not valid JSON", lang.code())
            })?;
            strings.insert(lang, table);
        }
        let mut documents = BTreeMap::new();
        for lang in Lang::ALL {
            for name in DOCUMENTS {
                let markdown = source.read_text(&format!("pages/{}/{name}.md", lang.code()))?;
                hasher.update(markdown.as_bytes());
                documents.insert((lang, name.to_owned()), markdown_document(&markdown));
            }
        }
        let site = source.read_text("site.toml")?;
        let offices = source.read_text("offices.toml")?;
        let airports = source.read_text("airports.toml")?;
        for text in [&site, &offices, &airports] {
            hasher.update(text.as_bytes());
        }
        let copy: SiteCopy = toml::from_str(&site).context("content/site.toml")?;
        let offices: Offices = toml::from_str(&offices).context("content/offices.toml")?;
        let airports: Value = toml::from_str(&airports).context("content/airports.toml")?;
        let media = source.list("media")?;
        for (name, bytes) in &media {
            hasher.update(name.as_bytes());
            hasher.update(bytes);
        }
        let fingerprint = hex(&hasher.finalize()[..12]);
        Ok(Content {
            strings,
            documents,
            copy,
            offices: offices.offices,
            airports,
            media,
            fingerprint,
        })
    }

    /// The content directory of this source tree (for watch mode).
    pub fn source_dir() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../content")
    }
}

pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 15)] as char);
    }
    out
}

/// Markdown to HTML; the first `# Heading` becomes the title and is left out of the body.
pub fn markdown_document(markdown: &str) -> Document {
    use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
    let mut title = String::new();
    let mut in_title = false;
    let mut seen_title = false;
    let events = Parser::new_ext(
        markdown,
        Options::ENABLE_TABLES | Options::ENABLE_SMART_PUNCTUATION,
    )
    .filter_map(|event| {
        match &event {
            Event::Start(Tag::Heading {
                level: HeadingLevel::H1,
                ..
            }) if !seen_title => {
                in_title = true;
                return None;
            }
            Event::End(TagEnd::Heading(HeadingLevel::H1)) if in_title => {
                in_title = false;
                seen_title = true;
                return None;
            }
            Event::Text(t) | Event::Code(t) if in_title => {
                title.push_str(t);
                return None;
            }
            // Raw HTML in content is not trusted: shown as text.
            Event::Html(h) | Event::InlineHtml(h) => return Some(Event::Text(h.clone())),
            _ if in_title => return None,
            _ => {}
        }
        Some(event)
    });
    let mut html = String::with_capacity(markdown.len() * 2);
    pulldown_cmark::html::push_html(&mut html, events);
    Document { title, html }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_content_loads_in_both_languages() {
        let content = Content::load(&Source::Embedded).unwrap();
        assert_eq!(content.offices.len(), 5);
        assert_eq!(content.copy.about.cards.len(), 3);
        assert_eq!(content.copy.partnership.sections.len(), 5);
        assert_eq!(content.copy.airport.services.len(), 6);
        for lang in Lang::ALL {
            for name in DOCUMENTS {
                let doc = &content.documents[&(lang, name.to_owned())];
                assert!(
                    !doc.title.is_empty() && doc.html.contains("<h2>"),
                    "{lang:?} {name}"
                );
            }
        }
        assert_eq!(
            content.strings[&Lang::En]["errors"]["notFound"],
            "Not found"
        );
    }

    #[test]
    fn markdown_titles_are_lifted_and_raw_html_is_text() {
        let doc = markdown_document("# Terms\n\nHello <script>x</script>\n\n## Refunds\n");
        assert_eq!(doc.title, "Terms");
        assert!(!doc.html.contains("<script>"), "{}", doc.html);
        assert!(doc.html.contains("&lt;script&gt;"));
        assert!(doc.html.contains("<h2>Refunds</h2>"));
    }
}
