//! English fallbacks on Arabic pages (issue 53, architecture decision 11): a field whose Arabic
//! twin is empty shows its English, marked `lang="en" dir="ltr"` wherever a page shows it, so
//! that its punctuation and alignment follow English; a field with its Arabic is not marked.
//!
//! Each build here gives every visitor-facing field a text that names it, and every string of
//! the table a general-content override, so that [`unmarked`] can find each one on every page.

use std::collections::BTreeMap;
use std::sync::Arc;

use ssg::model::{Blog, GeneralContent, SiteData};
use ssg::{Site, Templates};

use crate::fixture::{FIGURE, build_site, data, site, site_from};
use crate::html::{Shown, shown};

/// The word every English text of [`with_twins`]`(false)` holds, and no other text of the site.
const ENGLISH: &str = "fallback";
/// The word every Arabic text of [`with_twins`]`(true)` holds.
const ARABIC: &str = "ترجمة";

/// The fixture's data with every visitor-facing field rewritten to name itself and hold
/// [`ENGLISH`], and every twin empty (`twins: false`) or an Arabic text holding [`ARABIC`];
/// and a general-content entry for every string of the table that general content can set.
fn with_twins(twins: bool) -> (SiteData, BTreeMap<i32, Blog>) {
    let (mut data, mut blogs) = data();
    let mut n = 0;
    let mut field = |en: &mut String, ar: &mut Option<String>, name: &str| {
        n += 1;
        *en = format!("{name} {n} {ENGLISH}, in English.");
        *ar = twins.then(|| format!("{ARABIC} {n}، بالعربية."));
    };
    for service in &mut data.services {
        field(&mut service.name, &mut service.name_ar, "Service name");
        field(
            &mut service.description,
            &mut service.description_ar,
            "Service description",
        );
        field(
            &mut service.content,
            &mut service.content_ar,
            "Service content",
        );
        for item in &mut service.items {
            field(&mut item.name, &mut item.name_ar, "Item name");
            field(
                &mut item.description,
                &mut item.description_ar,
                "Item description",
            );
        }
    }
    for review in &mut data.reviews {
        field(&mut review.name, &mut review.name_ar, "Reviewer");
        field(&mut review.title, &mut review.title_ar, "Reviewer's title");
        field(
            &mut review.description,
            &mut review.description_ar,
            "Review",
        );
    }
    for banner in &mut data.banners {
        field(&mut banner.title, &mut banner.title_ar, "Banner title");
        field(
            &mut banner.sub_title,
            &mut banner.sub_title_ar,
            "Banner subtitle",
        );
    }
    for destination in &mut data.destinations {
        field(
            &mut destination.name,
            &mut destination.name_ar,
            "Destination",
        );
        field(
            &mut destination.summary,
            &mut destination.summary_ar,
            "Destination summary",
        );
        field(
            &mut destination.description,
            &mut destination.description_ar,
            "Destination guide",
        );
    }
    for blog in blogs.values_mut() {
        let card = &mut blog.card;
        field(&mut card.name, &mut card.name_ar, "Blog name");
        let (mut text, mut text_ar) = (String::new(), None);
        field(&mut text, &mut text_ar, "Blog text");
        // Blog 2's text shows a photograph of the media library.
        let figure = if card.id == 2 {
            format!("<img src=\"/media/{FIGURE}.jpg\" alt=\"typed\">")
        } else {
            String::new()
        };
        blog.description = format!("<h2>Heading {ENGLISH}.</h2><p>{text}</p>{figure}");
        blog.description_ar = text_ar.map(|ar| format!("<h2>عنوان {ARABIC}.</h2><p>{ar}</p>"));
        if let Some(image) = &mut card.image {
            field(
                image.alt.get_or_insert_default(),
                &mut image.alt_ar,
                "Picture",
            );
        }
        for image in card.body_images.values_mut() {
            field(
                image.alt.get_or_insert_default(),
                &mut image.alt_ar,
                "Figure",
            );
        }
        blog.excerpt = format!("Excerpt {ENGLISH}.");
        blog.excerpt_ar = twins.then(|| format!("مقتطف {ARABIC}."));
    }
    let cards: Vec<_> = blogs.values().map(|b| Arc::new(b.card.clone())).collect();
    data.blogs = Arc::new(cards);
    // Not the switch's name of the other language, which is in that language on every page.
    data.general_content = string_paths()
        .into_iter()
        .filter(|path| path != "site.switchLanguage")
        .map(|name| {
            let (mut values, mut values_ar) = (String::new(), None);
            field(&mut values, &mut values_ar, &name);
            GeneralContent {
                name,
                values,
                values_ar,
            }
        })
        .collect();
    data.normalize();
    (data, blogs)
}

/// Every string of the English table that general content can set (not inside a list).
fn string_paths() -> Vec<String> {
    fn walk(value: &serde_json::Value, path: &str, out: &mut Vec<String>) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, value) in map {
                    let at = if path.is_empty() {
                        key.clone()
                    } else {
                        format!("{path}.{key}")
                    };
                    walk(value, &at, out);
                }
            }
            serde_json::Value::String(_) => out.push(path.to_owned()),
            _ => {}
        }
    }
    let content = ssg::content::Content::load(&ssg::content::Source::Embedded).unwrap();
    let mut out = Vec::new();
    walk(&content.strings[&ssg::routes::Lang::En], "", &mut out);
    out
}

fn render(
    site: &Site,
    (data, blogs): &(SiteData, BTreeMap<i32, Blog>),
) -> BTreeMap<String, String> {
    site.render(data, &ssg::plan::full(data), &|id| blogs.get(&id).cloned())
        .unwrap()
        .into_iter()
        .map(|p| (p.path, String::from_utf8(p.bytes).unwrap_or_default()))
        .collect()
}

/// The English texts of `html` (those holding [`ENGLISH`]) that are not marked English, left
/// to right.
fn unmarked(html: &str) -> Vec<String> {
    let shown = shown(html);
    let mut offences: Vec<String> = shown
        .iter()
        .filter(|s| s.text.contains(ENGLISH) && (s.lang != "en" || s.dir != "ltr"))
        .map(|s| {
            format!(
                "{} in <{}> (lang {:?}, dir {:?})",
                s.text, s.element, s.lang, s.dir
            )
        })
        .collect();
    if html.contains("concierge-lang") {
        offences.push("a marker is left in the HTML".into());
    }
    offences
}

fn arabic_pages(site: &BTreeMap<String, String>) -> impl Iterator<Item = (&String, &String)> {
    site.iter()
        .filter(|(path, _)| path.starts_with("ar/") && path.ends_with(".html"))
}

#[test]
fn every_english_fallback_on_every_arabic_page_is_marked_english() {
    let site = render(&site(), &with_twins(false));
    let mut pages = 0;
    let mut seen = 0;
    for (path, html) in arabic_pages(&site) {
        pages += 1;
        seen += shown(html)
            .iter()
            .filter(|s| s.text.contains(ENGLISH))
            .count();
        let offences = unmarked(html);
        assert!(offences.is_empty(), "{path}:\n{}", offences.join("\n"));
    }
    assert!(pages > 40, "{pages} Arabic pages");
    assert!(seen > 1000, "the fallbacks are on the pages: {seen}");
}

#[test]
fn each_kind_of_fallback_marks_the_block_that_shows_it() {
    let site = render(&site(), &with_twins(false));
    let marked = |path: &str, element: &str, text: &str| {
        let found: Vec<Shown> = shown(&site[path])
            .into_iter()
            .filter(|s| s.text.starts_with(text))
            .collect();
        assert!(!found.is_empty(), "{path}: {text} is shown");
        for s in found {
            assert_eq!(
                (s.element.as_str(), s.alone, s.lang.as_str(), s.dir.as_str()),
                (element, true, "en", "ltr"),
                "{path}: {}",
                s.text
            );
        }
    };
    let blog = "ar/journal-entry-3/3/index.html".to_owned();
    let cases = [
        ("ar/services/1/index.html", "h1", "Service name 1 "),
        ("ar/services/1/index.html", "p", "Service description 2 "),
        ("ar/services/1/index.html", "p", "Service content 3 "),
        ("ar/services/1/index.html", "h2", "Item name 4 "),
        ("ar/services/1/index.html", "p", "Item description 5 "),
        ("ar/index.html", "span", "Service name 1 "),
        ("ar/index.html", "a", "Blog name"),
        ("ar/blogs/index.html", "p", "Heading fallback. Blog text"),
        (blog.as_str(), "h1", "Blog name"),
        (blog.as_str(), "h2", "Heading fallback."),
        (blog.as_str(), "p", "Blog text"),
        ("ar/gifting-in-ramadan/2/index.html", "img", "Picture"),
        ("ar/gifting-in-ramadan/2/index.html", "img", "Figure"),
        ("ar/old-name/3/index.html", "a", "Blog name"),
        ("ar/index.html", "h1", "home.hero.title "),
        ("ar/contact-us/index.html", "p", "contact.promise "),
        ("ar/about/index.html", "p", "footer.tagline "),
    ];
    for (path, element, text) in cases {
        marked(path, element, text);
    }
    // The block, not only its text: a blog's whole body is one English article.
    assert!(
        site[&blog]
            .contains(r#"<div class="container narrow prose article-body" lang="en" dir="ltr">"#)
    );
    assert!(
        site["ar/index.html"].contains(r#"<h2 class="card-title" dir="ltr" lang="en"><a href="#)
    );
    // Islands get each text with its language (site-islands/src/lib/localized.ts).
    assert!(site["ar/services/index.html"].contains(
        "&quot;name&quot;:{&quot;text&quot;:&quot;Service name 1 fallback, in English.&quot;,&quot;lang&quot;:&quot;en&quot;}"
    ));
    for prop in [
        "&quot;text&quot;:{&quot;text&quot;:&quot;Review ",
        "&quot;title&quot;:{&quot;text&quot;:&quot;Banner title ",
    ] {
        assert!(site["ar/index.html"].contains(prop), "{prop}");
    }
    // The Arabic feed says which entries are English.
    assert!(site["ar/feed.xml"].contains(r#"<title xml:lang="en">Blog name"#));
    assert!(site["ar/feed.xml"].contains(r#"<summary xml:lang="en">Excerpt fallback.</summary>"#));
}

#[test]
fn a_field_with_its_arabic_twin_is_not_marked_english() {
    let site = render(&site(), &with_twins(true));
    for (path, html) in arabic_pages(&site) {
        for s in shown(html) {
            assert!(!s.text.contains(ENGLISH), "{path}: {} is shown", s.text);
            if s.text.contains(ARABIC) {
                assert_eq!(s.lang, "ar", "{path}: {}", s.text);
            }
        }
        // Only the language switch, which names English in English, says it is English.
        let english = html.matches(r#" lang="en""#).count();
        let switches = html.matches(r#"lang="en" data-lang-switch="en""#).count();
        assert_eq!(english, switches, "{path}");
    }
    assert!(!site["ar/feed.xml"].contains("xml:lang=\"en\""));
}

#[test]
fn english_pages_are_not_marked() {
    for twins in [false, true] {
        let site = render(&site(), &with_twins(twins));
        for (path, html) in site
            .iter()
            .filter(|(p, _)| !p.starts_with("ar/") && p.ends_with(".html"))
        {
            let marked: Vec<&str> = html
                .match_indices(r#" lang="en""#)
                .map(|(at, _)| &html[at.saturating_sub(80)..at + 12])
                .collect();
            assert_eq!(marked.len(), 1, "{path}: only <html>: {marked:#?}");
            assert!(
                !html.contains("&quot;lang&quot;"),
                "{path}: islands get strings"
            );
            for s in shown(html) {
                assert!(!s.text.contains(ARABIC), "{path}: {}", s.text);
                if s.text.contains(ENGLISH) {
                    assert!(s.lang == "en" && s.dir != "rtl", "{path}: {}", s.text);
                }
            }
        }
    }
}

/// The check above fails for a template that shows a fallback unmarked: here one that writes a
/// service's name through a filter that gives a plain string (`string`), and one that writes
/// its text, unmarked, as HTML (`|safe` of the text).
#[test]
fn a_template_that_shows_a_fallback_unmarked_fails_the_check() {
    let dir = tempfile::tempdir().unwrap();
    let source = Templates::source_dir();
    for sub in ["templates", "assets"] {
        for file in ssg::walk::files(&source.join(sub)).unwrap() {
            let to = dir.path().join(sub).join(&file);
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            std::fs::copy(source.join(sub).join(&file), to).unwrap();
        }
    }
    let template = dir.path().join("templates/service.html");
    let text = std::fs::read_to_string(&template).unwrap();
    for (from, to) in [
        (
            "{{ service.name }}</h1>",
            "{{ service.name | string }}</h1>",
        ),
        (
            "<p>{{ service.content }}</p>",
            "<p>{{ service.content.text | safe }}</p>",
        ),
    ] {
        assert!(text.contains(from), "service.html shows {from}");
        std::fs::write(&template, text.replace(from, to)).unwrap();
        let site = site_from(&Templates::Dir(dir.path().to_path_buf()), None);
        let pages = render(&site, &with_twins(false));
        let offences = unmarked(&pages["ar/services/1/index.html"]);
        assert!(!offences.is_empty(), "{to} is found out");
    }
    std::fs::write(&template, text).unwrap();
    let pages = build_site(&site_from(&Templates::Dir(dir.path().to_path_buf()), None));
    assert!(unmarked(&pages["ar/services/1/index.html"]).is_empty());
}
