//! What the site is made of: every output ([`full`]) for a snapshot of the data, and where
//! blogs fall (listing pages, sitemap chunks, the feed). Which outputs a change affects is
//! decided by comparing their inputs' digests ([`crate::manifest`]), not by a diff of the data.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::model::{BlogCard, SiteData};
use crate::routes::{Lang, Route};

pub const BLOGS_PER_PAGE: usize = 12;
/// Blogs with ids in `[k * SITEMAP_CHUNK, (k + 1) * SITEMAP_CHUNK)` share sitemap chunk `k`.
/// An edit writes its blog's chunk again (and the index): at 250 blogs a chunk is about 220 kB,
/// where a thousand made every edit write 880 kB; 50,000 blogs make an index of 200 chunks,
/// far below the protocol's 50,000.
pub const SITEMAP_CHUNK: i32 = 250;
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
    /// An old destination URL pointing at the destination's current one.
    Moved {
        slug: String,
        destination_id: i32,
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
    /// Whether this is an item's own page (a service's, a destination's, a blog's): the pages
    /// the others link to (listings, the home page and every page's navigation, old URLs,
    /// sitemaps, feeds). A publish writes these first, so that no link it writes leads, even
    /// for a moment, to a page not written yet.
    pub fn is_item_page(&self) -> bool {
        matches!(
            self,
            Target::Page(Route::Service(_) | Route::Destination(_) | Route::Blog { .. })
        )
    }

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
            Target::Moved { slug, .. } => {
                let route = Route::Destination(slug.clone());
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

/// The pages that exist whatever the data: home, the fixed pages and the policy documents.
pub const FIXED: [Route; 11] = [
    Route::Home,
    Route::About,
    Route::Services,
    Route::Destinations,
    Route::Airport,
    Route::Partnership,
    Route::Contact,
    Route::Document(crate::content::DOCUMENTS[0]),
    Route::Document(crate::content::DOCUMENTS[1]),
    Route::Document(crate::content::DOCUMENTS[2]),
    Route::Search,
];

/// Every page but the blogs' own, in the order the pages' sitemap lists them: the [`FIXED`]
/// pages, a page per service, a page per destination, the listing pages.
pub fn pages(data: &SiteData) -> Vec<Route> {
    let mut routes = FIXED.to_vec();
    routes.extend(data.services.iter().map(|s| Route::Service(s.id)));
    routes.extend(data.destinations.iter().map(|d| d.route()));
    routes.extend((1..=listing_pages(data.blogs.len())).map(Route::Blogs));
    routes
}

/// How many [`pages`] there are, counted, not listed.
pub fn pages_count(data: &SiteData) -> usize {
    FIXED.len()
        + data.services.len()
        + data.destinations.len()
        + listing_pages(data.blogs.len()) as usize
}

/// The pages of destinations' old URLs, each once: those of live destinations that now have
/// another URL, and that no live destination has as its own.
pub fn moved(data: &SiteData) -> Vec<Target> {
    let mut seen = BTreeSet::new();
    data.destination_redirects
        .iter()
        .filter(|r| {
            let live = data.destinations.iter().any(|d| d.id == r.destination_id);
            let taken = data.destinations.iter().any(|d| d.slug == r.slug);
            live && !taken && seen.insert(&r.slug)
        })
        .map(|r| Target::Moved {
            slug: r.slug.clone(),
            destination_id: r.destination_id,
        })
        .collect()
}

/// Where the blogs' pages start among the [`outputs`]: after the [`pages`] and the
/// destinations' old URLs.
pub fn blogs_at(data: &SiteData) -> usize {
    pages_count(data) + moved(data).len()
}

/// The blogs whose cards the page at `route` shows: the home page's latest, a listing page's
/// twelve (one rule for the pages, their digests and the bodies a publish loads).
pub fn cards_shown<'d>(route: &Route, data: &'d SiteData) -> &'d [Arc<BlogCard>] {
    let (start, count) = match route {
        Route::Home => (0, HOME_BLOGS),
        Route::Blogs(n) => (
            (*n as usize).saturating_sub(1) * BLOGS_PER_PAGE,
            BLOGS_PER_PAGE,
        ),
        _ => (0, 0),
    };
    let start = start.min(data.blogs.len());
    let end = (start + count).min(data.blogs.len());
    &data.blogs[start..end]
}

/// The blogs the feeds list: the most recently updated [`FEED_SIZE`], newest first (the later
/// id first among equals). From the snapshot's [`crate::summary::Summary`] when it has one
/// (the publisher's does), else one pass over the cards.
pub fn newest(data: &SiteData) -> Vec<&BlogCard> {
    match data.summary() {
        Some(summary) => summary.newest.iter().map(|b| &**b).collect(),
        None => crate::summary::newest_of(&data.blogs)
            .into_iter()
            .map(|b| &**b)
            .collect(),
    }
}

/// Each sitemap chunk that has blogs, in order, with its latest `updated_at`: what the sitemap
/// index lists. From the snapshot's summary when it has one, as [`newest`].
pub fn sitemap_latest(data: &SiteData) -> Vec<(i32, chrono::DateTime<chrono::Utc>)> {
    match data.summary() {
        Some(summary) => summary.sitemap_latest.clone(),
        None => crate::summary::sitemap_latest_of(&data.blogs),
    }
}

/// The cards of sitemap chunk `k`, by id. From the snapshot's summary when it has one, as
/// [`newest`].
pub fn sitemap_cards(data: &SiteData, k: i32) -> crate::summary::Chunk {
    let chunk = match data.summary() {
        Some(summary) => summary.chunks.get(&k).cloned(),
        None => crate::summary::chunks_of(&data.blogs).remove(&k),
    };
    chunk.unwrap_or_default()
}

impl Target {
    /// The blogs whose bodies rendering this target reads: a blog's own page, and every card
    /// a page shows (its Read More text), and the feeds' blogs (their summaries).
    pub fn bodies(&self, data: &SiteData) -> Vec<i32> {
        match self {
            Target::Page(Route::Blog { id, .. }) => vec![*id],
            Target::Feeds => newest(data).iter().map(|b| b.id).collect(),
            Target::Page(route) => cards_shown(route, data).iter().map(|b| b.id).collect(),
            _ => Vec::new(),
        }
    }
}

/// Every output of the site for `data`.
pub fn full(data: &SiteData) -> BTreeSet<Target> {
    outputs(data).into_iter().collect()
}

/// The redirect pages of `old` URLs, in their order, each once: those of live blogs
/// (`slug_of` gives a live blog's current slug) that now have another URL.
pub fn redirects<'s>(
    old: &[crate::model::Redirect],
    slug_of: impl Fn(i32) -> Option<&'s str>,
) -> Vec<Target> {
    let mut seen = BTreeSet::new();
    old.iter()
        .filter(|r| {
            slug_of(r.blog_id).is_some_and(|slug| slug != r.slug)
                && seen.insert((&r.slug, r.blog_id))
        })
        .map(|r| Target::Redirect {
            slug: r.slug.clone(),
            blog_id: r.blog_id,
        })
        .collect()
}

/// Every output of the site for `data`, once each, in an order fixed by the data (pages, the
/// destinations' old URLs, blogs, the blogs' old URLs, the rest): [`full`] without the cost of a sorted set, for the publisher's plan.
pub fn outputs(data: &SiteData) -> Vec<Target> {
    let mut targets: Vec<Target> = pages(data).into_iter().map(Target::Page).collect();
    targets.extend(moved(data));
    let mut chunks = BTreeSet::new();
    targets.reserve(data.blogs.len() + data.redirects.len() + 16);
    for blog in data.blogs.iter() {
        targets.push(Target::Page(blog.route()));
        chunks.insert(sitemap_chunk(blog.id));
    }
    targets.extend(chunks.into_iter().map(Target::SitemapBlogs));
    // Every card by id, only for a site with old URLs (most have none, and this runs on every
    // publish).
    let by_id = match data.redirects.is_empty() {
        true => Default::default(),
        false => data.blogs_by_id(),
    };
    targets.extend(redirects(&data.redirects, |id| {
        by_id.get(&id).map(|b| b.slug.as_str())
    }));
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

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    fn data(services: i32, blogs: i32) -> SiteData {
        SiteData::sample(services, blogs)
    }

    #[test]
    fn every_page_but_a_blog_is_listed_once_and_is_an_output() {
        let data = data(2, 30);

        let pages = pages(&data);
        assert_eq!(pages.len(), pages_count(&data));
        let outputs: BTreeSet<Route> = full(&data)
            .into_iter()
            .filter_map(|t| match t {
                Target::Page(Route::Blog { .. }) => None,
                Target::Page(route) => Some(route),
                _ => None,
            })
            .collect();

        let distinct: BTreeSet<Route> = pages.iter().cloned().collect();
        assert_eq!(distinct.len(), pages.len(), "no page is listed twice");
        assert_eq!(distinct, outputs, "the sitemap's pages are the outputs");
        assert_eq!(
            pages.len(),
            FIXED.len() + 2 + 3,
            "fixed, services, listings"
        );
        let documents = FIXED
            .iter()
            .filter(|r| matches!(r, Route::Document(_)))
            .count();
        assert_eq!(documents, crate::content::DOCUMENTS.len(), "every document");
    }

    #[test]
    fn outputs_are_the_full_set_each_once() {
        let mut data = data(2, 2500);
        data.redirects = vec![
            crate::model::Redirect {
                slug: "old".into(),
                blog_id: 7,
            },
            crate::model::Redirect {
                slug: "old".into(),
                blog_id: 7,
            },
            crate::model::Redirect {
                slug: "b8".into(),
                blog_id: 8,
            },
        ];
        let outputs = outputs(&data);
        let set: BTreeSet<Target> = outputs.iter().cloned().collect();
        assert_eq!(set.len(), outputs.len(), "no output twice");
        assert_eq!(set, full(&data));
        assert!(set.contains(&Target::SitemapBlogs(2)));
        assert!(
            set.contains(&Target::Redirect {
                slug: "old".into(),
                blog_id: 7
            }),
            "an old slug redirects"
        );
        assert!(
            !set.iter()
                .any(|t| matches!(t, Target::Redirect { blog_id: 8, .. })),
            "a blog's current slug is its page, not a redirect"
        );
    }

    #[test]
    fn an_output_reads_the_bodies_of_the_blogs_it_shows_and_no_others() {
        let data = data(1, 30);
        let ids = |target: Target| target.bodies(&data);

        assert_eq!(
            ids(Target::Page(Route::Home)),
            vec![1, 2, 3],
            "the latest three"
        );
        assert_eq!(
            ids(Target::Page(Route::Blogs(2))),
            (13..=24).collect::<Vec<_>>(),
            "the second listing page's twelve"
        );
        assert_eq!(
            ids(Target::Page(Route::Blogs(3))),
            (25..=30).collect::<Vec<_>>()
        );
        assert_eq!(
            ids(Target::Page(Route::Blogs(9))),
            Vec::<i32>::new(),
            "past the end"
        );
        let blog = data.blogs[4].route();
        assert_eq!(ids(Target::Page(blog)), vec![5], "a blog its own");
        assert_eq!(
            ids(Target::Feeds),
            (11..=30).rev().collect::<Vec<_>>(),
            "the feeds' twenty newest (equal times: the highest ids)"
        );
        for target in [Target::Page(Route::About), Target::SitemapBlogs(0)] {
            assert_eq!(ids(target.clone()), Vec::<i32>::new(), "{target:?}");
        }
    }
}
