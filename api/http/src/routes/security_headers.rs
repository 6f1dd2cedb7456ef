//! The security headers of the site and the admin. The site's script policy is in each page (a
//! `<meta>`, see `ssg::csp`), so that it travels to any CDN; what only a header can say is here.

use actix_web::http::header::{self, HeaderMap, HeaderName, HeaderValue};

use concierge_core::config::Settings;

/// Features no page of ours uses, turned off for the page and anything it embeds.
const PERMISSIONS: &str = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/// The admin app: scripts and styles of its own build only, never framed, no plugins, no
/// `<base>` tricks.
const ADMIN_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
    img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'; \
    object-src 'none'; base-uri 'none'; form-action 'self'";

/// Public pages: framed only by this site (the admin's preview), plus the common headers.
pub fn site(headers: &mut HeaderMap, settings: &Settings) {
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("frame-ancestors 'self'"),
    );
    headers.insert(
        header::X_FRAME_OPTIONS,
        HeaderValue::from_static("SAMEORIGIN"),
    );
    common(headers, settings);
}

/// The admin app and its files.
pub fn admin(headers: &mut HeaderMap, settings: &Settings) {
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(ADMIN_POLICY),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    common(headers, settings);
}

fn common(headers: &mut HeaderMap, settings: &Settings) {
    headers.insert(
        HeaderName::from_static("permissions-policy"),
        HeaderValue::from_static(PERMISSIONS),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    // Only over HTTPS: a browser told this over plain HTTP would lock a development site out.
    if settings.site_url.starts_with("https://") {
        headers.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000; includeSubDomains"),
        );
    }
}
