//! Assertions on the generated HTML (no snapshots).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use ssg::Site;
use ssg::plan;

use crate::fixture::{SITE, build, build_site, data, site, site_from};

fn between<'a>(html: &'a str, start: &str, end: &str) -> &'a str {
    let from = html
        .find(start)
        .unwrap_or_else(|| panic!("{start} missing"))
        + start.len();
    let to = html[from..].find(end).unwrap() + from;
    &html[from..to]
}

fn html_pages(site: &std::collections::BTreeMap<String, String>) -> Vec<(&String, &String)> {
    site.iter().filter(|(p, _)| p.ends_with(".html")).collect()
}

#[test]
fn every_public_route_exists_in_both_languages() {
    let site = build();
    for route in [
        "index.html",
        "about/index.html",
        "services/index.html",
        "services/1/index.html",
        "services/airport/index.html",
        "partnership/index.html",
        "contact-us/index.html",
        "privacy-policy/index.html",
        "terms-services/index.html",
        "cookies-policy/index.html",
        "blogs/index.html",
        "blogs/page/2/index.html",
        "blogs/page/3/index.html",
        "gifting-in-ramadan/2/index.html",
        "destinations/index.html",
        "destinations/doha/index.html",
        "destinations/riyadh/index.html",
        "destinations/alula/index.html",
        "404.html",
    ] {
        assert!(site.contains_key(route), "{route}");
        assert!(site.contains_key(&format!("ar/{route}")), "ar/{route}");
    }
    assert!(
        !site.contains_key("blogs/page/4/index.html"),
        "30 blogs, 12 a page: 3 pages"
    );
}

#[test]
fn pages_declare_their_language_and_direction() {
    let site = build();
    for (path, html) in html_pages(&site) {
        if path.starts_with("ar/") {
            assert!(html.contains(r#"<html lang="ar" dir="rtl">"#), "{path}");
        } else {
            assert!(html.contains(r#"<html lang="en" dir="ltr">"#), "{path}");
        }
    }
}

#[test]
fn each_page_has_its_own_title_description_canonical_and_hreflang_alternates() {
    let site = build();
    let mut titles = BTreeSet::new();
    for (path, html) in html_pages(&site) {
        let lang = if path.starts_with("ar/") { "ar" } else { "en" };
        if path.ends_with("404.html") || html.contains("http-equiv=\"refresh\"") {
            continue;
        }
        let title = between(html, "<title>", "</title>");
        assert!(
            titles.insert((lang, title.to_owned())),
            "{path} repeats the title {title}"
        );
        assert!(
            !between(html, r#"<meta name="description" content=""#, "\"").is_empty(),
            "{path}"
        );
        let canonical = between(html, r#"<link rel="canonical" href=""#, "\"");
        let url = format!(
            "/{}",
            path.trim_end_matches("index.html").trim_end_matches('/')
        );
        let expected = if url == "/" {
            format!("{SITE}/")
        } else {
            format!("{SITE}{url}")
        };
        assert_eq!(canonical, expected, "{path}");
        for lang in ["en", "ar", "x-default"] {
            assert!(
                html.contains(&format!(r#"<link rel="alternate" hreflang="{lang}""#)),
                "{path} lacks {lang}"
            );
        }
        assert!(
            html.contains(r#"<meta property="og:title""#)
                && html.contains(r#"<meta property="og:image""#),
            "{path}"
        );
    }
}

#[test]
fn blog_pages_use_their_meta_fields_and_json_ld() {
    let site = build();
    let page = &site["gifting-in-ramadan/2/index.html"];
    assert_eq!(
        between(page, "<title>", "</title>"),
        "Gifting etiquette across the Gulf"
    );
    assert!(page.contains(
        r#"<meta name="description" content="What to give, when, and how to present it.">"#
    ));
    assert!(page.contains(r#"<meta name="keywords" content="gifting, ramadan, eid">"#));
    assert!(page.contains(r#""@type": "BlogPosting""#));
    assert!(
        page.contains("<p>Body of entry 2.</p>"),
        "the stored (sanitised) HTML is the body"
    );
    let arabic = &site["ar/gifting-in-ramadan/2/index.html"];
    assert!(
        between(arabic, "<title>", "</title>").starts_with("الإهداء في رمضان"),
        "no Arabic meta title: the Arabic name"
    );
    assert!(arabic.contains("الإهداء في رمضان") && arabic.contains("<p>نص المقال.</p>"));
    assert!(site["index.html"].contains(r#""@type": "Organization""#));
}

#[test]
fn a_blog_name_with_markup_is_text() {
    let site = build();
    let slug = ssg::slug::blog_slug("<script>alert('x')</script> Arrivals");
    let page = &site[&format!("{slug}/1/index.html")];
    assert!(
        !page.contains("<script>alert"),
        "markup in a name must be escaped"
    );
    assert!(page.contains("&lt;script&gt;alert("));
    assert!(!site["blogs/index.html"].contains("<script>alert"));
}

#[test]
fn arabic_pages_fall_back_to_english_fields_and_link_arabic_counterparts() {
    let site = build();
    let ar = &site["ar/services/index.html"];
    assert!(ar.contains("صف السيارات"), "the Arabic twin is used");
    assert!(ar.contains("Dine In"), "no twin: the English name");
    let home = &site["ar/index.html"];
    assert!(home.contains("عيد بترتيب أنيق"));
    assert!(
        home.contains(r#"href="/ar/services""#),
        "banner links go to the Arabic page"
    );
    assert!(
        home.contains(r#"href="/" hreflang="en""#),
        "the language switch goes to the English counterpart"
    );
    assert!(site["about/index.html"].contains(r#"href="/ar/about" hreflang="ar""#));
}

#[test]
fn general_content_overrides_site_strings_by_name() {
    let site = build();
    for page in ["index.html", "ar/contact-us/index.html"] {
        assert!(site[page].contains("+971 4 123 4567"), "{page}");
        assert!(site[page].contains(r#"href="tel:+97141234567""#), "{page}");
    }
}

#[test]
fn the_header_opens_the_customer_site_in_a_new_tab() {
    let site = build();
    assert!(site["index.html"].contains(
        r#"href="https://clients.darwasl.example/login" target="_blank" rel="noopener""#
    ));
}

#[test]
fn listings_show_cards_not_bodies_and_paginate() {
    let site = build();
    let first = &site["blogs/index.html"];
    assert!(first.contains("Body of entry 12.") && !first.contains("Body of entry 13."));
    assert!(
        !first.contains("&lt;p&gt;Body of entry") && !first.contains("<p>Body of entry"),
        "listing pages never carry the bodies' markup"
    );
    assert!(first.contains(r#"href="/blogs/page/2" rel="next""#));
    assert!(
        first.contains(r#"<li><span aria-current="page">1</span></li>"#)
            && first.contains(r#"<li><a href="/blogs/page/3">3</a></li>"#),
        "the page numbers"
    );
    let last = &site["blogs/page/3/index.html"];
    assert!(
        last.contains(r#"href="/blogs/page/2" rel="prev""#) && last.contains("Body of entry 30.")
    );
}

/// Text as it was before the generator escaped it.
fn unescape(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// A blog card on a listing page as a reader meets it: its preview, the whole text Read More
/// shows (none when the preview is the whole text), and whether it has the Read More button.
struct Card {
    preview: String,
    full: Option<String>,
    read_more: bool,
    /// The paragraph says its text is English, left to right.
    english: bool,
}

fn card(html: &str, id: i64) -> Card {
    let at = html
        .find(&format!(r#"<p class="card-text" id="blog-{id}-text""#))
        .unwrap_or_else(|| panic!("card {id}"));
    let rest = &html[at..];
    let tag = between(rest, "<p", ">");
    let body = between(rest, ">", "</li>");
    Card {
        preview: unescape(between(body, "", "</p>")),
        full: tag
            .contains("data-full=")
            .then(|| unescape(between(tag, r#"data-full=""#, "\""))),
        english: tag.contains(r#" lang="en""#) && tag.contains(r#" dir="ltr""#),
        read_more: body.contains(&format!(
            r#"<button type="button" class="read-more" aria-expanded="false" aria-controls="blog-{id}-text">"#
        )),
    }
}

#[test]
fn blog_cards_preview_200_characters_and_carry_the_whole_plain_text_for_read_more() {
    let site = build();
    let long = card(&site["blogs/index.html"], 3);
    let text = long.full.clone().expect("a long card has the whole text");
    assert!(
        text.starts_with("Arrivals A considered arrival") && text.ends_with("The end & after."),
        "the whole text, markup dropped and entities decoded: {text}"
    );
    assert!(
        text.chars().count() > 600 && !text.contains('…'),
        "longer than the excerpt, never cut"
    );
    assert!(long.read_more, "Read More for a long text");
    assert!(
        long.preview.chars().count() <= 201
            && long.preview.ends_with('…')
            && text.starts_with(long.preview.trim_end_matches('…')),
        "the preview is the text's opening, cut at 200 characters: {}",
        long.preview
    );

    let short = card(&site["ar/blogs/index.html"], 2);
    assert_eq!(short.preview, "نص المقال.", "a short text whole");
    assert!(short.full.is_none() && !short.read_more, "and no Read More");

    let fallback = card(&site["ar/blogs/index.html"], 3);
    assert_eq!(
        fallback.full.as_deref(),
        Some(text.as_str()),
        "no Arabic description: the English text"
    );
    assert_eq!(fallback.preview, long.preview);
    assert!(
        fallback.english,
        "English on an Arabic page runs left to right, its ellipsis at its end"
    );
    assert!(
        !short.english && !long.english,
        "Arabic, or an English page: no marking"
    );
    let home = card(&site["index.html"], 3);
    assert_eq!(
        (home.preview, home.full),
        (long.preview, long.full),
        "the home page's cards too"
    );

    let page = &site["journal-entry-3/3/index.html"];
    let description = between(page, r#"<meta name="description" content=""#, "\"");
    assert!(
        description.starts_with("Arrivals A considered") && description.ends_with('…'),
        "the meta description still comes from the excerpt: {description}"
    );
}

#[test]
fn renamed_blogs_leave_a_redirect_at_the_old_url() {
    let site = build();
    let redirect = &site["old-name/3/index.html"];
    assert!(
        redirect.contains(r#"<meta http-equiv="refresh" content="0; url=/journal-entry-3/3">"#),
        "{redirect}"
    );
    assert!(redirect.contains(&format!(
        r#"<link rel="canonical" href="{SITE}/journal-entry-3/3">"#
    )));
    assert!(site["ar/old-name/3/index.html"].contains("url=/ar/journal-entry-3/3"));
}

#[test]
fn destinations_are_listed_by_country_in_display_order() {
    let site = build();
    let list = &site["destinations/index.html"];
    let at = |text: &str| {
        list.find(text)
            .unwrap_or_else(|| panic!("{text} is not on the list"))
    };
    // Riyadh (1) and AlUla (2) under Saudi Arabia, then Doha (3) under Qatar.
    assert!(at("Saudi Arabia") < at(">Riyadh<") && at(">Riyadh<") < at(">AlUla<"));
    assert!(at(">AlUla<") < at(">Qatar<") && at(">Qatar<") < at(">Doha<"));
    assert!(list.contains(r#"href="/destinations/alula""#));
    let arabic = &site["ar/destinations/index.html"];
    assert!(arabic.contains("المملكة العربية السعودية") && arabic.contains(">الرياض<"));
    assert!(arabic.contains(r#"href="/ar/destinations/doha""#));
}

#[test]
fn a_destination_has_its_page_in_both_languages_under_its_menu_entry() {
    let site = build();
    let page = &site["destinations/riyadh/index.html"];
    assert!(page.contains(r#"<h1 id="page-title" class="page-title" dir="auto">Riyadh</h1>"#));
    assert!(page.contains("<p>What we arrange in Riyadh.</p>"));
    assert!(page.contains(r#"<a href="/destinations" aria-current="page">Destinations</a>"#));
    assert!(
        page.contains("<title>Riyadh | "),
        "the name when no meta title"
    );
    let arabic = &site["ar/destinations/riyadh/index.html"];
    assert!(arabic.contains(">الرياض</h1>"));
    assert!(
        arabic.contains(r#"href="/destinations/riyadh""#),
        "the language switch"
    );
}

#[test]
fn renamed_destinations_leave_a_redirect_at_the_old_url() {
    let site = build();
    let redirect = &site["destinations/old-doha/index.html"];
    assert!(
        redirect.contains(r#"<meta http-equiv="refresh" content="0; url=/destinations/doha">"#),
        "{redirect}"
    );
    assert!(site["ar/destinations/old-doha/index.html"].contains("url=/ar/destinations/doha"));
    // An old URL another destination now has is that destination's page.
    assert!(!site["destinations/riyadh/index.html"].contains(r#"http-equiv="refresh""#));
}

#[test]
fn the_404_pages_say_not_found_in_both_languages() {
    let site = build();
    assert!(
        site["404.html"].contains("Not found")
            && site["404.html"].contains(r#"<meta name="robots" content="noindex">"#)
    );
    assert!(site["ar/404.html"].contains(r#"lang="ar""#));
}

#[test]
fn assets_have_content_hashed_names() {
    let site = crate::fixture::site();
    let (data, _) = crate::fixture::data();
    let pages = site
        .render(&data, &[ssg::plan::Target::Assets].into(), &|_| None)
        .unwrap();
    let css = pages
        .iter()
        .find(|p| p.path.ends_with(".css"))
        .expect("a stylesheet");
    assert!(css.path.starts_with("assets/site-") && css.path.len() > "assets/site-.css".len() + 5);
    assert!(
        pages
            .iter()
            .any(|p| p.path.starts_with("assets/media/hero-") && p.path.ends_with(".svg"))
    );
    let home = &build()["index.html"];
    assert!(home.contains(&format!(r#"href="/{}""#, css.path)));
    assert!(crate::fixture::targets_of(&data).len() > 40);
}

#[test]
fn islands_are_embedded_with_their_props_and_the_page_config() {
    let site = build();
    let services = &site["services/index.html"];
    assert!(services.contains(r#"data-island="services-explorer""#));
    assert!(
        services.contains("Chef&#39;s table") || services.contains("Chef's table"),
        "every item is in the props"
    );
    assert_eq!(
        services.matches("&quot;coming_soon&quot;:true").count(),
        1,
        "the one service whose flag is set (Dine In) is flagged, the others are not"
    );
    assert!(services.contains("&quot;coming_soon&quot;:false"));
    for page in ["index.html", "ar/about/index.html", "contact-us/index.html"] {
        let html = &site[page];
        assert!(
            html.contains(r#"<script type="application/json" id="island-config">"#),
            "{page}"
        );
        assert!(
            html.contains(r#"src="/assets/islands/loader-test.js""#),
            "{page}"
        );
        assert!(html.contains(r#"data-island="newsletter""#), "{page}");
    }
    assert!(site["contact-us/index.html"].contains(r#"data-island="contact-form""#));
    assert!(site["services/airport/index.html"].contains(r#"data-island="airport-request""#));
    assert!(
        site["services/airport/index.html"].contains("DXB"),
        "the airports are in the props"
    );
    let config = between(
        &site["ar/index.html"],
        r#"id="island-config">"#,
        "</script>",
    );
    let config: serde_json::Value = serde_json::from_str(config).unwrap();
    assert_eq!(config["lang"], "ar");
    assert_eq!(config["apiBase"], "/api/v1");
    let strings = config["strings"].as_str().unwrap();
    assert!(
        strings.starts_with("/assets/islands/strings/ar-"),
        "{strings}"
    );
    assert!(
        site.contains_key(strings.trim_start_matches('/')),
        "the strings file is written"
    );
    let table: serde_json::Value =
        serde_json::from_str(&site[strings.trim_start_matches('/')]).unwrap();
    assert_eq!(
        table["site"]["phone"], "+971 4 123 4567",
        "the islands get the overridden strings too"
    );
}

#[test]
fn the_language_choice_script_runs_before_anything_else() {
    let home = &build()["index.html"];
    let script = between(home, "<script>", "</script>");
    assert!(
        script.contains("concierge.lang")
            && script.contains("data-lang-switch")
            && script.contains("location.replace")
    );
}

/// The site's templates and assets in a temporary directory, to change.
fn copy_of_the_templates() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let source = ssg::Templates::source_dir();
    for sub in ["templates", "assets"] {
        for file in ssg::walk::files(&source.join(sub)).unwrap() {
            let to = dir.path().join(sub).join(&file);
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            std::fs::copy(source.join(sub).join(&file), to).unwrap();
        }
    }
    dir
}

/// A shared partial is rendered once for all the pages of a language: one that shows a page's
/// own variables is an error, not the first page's values on every page.
#[test]
fn a_shared_partial_that_shows_a_page_variable_is_an_error() {
    let dir = copy_of_the_templates();
    let partial = dir
        .path()
        .join("templates/partials/shared/services-band.html");
    let text = std::fs::read_to_string(&partial).unwrap();
    std::fs::write(&partial, format!("{text}<p>{{{{ page.title }}}}</p>\n")).unwrap();
    let site = site_from(&ssg::Templates::Dir(dir.path().to_path_buf()), None);
    let (data, blogs) = crate::fixture::data();
    let Err(error) = site.render(&data, &ssg::plan::full(&data), &|id| {
        blogs.get(&id).cloned()
    }) else {
        panic!("the render fails");
    };
    assert!(format!("{error:#}").contains("undefined"), "{error:#}");
}

/// The header and footer are rendered once per language and menu section, with each page's
/// language switch filled in, and the shared partials once per language: every page is the one
/// that including them in the page renders.
#[test]
fn every_page_is_what_including_its_header_footer_and_shared_partials_renders() {
    let dir = copy_of_the_templates();
    let base = dir.path().join("templates/base.html");
    let text = std::fs::read_to_string(&base).unwrap();
    let included = text
        .replace("{{ header -}}", r#"{% include "partials/header.html" %}"#)
        .replace("{{ footer -}}", r#"{% include "partials/footer.html" %}"#);
    assert_eq!(
        included.matches(r#"{% include "partials/"#).count(),
        2,
        "base.html names both"
    );
    std::fs::write(&base, included).unwrap();
    // Each shared partial, wherever a template shows it, included instead.
    let templates = dir.path().join("templates");
    for partial in ssg::walk::files(&templates.join("partials/shared")).unwrap() {
        let name = partial.trim_end_matches(".html").to_owned();
        let include = format!(r#"{{% include "partials/shared/{name}.html" %}}"#);
        let mut shown = 0;
        for file in ssg::walk::files(&templates).unwrap() {
            let path = templates.join(file);
            let text = std::fs::read_to_string(&path).unwrap();
            let mut included = text.clone();
            for uses in [
                format!(r#"{{{{ shared["{name}"] -}}}}"#),
                format!("{{{{ shared.{name} -}}}}"),
            ] {
                shown += included.matches(&uses).count();
                included = included.replace(&uses, &include);
            }
            std::fs::write(&path, included).unwrap();
        }
        assert!(shown > 0, "a template shows {name}");
    }
    let templates = ssg::Templates::Dir(dir.path().to_path_buf());
    for gtm in [None, Some("GTM-TEST")] {
        let once = build_site(&site_from(&ssg::Templates::Embedded, gtm));
        let each = build_site(&site_from(&templates, gtm));
        assert_eq!(once.len(), each.len());
        for (path, html) in &once {
            assert!(html == &each[path], "{path} differs (tag manager {gtm:?})");
        }
    }
}

#[test]
fn menu_text_that_spells_the_language_switch_placeholder_renders_as_written() {
    let (mut data, blogs) = crate::fixture::data();
    let text = "About <concierge-switch-url> concierge-switch-url";
    data.general_content.push(ssg::model::GeneralContent {
        name: "nav.about".into(),
        values: text.into(),
        values_ar: None,
    });
    let pages = crate::fixture::site()
        .render(&data, &ssg::plan::full(&data), &|id| {
            blogs.get(&id).cloned()
        })
        .unwrap();
    let about = pages
        .iter()
        .find(|p| p.path == "about/index.html")
        .map(|p| std::str::from_utf8(&p.bytes).unwrap())
        .unwrap();
    assert!(
        about.contains(">About &lt;concierge-switch-url&gt; concierge-switch-url</a>"),
        "the menu entry is the admin's text, escaped"
    );
    assert_eq!(
        about
            .matches(r#"class="lang-switch" href="/ar/about""#)
            .count(),
        2,
        "header and footer link to the Arabic page"
    );
}

/// A site keeps what its pages share (the string table, the services, the header, footer and
/// shared partials) from one render to the next while the services and general content stay
/// the same: after rendering other data, it renders exactly what a new site renders.
#[test]
fn a_site_that_rendered_other_data_renders_what_a_new_one_does() {
    let kept = site();
    let (data, blogs) = data();
    let mut renamed = data.clone();
    renamed.services[0].name = "Renamed service".into();
    let mut item = data.clone();
    item.services[0].items[0].name_ar = Some("بند جديد".into());
    let mut content = data.clone();
    content.general_content[0].values = "+971 4 000 0000".into();
    let mut fewer = data.clone();
    fewer.services.pop();
    fewer.general_content.clear();
    let mut blog = data.clone();
    Arc::make_mut(&mut blog.blogs_mut()[0]).name = "A blog renamed".into();
    blog.normalize();
    for (what, data) in [
        ("the first", &data),
        ("a service renamed", &renamed),
        ("an item's Arabic name", &item),
        ("general content changed", &content),
        ("the first again", &data),
        ("a service and the general content gone", &fewer),
        ("a blog renamed", &blog),
    ] {
        let render = |site: &Site| -> BTreeMap<String, Vec<u8>> {
            site.render(data, &plan::full(data), &|id| blogs.get(&id).cloned())
                .unwrap()
                .into_iter()
                .map(|p| (p.path, p.bytes))
                .collect()
        };
        let (again, new) = (render(&kept), render(&site()));
        let differ: Vec<&String> = new
            .keys()
            .filter(|p| again.get(*p) != new.get(*p))
            .collect();
        assert!(
            differ.is_empty() && again.len() == new.len(),
            "{what}: {differ:?}"
        );
    }
}
