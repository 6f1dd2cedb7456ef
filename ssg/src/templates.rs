//! The template environment, kept apart from the pages (as Zola keeps its Tera set-up): where
//! templates come from, the minijinja [`Environment`] with its syntax, its escaping and the
//! filters and functions the templates call.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, Result};
use include_dir::{Dir, include_dir};
use minijinja::{Environment, UndefinedBehavior, Value};
use sha2::{Digest, Sha256};

use crate::islands::Islands;
use crate::localized::Localized;
use crate::picture::Picture;
use crate::routes::Lang;
use crate::text::{escape_html, interpolate};

static TEMPLATES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/templates");
static ASSETS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets");

/// Where templates and the stylesheet come from: the binary, or the source tree (watch mode).
#[derive(Clone, Debug)]
pub enum Templates {
    Embedded,
    Dir(PathBuf),
}

impl Templates {
    /// `ssg/` of this source tree.
    pub fn source_dir() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }

    pub(crate) fn files(&self, sub: &str) -> Result<Vec<(String, String)>> {
        let mut files = match self {
            Templates::Embedded => {
                let dir = if sub == "templates" {
                    &TEMPLATES
                } else {
                    &ASSETS
                };
                let mut out = Vec::new();
                collect(dir, &mut out);
                out
            }
            Templates::Dir(root) => {
                let dir = root.join(sub);
                crate::walk::files(&dir)?
                    .into_iter()
                    .map(|name| {
                        let path = dir.join(&name);
                        let text = std::fs::read_to_string(&path)
                            .with_context(|| format!("Failed to read {}", path.display()))?;
                        Ok((name, text))
                    })
                    .collect::<Result<_>>()?
            }
        };
        files.sort();
        Ok(files)
    }
}

fn collect(dir: &Dir<'static>, out: &mut Vec<(String, String)>) {
    for file in dir.files() {
        if let Some(text) = file.contents_utf8() {
            out.push((file.path().to_string_lossy().into_owned(), text.to_owned()));
        }
    }
    for sub in dir.dirs() {
        collect(sub, out);
    }
}

/// The environment with every template of `templates` (each name and source fed to
/// `fingerprint`), strict about undefined variables, with the site's escaping (and its
/// [`Localized`] texts written between the markers [`crate::localized::mark`] resolves), the
/// `island` function and the `tr`, `tel`, `whatsapp` and `two_digits` filters. The filters
/// that change a text keep its language (`tr`, and `replace` and `trim` over the built-in
/// ones): another filter would give a foreign text as a plain string, unmarked (the tests that
/// show every string and field as a fallback say so).
pub(crate) fn environment(
    templates: &Templates,
    islands: Arc<dyn Islands>,
    fingerprint: &mut Sha256,
) -> Result<Environment<'static>> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_syntax(
        minijinja::syntax::SyntaxConfig::builder()
            .trim_blocks(true)
            .lstrip_blocks(true)
            .build()?,
    );
    for (name, source) in templates.files("templates")? {
        fingerprint.update(name.as_bytes());
        fingerprint.update(source.as_bytes());
        env.add_template_owned(name.clone(), source)
            .with_context(|| format!("Failed to parse template {name}"))?;
    }
    env.add_function("island", island(islands));
    env.add_function("picture", picture);
    env.add_filter("tr", tr);
    env.add_filter("replace", replace);
    env.add_filter("trim", trim);
    // HTML escaping of `& < > " '` only (minijinja also escapes `/`, which every URL has).
    env.set_formatter(|out, state, value| {
        if *state.auto_escape() != minijinja::AutoEscape::None {
            if let Some(text) = value.downcast_object_ref::<Localized>() {
                return out
                    .write_str(&text.template_html())
                    .map_err(minijinja::Error::from);
            }
            if !value.is_safe()
                && let Some(text) = value.as_str()
            {
                return out
                    .write_str(&escape_html(text))
                    .map_err(minijinja::Error::from);
            }
        }
        minijinja::escape_formatter(out, state, value)
    });
    env.add_filter("tel", tel);
    env.add_filter("whatsapp", whatsapp);
    env.add_filter("two_digits", |n: u32| -> String { format!("{n:02}") });
    Ok(env)
}

/// `picture(image)` or `picture(image, "class")`: an image's markup ([`Picture::html`]).
fn picture(image: Value, class: Option<String>) -> Result<Value, minijinja::Error> {
    let image: Picture = serde_json::to_value(&image)
        .and_then(serde_json::from_value)
        .map_err(|e| {
            minijinja::Error::new(
                minijinja::ErrorKind::InvalidOperation,
                format!("picture: not a picture ({e})"),
            )
        })?;
    Ok(Value::from_safe_string(image.html(class.as_deref())))
}

/// `island(name, lang, props)`: the island's server-rendered markup (empty without islands).
fn island(
    islands: Arc<dyn Islands>,
) -> impl Fn(String, String, Value) -> Result<Value, minijinja::Error> + Send + Sync + 'static {
    move |name: String, lang: String, props: Value| -> Result<Value, minijinja::Error> {
        let lang = if lang == "ar" { Lang::Ar } else { Lang::En };
        let props = serde_json::to_string(&props).map_err(|e| {
            minijinja::Error::new(minijinja::ErrorKind::InvalidOperation, e.to_string())
        })?;
        islands
            .render(&name, lang, &props)
            .map(|html| Value::from_safe_string(html.unwrap_or_default()))
            .map_err(|e| {
                minijinja::Error::new(
                    minijinja::ErrorKind::InvalidOperation,
                    format!("island {name}: {e:#}"),
                )
            })
    }
}

/// `"© {{year}}" | tr({"year": 2026})`: i18next placeholders filled from a map.
fn tr(text: Value, values: Value) -> Result<Value, minijinja::Error> {
    let mut pairs = Vec::new();
    if let Ok(keys) = values.try_iter() {
        for key in keys {
            if let (Some(k), Ok(v)) = (key.as_str(), values.get_item(&key)) {
                pairs.push((k.to_owned(), v.to_string()));
            }
        }
    }
    let pairs: Vec<(&str, String)> = pairs.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
    same_language(&text, |text| interpolate(text, &pairs))
}

/// `text | replace(from, to)`, keeping a [`Localized`] text's language.
fn replace(text: Value, from: String, to: String) -> Result<Value, minijinja::Error> {
    same_language(&text, |text| text.replace(&from, &to))
}

/// `text | trim`: without white space at either end, keeping a [`Localized`] text's language.
fn trim(text: Value) -> Result<Value, minijinja::Error> {
    same_language(&text, |text| text.trim().to_owned())
}

/// `change` applied to a text: a [`Localized`] one stays in its language, anything else is
/// taken as its string (but undefined, an error as everywhere in the templates).
fn same_language(
    text: &Value,
    change: impl FnOnce(&str) -> String,
) -> Result<Value, minijinja::Error> {
    if text.is_undefined() {
        return Err(minijinja::Error::from(minijinja::ErrorKind::UndefinedError));
    }
    Ok(match text.downcast_object_ref::<Localized>() {
        Some(localized) => Value::from_object(localized.clone().map(|text| change(&text))),
        None => Value::from(change(&text.to_string())),
    })
}

/// `phone | tel`: a `tel:` link of the digits and `+`.
fn tel(phone: String) -> String {
    let digits: String = phone
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '+')
        .collect();
    format!("tel:{digits}")
}

/// `phone | whatsapp`: a `wa.me` link of the digits.
fn whatsapp(phone: String) -> String {
    format!(
        "https://wa.me/{}",
        phone
            .chars()
            .filter(char::is_ascii_digit)
            .collect::<String>()
    )
}
