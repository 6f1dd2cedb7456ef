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
    "admin",
    "api",
    "media",
    "assets",
    "ar",
];

/// The slug of a blog name: lower-cased, whitespace runs turned into one hyphen, everything but
/// letters (any script), digits and hyphens dropped, hyphens collapsed and trimmed; `blog` when
/// nothing is left; reserved segments get `-blog`.
pub fn blog_slug(name: &str) -> String {
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
    while slug.ends_with('-') {
        slug.pop();
    }
    if slug.is_empty() {
        return "blog".to_owned();
    }
    if RESERVED.contains(&slug.as_str()) {
        slug.push_str("-blog");
    }
    slug
}

#[cfg(test)]
mod tests {
    use super::blog_slug;

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
