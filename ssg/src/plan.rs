//! What to render: every output of the site ([`full`]), and the few outputs one change
//! affects ([`plan`]) so a blog edit re-renders its two pages, the listing page that shows
//! it, its sitemap chunk and the feeds — not the site.

use std::collections::BTreeSet;

use crate::model::{BlogCard, SiteData};
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

/// What a change needs: outputs to render and files to remove.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Plan {
    pub targets: BTreeSet<Target>,
    pub remove: BTreeSet<String>,
}

/// A change to the CMS content.
#[derive(Debug, Clone)]
#[allow(clippy::large_enum_variant)] // a handful per publish; boxing buys nothing
pub enum Change {
    /// A blog was created (`before` is `None`), edited, or deleted (`after` is `None`).
    Blog {
        before: Option<BlogCard>,
        after: Option<BlogCard>,
    },
    /// Reviews or banners: only the home pages show them.
    Home,
    /// Something every page shows (services, site strings, templates): everything.
    Everything,
}

pub fn listing_pages(blogs: usize) -> u32 {
    blogs.div_ceil(BLOGS_PER_PAGE).max(1) as u32
}

fn page_of(index: usize) -> u32 {
    (index / BLOGS_PER_PAGE) as u32 + 1
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

/// The outputs `change` affects, given the data before and after it.
pub fn plan(before: &SiteData, after: &SiteData, change: &Change) -> Plan {
    match change {
        Change::Everything => {
            let targets = full(after);
            let keep: BTreeSet<String> = targets.iter().flat_map(Target::files).collect();
            let remove = full(before)
                .iter()
                .flat_map(Target::files)
                .filter(|f| !keep.contains(f))
                .collect();
            Plan { targets, remove }
        }
        Change::Home => Plan {
            targets: [Target::Page(Route::Home)].into(),
            remove: BTreeSet::new(),
        },
        Change::Blog {
            before: old,
            after: new,
        } => blog_plan(before, after, old.as_ref(), new.as_ref()),
    }
}

fn blog_plan(
    before: &SiteData,
    after: &SiteData,
    old: Option<&BlogCard>,
    new: Option<&BlogCard>,
) -> Plan {
    let mut plan = Plan::default();
    let id = old.or(new).map(|b| b.id).unwrap_or_default();
    let index_before = before.blogs.iter().position(|b| b.id == id);
    let index_after = after.blogs.iter().position(|b| b.id == id);

    // The blog's own pages, and every old URL of it (they point at the current one).
    if let Some(new) = new {
        plan.targets.insert(Target::Page(new.route()));
    }
    if let Some(old) = old
        && new.is_none_or(|n| n.slug != old.slug)
    {
        plan.remove.extend(Target::Page(old.route()).files());
    }
    for r in after.redirects.iter().filter(|r| r.blog_id == id) {
        if new.is_some_and(|n| n.slug != r.slug) {
            plan.targets.insert(Target::Redirect {
                slug: r.slug.clone(),
                blog_id: id,
            });
        }
    }
    if new.is_none() {
        for r in before.redirects.iter().filter(|r| r.blog_id == id) {
            plan.remove.extend(
                Target::Redirect {
                    slug: r.slug.clone(),
                    blog_id: id,
                }
                .files(),
            );
        }
    }

    // Listing pages: the one that shows it, or every page from where the order changed.
    let last_after = listing_pages(after.blogs.len());
    let last_before = listing_pages(before.blogs.len());
    let pages: Vec<u32> = match (index_before, index_after) {
        (Some(b), Some(a)) if b == a => vec![page_of(a)],
        (Some(b), Some(a)) => (page_of(b.min(a))..=page_of(b.max(a))).collect(),
        (None, Some(a)) => (page_of(a)..=last_after).collect(),
        (Some(b), None) => (page_of(b).min(last_after)..=last_after).collect(),
        (None, None) => Vec::new(),
    };
    plan.targets
        .extend(pages.into_iter().map(|p| Target::Page(Route::Blogs(p))));
    for gone in last_after + 1..=last_before {
        plan.remove.extend(Target::Page(Route::Blogs(gone)).files());
    }

    if index_before.is_some_and(|i| i < HOME_BLOGS) || index_after.is_some_and(|i| i < HOME_BLOGS) {
        plan.targets.insert(Target::Page(Route::Home));
    }
    let chunk = sitemap_chunk(id);
    if after.blogs.iter().any(|b| sitemap_chunk(b.id) == chunk) {
        plan.targets.insert(Target::SitemapBlogs(chunk));
    } else {
        plan.remove.extend(Target::SitemapBlogs(chunk).files());
    }
    plan.targets.extend([Target::SitemapIndex, Target::Feeds]);
    plan.remove
        .retain(|f| !plan.targets.iter().flat_map(Target::files).any(|t| &t == f));
    plan
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Redirect;

    fn card(id: i32, order: i32, slug: &str) -> BlogCard {
        BlogCard {
            id,
            display_order: order,
            slug: slug.into(),
            name: slug.into(),
            ..Default::default()
        }
    }

    fn data(n: i32) -> SiteData {
        let mut d = SiteData {
            blogs: (1..=n).map(|i| card(i, i, &format!("b{i}"))).collect(),
            ..Default::default()
        };
        d.normalize();
        d
    }

    fn pages(plan: &Plan) -> Vec<u32> {
        plan.targets
            .iter()
            .filter_map(|t| match t {
                Target::Page(Route::Blogs(p)) => Some(*p),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn editing_a_blog_in_place_touches_its_pages_one_listing_page_its_chunk_and_the_feeds() {
        let before = data(40);
        let mut after = before.clone();
        let mut edited = card(20, 20, "b20");
        edited.name = "New words".into();
        after.set_blog(20, Some(edited.clone()));
        let plan = plan(
            &before,
            &after,
            &Change::Blog {
                before: Some(card(20, 20, "b20")),
                after: Some(edited),
            },
        );
        assert_eq!(pages(&plan), [2]);
        assert!(plan.targets.contains(&Target::Page(Route::Blog {
            slug: "b20".into(),
            id: 20
        })));
        assert!(
            plan.targets.contains(&Target::SitemapBlogs(0))
                && plan.targets.contains(&Target::Feeds)
        );
        assert!(
            !plan.targets.contains(&Target::Page(Route::Home)),
            "not among the home page's blogs"
        );
        assert!(plan.remove.is_empty());
        assert!(plan.targets.len() <= 6, "{:?}", plan.targets);
    }

    #[test]
    fn a_rename_leaves_a_redirect_at_the_old_url() {
        let before = data(5);
        let mut after = before.clone();
        after.set_blog(2, Some(card(2, 2, "renamed")));
        after.redirects.push(Redirect {
            slug: "b2".into(),
            blog_id: 2,
        });
        let plan = plan(
            &before,
            &after,
            &Change::Blog {
                before: Some(card(2, 2, "b2")),
                after: Some(card(2, 2, "renamed")),
            },
        );
        assert!(plan.targets.contains(&Target::Redirect {
            slug: "b2".into(),
            blog_id: 2
        }));
        assert!(plan.targets.contains(&Target::Page(Route::Blog {
            slug: "renamed".into(),
            id: 2
        })));
        assert!(
            plan.remove.is_empty(),
            "the old files are overwritten by the redirect: {:?}",
            plan.remove
        );
        assert!(
            plan.targets.contains(&Target::Page(Route::Home)),
            "blog 2 is on the home page"
        );
    }

    #[test]
    fn deleting_a_blog_removes_its_pages_and_redirects_and_reflows_later_listing_pages() {
        let mut before = data(25);
        before.redirects.push(Redirect {
            slug: "old".into(),
            blog_id: 5,
        });
        let mut after = before.clone();
        after.set_blog(5, None);
        after.redirects.clear();
        let plan = plan(
            &before,
            &after,
            &Change::Blog {
                before: Some(card(5, 5, "b5")),
                after: None,
            },
        );
        assert!(
            plan.remove.contains("b5/5/index.html") && plan.remove.contains("ar/b5/5/index.html")
        );
        assert!(plan.remove.contains("old/5/index.html"));
        assert_eq!(pages(&plan), [1, 2]);
        assert!(
            plan.remove.contains("blogs/page/3/index.html"),
            "25 -> 24 blogs: page 3 goes"
        );
    }

    #[test]
    fn moving_a_blog_re_renders_the_listing_pages_between_its_positions() {
        let before = data(40);
        let mut after = before.clone();
        after.set_blog(38, Some(card(38, 0, "b38")));
        let plan = plan(
            &before,
            &after,
            &Change::Blog {
                before: Some(card(38, 38, "b38")),
                after: Some(card(38, 0, "b38")),
            },
        );
        assert_eq!(pages(&plan), [1, 2, 3, 4]);
        assert!(plan.targets.contains(&Target::Page(Route::Home)));
    }

    #[test]
    fn a_new_blog_shifts_the_pages_after_it_and_may_add_one() {
        let before = data(24);
        let mut after = before.clone();
        after.set_blog(25, Some(card(25, 13, "b25")));
        let plan = plan(
            &before,
            &after,
            &Change::Blog {
                before: None,
                after: Some(card(25, 13, "b25")),
            },
        );
        assert_eq!(pages(&plan), [2, 3]);
    }

    #[test]
    fn site_wide_changes_render_everything_and_remove_what_is_gone() {
        let mut before = data(3);
        before.services.push(crate::model::Service {
            id: 9,
            ..Default::default()
        });
        let after = data(3);
        let plan = plan(&before, &after, &Change::Everything);
        assert!(plan.remove.contains("services/9/index.html"));
        assert!(plan.targets.contains(&Target::Page(Route::About)));
        assert_eq!(plan.targets, full(&after));
    }
}
