//! An old blog URL: a small page of its own template (no site chrome) that sends the visitor
//! to the blog's current URL.

use minijinja::{Value, context};

use super::{RenderContext, v};
use crate::model::pick;
use crate::routes::Route;

/// Its template (outside the route table: a redirect is not a page of the menu).
pub(crate) const TEMPLATE: &str = "redirect.html";

/// The old route and the template's context; `None` when the blog is gone.
pub(crate) fn context(cx: &RenderContext, slug: &str, blog_id: i32) -> Option<(Route, Value)> {
    let lang = cx.lang;
    let card = cx.data.blog(blog_id)?;
    let from = Route::Blog {
        slug: slug.to_owned(),
        id: blog_id,
    };
    let to = card.route();
    let ctx = context! {
        lang => lang.code(), dir => lang.dir(), url => to.url(lang),
        canonical => format!("{}{}", cx.config.site_url, to.url(lang)),
        title => v(&pick(lang, &card.name, card.name_ar.as_deref())),
    };
    Some((from, ctx))
}
