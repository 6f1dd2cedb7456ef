//! `/admin`: the built admin app (a single-page app: unknown paths get its `index.html`), and
//! `/admin/config.json`, the runtime settings it reads at start.

use actix_files::NamedFile;
use actix_web::http::header::{CACHE_CONTROL, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, get, web};

use crate::state::AppState;

/// What the admin app needs to know at run time.
#[get("/admin/config.json")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn config(state: web::Data<AppState>) -> HttpResponse {
    let s = &state.settings;
    HttpResponse::Ok()
        .insert_header((CACHE_CONTROL, "no-store"))
        .json(
            serde_json::json!({ "apiKey": s.api_key, "apiBase": "/api/v1", "siteUrl": s.site_url }),
        )
}

/// A file of the admin build, or its `index.html` for client-side routes.
pub async fn serve(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> actix_web::Result<HttpResponse> {
    let dir = &state.settings.admin_dir;
    let index = dir.join("index.html");
    if !index.is_file() {
        let mut response = HttpResponse::ServiceUnavailable()
            .content_type("text/plain; charset=utf-8")
            .body("The admin app is not built yet: run `just admin-build` (or `just up`).");
        super::security_headers::admin(response.headers_mut(), &state.settings);
        return Ok(response);
    }
    let rest = req.match_info().query("rest");
    let candidate = safe_join(dir, rest).filter(|p| p.is_file());
    let immutable = rest.starts_with("assets/");
    let file = NamedFile::open_async(candidate.unwrap_or(index)).await?;
    let mut response = file
        .use_etag(true)
        .use_last_modified(true)
        .into_response(&req);
    let cache = if immutable {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    response
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static(cache));
    super::security_headers::admin(response.headers_mut(), &state.settings);
    Ok(response)
}

/// `dir/rest` when `rest` is a plain relative path (no `..`, no absolute parts).
pub fn safe_join(dir: &std::path::Path, rest: &str) -> Option<std::path::PathBuf> {
    let mut path = dir.to_path_buf();
    for part in rest.split('/') {
        match part {
            "" | "." => {}
            ".." => return None,
            p if p.contains('\\') || p.contains('\0') => return None,
            p => path.push(p),
        }
    }
    Some(path)
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(config)
        .route("/admin", web::get().to(serve))
        .route("/admin", web::head().to(serve))
        .route("/admin/{rest:.*}", web::get().to(serve))
        .route("/admin/{rest:.*}", web::head().to(serve));
}

#[cfg(test)]
mod tests {
    use super::safe_join;
    use std::path::Path;

    #[test]
    fn paths_cannot_leave_the_directory() {
        assert_eq!(
            safe_join(Path::new("/d"), "assets/a.js"),
            Some("/d/assets/a.js".into())
        );
        assert_eq!(safe_join(Path::new("/d"), "a/../../etc/passwd"), None);
        assert_eq!(safe_join(Path::new("/d"), "..\\x"), None);
    }
}
