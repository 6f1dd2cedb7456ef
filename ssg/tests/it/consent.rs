//! The analytics consent banner exists only where there is analytics to consent to.

use crate::fixture::{build_site, site_with_tag_manager};

/// Every trace of the consent banner a page can carry.
const BANNER_MARKUP: [&str; 4] = [
    r#"data-island="cookie-consent""#,
    r#"data-island="cookie-settings""#,
    "data-cookie-settings",
    "data-consent",
];

#[test]
fn without_a_tag_manager_no_page_carries_a_consent_banner() {
    let site = build_site(&site_with_tag_manager(None));
    for (path, html) in site.iter().filter(|(p, _)| p.ends_with(".html")) {
        for markup in BANNER_MARKUP {
            assert!(!html.contains(markup), "{path} carries {markup}");
        }
    }
    let policy = &site["cookies-policy/index.html"];
    assert!(
        policy.contains("Essential cookies"),
        "the policy still explains the essential cookies"
    );
    assert!(site["ar/cookies-policy/index.html"].contains("الملفات الضرورية"));
}

#[test]
fn with_a_tag_manager_every_page_carries_the_consent_banner() {
    let site = build_site(&site_with_tag_manager(Some("GTM-TEST123")));
    for page in [
        "index.html",
        "ar/about/index.html",
        "blogs/index.html",
        "404.html",
    ] {
        let html = &site[page];
        for markup in [BANNER_MARKUP[0], BANNER_MARKUP[2], BANNER_MARKUP[3]] {
            assert!(html.contains(markup), "{page} lacks {markup}");
        }
        assert!(html.contains("GTM-TEST123"), "{page}: the banner's props");
    }
    for page in ["cookies-policy/index.html", "ar/cookies-policy/index.html"] {
        assert!(
            site[page].contains(r#"data-island="cookie-settings""#),
            "{page} lets the visitor change the choice"
        );
    }
}
