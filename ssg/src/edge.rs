//! What an edge cache (Varnish, a CDN) needs to know of the site's files: the URL a file is
//! served at, and its surrogate keys. A page is sent with its keys (`Surrogate-Key`, `xkey`,
//! `Cache-Tag`), and a publish purges the keys of exactly the files it wrote or removed, so the
//! cache drops those pages and nothing else. Every URL that serves a file (with a query
//! string, a trailing slash, percent-encoded) carries the same keys: one purge reaches them all.

/// Every file the site serves carries this key: purging it empties the cache of the site (a
/// full build).
pub const SITE_KEY: &str = "site";

/// The file's own key: `f-` and 16 hex digits (FNV-1a, 64 bits) of its path in the site
/// store. Short, printable ASCII and free of spaces and commas, as every CDN's keys must be,
/// whatever script the path is in.
pub fn file_key(file: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in file.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("f-{hash:016x}")
}

/// The kind of file, as a key: `html`, `feed`, `sitemap` or `file`.
fn class_key(file: &str) -> &'static str {
    if file.ends_with(".html") {
        "html"
    } else if file.ends_with("feed.xml") {
        "feed"
    } else if file.contains("sitemap") && file.ends_with(".xml") {
        "sitemap"
    } else {
        "file"
    }
}

/// The surrogate keys of a file: its own, its kind's and the site's.
pub fn keys(file: &str) -> [String; 3] {
    [
        file_key(file),
        class_key(file).to_owned(),
        SITE_KEY.to_owned(),
    ]
}

/// The URL path a file is served at (`about/index.html` → `/about`, `index.html` → `/`,
/// `feed.xml` → `/feed.xml`); `None` for the designed 404 pages, which answer every unknown
/// URL and so have no URL of their own to purge (their key does).
pub fn url_for_file(file: &str) -> Option<String> {
    if file == "404.html" || file.ends_with("/404.html") {
        return None;
    }
    Some(match file.strip_suffix("index.html") {
        Some(dir) => format!("/{}", dir.trim_end_matches('/')),
        None => format!("/{file}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routes::file_for_url;

    #[test]
    fn a_files_url_serves_that_file() {
        for file in [
            "index.html",
            "about/index.html",
            "ar/index.html",
            "ar/services/3/index.html",
            "feed.xml",
            "ar/feed.xml",
            "sitemap-2.xml",
            "مدونة/7/index.html",
        ] {
            let url = url_for_file(file).unwrap();
            assert_eq!(file_for_url(&url).as_deref(), Some(file), "{url}");
        }
        assert_eq!(url_for_file("404.html"), None);
        assert_eq!(url_for_file("ar/404.html"), None);
    }

    #[test]
    fn keys_are_short_printable_and_differ_between_files() {
        let a = keys("blogs/7/index.html");
        let b = keys("ar/blogs/7/index.html");
        assert_ne!(a[0], b[0]);
        assert_eq!((a[1].as_str(), a[2].as_str()), ("html", "site"));
        assert_eq!(keys("ar/feed.xml")[1], "feed");
        assert_eq!(keys("sitemap-1.xml")[1], "sitemap");
        let arabic = file_key("مدونة/7/index.html");
        assert_eq!(arabic.len(), 18);
        assert!(
            arabic
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        );
    }
}
