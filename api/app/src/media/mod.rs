//! Media files: typed from their bytes, SVG sanitised, photographs stripped of their metadata,
//! stored under a name made from their content hash (so the same bytes are stored once and every
//! URL can be cached forever). Photographs get responsive variants ([`photo`]), made by a worker
//! ([`variants`]) and named after the original (`<hash>-<width>w.<ext>`).

pub mod library;
pub mod variants;

pub use concierge_media::{
    Kind, file_name, name_from_digest, object_name, parse_name, photo, sniff, strip, svg, url,
    variant_name, video,
};

use anyhow::Context;

use concierge_store::audit::Event;
/// Where uploaded files are kept (a folder, or an S3 bucket).
pub use concierge_store::blobs::BlobStore;

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

/// What the pages know of a recorded image: its size, its variants once they are made, and
/// the library's words for it and its focal point. A file in the trash is not shown.
pub fn info_of(
    row: &concierge_store::entities::media_image::Model,
) -> Option<ssg::model::ImageInfo> {
    if row.deleted_at.is_some() {
        return None;
    }
    let mut info = match row
        .info
        .as_deref()
        .and_then(|i| serde_json::from_str::<ssg::model::ImageInfo>(i).ok())
    {
        Some(info) => info,
        None => {
            let (width, height) = (row.width?, row.height?);
            ssg::model::ImageInfo {
                width: u32::try_from(width).ok()?,
                height: u32::try_from(height).ok()?,
                ..Default::default()
            }
        }
    };
    info.alt = row.alt.clone();
    info.alt_ar = row.alt_ar.clone();
    let thousandths = |v: f64| (v.clamp(0.0, 1.0) * 1000.0).round() as u16;
    info.focal = match (row.focal_x, row.focal_y) {
        (None, None) => None,
        (x, y) => Some([thousandths(x.unwrap_or(0.5)), thousandths(y.unwrap_or(0.5))]),
    };
    Some(info)
}
