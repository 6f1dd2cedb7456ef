//! The airport page: the services at the airport.

use minijinja::{Value, context};

use super::{RenderContext, bilingual, v};

pub(super) fn data(cx: &RenderContext) -> Value {
    context! { services => v(&services(cx)) }
}

/// The airport services in the page's language (the home page shows them too).
pub(super) fn services<'c>(cx: &RenderContext<'c>) -> Vec<super::CopyView<'c>> {
    cx.content
        .copy
        .airport
        .services
        .iter()
        .map(|s| bilingual(s, cx.lang))
        .collect()
}
