//! Rich text: sanitised once, on save, with an allow-list (ammonia).

use std::sync::LazyLock;

static CLEANER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut builder = ammonia::Builder::default();
    builder.add_generic_attributes(["dir"]);
    builder
});

/// Removes scripts, event-handler attributes, `javascript:` URLs and every element or
/// attribute outside the allow-list; keeps ordinary formatting.
pub fn sanitize(html: &str) -> String {
    CLEANER.clean(html).to_string()
}

/// The plain text of sanitised HTML (tags dropped, entities decoded, white space folded),
/// cut to at most `max` characters at a word boundary. Made once, on save; the whole text
/// is [`ssg::text::plain_text`], which the site's Read More shows.
pub fn excerpt(html: &str, max: usize) -> String {
    ssg::text::truncate(&ssg::text::plain_text(html), max)
}

#[cfg(test)]
mod tests {
    use super::{excerpt, sanitize};

    #[test]
    fn excerpts_are_plain_text_cut_at_a_word() {
        assert_eq!(
            excerpt("<h2>Arrivals</h2><p>Calm &amp; quick.</p>", 200),
            "Arrivals Calm & quick."
        );
        let long = format!("<p>{}</p>", "word ".repeat(100));
        let cut = excerpt(&long, 50);
        assert!(cut.chars().count() <= 51 && cut.ends_with('…'), "{cut}");
    }

    #[test]
    fn scripts_handlers_and_javascript_urls_are_removed() {
        let dirty = r#"<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>"#;
        let clean = sanitize(dirty);
        for bad in ["<script", "onclick", "onerror", "javascript:", "alert"] {
            assert!(!clean.contains(bad), "{bad} survived in {clean}");
        }
    }

    #[test]
    fn ordinary_formatting_survives() {
        let html = r#"<h2>Arrival</h2><p><strong>Bold</strong> and <em>calm</em></p><ul><li>One</li></ul><p dir="rtl">مرحبا</p>"#;
        assert_eq!(sanitize(html), html);
    }
}
