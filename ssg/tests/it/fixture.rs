//! A site of 30 blogs, two services, reviews, banners and an overridden site string.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use chrono::{TimeZone, Utc};
use ssg::content::{Content, Source};
use ssg::model::{
    Banner, Blog, BlogCard, Destination, DestinationRedirect, GeneralContent, ImageInfo, Redirect,
    Review, Service, ServiceItem, SiteData, Variant,
};
use ssg::plan::{self, Target};
use ssg::{Page, Site, SiteConfig, Templates};

pub const SITE: &str = "https://www.darwasl.example";

/// The fixture site without a tag manager (`CONCIERGE_GTM_ID` unset).
pub fn site() -> Site {
    site_with_tag_manager(None)
}

pub fn site_with_tag_manager(gtm_id: Option<&str>) -> Site {
    site_from(&Templates::Embedded, gtm_id)
}

/// The fixture site with the templates of `templates`.
pub fn site_from(templates: &Templates, gtm_id: Option<&str>) -> Site {
    let content = Content::load(&Source::Embedded).unwrap();
    let config = SiteConfig {
        site_url: SITE.into(),
        customer_login_url: "https://clients.darwasl.example/login".into(),
        gtm_id: gtm_id.map(str::to_owned),
        api_key: "k".into(),
        live_reload: false,
        // As the content model declares them (api/core/src/kinds/declarations.rs).
        search_pages: ["/services/{id}", "/{slug}/{id}", "/destinations/{slug}"]
            .map(String::from)
            .into(),
    };
    Site::new(content, config, templates, Arc::new(FakeIslands)).unwrap()
}

/// What the media store records of a 3000 × 2000 photograph uploaded as `/media/{stem}.jpg`.
pub fn photo(stem: &str) -> ImageInfo {
    let mut variants = Vec::new();
    for width in [160, 480, 800, 1200, 1600, 2400] {
        for (mime, ext) in [("image/webp", "webp"), ("image/jpeg", "jpg")] {
            variants.push(Variant {
                url: format!("/media/{stem}-{width}w.{ext}"),
                mime: mime.into(),
                width,
                height: width * 2 / 3,
            });
        }
    }
    ImageInfo {
        width: 3000,
        height: 2000,
        opaque: true,
        color: Some("#6b5a48".into()),
        preview: Some(
            "data:image/webp;base64,UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAQAcJaQAA3AA/v3AgAA="
                .into(),
        ),
        variants,
        ..Default::default()
    }
}

/// The photograph inside blog 2's text.
pub const FIGURE: &str = "00000000000000000000000000000022";

pub fn blog(id: i32) -> Blog {
    let when =
        Utc.with_ymd_and_hms(2026, 1, 1, 9, 0, 0).unwrap() + chrono::Duration::days(id as i64);
    let (name, name_ar) = match id {
        1 => ("<script>alert('x')</script> Arrivals".to_owned(), None),
        2 => (
            "Gifting in Ramadan".to_owned(),
            Some("الإهداء في رمضان".to_owned()),
        ),
        n => (format!("Journal entry {n}"), None),
    };
    // Entry 3 is longer than the 600-character excerpt the API makes on save.
    let description = if id == 3 {
        format!(
            "<h2>Arrivals</h2><p>{}The end &amp; after.</p>",
            "A considered arrival begins long before landing. ".repeat(20)
        )
    } else if id == 2 {
        format!(
            "<p>Body of entry {id}.</p><img src=\"/media/{FIGURE}.jpg\" alt=\"typed in the text\">"
        )
    } else {
        format!("<p>Body of entry {id}.</p>")
    };
    let description_ar =
        (id == 2).then(|| format!("<p>نص المقال.</p><img src=\"/media/{FIGURE}.jpg\">"));
    let text = ssg::text::plain_text(&description);
    let excerpt = if id == 3 {
        ssg::text::truncate(&text, 600)
    } else {
        format!("Excerpt of entry {id}.")
    };
    Blog {
        card: BlogCard {
            id,
            slug: ssg::slug::blog_slug(&name),
            name,
            name_ar,
            image_url: if id == 2 {
                format!("/media/{id:032}.jpg")
            } else {
                format!("/media/{id:032}.svg")
            },
            image: (id == 2).then(|| ImageInfo {
                alt: Some("A gift box tied with a gold ribbon".into()),
                alt_ar: Some("علبة هدية مربوطة بشريط ذهبي".into()),
                focal: Some([500, 300]),
                ..photo(&format!("{id:032}"))
            }),
            body_images: match id {
                2 => [(
                    format!("/media/{FIGURE}.jpg"),
                    ImageInfo {
                        alt: Some("Dates and Arabic coffee".into()),
                        ..photo(FIGURE)
                    },
                )]
                .into(),
                _ => Default::default(),
            },
            display_order: id,
            created_at: when,
            updated_at: when,
        },
        description,
        description_ar,
        excerpt,
        excerpt_ar: (id == 2).then(|| "مقتطف".to_owned()),
        meta_title: if id == 2 {
            "Gifting etiquette across the Gulf".into()
        } else {
            String::new()
        },
        meta_title_ar: None,
        meta_description: if id == 2 {
            "What to give, when, and how to present it.".into()
        } else {
            String::new()
        },
        meta_description_ar: None,
        key_words: if id == 2 {
            "gifting, ramadan, eid".into()
        } else {
            String::new()
        },
        key_words_ar: None,
    }
}

pub fn data() -> (SiteData, BTreeMap<i32, Blog>) {
    let blogs: BTreeMap<i32, Blog> = (1..=30).map(|i| (i, blog(i))).collect();
    let item = |id, name: &str| ServiceItem {
        id,
        name: name.into(),
        description: "A detail.".into(),
        image_url: "/media/i.svg".into(),
        title_bg_class: "bg-navy".into(),
        display_order: id,
        ..Default::default()
    };
    let destination = |id, name: &str, country: &str, order| Destination {
        id,
        slug: name.to_lowercase(),
        name: name.into(),
        name_ar: (name == "Riyadh").then(|| "الرياض".into()),
        country: country.into(),
        summary: format!("{name}, as our concierges know it."),
        description: format!("<p>What we arrange in {name}.</p>"),
        image_url: "/media/c.svg".into(),
        display_order: order,
        ..Default::default()
    };
    let mut data = SiteData {
        services: vec![
            Service {
                id: 1,
                name: "Valet Parking".into(),
                name_ar: Some("صف السيارات".into()),
                description: "Valets.".into(),
                content: "Vetted valets.".into(),
                display_order: 1,
                image_url: "/media/v.svg".into(),
                color: "#0B1F3A".into(),
                items: vec![item(1, "Residences"), item(2, "Events")],
                ..Default::default()
            },
            Service {
                id: 2,
                name: "Dine In".into(),
                description: "Chefs.".into(),
                content: "Private chefs.".into(),
                display_order: 2,
                image_url: "/media/d.svg".into(),
                color: "#5A4526".into(),
                coming_soon: true,
                items: vec![item(3, "Chef's table")],
                ..Default::default()
            },
        ],
        blogs: Arc::new(blogs.values().map(|b| Arc::new(b.card.clone())).collect()),
        reviews: vec![Review {
            id: 1,
            name: "H. Al-Mansouri".into(),
            title: "Private banking client".into(),
            description: "Flawless.".into(),
            image_url: "/media/r.svg".into(),
            display_order: 1,
            ..Default::default()
        }],
        banners: vec![Banner {
            id: 1,
            banner_url: "/media/b.svg".into(),
            title: "Eid, arranged".into(),
            title_ar: Some("عيد بترتيب أنيق".into()),
            sub_title: "Gifts".into(),
            web_url: "/services".into(),
            ..Default::default()
        }],
        general_content: vec![GeneralContent {
            name: "site.phone".into(),
            values: "+971 4 123 4567".into(),
            values_ar: None,
        }],
        redirects: vec![Redirect {
            slug: "old-name".into(),
            blog_id: 3,
        }],
        destinations: vec![
            destination(1, "Doha", "QA", 3),
            destination(2, "Riyadh", "SA", 1),
            destination(3, "AlUla", "SA", 2),
        ],
        destination_redirects: vec![
            DestinationRedirect {
                slug: "old-doha".into(),
                destination_id: 1,
            },
            // The URL a live destination has as its own is its page, not a redirect.
            DestinationRedirect {
                slug: "riyadh".into(),
                destination_id: 3,
            },
        ],
        summary: None,
    };
    data.normalize();
    (data, blogs)
}

/// Every output of the fixture, by path.
pub fn build() -> BTreeMap<String, String> {
    build_site(&site())
}

/// Every output of the fixture data rendered by `site`, by path.
pub fn build_site(site: &Site) -> BTreeMap<String, String> {
    let (data, blogs) = data();
    let pages: Vec<Page> = site
        .render(&data, &plan::full(&data), &|id| blogs.get(&id).cloned())
        .unwrap();
    let mut out = BTreeMap::new();
    for page in pages {
        let text = String::from_utf8(page.bytes).unwrap_or_default();
        assert!(
            out.insert(page.path.clone(), text).is_none(),
            "{} written twice",
            page.path
        );
    }
    out
}

pub fn targets_of(data: &SiteData) -> BTreeSet<Target> {
    plan::full(data)
}

/// Islands that answer with their props, so pages can be checked without Node.
pub struct FakeIslands;

impl ssg::islands::Islands for FakeIslands {
    fn render(
        &self,
        name: &str,
        lang: ssg::routes::Lang,
        props: &str,
    ) -> anyhow::Result<Option<String>> {
        Ok(Some(ssg::islands::wrap(
            name,
            "visible",
            props,
            &format!("<p>{name} {}</p>", lang.code()),
        )))
    }

    fn head(&self) -> String {
        r#"<script type="module" src="/assets/islands/loader-test.js"></script>"#.into()
    }

    fn assets(&self) -> anyhow::Result<Vec<Page>> {
        Ok(vec![Page {
            path: "assets/islands/loader-test.js".into(),
            bytes: b"export {}".to_vec(),
        }])
    }

    fn fingerprint(&self) -> String {
        "fake".into()
    }

    fn enabled(&self) -> bool {
        true
    }
}
