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
        }
    }

    /// The box of an image whose real size is unknown (the layout's own aspect ratio).
    fn default_size(self) -> (u32, u32) {
        match self {
            Slot::Hero | Slot::Split | Slot::Card | Slot::Item => (1200, 800),
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
}

/// The width a browser without `srcset` would be given (none today; also the feeds' image).
const FALLBACK_WIDTH: u32 = 1200;

impl Picture {
    /// The picture of the image at `url`, known to the media store as `info` (or not), in
    /// `slot`. `priority`: the page's largest image above the fold.
    pub fn new(url: &str, info: Option<&ImageInfo>, slot: Slot, priority: bool) -> Picture {
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
        }
    }

    /// The markup, attribute for attribute what the islands' `<Picture>` writes; `class` goes on
    /// the `<img>`. Images are decorative here (the text beside them says what they show).
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
        attr("alt", "");
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
        if let Some(background) = &self.background {
            attr("style", &format!("background:{background}"));
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
        }
    }

    #[test]
    fn a_photograph_is_a_picture_with_a_source_per_modern_format_and_its_real_size() {
        let p = Picture::new("/media/abc.jpg", Some(&photo()), Slot::Card, false);

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
        let p = Picture::new("/media/abc.jpg", Some(&photo()), Slot::Hero, true);

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
        let known = Picture::new("/media/art.svg", Some(&svg), Slot::Split, false);
        assert_eq!(
            known.html(Some("x")),
            "<img src=\"/media/art.svg\" alt=\"\" width=\"800\" height=\"500\" loading=\"lazy\" decoding=\"async\" class=\"x\">"
        );

        let unknown = Picture::new("/media/new.jpg", None, Slot::Banner, false);
        assert_eq!((unknown.width, unknown.height), (1600, 900));
        assert!(unknown.srcset.is_none() && unknown.sizes.is_none());
    }

    #[test]
    fn transparent_images_get_nothing_painted_behind_them() {
        let mut png = photo();
        png.opaque = false;
        assert_eq!(
            Picture::new("/media/abc.png", Some(&png), Slot::Hero, true).background,
            None
        );
    }
}
