//! The media library's words for its files: which stored files a piece of content shows (by
//! their `/media/…` URLs, wherever they appear: an image field, a rich-text body, a pending
//! change's JSON), and the checks of a library edit (alt text, focal point).

use serde::Deserialize;

use crate::domain::rules::catalog;
use crate::error::{ApiError, FieldErrors};

/// The longest alt text, in characters.
pub const ALT_MAX: usize = 300;

/// The URL prefix every stored file is served under.
const PREFIX: &str = "/media/";

/// The public URL of the stored file `name`.
pub fn url(name: &str) -> String {
    format!("{PREFIX}{name}")
}

/// The stored names of the originals `text` shows by their own URLs, in order of appearance,
/// each once (a blog's body media). What a variant's URL shows is found in the library: see
/// [`shown_in`].
pub fn names_in(text: &str) -> Vec<&str> {
    shown_in(text)
        .into_iter()
        .filter_map(|shown| match shown {
            Shown::Original(name) => Some(name),
            Shown::VariantOf(_) => None,
        })
        .collect()
}

/// The URLs of the files a blog's text shows, in either language, as the JSON list the blog
/// keeps (`body_media`); `None` when it shows none.
pub fn body_media(description: &str, description_ar: Option<&str>) -> Option<String> {
    let mut names = names_in(description);
    for name in description_ar.map(names_in).unwrap_or_default() {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let urls: Vec<String> = names.iter().map(|n| format!("{PREFIX}{n}")).collect();
    (!urls.is_empty()).then(|| serde_json::to_string(&urls).expect("strings serialise"))
}

/// A stored file a text shows, by its URL: an original by its stored name, or a variant by its
/// original's hash (`<hash>-480w.webp` shows `<hash>.<ext>`, whose extension only the library
/// knows). A variant's URL is a use of its original: a page that shows it breaks when the
/// original goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Shown<'a> {
    Original(&'a str),
    VariantOf(&'a str),
}

/// Every stored file `text` shows, originals and variants, in order of appearance, each once.
pub fn shown_in(text: &str) -> Vec<Shown<'_>> {
    let mut shown: Vec<Shown<'_>> = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(PREFIX) {
        let after = &rest[at + PREFIX.len()..];
        let end = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '-'))
            .unwrap_or(after.len());
        let name = &after[..end];
        let found = if is_original(name) {
            Some(Shown::Original(name))
        } else {
            variant_of(name).map(Shown::VariantOf)
        };
        if let Some(found) = found
            && !shown.contains(&found)
        {
            shown.push(found);
        }
        rest = &after[end..];
    }
    shown
}

/// The hash of the original whose variant `name` is (`<32 hex>-<width>w.<ext>`), or `None`.
pub fn variant_of(name: &str) -> Option<&str> {
    let (stem, ext) = name.split_once('.')?;
    let (hash, width) = stem.split_once('-')?;
    let width = width.strip_suffix('w')?;
    let digits = !width.is_empty()
        && width.len() <= 5
        && !width.starts_with('0')
        && width.bytes().all(|b| b.is_ascii_digit());
    (digits && is_hash(hash) && matches!(ext, "jpg" | "png" | "webp" | "avif")).then_some(hash)
}

/// The stored names an original with `hash` may have, one per extension the library takes.
pub fn names_of_hash(hash: &str) -> impl Iterator<Item = String> + '_ {
    ["jpg", "png", "webp", "avif", "svg", "mp4", "webm", "ogg"]
        .into_iter()
        .map(move |ext| format!("{hash}.{ext}"))
}

fn is_hash(text: &str) -> bool {
    text.len() == 32 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// `<32 lowercase hex>.<extension>`: an original's stored name.
pub fn is_original(name: &str) -> bool {
    let Some((hash, ext)) = name.split_once('.') else {
        return false;
    };
    is_hash(hash)
        && matches!(
            ext,
            "jpg" | "png" | "webp" | "avif" | "svg" | "mp4" | "webm" | "ogg"
        )
}

/// What a file is, for the library's type filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MediaType {
    /// A photograph or other raster image.
    Image,
    /// Artwork.
    Svg,
    Video,
}

impl MediaType {
    /// The extensions of the stored names of this type.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            MediaType::Image => &["jpg", "png", "webp", "avif"],
            MediaType::Svg => &["svg"],
            MediaType::Video => &["mp4", "webm", "ogg"],
        }
    }
}

/// `PUT /media/{name}`: each field left out stays as it is; `null` clears alt text (a focal
/// point cleared is the centre).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MediaEdit {
    /// What the image shows, for those who cannot see it (English), at most 300 characters.
    #[serde(default, deserialize_with = "crate::domain::lenient::present")]
    #[schema(value_type = Option<String>, max_length = 300)]
    pub alt: Option<Option<String>>,
    /// The same in Arabic; the Arabic pages fall back to the English.
    #[serde(default, deserialize_with = "crate::domain::lenient::present")]
    #[schema(value_type = Option<String>, max_length = 300)]
    pub alt_ar: Option<Option<String>>,
    /// Where the subject is, from the left edge (0) to the right (1): what a crop keeps.
    #[serde(default, deserialize_with = "crate::domain::lenient::present")]
    #[schema(value_type = Option<f64>, minimum = 0, maximum = 1)]
    pub focal_x: Option<Option<f64>>,
    /// From the top (0) to the bottom (1).
    #[serde(default, deserialize_with = "crate::domain::lenient::present")]
    #[schema(value_type = Option<f64>, minimum = 0, maximum = 1)]
    pub focal_y: Option<Option<f64>>,
    /// The version the edit was made from (or `If-Match`); a stale one is refused with 409.
    #[serde(default)]
    #[schema(value_type = Option<i32>, minimum = 1)]
    pub version: Option<serde_json::Value>,
}

/// A checked [`MediaEdit`]: alt texts trimmed (empty is none), focal points in range.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct CheckedEdit {
    pub alt: Option<Option<String>>,
    pub alt_ar: Option<Option<String>>,
    pub focal_x: Option<Option<f64>>,
    pub focal_y: Option<Option<f64>>,
}

impl MediaEdit {
    /// Every field's problem at once, in the request's language.
    pub fn check(self) -> Result<CheckedEdit, ApiError> {
        let messages = &catalog().messages;
        let mut errors = FieldErrors::default();
        let mut alt = |field: &str, value: Option<Option<String>>| {
            let text = value?.map(|t| t.trim().to_owned());
            if text.as_ref().is_some_and(|t| t.chars().count() > ALT_MAX) {
                errors.add(
                    field,
                    messages.alt_too_long.with("max", ALT_MAX.to_string()),
                );
            }
            Some(text.filter(|t| !t.is_empty()))
        };
        let checked_alt = alt("alt", self.alt);
        let checked_alt_ar = alt("alt_ar", self.alt_ar);
        let mut focal = |field: &str, value: Option<Option<f64>>| {
            if let Some(Some(v)) = value
                && !(v.is_finite() && (0.0..=1.0).contains(&v))
            {
                errors.add(field, messages.focal_range.with("name", field));
            }
            value
        };
        let focal_x = focal("focal_x", self.focal_x);
        let focal_y = focal("focal_y", self.focal_y);
        errors.into_result()?;
        Ok(CheckedEdit {
            alt: checked_alt,
            alt_ar: checked_alt_ar,
            focal_x,
            focal_y,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_each_original_once_wherever_it_appears() {
        let a = "0123456789abcdef0123456789abcdef.jpg";
        let b = "fedcba9876543210fedcba9876543210.svg";
        let html = format!(
            "<p>x</p><img src=\"/media/{a}\" alt=\"\"><img src='/media/{b}'>\
             <a href=\"/media/{a}\">again</a> /media/not-ours.jpg \
             /media/0123456789abcdef0123456789abcdef-640w.webp"
        );
        assert_eq!(names_in(&html), vec![a, b]);
        let json = format!("{{\"image_url\":\"/media/{b}\"}}");
        assert_eq!(names_in(&json), vec![b]);
        assert!(names_in("https://example.com/media").is_empty());
        assert!(names_in("/media/").is_empty());
    }

    #[test]
    fn a_variants_url_shows_its_original_by_hash() {
        let a = "0123456789abcdef0123456789abcdef";
        let text = format!(
            "<img src=\"/media/{a}-480w.webp\" srcset=\"/media/{a}-960w.webp 960w\"> \
             /media/{a}.png /media/{a}-0w.webp /media/{a}-480.webp /media/{a}-480w.exe"
        );
        assert_eq!(
            shown_in(&text),
            vec![Shown::VariantOf(a), Shown::Original(&format!("{a}.png"))]
        );
        assert_eq!(variant_of(&format!("{a}-160w.jpg")), Some(a));
        assert_eq!(variant_of(&format!("{a}.jpg")), None);
        assert!(names_of_hash(a).any(|n| n == format!("{a}.png")));
    }

    #[test]
    fn originals_only() {
        assert!(is_original("0123456789abcdef0123456789abcdef.webp"));
        assert!(!is_original("0123456789abcdef0123456789abcdef.exe"));
        assert!(!is_original("0123456789ABCDEF0123456789abcdef.jpg"));
        assert!(!is_original("0123456789abcdef0123456789abcdef-640w.jpg"));
    }
}
