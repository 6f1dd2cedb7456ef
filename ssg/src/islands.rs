//! Islands: interactive parts of pages, server-rendered into the static HTML and hydrated in
//! the browser (see `site-islands/ISLANDS.md`). The generator asks an [`Islands`]
//! implementation for each island's HTML; [`NodeIslands`] runs the `site-islands` server entry
//! under Node and speaks its JSON-lines protocol.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;

use anyhow::{Context, Result, bail};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::content::hex;
use crate::page::Page;
use crate::routes::Lang;
use crate::text::escape_html;

pub trait Islands: Send + Sync {
    /// The island's markup wrapped for the browser loader, or `None` when no island renderer
    /// is available (the page then simply has no such island).
    fn render(&self, name: &str, lang: Lang, props: &serde_json::Value) -> Result<Option<String>>;
    /// Called before a render with the string tables the pages use (after overrides).
    fn prepare(&self, _strings: &[(Lang, serde_json::Value); 2]) -> Result<()> {
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
    fn render(&self, _: &str, _: Lang, _: &serde_json::Value) -> Result<Option<String>> {
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

/// `<div class="island" …>` around an island's server-rendered markup.
pub fn wrap(name: &str, hydrate: &str, props: &serde_json::Value, html: &str) -> String {
    let props = escape_html(&props.to_string());
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

#[derive(Deserialize)]
struct Reply {
    #[serde(default)]
    html: Option<String>,
    #[serde(default)]
    hydrate: Option<String>,
    #[serde(default)]
    error: Option<String>,
}

struct Process {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next_id: u64,
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct State {
    process: Option<Process>,
    /// Hash of the strings the process was started with.
    strings: String,
    init: String,
    /// Rendered islands by name, language and props; `cached_bytes` of HTML in all.
    cache: HashMap<[u8; 32], String>,
    cached_bytes: usize,
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
    state: Mutex<State>,
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
            state: Mutex::new(State {
                process: None,
                strings: String::new(),
                init: String::new(),
                cache: HashMap::new(),
                cached_bytes: 0,
            }),
        })
    }

    /// The build in `dir` if there is one, else [`NoIslands`] with a warning.
    pub fn open_or_none(dir: &Path) -> Box<dyn Islands> {
        if !dir.join("client/.vite/manifest.json").is_file() {
            eprintln!(
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

    fn spawn(&self, init: &str) -> Result<Process> {
        let mut child = Command::new("node")
            .arg(self.dir.join("server/server.js"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .context("Failed to start node for the islands' server render (is Node installed?)")?;
        let mut stdin = child.stdin.take().context("node stdin")?;
        let stdout = BufReader::new(child.stdout.take().context("node stdout")?);
        stdin.write_all(init.as_bytes())?;
        stdin.write_all(b"\n")?;
        Ok(Process {
            child,
            stdin,
            stdout,
            next_id: 0,
        })
    }

    fn ask(
        process: &mut Process,
        name: &str,
        lang: Lang,
        props: &serde_json::Value,
    ) -> Result<(String, String)> {
        process.next_id += 1;
        let id = process.next_id;
        let request =
            serde_json::json!({ "id": id, "island": name, "lang": lang.code(), "props": props });
        writeln!(process.stdin, "{request}").context("the islands' server render stopped")?;
        process.stdin.flush()?;
        let mut line = String::new();
        if process.stdout.read_line(&mut line)? == 0 {
            bail!("the islands' server render exited");
        }
        let reply: Reply = serde_json::from_str(&line)
            .with_context(|| format!("unreadable reply from the islands' server render: {line}"))?;
        if let Some(error) = reply.error {
            bail!("{error}");
        }
        Ok((
            reply.html.unwrap_or_default(),
            reply.hydrate.unwrap_or_else(|| "visible".into()),
        ))
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
        let mut state = self.state.lock().expect("islands state");
        if state.strings != hash {
            state.process = None;
            state.cache.clear();
            state.cached_bytes = 0;
            state.strings = hash;
            state.init = init;
        }
        Ok(())
    }

    fn render(&self, name: &str, lang: Lang, props: &serde_json::Value) -> Result<Option<String>> {
        let mut key = Sha256::new();
        key.update(name.as_bytes());
        key.update(lang.code().as_bytes());
        key.update(props.to_string().as_bytes());
        let key: [u8; 32] = key.finalize().into();
        let mut state = self.state.lock().expect("islands state");
        if let Some(html) = state.cache.get(&key) {
            return Ok(Some(html.clone()));
        }
        if state.init.is_empty() {
            bail!("islands rendered before prepare()");
        }
        if state.process.is_none() {
            let init = state.init.clone();
            state.process = Some(self.spawn(&init)?);
        }
        let answer = Self::ask(state.process.as_mut().expect("spawned"), name, lang, props);
        let (html, hydrate) = match answer {
            Ok(answer) => answer,
            Err(e) => {
                state.process = None;
                return Err(e.context(format!("island {name} ({})", lang.code())));
            }
        };
        let wrapped = wrap(name, &hydrate, props, &html);
        if state.cached_bytes + wrapped.len() > CACHE_BUDGET {
            state.cache.clear();
            state.cached_bytes = 0;
        }
        state.cached_bytes += wrapped.len();
        state.cache.insert(key, wrapped.clone());
        Ok(Some(wrapped))
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
            &serde_json::json!({"a": "<b>\"&'"}),
            "<p>hi</p>",
        );
        assert!(html.starts_with(r#"<div class="island" data-island="x" data-hydrate="idle" data-props="{&quot;a&quot;:&quot;&lt;b&gt;\&quot;&amp;&#39;&quot;}"><p>hi</p></div>"#), "{html}");
    }
}
