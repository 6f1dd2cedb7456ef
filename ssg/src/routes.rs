//! Languages and the public routes: URL paths and the files behind them.
//!
//! English lives at the root and Arabic under `/ar/`. URLs have no trailing slash
//! (`/about`); the file behind each is `about/index.html`.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Lang {
    En,
    Ar,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ar];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ar => "ar",
        }
    }

    pub fn dir(self) -> &'static str {
        match self {
            Lang::En => "ltr",
            Lang::Ar => "rtl",
        }
    }

    /// The URL prefix: empty for English, `/ar` for Arabic.
    pub fn prefix(self) -> &'static str {
        match self {
            Lang::En => "",
            Lang::Ar => "/ar",
        }
    }

    pub fn other(self) -> Lang {
        match self {
            Lang::En => Lang::Ar,
            Lang::Ar => Lang::En,
        }
    }

    /// Open Graph locale.
    pub fn locale(self) -> &'static str {
        match self {
            Lang::En => "en_GB",
            Lang::Ar => "ar_AE",
        }
    }
}

/// A public page of the site.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Route {
    Home,
    About,
    Services,
    Service(i32),
    Airport,
    Partnership,
    Contact,
    Document(&'static str),
    /// The blog list; page 1 is `/blogs`, page n is `/blogs/page/n`.
    Blogs(u32),
    Blog {
        slug: String,
        id: i32,
    },
    /// The destinations, grouped by country.
    Destinations,
    /// A destination's page, by its slug.
    Destination(String),
    /// Site search (its island reads the static index under `search/`).
    Search,
}

impl Route {
    /// The path after the language prefix, without a trailing slash (`""` for home).
    fn tail(&self) -> String {
        match self {
            Route::Home => String::new(),
            Route::About => "/about".into(),
            Route::Services => "/services".into(),
            Route::Service(id) => format!("/services/{id}"),
            Route::Airport => "/services/airport".into(),
            Route::Partnership => "/partnership".into(),
            Route::Contact => "/contact-us".into(),
            Route::Document(name) => format!("/{name}"),
            Route::Blogs(1) => "/blogs".into(),
            Route::Blogs(n) => format!("/blogs/page/{n}"),
            Route::Blog { slug, id } => format!("/{slug}/{id}"),
            Route::Destinations => "/destinations".into(),
            Route::Destination(slug) => format!("/destinations/{slug}"),
            Route::Search => "/search".into(),
        }
    }

    /// The URL path in `lang`: `/about`, `/ar/about`, `/` and `/ar` for home.
    pub fn url(&self, lang: Lang) -> String {
        let path = format!("{}{}", lang.prefix(), self.tail());
        if path.is_empty() { "/".into() } else { path }
    }

    /// The file behind the URL, relative to the site root.
    pub fn file(&self, lang: Lang) -> String {
        let dir = format!("{}{}", lang.prefix(), self.tail());
        let dir = dir.trim_start_matches('/');
        if dir.is_empty() {
            "index.html".into()
        } else {
            format!("{dir}/index.html")
        }
    }
}

/// The file serving a URL path (`/about` → `about/index.html`), or `None` when the path cannot
/// be one of ours (`..`, backslashes, NUL).
pub fn file_for_url(path: &str) -> Option<String> {
    let trimmed = path.trim_matches('/');
    // `.`-files are the generator's own (temp files mid-write, the build marker): never served.
    if trimmed.split('/').any(|s| s.starts_with('.'))
        || trimmed.contains('\\')
        || trimmed.contains('\0')
    {
        return None;
    }
    if trimmed.is_empty() {
        return Some("index.html".into());
    }
    let last = trimmed.rsplit('/').next().unwrap_or("");
    if last.contains('.') {
        Some(trimmed.to_owned())
    } else {
        Some(format!("{trimmed}/index.html"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_route_has_an_english_and_an_arabic_url_and_file() {
        let cases = [
            (Route::Home, "/", "/ar", "index.html", "ar/index.html"),
            (
                Route::About,
                "/about",
                "/ar/about",
                "about/index.html",
                "ar/about/index.html",
            ),
            (
                Route::Service(3),
                "/services/3",
                "/ar/services/3",
                "services/3/index.html",
                "ar/services/3/index.html",
            ),
            (
                Route::Airport,
                "/services/airport",
                "/ar/services/airport",
                "services/airport/index.html",
                "ar/services/airport/index.html",
            ),
            (
                Route::Document("privacy-policy"),
                "/privacy-policy",
                "/ar/privacy-policy",
                "privacy-policy/index.html",
                "ar/privacy-policy/index.html",
            ),
            (
                Route::Blogs(1),
                "/blogs",
                "/ar/blogs",
                "blogs/index.html",
                "ar/blogs/index.html",
            ),
            (
                Route::Blogs(3),
                "/blogs/page/3",
                "/ar/blogs/page/3",
                "blogs/page/3/index.html",
                "ar/blogs/page/3/index.html",
            ),
            (
                Route::Blog {
                    slug: "arrivals".into(),
                    id: 7,
                },
                "/arrivals/7",
                "/ar/arrivals/7",
                "arrivals/7/index.html",
                "ar/arrivals/7/index.html",
            ),
            (
                Route::Destinations,
                "/destinations",
                "/ar/destinations",
                "destinations/index.html",
                "ar/destinations/index.html",
            ),
            (
                Route::Destination("alula".into()),
                "/destinations/alula",
                "/ar/destinations/alula",
                "destinations/alula/index.html",
                "ar/destinations/alula/index.html",
            ),
        ];
        for (route, en, ar, en_file, ar_file) in cases {
            assert_eq!(route.url(Lang::En), en);
            assert_eq!(route.url(Lang::Ar), ar);
            assert_eq!(route.file(Lang::En), en_file);
            assert_eq!(route.file(Lang::Ar), ar_file);
            assert_eq!(
                file_for_url(en).as_deref(),
                Some(en_file),
                "pretty URL of {en}"
            );
            assert_eq!(
                file_for_url(ar).as_deref(),
                Some(ar_file),
                "pretty URL of {ar}"
            );
        }
    }

    #[test]
    fn paths_that_climb_out_are_refused() {
        assert_eq!(file_for_url("/../etc/passwd"), None);
        assert_eq!(file_for_url("/a/./b"), None);
        assert_eq!(
            file_for_url("/about/.index.html.1.tmp"),
            None,
            "a page being written is never served"
        );
        assert_eq!(file_for_url("/.build"), None);
        assert_eq!(
            file_for_url("/about/.index.html.1.tmp"),
            None,
            "a page being written is never served"
        );
        assert_eq!(file_for_url("/.build"), None);
        assert_eq!(file_for_url("/sitemap.xml").as_deref(), Some("sitemap.xml"));
        assert_eq!(file_for_url("/about/").as_deref(), Some("about/index.html"));
    }
}
