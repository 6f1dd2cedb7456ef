//! Media files: typed from their bytes, SVG sanitised, photographs stripped of their metadata,
//! stored under a name made from their content hash (so the same bytes are stored once and every
//! URL can be cached forever). Photographs get responsive variants ([`photo`]), made by a worker
//! ([`variants`]) and named after the original (`<hash>-<width>w.<ext>`).

pub mod library;
pub mod photo;
pub mod strip;
pub mod svg;
pub mod variants;
pub mod video;

use anyhow::Context;
use sha2::{Digest, Sha256};

use concierge_store::audit::Event;
use concierge_store::blobs::BlobStore;

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

/// The public URL of a stored object.
pub fn url(name: &str) -> String {
    concierge_store::media_images::public_url(name)
}

/// Why an upload is refused.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    /// Not one of the types the site takes.
    #[error("not an allowed media type")]
    Type,
    #[error(transparent)]
    Photo(#[from] photo::Refusal),
    /// An AVIF carrying Exif or XMP (this server cannot take it out).
    #[error("the AVIF image carries metadata")]
    AvifMetadata,
    /// A video whose container does not parse.
    #[error("the video's container does not parse")]
    Video,
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

/// Stores an uploaded file and records it ([`variants::record`]): SVG sanitised, a photograph
/// checked by decoding it and stripped of its metadata (its variants follow from the worker),
/// an AVIF only without metadata, a video checked and blanked of its metadata ([`video`]). The
/// record and the audit log's line (`media.uploaded`, by the current actor) are one commit.
/// `original_name` is the file name the client gave (the library searches it). Returns the
/// stored name and whether a photograph now waits for its variants. The same bytes are stored
/// and processed once.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn store_bytes(
    db: &(impl sea_orm::ConnectionTrait + sea_orm::TransactionTrait),
    store: &BlobStore,
    bytes: Vec<u8>,
    original_name: Option<&str>,
) -> Result<(String, bool), Refused> {
    let kind = sniff(&bytes).ok_or(Refused::Type)?;
    let (bytes, status, size) = match kind {
        Kind::Svg => {
            let clean = svg::sanitize(&bytes).map_err(|_| Refused::Type)?;
            let size = svg::size(&clean);
            (clean, variants::Status::Original, size)
        }
        k if k.is_photo() => {
            let (header, clean) = photo::on_image_thread(move || {
                let header = photo::check(&bytes, k)?;
                Ok::<_, photo::Refusal>((header, photo::clean(&bytes, k, &header)?))
            })
            .await
            .map_err(photo::Refusal::from)??;
            let status = if header.animated {
                variants::Status::Original
            } else {
                variants::Status::Pending
            };
            (clean, status, Some((header.width, header.height)))
        }
        Kind::Avif => {
            let facts = strip::avif(&bytes).map_err(|e| photo::Refusal::Damaged(e.to_string()))?;
            if facts.metadata {
                return Err(Refused::AvifMetadata);
            }
            (bytes, variants::Status::Original, facts.size)
        }
        Kind::Mp4 | Kind::Webm | Kind::Ogg => {
            // Walking 20 MB of pages and their checksums is work for a blocking thread.
            let clean = tokio::task::spawn_blocking(move || video::clean(bytes, kind))
                .await
                .context("The video check stopped")?
                .map_err(|_| Refused::Video)?;
            (clean, variants::Status::Original, None)
        }
        _ => (bytes, variants::Status::Original, None),
    };
    let name = object_name(&bytes, kind);
    let len = bytes.len() as u64;
    let bytes = concierge_store::blobs::Bytes::from(bytes);
    let put_here = store.head(&name).await?.is_none();
    if put_here {
        store.put(&name, bytes.clone()).await?;
    }
    match record_upload(db, &name, kind, status, size, len, original_name).await {
        Ok(()) => {
            // Another upload of the same bytes may have failed meanwhile and taken the file
            // it found no row for (below): a committed row always ends with its file.
            if store.head(&name).await?.is_none() {
                store.put(&name, bytes).await?;
            }
            Ok((name, status == variants::Status::Pending))
        }
        Err(refused) => {
            if put_here {
                forget_unrecorded(db, store, &name).await;
            }
            Err(refused)
        }
    }
}

/// After an upload's row failed to commit: the file it put goes too, unless a row names it
/// (another upload of the same bytes committed). Nothing is removed when that cannot be read.
async fn forget_unrecorded(
    db: &(impl sea_orm::ConnectionTrait + sea_orm::TransactionTrait),
    store: &BlobStore,
    name: &str,
) {
    use sea_orm::EntityTrait;
    match concierge_store::entities::media_image::Entity::find_by_id(name.to_owned())
        .one(db)
        .await
    {
        Ok(None) => {
            if let Err(e) = store.delete(name).await {
                tracing::warn!(name, error = %e, "could not remove an upload whose row failed");
            }
        }
        Ok(Some(_)) => {}
        Err(e) => {
            tracing::warn!(name, error = %e, "kept an upload whose row failed: its row cannot be read");
        }
    }
}

/// The library's row of a stored upload and its audit line, in one transaction.
async fn record_upload(
    db: &(impl sea_orm::ConnectionTrait + sea_orm::TransactionTrait),
    name: &str,
    kind: Kind,
    status: variants::Status,
    size: Option<(u32, u32)>,
    len: u64,
    original_name: Option<&str>,
) -> Result<(), Refused> {
    let txn = db.begin().await.context("Failed to record the upload")?;
    let uploaded = variants::Uploaded {
        original_name: original_name.and_then(file_name),
        uploaded_by: concierge_core::actor::Actor::current().username,
    };
    variants::record(&txn, name, status, size, len, uploaded)
        .await
        .context("Failed to record the upload")?;
    Event::new("media.uploaded")
        .on("media", name)
        .detail(serde_json::json!({ "mime": kind.content_type(), "bytes": len }))
        .save(&txn)
        .await
        .context("Failed to record the upload in the audit log")?;
    sea_orm::TransactionSession::commit(txn)
        .await
        .context("Failed to record the upload")?;
    Ok(())
}

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
