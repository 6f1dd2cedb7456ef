//! `GET /contact-us/export` (the contacts workbook, with the desk's status, assignee and latest
//! note), `POST /import/contacts` and
//! `POST /import/general-content` (administrators).

use actix_multipart::Multipart;
use actix_web::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use concierge_app::enquiries::desk::{Filter, FilterQuery};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::envelope::ErrorBody;
use super::media::{check_declared_length, receive};
use crate::auth::Admin;
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::spreadsheet::{self, CONTACTS_FILE, ImportCounts};
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const MAX_FILE: u64 = 20 * 1024 * 1024;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// The viewer's UTC offset in minutes east (e.g. 240 for the Gulf); dates are shown in it.
    #[param(value_type = Option<i32>, minimum = -840, maximum = 840)]
    pub tz_offset: Option<String>,
}

impl ExportQuery {
    /// The viewer's offset (UTC when not sent).
    pub fn offset(&self) -> Answer<chrono::FixedOffset> {
        let minutes = match self
            .tz_offset
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            None => None,
            Some(raw) => Some(raw.parse::<i32>().map_err(|_| {
                ApiError::validation("tz_offset", catalog().messages.tz_offset.clone())
            })?),
        };
        Ok(spreadsheet::offset_from_minutes(minutes)?)
    }
}

/// The newest 10000 enquiries of the inbox's filter (`status`, `q`) as `Contact_Us_List.xlsx`
/// (sheet `Contacts`).
#[utoipa::path(context_path = "/api/v1", tag = "contact", params(ExportQuery, FilterQuery),
    security(("api_key" = [], "bearer" = ["enquiries.read"])),
    responses((status = 200, description = "The workbook", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
              (status = 404, body = ErrorBody), (status = 400, body = ErrorBody)))]
#[get("/contact-us/export")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn export_contacts(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<ExportQuery>,
    filter: web::Query<FilterQuery>,
) -> Answer {
    let filter = Filter::parse(&filter)?;
    let lang = concierge_core::i18n::Lang::current();
    let bytes = spreadsheet::export_contacts(&state.db, query.offset()?, lang, &filter).await?;
    workbook(bytes, CONTACTS_FILE)
}

/// An export's answer: the workbook as a download named `file`, or 404 when it has no rows.
pub(super) fn workbook(bytes: Option<Vec<u8>>, file: &str) -> Answer {
    let bytes = bytes.ok_or_else(|| ApiError::NotFound(catalog().messages.no_data.clone()))?;
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, XLSX))
        .insert_header((
            CONTENT_DISPOSITION,
            format!("attachment; filename=\"{file}\""),
        ))
        .insert_header(("Cache-Control", "no-store"))
        .body(bytes))
}

#[derive(Serialize, ToSchema)]
pub struct ImportEnvelope {
    #[serde(rename = "responseBody")]
    pub response_body: ImportCounts,
    pub message: String,
}

/// The multipart form: one field `file` holding an .xlsx workbook.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub struct WorkbookForm {
    #[schema(value_type = String, format = Binary, min_length = 1)]
    file: Vec<u8>,
}

/// What can be imported: each its own operation, as each needs its own permission.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Import {
    Contacts,
    GeneralContent,
}

/// Imports a workbook of contact enquiries. Every row is checked with the API's rules; if any
/// row fails nothing is saved and the answer lists every bad row, column and message.
#[utoipa::path(context_path = "/api/v1", tag = "spreadsheets",
    request_body(content = WorkbookForm, content_type = "multipart/form-data"),
    security(("api_key" = [], "bearer" = ["enquiries.import"])),
    responses((status = 200, body = ImportEnvelope), (status = 400, body = ErrorBody),
              (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
#[post("/import/contacts")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn import_contacts(
    state: web::Data<AppState>,
    _admin: Admin,
    req: HttpRequest,
    payload: Multipart,
) -> Answer {
    import(state, Import::Contacts, req, payload).await
}

/// Imports a workbook of general content (the site's sections): every row checked as above.
#[utoipa::path(context_path = "/api/v1", tag = "spreadsheets",
    request_body(content = WorkbookForm, content_type = "multipart/form-data"),
    security(("api_key" = [], "bearer" = ["content.import"])),
    responses((status = 200, body = ImportEnvelope), (status = 400, body = ErrorBody),
              (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
#[post("/import/general-content")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn import_general_content(
    state: web::Data<AppState>,
    _admin: Admin,
    req: HttpRequest,
    payload: Multipart,
) -> Answer {
    import(state, Import::GeneralContent, req, payload).await
}

/// Any other kind of import: 404, saying what can be imported.
#[utoipa::path(context_path = "/api/v1", tag = "spreadsheets", params(("kind" = String, Path, description = "not contacts or general-content")),
    security(("api_key" = [], "bearer" = ["content.import"])),
    responses((status = 404, body = ErrorBody)))]
#[post("/import/{kind}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn import_unknown(_admin: Admin, _kind: web::Path<String>) -> Answer {
    Err(ApiError::NotFound(catalog().messages.unknown_import.clone()).into())
}

/// `GET {path}/export` of a kind with spreadsheets: its items as a workbook in the caller's
/// language (404 when it has none).
pub(super) async fn export_kind<K: concierge_app::content::Kind>(state: &AppState) -> Answer {
    let lang = concierge_core::i18n::Lang::current();
    let bytes = spreadsheet::kinds::export::<K>(&state.db, lang).await?;
    let file = format!("{}.xlsx", K::DECLARATION.label.en.replace(' ', "_"));
    workbook(bytes, &file)
}

/// `POST /import{path}` of a kind with spreadsheets: every row saved as its form would, or
/// none.
pub(super) async fn import_kind<K: concierge_app::content::Kind>(
    state: &AppState,
    req: &HttpRequest,
    payload: Multipart,
) -> Answer {
    let bytes = received_workbook(state, req, payload).await?;
    let counts =
        spreadsheet::kinds::import::<K>(&state.db, &bytes, state.settings.clock.now()).await?;
    Ok(content_imported(state, counts))
}

/// The workbook sent as the form's `file`, whole.
async fn received_workbook(
    state: &AppState,
    req: &HttpRequest,
    payload: Multipart,
) -> Answer<Vec<u8>> {
    check_declared_length(req, MAX_FILE)?;
    let received = receive(payload, "file", MAX_FILE, &state.settings.upload_dir()).await?;
    Ok(tokio::fs::read(&received.file)
        .await
        .map_err(|e| ApiError::Unexpected(e.into()))?)
}

/// The answer to an import of content: what it created and updated; the site is told.
fn content_imported(state: &AppState, counts: ImportCounts) -> HttpResponse {
    state.content_written();
    let message = catalog()
        .messages
        .imported_content
        .with("created", counts.created)
        .with("updated", counts.updated);
    HttpResponse::Ok().json(ImportEnvelope {
        response_body: counts,
        message: message.current().to_owned(),
    })
}

async fn import(
    state: web::Data<AppState>,
    kind: Import,
    req: HttpRequest,
    payload: Multipart,
) -> Answer {
    let bytes = received_workbook(&state, &req, payload).await?;
    let now = state.settings.clock.now();
    if kind == Import::GeneralContent {
        let counts = spreadsheet::import_general_content(&state.db, &bytes, now).await?;
        return Ok(content_imported(&state, counts));
    }
    let created = spreadsheet::import_contacts(&state.db, &bytes, now).await?;
    let m = &catalog().messages;
    let message =
        concierge_core::i18n::counted(created as u64, &m.imported_contact, &m.imported_contacts);
    Ok(HttpResponse::Ok().json(ImportEnvelope {
        response_body: ImportCounts {
            created,
            updated: 0,
        },
        message: message.current().to_owned(),
    }))
}
