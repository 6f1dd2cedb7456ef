//! Islands: interactive parts of pages, server-rendered into the static HTML and hydrated in
//! the browser (see `site-islands/ISLANDS.md`). The generator asks an [`Islands`]
//! implementation for each island's HTML; [`NodeIslands`] runs the `site-islands` server entry
//! under Node and speaks its JSON-lines protocol, with a small pool of renderer processes
//! ([`pool`]) behind a cache of rendered islands.

mod pool;

use std::collections::{HashMap, HashSet};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex};

use anyhow::{Context, Result, bail};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::content::hex;
use crate::page::Page;
use crate::routes::Lang;
use crate::text::escape_html;
use pool::Pool;

pub trait Islands: Send + Sync {
    /// The island's markup wrapped for the browser loader, or `None` when no island renderer
    /// is available (the page then simply has no such island). `props` is JSON text, made once
    /// per island by the template (a listing page's cards are tens of kilobytes of it: it is
    /// hashed for the cache, sent to the renderer and escaped into the page as it is).
    fn render(&self, name: &str, lang: Lang, props: &str) -> Result<Option<String>>;
    /// Called before a render with the string tables the pages use (after overrides).
    fn prepare(&self, _strings: &[(Lang, serde_json::Value); 2]) -> Result<()> {
        Ok(())
    }
    /// Gets ready to render (a long-running server calls this at its start, so its first
    /// publish does not wait for a renderer to boot).
    fn warm(&self) -> Result<()> {
        Ok(())
    }
    /// Tags for the `<head>` of every page (loader script, stylesheets).
    fn head(&self) -> String;
    /// URLs of the web fonts the islands' stylesheet declares (`.woff2`), so templates can
    /// preload the faces a page shows first.
    fn fonts(&self) -> Vec<String> {
        Vec::new()
    }
    /// The client bundles, to copy into the site.
    fn assets(&self) -> Result<Vec<Page>>;
    /// Changes when the island bundles change.
    fn fingerprint(&self) -> String;
    /// True when pages get islands.
    fn enabled(&self) -> bool;
}

/// No islands: static pages only (tests, or a checkout whose islands are not built).
pub struct NoIslands;

impl Islands for NoIslands {
    fn render(&self, _: &str, _: Lang, _: &str) -> Result<Option<String>> {
        Ok(None)
    }

    fn head(&self) -> String {
        String::new()
    }

    fn assets(&self) -> Result<Vec<Page>> {
        Ok(Vec::new())
    }

    fn fingerprint(&self) -> String {
        "none".into()
    }

    fn enabled(&self) -> bool {
        false
    }
}

/// `<div class="island" …>` around an island's server-rendered markup; `props` is JSON text.
pub fn wrap(name: &str, hydrate: &str, props: &str, html: &str) -> String {
    let props = escape_html(props);
    format!(
        r#"<div class="island" data-island="{name}" data-hydrate="{hydrate}" data-props="{props}">{html}</div>"#
    )
}

#[derive(Deserialize)]
struct ManifestEntry {
    file: String,
    #[serde(default)]
    css: Vec<String>,
    #[serde(default)]
    assets: Vec<String>,
}

/// What the renderers have rendered, for the string tables they were started with.
struct Cache {
    /// Hash of the `init` line (the string tables); empty before the first `prepare`.
    strings: String,
    /// Changes with `strings`: a render begun with other tables is not kept.
    generation: u64,
    /// Rendered islands by name, language and props; `bytes` of HTML in all.
    html: HashMap<[u8; 32], String>,
    bytes: usize,
    /// Islands a renderer is working on: a page that wants one of them waits for that answer
    /// (every page's footer asks for the same island as the first pages render at once).
    rendering: HashSet<[u8; 32]>,
}

/// Most bytes of rendered islands kept. The islands every page shares (the footer's) are small
/// and always kept; one-off renders (a listing page's cards) come and go.
const CACHE_BUDGET: usize = 4 * 1024 * 1024;

/// Islands rendered by the `site-islands` build under Node.
pub struct NodeIslands {
    dir: PathBuf,
    loader: String,
    /// `<style>` or `<link rel="stylesheet">` for each stylesheet of the loader.
    css: Vec<String>,
    fonts: Vec<String>,
    fingerprint: String,
    cache: Mutex<Cache>,
    /// Signalled when a render ends (see [`Cache::rendering`]).
    rendered: Condvar,
    renderers: Pool,
}

/// Where the islands' client assets live in the site.
pub const ASSET_BASE: &str = "/assets/islands/";

impl NodeIslands {
    /// Opens a `site-islands/dist` build: `client/.vite/manifest.json` and `server/server.js`.
    pub fn open(dir: &Path) -> Result<NodeIslands> {
        let manifest_path = dir.join("client/.vite/manifest.json");
        let manifest = std::fs::read(&manifest_path)
            .with_context(|| format!("Failed to read {}", manifest_path.display()))?;
        let server = std::fs::read(dir.join("server/server.js")).with_context(|| {
            format!("Failed to read {}", dir.join("server/server.js").display())
        })?;
        let entries: HashMap<String, ManifestEntry> =
            serde_json::from_slice(&manifest).context("the islands manifest is not valid")?;
        let loader = entries
            .get("src/loader.ts")
            .context("the islands manifest has no src/loader.ts entry")?;
        let mut hasher = Sha256::new();
        hasher.update(&manifest);
        hasher.update(&server);
        Ok(NodeIslands {
            dir: dir.to_path_buf(),
            loader: format!("{ASSET_BASE}{}", loader.file.trim_start_matches("assets/")),
            css: loader
                .css
                .iter()
                .map(|c| stylesheet(dir, c))
                .collect::<Result<_>>()?,
            fonts: loader
                .assets
                .iter()
                .filter(|a| a.ends_with(".woff2"))
                .map(|a| format!("{ASSET_BASE}{}", a.trim_start_matches("assets/")))
                .collect(),
            fingerprint: hex(&hasher.finalize()[..10]),
            cache: Mutex::new(Cache {
                strings: String::new(),
                generation: 0,
                html: HashMap::new(),
                bytes: 0,
                rendering: HashSet::new(),
            }),
            rendered: Condvar::new(),
            renderers: Pool::new(dir.join("server/server.js"), pool::default_size()),
        })
    }

    /// The build in `dir` if there is one, else [`NoIslands`] with a warning.
    pub fn open_or_none(dir: &Path) -> Box<dyn Islands> {
        if !dir.join("client/.vite/manifest.json").is_file() {
            // Not `eprintln!`: a server whose stderr cannot be written still starts.
            let _ = writeln!(
                std::io::stderr(),
                "concierge: islands are not built ({} missing): pages will have no forms or carousels; run `just islands-build`",
                dir.display()
            );
            return Box::new(NoIslands);
        }
        match NodeIslands::open(dir) {
            Ok(islands) => Box::new(islands),
            Err(e) => {
                eprintln!("concierge: islands unusable: {e:#}");
                Box::new(NoIslands)
            }
        }
    }

    /// The same build with `size` renderer processes at most (the default: one per core, at
    /// most [`pool::MAX_RENDERERS`]).
    pub fn with_renderers(mut self, size: usize) -> NodeIslands {
        self.renderers = Pool::new(self.dir.join("server/server.js"), size);
        self
    }
}

impl Islands for NodeIslands {
    fn prepare(&self, strings: &[(Lang, serde_json::Value); 2]) -> Result<()> {
        let tables: serde_json::Map<String, serde_json::Value> = strings
            .iter()
            .map(|(l, v)| (l.code().to_owned(), v.clone()))
            .collect();
        let init = serde_json::json!({ "type": "init", "strings": tables }).to_string();
        let hash = hex(&Sha256::digest(init.as_bytes()));
        let mut cache = self.cache.lock().expect("islands cache");
        if cache.strings != hash {
            cache.html.clear();
            cache.bytes = 0;
            cache.strings = hash;
            cache.generation += 1;
            self.renderers.restart(init);
        }
        Ok(())
    }

    fn render(&self, name: &str, lang: Lang, props: &str) -> Result<Option<String>> {
        let mut key = Sha256::new();
        key.update(name.as_bytes());
        key.update(lang.code().as_bytes());
        key.update(props.as_bytes());
        let key: [u8; 32] = key.finalize().into();
        let generation = {
            let mut cache = self.cache.lock().expect("islands cache");
            loop {
                if let Some(html) = cache.html.get(&key) {
                    return Ok(Some(html.clone()));
                }
                if cache.strings.is_empty() {
                    bail!("islands rendered before prepare()");
                }
                if cache.rendering.insert(key) {
                    break cache.generation;
                }
                cache = self.rendered.wait(cache).expect("islands cache");
            }
        };
        // No lock is held while a renderer works: other pages' islands render meanwhile.
        let answer = self
            .renderers
            .render(name, lang, props)
            .map(|(html, hydrate)| wrap(name, &hydrate, props, &html));
        let mut cache = self.cache.lock().expect("islands cache");
        cache.rendering.remove(&key);
        self.rendered.notify_all();
        // After an error, the pages that waited for this render ask again themselves.
        let wrapped = answer.map_err(|e| e.context(format!("island {name} ({})", lang.code())))?;
        if cache.generation == generation {
            if cache.bytes + wrapped.len() > CACHE_BUDGET {
                cache.html.clear();
                cache.bytes = 0;
            }
            cache.bytes += wrapped.len();
            if let Some(replaced) = cache.html.insert(key, wrapped.clone()) {
                cache.bytes -= replaced.len();
            }
        }
        Ok(Some(wrapped))
    }

    fn warm(&self) -> Result<()> {
        self.renderers.warm()
    }

    fn head(&self) -> String {
        let mut head = format!(r#"<script type="module" src="{}"></script>"#, self.loader);
        for css in &self.css {
            head.push_str(css);
        }
        head
    }

    fn fonts(&self) -> Vec<String> {
        self.fonts.clone()
    }

    fn assets(&self) -> Result<Vec<Page>> {
        let root = self.dir.join("client/assets");
        if !root.is_dir() {
            return Ok(Vec::new());
        }
        crate::walk::files(&root)?
            .into_iter()
            .map(|name| {
                let path = root.join(&name);
                Ok(Page {
                    path: format!("assets/islands/{name}"),
                    bytes: std::fs::read(&path)
                        .with_context(|| format!("Failed to read {}", path.display()))?,
                })
            })
            .collect()
    }

    fn fingerprint(&self) -> String {
        self.fingerprint.clone()
    }

    fn enabled(&self) -> bool {
        true
    }
}

/// Largest islands stylesheet inlined into each page (the web fonts' `@font-face` rules, about
/// 3 kB): one render-blocking request fewer. A larger one stays a link.
const INLINE_CSS_MAX: usize = 8 * 1024;

/// The head tag for one stylesheet of the manifest (`assets/loader-HASH.css`).
fn stylesheet(dir: &Path, file: &str) -> Result<String> {
    let path = dir.join("client").join(file);
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("Failed to read {}", path.display()))?;
    if text.len() <= INLINE_CSS_MAX && !text.contains("</") {
        return Ok(format!("<style>{}</style>", text.trim_end()));
    }
    Ok(format!(
        r#"<link rel="stylesheet" href="{ASSET_BASE}{}">"#,
        file.trim_start_matches("assets/")
    ))
}

#[cfg(test)]
mod tests {
    use super::{INLINE_CSS_MAX, stylesheet, wrap};

    #[test]
    fn a_small_stylesheet_is_inlined_and_a_large_one_linked() {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(dir.path().join("client/assets")).expect("assets dir");
        let small = "@font-face{font-family:X;src:url(/assets/islands/x.woff2)}\n";
        std::fs::write(dir.path().join("client/assets/small.css"), small).expect("write");
        let large = format!("a{{color:red}}{}", " ".repeat(INLINE_CSS_MAX));
        std::fs::write(dir.path().join("client/assets/large.css"), large).expect("write");

        assert_eq!(
            stylesheet(dir.path(), "assets/small.css").expect("small"),
            "<style>@font-face{font-family:X;src:url(/assets/islands/x.woff2)}</style>"
        );
        assert_eq!(
            stylesheet(dir.path(), "assets/large.css").expect("large"),
            r#"<link rel="stylesheet" href="/assets/islands/large.css">"#
        );
    }

    #[test]
    fn props_are_escaped_into_the_attribute() {
        let html = wrap(
            "x",
            "idle",
            &serde_json::json!({"a": "<b>\"&'"}).to_string(),
            "<p>hi</p>",
        );
        assert!(html.starts_with(r#"<div class="island" data-island="x" data-hydrate="idle" data-props="{&quot;a&quot;:&quot;&lt;b&gt;\&quot;&amp;&#39;&quot;}"><p>hi</p></div>"#), "{html}");
    }
}
