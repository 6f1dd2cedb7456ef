//! The page for a URL the site does not have (`404.html`, `ar/404.html`).

use super::{Kind, PageMeta, RenderContext};
use crate::routes::{Lang, Route};

/// The not-found page's row of the route table (it has no route of its own).
pub(crate) const KIND: Kind = Kind {
    template: "not_found.html",
    meta: "notFound",
    section: "",
};

/// The file it is written to.
pub(crate) fn file(lang: Lang) -> &'static str {
    if lang == Lang::Ar {
        "ar/404.html"
    } else {
        "404.html"
    }
}

/// Its meta: no canonical URL, no alternates, never indexed.
pub(crate) fn meta(cx: &RenderContext) -> PageMeta {
    let mut meta = cx.shared.meta(KIND.meta, Route::Home, cx.lang, cx.config);
    meta.canonical = None;
    meta.alternates.clear();
    meta.noindex = true;
    meta
}
