//! Blog URL slugs (architecture page, "Static site").

/// First path segments the site itself uses; a blog slug equal to one gets the suffix `-blog`.
pub const RESERVED: &[&str] = &[
    "about",
    "services",
    "partnership",
    "contact-us",
    "privacy-policy",
    "terms-services",
    "cookies-policy",
    "blogs",
    "destinations",
    "search",
    "admin",
    "api",
    "media",
    "assets",
    "ar",
];

/// Longest slug, in bytes. A slug is one directory name in the site store, and file systems
/// allow 255 bytes: a 200-character Arabic title slugs to about 400. The cap leaves room for the
/// `-blog` suffix and keeps URLs readable (about 60 Arabic or 120 Latin letters).
pub const MAX_SLUG_BYTES: usize = 120;

/// The slug of a blog name: lower-cased, whitespace runs turned into one hyphen, everything but
/// letters (any script), digits and hyphens dropped, hyphens collapsed and trimmed; `blog` when
/// nothing is left; cut to [`MAX_SLUG_BYTES`] at a character boundary; reserved segments get
/// `-blog`.
pub fn blog_slug(name: &str) -> String {
    let mut slug = slug(name, "blog");
    if RESERVED.contains(&slug.as_str()) {
        slug.push_str("-blog");
    }
    slug
}

/// The slug of a destination's name (`/destinations/{slug}`), made as a blog's, `destination`
/// when nothing is left. No segment is reserved under `/destinations/`.
pub fn destination_slug(name: &str) -> String {
    slug(name, "destination")
}

fn slug(name: &str, fallback: &str) -> String {
    let mut slug = String::with_capacity(name.len());
    for c in name.trim().to_lowercase().chars() {
        if c.is_whitespace() || c == '-' {
            if !slug.is_empty() && !slug.ends_with('-') {
                slug.push('-');
            }
        } else if c.is_alphanumeric() {
            slug.push(c);
        }
    }
    cap(&mut slug);
    if slug.is_empty() {
        return fallback.to_owned();
    }
    slug
}

/// Cuts `slug` to [`MAX_SLUG_BYTES`] at a character boundary, with no hyphen left at the end.
fn cap(slug: &mut String) {
    if slug.len() > MAX_SLUG_BYTES {
        let mut end = MAX_SLUG_BYTES;
        while !slug.is_char_boundary(end) {
            end -= 1;
        }
        slug.truncate(end);
    }
    while slug.ends_with('-') {
        slug.pop();
    }
}

/// A stored slug made before the cap, brought under it (the same cut [`blog_slug`] makes).
pub fn capped(slug: &str) -> String {
    let mut slug = slug.to_owned();
    cap(&mut slug);
    if slug.is_empty() {
        "blog".to_owned()
    } else {
        slug
    }
}

#[cfg(test)]
mod tests {
    use super::{MAX_SLUG_BYTES, blog_slug};

    #[test]
    fn every_name_makes_a_slug_that_fits_in_a_file_name() {
        let names = [
            "ب".repeat(130),
            "ملخص ".repeat(40),
            "🛩️🥂".repeat(100),
            "a".repeat(200),
            format!("{}-", "é".repeat(59)),
        ];
        for name in names {
            let slug = blog_slug(&name);
            assert!(slug.len() <= MAX_SLUG_BYTES, "{} bytes", slug.len());
            assert!(!slug.is_empty() && !slug.ends_with('-') && !slug.starts_with('-'));
        }
        assert_eq!(
            blog_slug(&"ب".repeat(130)),
            "ب".repeat(60),
            "two bytes a letter"
        );
        assert_eq!(blog_slug("🛩️🥂"), "blog", "emoji are not letters");
    }

    #[test]
    fn slugs_follow_the_architecture_rules() {
        let cases = [
            (
                "Arriving in Riyadh",
                "arriving-in-riyadh",
                "spaces become hyphens",
            ),
            (
                "  Gifting:  Eid & Ramadan!  ",
                "gifting-eid-ramadan",
                "punctuation dropped, runs collapsed",
            ),
            (
                "London -- Summer Season",
                "london-summer-season",
                "repeated hyphens collapse",
            ),
            ("رحلات العائلة", "رحلات-العائلة", "letters of any script stay"),
            ("Top 10 Lounges 2026", "top-10-lounges-2026", "digits stay"),
            ("!!!", "blog", "empty becomes blog"),
            ("About", "about-blog", "reserved segment gets a suffix"),
            ("Contact Us", "contact-us-blog", "reserved after slugging"),
            (
                "<script>alert(1)</script>",
                "scriptalert1script",
                "markup cannot reach the URL",
            ),
        ];
        for (name, slug, why) in cases {
            assert_eq!(blog_slug(name), slug, "{why}");
        }
    }
}
