//! Sitemaps, feeds and robots.txt.

use crate::fixture::{SITE, build};

#[test]
fn the_sitemap_index_lists_the_pages_chunk_and_the_blog_chunks() {
    let site = build();
    let index = &site["sitemap.xml"];
    assert!(index.contains(&format!("<loc>{SITE}/sitemap-pages.xml</loc>")));
    assert!(index.contains(&format!("<loc>{SITE}/sitemap-blogs-0.xml</loc>")));
    let blogs = &site["sitemap-blogs-0.xml"];
    assert_eq!(
        blogs.matches("<url>").count(),
        60,
        "30 blogs in two languages"
    );
    assert!(blogs.contains(&format!(
        r#"<xhtml:link rel="alternate" hreflang="ar" href="{SITE}/ar/gifting-in-ramadan/2"/>"#
    )));
    assert!(blogs.contains(r#"hreflang="x-default""#));
    let pages = &site["sitemap-pages.xml"];
    assert!(
        pages.contains(&format!("<loc>{SITE}/ar/about</loc>"))
            && pages.contains(&format!("<loc>{SITE}/services/1</loc>"))
    );
    for path in [
        "/destinations",
        "/destinations/alula",
        "/ar/destinations/doha",
    ] {
        assert!(
            pages.contains(&format!("<loc>{SITE}{path}</loc>")),
            "{path}"
        );
    }
    assert!(
        !pages.contains("old-doha"),
        "an old URL is no page of the sitemap"
    );
}

#[test]
fn each_language_has_an_atom_feed_of_the_latest_blogs() {
    let site = build();
    for (path, lang) in [("feed.xml", "en"), ("ar/feed.xml", "ar")] {
        let feed = &site[path];
        assert!(feed.contains(&format!(r#"xml:lang="{lang}""#)));
        assert_eq!(feed.matches("<entry>").count(), 20);
        assert!(!feed.contains("<script>"), "names are escaped in XML too");
    }
    assert!(
        site["feed.xml"].find("Journal entry 30").unwrap()
            < site["feed.xml"].find("Journal entry 29").unwrap(),
        "newest first"
    );
    assert!(
        site["ar/feed.xml"].contains("/ar/journal-entry-30/30"),
        "Arabic entries link Arabic pages"
    );
    assert!(
        site["feed.xml"].contains("<summary>Excerpt of entry 30.</summary>"),
        "each entry is summed up by its blog's excerpt"
    );
}

#[test]
fn robots_points_at_the_sitemap_and_keeps_crawlers_out_of_the_back_office() {
    let robots = &build()["robots.txt"];
    assert!(robots.contains(&format!("Sitemap: {SITE}/sitemap.xml")));
    assert!(robots.contains("Disallow: /admin") && robots.contains("Disallow: /api/"));
}
