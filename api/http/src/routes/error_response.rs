//! How an [`ApiError`] is answered over HTTP: its status, `Retry-After`, and the contract's JSON
//! error body in the language of the request.
//!
//! `ResponseError` is actix's and `ApiError` is the domain's, so the answer is given by a newtype
//! of this layer, [`HttpError`]; every error a handler's `?` meets converts into it, through
//! `ApiError` and `system::classify` (a database that is down answers 503, not 500).

use std::collections::BTreeMap;
use std::fmt;

use actix_web::{HttpResponse, HttpResponseBuilder, ResponseError, http::StatusCode};

use concierge_core::error::{ApiError, ErrorBody};
use concierge_core::i18n::Text;

/// What a handler answers with when it fails.
pub type Answer<T = HttpResponse> = Result<T, HttpError>;

/// An [`ApiError`] on its way out as an HTTP answer.
#[derive(Debug)]
pub struct HttpError(ApiError);

impl<E: Into<ApiError>> From<E> for HttpError {
    fn from(err: E) -> Self {
        HttpError(concierge_app::system::classify(err.into()))
    }
}

impl fmt::Display for HttpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl ResponseError for HttpError {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.0.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    fn error_response(&self) -> HttpResponse {
        match &self.0 {
            ApiError::StorageFailed(cause) => tracing::warn!(error = %cause, "storage failed"),
            ApiError::Unexpected(cause) => tracing::error!(error = ?cause, "unexpected error"),
            _ => {}
        }
        let mut response = HttpResponse::build(self.status_code());
        if let Some(seconds) = self.0.retry_after() {
            response.insert_header(("Retry-After", seconds.to_string()));
        }
        let second_factor = matches!(self.0, ApiError::SecondFactor(_));
        let mut body = body_of(
            self.0.message(),
            self.0.fields(),
            second_factor.then_some(true),
        );
        body.conflict = self.0.conflict().cloned();
        response.json(body)
    }
}

/// The one way an error body is written: `{"message": "...", "errors": {"field": "..."}}`, in
/// the language of the request being answered.
pub fn error_body<'a>(
    mut response: HttpResponseBuilder,
    message: &Text,
    fields: impl IntoIterator<Item = &'a (String, Text)>,
) -> HttpResponse {
    response.json(body_of(message, fields, None))
}

fn body_of<'a>(
    message: &Text,
    fields: impl IntoIterator<Item = &'a (String, Text)>,
    two_factor_required: Option<bool>,
) -> ErrorBody {
    let errors: BTreeMap<String, String> = fields
        .into_iter()
        .map(|(field, text)| (field.clone(), text.current().to_owned()))
        .collect();
    ErrorBody {
        message: message.current().to_owned(),
        errors,
        two_factor_required,
        conflict: None,
    }
}
