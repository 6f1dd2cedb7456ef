//! The language of every answer: `Accept-Language` picks English or Arabic for the request
//! being answered (see [`concierge_core::i18n`]).

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::error::InternalError;
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;

use concierge_core::i18n::Lang;

/// Middleware: answers the request in the language it asks for. It runs around every route, so
/// an error that an inner layer returns is rendered here, inside the language's scope (the
/// framework would otherwise render it later, outside it).
pub async fn answer_in_requested_language(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let lang = Lang::from_accept_language(
        req.headers()
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok()),
    );
    // What an API response says depends on the language asked for; a page does not.
    let vary = |headers: &mut header::HeaderMap| {
        headers.append(header::VARY, HeaderValue::from_static("accept-language"));
    };
    let is_api = req.path().starts_with("/api/");
    match lang.scope(next.call(req)).await {
        Ok(mut response) => {
            if is_api {
                vary(response.headers_mut());
            }
            Ok(response)
        }
        Err(err) => {
            let mut response = lang.sync_scope(|| err.as_response_error().error_response());
            if is_api {
                vary(response.headers_mut());
            }
            Err(InternalError::from_response(err.to_string(), response).into())
        }
    }
}
