//! Around every request: its id (`X-Request-Id`, the client's own when sane, else a new one),
//! set as the current id for everything the request runs and queues, and sent back on the
//! answer; its count and duration for `GET /metrics`, by the route the router matched (a site
//! page, an unknown path: fixed names, so the series stay bounded whatever visitors ask for);
//! and a log line (at `info` for the API and the admin, `debug` for pages, files and the health
//! and metrics probes).

use std::borrow::Cow;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpMessage, HttpRequest, web};

use crate::auth::Admin;
use crate::state::AppState;
use concierge_core::metrics::method_label;
use concierge_core::request_id::RequestId;

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The route label of a request: the router's pattern where one matched, else its area.
fn route_of(req: &HttpRequest, site: bool) -> Cow<'static, str> {
    if site {
        return Cow::Borrowed("site");
    }
    match req.match_pattern() {
        Some(pattern) if pattern.starts_with('/') && pattern != "/api/v1" => Cow::Owned(pattern),
        _ => Cow::Borrowed(area(req.path())),
    }
}

/// A fixed name for a path no route's pattern matched.
fn area(path: &str) -> &'static str {
    match path {
        p if p.starts_with("/api/") => "/api (no route)",
        p if p.starts_with("/admin") => "/admin",
        _ => "site",
    }
}

pub async fn observe(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let id = req
        .headers()
        .get(&REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .and_then(RequestId::sane)
        .unwrap_or_default();
    let site = crate::routes::site::is_site_path(req.path());
    let method = method_label(req.method().as_str());
    let state = req.app_data::<web::Data<AppState>>().cloned();
    // The router needs the request to itself while it routes (it must not be cloned before):
    // the path is kept for an error a middleware returns instead of an answer.
    let path = (!site).then(|| req.path().to_owned());
    let header = HeaderValue::from_str(id.as_str()).ok();
    id.scope(async move {
        let counting = state.as_ref().is_some_and(|s| s.settings.metrics);
        let outcome = next.call(req).await;
        let took = started.elapsed();
        let (route, status, actor) = match &outcome {
            Ok(res) => (
                route_of(res.request(), site),
                res.status().as_u16(),
                (!site)
                    .then(|| {
                        res.request()
                            .extensions()
                            .get::<Admin>()
                            .map(|a| a.username.clone())
                    })
                    .flatten(),
            ),
            Err(e) => (
                Cow::Borrowed(area(path.as_deref().unwrap_or("/"))),
                e.as_response_error().status_code().as_u16(),
                None,
            ),
        };
        if !site {
            let ms = (took.as_secs_f64() * 1e6).round() / 1000.0;
            // Files, and the probes a load balancer or Prometheus sends every few seconds.
            if route.starts_with("/media") || matches!(&*route, "/healthz" | "/readyz" | "/metrics")
            {
                tracing::debug!(%route, method, status, ms, actor, "answered");
            } else {
                tracing::info!(%route, method, status, ms, actor, "answered");
            }
        }
        if let Some(state) = state.as_ref().filter(|_| counting) {
            state.metrics.observe_request(route, method, status, took);
        }
        match outcome {
            Ok(mut res) => {
                if let Some(header) = header {
                    res.headers_mut().insert(REQUEST_ID, header);
                }
                Ok(res)
            }
            // A middleware's refusal (a missing API key, a bad token) is answered by its
            // error's own response: the same, with the id.
            Err(e) => {
                let mut response = e.error_response();
                if let Some(header) = header {
                    response.headers_mut().insert(REQUEST_ID, header);
                }
                Err(actix_web::error::InternalError::from_response(e.to_string(), response).into())
            }
        }
    })
    .await
}
