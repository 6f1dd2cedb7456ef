//! Which version of a record a write was made from: `If-Match: "N"`, else `"version": N` in its
//! JSON body (the admin sends both). A write with neither is made as before (the
//! specification's client); one from another version than the record's is refused with 409 by
//! the content core, which checks and writes in one step.

use std::future::{Ready, ready};

use actix_web::http::header::{ETAG, HeaderValue};
use actix_web::{FromRequest, HttpRequest, HttpResponse, dev::Payload};
use serde_json::Value;

use crate::routes::error_response::{Answer, HttpError};
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;

fn invalid() -> ApiError {
    ApiError::validation("version", catalog().messages.version_invalid.clone())
}

/// The `If-Match` header of a write: `"3"` (or `W/"3"`, or `3`); `*` and no header say nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct IfMatch(pub Option<i32>);

impl IfMatch {
    fn parse(raw: &str) -> Result<IfMatch, ApiError> {
        let raw = raw.trim();
        if raw == "*" {
            return Ok(IfMatch(None));
        }
        let tag = raw.strip_prefix("W/").unwrap_or(raw);
        let tag = tag
            .strip_prefix('"')
            .and_then(|t| t.strip_suffix('"'))
            .unwrap_or(tag);
        match tag.parse::<i32>() {
            Ok(version) if version > 0 => Ok(IfMatch(Some(version))),
            _ => Err(invalid()),
        }
    }

    /// The version the write was made from: the header's, else `body`'s `version`.
    pub fn or_body(self, body: Option<&Value>) -> Answer<Option<i32>> {
        if self.0.is_some() {
            return Ok(self.0);
        }
        match body.and_then(|b| b.get("version")) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) => match n.as_i64().and_then(|v| i32::try_from(v).ok()) {
                Some(version) if version > 0 => Ok(Some(version)),
                _ => Err(invalid().into()),
            },
            Some(Value::String(s)) => Ok(IfMatch::parse(s)?.0),
            Some(_) => Err(invalid().into()),
        }
    }
}

impl FromRequest for IfMatch {
    type Error = HttpError;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let header = req.headers().get(actix_web::http::header::IF_MATCH);
        ready(match header {
            None => Ok(IfMatch(None)),
            Some(value) => value
                .to_str()
                .map_err(|_| invalid())
                .and_then(IfMatch::parse)
                .map_err(HttpError::from),
        })
    }
}

/// `response` with `ETag: "<version>"` of `record` (as administrators read it), if it has one.
pub fn with_etag(mut response: HttpResponse, record: &Value) -> HttpResponse {
    if let Some(version) = record.get("version").and_then(Value::as_i64)
        && let Ok(value) = HeaderValue::from_str(&format!("\"{version}\""))
    {
        response.headers_mut().insert(ETAG, value);
    }
    response
}
