//! Sitemaps (an index, a chunk of fixed pages, one chunk per [`SITEMAP_CHUNK`] blog ids, each
//! URL with its `xhtml:link` hreflang alternates), Atom feeds and robots.txt.
//!
//! [`SITEMAP_CHUNK`]: crate::plan::SITEMAP_CHUNK

use std::fmt::Write;

use crate::localized::Localized;
use crate::model::{Blog, SiteData, pick};
use crate::plan::newest;
use crate::routes::{Lang, Route};
use crate::text::{escape_html, escape_html_into};

const URLSET: &str = r#"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">"#;

/// One `<url>` per language, each naming every language's URL as an alternate. Each URL is
/// made and escaped once (a sitemap chunk holds hundreds of blogs, and an edit writes its chunk
/// again).
fn url_entry(out: &mut String, site: &str, route: &Route, lastmod: Option<&str>) {
    let urls = Lang::ALL.map(|lang| {
        let mut url = String::with_capacity(site.len() + 64);
        escape_html_into(&mut url, site);
        escape_html_into(&mut url, &route.url(lang));
        url
    });
    for loc in &urls {
        out.push_str("<url><loc>");
        out.push_str(loc);
        out.push_str("</loc>");
        if let Some(lastmod) = lastmod {
            out.push_str("<lastmod>");
            out.push_str(lastmod);
            out.push_str("</lastmod>");
        }
        for (alt, href) in Lang::ALL.iter().zip(&urls) {
            out.push_str(r#"<xhtml:link rel="alternate" hreflang=""#);
            out.push_str(alt.code());
            out.push_str(r#"" href=""#);
            out.push_str(href);
            out.push_str(r#""/>"#);
        }
        out.push_str(r#"<xhtml:link rel="alternate" hreflang="x-default" href=""#);
        out.push_str(&urls[0]);
        out.push_str(r#""/></url>"#);
    }
}

/// A sitemap's time: `2026-11-25T04:05:06Z`.
fn w3c_time(at: &chrono::DateTime<chrono::Utc>) -> String {
    use chrono::{Datelike, Timelike};
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
        at.year(),
        at.month(),
        at.day(),
        at.hour(),
        at.minute(),
        at.second()
    )
}

pub fn sitemap_pages(site: &str, data: &SiteData) -> String {
    let mut out = format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{URLSET}");
    for route in &crate::plan::pages(data) {
        url_entry(&mut out, site, route, None);
    }
    out.push_str("</urlset>\n");
    out
}

pub fn sitemap_blogs(site: &str, data: &SiteData, chunk: i32) -> String {
    let blogs = crate::plan::sitemap_cards(data, chunk);
    let mut out = String::with_capacity(256 + blogs.len() * (8 * site.len() + 640));
    let _ = write!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{URLSET}");
    for blog in blogs.iter() {
        url_entry(
            &mut out,
            site,
            &blog.route(),
            Some(&w3c_time(&blog.updated_at)),
        );
    }
    out.push_str("</urlset>\n");
    out
}

pub fn sitemap_index(site: &str, data: &SiteData) -> String {
    let chunks = crate::plan::sitemap_latest(data);
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">",
    );
    let _ = write!(
        out,
        "<sitemap><loc>{}/sitemap-pages.xml</loc></sitemap>",
        escape_html(site)
    );
    for (chunk, lastmod) in chunks {
        let _ = write!(
            out,
            "<sitemap><loc>{}/sitemap-blogs-{chunk}.xml</loc><lastmod>{}</lastmod></sitemap>",
            escape_html(site),
            w3c_time(&lastmod)
        );
    }
    out.push_str("</sitemapindex>\n");
    out
}

/// The Atom feed of the most recently updated blogs in `lang`.
/// `blog` gives a blog with its body (its excerpt is the entry's summary), by id.
pub fn feed(
    site: &str,
    data: &SiteData,
    lang: Lang,
    title: &str,
    blog: &(dyn Fn(i32) -> Option<Blog> + Sync),
) -> String {
    let blogs = newest(data);
    let updated = blogs
        .first()
        .map(|b| b.updated_at)
        .unwrap_or_default()
        .to_rfc3339();
    let home = format!("{site}{}", Route::Home.url(lang));
    let self_url = format!("{site}{}/feed.xml", lang.prefix());
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = write!(
        out,
        "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"{}\"><title>{}</title><id>{}</id><updated>{updated}</updated>\
         <link rel=\"self\" type=\"application/atom+xml\" href=\"{}\"/><link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>",
        lang.code(),
        escape_html(title),
        escape_html(&self_url),
        escape_html(&self_url),
        escape_html(&home),
    );
    for card in blogs {
        let body = blog(card.id);
        let summary = body.as_ref().map_or_else(
            || Localized::new("", lang, lang),
            |b| pick(lang, &b.excerpt, b.excerpt_ar.as_deref()),
        );
        let name = pick(lang, &card.name, card.name_ar.as_deref());
        let url = format!("{site}{}", card.route().url(lang));
        // A title or summary in English in an Arabic feed says so (`xml:lang`).
        let _ = write!(
            out,
            "<entry><title{}>{}</title><id>{}</id><link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\
             <published>{}</published><updated>{}</updated><summary{}>{}</summary><author><name>{}</name></author></entry>",
            name.xml_lang(),
            escape_html(name.text()),
            escape_html(&format!("{site}/blogs/{}#{}", card.id, lang.code())),
            escape_html(&url),
            card.created_at.to_rfc3339(),
            card.updated_at.to_rfc3339(),
            summary.xml_lang(),
            escape_html(summary.text()),
            escape_html(title.split(" — ").next().unwrap_or(title)),
        );
    }
    out.push_str("</feed>\n");
    out
}

pub fn robots(site: &str) -> String {
    format!(
        "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: {site}/sitemap.xml\n"
    )
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::model::BlogCard;
    use crate::plan::sitemap_chunk;

    /// Every blog is in exactly one chunk, its own (`sitemap_chunk`), in both languages; the
    /// index lists the chunks that hold blogs and no others, each with its latest change.
    #[test]
    fn every_blog_is_in_its_own_chunk_once_and_the_index_lists_exactly_the_chunks_with_blogs() {
        let base = chrono::DateTime::from_timestamp(1_700_000_000, 0).expect("a time");
        let ids = [1, 2, 249, 250, 251, 499, 500, 1_200, 1_249, 4_000];
        let mut data = SiteData {
            blogs: ids
                .iter()
                .map(|&id| {
                    std::sync::Arc::new(BlogCard {
                        id,
                        slug: format!("b{id}"),
                        display_order: id,
                        updated_at: base + chrono::Duration::seconds(i64::from(id)),
                        ..Default::default()
                    })
                })
                .collect::<Vec<_>>()
                .into(),
            ..Default::default()
        };
        data.normalize();
        let site = "https://example.com";
        let chunks: BTreeSet<i32> = ids.iter().map(|&id| sitemap_chunk(id)).collect();
        assert_eq!(
            chunks,
            BTreeSet::from([0, 1, 2, 4, 16]),
            "chunks of 250 ids (SITEMAP_CHUNK): 250 and 500 start one"
        );
        let index = sitemap_index(site, &data);
        for k in 0..=sitemap_chunk(4_000) + 1 {
            let listed = index.contains(&format!("/sitemap-blogs-{k}.xml<"));
            assert_eq!(listed, chunks.contains(&k), "chunk {k} in the index");
            let xml = sitemap_blogs(site, &data, k);
            let members: Vec<i32> = ids
                .iter()
                .copied()
                .filter(|&id| sitemap_chunk(id) == k)
                .collect();
            assert_eq!(xml.matches("<url>").count(), 2 * members.len(), "chunk {k}");
            for id in ids {
                for loc in [
                    format!("<loc>{site}/b{id}/{id}</loc>"),
                    format!("<loc>{site}/ar/b{id}/{id}</loc>"),
                ] {
                    assert_eq!(
                        xml.contains(&loc),
                        members.contains(&id),
                        "{loc} in chunk {k}"
                    );
                }
            }
            if let Some(&latest) = members.iter().max() {
                let lastmod = w3c_time(&(base + chrono::Duration::seconds(i64::from(latest))));
                assert!(index.contains(&format!(
                    "/sitemap-blogs-{k}.xml</loc><lastmod>{lastmod}</lastmod>"
                )));
            }
        }
    }
}
