//! Builds the HTTP server: the API under `/api/v1`, its docs, the health check, and the
//! publish worker.

use std::net::TcpListener;
use std::sync::Arc;

use actix_web::body::MessageBody;
use actix_web::dev::{Server, ServiceRequest, ServiceResponse};
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::{Method, header};
use actix_web::middleware::{ErrorHandlerResponse, ErrorHandlers, Next, from_fn};
use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use anyhow::Context;
use tokio::sync::Notify;
use utoipa_swagger_ui::SwaggerUi;

use crate::operations::{OperationTable, routed_path};
use crate::routes::error_response::error_body;
use crate::routes::error_response::{Answer, HttpError};
use crate::state::AppState;
use crate::{openapi, routes};
use concierge_app::Db;
use concierge_core::config::Settings;
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_publish as publish;
use concierge_publish::site::Publisher;

/// Largest JSON body: two rich-text fields of 1 MB plus the rest.
pub const JSON_LIMIT: usize = 3 * 1024 * 1024;

/// How long a stopping server waits for the publish under way to finish and give the lease
/// up; past it, the process ends anyway and the lease runs out on its own
/// ([`publish::LEASE_SECONDS`]). A publish after an edit takes milliseconds; a full build of
/// tens of thousands of blogs, a minute or more.
pub const PUBLISH_GRACE: std::time::Duration = std::time::Duration::from_secs(20);

pub struct Application {
    port: u16,
    server: Server,
    db: Db,
    publisher: Arc<Publisher>,
    reload: tokio::sync::broadcast::Sender<()>,
    /// Tells the publish worker to stop, and the worker (when this instance runs one).
    stop_publishing: tokio::sync::watch::Sender<bool>,
    publish_worker: Option<tokio::task::JoinHandle<()>>,
}

/// What the binary runs around the workers, from the layer above them.
#[derive(Debug, Clone, Copy)]
pub struct Hooks {
    /// Runs when a worker's queue is empty after some work (the binary gives the allocator's
    /// free memory back to the system there); nothing by default.
    pub on_drained: fn(),
}

impl Default for Hooks {
    fn default() -> Self {
        Hooks { on_drained: || {} }
    }
}

impl Application {
    /// Connects, migrates, binds `settings.addr` (port 0 picks a free port).
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        Self::build_with(settings, Hooks::default()).await
    }

    /// [`Application::build`], with what the binary adds around the workers.
    pub async fn build_with(settings: Settings, hooks: Hooks) -> anyhow::Result<Self> {
        clear_upload_dir(&settings.upload_dir())?;
        let db = concierge_app::system::open(&settings.database_url).await?;
        let listener = TcpListener::bind(&settings.addr).with_context(|| {
            format!("Failed to listen on {} (set CONCIERGE_ADDR)", settings.addr)
        })?;
        let port = listener.local_addr()?.port();
        let publisher = Arc::new(concierge_publish::build::build_publisher(&settings)?);
        let media =
            concierge_app::media::BlobStore::open_configured(&settings, &settings.media_store)?;
        let workers = Workers::spawn(&settings, &db, &publisher, &media, port, hooks).await?;
        let (reload, _) = tokio::sync::broadcast::channel(16);
        let read_cache = web::Data::new(crate::read_cache::ReadCache::new(db.clone()));
        let operations = web::Data::from(openapi::served().operations.clone());
        let intake = concierge_app::intake::Intake::start(
            db.clone(),
            settings.clone(),
            workers.notify_wakeup.clone(),
        );
        let live = concierge_app::live::Hub::new(db.clone(), settings.clock.clone());
        let state = web::Data::new(AppState {
            live,
            metrics: publisher.metrics(),
            db: db.clone(),
            settings,
            media,
            publisher: publisher.clone(),
            publish_wakeup: workers.publish_wakeup,
            notify_wakeup: workers.notify_wakeup,
            media_wakeup: workers.media_wakeup,
            live_reload: reload.clone(),
            read_cache: read_cache.clone(),
            page_cache: Default::default(),
            intake,
        });
        let server = serve(listener, state, read_cache, operations)?;
        Ok(Self {
            port,
            server,
            db,
            publisher,
            reload,
            stop_publishing: workers.stop_publishing,
            publish_worker: workers.publish_worker,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    pub fn publisher(&self) -> Arc<Publisher> {
        self.publisher.clone()
    }

    /// Tells open pages to reload (watch mode).
    pub fn reload_sender(&self) -> tokio::sync::broadcast::Sender<()> {
        self.reload.clone()
    }

    /// A handle that stops the HTTP server as a signal does (SIGINT, SIGTERM): the requests
    /// under way are answered first.
    pub fn server_handle(&self) -> actix_web::dev::ServerHandle {
        self.server.handle()
    }

    /// Serves until the server is stopped (a signal, or [`Self::server_handle`]); then lets
    /// the publish under way finish, for up to [`PUBLISH_GRACE`], and gives the publishing
    /// lease up.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let served = self.server.await;
        let _ = self.stop_publishing.send(true);
        if let Some(worker) = self.publish_worker
            && tokio::time::timeout(PUBLISH_GRACE, worker).await.is_err()
        {
            tracing::warn!(
                "a publish was still under way at shutdown; its lease runs out within {} s",
                publish::LEASE_SECONDS
            );
        }
        served
    }
}

/// The background workers of an instance and the wake-ups the handlers give them: the
/// publisher, the notifications' outbox, the image variants, the edge's purges (with
/// `CONCIERGE_CDN_PURGE`) and the scheduler (only where the publish worker runs: `Settings::publish_worker`), and
/// the throttle's sweep (everywhere).
struct Workers {
    publish_wakeup: Arc<Notify>,
    notify_wakeup: Arc<Notify>,
    media_wakeup: Arc<Notify>,
    stop_publishing: tokio::sync::watch::Sender<bool>,
    publish_worker: Option<tokio::task::JoinHandle<()>>,
}

impl Workers {
    async fn spawn(
        settings: &Settings,
        db: &Db,
        publisher: &Arc<Publisher>,
        media: &concierge_app::media::BlobStore,
        port: u16,
        hooks: Hooks,
    ) -> anyhow::Result<Self> {
        let wakeup = Arc::new(Notify::new());
        let notify_wakeup = Arc::new(Notify::new());
        let media_wakeup = Arc::new(Notify::new());
        let (stop_publishing, stop) = tokio::sync::watch::channel(false);
        let senders = Arc::new(concierge_app::notify::Senders::new(settings)?);
        let mut publish_worker = None;
        if settings.publish_worker {
            let worker_id = format!(
                "{}-{}",
                std::process::id(),
                concierge_core::token::new_token().0.get(..8).unwrap_or("w")
            );
            publish::queue_first_build(db, publisher).await;
            publish_worker = Some(tokio::spawn(publish::run_worker(
                db.clone(),
                wakeup.clone(),
                worker_id,
                publisher.clone(),
                settings.publish_retry,
                stop,
                hooks.on_drained,
            )));
            tokio::spawn(concierge_app::notify::run_worker(
                db.clone(),
                senders,
                notify_wakeup.clone(),
                format!("{}-{}", std::process::id(), port),
                settings.notify_retry,
            ));
            tokio::spawn(concierge_app::media::variants::run_worker(
                db.clone(),
                media.clone(),
                media_wakeup.clone(),
                wakeup.clone(),
                format!("{}-{}-media", std::process::id(), port),
                settings.publish_retry,
                hooks.on_drained,
            ));
            if let Some(edge) = concierge_app::edge::Edge::from_settings(settings) {
                tokio::spawn(concierge_app::edge::run_worker(
                    db.clone(),
                    Arc::new(edge),
                    settings.site_url.clone(),
                    publisher.purges_queued(),
                    format!("{}-{}-edge", std::process::id(), port),
                    settings.purge_retry,
                ));
            }
            tokio::spawn(concierge_app::content::schedule::run_worker(
                db.clone(),
                settings.clock.clone(),
                wakeup.clone(),
                media.clone(),
            ));
        }
        tokio::spawn(concierge_app::system::sweep_counters(
            db.clone(),
            settings.form_limit,
        ));
        Ok(Workers {
            publish_wakeup: wakeup,
            notify_wakeup,
            media_wakeup,
            stop_publishing,
            publish_worker,
        })
    }
}

/// The HTTP server on `listener`: the middleware around every route, the request limits and
/// error handlers, then [`services`].
fn serve(
    listener: TcpListener,
    state: web::Data<AppState>,
    read_cache: web::Data<crate::read_cache::ReadCache>,
    operations: web::Data<OperationTable>,
) -> anyhow::Result<Server> {
    let workers = state.settings.workers;
    let server = HttpServer::new(move || {
        App::new()
            // Around every route: every message, errors included, in the language asked for.
            .wrap(from_fn(routes::language::answer_in_requested_language))
            // Outermost: the request's id, its count and duration, its log line.
            .wrap(from_fn(crate::observe::observe))
            // gzip for clients that ask for it (pages, scripts, JSON); images and fonts are
            // already compressed and go out as they are.
            .wrap(actix_web::middleware::Compress::default())
            .app_data(state.clone())
            .app_data(read_cache.clone())
            .app_data(operations.clone())
            .app_data(
                web::JsonConfig::default()
                    .limit(JSON_LIMIT)
                    .error_handler(json_error),
            )
            .app_data(web::QueryConfig::default().error_handler(query_error))
            .app_data(web::PathConfig::default().error_handler(path_error))
            .configure(services)
    })
    // Headers and a file body go out in separate writes: without TCP_NODELAY, Nagle and
    // delayed ACKs hold the body back ~40 ms on every keep-alive request.
    .on_connect(|connection, _| {
        if let Some(tcp) = connection.downcast_ref::<actix_web::rt::net::TcpStream>() {
            let _ = tcp.set_nodelay(true);
        }
    });
    let server = match workers {
        Some(workers) => server.workers(workers),
        None => server,
    };
    Ok(server.listen(listener)?.run())
}

/// Every route, in the order they are tried.
fn services(cfg: &mut web::ServiceConfig) {
    cfg
        // The site's pages first, by a glance at the path's first segment: they are most
        // requests, and need none of the patterns below.
        .service(
            web::scope("")
                .guard(actix_web::guard::fn_guard(|ctx| {
                    routes::site::is_site_path(ctx.head().uri.path())
                }))
                .default_service(web::to(routes::site::serve)),
        )
        .service(routes::health::healthz)
        .service(routes::health::readyz)
        .service(routes::metrics::metrics)
        // The API's documentation, behind a glance at the path (its pattern is a regular
        // expression), and before the API's scope, which would otherwise answer its document's
        // URL.
        .service(
            web::scope("")
                .guard(actix_web::guard::fn_guard(|ctx| {
                    let path = ctx.head().uri.path();
                    path.starts_with("/api/docs") || path == openapi::DOCUMENT
                }))
                .wrap(never_stored())
                .service(web::redirect("/api/docs", "/api/docs/"))
                .route(openapi::DOCUMENT, web::get().to(openapi::serve_document))
                // The UI reads the document from its URL; given the document itself, it kept a
                // copy of the tree for each worker.
                .service(
                    SwaggerUi::new("/api/docs/{_:.*}")
                        .config(utoipa_swagger_ui::Config::from(openapi::DOCUMENT)),
                ),
        )
        // The API next: the patterns of the admin's and the media's routes below are regular
        // expressions, each tried on every request that reaches them.
        .service(
            web::scope("/api/v1")
                .wrap(from_fn(crate::auth::authenticate_first))
                .wrap(from_fn(crate::read_cache::serve))
                .wrap(from_fn(literal_paths_keep_their_methods))
                .wrap(ErrorHandlers::new().default_handler(json_error_body))
                .wrap(from_fn(require_api_key))
                .wrap(never_stored())
                .configure(routes::api)
                .default_service(web::to(api_fallback)),
        )
        .configure(routes::admin_app::configure)
        .service(routes::media::serve)
        .service(routes::site::live_reload)
        .default_service(web::to(routes::site::serve));
}

/// `Cache-Control: no-store` on every answer of the API, errors included, however its path was
/// spelt (`/%61pi/v1/blog` is routed here too): no edge or browser keeps one.
fn never_stored() -> actix_web::middleware::DefaultHeaders {
    actix_web::middleware::DefaultHeaders::new()
        .add((actix_web::http::header::CACHE_CONTROL, "no-store"))
}

/// Empties the folder uploads arrive in (what a process killed during an upload left there),
/// creating it when it is missing.
fn clear_upload_dir(dir: &std::path::Path) -> anyhow::Result<()> {
    match std::fs::remove_dir_all(dir) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => {
            return Err(e).with_context(|| format!("Failed to empty {}", dir.display()));
        }
    }
    std::fs::create_dir_all(dir).with_context(|| {
        format!(
            "Failed to create {} (set CONCIERGE_DATA_DIR to a writable folder)",
            dir.display()
        )
    })
}

/// No route matched: 405 with `Allow` when the path is a route of the API, else 404.
async fn api_fallback(req: HttpRequest, operations: web::Data<OperationTable>) -> Answer {
    match operations.methods_at(routed_path(&req)) {
        Some(methods) if !methods.is_empty() => Ok(method_not_allowed(&methods)),
        _ => Err(ApiError::NotFound(catalog().messages.not_found.clone()).into()),
    }
}

/// A literal path such as `/client-reviewes/display-order` is a route of its own: a method it
/// does not answer gets 405 there, instead of falling through to the sibling `/{id}` route
/// (which would read `display-order` as an id).
async fn literal_paths_keep_their_methods(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<actix_web::body::EitherBody<impl MessageBody>>, actix_web::Error> {
    let methods = req
        .app_data::<web::Data<OperationTable>>()
        .and_then(|operations| operations.literal_methods(routed_path(req.request())));
    if let Some(methods) = methods {
        let method = req.method();
        let allowed = methods.contains(&method)
            || (method == Method::HEAD && methods.contains(&&Method::GET));
        if !allowed {
            let response = method_not_allowed(&methods);
            return Ok(req.into_response(response).map_into_right_body());
        }
    }
    Ok(next.call(req).await?.map_into_left_body())
}

fn method_not_allowed(methods: &[&Method]) -> HttpResponse {
    let mut response = HttpResponse::MethodNotAllowed();
    let allow: Vec<&str> = methods.iter().map(|m| m.as_str()).collect();
    response.insert_header((header::ALLOW, allow.join(", ")));
    error_body(response, &catalog().messages.method_not_allowed, [])
}

/// Every `/api/v1` request must carry the client's `x-api-key`.
async fn require_api_key(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let expected = req
        .app_data::<web::Data<AppState>>()
        .map(|s| s.settings.api_key.clone())
        .unwrap_or_default();
    let sent = req
        .headers()
        .get("x-api-key")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if expected.is_empty() || sent != expected {
        return Err(
            HttpError::from(ApiError::Unauthorized(catalog().messages.api_key.clone())).into(),
        );
    }
    next.call(req).await
}

/// Turns any error response of the API that is not JSON yet (405, a framework 404…) into the
/// contract's JSON error body.
fn json_error_body<B: MessageBody + 'static>(
    res: ServiceResponse<B>,
) -> actix_web::Result<ErrorHandlerResponse<B>> {
    let is_json = res
        .response()
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if is_json {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let status = res.status();
    let m = &catalog().messages;
    let message = match status.as_u16() {
        404 => m.not_found.clone(),
        405 => m.method_not_allowed.clone(),
        413 => m.body_too_large.clone(),
        500.. => m.unexpected.clone(),
        _ => m.invalid_input.clone(),
    };
    let (req, _) = res.into_parts();
    let response = error_body(HttpResponse::build(status), &message, []);
    Ok(ErrorHandlerResponse::Response(
        ServiceResponse::new(req, response).map_into_right_body(),
    ))
}

fn json_error(err: JsonPayloadError, _: &HttpRequest) -> actix_web::Error {
    let api = match &err {
        JsonPayloadError::OverflowKnownLength { .. } | JsonPayloadError::Overflow { .. } => {
            ApiError::PayloadTooLarge(catalog().messages.json_too_large.clone())
        }
        JsonPayloadError::ContentType => {
            ApiError::UnsupportedMediaType(catalog().messages.json_content_type.clone())
        }
        JsonPayloadError::Deserialize(e) => ApiError::BadRequest(
            catalog()
                .messages
                .invalid_json
                .with("detail", e.to_string()),
        ),
        other => ApiError::BadRequest(
            catalog()
                .messages
                .invalid_body
                .with("detail", other.to_string()),
        ),
    };
    HttpError::from(api).into()
}

fn query_error(err: QueryPayloadError, _: &HttpRequest) -> actix_web::Error {
    HttpError::from(ApiError::BadRequest(
        catalog()
            .messages
            .invalid_query
            .with("detail", err.to_string()),
    ))
    .into()
}

fn path_error(err: PathError, _: &HttpRequest) -> actix_web::Error {
    HttpError::from(ApiError::BadRequest(
        catalog()
            .messages
            .invalid_path
            .with("detail", err.to_string()),
    ))
    .into()
}
