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
/// cut to at most `max` characters at a word boundary. Made once, on save.
pub fn excerpt(html: &str, max: usize) -> String {
    let mut text = String::with_capacity(html.len().min(max * 4));
    let mut in_tag = false;
    let mut entity = String::new();
    let mut in_entity = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                text.push(' ');
            }
            _ if in_tag => {}
            '&' => {
                in_entity = true;
                entity.clear();
            }
            ';' if in_entity => {
                in_entity = false;
                text.push_str(match entity.as_str() {
                    "amp" => "&",
                    "lt" => "<",
                    "gt" => ">",
                    "quot" => "\"",
                    "#39" | "apos" => "'",
                    "nbsp" => " ",
                    _ => "",
                });
            }
            _ if in_entity => {
                entity.push(c);
                if entity.len() > 8 {
                    in_entity = false;
                    text.push('&');
                    text.push_str(&entity);
                }
            }
            c => text.push(c),
        }
        if text.len() > max * 8 {
            break;
        }
    }
    let folded = text.split_whitespace().collect::<Vec<_>>().join(" ");
    ssg::text::truncate(&folded, max)
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
