//! The content lifecycle over HTTP (administrators): publish and unpublish now, the history of
//! an item and restoring a revision, what was deleted and bringing it back, and what is
//! scheduled. `{kind}` is `service`, `service-list`, `blog`, `client-review`, `banner` or
//! `general-content`.

use actix_web::{HttpResponse, get, post, web};
use chrono::{DateTime, Utc};
use sea_orm::TransactionTrait;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::envelope::{self, ErrorBody, ItemEnvelope, ListEnvelope};
use super::generic::commit;
use super::versions::IfMatch;
use crate::auth::Admin;
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::content::lifecycle::{State, Status, admin_view};
use concierge_app::content::{Kind, kinds};
use concierge_core::domain::page::{Paging, PagingQuery};
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_core::roles::Writes;
use concierge_store as store;
use concierge_store::entities::content_revision;

/// One save in an item's history.
#[derive(Debug, Serialize, ToSchema)]
pub struct RevisionSummary {
    pub id: i32,
    pub created_at: DateTime<Utc>,
    /// The administrator who saved; `null` for the system (the scheduler, the seed).
    pub author: Option<String>,
    /// `created`, `saved`, `draft`, `published`, `unpublished`, `scheduled-in`,
    /// `scheduled-out`, `deleted`, `undeleted`.
    pub action: String,
    pub changed_fields: Vec<String>,
}

/// A revision whole: the summary and the record as it then read.
#[derive(Debug, Serialize, ToSchema)]
pub struct Revision {
    #[serde(flatten)]
    pub summary: RevisionSummary,
    #[schema(value_type = Object)]
    pub data: Value,
}

impl From<content_revision::Model> for Revision {
    fn from(row: content_revision::Model) -> Revision {
        Revision {
            data: serde_json::from_str(&row.data).unwrap_or(Value::Null),
            summary: row.into(),
        }
    }
}

impl From<content_revision::Model> for RevisionSummary {
    fn from(row: content_revision::Model) -> RevisionSummary {
        RevisionSummary {
            id: row.id,
            created_at: row.created_at,
            author: row.author,
            action: row.action,
            changed_fields: serde_json::from_str(&row.changed_fields).unwrap_or_default(),
        }
    }
}

fn id_of(raw: &str) -> Answer<i32> {
    envelope::parse_id(raw)
}

/// A change of an item's lifecycle made now.
#[derive(Debug, Clone, Copy)]
enum Op {
    Publish,
    Unpublish,
    /// A revision, saved as the administrator's role saves.
    Restore(i32, Writes),
    Undelete,
    Discard,
}

impl Op {
    /// Runs the change on the item `id`, made from version `expected` if the writer said.
    async fn run<K: Kind>(
        self,
        txn: &sea_orm::DatabaseTransaction,
        id: i32,
        expected: Option<i32>,
        now: DateTime<Utc>,
    ) -> Result<Value, ApiError> {
        use concierge_app::content::items;
        match self {
            Op::Publish => items::publish::<K>(txn, id, expected, now).await,
            Op::Unpublish => items::unpublish::<K>(txn, id, expected, now).await,
            Op::Restore(rev, writes) => {
                items::restore::<K>(txn, id, rev, writes, expected, now).await
            }
            Op::Undelete => items::undelete::<K>(txn, id, expected, now).await,
            Op::Discard => items::discard::<K>(txn, id, expected, now).await,
        }
    }

    fn message(self) -> &'static concierge_core::i18n::Text {
        let m = &catalog().messages;
        match self {
            Op::Publish => &m.content_published,
            Op::Unpublish => &m.content_unpublished,
            Op::Restore(..) => &m.content_restored,
            Op::Undelete => &m.content_undeleted,
            Op::Discard => &m.content_discarded,
        }
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
    let txn = state.db.write.begin().await?;
    let view = concierge_app::with_kind!(kind, K => op.run::<K>(&txn, id, expected, now).await)?;
    commit(state, txn).await?;
    Ok(envelope::updated(view, op.message()))
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
    let rows: Vec<RevisionSummary> = rows.into_iter().map(Into::into).collect();
    Ok(envelope::list(rows, total))
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
    Ok(envelope::one(Revision::from(row)))
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
    let kinds: Vec<&str> = match query.kind.as_deref().filter(|k| !k.is_empty()) {
        Some(kind) => vec![kind],
        None => kinds().collect(),
    };
    let mut items = Vec::new();
    for kind in kinds {
        let some: Answer<Vec<Value>> = concierge_app::with_kind!(kind, K =>
            Ok(concierge_app::content::items::deleted::<K>(&state.db.read, now).await?));
        items.extend(some?);
    }
    items.sort_by(|a, b| b["deleted_at"].as_str().cmp(&a["deleted_at"].as_str()));
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
    let mut items: Vec<(DateTime<Utc>, Value)> = Vec::new();
    for kind in kinds() {
        let some: Answer<Vec<(DateTime<Utc>, Value)>> = concierge_app::with_kind!(kind, K =>
            upcoming::<K>(&state, now).await);
        items.extend(some?);
    }
    items.sort_by_key(|(at, _)| *at);
    let total = items.len() as u64;
    Ok(envelope::list(
        items.into_iter().map(|(_, v)| v).collect::<Vec<_>>(),
        total,
    ))
}

async fn upcoming<K: Kind>(
    state: &AppState,
    now: DateTime<Utc>,
) -> Answer<Vec<(DateTime<Utc>, Value)>> {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    let column = concierge_app::content::column::<K>;
    let rows =
        store::content_rows::visible::<K>(K::Entity::find(), store::content_rows::Audience::Admin)
            .filter(column("status").eq(Status::Published.as_str()))
            .filter(
                sea_orm::Condition::any()
                    .add(column("publish_at").gt(now))
                    .add(column("unpublish_at").gt(now)),
            )
            .all(&state.db.read)
            .await?;
    Ok(rows
        .iter()
        .map(|row| {
            let state = State::of::<K>(row);
            let next = [state.publish_at, state.unpublish_at]
                .into_iter()
                .flatten()
                .filter(|at| *at > now)
                .min()
                .unwrap_or(now);
            let mut view = admin_view::<K>(row);
            view["kind"] = Value::String(K::PATH.into());
            (next, view)
        })
        .collect())
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

/// Values on an editor's screen, and how their role's saves are stored.
struct Unsaved {
    fields: serde_json::Map<String, Value>,
    writes: Writes,
}

/// The page that shows item `id` of `kind` in the language `query` asks for, published with its
/// pending changes, or with `unsaved` saved over them first, inside a rolled-back transaction.
async fn render_preview(
    state: &AppState,
    kind: &str,
    id: &str,
    query: &PreviewQuery,
    unsaved: Option<Unsaved>,
) -> Answer {
    use ssg::routes::{Lang, Route};
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
    let txn = state.db.write.begin().await?;
    let view = concierge_app::with_kind!(kind, K => async {
        use concierge_app::content::items;
        if let Some(Unsaved { fields, writes }) = unsaved {
            items::save::<K>(&txn, Some(id), fields, writes, None, now).await?;
        }
        items::publish::<K>(&txn, id, None, now).await
    }.await)?;
    let data = concierge_publish::data::load_data(&txn).await?;
    let route = match kind {
        "blog" => Route::Blog {
            slug: view["slug"].as_str().unwrap_or_default().to_owned(),
            id,
        },
        "service" => Route::Service(id),
        "service-list" => Route::Service(view["our_service_id"].as_i64().unwrap_or(0) as i32),
        _ => Route::Home,
    };
    let bodies = ssg::plan::Target::Page(route.clone()).bodies(&data);
    let blogs = concierge_publish::data::load_blogs(&txn, bodies).await?;
    txn.rollback().await?;
    let html = state
        .publisher
        .render_one(&data, &blogs, route, lang)
        .await?
        .ok_or_else(|| ApiError::Conflict(catalog().messages.preview_no_page.clone()))?;
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
