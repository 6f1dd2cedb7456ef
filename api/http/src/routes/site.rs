//! Everything outside `/api`, `/admin` and `/media`: the generated site, with pretty URLs
//! (`/about` → `about/index.html`) and the designed `404.html` (Arabic under `/ar/`) served
//! with status 404.

use actix_files::NamedFile;
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpRequest, HttpResponse, web};

use crate::page_cache::Answer;
use crate::state::AppState;
use concierge_publish::site::Output;

/// Fingerprinted files: their name changes with their bytes.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Pages, feeds and sitemaps when every publish purges what it changed: the edge keeps them for
/// a year (until purged), browsers revalidate each time, and the edge serves a stale copy for a
/// minute while it revalidates, and for a week while the origin fails.
const PURGED: &str =
    "public, max-age=0, s-maxage=31536000, stale-while-revalidate=60, stale-if-error=604800";
/// The same without purging: the edge keeps them for a minute.
const UNPURGED: &str =
    "public, max-age=0, s-maxage=60, stale-while-revalidate=60, stale-if-error=604800";

fn cache_control(file: &str, purging: bool) -> &'static str {
    if file.starts_with("assets/") {
        IMMUTABLE
    } else if purging {
        PURGED
    } else {
        UNPURGED
    }
}

/// The file's surrogate keys, in each header an edge reads them from: `Surrogate-Key` (Fastly),
/// `xkey` (Varnish), space-separated, and `Cache-Tag` (Cloudflare), comma-separated.
fn surrogate_keys(headers: &mut header::HeaderMap, file: &str, wanted: Option<&str>) {
    let mut keys = ssg::edge::keys(file).to_vec();
    if let Some(wanted) = wanted {
        keys.insert(0, ssg::edge::file_key(wanted));
    }
    key_headers(headers, &keys);
}

/// `keys` in the headers of [`surrogate_keys`].
pub(crate) fn key_headers(headers: &mut header::HeaderMap, keys: &[String]) {
    if let Ok(spaced) = HeaderValue::from_str(&keys.join(" ")) {
        headers.insert(
            header::HeaderName::from_static("surrogate-key"),
            spaced.clone(),
        );
        headers.insert(header::HeaderName::from_static("xkey"), spaced);
    }
    if let Ok(tags) = HeaderValue::from_str(&keys.join(",")) {
        headers.insert(header::HeaderName::from_static("cache-tag"), tags);
    }
}

fn content_type(file: &str) -> &'static str {
    match file.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "xml" => {
            if file.ends_with("feed.xml") {
                "application/atom+xml; charset=utf-8"
            } else {
                "application/xml; charset=utf-8"
            }
        }
        "txt" => "text/plain; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "ico" => "image/x-icon",
        _ => "application/octet-stream",
    }
}

/// The first path segments that name the server's other services (`startup` registers each
/// under one of these); every other path is the site's. A new service outside them adds its
/// segment here, or the site answers its paths (its own tests then see the site's 404).
const NOT_SITE: [&str; 7] = [
    "api",
    "admin",
    "media",
    "healthz",
    "readyz",
    "metrics",
    "__livereload",
];

/// Whether `path` (as the request has it) can only be the site's, so that it goes straight to
/// [`serve`] instead of past every other route's pattern first (their regular expressions were
/// 4.5 % of a static page's samples). A first segment that holds an escape goes the long way:
/// the router may read it as one of [`NOT_SITE`].
pub fn is_site_path(path: &str) -> bool {
    let first = path
        .trim_start_matches('/')
        .split('/')
        .next()
        .unwrap_or_default();
    !first.contains('%') && !NOT_SITE.contains(&first)
}

pub async fn serve(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return HttpResponse::MethodNotAllowed()
            .insert_header((header::ALLOW, "GET, HEAD"))
            .finish();
    }
    // Browsers send non-ASCII paths (Arabic slugs) percent-encoded; files are named in UTF-8.
    let Ok(decoded) = percent_encoding::percent_decode_str(req.path()).decode_utf8() else {
        return not_found(&state, &req, false, None).await;
    };
    let path: &str = &decoded;
    if path.len() > 1 && path.ends_with('/') {
        // Redirects stay on this origin: `//host/` or `/\host/` must not become `//host`.
        let trimmed = req
            .path()
            .trim_end_matches('/')
            .trim_start_matches(['/', '\\']);
        let location = format!("/{trimmed}");
        let location = match req.query_string() {
            "" => location,
            q => format!("{location}?{q}"),
        };
        return HttpResponse::MovedPermanently()
            .insert_header((header::LOCATION, location))
            .finish();
    }
    let arabic = path == "/ar" || path.starts_with("/ar/");
    let file = ssg::routes::file_for_url(path);
    if let Some(file) = &file
        && let Some(response) = respond(&state, &req, file, StatusCode::OK, None).await
    {
        return response;
    }
    not_found(&state, &req, arabic, file.as_deref()).await
}

/// The designed 404 page in the visitor's language. It carries the key of the file the URL
/// asked for (`wanted`), so the publish that writes that file later (a new blog, one published
/// again) purges the 404 an edge cached there.
async fn not_found(
    state: &AppState,
    req: &HttpRequest,
    arabic: bool,
    wanted: Option<&str>,
) -> HttpResponse {
    let page = if arabic { "ar/404.html" } else { "404.html" };
    match respond(state, req, page, StatusCode::NOT_FOUND, wanted).await {
        Some(response) => response,
        None if !state.publisher.is_current().await => HttpResponse::ServiceUnavailable()
            .insert_header((header::RETRY_AFTER, "2"))
            .content_type("text/plain; charset=utf-8")
            .body("The site is being published. Please try again in a moment."),
        None => HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("Not found"),
    }
}

async fn respond(
    state: &AppState,
    req: &HttpRequest,
    file: &str,
    status: StatusCode,
    wanted: Option<&str>,
) -> Option<HttpResponse> {
    let mut response = match state.publisher.output() {
        Output::Dir(dir) => {
            // Read before the file is looked at (the cache's rule).
            let changes = state.publisher.files_changed();
            let answer =
                state
                    .page_cache
                    .respond(req, dir, file, status, content_type(file), changes);
            match answer {
                Answer::Response(response) => response,
                Answer::Stream => stream(req, &dir.join(file), file, status).await?,
                Answer::Missing => return None,
            }
        }
        Output::Store(store) => {
            let bytes = store.read(file).await.ok().flatten()?;
            HttpResponse::build(status)
                .insert_header((header::CONTENT_TYPE, content_type(file)))
                .body(bytes)
        }
    };
    let headers = response.headers_mut();
    // A 404 is cached a minute at most (a URL no file serves yet; its keys name the file it
    // asked for, so the publish that writes that file purges it sooner).
    let purging = state.settings.cdn_purge.is_some() && status == StatusCode::OK;
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(cache_control(file, purging)),
    );
    if !file.starts_with("assets/") {
        surrogate_keys(headers, file, wanted);
    }
    super::security_headers::site(headers, &state.settings);
    Some(response)
}

/// A large file, or a range of one, streamed from disk by `actix-files`.
async fn stream(
    req: &HttpRequest,
    path: &std::path::Path,
    file: &str,
    status: StatusCode,
) -> Option<HttpResponse> {
    let named = NamedFile::open_async(path).await.ok()?;
    let mut response = named
        .use_etag(status == StatusCode::OK)
        .use_last_modified(status == StatusCode::OK)
        .set_content_type(content_type(file).parse().ok()?)
        .into_response(req);
    if status != StatusCode::OK {
        *response.status_mut() = status;
    }
    Some(response)
}

/// `GET /__livereload` (watch mode only): an event stream that says `reload` after each rebuild.
#[actix_web::get("/__livereload")]
pub async fn live_reload(state: web::Data<AppState>) -> HttpResponse {
    if !state.settings.watch {
        return HttpResponse::NotFound().finish();
    }
    let rx = state.live_reload.subscribe();
    let events = futures_util::stream::unfold(rx, |mut rx| async move {
        loop {
            match rx.recv().await {
                Ok(()) => {
                    return Some((
                        Ok::<_, actix_web::Error>(web::Bytes::from_static(b"data: reload\n\n")),
                        rx,
                    ));
                }
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/event-stream"))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        // Not compressed: a compressor would hold events back until its buffer fills.
        .insert_header((header::CONTENT_ENCODING, "identity"))
        .streaming(events)
}

#[cfg(test)]
mod tests {
    use super::is_site_path;

    #[test]
    fn only_paths_no_other_service_can_match_are_the_sites() {
        for path in [
            "/",
            "/about",
            "/ar/about",
            "/blogs/2",
            "/ar",
            "/adminx",
            "/apis",
            "/x/api",
        ] {
            assert!(is_site_path(path), "{path}");
        }
        for path in [
            "/api",
            "/api/v1/blog",
            "/api/docs/",
            "/admin",
            "/admin/login",
            "/media/a.webp",
            "/healthz",
            "/__livereload",
            "/%61dmin",
            "/%2561pi",
        ] {
            assert!(!is_site_path(path), "{path}");
        }
    }
}
