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

/// What [`IfMatch`] accepts, as the OpenAPI document declares it: a version as an entity tag
/// (`"3"`, `W/"3"`), bare (`3`), or `*`. Its quotes come in pairs: `8766"` is refused.
pub const IF_MATCH_PATTERN: &str = r#"^(W/)?"[1-9][0-9]{0,8}"$|^[1-9][0-9]{0,8}$|^\*$"#;

/// The `If-Match` header of a write: `"3"` (or `W/"3"`, or `3`); `*` and no header say nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct IfMatch(pub Option<i32>);

impl IfMatch {
    fn parse(raw: &str) -> Result<IfMatch, ApiError> {
        let raw = raw.trim();
        if raw == "*" {
            return Ok(IfMatch(None));
        }
        let quoted = raw.strip_prefix("W/").unwrap_or(raw);
        let tag = match quoted.strip_prefix('"') {
            Some(rest) => rest.strip_suffix('"').ok_or_else(invalid)?,
            None if quoted.len() == raw.len() => raw,
            None => return Err(invalid()),
        };
        // One to nine digits, the first not 0: `parse` would also take a sign or a leading zero.
        if !(1..=9).contains(&tag.len())
            || tag.starts_with('0')
            || !tag.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(invalid());
        }
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

#[cfg(test)]
mod tests {
    use super::{IF_MATCH_PATTERN, IfMatch};

    /// The OpenAPI document and the extractor say the same: every header the pattern allows is
    /// read as a version (or `*`), every other is refused with 400, so no schema-valid request is
    /// rejected and no refused one is declared valid.
    #[test]
    fn the_declared_pattern_is_what_the_extractor_accepts() {
        let pattern = regex_lite::Regex::new(IF_MATCH_PATTERN).unwrap();
        let samples = [
            r#""3""#,
            r#"W/"3""#,
            "3",
            "*",
            r#""123456789""#,
            "123456789",
            r#"8766""#,
            r#""8766"#,
            r#"W/8766"#,
            r#"W/"8766"#,
            "0",
            r#""0""#,
            "03",
            "-3",
            "+3",
            r#""""#,
            "",
            "W/",
            r#""3"""#,
            r#"" 3""#,
            "3 4",
            "1234567890",
            "a",
            r#"W/"*""#,
            "**",
        ];
        for sample in samples {
            let declared = pattern.is_match(sample);
            let read = IfMatch::parse(sample).is_ok();
            assert_eq!(
                declared, read,
                "If-Match: {sample:?}: pattern {declared}, parser {read}"
            );
        }
        assert_eq!(IfMatch::parse(r#"W/"42""#).unwrap().0, Some(42));
        assert_eq!(IfMatch::parse("*").unwrap().0, None);
    }
}
