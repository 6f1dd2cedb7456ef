//! Islands: interactive parts of pages, server-rendered into the static HTML and hydrated in
//! the browser. The generator asks an [`Islands`] implementation for each island's HTML; the
//! API wires in the real renderer (the `site-islands` server entry).

use crate::routes::Lang;

pub trait Islands: Send + Sync {
    /// The island's markup, wrapped with what the browser loader needs, or `None` when no
    /// island renderer is available (the page then simply has no such island).
    fn render(
        &self,
        name: &str,
        lang: Lang,
        props: &serde_json::Value,
    ) -> anyhow::Result<Option<String>>;
    /// Tags for the `<head>` of every page (the loader script).
    fn head(&self, lang: Lang) -> String;
    /// Changes when the island bundles change.
    fn fingerprint(&self) -> String;
}

/// No islands: static pages only.
pub struct NoIslands;

impl Islands for NoIslands {
    fn render(&self, _: &str, _: Lang, _: &serde_json::Value) -> anyhow::Result<Option<String>> {
        Ok(None)
    }

    fn head(&self, _: Lang) -> String {
        String::new()
    }

    fn fingerprint(&self) -> String {
        "none".into()
    }
}
