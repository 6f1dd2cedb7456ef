//! The partnership page: its sections.

use minijinja::{Value, context};

use super::{RenderContext, bilingual, v};

pub(super) fn data(cx: &RenderContext) -> Value {
    let lang = cx.lang;
    let sections: Vec<_> = cx
        .content
        .copy
        .partnership
        .sections
        .iter()
        .map(|s| bilingual(s, lang))
        .collect();
    context! { sections => v(&sections) }
}
