//! Answers to the public API's reads, kept in memory and keyed by the request and the outbox.
//!
//! Every write to published content adds an outbox row in its own transaction, so the latest
//! outbox id names a version of everything the public reads show. An anonymous `GET` of a
//! content resource is answered from memory while that id is unchanged. A write through this
//! instance forgets the id at once (its writer reads its own write); a write through another
//! instance or the CLI is seen within [`FRESH_FOR`], the same order of delay as the static
//! pages' incremental publish.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode, header};
use actix_web::middleware::Next;
use actix_web::web::{self, Bytes};
use actix_web::{HttpResponse, HttpResponseBuilder};
use concierge_app::Db;
use concierge_app::system::DbErr;

/// How long the latest outbox id is trusted before it is read again.
pub const FRESH_FOR: Duration = Duration::from_millis(100);

/// Most bytes of answers kept; past it the cache starts again empty.
const BUDGET: usize = 8 * 1024 * 1024;

pub struct ReadCache {
    /// Where the latest outbox id is read.
    db: Db,
    version: Mutex<Version>,
    answers: Mutex<Answers>,
}

#[derive(Default)]
struct Version {
    outbox: i64,
    read_at: Option<Instant>,
    /// Bumped by every local write, so a read that raced one does not vouch for its result.
    writes: u64,
}

#[derive(Default)]
struct Answers {
    by_request: HashMap<String, Answer>,
    bytes: usize,
}

struct Answer {
    outbox: i64,
    content_type: header::HeaderValue,
    body: Bytes,
}

impl ReadCache {
    pub fn new(db: Db) -> Self {
        ReadCache {
            db,
            version: Default::default(),
            answers: Default::default(),
        }
    }

    /// A write through this instance committed: the next read asks the database again.
    pub fn written(&self) {
        let mut version = lock(&self.version);
        version.read_at = None;
        version.writes += 1;
    }

    /// The latest outbox id, read again once it is older than [`FRESH_FOR`].
    async fn outbox(&self) -> Result<i64, DbErr> {
        let db = &self.db;
        let writes = {
            let version = lock(&self.version);
            if version.read_at.is_some_and(|at| at.elapsed() < FRESH_FOR) {
                return Ok(version.outbox);
            }
            version.writes
        };
        let read_at = Instant::now();
        let latest = concierge_app::system::content_version(db).await?;
        let mut version = lock(&self.version);
        if version.writes == writes {
            version.outbox = latest;
            version.read_at = Some(read_at);
        }
        Ok(latest)
    }

    fn get(&self, key: &str, outbox: i64) -> Option<HttpResponse> {
        let answers = lock(&self.answers);
        let answer = answers.by_request.get(key)?;
        (answer.outbox == outbox).then(|| {
            HttpResponseBuilder::new(StatusCode::OK)
                .insert_header((header::CONTENT_TYPE, answer.content_type.clone()))
                .body(answer.body.clone())
        })
    }

    fn put(&self, key: String, outbox: i64, content_type: header::HeaderValue, body: Bytes) {
        let size = key.len() + body.len();
        if size > BUDGET / 8 {
            return;
        }
        let mut answers = lock(&self.answers);
        if answers.bytes + size > BUDGET {
            answers.by_request.clear();
            answers.bytes = 0;
        }
        let answer = Answer {
            outbox,
            content_type,
            body,
        };
        if let Some(old) = answers.by_request.insert(key.clone(), answer) {
            answers.bytes -= key.len() + old.body.len();
        }
        answers.bytes += size;
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// An anonymous read of published content: a list or an item of a declared kind's collection.
fn is_public_read(req: &ServiceRequest) -> bool {
    let path = req.path();
    req.method() == Method::GET
        && !req.headers().contains_key(header::AUTHORIZATION)
        && concierge_core::kinds::KINDS.iter().any(|kind| {
            path.strip_prefix("/api/v1")
                .and_then(|path| path.strip_prefix(kind.path))
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        })
}

/// Middleware: answers a public read from memory when the content has not changed since.
pub async fn serve(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let cache = req.app_data::<web::Data<ReadCache>>().cloned();
    let (Some(cache), true) = (cache, is_public_read(&req)) else {
        return Ok(next.call(req).await?.map_into_left_body());
    };
    let outbox = match cache.outbox().await {
        Ok(outbox) => outbox,
        // Unreachable: 503 now, rather than a second wait for the handler's own query.
        Err(e) if concierge_app::system::is_unavailable(&e) => {
            return Err(crate::routes::error_response::HttpError::from(e).into());
        }
        // Any other trouble: the handler answers, and says what it is.
        Err(_) => return Ok(next.call(req).await?.map_into_left_body()),
    };
    let key = match req.query_string() {
        "" => req.path().to_owned(),
        query => format!("{}?{query}", req.path()),
    };
    if let Some(hit) = cache.get(&key, outbox) {
        return Ok(req.into_response(hit).map_into_right_body());
    }
    let response = next.call(req).await?;
    let content_type = response.headers().get(header::CONTENT_TYPE).cloned();
    let (Some(content_type), StatusCode::OK) = (content_type, response.status()) else {
        return Ok(response.map_into_left_body());
    };
    let (req, res) = response.into_parts();
    let (head, body) = res.into_parts();
    let body = actix_web::body::to_bytes(body)
        .await
        .map_err(|e| actix_web::error::ErrorInternalServerError(e.into().to_string()))?;
    cache.put(key, outbox, content_type, body.clone());
    let res = head.set_body(body).map_into_boxed_body();
    Ok(ServiceResponse::new(req, res).map_into_right_body())
}
