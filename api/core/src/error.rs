//! `ApiError`: every failure of the API, and the contract's JSON error body
//! `{"message": "...", "errors": {"field": "message"}}` it becomes (written by
//! `routes::error_response`, the only part that knows HTTP).

use std::collections::BTreeMap;
use std::fmt;

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

    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
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

/// Every failure of the API. It deliberately does not implement `std::error::Error`: that is
/// what lets any error (`?` on a database call, an I/O error, `anyhow`) become
/// [`ApiError::Unexpected`] through the one blanket `From` below, with no crate of the workspace
/// naming the others' error types here. What an unexpected error really means (the database
/// is down, the disk is full) is decided where it leaves the process, by `store::classify`.
#[derive(Debug)]
pub enum ApiError {
    /// 400 with per-field messages.
    Validation(FieldErrors),
    /// 400 about the request as a whole (malformed JSON, bad query values).
    BadRequest(Text),
    Unauthorized(Text),
    /// 401 to a sign-in whose password was right: its second factor is missing or wrong.
    SecondFactor(Text),
    /// 403: who the administrator is, is known; this is not theirs to do.
    Forbidden(Text),
    /// 403 naming the fields this administrator may not change (a translator's save that
    /// changes more than the Arabic twins).
    ForbiddenFields(FieldErrors),
    NotFound(Text),
    Conflict(Text),
    /// 409: the write was made from a copy older than the record (its version), and nothing
    /// was written. The conflict says what changed since.
    Stale(Box<serde_json::Value>),
    PayloadTooLarge(Text),
    UnsupportedMediaType(Text),
    TooManyRequests {
        message: Text,
        retry_after: u64,
    },
    /// The database (or another dependency) is down; the request may be retried.
    Unavailable(Text),
    /// The disk failed: it is full (`ENOSPC`, `EDQUOT`), read-only, answered `EIO`, refused the
    /// server its own files (`EACCES`, `EPERM`, `EBUSY`), or no file could be opened (`EMFILE`,
    /// `ENFILE`), or the database said so. Nothing was kept, and a retry once the disk is back
    /// succeeds, so it is answered 503 like an unavailable database (an operator is told by
    /// the logs and `/readyz`, not the visitor by a 500).
    StorageFailed(anyhow::Error),
    /// A bug or an unexpected failure: logged with its cause chain, answered with a generic 500.
    Unexpected(anyhow::Error),
}

impl<E: Into<anyhow::Error>> From<E> for ApiError {
    fn from(err: E) -> Self {
        ApiError::Unexpected(err.into())
    }
}

/// Linux's `errno` values for a disk that failed (`EIO`) and for no descriptor left (`ENFILE`,
/// `EMFILE`); the product runs on Linux.
const EIO: i32 = 5;
const EFAULT: i32 = 14;
const ENOTDIR: i32 = 20;
const EISDIR: i32 = 21;
const ENOTEMPTY: i32 = 39;
const ENFILE: i32 = 23;
const EMFILE: i32 = 24;

/// The OS error code of an I/O error, also where a wrapper kept only its text: `tempfile`'s
/// path errors and `object_store`'s local errors end with "(os error N)".
fn os_code(io: &std::io::Error) -> Option<i32> {
    io.raw_os_error().or_else(|| {
        let text = io.get_ref()?.to_string();
        let at = text.rfind("(os error ")? + "(os error ".len();
        text[at..].split(')').next()?.parse().ok()
    })
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message().current())
    }
}

impl ApiError {
    pub fn validation(field: &str, message: Text) -> Self {
        let mut errors = FieldErrors::default();
        errors.add(field, message);
        ApiError::Validation(errors)
    }

    /// The database or another dependency is down.
    pub fn unavailable() -> Self {
        ApiError::Unavailable(catalog().messages.unavailable.clone())
    }

    /// An unexpected failure whose cause, somewhere in its chain, is an I/O error saying the
    /// disk failed (see [`ApiError::StorageFailed`]); `store::classify` adds the database's own
    /// ways of saying so.
    pub fn io_storage_failed(cause: &anyhow::Error) -> bool {
        use std::io::ErrorKind;
        cause.chain().any(|e| {
            e.downcast_ref::<std::io::Error>().is_some_and(|io| {
                matches!(
                    io.kind(),
                    ErrorKind::StorageFull
                        | ErrorKind::QuotaExceeded
                        | ErrorKind::ReadOnlyFilesystem
                        | ErrorKind::PermissionDenied
                        | ErrorKind::ResourceBusy
                        | ErrorKind::CrossesDevices
                        | ErrorKind::TooManyLinks
                        | ErrorKind::FileTooLarge
                        | ErrorKind::StaleNetworkFileHandle
                        // A rename onto a path the disk holds as a folder (fiu-run's rename
                        // point gives any errno rename may: these among them).
                        | ErrorKind::DirectoryNotEmpty
                        | ErrorKind::IsADirectory
                        | ErrorKind::NotADirectory
                ) || os_code(io).is_some_and(|code| {
                    matches!(
                        code,
                        EIO | EFAULT | ENOTDIR | EISDIR | ENFILE | EMFILE | ENOTEMPTY
                    )
                })
            })
        })
    }

    /// The HTTP status of this kind of failure, as a number (`http` answers with it).
    pub fn status(&self) -> u16 {
        match self {
            ApiError::Validation(_) | ApiError::BadRequest(_) => 400,
            ApiError::Unauthorized(_) | ApiError::SecondFactor(_) => 401,
            ApiError::Forbidden(_) | ApiError::ForbiddenFields(_) => 403,
            ApiError::NotFound(_) => 404,
            ApiError::Conflict(_) | ApiError::Stale(_) => 409,
            ApiError::PayloadTooLarge(_) => 413,
            ApiError::UnsupportedMediaType(_) => 415,
            ApiError::TooManyRequests { .. } => 429,
            ApiError::Unavailable(_) | ApiError::StorageFailed(_) => 503,
            ApiError::Unexpected(_) => 500,
        }
    }

    /// The `Retry-After` seconds to send with the answer, if any.
    pub fn retry_after(&self) -> Option<u64> {
        match self {
            ApiError::TooManyRequests { retry_after, .. } => Some(*retry_after),
            ApiError::Unavailable(_) | ApiError::StorageFailed(_) => Some(5),
            _ => None,
        }
    }

    /// The per-field messages of a validation failure (none for the others).
    pub fn fields(&self) -> Vec<&(String, Text)> {
        match self {
            ApiError::Validation(fields) | ApiError::ForbiddenFields(fields) => {
                fields.iter().collect()
            }
            _ => Vec::new(),
        }
    }

    /// What changed since a stale copy was read (a [`ApiError::Stale`] only).
    pub fn conflict(&self) -> Option<&serde_json::Value> {
        match self {
            ApiError::Stale(conflict) => Some(conflict),
            _ => None,
        }
    }

    /// The message in the language of the request being answered.
    pub fn message(&self) -> &Text {
        match self {
            ApiError::Validation(fields) => fields.headline(),
            ApiError::ForbiddenFields(_) => &catalog().accounts.forbidden,
            ApiError::Stale(_) => &catalog().messages.stale,
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
            ApiError::StorageFailed(_) => &catalog().messages.unavailable,
            ApiError::Unexpected(_) => &catalog().messages.unexpected,
        }
    }

    /// For code that reports with `anyhow` (the command line): the cause of an unexpected
    /// failure, else the message.
    pub fn into_anyhow(self) -> anyhow::Error {
        match self {
            ApiError::Unexpected(cause) | ApiError::StorageFailed(cause) => cause,
            other => anyhow::anyhow!("{other}"),
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
            .with("duration", crate::domain::rules::minutes(minutes)),
        retry_after,
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
    /// Only on a write from a stale copy (409): the version now, who made the writes since,
    /// when, which fields they changed, and the current record.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub conflict: Option<serde_json::Value>,
}
