//! `ApiError`: every failure of the API, rendered as the contract's JSON error body
//! `{"message": "...", "errors": {"field": "message"}}`.

use actix_web::{HttpResponse, ResponseError, http::StatusCode};

/// Field errors in the order the rules ran; the first one is the headline message.
#[derive(Debug, Default, Clone)]
pub struct FieldErrors {
    fields: Vec<(String, String)>,
    /// The body's `message` when it differs from the first field's inline message.
    headline: Option<String>,
}

impl FieldErrors {
    /// Records `message` for `field` unless that field already failed an earlier rule.
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        if !self.has(field) {
            self.fields.push((field.to_owned(), message.into()));
        }
    }

    /// Like [`FieldErrors::add`], but the body's `message` says `headline` if this field fails
    /// first (the specification shows some rules inline with one text and as a toast with another).
    pub fn add_with_headline(&mut self, field: &str, message: impl Into<String>, headline: &str) {
        if self.fields.is_empty() {
            self.headline = Some(headline.to_owned());
        }
        self.add(field, message);
    }

    /// Sets the body's `message`, whatever failed first.
    pub fn with_headline(mut self, headline: impl Into<String>) -> Self {
        self.headline = Some(headline.into());
        self
    }

    /// The message of the first failure.
    pub fn headline(&self) -> &str {
        self.headline
            .as_deref()
            .or_else(|| self.fields.first().map(|(_, m)| m.as_str()))
            .unwrap_or("Invalid input")
    }

    pub fn has(&self, field: &str) -> bool {
        self.fields.iter().any(|(f, _)| f == field)
    }

    pub fn iter(&self) -> impl Iterator<Item = &(String, String)> {
        self.fields.iter()
    }

    /// `Ok(())` when nothing failed, else a 400 whose message is the first failure.
    pub fn into_result(self) -> Result<(), ApiError> {
        if self.fields.is_empty() {
            Ok(())
        } else {
            Err(ApiError::Validation(self))
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400 with per-field messages.
    #[error("{}", .0.headline())]
    Validation(FieldErrors),
    /// 400 about the request as a whole (malformed JSON, bad query values).
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("{message}")]
    TooManyRequests { message: String, retry_after: u64 },
    /// The database (or another dependency) is down; the request may be retried.
    #[error("{0}")]
    Unavailable(String),
    /// A bug or an unexpected failure: logged with its cause chain, answered with a generic 500.
    #[error("Something went wrong. Please try again.")]
    Unexpected(#[source] anyhow::Error),
}

pub const UNAVAILABLE: &str =
    "The service is temporarily unavailable. Please try again in a moment.";

impl ApiError {
    pub fn validation(field: &str, message: impl Into<String>) -> Self {
        let mut errors = FieldErrors::default();
        errors.add(field, message);
        ApiError::Validation(errors)
    }
}

impl From<sea_orm::DbErr> for ApiError {
    fn from(err: sea_orm::DbErr) -> Self {
        if crate::store::is_unavailable(&err) {
            tracing::warn!(error = %err, "database unavailable");
            ApiError::Unavailable(UNAVAILABLE.into())
        } else {
            ApiError::Unexpected(err.into())
        }
    }
}

impl From<sea_orm::TransactionError<ApiError>> for ApiError {
    fn from(err: sea_orm::TransactionError<ApiError>) -> Self {
        match err {
            sea_orm::TransactionError::Connection(e) => e.into(),
            sea_orm::TransactionError::Transaction(e) => e,
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::Validation(_) | ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
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
        if let ApiError::Unexpected(cause) = self {
            tracing::error!(error = ?cause, "unexpected error");
        }
        let mut errors = serde_json::Map::new();
        if let ApiError::Validation(fields) = self {
            for (field, message) in fields.iter() {
                errors.insert(field.clone(), message.clone().into());
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
            _ => {}
        }
        response.json(serde_json::json!({ "message": self.to_string(), "errors": errors }))
    }
}
