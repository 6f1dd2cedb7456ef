//! Every page carries a Content-Security-Policy that lets its own inline scripts run, and no
//! other inline script: the policy is computed from the finished page.

use base64::Engine;
use sha2::{Digest, Sha256};

use crate::fixture::{build_site, site_with_tag_manager};

fn policy(html: &str) -> &str {
    let start = html
        .find(r#"<meta http-equiv="Content-Security-Policy" content=""#)
        .expect("the page has a policy")
        + r#"<meta http-equiv="Content-Security-Policy" content=""#.len();
    &html[start..start + html[start..].find('"').unwrap()]
}

#[test]
fn every_page_allows_exactly_its_own_inline_scripts() {
    for tag_manager in [None, Some("GTM-TEST123")] {
        let site = build_site(&site_with_tag_manager(tag_manager));
        let pages: Vec<_> = site
            .iter()
            .filter(|(p, _)| p.ends_with("index.html") || p.ends_with("404.html"))
            .collect();
        assert!(pages.len() > 20);
        for (path, html) in pages {
            if html.contains("http-equiv=\"refresh\"") {
                continue; // a redirect page runs no script
            }
            let policy = policy(html);
            let head = &html[..html.find("<script").unwrap_or(html.len())];
            assert!(
                head.contains("Content-Security-Policy"),
                "{path}: the policy comes before any script"
            );
            let script_src = policy
                .split(';')
                .find(|d| d.trim().starts_with("script-src"))
                .unwrap();
            assert!(
                !script_src.contains("unsafe-inline") && !script_src.contains("unsafe-eval"),
                "{path}: {script_src}"
            );
            let scripts: Vec<&str> = ssg::csp::inline_scripts(html).collect();
            assert!(!scripts.is_empty(), "{path}: the head script");
            for script in scripts {
                let hash = base64::engine::general_purpose::STANDARD
                    .encode(Sha256::digest(script.as_bytes()));
                assert!(
                    script_src.contains(&format!("'sha256-{hash}'")),
                    "{path}: a script without its hash"
                );
            }
            assert_eq!(
                policy.contains("googletagmanager"),
                tag_manager.is_some(),
                "{path}"
            );
            for directive in ["object-src 'none'", "base-uri 'self'", "default-src 'self'"] {
                assert!(policy.contains(directive), "{path}: {directive}");
            }
        }
    }
}
