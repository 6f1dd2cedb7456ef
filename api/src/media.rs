//! Media files: stored under a name made from their content hash, so the same bytes are stored
//! once and every URL can be cached forever.

use anyhow::Context;
use sha2::{Digest, Sha256};

use crate::config::Settings;

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

/// Decides a file's type from its first bytes; `None` for anything not allowed.
pub fn sniff(bytes: &[u8]) -> Option<Kind> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        return Some(Kind::Jpeg);
    }
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Some(Kind::Png);
    }
    if bytes.len() >= 12 && &bytes[4..8] == b"ftyp" {
        return Some(Kind::Mp4);
    }
    if bytes.starts_with(&[0x1A, 0x45, 0xDF, 0xA3]) {
        return Some(Kind::Webm);
    }
    if bytes.starts_with(b"OggS") {
        return Some(Kind::Ogg);
    }
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(1024)]).to_ascii_lowercase();
    let head = head.trim_start_matches('\u{feff}').trim_start();
    if (head.starts_with("<?xml") || head.starts_with("<svg") || head.starts_with("<!--"))
        && head.contains("<svg")
    {
        return Some(Kind::Svg);
    }
    None
}

/// The stored name of some bytes: the first 32 hex digits of their SHA-256 and the extension.
pub fn object_name(bytes: &[u8], kind: Kind) -> String {
    let digest = Sha256::digest(bytes);
    let hex: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!("{hex}.{}", kind.extension())
}

/// Stores bytes in the media store (the local directory of `CONCIERGE_MEDIA_STORE`) and
/// returns their public URL. Writing is atomic: a temp file renamed into place.
pub async fn store_bytes(settings: &Settings, bytes: &[u8]) -> anyhow::Result<String> {
    let kind = sniff(bytes).context("not an allowed media type")?;
    let name = object_name(bytes, kind);
    let dir = media_dir(settings)?;
    let path = dir.join(&name);
    if !tokio::fs::try_exists(&path).await.unwrap_or(false) {
        tokio::fs::create_dir_all(&dir)
            .await
            .with_context(|| format!("Failed to create {}", dir.display()))?;
        let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
        tokio::fs::write(&tmp, bytes)
            .await
            .with_context(|| format!("Failed to write {}", tmp.display()))?;
        tokio::fs::rename(&tmp, &path)
            .await
            .with_context(|| format!("Failed to store {}", path.display()))?;
    }
    Ok(format!("/media/{name}"))
}

/// The local directory behind `file://` media stores.
pub fn media_dir(settings: &Settings) -> anyhow::Result<std::path::PathBuf> {
    match settings.media_store.strip_prefix("file://") {
        Some(path) => Ok(std::path::PathBuf::from(path)),
        None => anyhow::bail!(
            "CONCIERGE_MEDIA_STORE {:?} is not supported yet; use file://",
            settings.media_store
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_are_decided_from_the_bytes() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n...."), Some(Kind::Png));
        assert_eq!(sniff(&[0xFF, 0xD8, 0xFF, 0xE0]), Some(Kind::Jpeg));
        assert_eq!(sniff(b"\0\0\0\x18ftypmp42...."), Some(Kind::Mp4));
        assert_eq!(
            sniff(b"<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>"),
            Some(Kind::Svg)
        );
        assert_eq!(sniff(b"<html><body>hi</body></html>"), None);
        assert_eq!(sniff(b"GIF89a"), None);
    }

    #[test]
    fn names_come_from_the_content() {
        let a = object_name(b"same", Kind::Png);
        assert_eq!(a, object_name(b"same", Kind::Png));
        assert_ne!(a, object_name(b"other", Kind::Png));
        assert!(a.ends_with(".png") && a.len() == 36);
    }
}
