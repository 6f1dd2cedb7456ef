//! An old URL (a renamed blog's or destination's): a small page of its own template (no site
//! chrome) that sends the visitor to the current URL.

use minijinja::{Value, context};

use super::{RenderContext, v};
use crate::model::pick;
use crate::routes::Route;

/// Its template (outside the route table: a redirect is not a page of the menu).
pub(crate) const TEMPLATE: &str = "redirect.html";

/// The old route and the template's context; `None` when the blog is gone.
pub(crate) fn context(cx: &RenderContext, slug: &str, blog_id: i32) -> Option<(Route, Value)> {
    let card = cx.data.blog(blog_id)?;
    let from = Route::Blog {
        slug: slug.to_owned(),
        id: blog_id,
    };
    let name = pick(cx.lang, &card.name, card.name_ar.as_deref());
    Some((from, to(cx, &card.route(), &name)))
}

/// The same for a destination's old URL; `None` when the destination is gone.
pub(crate) fn moved(cx: &RenderContext, slug: &str, id: i32) -> Option<(Route, Value)> {
    let destination = cx.data.destinations.iter().find(|d| d.id == id)?;
    let name = pick(cx.lang, &destination.name, destination.name_ar.as_deref());
    let from = Route::Destination(slug.to_owned());
    Some((from, to(cx, &destination.route(), &name)))
}

fn to(cx: &RenderContext, route: &Route, name: &crate::localized::Localized) -> Value {
    let lang = cx.lang;
    context! {
        lang => lang.code(), dir => lang.dir(), url => route.url(lang),
        canonical => format!("{}{}", cx.config.site_url, route.url(lang)),
        title => v(name),
    }
}
