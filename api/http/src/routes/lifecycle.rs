//! The content lifecycle over HTTP (administrators): publish and unpublish now, the history of
//! an item and restoring a revision, what was deleted and bringing it back, and what is
//! scheduled. `{kind}` is `service`, `service-list`, `blog`, `client-review`, `banner` or
//! `general-content`.

use actix_web::{HttpResponse, get, post, web};
use serde::Deserialize;
use serde_json::Value;

use super::envelope::{self, ErrorBody, ItemEnvelope, ListEnvelope};
use super::versions::IfMatch;
use crate::auth::Admin;
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::content::edits::{self, Op};
use concierge_app::content::history::{Revision, RevisionSummary};
use concierge_core::domain::page::{Paging, PagingQuery};
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_publish::preview::Unsaved;

fn id_of(raw: &str) -> Answer<i32> {
    envelope::parse_id(raw)
}

/// What a lifecycle change answers with.
fn message(op: Op) -> &'static concierge_core::i18n::Text {
    let m = &catalog().messages;
    match op {
        Op::Publish => &m.content_published,
        Op::Unpublish => &m.content_unpublished,
        Op::Restore(..) => &m.content_restored,
        Op::Undelete => &m.content_undeleted,
        Op::Discard => &m.content_discarded,
    }
}

/// The optional body of a lifecycle change: the version the change is made from.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct VersionInput {
    /// The version read (or send `If-Match: "N"`); a stale one is refused with 409.
    #[schema(value_type = Option<i32>, minimum = 1)]
    pub version: Option<Value>,
}

/// Runs `op` on the item, made from the version `If-Match` or the body names (if either does),
/// and commits: 200 with the record as administrators read it.
async fn act(
    state: &AppState,
    kind: &str,
    id: &str,
    op: Op,
    if_match: IfMatch,
    body: Option<web::Json<Value>>,
) -> Answer {
    let id = id_of(id)?;
    let expected = if_match.or_body(body.as_deref())?;
    let now = state.settings.clock.now();
    let view = edits::change(&state.db, kind, op, id, expected, now).await?;
    state.content_written();
    Ok(envelope::updated(view, message(op)))
}

/// Publishes the item now (its pending changes become the live version).
#[utoipa::path(context_path = "/api/v1", tag = "content lifecycle",
    params(("kind" = String, Path), ("id" = i32, Path, minimum = 1)),
    request_body(content = Option<VersionInput>),
    security(("api_key" = [], "bearer" = ["content.publish"])),
    responses((status = 200, body = ItemEnvelope<Object>), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[post("/content/{kind}/{id}/publish")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn publish(
    state: web::Data<AppState>,
    _admin: Admin,
    path: web::Path<(String, String)>,
    if_match: IfMatch,
    body: Option<web::Json<Value>>,
) -> Answer {
    let (kind, id) = path.into_inner();
    act(&state, &kind, &id, Op::Publish, if_match, body).await
}

/// Takes the item off the site now: gone from every page, listing, sitemap and feed.
#[utoipa::path(context_path = "/api/v1", tag = "content lifecycle",
    params(("kind" = String, Path), ("id" = i32, Path, minimum = 1)),
    request_body(content = Option<VersionInput>),
    security(("api_key" = [], "bearer" = ["content.publish"])),
    responses((status = 200, body = ItemEnvelope<Object>), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[post("/content/{kind}/{id}/unpublish")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn unpublish(
    state: web::Data<AppState>,
    _admin: Admin,
    path: web::Path<(String, String)>,
    if_match: IfMatch,
    body: Option<web::Json<Value>>,
) -> Answer {
    let (kind, id) = path.into_inner();
    act(&state, &kind, &id, Op::Unpublish, if_match, body).await
}

/// The item's history, newest first.
#[utoipa::path(context_path = "/api/v1", tag = "content lifecycle",
    params(("kind" = String, Path), ("id" = i32, Path, minimum = 1), PagingQuery),
    security(("api_key" = [], "bearer" = ["content.read"])),
    responses((status = 200, body = ListEnvelope<RevisionSummary>), (status = 404, body = ErrorBody)))]
#[get("/content/{kind}/{id}/revisions")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn revisions(
    state: web::Data<AppState>,
    _admin: Admin,
    path: web::Path<(String, String)>,
    query: web::Query<PagingQuery>,
) -> Answer {
    let (kind, id) = path.into_inner();
    let id = id_of(&id)?;
    let page = Paging::parse(&query, true)?;
    let (rows, total) = concierge_app::with_kind!(kind.as_str(), K =>
        concierge_app::content::items::revisions::<K>(&state.db.read, id, page).await)?;
    Ok(envelope::list::<RevisionSummary>(rows, total))
}

/// One revision, whole.
#[utoipa::path(context_path = "/api/v1", tag = "content lifecycle",
    params(("kind" = String, Path), ("id" = i32, Path, minimum = 1), ("rev" = i32, Path, minimum = 1)),
    security(("api_key" = [], "bearer" = ["content.read"])),
    responses((status = 200, body = ItemEnvelope<Revision>), (status = 404, body = ErrorBody)))]
#[get("/content/{kind}/{id}/revisions/{rev}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn revision(
    state: web::Data<AppState>,
    _admin: Admin,
    path: web::Path<(String, String, String)>,
) -> Answer {
    let (kind, id, rev) = path.into_inner();
    let (id, rev) = (id_of(&id)?, id_of(&rev)?);
    let row = concierge_app::with_kind!(kind.as_str(), K =>
        concierge_app::content::items::find_revision::<K>(&state.db.read, id, rev).await)?;
    Ok(envelope::one::<Revision>(row))
}

/// Makes the revision the item's current draft.
#[utoipa::path(context_path = "/api/v1", tag = "content lifecycle",
    params(("kind" = String, Path), ("id" = i32, Path, minimum = 1), ("rev" = i32, Path, minimum = 1)),
    request_body(content = Option<VersionInput>),
    security(("api_key" = [], "bearer" = ["content.publish"])),
    responses((status = 200, body = ItemEnvelope<Object>), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[post("/content/{kind}/{id}/revisions/{rev}/restore")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn restore(
    state: web::Data<AppState>,
    admin: Admin,
    path: web::Path<(String, String, String)>,
    if_match: IfMatch,
    body: Option<web::Json<Value>>,
) -> Answer {
    let (kind, id, rev) = path.into_inner();
    let op = Op::Restore(id_of(&rev)?, admin.role.writes());
    act(&state, &kind, &id, op, if_match, body).await
}

/// Drops the item's pending changes: the version on the site stays as it is.
#[utoipa::path(context_path = "/api/v1", tag = "content lifecycle",
    params(("kind" = String, Path), ("id" = i32, Path, minimum = 1)),
    request_body(content = Option<VersionInput>),
    security(("api_key" = [], "bearer" = ["content.publish"])),
    responses((status = 200, body = ItemEnvelope<Object>), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[post("/content/{kind}/{id}/discard")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn discard(
    state: web::Data<AppState>,
    _admin: Admin,
    path: web::Path<(String, String)>,
    if_match: IfMatch,
    body: Option<web::Json<Value>>,
) -> Answer {
    let (kind, id) = path.into_inner();
    act(&state, &kind, &id, Op::Discard, if_match, body).await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct KindQuery {
    /// One kind; every kind when left out.
    pub kind: Option<String>,
}

/// Items deleted in the last 30 days, most recent first, each with `kind` and `deleted_at`.
#[utoipa::path(context_path = "/api/v1", tag = "content lifecycle", params(KindQuery),
    security(("api_key" = [], "bearer" = ["content.read"])),
    responses((status = 200, body = ListEnvelope<Object>), (status = 404, body = ErrorBody)))]
#[get("/content/deleted")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn deleted(
    state: web::Data<AppState>,
    _admin: Admin,
    query: web::Query<KindQuery>,
) -> Answer {
    let now = state.settings.clock.now();
    let kind = query.kind.as_deref().filter(|k| !k.is_empty());
    let items = edits::deleted(&state.db, kind, now).await?;
    let total = items.len() as u64;
    Ok(envelope::list(items, total))
}

/// Brings back, as a draft, an item deleted in the last 30 days.
#[utoipa::path(context_path = "/api/v1", tag = "content lifecycle",
    params(("kind" = String, Path), ("id" = i32, Path, minimum = 1)),
    request_body(content = Option<VersionInput>),
    security(("api_key" = [], "bearer" = ["content.delete"])),
    responses((status = 200, body = ItemEnvelope<Object>), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
#[post("/content/{kind}/{id}/undelete")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn undelete(
    state: web::Data<AppState>,
    _admin: Admin,
    path: web::Path<(String, String)>,
    if_match: IfMatch,
    body: Option<web::Json<Value>>,
) -> Answer {
    let (kind, id) = path.into_inner();
    act(&state, &kind, &id, Op::Undelete, if_match, body).await
}

/// What the scheduler will do: every published item with a `publish_at` or `unpublish_at` still
/// to come, soonest first, each with `kind`.
#[utoipa::path(context_path = "/api/v1", tag = "content lifecycle",
    security(("api_key" = [], "bearer" = ["content.read"])),
    responses((status = 200, body = ListEnvelope<Object>)))]
#[get("/content/scheduled")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn scheduled(state: web::Data<AppState>, _admin: Admin) -> Answer {
    let now = state.settings.clock.now();
    let items = edits::scheduled(&state.db, now).await?;
    let total = items.len() as u64;
    Ok(envelope::list(items, total))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(deleted)
        .service(scheduled)
        .service(publish)
        .service(unpublish)
        .service(revisions)
        .service(revision)
        .service(restore)
        .service(undelete)
        .service(discard)
        .service(preview)
        .service(preview_unsaved);
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct PreviewQuery {
    /// `en` (default when left out or empty) or `ar`.
    #[param(value_type = Option<String>, pattern = "^(en|ar)?$")]
    pub lang: Option<String>,
}

/// The page that shows the item (a blog's own page, a service's page, the home page for
/// banners, reviews and general content), as it would be published with the item's pending
/// changes, in one language: `text/html`, never indexed, never cached. Nothing is published: the
/// item is published inside a transaction that is rolled back once the site's data is read, so
/// the preview is made by the same code, templates and islands as the site itself.
#[utoipa::path(context_path = "/api/v1", tag = "content lifecycle",
    params(("kind" = String, Path), ("id" = i32, Path, minimum = 1), PreviewQuery),
    security(("api_key" = [], "bearer" = ["content.read"])),
    responses((status = 200, content_type = "text/html", body = String), (status = 404, body = ErrorBody),
        (status = 409, description = "No page of the site shows the item", body = ErrorBody)))]
#[get("/preview/{kind}/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn preview(
    state: web::Data<AppState>,
    _admin: Admin,
    path: web::Path<(String, String)>,
    query: web::Query<PreviewQuery>,
) -> Answer {
    let (kind, id) = path.into_inner();
    render_preview(&state, &kind, &id, &query, None).await
}

/// The page as it would look with the values on the editor's screen, saved or not: the body is
/// what the form would send to save the item (the kind's update body), and the preview is
/// made as [`preview`]'s is, from that save and a publish inside a transaction rolled back, so
/// nothing is saved. A body the save would refuse answers as the save would (400 naming its
/// fields; a translator's change to an English field 403).
#[utoipa::path(context_path = "/api/v1", tag = "content lifecycle",
    params(("kind" = String, Path), ("id" = i32, Path, minimum = 1), PreviewQuery),
    request_body(content = Object, description = "The item's fields as its update takes them"),
    security(("api_key" = [], "bearer" = ["content.read"])),
    responses((status = 200, content_type = "text/html", body = String), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "No page of the site shows the item", body = ErrorBody)))]
#[post("/preview/{kind}/{id}")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn preview_unsaved(
    state: web::Data<AppState>,
    admin: Admin,
    path: web::Path<(String, String)>,
    query: web::Query<PreviewQuery>,
    body: web::Json<Value>,
) -> Answer {
    let (kind, id) = path.into_inner();
    // A banner's update takes an array of the one banner; either shape is its fields.
    let body = match body.into_inner() {
        Value::Array(mut one) if one.len() == 1 => one.remove(0),
        body => body,
    };
    let fields = super::generic::fields(body)?;
    let unsaved = Unsaved {
        fields,
        writes: admin.role.writes(),
    };
    render_preview(&state, &kind, &id, &query, Some(unsaved)).await
}

/// The page that shows item `id` of `kind` in the language `query` asks for, published with its
/// pending changes, or with `unsaved` saved over them first ([`concierge_publish::preview`]).
async fn render_preview(
    state: &AppState,
    kind: &str,
    id: &str,
    query: &PreviewQuery,
    unsaved: Option<Unsaved>,
) -> Answer {
    use ssg::routes::Lang;
    let id = id_of(id)?;
    let lang = match query.lang.as_deref().unwrap_or("") {
        "en" | "" => Lang::En,
        "ar" => Lang::Ar,
        _ => {
            return Err(
                ApiError::validation("lang", catalog().messages.preview_kind.clone()).into(),
            );
        }
    };
    let now = state.settings.clock.now();
    let html =
        concierge_publish::preview::page(&state.publisher, &state.db, kind, id, unsaved, lang, now)
            .await?;
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header(("Cache-Control", "no-store"))
        .insert_header(("X-Robots-Tag", "noindex, nofollow"))
        .body(noindex(&String::from_utf8_lossy(&html))))
}

/// The page with `<meta name="robots" content="noindex">` (in place of its own robots meta).
fn noindex(html: &str) -> String {
    const META: &str = r#"<meta name="robots" content="noindex, nofollow">"#;
    let mut out = String::with_capacity(html.len() + META.len());
    let mut rest = html;
    // Drop the page's own robots meta, if any.
    if let Some(start) = rest.find(r#"<meta name="robots""#)
        && let Some(len) = rest[start..].find('>')
    {
        out.push_str(&rest[..start]);
        rest = &rest[start + len + 1..];
    }
    match rest.find("<head>") {
        Some(at) => {
            out.push_str(&rest[..at + "<head>".len()]);
            out.push_str(META);
            out.push_str(&rest[at + "<head>".len()..]);
        }
        None => {
            out.push_str(META);
            out.push_str(rest);
        }
    }
    out
}
