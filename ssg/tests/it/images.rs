//! Images on the pages: real sizes, responsive variants, lazy loading but for the one image that
//! matters first, and a page that is rendered again when what the media store knows of its
//! images changes.

use std::path::PathBuf;
use std::sync::Arc;

use ssg::manifest;
use ssg::picture::{Picture, Slot};
use ssg::plan::Target;
use ssg::routes::Route;

use crate::fixture::{self, photo};

fn img_tags(html: &str) -> Vec<&str> {
    html.match_indices("<img ")
        .map(|(at, _)| &html[at..at + html[at..].find('>').unwrap() + 1])
        .collect()
}

fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(&tag[start..start + tag[start..].find('"')?])
}

#[test]
fn a_blog_hero_photograph_is_a_responsive_picture_fetched_first_with_its_real_size() {
    let site = fixture::build();
    let blog = fixture::blog(2).card;

    for lang_prefix in ["", "ar/"] {
        let html = &site[&format!("{lang_prefix}{}/2/index.html", blog.slug)];
        let hero = &html[html.find("article-hero").unwrap()..];
        let hero = &hero[..hero.find("</picture>").expect("a <picture>") + 10];

        let stem = format!("{:032}", 2);
        assert!(
            hero.contains(&format!(
                "<source type=\"image/webp\" srcset=\"/media/{stem}-160w.webp 160w, /media/{stem}-480w.webp 480w"
            )),
            "{hero}"
        );
        let img = img_tags(hero)[0];
        assert_eq!(
            attribute(img, "src"),
            Some(&*format!("/media/{stem}-1200w.jpg"))
        );
        assert_eq!(attribute(img, "sizes"), Some("100vw"));
        assert_eq!(
            (attribute(img, "width"), attribute(img, "height")),
            (Some("3000"), Some("2000"))
        );
        assert_eq!(attribute(img, "fetchpriority"), Some("high"));
        assert_eq!(attribute(img, "loading"), None, "the hero is not lazy");
        assert!(
            attribute(img, "style")
                .is_some_and(|s| s.starts_with("background:#6b5a48 url(data:image/webp;base64,")),
            "a preview is painted until the photograph arrives: {img}"
        );
        assert!(
            html.contains(&format!(
                "<meta property=\"og:image\" content=\"{}/media/{stem}-1200w.jpg\">",
                fixture::SITE
            )),
            "social cards get the 1200-wide JPEG, not the camera original"
        );
    }
}

#[test]
fn photographs_say_what_they_show_in_the_pages_language_and_crop_to_their_focal_point() {
    let site = fixture::build();
    let blog = fixture::blog(2).card;
    let figure = format!("/media/{}-1200w.jpg", fixture::FIGURE);
    for (lang_prefix, hero_alt, figure_alt) in [
        (
            "",
            "A gift box tied with a gold ribbon",
            "Dates and Arabic coffee",
        ),
        // The figure has no Arabic words: the English ones.
        (
            "ar/",
            "علبة هدية مربوطة بشريط ذهبي",
            "Dates and Arabic coffee",
        ),
    ] {
        let html = &site[&format!("{lang_prefix}{}/2/index.html", blog.slug)];
        let tags = img_tags(html);
        let hero = tags
            .iter()
            .find(|t| attribute(t, "fetchpriority") == Some("high"))
            .unwrap();
        assert_eq!(attribute(hero, "alt"), Some(hero_alt));
        assert!(
            attribute(hero, "style").is_some_and(|s| s.ends_with(";object-position:50% 30%")),
            "{hero}"
        );
        // The image inside the text is a picture like the hero's, lazy, with its alt.
        let body = tags
            .iter()
            .find(|t| attribute(t, "src") == Some(figure.as_str()))
            .unwrap_or_else(|| panic!("{lang_prefix}: the figure is a picture: {tags:?}"));
        assert_eq!(attribute(body, "alt"), Some(figure_alt));
        assert_eq!(attribute(body, "loading"), Some("lazy"));
        assert_eq!(attribute(body, "width"), Some("3000"));
        assert!(html.contains(&format!(
            "<source type=\"image/webp\" srcset=\"/media/{}-160w.webp",
            fixture::FIGURE
        )));
        // The listing's card: the same words, and the crop keeps the subject.
        let listing = &site[&format!("{lang_prefix}blogs/index.html")];
        let card = img_tags(listing)
            .into_iter()
            .find(|t| attribute(t, "alt") == Some(hero_alt))
            .unwrap_or_else(|| panic!("{lang_prefix}: the card's alt"));
        assert!(attribute(card, "style").is_some_and(|s| s.contains("object-position:50% 30%")));
    }
}

#[test]
fn every_other_content_image_is_lazy_and_at_most_one_image_a_page_is_fetched_first() {
    let site = fixture::build();
    for (path, html) in site.iter().filter(|(p, _)| p.ends_with(".html")) {
        let tags = img_tags(html);
        let first = tags
            .iter()
            .filter(|t| attribute(t, "fetchpriority") == Some("high"))
            .count();
        assert!(first <= 1, "{path}: {first} images fetched first");
        for tag in tags
            .iter()
            .filter(|t| attribute(t, "src").is_some_and(|s| s.starts_with("/media/")))
        {
            let eager = attribute(tag, "fetchpriority") == Some("high");
            assert!(
                eager || attribute(tag, "loading") == Some("lazy"),
                "{path}: {tag} is neither lazy nor the page's first image"
            );
            assert!(
                attribute(tag, "width").is_some() && attribute(tag, "height").is_some(),
                "{path}: {tag} has no size"
            );
        }
    }
}

#[test]
fn a_page_is_rendered_again_when_its_images_variants_arrive_and_no_other_is() {
    let (mut data, _) = fixture::data();
    let before = manifest::digests(&data, "f", 2026);

    // Blog 5's photograph is processed: the media store now knows its variants.
    let card = data.blogs_mut().iter_mut().find(|b| b.id == 5).unwrap();
    Arc::make_mut(card).image = Some(photo(&format!("{:032}", 5)));
    data.normalize();
    let after = manifest::digests(&data, "f", 2026);

    let changed: Vec<&Target> = after
        .iter()
        .filter(|w| !before.contains(w))
        .map(|w| &w.target)
        .collect();
    let blog = Target::Page(Route::Blog {
        slug: card_slug(&data, 5),
        id: 5,
    });
    assert!(changed.contains(&&blog), "the blog's page: {changed:?}");
    assert!(
        changed.contains(&&Target::Page(Route::Blogs(1))),
        "its listing page"
    );
    assert!(
        !changed.contains(&&Target::Page(Route::About)),
        "pages that do not show it stay as they are: {changed:?}"
    );
}

fn card_slug(data: &ssg::model::SiteData, id: i32) -> String {
    data.blog(id).unwrap().slug.clone()
}

/// The cases the islands' `<Picture>` must write exactly as [`Picture::html`] does
/// (`site-islands/src/components/picture.test.tsx` reads this file).
fn shared_fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../site-islands/src/components/picture.fixtures.json")
}

#[test]
fn the_islands_share_the_markup_of_every_kind_of_picture() {
    let stem = "0123456789abcdef0123456789abcdef";
    let mut transparent = photo(stem);
    transparent.opaque = false;
    let artwork = ssg::model::ImageInfo {
        width: 800,
        height: 500,
        ..Default::default()
    };
    let described = ssg::model::ImageInfo {
        alt: Some("A chauffeur opens the door".into()),
        alt_ar: Some("سائق يفتح الباب".into()),
        focal: Some([250, 750]),
        ..photo(stem)
    };
    let english_only = ssg::model::ImageInfo {
        alt_ar: None,
        ..described.clone()
    };
    let cases = [
        (
            "an English alt text on an Arabic page",
            Picture::new(
                "/media/x.jpg",
                Some(&english_only),
                Slot::Card,
                false,
                ssg::routes::Lang::Ar,
            ),
            None,
        ),
        (
            "described photograph with a focal point, in Arabic",
            Picture::new(
                "/media/x.jpg",
                Some(&described),
                Slot::Card,
                false,
                ssg::routes::Lang::Ar,
            ),
            Some("card-image"),
        ),
        (
            "hero photograph",
            Picture::new(
                "/media/x.jpg",
                Some(&photo(stem)),
                Slot::Hero,
                true,
                ssg::routes::Lang::En,
            ),
            None,
        ),
        (
            "card photograph",
            Picture::new(
                "/media/x.jpg",
                Some(&photo(stem)),
                Slot::Card,
                false,
                ssg::routes::Lang::En,
            ),
            Some("card-image"),
        ),
        (
            "transparent banner",
            Picture::new(
                "/media/x.png",
                Some(&transparent),
                Slot::Banner,
                false,
                ssg::routes::Lang::En,
            ),
            None,
        ),
        (
            "artwork",
            Picture::new(
                "/media/x.svg",
                Some(&artwork),
                Slot::Split,
                false,
                ssg::routes::Lang::En,
            ),
            None,
        ),
        (
            "not yet processed",
            Picture::new(
                "/media/x.jpg",
                None,
                Slot::Avatar,
                false,
                ssg::routes::Lang::En,
            ),
            None,
        ),
    ];
    let expected: Vec<serde_json::Value> = cases
        .iter()
        .map(|(name, picture, class)| {
            serde_json::json!({ "case": name, "picture": picture, "className": class, "html": picture.html(*class) })
        })
        .collect();
    let expected = serde_json::to_string_pretty(&expected).unwrap() + "\n";

    let path = shared_fixture();
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::write(&path, &expected).unwrap();
    }
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        actual == expected,
        "{} is not what the generator writes: run UPDATE_FIXTURES=1 cargo test -p concierge-ssg",
        path.display()
    );
}
