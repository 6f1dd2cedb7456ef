//! The media library: `GET /media` (newest first; `?q=` the uploaded file name, `?type=`,
//! `?unused=true`, `?deleted=true` the trash), `GET /media/{name}` (what the server knows of a
//! file, and every place that shows it), `PUT /media/{name}` (alt text in both languages, the
//! focal point: every page that shows it is published again), `DELETE /media/{name}` (409
//! with the places that still show it; otherwise to the trash for 30 days) and
//! `POST /media/{name}/undelete`.

use actix_web::{HttpResponse, delete, get, post, put, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::envelope::{self, ErrorBody, ItemEnvelope, ListEnvelope};
use super::versions::IfMatch;
use crate::auth::Admin;
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::media::library::{self, LibraryFile, LibraryFilter, Refused, Usage};
use concierge_app::media::variants::{self, Status};
use concierge_app::media::{self};
use concierge_core::domain::media::{MediaEdit, MediaType};
use concierge_core::domain::page::{Paging, PagingQuery};
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;

/// One variant of a photograph.
#[derive(Serialize, ToSchema)]
pub struct MediaVariant {
    pub url: String,
    /// `image/webp`, `image/jpeg` or `image/png`.
    pub mime: String,
    pub width: u32,
    pub height: u32,
}

/// A file of the library, as the list shows it.
#[derive(Serialize, ToSchema)]
pub struct MediaItem {
    /// The stored name: the last segment of its URL.
    pub name: String,
    pub url: String,
    /// The file name it was uploaded under.
    pub original_name: Option<String>,
    pub mime: String,
    /// As shown (orientation applied); null when unknown.
    pub width: Option<u32>,
    pub height: Option<u32>,
    /// The stored file's size.
    pub bytes: u64,
    /// `pending` (variants being made), `ready`, `failed` (the original is used as it is) or
    /// `original` (not a photograph: artwork, video, an animated image, AVIF).
    pub status: String,
    /// What it shows, in English and in Arabic.
    pub alt: Option<String>,
    pub alt_ar: Option<String>,
    /// Where the subject is, from 0 to 1 across and down (null: the centre).
    pub focal_x: Option<f64>,
    pub focal_y: Option<f64>,
    pub created_at: DateTime<Utc>,
    pub uploaded_by: Option<String>,
    /// How many places show it.
    pub usage_count: u64,
    /// In the trash since (null: not deleted).
    pub deleted_at: Option<DateTime<Utc>>,
    /// A small variant to show it by (the file itself when it has none).
    pub thumbnail: String,
    /// 1 at upload, one more on every change of its words or focal point; send it back
    /// (`If-Match` or `version`) with an edit.
    pub version: i32,
}

/// What the server knows of a file, and where it is shown.
#[derive(Serialize, ToSchema)]
pub struct MediaInfo {
    #[serde(flatten)]
    pub item: MediaItem,
    /// The average colour, `#rrggbb`.
    pub color: Option<String>,
    /// A tiny preview, as a `data:` URI.
    pub preview: Option<String>,
    pub variants: Vec<MediaVariant>,
    /// Why a failed photograph could not be processed, in the request's language.
    pub error: Option<String>,
    /// Every item (live, draft or pending change, rich text included) that shows it.
    pub usage: Vec<Usage>,
}

/// The width of the variant a thumbnail uses (the smallest at least this wide).
const THUMBNAIL_WIDTH: u32 = 320;

fn item(row: &LibraryFile, usage_count: u64) -> MediaItem {
    let known = |v: Option<i32>| v.and_then(|v| u32::try_from(v).ok());
    let image = media::info_of(row);
    let variants = image.as_ref().map_or(&[][..], |i| i.variants.as_slice());
    let thumbnail = variants
        .iter()
        .filter(|v| v.mime != "image/avif" && v.width >= THUMBNAIL_WIDTH)
        .min_by_key(|v| (v.width, v.mime != "image/webp"))
        .map_or_else(|| media::url(&row.name), |v| v.url.clone());
    MediaItem {
        name: row.name.clone(),
        url: media::url(&row.name),
        original_name: row.original_name.clone(),
        mime: media::parse_name(&row.name)
            .map_or("application/octet-stream", media::Kind::content_type)
            .to_owned(),
        width: known(row.width),
        height: known(row.height),
        bytes: u64::try_from(row.bytes).unwrap_or_default(),
        status: row.status.clone(),
        alt: row.alt.clone(),
        alt_ar: row.alt_ar.clone(),
        focal_x: row.focal_x,
        focal_y: row.focal_y,
        created_at: row.created_at,
        uploaded_by: row.uploaded_by.clone(),
        usage_count,
        deleted_at: row.deleted_at,
        thumbnail,
        version: row.version,
    }
}

/// The file's detail: [`item`], its variants and preview, and its usage.
fn detail(row: &LibraryFile, usage: Vec<Usage>) -> MediaInfo {
    let image = media::info_of(row).unwrap_or_default();
    MediaInfo {
        item: item(row, usage.len() as u64),
        color: image.color,
        preview: image.preview,
        variants: image
            .variants
            .into_iter()
            .map(|v| MediaVariant {
                url: v.url,
                mime: v.mime,
                width: v.width,
                height: v.height,
            })
            .collect(),
        error: (row.status == Status::Failed.as_str()).then(|| {
            let messages = &catalog().messages;
            match row
                .last_error
                .as_deref()
                .is_some_and(variants::failed_as_damaged)
            {
                true => messages.image_damaged.current().to_owned(),
                false => messages.image_unprocessed.current().to_owned(),
            }
        }),
        usage,
    }
}

/// `?q=&type=&unused=&deleted=` as sent.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LibraryQuery {
    /// Part of the file name it was uploaded under; case does not matter.
    #[param(value_type = Option<String>, max_length = 100)]
    pub q: Option<String>,
    /// `image`, `svg` or `video`, or several separated by commas (`image,svg`: what an image
    /// field may show); every type when left out.
    #[param(value_type = Option<String>, pattern = "^((image|svg|video)(,(image|svg|video))*)?$")]
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// `true`: only the files nothing shows.
    #[param(value_type = Option<String>, pattern = "^(true|false)?$")]
    pub unused: Option<String>,
    /// `true`: the trash (files deleted in the last 30 days), last deleted first.
    #[param(value_type = Option<String>, pattern = "^(true|false)?$")]
    pub deleted: Option<String>,
}

impl LibraryQuery {
    fn parse(&self) -> Result<LibraryFilter, ApiError> {
        let messages = &catalog().messages;
        let flag =
            |value: &Option<String>, name: &str, message| match value.as_deref().map(str::trim) {
                None | Some("" | "false") => Ok(false),
                Some("true") => Ok(true),
                Some(_) => Err(ApiError::validation(name, message)),
            };
        let q = self.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
        if q.is_some_and(|q| q.chars().count() > 100) {
            return Err(ApiError::validation(
                "q",
                messages.query_too_long.with("name", "q").with("max", 100),
            ));
        }
        let mut kinds = Vec::new();
        for raw in self.kind.iter().flat_map(|k| k.split(',')).map(str::trim) {
            if raw.is_empty() {
                continue;
            }
            let kind = serde_json::from_value::<MediaType>(raw.into())
                .map_err(|_| ApiError::validation("type", messages.media_type_filter.clone()))?;
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
        Ok(LibraryFilter {
            q: q.map(str::to_owned),
            kinds,
            unused: flag(&self.unused, "unused", messages.unused_filter.clone())?,
            deleted: flag(&self.deleted, "deleted", messages.deleted_filter.clone())?,
        })
    }
}

/// A stored original's name from the path, or 404.
fn name_of(name: &str) -> Result<&str, ApiError> {
    match concierge_core::domain::media::is_original(name) {
        true => Ok(name),
        false => Err(ApiError::NotFound(catalog().messages.not_found.clone())),
    }
}

/// The library, newest first.
#[utoipa::path(context_path = "/api/v1", tag = "media", params(PagingQuery, LibraryQuery),
    security(("api_key" = [], "bearer" = ["media.upload"])),
    responses((status = 200, body = inline(ListEnvelope<MediaItem>)), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
#[get("/media")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(
    state: web::Data<AppState>,
    _admin: Admin,
    paging: web::Query<PagingQuery>,
    query: web::Query<LibraryQuery>,
) -> Answer {
    let page = Paging::parse(&paging, true)?;
    let filter = query.parse()?;
    let (rows, total) = library::page(&state.db, &filter, page).await?;
    let items = rows.iter().map(|(row, used)| item(row, *used)).collect();
    Ok(envelope::list(items, total))
}

#[utoipa::path(context_path = "/api/v1", tag = "media",
    params(("name" = String, Path, description = "The stored name: the last segment of the file's /media/ URL", max_length = 64)),
    security(("api_key" = [], "bearer" = ["media.upload"])),
    responses((status = 200, body = inline(ItemEnvelope<MediaInfo>)), (status = 404, body = ErrorBody)))]
#[get("/media/{name}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn info(state: web::Data<AppState>, _admin: Admin, name: web::Path<String>) -> Answer {
    let name = name_of(&name)?;
    let row = library::find(&state.db.read, name).await?;
    let usage = library::usage(&state.db, name).await?;
    Ok(with_etag(envelope::one(detail(&row, usage)), row.version))
}

/// A file's alt text and focal point; every page that shows it is published again.
#[utoipa::path(context_path = "/api/v1", tag = "media",
    params(("name" = String, Path, max_length = 64)), request_body = MediaEdit,
    security(("api_key" = [], "bearer" = ["media.manage"])),
    responses((status = 200, body = inline(ItemEnvelope<MediaInfo>)), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[put("/media/{name}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn update(
    state: web::Data<AppState>,
    _admin: Admin,
    if_match: IfMatch,
    name: web::Path<String>,
    body: web::Json<MediaEdit>,
) -> Answer {
    let name = name_of(&name)?;
    let mut edit = body.into_inner();
    let version = serde_json::json!({ "version": edit.version.take() });
    let expected = if_match.or_body(Some(&version))?;
    let edit = edit.check()?;
    let now = state.settings.clock.now();
    let row = library::edit(&state.db, name, edit, expected, now).await?;
    state.content_written();
    let usage = library::usage_after_write(&state.db, name).await?;
    Ok(with_etag(
        envelope::updated(detail(&row, usage), &catalog().messages.media_updated),
        row.version,
    ))
}

/// `response` with `ETag: "<version>"` of a file.
fn with_etag(response: HttpResponse, version: i32) -> HttpResponse {
    super::versions::with_etag(response, &serde_json::json!({ "version": version }))
}

/// The 409 of a file something still shows: the message names them, `usage` lists them.
fn in_use(usage: Vec<Usage>) -> HttpResponse {
    let messages = &catalog().messages;
    let mut titles: Vec<String> = Vec::new();
    for u in &usage {
        let title = format!("“{}”", u.title);
        if !titles.contains(&title) {
            titles.push(title);
        }
    }
    let message = match titles.len() {
        1 => messages.media_in_use_one.with("items", titles.join(", ")),
        n => messages
            .media_in_use
            .with("count", n.to_string())
            .with("items", titles.join(", ")),
    };
    HttpResponse::Conflict().json(serde_json::json!({
        "message": message.current(),
        "errors": {},
        "usage": usage,
    }))
}

/// Moves a file to the trash (for 30 days), unless something shows it: then 409 with `usage`.
#[utoipa::path(context_path = "/api/v1", tag = "media", params(("name" = String, Path, max_length = 64)),
    security(("api_key" = [], "bearer" = ["media.manage"])),
    responses((status = 200, body = inline(ItemEnvelope<MediaInfo>)), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[delete("/media/{name}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn remove(state: web::Data<AppState>, _admin: Admin, name: web::Path<String>) -> Answer {
    let name = name_of(&name)?;
    let now = state.settings.clock.now();
    let edge = state.settings.cdn_purge.is_some();
    match library::delete(&state.db, &state.media, name, now, edge).await {
        Ok(row) => {
            if edge {
                state.publisher.purges_queued().notify_one();
            }
            Ok(envelope::updated(
                detail(&row, Vec::new()),
                &catalog().messages.media_deleted,
            ))
        }
        Err(Refused::InUse(usage)) => Ok(in_use(usage)),
        Err(Refused::Error(e)) => Err(e.into()),
    }
}

/// Brings back a file deleted in the last 30 days.
#[utoipa::path(context_path = "/api/v1", tag = "media", params(("name" = String, Path, max_length = 64)),
    security(("api_key" = [], "bearer" = ["media.manage"])),
    responses((status = 200, body = inline(ItemEnvelope<MediaInfo>)), (status = 404, body = ErrorBody)))]
#[post("/media/{name}/undelete")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn undelete(
    state: web::Data<AppState>,
    _admin: Admin,
    name: web::Path<String>,
) -> Answer {
    let name = name_of(&name)?;
    let edge = state.settings.cdn_purge.is_some();
    let now = state.settings.clock.now();
    let row = library::undelete(&state.db, &state.media, name, now, edge).await?;
    state.content_written();
    if edge {
        state.publisher.purges_queued().notify_one();
    }
    let usage = library::usage_after_write(&state.db, name).await?;
    Ok(envelope::updated(
        detail(&row, usage),
        &catalog().messages.media_restored,
    ))
}
