//! Each page's Content-Security-Policy, as a `<meta http-equiv>` in the page itself so that it
//! travels with the page to any server or CDN. Scripts run only from this origin, or inline
//! with the SHA-256 of their text, computed from the finished page: an inline script added to a
//! template later is covered without anyone listing it. The tag manager's hosts are allowed only
//! when one is configured (and the consent island loads it only after the visitor agrees).
//! Styles may be inline (`style="--tone: …"` and the fonts' small stylesheet): styles cannot run
//! code.

use std::sync::LazyLock;

use base64::Engine;
use memchr::memmem;
use sha2::{Digest, Sha256};

/// What the base template writes where the policy goes.
pub const PLACEHOLDER: &str = "__CONCIERGE_CSP__";

/// The tag manager's hosts, allowed only with a tag manager.
const TAG_MANAGER: &str = "https://www.googletagmanager.com https://*.google-analytics.com";

/// `html` with [`PLACEHOLDER`] replaced by the policy for the scripts it holds.
pub fn fill(mut html: String, tag_manager: bool) -> String {
    let Some(at) = memmem::find(html.as_bytes(), PLACEHOLDER.as_bytes()) else {
        return html;
    };
    let hashes: Vec<String> = inline_scripts(&html)
        .map(|script| {
            let digest = Sha256::digest(script.as_bytes());
            format!(
                "'sha256-{}'",
                base64::engine::general_purpose::STANDARD.encode(digest)
            )
        })
        .collect();
    let gtm = if tag_manager { TAG_MANAGER } else { "" };
    let policy = format!(
        "default-src 'self'; script-src 'self' {} {gtm}; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: {gtm}; font-src 'self'; connect-src 'self' {gtm}; \
         object-src 'none'; base-uri 'self'; form-action 'self'",
        hashes.join(" ")
    );
    let policy = policy.split_whitespace().collect::<Vec<_>>().join(" ");
    html.replace_range(at..at + PLACEHOLDER.len(), &policy);
    html
}

/// The text of every inline script a browser would run (no `src`, a JavaScript type).
/// Every page is scanned whole, so the search is `memchr`'s (vectorised) rather than `str::find`
/// (which was a tenth of a full build's samples).
pub fn inline_scripts(html: &str) -> impl Iterator<Item = &str> {
    static OPEN: LazyLock<memmem::Finder<'static>> =
        LazyLock::new(|| memmem::Finder::new("<script"));
    static CLOSE: LazyLock<memmem::Finder<'static>> =
        LazyLock::new(|| memmem::Finder::new("</script>"));
    let (open, close) = (&*OPEN, &*CLOSE);
    let mut rest = html;
    std::iter::from_fn(move || {
        loop {
            let start = open.find(rest.as_bytes())?;
            let open_end = start + memchr::memchr(b'>', &rest.as_bytes()[start..])?;
            let attributes = &rest[start + "<script".len()..open_end];
            let body_start = open_end + 1;
            let body_end = body_start + close.find(&rest.as_bytes()[body_start..])?;
            let body = &rest[body_start..body_end];
            rest = &rest[body_end..];
            if runs(attributes) {
                return Some(body);
            }
        }
    })
}

/// Whether a `<script>` with these attributes is inline code (not a `src`, not data).
fn runs(attributes: &str) -> bool {
    let lower = attributes.to_ascii_lowercase();
    if lower.contains("src=") {
        return false;
    }
    match lower.split("type=").nth(1) {
        None => true,
        Some(value) => {
            let value = value.trim_start_matches(['"', '\'']);
            ["module", "text/javascript", "application/javascript"]
                .iter()
                .any(|t| value.starts_with(t))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_code_is_hashed_and_data_and_external_scripts_are_not() {
        let html = format!(
            r#"<head><meta http-equiv="Content-Security-Policy" content="{PLACEHOLDER}"><script>a()</script>
<script type="application/json">{{"x":1}}</script><script type="module" src="/l.js"></script>
<script type="module">b()</script><script type="application/ld+json">{{}}</script></head>"#
        );
        let scripts: Vec<&str> = inline_scripts(&html).collect();
        assert_eq!(scripts, ["a()", "b()"]);
        let filled = fill(html, false);
        let a = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(b"a()"));
        assert!(filled.contains(&format!("'sha256-{a}'")), "{filled}");
        assert!(
            !filled.contains("unsafe-eval")
                && !filled.contains("script-src 'self' 'unsafe-inline'")
        );
        assert!(!filled.contains("googletagmanager"));
        assert!(
            fill(format!("<meta content=\"{PLACEHOLDER}\">"), true).contains("googletagmanager")
        );
    }
}
