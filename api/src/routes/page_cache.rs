//! The site's small files, kept in memory and served without a trip to the blocking pool.
//!
//! Every request still looks at the file (one `stat`): a publish replaces a page by renaming a
//! new file over it, so a different inode, size or modification time means the cached bytes
//! are stale and the file is read again. Files over [`LARGEST`] and range requests are left to
//! `actix-files`, which streams them.

use std::collections::HashMap;
use std::fs::Metadata;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use actix_web::http::StatusCode;
use actix_web::http::header::{
    self, EntityTag, HeaderValue, HttpDate, IfModifiedSince, IfNoneMatch, TryIntoHeaderValue,
};
use actix_web::web::Bytes;
use actix_web::{HttpMessage, HttpRequest, HttpResponse};

/// Largest file kept in memory.
const LARGEST: u64 = 256 * 1024;

/// Most bytes kept; past it the cache starts again empty.
const BUDGET: usize = 8 * 1024 * 1024;

#[derive(Default)]
pub struct PageCache {
    files: Mutex<Files>,
}

#[derive(Default)]
struct Files {
    by_path: HashMap<PathBuf, Arc<Cached>>,
    bytes: usize,
}

/// A file's bytes and the validators sent with them, each made once, when the file is read.
struct Cached {
    /// Inode, size and modification time (ns) of the file the bytes came from.
    version: (u64, u64, i128),
    body: Bytes,
    etag: EntityTag,
    etag_header: Option<HeaderValue>,
    modified: Option<SystemTime>,
    modified_header: Option<HeaderValue>,
}

impl Cached {
    fn new(version: (u64, u64, i128), meta: &Metadata, body: Bytes) -> Cached {
        let etag =
            EntityTag::new_strong(format!("{:x}-{:x}-{:x}", version.0, version.1, version.2));
        let modified = meta.modified().ok();
        Cached {
            version,
            body,
            etag_header: etag.clone().try_into_value().ok(),
            etag,
            modified,
            modified_header: modified.and_then(|m| HttpDate::from(m).try_into_value().ok()),
        }
    }
}

fn version(meta: &Metadata) -> (u64, u64, i128) {
    let mtime = i128::from(meta.mtime()) * 1_000_000_000 + i128::from(meta.mtime_nsec());
    (meta.ino(), meta.len(), mtime)
}

impl PageCache {
    /// The response for the file at `path` (whose metadata the caller just read), or `None` to
    /// let the caller stream it (a large file, a range request, a file that vanished).
    pub fn respond(
        &self,
        req: &HttpRequest,
        path: &Path,
        meta: &Metadata,
        status: StatusCode,
        content_type: &'static str,
    ) -> Option<HttpResponse> {
        if meta.len() > LARGEST || req.headers().contains_key(header::RANGE) {
            return None;
        }
        let version = version(meta);
        let cached = match self.get(path, version) {
            Some(cached) => cached,
            None => {
                let body = Bytes::from(std::fs::read(path).ok()?);
                let cached = Arc::new(Cached::new(version, meta, body));
                // The file may have been replaced between the stat and the read: cache the bytes
                // only when they are the size the stat said.
                if cached.body.len() as u64 == meta.len() {
                    self.put(path, cached.clone());
                }
                cached
            }
        };
        let mut response = HttpResponse::build(status);
        response.insert_header((header::CONTENT_TYPE, content_type));
        if status == StatusCode::OK {
            if let Some(etag) = &cached.etag_header {
                response.insert_header((header::ETAG, etag.clone()));
            }
            if let Some(modified) = &cached.modified_header {
                response.insert_header((header::LAST_MODIFIED, modified.clone()));
            }
            if is_fresh(req, &cached.etag, cached.modified) {
                return Some(response.status(StatusCode::NOT_MODIFIED).finish());
            }
        }
        // For HEAD, actix-http sends the length of this body and not the body.
        Some(response.body(cached.body.clone()))
    }

    fn get(&self, path: &Path, version: (u64, u64, i128)) -> Option<Arc<Cached>> {
        let files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        files
            .by_path
            .get(path)
            .filter(|c| c.version == version)
            .cloned()
    }

    fn put(&self, path: &Path, cached: Arc<Cached>) {
        let mut files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        let size = cached.body.len();
        if files.bytes + size > BUDGET {
            files.by_path.clear();
            files.bytes = 0;
        }
        files.bytes += size;
        if let Some(old) = files.by_path.insert(path.to_path_buf(), cached) {
            files.bytes -= old.body.len();
        }
    }
}

/// Whether the client's copy is current (RFC 9110 §13.2.2: `If-None-Match` wins over
/// `If-Modified-Since`).
fn is_fresh(req: &HttpRequest, etag: &EntityTag, modified: Option<SystemTime>) -> bool {
    if let Some(if_none_match) = req.get_header::<IfNoneMatch>() {
        return match if_none_match {
            IfNoneMatch::Any => true,
            IfNoneMatch::Items(tags) => tags.iter().any(|t| t.weak_eq(etag)),
        };
    }
    match (req.get_header::<IfModifiedSince>(), modified) {
        (Some(IfModifiedSince(since)), Some(modified)) => {
            let modified = HttpDate::from(modified);
            SystemTime::from(modified) <= SystemTime::from(since)
        }
        _ => false,
    }
}
