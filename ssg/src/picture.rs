//! Images on the page: one [`Picture`] per image, computed here once from what the media store
//! knows of it ([`ImageInfo`]) and where it sits in the layout ([`Slot`]), then written by two
//! thin renderers that only copy its fields into attributes: [`Picture::html`] for the templates
//! (`{{ picture(service.image) }}`) and the islands' `<Picture>` component for React. A fixture
//! shared by both (`site-islands/src/components/picture.fixtures.json`) holds them to the same
//! markup.
//!
//! A photograph with variants becomes a `<picture>`: a `<source>` per modern format and an
//! `<img>` in the fallback format, each with a `srcset` of widths and the slot's `sizes`, the
//! image's real `width` and `height` (no layout shift), `loading="lazy"` unless it is the page's
//! largest image above the fold (then `fetchpriority="high"`), and, where it is opaque, its
//! average colour (heroes: a tiny blurred preview) painted until it arrives. Artwork (SVG), an
//! image still being processed and anything else without variants is a plain `<img>`.

use serde::{Deserialize, Serialize};

use crate::localized::Localized;
use crate::routes::Lang;
use crate::text::escape_html;

/// What the media store knows of an uploaded image: its real size as shown (orientation
/// applied) and its responsive variants.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct ImageInfo {
    pub width: u32,
    pub height: u32,
    /// No transparent pixels: a colour or preview may be painted behind it.
    #[serde(default)]
    pub opaque: bool,
    /// The average colour, `#rrggbb`.
    #[serde(default)]
    pub color: Option<String>,
    /// A tiny preview (a few hundred bytes), as a `data:` URI.
    #[serde(default)]
    pub preview: Option<String>,
    /// Every variant, in every format.
    #[serde(default)]
    pub variants: Vec<Variant>,
    /// What it shows, for those who cannot see it (the media library's), in English and in
    /// Arabic; none: line art that only decorates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alt: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alt_ar: Option<String>,
    /// Where the subject is, in thousandths across and down: what a crop keeps (none: the
    /// centre).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub focal: Option<[u16; 2]>,
}

impl ImageInfo {
    /// The alt text for a page in `lang` (Arabic falls back to English), with its language;
    /// empty for none.
    pub fn alt(&self, lang: Lang) -> Localized {
        crate::model::pick(
            lang,
            self.alt.as_deref().unwrap_or_default(),
            self.alt_ar.as_deref(),
        )
    }

    /// The focal point as CSS `object-position` (`None`: the centre, the default).
    pub fn position(&self) -> Option<String> {
        let [x, y] = self.focal?;
        let percent = |v: u16| {
            let v = v.min(1000);
            match v % 10 {
                0 => format!("{}%", v / 10),
                tenth => format!("{}.{tenth}%", v / 10),
            }
        };
        Some(format!("{} {}", percent(x), percent(y))).filter(|p| p != "50% 50%")
    }
}

/// One responsive variant of an image.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Variant {
    pub url: String,
    /// `image/webp`, `image/jpeg` or `image/png`.
    pub mime: String,
    pub width: u32,
    pub height: u32,
}

/// Formats browsers may not all read, best first: each becomes a `<source>`.
const MODERN: [&str; 2] = ["image/avif", "image/webp"];

/// Where an image sits in the layout: what `sizes` says, and the box it gets when its real size
/// is unknown. The `sizes` follow `site.css` and `islands.css`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// The full-width hero of a blog's page.
    Hero,
    /// The image half of a split section (a service's hero, the airport and partnership teasers).
    Split,
    /// A card of a three-column grid (services, blogs) or carousel.
    Card,
    /// A service list item, four to a row.
    Item,
    /// A banner of the home page's carousel.
    Banner,
    /// A reviewer's round portrait.
    Avatar,
    /// An image inside a blog's text (the column of text, at most 760 px wide).
    Body,
}

impl Slot {
    pub fn sizes(self) -> &'static str {
        match self {
            Slot::Hero => "100vw",
            Slot::Split => "(min-width: 1280px) 600px, (min-width: 900px) 48vw, 100vw",
            Slot::Card => "(min-width: 1100px) 384px, (min-width: 700px) 50vw, 100vw",
            Slot::Item => {
                "(min-width: 1200px) 290px, (min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw"
            }
            Slot::Banner => "(min-width: 1200px) 720px, (min-width: 860px) 60vw, 100vw",
            Slot::Avatar => "56px",
            Slot::Body => "(min-width: 820px) 760px, calc(100vw - 48px)",
        }
    }

    /// The box of an image whose real size is unknown (the layout's own aspect ratio).
    fn default_size(self) -> (u32, u32) {
        match self {
            Slot::Hero | Slot::Split | Slot::Card | Slot::Item | Slot::Body => (1200, 800),
            Slot::Banner => (1600, 900),
            Slot::Avatar => (56, 56),
        }
    }
}

/// One `srcset` for one format.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Source {
    #[serde(rename = "type")]
    pub mime: String,
    pub srcset: String,
}

/// An image as a page writes it: every attribute decided, nothing left to the renderers.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Picture {
    pub src: String,
    /// The fallback format's widths (`None`: a single file).
    pub srcset: Option<String>,
    /// A `<source>` per modern format; empty: a plain `<img>`.
    pub sources: Vec<Source>,
    pub sizes: Option<String>,
    pub width: u32,
    pub height: u32,
    /// `lazy`, or `None` for the page's largest image above the fold.
    pub loading: Option<String>,
    /// `high` for the page's largest image above the fold.
    pub fetchpriority: Option<String>,
    /// The CSS `background` painted until the image arrives.
    pub background: Option<String>,
    /// What it shows, in the page's language (empty: it only decorates).
    #[serde(default)]
    pub alt: String,
    /// The alt text's language where it is not that of the text around the image (an English
    /// fallback on an Arabic page): the `<img>` says so, as an attribute's language can only be
    /// its element's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
    /// The focal point, as CSS `object-position`, wherever the layout crops.
    #[serde(default)]
    pub position: Option<String>,
}

/// The width a browser without `srcset` would be given (none today; also the feeds' image).
const FALLBACK_WIDTH: u32 = 1200;

impl Picture {
    /// The picture of the image at `url`, known to the media store as `info` (or not), in
    /// `slot`, on a page in `lang`. `priority`: the page's largest image above the fold.
    pub fn new(
        url: &str,
        info: Option<&ImageInfo>,
        slot: Slot,
        priority: bool,
        lang: Lang,
    ) -> Picture {
        let (width, height) = info
            .filter(|i| i.width > 0 && i.height > 0)
            .map_or_else(|| slot.default_size(), |i| (i.width, i.height));
        let variants = info.map_or(&[][..], |i| i.variants.as_slice());
        let fallback: Vec<&Variant> = variants
            .iter()
            .filter(|v| !MODERN.contains(&v.mime.as_str()))
            .collect();
        let srcset = |of: &[&Variant]| {
            let mut of = of.to_vec();
            of.sort_by_key(|v| v.width);
            of.iter()
                .map(|v| format!("{} {}w", v.url, v.width))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let sources: Vec<Source> = if fallback.is_empty() {
            Vec::new()
        } else {
            MODERN
                .iter()
                .filter_map(|mime| {
                    let of: Vec<&Variant> = variants.iter().filter(|v| v.mime == *mime).collect();
                    (!of.is_empty()).then(|| Source {
                        mime: (*mime).to_owned(),
                        srcset: srcset(&of),
                    })
                })
                .collect()
        };
        let src = fallback
            .iter()
            .filter(|v| v.width <= FALLBACK_WIDTH)
            .max_by_key(|v| v.width)
            .or_else(|| fallback.iter().min_by_key(|v| v.width))
            .map_or_else(|| url.to_owned(), |v| v.url.clone());
        let alt = info.map(|i| i.alt(lang));
        let background = info.filter(|i| i.opaque).and_then(|i| {
            let color = i.color.as_deref()?;
            Some(match &i.preview {
                Some(preview) if priority => {
                    format!("{color} url({preview}) center/cover no-repeat")
                }
                _ => color.to_owned(),
            })
        });
        Picture {
            src,
            srcset: (!fallback.is_empty()).then(|| srcset(&fallback)),
            sizes: (!fallback.is_empty()).then(|| slot.sizes().to_owned()),
            sources,
            width,
            height,
            loading: (!priority).then(|| "lazy".to_owned()),
            fetchpriority: priority.then(|| "high".to_owned()),
            background,
            alt: alt
                .as_ref()
                .map(|a| a.text().to_owned())
                .unwrap_or_default(),
            lang: alt
                .and_then(|a| a.foreign().filter(|_| !a.text().is_empty()))
                .map(|l| l.code().to_owned()),
            position: info.and_then(ImageInfo::position),
        }
    }

    /// The markup, attribute for attribute what the islands' `<Picture>` writes; `class` goes on
    /// the `<img>`.
    pub fn html(&self, class: Option<&str>) -> String {
        let mut img = String::from("<img");
        let mut attr = |name: &str, value: &str| {
            img.push_str(&format!(" {name}=\"{}\"", escape_html(value)));
        };
        attr("src", &self.src);
        if let Some(srcset) = &self.srcset {
            attr("srcset", srcset);
        }
        if let Some(sizes) = &self.sizes {
            attr("sizes", sizes);
        }
        attr("alt", &self.alt);
        if let Some(code) = &self.lang {
            attr("lang", code);
            attr(
                "dir",
                if code == Lang::Ar.code() {
                    "rtl"
                } else {
                    "ltr"
                },
            );
        }
        attr("width", &self.width.to_string());
        attr("height", &self.height.to_string());
        if let Some(loading) = &self.loading {
            attr("loading", loading);
        }
        attr("decoding", "async");
        if let Some(priority) = &self.fetchpriority {
            attr("fetchpriority", priority);
        }
        if let Some(class) = class {
            attr("class", class);
        }
        let style = [
            self.background.as_ref().map(|b| format!("background:{b}")),
            self.position
                .as_ref()
                .map(|p| format!("object-position:{p}")),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(";");
        if !style.is_empty() {
            attr("style", &style);
        }
        img.push('>');
        if self.sources.is_empty() {
            return img;
        }
        let mut out = String::from("<picture>");
        for source in &self.sources {
            out.push_str(&format!(
                "<source type=\"{}\" srcset=\"{}\" sizes=\"{}\">",
                escape_html(&source.mime),
                escape_html(&source.srcset),
                escape_html(self.sizes.as_deref().unwrap_or_default()),
            ));
        }
        out.push_str(&img);
        out.push_str("</picture>");
        out
    }
}

/// A rich-text body (sanitised on save) in `body`'s language, on a page in `lang`, with each
/// `<img>` of a file the media store knows (`images`, by URL) written as that image's
/// [`Picture`] in [`Slot::Body`]: variants, real size, lazy loading, and the library's alt text
/// in `lang` (else the alt the text gave it), marked where its language is not the body's.
/// Anything else is left exactly as it is.
pub fn figures<'i>(
    html: &str,
    images: impl Fn(&str) -> Option<&'i ImageInfo>,
    lang: Lang,
    body: Lang,
) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find("<img") {
        out.push_str(&rest[..at]);
        let tag = &rest[at..];
        let Some(end) = tag_end(tag) else {
            out.push_str(tag);
            return out;
        };
        let attrs = attributes(&tag[4..end]);
        let get = |name: &str| {
            attrs
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.as_str())
        };
        match get("src").and_then(|src| Some((src, images(src)?))) {
            Some((src, info)) => {
                let mut picture = Picture::new(src, Some(info), Slot::Body, false, lang);
                let alt_lang = if picture.alt.is_empty() {
                    picture.alt = get("alt").unwrap_or_default().to_owned();
                    body
                } else {
                    info.alt(lang).lang(lang)
                };
                picture.lang = (alt_lang != body && !picture.alt.is_empty())
                    .then(|| alt_lang.code().to_owned());
                out.push_str(&picture.html(None));
            }
            None => out.push_str(&tag[..=end]),
        }
        rest = &tag[end + 1..];
    }
    out.push_str(rest);
    out
}

/// The index of the `>` that ends the tag `tag` starts with (quotes respected).
fn tag_end(tag: &str) -> Option<usize> {
    let mut quote = None;
    for (i, c) in tag.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '>') => return Some(i),
            _ => {}
        }
    }
    None
}

/// A tag's attributes (`name="value"`, `name='value'`, `name=value`, `name`), values decoded.
fn attributes(inside: &str) -> Vec<(String, String)> {
    let mut attrs = Vec::new();
    let mut rest = inside.trim_start_matches(|c: char| c.is_whitespace() || c == '/');
    while !rest.is_empty() {
        let name_end = rest
            .find(|c: char| c.is_whitespace() || c == '=' || c == '/')
            .unwrap_or(rest.len());
        let name = &rest[..name_end];
        rest = rest[name_end..].trim_start();
        let mut value = String::new();
        if let Some(after) = rest.strip_prefix('=') {
            let after = after.trim_start();
            let (raw, next) = match after.chars().next() {
                Some(q @ ('"' | '\'')) => {
                    let close = after[1..].find(q).map_or(after.len(), |i| i + 1);
                    (&after[1..close], after.get(close + 1..).unwrap_or_default())
                }
                _ => {
                    let end = after.find(char::is_whitespace).unwrap_or(after.len());
                    (&after[..end], &after[end..])
                }
            };
            value = crate::text::decode_entities(raw);
            rest = next;
        }
        if !name.is_empty() {
            attrs.push((name.to_owned(), value));
        }
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '/');
        if name.is_empty() && !rest.is_empty() {
            rest = &rest[rest.chars().next().map_or(0, char::len_utf8)..];
        }
    }
    attrs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn photo() -> ImageInfo {
        let variant = |mime: &str, ext: &str, width: u32| Variant {
            url: format!("/media/abc-{width}.{ext}"),
            mime: mime.to_owned(),
            width,
            height: width * 2 / 3,
        };
        ImageInfo {
            width: 6000,
            height: 4000,
            opaque: true,
            color: Some("#8a7f70".into()),
            preview: Some("data:image/webp;base64,UklGRg==".into()),
            variants: [480, 1200, 2400]
                .into_iter()
                .flat_map(|w| {
                    [
                        variant("image/webp", "webp", w),
                        variant("image/jpeg", "jpg", w),
                    ]
                })
                .collect(),
            ..Default::default()
        }
    }

    #[test]
    fn a_photograph_is_a_picture_with_a_source_per_modern_format_and_its_real_size() {
        let p = Picture::new(
            "/media/abc.jpg",
            Some(&photo()),
            Slot::Card,
            false,
            Lang::En,
        );

        assert_eq!(p.sources.len(), 1);
        assert_eq!(p.sources[0].mime, "image/webp");
        assert_eq!(
            p.sources[0].srcset,
            "/media/abc-480.webp 480w, /media/abc-1200.webp 1200w, /media/abc-2400.webp 2400w"
        );
        assert_eq!(p.src, "/media/abc-1200.jpg", "the fallback near 1200 wide");
        assert_eq!((p.width, p.height), (6000, 4000), "the real size");
        assert_eq!(p.loading.as_deref(), Some("lazy"));
        assert_eq!(p.fetchpriority, None);
        assert_eq!(
            p.background.as_deref(),
            Some("#8a7f70"),
            "a colour, no preview"
        );
        let html = p.html(None);
        assert!(
            html.starts_with("<picture><source type=\"image/webp\""),
            "{html}"
        );
        assert!(
            html.contains(" sizes=\"(min-width: 1100px) 384px"),
            "{html}"
        );
    }

    #[test]
    fn the_largest_image_above_the_fold_is_fetched_first_with_a_preview_painted_behind_it() {
        let p = Picture::new("/media/abc.jpg", Some(&photo()), Slot::Hero, true, Lang::En);

        assert_eq!(p.loading, None);
        assert_eq!(p.fetchpriority.as_deref(), Some("high"));
        assert_eq!(
            p.background.as_deref(),
            Some("#8a7f70 url(data:image/webp;base64,UklGRg==) center/cover no-repeat")
        );
        assert!(p.html(None).contains(" fetchpriority=\"high\""));
        assert!(!p.html(None).contains("loading="));
    }

    #[test]
    fn artwork_and_images_without_variants_are_plain_images() {
        let svg = ImageInfo {
            width: 800,
            height: 500,
            ..Default::default()
        };
        let known = Picture::new("/media/art.svg", Some(&svg), Slot::Split, false, Lang::En);
        assert_eq!(
            known.html(Some("x")),
            "<img src=\"/media/art.svg\" alt=\"\" width=\"800\" height=\"500\" loading=\"lazy\" decoding=\"async\" class=\"x\">"
        );

        let unknown = Picture::new("/media/new.jpg", None, Slot::Banner, false, Lang::En);
        assert_eq!((unknown.width, unknown.height), (1600, 900));
        assert!(unknown.srcset.is_none() && unknown.sizes.is_none());
    }

    #[test]
    fn transparent_images_get_nothing_painted_behind_them() {
        let mut png = photo();
        png.opaque = false;
        assert_eq!(
            Picture::new("/media/abc.png", Some(&png), Slot::Hero, true, Lang::En).background,
            None
        );
    }

    #[test]
    fn alt_text_is_the_pages_language_and_the_focal_point_its_object_position() {
        let mut info = photo();
        info.alt = Some("A chauffeur & a \"Rolls\"".into());
        info.alt_ar = Some("سائق خاص".into());
        info.focal = Some([305, 1000]);
        let en = Picture::new("/media/abc.jpg", Some(&info), Slot::Card, false, Lang::En);
        let ar = Picture::new("/media/abc.jpg", Some(&info), Slot::Card, false, Lang::Ar);
        assert_eq!(ar.alt, "سائق خاص");
        let html = en.html(None);
        assert!(
            html.contains(" alt=\"A chauffeur &amp; a &quot;Rolls&quot;\""),
            "{html}"
        );
        assert!(
            html.contains(" style=\"background:#8a7f70;object-position:30.5% 100%\""),
            "{html}"
        );
        // Arabic falls back to English; the centre writes nothing.
        info.alt_ar = Some("  ".into());
        info.focal = Some([500, 500]);
        let ar = Picture::new("/media/abc.jpg", Some(&info), Slot::Card, false, Lang::Ar);
        assert_eq!(ar.alt, "A chauffeur & a \"Rolls\"");
        assert_eq!(ar.position, None);
        assert_eq!(
            ar.lang.as_deref(),
            Some("en"),
            "the English says it is English"
        );
        assert!(
            ar.html(None)
                .contains(" alt=\"A chauffeur &amp; a &quot;Rolls&quot;\" lang=\"en\" dir=\"ltr\""),
            "{}",
            ar.html(None)
        );
        assert_eq!(
            en.lang, None,
            "an alt text in the page's language says nothing"
        );
        info.alt = None;
        let none = Picture::new("/media/abc.jpg", Some(&info), Slot::Card, false, Lang::Ar);
        assert_eq!(
            (none.alt.as_str(), none.lang),
            ("", None),
            "no alt text: decoration"
        );
    }

    #[test]
    fn an_alt_text_in_rich_text_is_marked_where_its_language_is_not_the_bodys() {
        let body = "<p>x</p><img src=\"/media/abc.jpg\" alt=\"typed\">";
        let shown = |alt: Option<&str>, alt_ar: Option<&str>, text: Lang| {
            let info = ImageInfo {
                alt: alt.map(str::to_owned),
                alt_ar: alt_ar.map(str::to_owned),
                ..photo()
            };
            figures(
                body,
                |url| (url == "/media/abc.jpg").then_some(&info),
                Lang::Ar,
                text,
            )
        };
        let cases = [
            (
                Some("The lounge"),
                None,
                Lang::Ar,
                " alt=\"The lounge\" lang=\"en\" dir=\"ltr\"",
                "the library's English in an Arabic body",
            ),
            (
                Some("The lounge"),
                None,
                Lang::En,
                " alt=\"The lounge\" width=",
                "the library's English in an English fallback body",
            ),
            (
                Some("The lounge"),
                Some("الصالة"),
                Lang::En,
                " alt=\"الصالة\" lang=\"ar\" dir=\"rtl\"",
                "the library's Arabic in an English fallback body",
            ),
            (
                None,
                None,
                Lang::En,
                " alt=\"typed\" width=",
                "the text's own alt, in the text's language",
            ),
        ];
        for (alt, alt_ar, text, expected, case) in cases {
            let html = shown(alt, alt_ar, text);
            assert!(html.contains(expected), "{case}: {html}");
        }
    }

    #[test]
    fn images_in_rich_text_become_pictures_with_their_alt() {
        let mut info = photo();
        info.alt_ar = Some("الصالة".into());
        let body = "<p>Before</p><img src=\"/media/abc.jpg\" alt=\"The &quot;lounge&quot; > hall\">\
                    <p>x</p><img src=\"/media/unknown.jpg\" alt=\"kept\"><p>After</p>";
        let known = |url: &str| (url == "/media/abc.jpg").then_some(&info);
        let en = figures(body, known, Lang::En, Lang::En);
        assert!(
            en.starts_with("<p>Before</p><picture><source type=\"image/webp\""),
            "{en}"
        );
        assert!(
            en.contains(" alt=\"The &quot;lounge&quot; &gt; hall\""),
            "{en}"
        );
        assert!(
            en.contains(" loading=\"lazy\"") && en.contains(" width=\"6000\""),
            "{en}"
        );
        assert!(en.contains(" sizes=\"(min-width: 820px) 760px"), "{en}");
        assert!(
            en.ends_with("<img src=\"/media/unknown.jpg\" alt=\"kept\"><p>After</p>"),
            "{en}"
        );
        let ar = figures(body, known, Lang::Ar, Lang::Ar);
        assert!(ar.contains(" alt=\"الصالة\" width="), "{ar}");
        assert_eq!(
            figures("<p>no images</p>", known, Lang::En, Lang::En),
            "<p>no images</p>"
        );
        let broken = "<p>broken <img src=\"/media/abc.jpg\"";
        assert_eq!(figures(broken, known, Lang::En, Lang::En), broken);
    }
}
