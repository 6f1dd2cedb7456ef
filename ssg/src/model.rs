//! The generator's input types: a plain snapshot of the CMS content. Arabic twins are
//! optional; pages fall back to the English field when a twin is empty (architecture
//! decision 11), and say that it is English ([`pick`], [`crate::localized`]).

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::localized::Localized;
pub use crate::picture::{ImageInfo, Variant};
use crate::routes::{Lang, Route};
use crate::summary::Summary;

/// What a page in `lang` shows of a field and its Arabic twin: the twin when it has text,
/// else the English field, together with its language, so that the page marks English on an
/// Arabic page as English ([`crate::localized`]).
pub fn pick(lang: Lang, en: &str, ar: Option<&str>) -> Localized {
    match (lang, ar) {
        (Lang::Ar, Some(ar)) if !ar.trim().is_empty() => Localized::new(ar, Lang::Ar, lang),
        _ => Localized::new(en, Lang::En, lang),
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Service {
    pub id: i32,
    pub name: String,
    pub name_ar: Option<String>,
    pub description: String,
    pub description_ar: Option<String>,
    pub content: String,
    pub content_ar: Option<String>,
    pub display_order: i32,
    pub image_url: String,
    /// What the media store knows of `image_url` (`None`: nothing, or not one of ours).
    #[serde(default)]
    pub image: Option<ImageInfo>,
    pub color: String,
    /// Shown with a "Coming soon" overlay (a flag the admin sets).
    #[serde(default)]
    pub coming_soon: bool,
    /// Sorted by display order.
    pub items: Vec<ServiceItem>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct ServiceItem {
    pub id: i32,
    pub name: String,
    pub name_ar: Option<String>,
    pub description: String,
    pub description_ar: Option<String>,
    pub image_url: String,
    #[serde(default)]
    pub image: Option<ImageInfo>,
    pub title_bg_class: String,
    pub display_order: i32,
}

/// A blog with its body: what its own page needs.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Blog {
    pub card: BlogCard,
    /// Sanitised on save; never re-parsed at render time.
    pub description: String,
    pub description_ar: Option<String>,
    /// Plain-text opening of the description (600 characters), made on save: feeds and meta
    /// descriptions.
    pub excerpt: String,
    pub excerpt_ar: Option<String>,
    pub meta_title: String,
    pub meta_title_ar: Option<String>,
    pub meta_description: String,
    pub meta_description_ar: Option<String>,
    pub key_words: String,
    pub key_words_ar: Option<String>,
}

impl Blog {
    /// The description's whole plain text in `lang` (the Arabic when it has any text), with
    /// its language: what a card's Read More shows.
    pub fn text(&self, lang: Lang) -> Localized {
        let plain = crate::text::plain_text;
        match (lang, self.description_ar.as_deref().map(plain)) {
            (Lang::Ar, Some(ar)) if !ar.is_empty() => Localized::new(ar, Lang::Ar, lang),
            _ => Localized::new(plain(&self.description), Lang::En, lang),
        }
    }
}

/// A blog without its body: what listings, feeds and the sitemap need.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct BlogCard {
    pub id: i32,
    pub slug: String,
    pub name: String,
    pub name_ar: Option<String>,
    // What a blog says (its text, excerpt and meta fields) is in [`Blog`], which a card does
    // not carry: listing every blog stays small, and a publish reads only the bodies of the
    // pages it renders (their cards' Read More text, a feed's summaries).
    pub image_url: String,
    #[serde(default)]
    pub image: Option<ImageInfo>,
    /// What the media store knows of the files its text shows, by URL (its page shows them;
    /// listings do not).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub body_images: BTreeMap<String, ImageInfo>,
    pub display_order: i32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl BlogCard {
    pub fn route(&self) -> Route {
        Route::Blog {
            slug: self.slug.clone(),
            id: self.id,
        }
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Review {
    pub id: i32,
    pub name: String,
    pub name_ar: Option<String>,
    pub title: String,
    pub title_ar: Option<String>,
    pub description: String,
    pub description_ar: Option<String>,
    pub image_url: String,
    #[serde(default)]
    pub image: Option<ImageInfo>,
    pub display_order: i32,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Banner {
    pub id: i32,
    pub banner_url: String,
    #[serde(default)]
    pub image: Option<ImageInfo>,
    pub title: String,
    pub title_ar: Option<String>,
    pub sub_title: String,
    pub sub_title_ar: Option<String>,
    pub web_url: String,
}

/// An editable site string: `name` is a key of the string tables (`site.phone`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct GeneralContent {
    pub name: String,
    pub values: String,
    pub values_ar: Option<String>,
}

/// An old blog URL that now redirects to the blog's current one.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
pub struct Redirect {
    pub slug: String,
    pub blog_id: i32,
}

/// A city guide, with its page at `/destinations/{slug}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Destination {
    pub id: i32,
    pub slug: String,
    pub name: String,
    pub name_ar: Option<String>,
    /// `SA`, `AE`, `BH`, `QA`, `GB` or `IN`: the list page groups by it.
    pub country: String,
    pub summary: String,
    pub summary_ar: Option<String>,
    /// Sanitised on save.
    pub description: String,
    pub description_ar: Option<String>,
    pub image_url: String,
    #[serde(default)]
    pub image: Option<ImageInfo>,
    pub display_order: i32,
    pub meta_title: Option<String>,
    pub meta_title_ar: Option<String>,
    pub meta_description: Option<String>,
    pub meta_description_ar: Option<String>,
}

impl Destination {
    pub fn route(&self) -> Route {
        Route::Destination(self.slug.clone())
    }
}

/// An old destination URL that now redirects to the destination's current one.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
pub struct DestinationRedirect {
    pub slug: String,
    pub destination_id: i32,
}

/// Everything the database contributes to the site, without blog bodies.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SiteData {
    /// Sorted by display order, then id.
    pub services: Vec<Service>,
    /// Sorted by display order, then id. Shared, the list and each card: the publisher keeps
    /// its cards' list between loads, changes it in place where blogs changed, and hands every
    /// publish the same one (copying 50,000 cards' handles into each publish's data and
    /// dropping them again was 9 % of an edit's samples, docs/benchmarks.md); a card that did
    /// not change since is the one it had ([`crate::manifest::Memo`] knows it unchanged by
    /// that). Change it through [`SiteData::blogs_mut`].
    pub blogs: Arc<Vec<Arc<BlogCard>>>,
    pub reviews: Vec<Review>,
    pub banners: Vec<Banner>,
    pub general_content: Vec<GeneralContent>,
    pub redirects: Vec<Redirect>,
    /// Sorted by display order, then id.
    #[serde(default)]
    pub destinations: Vec<Destination>,
    /// Every destination's old URL (those of destinations not live lead nowhere).
    #[serde(default)]
    pub destination_redirects: Vec<DestinationRedirect>,
    /// What the feeds and the sitemap's index show of `blogs`, made by [`SiteData::normalize`]
    /// or handed in by whoever keeps the cards ([`SiteData::normalize_with`]). Change `blogs`,
    /// and normalize again: debug builds check it on every use.
    #[serde(skip)]
    pub summary: Option<Summary>,
}

impl SiteData {
    /// Sorts every list the way the site shows it, and sums the blogs up.
    pub fn normalize(&mut self) {
        self.sort_but_blogs();
        if !self.blogs.is_sorted_by_key(|b| (b.display_order, b.id)) {
            self.blogs_mut().sort_by_key(|b| (b.display_order, b.id));
        }
        self.summary = Some(Summary::of(&self.blogs));
    }

    /// The blogs to change (copied first when another holds the list); normalize after.
    pub fn blogs_mut(&mut self) -> &mut Vec<Arc<BlogCard>> {
        Arc::make_mut(&mut self.blogs)
    }

    /// [`SiteData::normalize`] for blogs that come in order with their `summary` (the
    /// publisher's cards keep both as they change): nothing is done for each blog. Debug builds
    /// check both.
    pub fn normalize_with(&mut self, summary: Summary) {
        self.sort_but_blogs();
        debug_assert!(
            self.blogs.is_sorted_by_key(|b| (b.display_order, b.id)),
            "the blogs come in order"
        );
        debug_assert!(summary.is_of(&self.blogs), "the summary is the blogs'");
        self.summary = Some(summary);
    }

    fn sort_but_blogs(&mut self) {
        self.services.sort_by_key(|s| (s.display_order, s.id));
        for s in &mut self.services {
            s.items.sort_by_key(|i| (i.display_order, i.id));
        }
        self.reviews.sort_by_key(|r| (r.display_order, r.id));
        self.banners.sort_by_key(|b| b.id);
        self.redirects.sort();
        self.destinations.sort_by_key(|d| (d.display_order, d.id));
        self.destination_redirects.sort();
    }

    /// The blogs' summary, when the data was normalized (debug builds check that it is still
    /// the blogs').
    pub fn summary(&self) -> Option<&Summary> {
        let summary = self.summary.as_ref()?;
        debug_assert!(
            summary.is_of(&self.blogs),
            "the blogs changed since they were summed up: normalize again"
        );
        Some(summary)
    }

    /// A site of `services` bare services and `blogs` blogs (ids from 1, each in its place:
    /// slug `b{id}`, name `Blog {id}`), normalized: the unit tests' data.
    #[cfg(test)]
    pub(crate) fn sample(services: i32, blogs: i32) -> SiteData {
        let mut data = SiteData {
            services: (1..=services)
                .map(|id| Service {
                    id,
                    ..Default::default()
                })
                .collect(),
            blogs: (1..=blogs)
                .map(|id| {
                    Arc::new(BlogCard {
                        id,
                        display_order: id,
                        slug: format!("b{id}"),
                        name: format!("Blog {id}"),
                        ..Default::default()
                    })
                })
                .collect::<Vec<_>>()
                .into(),
            ..Default::default()
        };
        data.normalize();
        data
    }

    /// Where blog `id` is in `blogs` (`None`: not there). With a summary, its card is found in
    /// its sitemap chunk and its place by its order: no look at every card.
    pub fn position(&self, id: i32) -> Option<usize> {
        let Some(summary) = self.summary() else {
            return self.blogs.iter().position(|b| b.id == id);
        };
        let card = summary.card(id)?;
        let key = (card.display_order, card.id);
        let at = self
            .blogs
            .partition_point(|b| (b.display_order, b.id) < key);
        (self.blogs.get(at)?.id == id).then_some(at)
    }

    /// Blog `id`'s card: from the summary's chunks when there is one (an old URL's page asks,
    /// and a look at every card was 0.9 % of an edit's samples at 50,060 blogs).
    pub fn blog(&self, id: i32) -> Option<&BlogCard> {
        match self.summary() {
            Some(summary) => summary.card(id).map(|b| &**b),
            None => self.blogs.iter().find(|b| b.id == id).map(|b| &**b),
        }
    }

    /// Every blog's card by id (for lookups in a loop over the blogs).
    pub fn blogs_by_id(&self) -> std::collections::HashMap<i32, &BlogCard> {
        self.blogs.iter().map(|b| (b.id, &**b)).collect()
    }

    /// Replaces (or removes, with `None`) one blog's card, keeping the order and the summary.
    pub fn set_blog(&mut self, id: i32, card: Option<BlogCard>) {
        let blogs = self.blogs_mut();
        blogs.retain(|b| b.id != id);
        if let Some(card) = card {
            let at =
                blogs.partition_point(|b| (b.display_order, b.id) < (card.display_order, card.id));
            blogs.insert(at, Arc::new(card));
        }
        if self.summary.is_some() {
            self.summary = Some(Summary::of(&self.blogs));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arabic_falls_back_to_english_when_the_twin_is_empty_and_says_it_is_english() {
        let cases = [
            (
                Lang::Ar,
                Some("صف السيارات"),
                "صف السيارات",
                None,
                "the twin",
            ),
            (
                Lang::Ar,
                Some("  "),
                "Valet",
                Some(Lang::En),
                "a blank twin",
            ),
            (Lang::Ar, None, "Valet", Some(Lang::En), "no twin"),
            (
                Lang::En,
                Some("صف السيارات"),
                "Valet",
                None,
                "an English page",
            ),
        ];
        for (lang, ar, text, foreign, case) in cases {
            let shown = pick(lang, "Valet", ar);
            assert_eq!((shown.text(), shown.foreign()), (text, foreign), "{case}");
        }
    }

    #[test]
    fn set_blog_keeps_display_order() {
        let card = |id, order| BlogCard {
            id,
            display_order: order,
            ..Default::default()
        };
        let mut data = SiteData {
            blogs: Arc::new(
                vec![card(1, 1), card(2, 2), card(3, 3)]
                    .into_iter()
                    .map(Arc::new)
                    .collect(),
            ),
            ..Default::default()
        };
        data.set_blog(1, Some(card(1, 5)));
        assert_eq!(
            data.blogs.iter().map(|b| b.id).collect::<Vec<_>>(),
            [2, 3, 1]
        );
        data.set_blog(3, None);
        assert_eq!(data.blogs.iter().map(|b| b.id).collect::<Vec<_>>(), [2, 1]);
    }
}
