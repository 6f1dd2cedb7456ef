//! A policy page (privacy, terms, cookies), rendered from Markdown in `content/pages`.

use minijinja::{Value, context};

use super::{RenderContext, v};

pub(super) fn data(cx: &RenderContext, name: &'static str) -> Value {
    let doc = &cx.content.documents[&(cx.lang, name.to_owned())];
    context! { document => v(doc), kind => name }
}
