//! `ApiError`: every failure of the API, and the contract's JSON error body
//! `{"message": "...", "errors": {"field": "message"}}` it becomes (written by
//! `routes::error_response`, the only part that knows HTTP).

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::rules::catalog;
use crate::i18n::Text;

/// Field errors in the order the rules ran; the first one is the headline message.
#[derive(Debug, Default, Clone)]
pub struct FieldErrors {
    fields: Vec<(String, Text)>,
    /// The body's `message` when it differs from the first field's inline message.
    headline: Option<Text>,
}

impl FieldErrors {
    /// Records `message` for `field` unless that field already failed an earlier rule.
    pub fn add(&mut self, field: &str, message: Text) {
        if !self.has(field) {
            self.fields.push((field.to_owned(), message));
        }
    }

    /// Like [`FieldErrors::add`], but the body's `message` says `headline` if this field fails
    /// first (the specification shows some rules inline with one text and as a toast with another).
    pub fn add_with_headline(&mut self, field: &str, message: Text, headline: Text) {
        if self.fields.is_empty() {
            self.headline = Some(headline);
        }
        self.add(field, message);
    }

    /// Sets the body's `message`, whatever failed first.
    pub fn with_headline(mut self, headline: Text) -> Self {
        self.headline = Some(headline);
        self
    }

    /// The message of the first failure.
    pub fn headline(&self) -> &Text {
        self.headline
            .as_ref()
            .or_else(|| self.fields.first().map(|(_, m)| m))
            .unwrap_or(&catalog().messages.invalid_input)
    }

    pub fn has(&self, field: &str) -> bool {
        self.fields.iter().any(|(f, _)| f == field)
    }

    pub fn iter(&self) -> impl Iterator<Item = &(String, Text)> {
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
    BadRequest(Text),
    #[error("{0}")]
    Unauthorized(Text),
    /// 401 to a sign-in whose password was right: its second factor is missing or wrong.
    #[error("{0}")]
    SecondFactor(Text),
    /// 403: who the administrator is, is known; this is not theirs to do.
    #[error("{0}")]
    Forbidden(Text),
    #[error("{0}")]
    NotFound(Text),
    #[error("{0}")]
    Conflict(Text),
    #[error("{0}")]
    PayloadTooLarge(Text),
    #[error("{0}")]
    UnsupportedMediaType(Text),
    #[error("{message}")]
    TooManyRequests { message: Text, retry_after: u64 },
    /// The database (or another dependency) is down; the request may be retried.
    #[error("{0}")]
    Unavailable(Text),
    /// A bug or an unexpected failure: logged with its cause chain, answered with a generic 500.
    #[error("{}", catalog().messages.unexpected)]
    Unexpected(#[source] anyhow::Error),
}

impl ApiError {
    /// A failure from code that reports with `anyhow`: a database error keeps its meaning
    /// (503 when the database is down), anything else is unexpected.
    pub fn from_anyhow(err: anyhow::Error) -> Self {
        match err.downcast::<sea_orm::DbErr>() {
            Ok(db) => db.into(),
            Err(other) => ApiError::Unexpected(other),
        }
    }

    pub fn validation(field: &str, message: Text) -> Self {
        let mut errors = FieldErrors::default();
        errors.add(field, message);
        ApiError::Validation(errors)
    }

    /// The database or another dependency is down.
    pub fn unavailable() -> Self {
        ApiError::Unavailable(catalog().messages.unavailable.clone())
    }

    /// An unexpected failure whose cause is a full disk (`ENOSPC`, `EDQUOT`, or the database
    /// saying so): nothing was kept, and a retry once space is freed succeeds, so it is answered
    /// 503 like an unavailable database, never 500.
    pub fn out_of_storage(&self) -> bool {
        let ApiError::Unexpected(cause) = self else {
            return false;
        };
        cause.chain().any(|e| {
            e.downcast_ref::<std::io::Error>().is_some_and(|io| {
                matches!(
                    io.kind(),
                    std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded
                )
            }) || e
                .downcast_ref::<sea_orm::DbErr>()
                .is_some_and(crate::store::is_storage_full)
        })
    }

    /// The message in the language of the request being answered.
    pub fn message(&self) -> &Text {
        if self.out_of_storage() {
            return &catalog().messages.unavailable;
        }
        match self {
            ApiError::Validation(fields) => fields.headline(),
            ApiError::BadRequest(m)
            | ApiError::Unauthorized(m)
            | ApiError::SecondFactor(m)
            | ApiError::Forbidden(m)
            | ApiError::NotFound(m)
            | ApiError::Conflict(m)
            | ApiError::PayloadTooLarge(m)
            | ApiError::UnsupportedMediaType(m)
            | ApiError::TooManyRequests { message: m, .. }
            | ApiError::Unavailable(m) => m,
            ApiError::Unexpected(_) => &catalog().messages.unexpected,
        }
    }
}

/// 429 to a visitor past `CONCIERGE_FORM_LIMIT`, saying when to try again.
pub fn too_many_submissions(retry_after: u64) -> ApiError {
    let minutes = retry_after.div_ceil(60);
    ApiError::TooManyRequests {
        message: catalog()
            .messages
            .too_many_submissions
            .with("duration", crate::i18n::minutes(minutes)),
        retry_after,
    }
}

impl From<sea_orm::DbErr> for ApiError {
    fn from(err: sea_orm::DbErr) -> Self {
        if crate::store::is_unavailable(&err) {
            tracing::warn!(error = %err, "database unavailable");
            ApiError::unavailable()
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

/// The error body: `{"message": "...", "errors": {"field": "message"}}`.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    pub message: String,
    pub errors: BTreeMap<String, String>,
    /// Only on a sign-in whose password was right for an account with two-factor sign-in on:
    /// send the code as well (or the code sent was wrong).
    #[serde(rename = "twoFactorRequired", skip_serializing_if = "Option::is_none")]
    pub two_factor_required: Option<bool>,
}
