//! The site's small files, kept in memory and served without a trip to the blocking pool.
//!
//! A publish replaces a page by renaming a new file over it, so a different inode, size or
//! modification time (one `stat`) means the cached bytes are stale and the file is read again.
//! A file is looked at again only when this process's publisher has changed the site's files
//! since it was last looked at, or when that was over [`TRUSTED_FOR`] ago: what this server
//! publishes is served at once, what another process writes (`concierge build`, another
//! instance sharing the folder) within that time, and a busy page costs no `stat` per request
//! (a third of a static page's system calls, and its path's walk). Files over [`LARGEST`] and
//! range requests are left to `actix-files`, which streams them.

use std::collections::HashMap;
use std::fs::Metadata;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

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

/// How long a file looked at is trusted without looking again, unless this process's
/// publisher has changed the site's files since.
pub const TRUSTED_FOR: Duration = Duration::from_millis(50);

#[derive(Default)]
pub struct PageCache {
    files: Mutex<Files>,
}

#[derive(Default)]
struct Files {
    /// By the file's path in the site.
    by_file: HashMap<String, Held, foldhash::fast::RandomState>,
    bytes: usize,
}

/// A file in memory, and when it was last found to be the one on disk.
struct Held {
    cached: Arc<Cached>,
    checked: Instant,
    /// The publisher's count of changes to the site's files, read before that look.
    changes: u64,
}

/// What to answer for a file of the site.
pub enum Answer {
    Response(HttpResponse),
    /// A large file, or a range of one: to be streamed from disk.
    Stream,
    /// No such file.
    Missing,
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
    /// The answer for `file` (a path in the site, in `dir`). `changes` is the publisher's
    /// count of its changes to the site's files, read before this call.
    pub fn respond(
        &self,
        req: &HttpRequest,
        dir: &Path,
        file: &str,
        status: StatusCode,
        content_type: &'static str,
        changes: u64,
    ) -> Answer {
        if req.headers().contains_key(header::RANGE) {
            return Answer::Stream;
        }
        let now = Instant::now();
        let cached = match self.trusted(file, changes, now) {
            Some(cached) => cached,
            None => {
                let path = dir.join(file);
                let meta = match std::fs::metadata(&path) {
                    Ok(meta) if meta.is_file() => meta,
                    _ => return Answer::Missing,
                };
                if meta.len() > LARGEST {
                    return Answer::Stream;
                }
                match self.checked(file, version(&meta), changes, now) {
                    Some(cached) => cached,
                    None => {
                        let Ok(bytes) = std::fs::read(&path) else {
                            return Answer::Missing;
                        };
                        let cached = Arc::new(Cached::new(version(&meta), &meta, bytes.into()));
                        // The file may have been replaced between the stat and the read: cache
                        // the bytes only when they are the size the stat said.
                        if cached.body.len() as u64 == meta.len() {
                            self.put(file, cached.clone(), changes, now);
                        }
                        cached
                    }
                }
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
                return Answer::Response(response.status(StatusCode::NOT_MODIFIED).finish());
            }
        }
        // For HEAD, actix-http sends the length of this body and not the body.
        Answer::Response(response.body(cached.body.clone()))
    }

    /// The file in memory, when it can be served without looking at the disk.
    fn trusted(&self, file: &str, changes: u64, now: Instant) -> Option<Arc<Cached>> {
        let files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        files
            .by_file
            .get(file)
            .filter(|held| held.changes == changes && now - held.checked < TRUSTED_FOR)
            .map(|held| held.cached.clone())
    }

    /// The file in memory when it is the `version` on disk, now trusted again.
    fn checked(
        &self,
        file: &str,
        version: (u64, u64, i128),
        changes: u64,
        now: Instant,
    ) -> Option<Arc<Cached>> {
        let mut files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        let held = files
            .by_file
            .get_mut(file)
            .filter(|held| held.cached.version == version)?;
        (held.checked, held.changes) = (now, changes);
        Some(held.cached.clone())
    }

    fn put(&self, file: &str, cached: Arc<Cached>, changes: u64, checked: Instant) {
        let mut files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        let size = cached.body.len();
        if files.bytes + size > BUDGET {
            files.by_file.clear();
            files.bytes = 0;
        }
        files.bytes += size;
        let held = Held {
            cached,
            checked,
            changes,
        };
        if let Some(old) = files.by_file.insert(file.to_owned(), held) {
            files.bytes -= old.cached.body.len();
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

#[cfg(test)]
mod tests {
    use actix_web::body::MessageBody;
    use actix_web::test::TestRequest;

    use super::*;

    /// The page's body as the cache answers it, with the publisher's count `changes`.
    fn served(cache: &PageCache, dir: &Path, changes: u64) -> String {
        let req = TestRequest::default().to_http_request();
        match cache.respond(
            &req,
            dir,
            "about/index.html",
            StatusCode::OK,
            "text/html",
            changes,
        ) {
            Answer::Response(response) => {
                let body = response.into_body().try_into_bytes().ok().unwrap();
                String::from_utf8(body.to_vec()).unwrap()
            }
            Answer::Stream => "(streamed)".into(),
            Answer::Missing => "(missing)".into(),
        }
    }

    /// As a publish does: a new file renamed over the page.
    fn replace(dir: &Path, text: &str) {
        let tmp = dir.join("about/.index.html.tmp");
        std::fs::write(&tmp, text).unwrap();
        std::fs::rename(&tmp, dir.join("about/index.html")).unwrap();
    }

    #[test]
    fn a_page_is_looked_at_again_after_the_publisher_changed_files_or_after_a_while() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("about")).unwrap();
        replace(dir.path(), "first");
        let cache = PageCache::default();
        assert_eq!(served(&cache, dir.path(), 0), "first");

        // Another process replaced it: served as it was for a moment, then as it is.
        replace(dir.path(), "second, from another process");
        assert_eq!(served(&cache, dir.path(), 0), "first");
        std::thread::sleep(TRUSTED_FOR + Duration::from_millis(10));
        assert_eq!(
            served(&cache, dir.path(), 0),
            "second, from another process"
        );

        // This process's publisher replaced it: served as it is at once.
        replace(dir.path(), "third, published here");
        assert_eq!(served(&cache, dir.path(), 1), "third, published here");

        // Gone, once looked at again.
        std::fs::remove_file(dir.path().join("about/index.html")).unwrap();
        assert_eq!(served(&cache, dir.path(), 2), "(missing)");
    }
}
