//! The blog listing pages (`/blogs`, `/blogs/page/{n}`), and the blog card every listing shows.

use minijinja::{Value, context};
use serde::Serialize;
use serde_json::json;

use super::{PageMeta, RenderContext, v};
use crate::model::{BlogCard, pick};
use crate::picture::{Picture, Slot};
use crate::plan::{cards_shown, listing_pages};
use crate::routes::Route;
use crate::text::{interpolate, long_date, truncate};

pub(super) fn data(cx: &RenderContext, page: u32, meta: &mut PageMeta) -> Value {
    let (data, lang) = (cx.data, cx.lang);
    if page > 1 {
        meta.title = format!(
            "{} · {}",
            meta.title,
            interpolate(
                &cx.shared.string("blogs.page"),
                &[("page", page.to_string())]
            )
        );
    }
    let pages = listing_pages(data.blogs.len());
    let cards: Vec<CardView> = cards_shown(&Route::Blogs(page), data)
        .iter()
        .map(|b| CardView::new(cx, b))
        .collect();
    let url = |n: u32| Route::Blogs(n).url(lang);
    let numbers: Vec<serde_json::Value> = (1..=pages)
        .map(|n| json!({ "n": n, "url": url(n), "current": n == page }))
        .collect();
    context! {
        cards => v(&cards), page => page, pages => pages,
        prev => (page > 1).then(|| url(page - 1)), next => (page < pages).then(|| url(page + 1)),
        numbers => v(&numbers),
    }
}

/// Specification section 9: a card's preview is its text's first 200 characters.
pub(crate) const PREVIEW_LENGTH: usize = 200;

/// A blog card: what listings show, never the body's markup.
#[derive(Serialize)]
pub(crate) struct CardView {
    id: i32,
    name: String,
    /// The opening of the description's plain text ([`PREVIEW_LENGTH`]).
    preview: String,
    /// The whole plain text, for Read More: only when it is longer than the preview.
    text: Option<String>,
    image: Picture,
    url: String,
    date: String,
}

impl CardView {
    /// `b`'s card in `cx`'s language. The text comes from the blog's body (should the body be
    /// gone, deleted since the data was read, the card has none until the next publish).
    pub(crate) fn new(cx: &RenderContext, b: &BlogCard) -> Self {
        let lang = cx.lang;
        let text = (cx.blog)(b.id)
            .map(|blog| blog.text(lang))
            .unwrap_or_default();
        let preview = truncate(&text, PREVIEW_LENGTH);
        CardView {
            id: b.id,
            name: pick(lang, &b.name, b.name_ar.as_deref()).to_owned(),
            text: (preview != text).then_some(text),
            preview,
            image: Picture::new(&b.image_url, b.image.as_ref(), Slot::Card, false),
            url: b.route().url(lang),
            date: long_date(b.created_at, lang),
        }
    }
}
