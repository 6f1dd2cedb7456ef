//! What the site is made of: every output ([`full`]) for a snapshot of the data, and where
//! blogs fall (listing pages, sitemap chunks, the feed). Which outputs a change affects is
//! decided by comparing their inputs' digests ([`crate::manifest`]), not by a diff of the data.

use std::collections::BTreeSet;

use crate::model::SiteData;
use crate::routes::{Lang, Route};

pub const BLOGS_PER_PAGE: usize = 12;
/// Blogs with ids in `[k * SITEMAP_CHUNK, (k + 1) * SITEMAP_CHUNK)` share sitemap chunk `k`.
pub const SITEMAP_CHUNK: i32 = 1000;
pub const FEED_SIZE: usize = 20;
/// Blogs shown on the home page.
pub const HOME_BLOGS: usize = 3;

/// One output, rendered in both languages where it has two.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Target {
    Page(Route),
    /// An old blog URL pointing at the blog's current one.
    Redirect {
        slug: String,
        blog_id: i32,
    },
    NotFound,
    SitemapIndex,
    SitemapPages,
    SitemapBlogs(i32),
    Feeds,
    Robots,
    /// Stylesheet, artwork and shared strings.
    Assets,
}

impl Target {
    /// The files this target writes, relative to the site root.
    pub fn files(&self) -> Vec<String> {
        match self {
            Target::Page(route) => Lang::ALL.iter().map(|l| route.file(*l)).collect(),
            Target::Redirect { slug, blog_id } => {
                let route = Route::Blog {
                    slug: slug.clone(),
                    id: *blog_id,
                };
                Lang::ALL.iter().map(|l| route.file(*l)).collect()
            }
            Target::NotFound => vec!["404.html".into(), "ar/404.html".into()],
            Target::SitemapIndex => vec!["sitemap.xml".into()],
            Target::SitemapPages => vec!["sitemap-pages.xml".into()],
            Target::SitemapBlogs(k) => vec![format!("sitemap-blogs-{k}.xml")],
            Target::Feeds => vec!["feed.xml".into(), "ar/feed.xml".into()],
            Target::Robots => vec!["robots.txt".into()],
            Target::Assets => Vec::new(),
        }
    }
}

pub fn listing_pages(blogs: usize) -> u32 {
    blogs.div_ceil(BLOGS_PER_PAGE).max(1) as u32
}

pub fn sitemap_chunk(blog_id: i32) -> i32 {
    blog_id.div_euclid(SITEMAP_CHUNK)
}

/// Every output of the site for `data`.
pub fn full(data: &SiteData) -> BTreeSet<Target> {
    let mut targets = BTreeSet::new();
    for route in [
        Route::Home,
        Route::About,
        Route::Services,
        Route::Airport,
        Route::Partnership,
        Route::Contact,
    ] {
        targets.insert(Target::Page(route));
    }
    for name in crate::content::DOCUMENTS {
        targets.insert(Target::Page(Route::Document(name)));
    }
    for service in &data.services {
        targets.insert(Target::Page(Route::Service(service.id)));
    }
    for page in 1..=listing_pages(data.blogs.len()) {
        targets.insert(Target::Page(Route::Blogs(page)));
    }
    for blog in &data.blogs {
        targets.insert(Target::Page(blog.route()));
        targets.insert(Target::SitemapBlogs(sitemap_chunk(blog.id)));
    }
    for r in &data.redirects {
        if data.blog(r.blog_id).is_some_and(|b| b.slug != r.slug) {
            targets.insert(Target::Redirect {
                slug: r.slug.clone(),
                blog_id: r.blog_id,
            });
        }
    }
    targets.extend([
        Target::NotFound,
        Target::SitemapIndex,
        Target::SitemapPages,
        Target::Feeds,
        Target::Robots,
        Target::Assets,
    ]);
    targets
}
