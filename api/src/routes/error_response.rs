//! How an [`ApiError`] is answered over HTTP: its status, `Retry-After`, and the contract's JSON
//! error body in the language of the request.

use std::collections::BTreeMap;

use actix_web::{HttpResponse, HttpResponseBuilder, ResponseError, http::StatusCode};

use crate::error::ApiError;
use crate::i18n::Text;

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        if self.out_of_storage() {
            return StatusCode::SERVICE_UNAVAILABLE;
        }
        match self {
            ApiError::Validation(_) | ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) | ApiError::SecondFactor(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Unexpected(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let out_of_storage = self.out_of_storage();
        if let ApiError::Unexpected(cause) = self {
            if out_of_storage {
                tracing::warn!(error = %cause, "out of storage");
            } else {
                tracing::error!(error = ?cause, "unexpected error");
            }
        }
        let mut response = HttpResponse::build(self.status_code());
        match self {
            ApiError::TooManyRequests { retry_after, .. } => {
                response.insert_header(("Retry-After", retry_after.to_string()));
            }
            ApiError::Unavailable(_) => {
                response.insert_header(("Retry-After", "5"));
            }
            _ if out_of_storage => {
                response.insert_header(("Retry-After", "5"));
            }
            _ => {}
        }
        let fields = match self {
            ApiError::Validation(fields) => fields.iter().collect(),
            _ => Vec::new(),
        };
        let second_factor = matches!(self, ApiError::SecondFactor(_));
        write_body(
            response,
            self.message(),
            fields,
            second_factor.then_some(true),
        )
    }
}

/// The one way an error body is written: `{"message": "...", "errors": {"field": "..."}}`, in
/// the language of the request being answered.
pub fn error_body<'a>(
    response: HttpResponseBuilder,
    message: &Text,
    fields: impl IntoIterator<Item = &'a (String, Text)>,
) -> HttpResponse {
    write_body(response, message, fields, None)
}

fn write_body<'a>(
    mut response: HttpResponseBuilder,
    message: &Text,
    fields: impl IntoIterator<Item = &'a (String, Text)>,
    two_factor_required: Option<bool>,
) -> HttpResponse {
    let errors: BTreeMap<String, String> = fields
        .into_iter()
        .map(|(field, text)| (field.clone(), text.current().to_owned()))
        .collect();
    response.json(crate::error::ErrorBody {
        message: message.current().to_owned(),
        errors,
        two_factor_required,
    })
}
