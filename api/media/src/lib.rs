//! Byte-level media work, apart from the use cases as Zola keeps `imageproc` apart: a file's
//! type decided from its bytes, names made from its content hash (so the same bytes are stored
//! once and every URL can be cached forever), SVG sanitised ([`svg`]), metadata taken out of
//! photographs and AVIF ([`strip`]) and videos ([`video`]), and photographs' responsive
//! variants ([`photo`]), named after the original (`<hash>-<width>w.<ext>`), and what an uploaded
//! workbook may cost before anything unpacks it ([`workbook`]). Nothing here
//! knows of the database, the store or a request: bytes in, bytes and facts out.

pub mod photo;
pub mod strip;
pub mod svg;
pub mod video;
pub mod workbook;

use sha2::{Digest, Sha256};

/// The type of a file, decided from its bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Jpeg,
    Png,
    Webp,
    Avif,
    Svg,
    Mp4,
    Webm,
    Ogg,
}

impl Kind {
    pub fn extension(self) -> &'static str {
        match self {
            Kind::Jpeg => "jpg",
            Kind::Png => "png",
            Kind::Webp => "webp",
            Kind::Avif => "avif",
            Kind::Svg => "svg",
            Kind::Mp4 => "mp4",
            Kind::Webm => "webm",
            Kind::Ogg => "ogg",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Kind::Jpeg => "image/jpeg",
            Kind::Png => "image/png",
            Kind::Webp => "image/webp",
            Kind::Avif => "image/avif",
            Kind::Svg => "image/svg+xml",
            Kind::Mp4 => "video/mp4",
            Kind::Webm => "video/webm",
            Kind::Ogg => "video/ogg",
        }
    }

    pub fn from_extension(ext: &str) -> Option<Self> {
        Some(match ext {
            "jpg" => Kind::Jpeg,
            "png" => Kind::Png,
            "webp" => Kind::Webp,
            "avif" => Kind::Avif,
            "svg" => Kind::Svg,
            "mp4" => Kind::Mp4,
            "webm" => Kind::Webm,
            "ogg" => Kind::Ogg,
            _ => return None,
        })
    }

    /// An image (anything but video).
    pub fn is_image(self) -> bool {
        !matches!(self, Kind::Mp4 | Kind::Webm | Kind::Ogg)
    }

    /// A raster image this server decodes (and so makes variants of).
    pub fn is_photo(self) -> bool {
        matches!(self, Kind::Jpeg | Kind::Png | Kind::Webp)
    }
}

/// AVIF brands (a still image, or an image sequence).
const AVIF_BRANDS: &[&[u8; 4]] = &[b"avif", b"avis"];

/// MP4 brands we accept; other ISO-BMFF files (QuickTime, HEIC…) are refused.
const MP4_BRANDS: &[&[u8; 4]] = &[
    b"isom", b"iso2", b"iso3", b"iso4", b"iso5", b"iso6", b"mp41", b"mp42", b"avc1", b"dash",
    b"M4V ", b"mmp4", b"MSNV",
];

/// Decides a file's type from its first bytes; `None` for anything not allowed.
pub fn sniff(bytes: &[u8]) -> Option<Kind> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        return Some(Kind::Jpeg);
    }
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Some(Kind::Png);
    }
    if bytes.len() >= 12 && &bytes[0..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        return Some(Kind::Webp);
    }
    if bytes.len() >= 12 && &bytes[4..8] == b"ftyp" {
        if AVIF_BRANDS.iter().any(|b| &bytes[8..12] == *b) {
            return Some(Kind::Avif);
        }
        return MP4_BRANDS
            .iter()
            .any(|b| &bytes[8..12] == *b)
            .then_some(Kind::Mp4);
    }
    if bytes.starts_with(&[0x1A, 0x45, 0xDF, 0xA3]) {
        return Some(Kind::Webm);
    }
    if bytes.starts_with(b"OggS") {
        return Some(Kind::Ogg);
    }
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]).to_ascii_lowercase();
    let head = head.trim_start_matches('\u{feff}').trim_start();
    let xmlish = head.starts_with("<?xml")
        || head.starts_with("<svg")
        || head.starts_with("<!--")
        || head.starts_with("<!doctype svg");
    if xmlish && head.contains("<svg") && !head.contains("<html") {
        return Some(Kind::Svg);
    }
    None
}

/// The stored name of some bytes: the first 32 hex digits of their SHA-256 and the extension.
pub fn object_name(bytes: &[u8], kind: Kind) -> String {
    name_from_digest(&Sha256::digest(bytes), kind)
}

pub fn name_from_digest(digest: &[u8], kind: Kind) -> String {
    let hex: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!("{hex}.{}", kind.extension())
}

/// The kind of a stored name (`<32 hex>.<ext>`, or a variant's `<32 hex>-<width>w.<ext>`), or
/// `None` when it is not one of ours.
pub fn parse_name(name: &str) -> Option<Kind> {
    let (stem, ext) = name.split_once('.')?;
    let (hash, width) = match stem.split_once('-') {
        Some((hash, width)) => (hash, Some(width.strip_suffix('w')?)),
        None => (stem, None),
    };
    (hash.len() == 32 && hash.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
        .then_some(())?;
    if let Some(width) = width {
        let digits = !width.is_empty() && width.len() <= 5 && !width.starts_with('0');
        (digits && width.bytes().all(|b| b.is_ascii_digit())).then_some(())?;
    }
    Kind::from_extension(ext)
}

/// The name of the variant of the original `name` at `width` in `kind`.
pub fn variant_name(name: &str, width: u32, kind: Kind) -> String {
    let stem = name.split_once('.').map_or(name, |(stem, _)| stem);
    format!("{stem}-{width}w.{}", kind.extension())
}

pub use concierge_core::domain::media::url;

/// The last part of a client's file name (never a path), without control characters, at most
/// 255 characters; `None` when nothing is left.
pub fn file_name(given: &str) -> Option<String> {
    let last = given.rsplit(['/', '\\']).next().unwrap_or(given);
    let clean: String = last.chars().filter(|c| !c.is_control()).take(255).collect();
    let clean = clean.trim();
    (!clean.is_empty()).then(|| clean.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_are_decided_from_the_bytes() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n...."), Some(Kind::Png));
        assert_eq!(sniff(&[0xFF, 0xD8, 0xFF, 0xE0]), Some(Kind::Jpeg));
        assert_eq!(sniff(b"\0\0\0\x18ftypmp42...."), Some(Kind::Mp4));
        assert_eq!(sniff(b"\0\0\0\x18ftypqt  ...."), None, "QuickTime");
        assert_eq!(sniff(b"\0\0\0\x18ftypheic...."), None, "HEIC image");
        assert_eq!(sniff(b"\0\0\0\x1cftypavif...."), Some(Kind::Avif));
        assert_eq!(sniff(b"RIFF\x10\0\0\0WEBPVP8 "), Some(Kind::Webp));
        assert_eq!(sniff(b"<!DOCTYPE html><html><svg></svg></html>"), None);
        assert_eq!(
            sniff(b"<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>"),
            Some(Kind::Svg)
        );
        assert_eq!(sniff(b"<html><body>hi</body></html>"), None);
        assert_eq!(sniff(b"GIF89a"), None);
    }

    #[test]
    fn only_our_own_names_are_served() {
        assert_eq!(
            parse_name("0123456789abcdef0123456789abcdef.png"),
            Some(Kind::Png)
        );
        assert_eq!(
            parse_name("0123456789abcdef0123456789abcdef-480w.webp"),
            Some(Kind::Webp)
        );
        assert_eq!(
            variant_name("0123456789abcdef0123456789abcdef.jpg", 480, Kind::Webp),
            "0123456789abcdef0123456789abcdef-480w.webp"
        );
        for bad in [
            "0123456789abcdef0123456789abcdef-0480w.jpg",
            "0123456789abcdef0123456789abcdef-w.jpg",
            "0123456789abcdef0123456789abcdef-480.jpg",
            "0123456789abcdef0123456789abcdef-480w-2w.jpg",
            "../etc/passwd",
            "0123456789abcdef0123456789abcdef.exe",
            "ABCDEF0123456789ABCDEF0123456789.png",
            "x.png",
            "",
        ] {
            assert_eq!(parse_name(bad), None, "{bad}");
        }
    }

    #[test]
    fn names_come_from_the_content() {
        let a = object_name(b"same", Kind::Png);
        assert_eq!(a, object_name(b"same", Kind::Png));
        assert_ne!(a, object_name(b"other", Kind::Png));
        assert!(a.ends_with(".png") && a.len() == 36);
    }
}
