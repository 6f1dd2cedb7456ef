//! `POST /api/v1/blob-upload` (administrator): one file in the multipart field `file`, typed
//! from its bytes, at most 20 MB (enforced while streaming, to a temp file, so memory stays
//! flat), SVG sanitised, stored under its content hash. `GET /media/{name}` serves it back.

use actix_multipart::Multipart;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, post, route, web};
use futures_util::{StreamExt, TryStreamExt};
use object_store::GetRange;
use serde::Serialize;
use sha2::{Digest, Sha256};
use tokio::io::AsyncWriteExt;
use utoipa::ToSchema;

use super::envelope::ErrorBody;
use crate::auth::Admin;
use crate::domain::rules::catalog;
use crate::error::ApiError;
use crate::media::{self, Kind, svg};
use crate::state::AppState;

/// The enforced upload limit.
pub const MAX_UPLOAD: u64 = 20 * 1024 * 1024;

/// 413: the file is over the 20 MB every upload may have.
fn too_large() -> ApiError {
    ApiError::PayloadTooLarge(catalog().messages.file_too_large.clone())
}

/// 415: not one of the types the site takes.
pub fn bad_type() -> ApiError {
    ApiError::UnsupportedMediaType(catalog().messages.file_type.clone())
}

#[derive(Serialize, ToSchema)]
pub struct UploadEnvelope {
    /// 200.
    pub status: u16,
    /// The public URL of the stored file.
    #[serde(rename = "responseData")]
    pub response_data: String,
}

/// The multipart form: one field `file`, and nothing else.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub struct UploadForm {
    #[schema(value_type = String, format = Binary, min_length = 1)]
    file: Vec<u8>,
}

/// A file received to disk: its length, hash, first bytes and where it is.
pub struct Received {
    pub file: tempfile::TempPath,
    pub len: u64,
    pub digest: Vec<u8>,
    pub head: Vec<u8>,
}

/// Streams the multipart field named `field` to a temp file, refusing it past `limit` bytes, and
/// refusing a form that holds anything besides that one field.
pub async fn receive(
    mut payload: Multipart,
    field: &str,
    limit: u64,
) -> Result<Received, ApiError> {
    let bad = |e: actix_multipart::MultipartError| {
        ApiError::BadRequest(
            catalog()
                .messages
                .upload_unreadable
                .with("detail", e.to_string()),
        )
    };
    let mut received = None;
    let mut other_parts = false;
    while let Some(mut part) = payload.try_next().await.map_err(bad)? {
        if part.name() != Some(field) || received.is_some() {
            // Refused at once: another part is never read, however long it is.
            other_parts = true;
            break;
        }
        let temp = tempfile::NamedTempFile::new().map_err(|e| ApiError::Unexpected(e.into()))?;
        let (file, path) = temp.into_parts();
        let mut file = tokio::fs::File::from_std(file);
        let mut hasher = Sha256::new();
        let mut head = Vec::with_capacity(4096);
        let mut len = 0u64;
        while let Some(chunk) = part.next().await {
            let chunk = chunk.map_err(bad)?;
            len += chunk.len() as u64;
            if len > limit {
                return Err(too_large());
            }
            if head.len() < 4096 {
                head.extend_from_slice(&chunk[..chunk.len().min(4096 - head.len())]);
            }
            hasher.update(&chunk);
            file.write_all(&chunk)
                .await
                .map_err(|e| ApiError::Unexpected(e.into()))?;
        }
        file.flush()
            .await
            .map_err(|e| ApiError::Unexpected(e.into()))?;
        if len == 0 {
            return Err(ApiError::validation(
                field,
                catalog().messages.empty_file.clone(),
            ));
        }
        received = Some(Received {
            file: path,
            len,
            digest: hasher.finalize().to_vec(),
            head,
        });
    }
    match received {
        None => Err(ApiError::validation(
            field,
            catalog().messages.no_file.with("field", field),
        )),
        Some(_) if other_parts => Err(ApiError::validation(
            field,
            catalog().messages.one_file.with("field", field),
        )),
        Some(received) => Ok(received),
    }
}

/// Refuses a declared body larger than the limit before reading any of it.
pub fn check_declared_length(req: &HttpRequest, limit: u64) -> Result<(), ApiError> {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    // Multipart framing adds a little around the file itself.
    match declared {
        Some(n) if n > limit + 64 * 1024 => Err(too_large()),
        _ => Ok(()),
    }
}

#[utoipa::path(context_path = "/api/v1", tag = "media", security(("api_key" = [], "bearer" = [])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = UploadEnvelope), (status = 400, body = ErrorBody), (status = 413, body = ErrorBody),
              (status = 415, body = ErrorBody)))]
#[post("/blob-upload")]
pub async fn upload(
    state: web::Data<AppState>,
    _admin: Admin,
    req: HttpRequest,
    payload: Multipart,
) -> Result<HttpResponse, ApiError> {
    check_declared_length(&req, MAX_UPLOAD)?;
    let received = receive(payload, "file", MAX_UPLOAD).await?;
    let kind = media::sniff(&received.head).ok_or_else(bad_type)?;
    let name = if kind == Kind::Svg {
        let raw = tokio::fs::read(&received.file)
            .await
            .map_err(|e| ApiError::Unexpected(e.into()))?;
        let clean = svg::sanitize(&raw).map_err(|_| bad_type())?;
        let name = media::object_name(&clean, kind);
        if state
            .media
            .head(&name)
            .await
            .map_err(ApiError::Unexpected)?
            .is_none()
        {
            state
                .media
                .put(&name, clean.into())
                .await
                .map_err(ApiError::Unexpected)?;
        }
        name
    } else {
        let name = media::name_from_digest(&received.digest, kind);
        if state
            .media
            .head(&name)
            .await
            .map_err(ApiError::Unexpected)?
            .is_none()
        {
            state
                .media
                .put_file(&name, &received.file, received.len)
                .await
                .map_err(ApiError::Unexpected)?;
        }
        name
    };
    Ok(HttpResponse::Ok().json(UploadEnvelope {
        status: 200,
        response_data: media::url(&name),
    }))
}

/// A single `bytes=a-b` range, if the request asks for one we can serve.
fn requested_range(req: &HttpRequest) -> Option<GetRange> {
    let value = req.headers().get(header::RANGE)?.to_str().ok()?;
    let spec = value.strip_prefix("bytes=")?;
    if spec.contains(',') {
        return None;
    }
    let (start, end) = spec.split_once('-')?;
    match (
        start.trim().parse::<u64>().ok(),
        end.trim().parse::<u64>().ok(),
    ) {
        // An end past the file is read as the file's end (RFC 9110 14.1.2), however large.
        (Some(s), Some(e)) if e >= s => Some(GetRange::Bounded(s..e.saturating_add(1))),
        (Some(s), None) if end.trim().is_empty() => Some(GetRange::Offset(s)),
        (None, Some(n)) if start.trim().is_empty() && n > 0 => Some(GetRange::Suffix(n)),
        _ => None,
    }
}

/// Serves a stored file with its type, `nosniff`, a year of caching (names are content
/// hashes), and for SVG a policy that blocks scripts. Single byte ranges are honoured (video);
/// `HEAD` answers the same headers (CDNs and players probe with it).
#[route("/media/{name}", method = "GET", method = "HEAD")]
pub async fn serve(
    state: web::Data<AppState>,
    req: HttpRequest,
    name: web::Path<String>,
) -> HttpResponse {
    let not_found = || {
        HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("Not found")
    };
    let Some(kind) = media::parse_name(&name) else {
        return not_found();
    };
    let range = requested_range(&req);
    let result = match state.media.get(&name, range.clone()).await {
        Ok(Some(result)) => result,
        Ok(None) => return not_found(),
        Err(e) => {
            // An unsatisfiable range is the client's mistake, not ours.
            if range.is_some() {
                return HttpResponse::RangeNotSatisfiable().finish();
            }
            tracing::error!(error = ?e, "media read failed");
            return HttpResponse::ServiceUnavailable().body("The file is temporarily unavailable.");
        }
    };
    let total = result.meta.size;
    let span = result.range.clone();
    let mut response = if range.is_some() {
        HttpResponse::PartialContent()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header((header::CONTENT_TYPE, kind.content_type()))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=31536000, immutable"))
        .insert_header((header::ACCEPT_RANGES, "bytes"))
        .no_chunking(span.end - span.start);
    if range.is_some() {
        response.insert_header((
            header::CONTENT_RANGE,
            format!(
                "bytes {}-{}/{total}",
                span.start,
                span.end.saturating_sub(1)
            ),
        ));
    }
    if kind == Kind::Svg {
        response.insert_header((
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(
                "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
            ),
        ));
    }
    response.streaming(
        result
            .into_stream()
            .map_err(|e| actix_web::error::ErrorServiceUnavailable(e.to_string())),
    )
}
