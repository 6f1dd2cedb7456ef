//! A blog page's `<title>`, description and keywords in both languages (docs/decisions.md,
//! "Arabic meta fields").

use ssg::model::{Blog, BlogCard, SiteData};
use ssg::plan::Target;

use crate::fixture::site;

const SITE_EN: &str = "Dar Wasl Concierge";
const SITE_AR: &str = "دار وصل للكونسيرج";

/// What a row sets on top of an English-only blog with neither meta fields nor Arabic.
#[derive(Default, Clone, Copy)]
struct Set {
    english_meta: bool,
    name_ar: bool,
    excerpt_ar: bool,
    arabic_meta: bool,
    key_words_ar: bool,
}

fn blog(set: Set) -> Blog {
    let ar = |on: bool, text: &str| on.then(|| text.to_owned());
    let en = |on: bool, text: &str| if on { text.to_owned() } else { String::new() };
    Blog {
        card: BlogCard {
            id: 7,
            slug: "desert-light".into(),
            name: "Desert Light".into(),
            name_ar: ar(set.name_ar, "ضوء الصحراء"),
            ..Default::default()
        },
        excerpt: "An English excerpt.".into(),
        excerpt_ar: ar(set.excerpt_ar, "مقتطف عربي."),
        description: "<p>An English excerpt.</p>".into(),
        description_ar: ar(set.excerpt_ar, "<p>مقتطف عربي.</p>"),
        meta_title: en(set.english_meta, "English meta title"),
        meta_description: en(set.english_meta, "English meta description"),
        key_words: en(set.english_meta, "english, words"),
        meta_title_ar: ar(set.arabic_meta, "عنوان عربي"),
        meta_description_ar: ar(set.arabic_meta, "وصف عربي"),
        key_words_ar: ar(set.arabic_meta || set.key_words_ar, "كلمات عربية"),
    }
}

/// `<title>`, description and keywords of the blog's page in each language.
fn meta_of(blog: &Blog) -> [(String, String, Option<String>); 2] {
    let target = Target::Page(blog.card.route());
    let pages = site()
        .render(&SiteData::default(), &[target].into(), &|_| {
            Some(blog.clone())
        })
        .unwrap();
    let page = |path: &str| {
        let html = pages
            .iter()
            .find(|p| p.path == path)
            .map(|p| String::from_utf8(p.bytes.clone()).unwrap())
            .unwrap_or_else(|| panic!("{path} not rendered"));
        let attr = |start: &str| {
            html.find(start).map(|at| {
                let rest = &html[at + start.len()..];
                rest[..rest.find('"').unwrap()].to_owned()
            })
        };
        let title =
            html[html.find("<title>").unwrap() + 7..html.find("</title>").unwrap()].to_owned();
        (
            title,
            attr(r#"<meta name="description" content=""#).unwrap(),
            attr(r#"<meta name="keywords" content=""#),
        )
    };
    [
        page("desert-light/7/index.html"),
        page("ar/desert-light/7/index.html"),
    ]
}

#[test]
fn an_arabic_blog_page_takes_arabic_meta_then_arabic_text_then_english() {
    let no_arabic = Set::default();
    let english_meta = Set {
        english_meta: true,
        ..no_arabic
    };
    let en_named = (
        format!("Desert Light | {SITE_EN}"),
        "An English excerpt.",
        None,
    );
    let en_meta = (
        "English meta title".to_owned(),
        "English meta description",
        Some("english, words"),
    );
    let named_ar = format!("ضوء الصحراء | {SITE_AR}");
    #[rustfmt::skip]
    type Expected<'a> = (String, &'a str, Option<&'a str>);
    let rows: [(&str, Set, Expected, Expected); 7] = [
        (
            "nothing but the English name and text",
            no_arabic,
            en_named.clone(),
            (
                format!("Desert Light | {SITE_AR}"),
                "An English excerpt.",
                None,
            ),
        ),
        (
            "English meta fields, no Arabic at all: the Arabic page uses them",
            english_meta,
            en_meta.clone(),
            en_meta.clone(),
        ),
        (
            "English meta fields and an Arabic name and text: the Arabic text, no English keywords",
            Set {
                name_ar: true,
                excerpt_ar: true,
                ..english_meta
            },
            en_meta.clone(),
            (named_ar.clone(), "مقتطف عربي.", None),
        ),
        (
            "an Arabic name only: the title is Arabic, the description has no Arabic to use",
            Set {
                name_ar: true,
                ..english_meta
            },
            en_meta.clone(),
            (named_ar.clone(), "English meta description", None),
        ),
        (
            "an Arabic text without meta fields in either language",
            Set {
                name_ar: true,
                excerpt_ar: true,
                ..no_arabic
            },
            en_named.clone(),
            (named_ar.clone(), "مقتطف عربي.", None),
        ),
        (
            "Arabic meta fields win over the Arabic text",
            Set {
                name_ar: true,
                excerpt_ar: true,
                arabic_meta: true,
                ..english_meta
            },
            en_meta.clone(),
            ("عنوان عربي".to_owned(), "وصف عربي", Some("كلمات عربية")),
        ),
        (
            "Arabic keywords alone: the rest falls back to English",
            Set {
                key_words_ar: true,
                ..english_meta
            },
            en_meta.clone(),
            (
                "English meta title".to_owned(),
                "English meta description",
                Some("كلمات عربية"),
            ),
        ),
    ];
    for (row, set, en, ar) in rows {
        let [got_en, got_ar] = meta_of(&blog(set));
        for (lang, got, want) in [("en", got_en, en), ("ar", got_ar, ar)] {
            let want = (want.0, want.1.to_owned(), want.2.map(str::to_owned));
            assert_eq!(got, want, "{row} ({lang})");
        }
    }
}
