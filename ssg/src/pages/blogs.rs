//! The blog listing pages (`/blogs`, `/blogs/page/{n}`), and the blog card every listing shows.

use minijinja::{Value, context};
use serde::Serialize;
use serde_json::json;

use super::{PageMeta, RenderContext, v};
use crate::localized::Localized;
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
    let numbers: Vec<serde_json::Value> = page_numbers(page, pages)
        .into_iter()
        .map(|n| match n {
            Some(n) => json!({ "n": n, "url": url(n), "current": n == page, "gap": false }),
            None => json!({ "gap": true }),
        })
        .collect();
    context! {
        cards => v(&cards), page => page, pages => pages,
        prev => (page > 1).then(|| url(page - 1)), next => (page < pages).then(|| url(page + 1)),
        numbers => v(&numbers),
    }
}

/// The page numbers a listing page links to: the first, the last, and two on each side of
/// `page`, a gap (`None`) where numbers are left out. However many pages the site has, a page
/// names at most nine, so neither a visitor nor a publish pays for the whole list on every
/// page (at 50,000 blogs every listing page linked to all 4,172 others: 231 KB each, and a
/// full build rendered 35 million links).
pub(crate) fn page_numbers(page: u32, pages: u32) -> Vec<Option<u32>> {
    const AROUND: u32 = 2;
    let near = |n: u32| n == 1 || n == pages || n.abs_diff(page) <= AROUND;
    // A gap would stand for a single number: the number says more in the same space.
    let shown = |n: u32| near(n) || (n > 1 && near(n - 1) && near(n + 1));
    let mut numbers = Vec::new();
    for n in 1..=pages {
        if shown(n) {
            numbers.push(Some(n));
        } else if numbers.last().is_some_and(Option::is_some) {
            numbers.push(None);
        }
    }
    numbers
}

/// Specification section 9: a card's preview is its text's first 200 characters.
pub(crate) const PREVIEW_LENGTH: usize = 200;

/// A blog card: what listings show, never the body's markup.
#[derive(Serialize)]
pub(crate) struct CardView {
    id: i32,
    name: Localized,
    /// The opening of the description's plain text ([`PREVIEW_LENGTH`]).
    preview: Localized,
    /// The whole plain text, for Read More: only when it is longer than the preview (in the
    /// preview's language, which marks the paragraph that shows both).
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
            .unwrap_or_else(|| Localized::new("", lang, lang));
        let preview = text.clone().map(|text| truncate(&text, PREVIEW_LENGTH));
        CardView {
            id: b.id,
            name: pick(lang, &b.name, b.name_ar.as_deref()),
            text: (preview.text() != text.text()).then(|| text.into_text()),
            preview,
            image: Picture::new(&b.image_url, b.image.as_ref(), Slot::Card, false, lang),
            url: b.route().url(lang),
            date: long_date(b.created_at, lang),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::page_numbers;

    #[test]
    fn a_listing_page_names_its_neighbours_the_ends_and_gaps_whatever_the_size_of_the_site() {
        let shown = |page, pages| {
            page_numbers(page, pages)
                .iter()
                .map(|n| n.map_or("…".to_owned(), |n| n.to_string()))
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(shown(1, 1), "1");
        assert_eq!(shown(2, 5), "1 2 3 4 5");
        assert_eq!(shown(1, 4172), "1 2 3 … 4172");
        assert_eq!(shown(2000, 4172), "1 … 1998 1999 2000 2001 2002 … 4172");
        assert_eq!(shown(4, 9), "1 2 3 4 5 6 … 9");
        assert_eq!(
            shown(5, 9),
            "1 2 3 4 5 6 7 8 9",
            "a gap never hides a single number"
        );
        assert_eq!(shown(6, 12), "1 … 4 5 6 7 8 … 12");
        assert_eq!(shown(4172, 4172), "1 … 4170 4171 4172");
        for pages in [1, 7, 100, 4172, 100_000] {
            for page in [1, pages / 2 + 1, pages] {
                assert!(page_numbers(page, pages).len() <= 9, "{page} of {pages}");
            }
        }
    }
}
