//! The airport page: the services at the airport.

use minijinja::{Value, context};

use super::{RenderContext, bilingual, v};

pub(super) fn data(cx: &RenderContext) -> Value {
    let lang = cx.lang;
    let services: Vec<serde_json::Value> = cx
        .content
        .copy
        .airport
        .services
        .iter()
        .map(|s| bilingual(s, lang))
        .collect();
    context! { services => v(&services) }
}
