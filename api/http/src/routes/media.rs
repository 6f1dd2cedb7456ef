//! `POST /api/v1/blob-upload` (administrator): one file in the multipart field `file`, typed
//! from its bytes, at most 20 MB (enforced while streaming, to a temp file), SVG sanitised, a
//! photograph or a video checked and stripped of its metadata ([`media::store_bytes`]), stored
//! under its content hash; the answer comes at once and a photograph's variants follow from the
//! worker.
//! `GET /media/{name}` serves a file or a variant back (the library's operations are
//! [`super::media_library`]'s).

use actix_multipart::Multipart;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, post, route, web};
use anyhow::Context;
use futures_util::{StreamExt, TryStreamExt};
use object_store::GetRange;
use serde::Serialize;
use tokio::io::AsyncWriteExt;
use utoipa::ToSchema;

use super::envelope::ErrorBody;
use crate::auth::Admin;
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::media::{self, Kind, Refused, photo::Refusal};
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;

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

/// A file received to disk: its length, first bytes and where it is.
pub struct Received {
    pub file: tempfile::TempPath,
    pub len: u64,
    pub head: Vec<u8>,
    /// The file name the client gave, if any.
    pub file_name: Option<String>,
}

/// Streams the multipart field named `field` to a temp file in `dir` (the settings'
/// [`upload_dir`](concierge_core::config::Settings::upload_dir)), refusing it past `limit` bytes, and
/// refusing a form that holds anything besides that one field.
pub async fn receive(
    mut payload: Multipart,
    field: &str,
    limit: u64,
    dir: &std::path::Path,
) -> Answer<Received> {
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
        let file_name = part
            .content_disposition()
            .and_then(|d| d.get_filename())
            .map(str::to_owned);
        let temp = tempfile::Builder::new()
            .prefix("upload-")
            .tempfile_in(dir)
            .with_context(|| format!("Failed to create a file in {}", dir.display()))
            .map_err(ApiError::Unexpected)?;
        let (file, path) = temp.into_parts();
        let mut file = tokio::fs::File::from_std(file);
        let mut head = Vec::with_capacity(4096);
        let mut len = 0u64;
        while let Some(chunk) = part.next().await {
            let chunk = chunk.map_err(bad)?;
            len += chunk.len() as u64;
            if len > limit {
                return Err(too_large().into());
            }
            if head.len() < 4096 {
                head.extend_from_slice(&chunk[..chunk.len().min(4096 - head.len())]);
            }
            file.write_all(&chunk)
                .await
                .map_err(|e| ApiError::Unexpected(e.into()))?;
        }
        file.flush()
            .await
            .map_err(|e| ApiError::Unexpected(e.into()))?;
        if len == 0 {
            return Err(ApiError::validation(field, catalog().messages.empty_file.clone()).into());
        }
        received = Some(Received {
            file: path,
            len,
            head,
            file_name,
        });
    }
    match received {
        None => {
            Err(ApiError::validation(field, catalog().messages.no_file.with("field", field)).into())
        }
        Some(_) if other_parts => Err(ApiError::validation(
            field,
            catalog().messages.one_file.with("field", field),
        )
        .into()),
        Some(received) => Ok(received),
    }
}

/// Refuses a declared body larger than the limit before reading any of it.
pub fn check_declared_length(req: &HttpRequest, limit: u64) -> Answer<()> {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    // Multipart framing adds a little around the file itself.
    match declared {
        Some(n) if n > limit + 64 * 1024 => Err(too_large().into()),
        _ => Ok(()),
    }
}

#[utoipa::path(context_path = "/api/v1", tag = "media", security(("api_key" = [], "bearer" = ["media.upload"])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = UploadEnvelope), (status = 400, body = ErrorBody), (status = 413, body = ErrorBody),
              (status = 415, body = ErrorBody)))]
#[post("/blob-upload")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn upload(
    state: web::Data<AppState>,
    _admin: Admin,
    req: HttpRequest,
    payload: Multipart,
) -> Answer {
    check_declared_length(&req, MAX_UPLOAD)?;
    let received = receive(payload, "file", MAX_UPLOAD, &state.settings.upload_dir()).await?;
    media::sniff(&received.head).ok_or_else(bad_type)?;
    let bytes = tokio::fs::read(&received.file)
        .await
        .map_err(|e| ApiError::Unexpected(e.into()))?;
    let (name, pending) = media::store_bytes(
        &state.db.write,
        &state.media,
        bytes,
        received.file_name.as_deref(),
    )
    .await
    .map_err(refused)?;
    // The same bytes uploaded again while in the trash: the file comes back.
    let edge = state.settings.cdn_purge.is_some();
    media::library::revive(&state.db, &state.media, &name, edge).await?;
    if edge {
        state.publisher.purges_queued().notify_one();
    }
    if pending {
        state.media_wakeup.notify_one();
    }
    Ok(HttpResponse::Ok().json(UploadEnvelope {
        status: 200,
        response_data: media::url(&name),
    }))
}

/// An upload's refusal as the API's answer, in the request's language.
fn refused(refusal: Refused) -> ApiError {
    let messages = &catalog().messages;
    match refusal {
        Refused::Type => bad_type(),
        Refused::Photo(Refusal::TooLarge { width, height }) => ApiError::validation(
            "file",
            messages
                .image_too_large
                .with("width", width.to_string())
                .with("height", height.to_string()),
        ),
        Refused::Photo(Refusal::Shape { width, height }) => ApiError::validation(
            "file",
            messages
                .image_shape
                .with("width", width.to_string())
                .with("height", height.to_string()),
        ),
        Refused::Photo(Refusal::Damaged(detail)) => {
            tracing::info!(%detail, "damaged image refused");
            ApiError::validation("file", messages.image_damaged.clone())
        }
        Refused::Photo(Refusal::Crashed(detail)) => {
            tracing::warn!(%detail, "an image's check stopped part way; refused");
            ApiError::validation("file", messages.image_damaged.clone())
        }
        Refused::Video => ApiError::validation("file", messages.video_damaged.clone()),
        Refused::AvifMetadata => ApiError::validation("file", messages.avif_metadata.clone()),
        Refused::Store(e) => ApiError::Unexpected(e),
    }
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
    // A file's 404 (in the trash, or a variant not made yet) carries the file's key, so that
    // its return, or its making, purges the edge's copy of the 404.
    let not_found = || {
        let mut response = HttpResponse::NotFound();
        response.content_type("text/plain; charset=utf-8");
        if media::parse_name(&name).is_some() {
            let mut keys = actix_web::http::header::HeaderMap::new();
            super::site::key_headers(&mut keys, &[media::library::edge_key(&name)]);
            for (key, value) in keys {
                response.insert_header((key, value));
            }
        }
        response.body("Not found")
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
    // Its own key (not the site's: a file named by its content never changes, and a full
    // build's purge need not drop it), purged when the file goes to the library's trash.
    let mut keys = actix_web::http::header::HeaderMap::new();
    super::site::key_headers(&mut keys, &[media::library::edge_key(&name)]);
    for (key, value) in keys {
        response.insert_header((key, value));
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
