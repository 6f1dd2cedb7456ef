//! The HTTP side of the content core ([`concierge_app::content`]): every kind's routes, as its
//! declaration spells them ([`concierge_core::kinds::Api`]), and the same five answers for
//! every kind. Anonymous readers get what is live; administrators get every item not
//! deleted, as they edit it (pending changes included, with `status` and
//! `hasPendingChanges`). A write commits together with its revision and publish job
//! ([`edits`]), then wakes the publisher and tells the public read cache.

use actix_web::{HttpRequest, guard, web};
use serde_json::{Map, Value};

use super::envelope;
use super::versions::IfMatch;
use crate::auth::{Admin, MaybeAdmin};
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::content::lifecycle::admin_view;
use concierge_app::content::{
    Audience, EachKind, Kind, ListFilter, Standing, edits, items, review_queue,
};
use concierge_core::domain::page::{Paging, PagingQuery};
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_core::kinds::ListRoute;
use concierge_core::roles::Permission;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use tracing::Instrument;

/// Every kind's routes: its lists, then create, read, update and delete, each under the
/// kind's collection (a literal list such as `/client-reviewes/display-order` is registered
/// before its `/{id}` sibling). Their OpenAPI entries, and so their permissions, are made from
/// the same declaration ([`crate::openapi`]).
pub fn configure(cfg: &mut web::ServiceConfig) {
    concierge_app::content::each_kind(&mut Routes(cfg));
}

struct Routes<'a>(&'a mut web::ServiceConfig);

impl EachKind for Routes<'_> {
    fn kind<K: Kind>(&mut self) {
        let declaration = K::DECLARATION;
        let api = &declaration.api;
        let at = |tail: &str| format!("{}{tail}", declaration.path);
        // Before `{path}/{id}`, which would take `export` for an id.
        if let (Some(export), Some(import)) = (declaration.export_path(), declaration.import_path())
        {
            self.0.service(web::resource(export).guard(guard::Get()).to(
                |state: web::Data<AppState>, _admin: Admin| {
                    let span = tracing::debug_span!("export", kind = K::PATH);
                    async move { super::spreadsheets::export_kind::<K>(&state).await }
                        .instrument(span)
                },
            ));
            self.0.service(web::resource(import).guard(guard::Post()).to(
                |state: web::Data<AppState>,
                 _admin: Admin,
                 req: HttpRequest,
                 payload: actix_multipart::Multipart| {
                    let span = tracing::debug_span!("import", kind = K::PATH);
                    async move { super::spreadsheets::import_kind::<K>(&state, &req, payload).await }
                        .instrument(span)
                },
            ));
        }
        for route in api.lists {
            self.0
                .service(web::resource(at(route.path)).guard(guard::Get()).to(
                    move |state: web::Data<AppState>,
                          query: web::Query<ListQuery>,
                          admin: MaybeAdmin,
                          req: HttpRequest| {
                        let span = tracing::debug_span!("list", kind = K::PATH, route = route.path);
                        async move { list::<K>(&state, &query, &admin, route, &req).await }
                            .instrument(span)
                    },
                ));
        }
        // A banner's save is an array of exactly one (the JSON extractor refuses any other
        // shape as it refuses bad JSON); every other kind's is the item's object.
        if api.one_in_array {
            saves::<K, Vec<Value>>(self.0, one_of);
        } else {
            saves::<K, Value>(self.0, Ok);
        }
        self.0
            .service(web::resource(at(api.read)).guard(guard::Get()).to(
                |state: web::Data<AppState>, id: web::Path<String>, admin: MaybeAdmin| {
                    let span = tracing::debug_span!("get_one", kind = K::PATH);
                    async move { get::<K>(&state, &id, &admin).await }.instrument(span)
                },
            ));
        self.0
            .service(web::resource(at(api.delete)).guard(guard::Delete()).to(
                |state: web::Data<AppState>,
                 _admin: Admin,
                 if_match: IfMatch,
                 id: web::Path<String>| {
                    let span = tracing::debug_span!("remove", kind = K::PATH);
                    async move { delete::<K>(&state, if_match, &id).await }.instrument(span)
                },
            ));
    }
}

/// A kind's create (`POST` on its collection) and update (`PUT` on its update path), their
/// body taken as `B` and made the item's fields by `fields`.
fn saves<K: Kind, B: DeserializeOwned + 'static>(
    cfg: &mut web::ServiceConfig,
    fields: fn(B) -> Answer<Value>,
) {
    let declaration = K::DECLARATION;
    let at = |tail: &str| format!("{}{tail}", declaration.path);
    cfg.service(web::resource(at("")).guard(guard::Post()).to(
        move |state: web::Data<AppState>, admin: Admin, body: web::Json<B>| {
            let span = tracing::debug_span!("create", kind = K::PATH);
            async move { create::<K>(&state, &admin, fields(body.into_inner())?).await }
                .instrument(span)
        },
    ));
    cfg.service(
        web::resource(at(declaration.api.update))
            .guard(guard::Put())
            .to(
                move |state: web::Data<AppState>,
                      admin: Admin,
                      if_match: IfMatch,
                      id: web::Path<String>,
                      body: web::Json<B>| {
                    let span = tracing::debug_span!("update", kind = K::PATH);
                    async move {
                        let body = fields(body.into_inner())?;
                        update::<K>(&state, &admin, if_match, &id, body).await
                    }
                    .instrument(span)
                },
            ),
    );
}

/// The one item of a banner's array body (not an array read field by field).
fn one_of(mut items: Vec<Value>) -> Answer<Value> {
    if items.len() != 1 || !items[0].is_object() {
        return Err(ApiError::BadRequest(catalog().messages.one_banner.clone()).into());
    }
    Ok(items.remove(0))
}

/// Who reads: an administrator whose role reads content sees it as the back office does.
fn audience(admin: &MaybeAdmin) -> Audience {
    if admin.may(Permission::ContentRead) {
        Audience::Admin
    } else {
        Audience::Public
    }
}

/// A list envelope of rows as `audience` reads them (administrators: with who made and last
/// changed each, and its review).
async fn listed<K: Kind>(
    state: &AppState,
    items: Vec<K::Model>,
    total: u64,
    audience: Audience,
) -> Answer {
    Ok(match audience {
        Audience::Public => envelope::list(
            items.into_iter().map(K::in_public_list).collect::<Vec<_>>(),
            total,
        ),
        Audience::Admin => {
            let mut views: Vec<Value> = items.iter().map(admin_view::<K>).collect();
            review_queue::annotate::<K>(&state.db.read, &mut views).await?;
            envelope::list(views, total)
        }
    })
}

/// A content list's query: the page, and for administrators where the items stand and words
/// of their names.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// 1-based page number (default 1).
    #[param(value_type = Option<u64>, minimum = 1, maximum = 1000000)]
    pub page: Option<String>,
    /// Page size (default 10; up to 100 anonymously, 10000 for administrators).
    #[param(value_type = Option<u64>, minimum = 1, maximum = 10000)]
    pub size: Option<String>,
    /// Administrators only (anonymous readers see what is live): `draft`, `scheduled`, `live`
    /// (on the site), `pending` (with changes waiting) or `ended`; all when left out.
    #[param(value_type = Option<String>, pattern = "^(draft|scheduled|live|pending|ended)?$")]
    pub status: Option<String>,
    /// Administrators only: part of the item's name or title, in either language (case does
    /// not matter).
    #[param(value_type = Option<String>, max_length = 100)]
    pub q: Option<String>,
}

impl ListQuery {
    pub fn paging(&self) -> PagingQuery {
        PagingQuery {
            page: self.page.clone(),
            size: self.size.clone(),
        }
    }

    /// The filter an administrator asked for (400 naming `status` or `q` when it cannot be
    /// one); nothing for anonymous readers.
    pub fn filter(&self, audience: Audience) -> Answer<ListFilter> {
        if audience == Audience::Public {
            return Ok(ListFilter::default());
        }
        let messages = &catalog().messages;
        let standing = match self.status.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(raw) => Some(Standing::parse(raw).ok_or_else(|| {
                ApiError::validation("status", messages.content_standing.clone())
            })?),
        };
        let q = self.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
        if q.is_some_and(|q| q.chars().count() > 100) {
            let message = messages.query_too_long.with("name", "q").with("max", 100);
            return Err(ApiError::validation("q", message).into());
        }
        Ok(ListFilter {
            standing,
            q: q.map(str::to_lowercase),
            parent: None,
        })
    }
}

/// A page of the kind as `route` lists it (`size` bounded by who asks, narrowed as an
/// administrator asked, to one parent's items when the route names one).
async fn list<K: Kind>(
    state: &AppState,
    query: &ListQuery,
    admin: &MaybeAdmin,
    route: &ListRoute,
    req: &HttpRequest,
) -> Answer {
    let parent = match &route.parent {
        Some(parent) => {
            let id = envelope::parse_id(req.match_info().get(parent.param).unwrap_or_default())?;
            Some((parent, id))
        }
        None => None,
    };
    let audience = audience(admin);
    let page = Paging::parse(&query.paging(), audience == Audience::Admin)?;
    let mut filter = query.filter(audience)?;
    if let Some((parent, id)) = parent {
        let kind = K::DECLARATION
            .field(parent.field)
            .and_then(|field| field.references)
            .expect("a list's parent is a reference field (the declaration's test holds it)");
        let found: Result<(), ApiError> = concierge_app::with_kind!(kind, P => {
            items::find_for::<P>(&state.db.read, id, audience)
                .await
                .map(|_| ())
        });
        found?;
        filter.parent = Some((parent.field, id));
    }
    let now = state.settings.clock.now();
    let (items, total) =
        items::page::<K>(&state.db.read, route.order, page, audience, &filter, now).await?;
    listed::<K>(state, items, total, audience).await
}

/// One item by its path id.
async fn get<K: Kind>(state: &AppState, id: &str, admin: &MaybeAdmin) -> Answer {
    let id = envelope::parse_id(id)?;
    let audience = audience(admin);
    let row = items::find_for::<K>(&state.db.read, id, audience).await?;
    Ok(match audience {
        Audience::Public => envelope::one(row),
        Audience::Admin => {
            let view = review_queue::annotated::<K>(&state.db.read, admin_view::<K>(&row)).await?;
            super::versions::with_etag(envelope::one(view.clone()), &view)
        }
    })
}

/// The body of a save as an object of fields.
pub fn fields(body: Value) -> Answer<Map<String, Value>> {
    match body {
        Value::Object(fields) => Ok(fields),
        _ => Err(ApiError::BadRequest(
            catalog()
                .messages
                .invalid_json
                .with("detail", "expected an object".to_owned()),
        )
        .into()),
    }
}

/// 201 with the saved item and the kind's message (a draft, whatever was asked, from a role
/// whose saves wait for an editor).
async fn create<K: Kind>(state: &AppState, admin: &Admin, body: Value) -> Answer {
    let body = fields(body)?;
    let now = state.settings.clock.now();
    let saved = edits::create::<K>(&state.db, body, admin.role.writes(), now).await?;
    state.content_written();
    Ok(envelope::created(saved, &K::rules().outcomes().created))
}

/// 200 with the saved item and the kind's message.
async fn update<K: Kind>(
    state: &AppState,
    admin: &Admin,
    if_match: IfMatch,
    id: &str,
    body: Value,
) -> Answer {
    let id = envelope::parse_id(id)?;
    let expected = if_match.or_body(Some(&body))?;
    let body = fields(body)?;
    let now = state.settings.clock.now();
    let writes = admin.role.writes();
    let saved = edits::update::<K>(&state.db, id, body, writes, expected, now).await?;
    state.content_written();
    Ok(envelope::updated(saved, K::rules().outcomes().updated()))
}

/// 200 with the id and the kind's message.
async fn delete<K: Kind>(state: &AppState, if_match: IfMatch, id: &str) -> Answer {
    let id = envelope::parse_id(id)?;
    let now = state.settings.clock.now();
    edits::delete::<K>(&state.db, id, if_match.0, now).await?;
    state.content_written();
    Ok(envelope::deleted(id, &K::rules().outcomes().deleted))
}
