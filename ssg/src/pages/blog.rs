//! A blog's own page: its body, its meta fields (with the Arabic fall-backs) and its
//! `BlogPosting` JSON-LD.

use minijinja::{Value, context};
use serde_json::json;

use super::{PageMeta, RenderContext, v};
use crate::model::{Blog, pick};
use crate::picture::{Picture, Slot};
use crate::routes::Lang;
use crate::text::{long_date, truncate};

pub(super) fn data(cx: &RenderContext, blog: &Blog, meta: &mut PageMeta) -> Value {
    let (lang, shared) = (cx.lang, cx.shared);
    let card = &blog.card;
    let route = card.route();
    let name = pick(lang, &card.name, card.name_ar.as_deref());
    let fields = BlogMeta::new(blog, lang, &shared.string("site.name"));
    let description = fields.description;
    meta.title = fields.title;
    meta.description = description.clone();
    meta.keywords = fields.keywords;
    meta.og_type = "article";
    let hero = Picture::new(&card.image_url, card.image.as_ref(), Slot::Hero, true, lang);
    // Social cards and search engines get the 1200-wide fallback, not a camera original.
    let image = super::absolute(&cx.config.site_url, &hero.src);
    meta.image = Some(image.clone());
    // Its text (its page marks an English body on an Arabic page as English), its images as
    // pictures with what the media library says of them.
    let body = pick(lang, &blog.description, blog.description_ar.as_deref());
    let body_lang = body.lang(lang);
    let html = body
        .map(|html| {
            crate::picture::figures(&html, |url| card.body_images.get(url), lang, body_lang)
        })
        .into_markup();
    let json_ld = json!({
        "@context": "https://schema.org", "@type": "BlogPosting", "headline": name.text(), "description": description,
        "image": image, "inLanguage": lang.code(),
        "datePublished": card.created_at.to_rfc3339(), "dateModified": card.updated_at.to_rfc3339(),
        "mainEntityOfPage": format!("{}{}", cx.config.site_url, route.url(lang)),
        "author": { "@type": "Organization", "name": shared.string("site.name") },
        "publisher": { "@type": "Organization", "name": shared.string("site.name") },
    });
    context! {
        name => v(&name), html => v(&html), image => v(&hero),
        date => long_date(card.created_at, lang), json_ld => v(&json_ld),
    }
}

/// A blog page's `<title>`, description and keywords (docs/decisions.md, "Arabic meta
/// fields"). Each takes its meta field; when that is empty, the text the visitor sees (the name,
/// the excerpt; keywords have none). An Arabic page takes the Arabic twins, and the English
/// field only for want of Arabic: the title and description when neither twin has text, the
/// keywords only when the blog has no Arabic at all.
struct BlogMeta {
    title: String,
    description: String,
    keywords: Option<String>,
}

/// Characters of the excerpt a description without a meta description keeps.
const META_DESCRIPTION: usize = 160;

impl BlogMeta {
    fn new(blog: &Blog, lang: Lang, site_name: &str) -> Self {
        let card = &blog.card;
        let named = |name: &str| format!("{name} | {site_name}");
        let opening = |excerpt: &str| truncate(excerpt, META_DESCRIPTION);
        let english = BlogMeta {
            title: text(Some(&blog.meta_title)).map_or_else(|| named(&card.name), str::to_owned),
            description: text(Some(&blog.meta_description))
                .map_or_else(|| opening(&blog.excerpt), str::to_owned),
            keywords: text(Some(&blog.key_words)).map(str::to_owned),
        };
        if lang == Lang::En {
            return english;
        }
        let has_arabic = [
            &card.name_ar,
            &blog.excerpt_ar,
            &blog.meta_title_ar,
            &blog.meta_description_ar,
            &blog.key_words_ar,
        ]
        .into_iter()
        .any(|field| text(field.as_deref()).is_some());
        BlogMeta {
            title: text(blog.meta_title_ar.as_deref())
                .map(str::to_owned)
                .or_else(|| text(card.name_ar.as_deref()).map(named))
                .unwrap_or(english.title),
            description: text(blog.meta_description_ar.as_deref())
                .map(str::to_owned)
                .or_else(|| text(blog.excerpt_ar.as_deref()).map(opening))
                .unwrap_or(english.description),
            keywords: match text(blog.key_words_ar.as_deref()) {
                Some(keywords) => Some(keywords.to_owned()),
                None if has_arabic => None,
                None => english.keywords,
            },
        }
    }
}

/// A field that has text, without its surrounding white space.
fn text(field: Option<&str>) -> Option<&str> {
    field.map(str::trim).filter(|t| !t.is_empty())
}
