//! The pages: one route table ([`kind`]) that names each page's template, meta strings and
//! main-menu entry, and one module per kind of page that builds the `data` its template reads.
//! Everything a page is built from travels in a [`RenderContext`].

mod about;
mod airport;
mod blog;
mod blogs;
mod destinations;
mod document;
mod home;
pub(crate) mod not_found;
mod partnership;
pub(crate) mod redirect;
mod service;
mod shared;

use std::collections::BTreeMap;

use minijinja::Value;
use serde::Serialize;

pub(crate) use self::service::ServiceView;
pub(crate) use self::shared::Shared;
use crate::config::SiteConfig;
use crate::content::Content;
use crate::localized::Localized;
use crate::model::{Blog, SiteData, pick};
use crate::routes::{Lang, Route};

/// What a page is rendered with: its template, the key of its `meta.*` strings (title and
/// description) and the main-menu entry it belongs to (`""`: none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Kind {
    pub template: &'static str,
    pub meta: &'static str,
    pub section: &'static str,
}

/// The route table: every kind of page of the site.
pub(crate) fn kind(route: &Route) -> Kind {
    let (template, meta, section) = match route {
        Route::Home => ("home.html", "home", ""),
        Route::About => ("about.html", "about", "about"),
        Route::Services => ("services.html", "services", "services"),
        Route::Service(_) => ("service.html", "services", "services"),
        Route::Airport => ("airport.html", "airport", "airport"),
        Route::Partnership => ("partnership.html", "partnership", "partnership"),
        Route::Contact => ("contact.html", "contact", "contact"),
        Route::Document("privacy-policy") => ("document.html", "privacy", ""),
        Route::Document("terms-services") => ("document.html", "terms", ""),
        Route::Document(_) => ("document.html", "cookies", ""),
        Route::Blogs(_) => ("blogs.html", "blogs", "blogs"),
        Route::Blog { .. } => ("blog.html", "blogs", "blogs"),
        Route::Destinations => ("destinations.html", "destinations", "destinations"),
        Route::Destination(_) => ("destination.html", "destinations", "destinations"),
        Route::Search => ("search.html", "search", "search"),
    };
    Kind {
        template,
        meta,
        section,
    }
}

/// Everything a page's data is built from (one per page and language).
pub(crate) struct RenderContext<'a> {
    pub content: &'a Content,
    pub config: &'a SiteConfig,
    /// Artwork by name, as its content-hashed URL.
    pub media: &'a BTreeMap<String, String>,
    pub data: &'a SiteData,
    pub lang: Lang,
    /// What every page of `lang` shares.
    pub shared: &'a Shared,
    /// A blog with its body, by id.
    pub blog: &'a (dyn Fn(i32) -> Option<Blog> + Sync),
}

/// The page at `route`: the route it is written to, its meta and its template's `data`; `None`
/// when the data has no such page (a service or blog deleted since the plan).
pub(crate) fn page(cx: &RenderContext, route: &Route) -> Option<(Route, PageMeta, Value)> {
    // A blog's page goes where its current card says.
    let blog = match route {
        Route::Blog { id, .. } => Some((cx.blog)(*id)?),
        _ => None,
    };
    let route = blog
        .as_ref()
        .map_or_else(|| route.clone(), |b| b.card.route());
    let mut meta = cx
        .shared
        .meta(kind(&route).meta, route.clone(), cx.lang, cx.config);
    let data = match &route {
        Route::Home => home::data(cx),
        Route::About => about::data(cx),
        Route::Services | Route::Contact | Route::Search => Value::UNDEFINED,
        Route::Service(id) => service::data(cx, *id, &mut meta)?,
        Route::Airport => airport::data(cx),
        Route::Partnership => partnership::data(cx),
        Route::Document(name) => document::data(cx, name),
        Route::Blogs(n) => blogs::data(cx, *n, &mut meta),
        Route::Blog { .. } => blog::data(cx, blog.as_ref()?, &mut meta),
        Route::Destinations => destinations::list(cx),
        Route::Destination(slug) => destinations::page(cx, slug, &mut meta)?,
    };
    Some((route, meta, data))
}

#[derive(Serialize, Clone)]
pub(crate) struct Alternate {
    hreflang: &'static str,
    href: String,
}

/// The `<head>` of a page: title, description, canonical and alternate URLs, Open Graph.
#[derive(Serialize, Clone)]
pub(crate) struct PageMeta {
    pub title: String,
    pub description: String,
    pub canonical: Option<String>,
    pub alternates: Vec<Alternate>,
    pub x_default: String,
    pub keywords: Option<String>,
    pub og_type: &'static str,
    pub image: Option<String>,
    pub noindex: bool,
}

/// A piece of structured copy of `content/` (a card, a section) in a page's language.
#[derive(Serialize)]
pub(crate) struct CopyView<'a> {
    key: &'a str,
    title: Localized,
    text: Localized,
    image: &'a Option<String>,
    items: Vec<Localized>,
}

/// Structured copy of `content/` in `lang` (written in both languages; an Arabic text that is
/// missing falls back to the English, as content does).
fn bilingual(b: &crate::content::Bilingual, lang: Lang) -> CopyView<'_> {
    let items = match lang {
        Lang::Ar if !b.items_ar.is_empty() => (&b.items_ar, Lang::Ar),
        _ => (&b.items, Lang::En),
    };
    CopyView {
        key: &b.key,
        title: pick(lang, &b.title, Some(&b.title_ar)),
        text: pick(lang, &b.text, Some(&b.text_ar)),
        image: &b.image,
        items: items
            .0
            .iter()
            .map(|item| Localized::new(item, items.1, lang))
            .collect(),
    }
}

/// `url` as an absolute URL of the site (URLs of other hosts as they are).
pub(crate) fn absolute(site: &str, url: &str) -> String {
    if url.starts_with('/') {
        format!("{site}{url}")
    } else {
        url.to_owned()
    }
}

/// A serialisable value as a template value.
pub(crate) fn v<T: Serialize>(value: &T) -> Value {
    Value::from(minijinja::value::Serde(value))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::kind;
    use crate::plan::FIXED;
    use crate::routes::Route;

    #[test]
    fn the_route_table_gives_every_fixed_page_its_own_template_or_strings() {
        let rows: Vec<_> = FIXED.iter().map(|route| (route, kind(route))).collect();

        let distinct: BTreeSet<(&str, &str)> =
            rows.iter().map(|(_, k)| (k.template, k.meta)).collect();
        assert_eq!(distinct.len(), FIXED.len(), "no two fixed pages alike");
        for (route, kind) in &rows {
            assert!(
                crate::templates::Templates::Embedded
                    .files("templates")
                    .expect("templates")
                    .iter()
                    .any(|(name, _)| name == kind.template),
                "{route:?}: {} exists",
                kind.template
            );
        }
    }

    #[test]
    fn pages_of_one_menu_entry_share_it() {
        let cases = [
            (Route::Service(3), "services", "a service under Services"),
            (Route::Blogs(2), "blogs", "a listing page under Blogs"),
            (
                Route::Blog {
                    slug: "a".into(),
                    id: 1,
                },
                "blogs",
                "a blog under Blogs",
            ),
            (Route::Airport, "airport", "the airport page its own"),
            (
                Route::Destination("doha".into()),
                "destinations",
                "a destination under Destinations",
            ),
            (Route::Home, "", "home none"),
            (Route::Document("cookies-policy"), "", "documents none"),
        ];
        for (route, section, case) in cases {
            assert_eq!(kind(&route).section, section, "{case}");
        }
    }
}
