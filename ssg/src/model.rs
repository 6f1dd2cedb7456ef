//! The generator's input types: a plain snapshot of the CMS content. Arabic twins are
//! optional; pages fall back to the English field when a twin is empty (architecture
//! decision 11).

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

pub use crate::picture::{ImageInfo, Variant};
use crate::routes::{Lang, Route};

/// The Arabic twin when it has text, else the English field.
pub fn pick<'a>(lang: Lang, en: &'a str, ar: Option<&'a str>) -> &'a str {
    match (lang, ar) {
        (Lang::Ar, Some(ar)) if !ar.trim().is_empty() => ar,
        _ => en,
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
    /// The description's whole plain text in `lang` (the Arabic when it has any text): what a
    /// card's Read More shows.
    pub fn text(&self, lang: Lang) -> String {
        let plain = crate::text::plain_text;
        match (lang, self.description_ar.as_deref().map(plain)) {
            (Lang::Ar, Some(ar)) if !ar.is_empty() => ar,
            _ => plain(&self.description),
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

/// Everything the database contributes to the site, without blog bodies.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SiteData {
    /// Sorted by display order, then id.
    pub services: Vec<Service>,
    /// Sorted by display order, then id. Shared: the publisher keeps the cards between loads,
    /// and a card that did not change since is the one it had ([`crate::manifest::Memo`]
    /// knows it unchanged by that).
    pub blogs: Vec<Arc<BlogCard>>,
    pub reviews: Vec<Review>,
    pub banners: Vec<Banner>,
    pub general_content: Vec<GeneralContent>,
    pub redirects: Vec<Redirect>,
}

impl SiteData {
    /// Sorts every list the way the site shows it.
    pub fn normalize(&mut self) {
        self.services.sort_by_key(|s| (s.display_order, s.id));
        for s in &mut self.services {
            s.items.sort_by_key(|i| (i.display_order, i.id));
        }
        // The publisher's cards come in order: checked in one pass rather than sorted again.
        if !self.blogs.is_sorted_by_key(|b| (b.display_order, b.id)) {
            self.blogs.sort_by_key(|b| (b.display_order, b.id));
        }
        self.reviews.sort_by_key(|r| (r.display_order, r.id));
        self.banners.sort_by_key(|b| b.id);
        self.redirects.sort();
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
                .collect(),
            ..Default::default()
        };
        data.normalize();
        data
    }

    pub fn blog(&self, id: i32) -> Option<&BlogCard> {
        self.blogs.iter().find(|b| b.id == id).map(|b| &**b)
    }

    /// Every blog's card by id (for lookups in a loop over the blogs).
    pub fn blogs_by_id(&self) -> std::collections::HashMap<i32, &BlogCard> {
        self.blogs.iter().map(|b| (b.id, &**b)).collect()
    }

    /// Replaces (or removes, with `None`) one blog's card, keeping the order.
    pub fn set_blog(&mut self, id: i32, card: Option<BlogCard>) {
        self.blogs.retain(|b| b.id != id);
        if let Some(card) = card {
            let at = self
                .blogs
                .partition_point(|b| (b.display_order, b.id) < (card.display_order, card.id));
            self.blogs.insert(at, Arc::new(card));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arabic_falls_back_to_english_when_the_twin_is_empty() {
        assert_eq!(pick(Lang::Ar, "Valet", Some("صف السيارات")), "صف السيارات");
        assert_eq!(pick(Lang::Ar, "Valet", Some("  ")), "Valet");
        assert_eq!(pick(Lang::Ar, "Valet", None), "Valet");
        assert_eq!(pick(Lang::En, "Valet", Some("صف السيارات")), "Valet");
    }

    #[test]
    fn set_blog_keeps_display_order() {
        let card = |id, order| BlogCard {
            id,
            display_order: order,
            ..Default::default()
        };
        let mut data = SiteData {
            blogs: vec![card(1, 1), card(2, 2), card(3, 3)]
                .into_iter()
                .map(Arc::new)
                .collect(),
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
