//! The destinations: the list grouped by country (`/destinations`), and each destination's
//! page (`/destinations/{slug}`) with its guide and its meta fields' Arabic fall-backs.

use minijinja::{Value, context};
use serde::Serialize;

use super::{PageMeta, RenderContext, v};
use crate::localized::Localized;
use crate::model::{Destination, pick};
use crate::picture::{Picture, Slot};
use crate::routes::Lang;

/// The countries in the order of their first destination, each with its destinations in
/// display order.
pub(super) fn list(cx: &RenderContext) -> Value {
    let mut groups: Vec<Group> = Vec::new();
    for destination in &cx.data.destinations {
        let card = Card::new(destination, cx.lang);
        match groups.iter_mut().find(|g| g.code == destination.country) {
            Some(group) => group.destinations.push(card),
            None => groups.push(Group {
                code: destination.country.clone(),
                destinations: vec![card],
            }),
        }
    }
    context! { groups => v(&groups) }
}

/// A destination's page: `None` when it is gone.
pub(super) fn page(cx: &RenderContext, slug: &str, meta: &mut PageMeta) -> Option<Value> {
    let lang = cx.lang;
    let destination = cx.data.destinations.iter().find(|d| d.slug == slug)?;
    let name = pick(lang, &destination.name, destination.name_ar.as_deref());
    let summary = pick(
        lang,
        &destination.summary,
        destination.summary_ar.as_deref(),
    );
    meta.title = text(lang, &destination.meta_title, &destination.meta_title_ar)
        .unwrap_or_else(|| format!("{} | {}", name.text(), cx.shared.string("site.name")));
    meta.description = text(
        lang,
        &destination.meta_description,
        &destination.meta_description_ar,
    )
    .unwrap_or_else(|| summary.text().to_owned());
    let hero = Picture::new(
        &destination.image_url,
        destination.image.as_ref(),
        Slot::Hero,
        true,
        lang,
    );
    meta.image = Some(super::absolute(&cx.config.site_url, &hero.src));
    let body = pick(
        lang,
        &destination.description,
        destination.description_ar.as_deref(),
    );
    let body_lang = body.lang(lang);
    let html = body
        .map(|html| crate::picture::figures(&html, |_| None, lang, body_lang))
        .into_markup();
    Some(context! {
        name => v(&name), summary => v(&summary), html => v(&html), image => v(&hero),
        country => &destination.country,
    })
}

/// A meta field in `lang`: the Arabic twin on an Arabic page, else the English; `None` when
/// neither has text (the page then uses what the visitor sees).
fn text(lang: Lang, en: &Option<String>, ar: &Option<String>) -> Option<String> {
    let filled = |t: &Option<String>| {
        t.as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
    };
    match lang {
        Lang::Ar => filled(ar).or_else(|| filled(en)),
        Lang::En => filled(en),
    }
}

/// A country's destinations (the template names the country, from its code, in the page's
/// strings).
#[derive(Serialize)]
struct Group {
    code: String,
    destinations: Vec<Card>,
}

/// A destination as the list shows it.
#[derive(Serialize)]
struct Card {
    id: i32,
    name: Localized,
    summary: Localized,
    image: Picture,
    url: String,
}

impl Card {
    fn new(d: &Destination, lang: Lang) -> Card {
        Card {
            id: d.id,
            name: pick(lang, &d.name, d.name_ar.as_deref()),
            summary: pick(lang, &d.summary, d.summary_ar.as_deref()),
            image: Picture::new(&d.image_url, d.image.as_ref(), Slot::Card, false, lang),
            url: d.route().url(lang),
        }
    }
}
