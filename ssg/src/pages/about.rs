//! The about page: its image and cards.

use minijinja::{Value, context};

use super::{RenderContext, bilingual, v};

pub(super) fn data(cx: &RenderContext) -> Value {
    let lang = cx.lang;
    let about = &cx.content.copy.about;
    let cards: Vec<_> = about.cards.iter().map(|c| bilingual(c, lang)).collect();
    context! { image => about.image.clone(), cards => v(&cards) }
}
