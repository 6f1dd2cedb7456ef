//! Media files: typed from their bytes, SVG sanitised, stored under a name made from their
//! content hash (so the same bytes are stored once and every URL can be cached forever).

pub mod svg;

use anyhow::Context;
use sha2::{Digest, Sha256};

use crate::storage::Store;

/// The type of a file, decided from its bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Jpeg,
    Png,
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
            "svg" => Kind::Svg,
            "mp4" => Kind::Mp4,
            "webm" => Kind::Webm,
            "ogg" => Kind::Ogg,
            _ => return None,
        })
    }
}

/// MP4 brands we accept; other ISO-BMFF files (QuickTime, HEIC, AVIF…) are refused.
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
    if bytes.len() >= 12 && &bytes[4..8] == b"ftyp" {
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

/// The kind of a stored name (`<32 hex>.<ext>`), or `None` when it is not one of ours.
pub fn parse_name(name: &str) -> Option<Kind> {
    let (hash, ext) = name.split_once('.')?;
    (hash.len() == 32 && hash.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
        .then_some(())?;
    Kind::from_extension(ext)
}

/// The public URL of a stored object.
pub fn url(name: &str) -> String {
    format!("/media/{name}")
}

/// Stores some bytes (sanitised first when SVG) and returns their public URL. The same bytes
/// are stored once.
pub async fn store_bytes(store: &Store, bytes: &[u8]) -> anyhow::Result<String> {
    let kind = sniff(bytes).context("not an allowed media type")?;
    let bytes = match kind {
        Kind::Svg => svg::sanitize(bytes)?,
        _ => bytes.to_vec(),
    };
    let name = object_name(&bytes, kind);
    if store.head(&name).await?.is_none() {
        store.put(&name, bytes.into()).await?;
    }
    Ok(url(&name))
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
        for bad in [
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
