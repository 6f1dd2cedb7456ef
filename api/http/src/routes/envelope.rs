//! The response envelopes of the API contract, and the path id every resource parses.

use actix_web::HttpResponse;
use serde::Serialize;
use utoipa::ToSchema;

use crate::routes::error_response::Answer;
use concierge_core::error::ApiError;
use concierge_core::i18n::Text;

#[derive(Serialize, ToSchema)]
pub struct ListBody<T: ToSchema> {
    pub result: Vec<T>,
    #[serde(rename = "totalCount")]
    pub total_count: u64,
}

/// `{"responseBody": {"result": [...], "totalCount": N}}`
#[derive(Serialize, ToSchema)]
pub struct ListEnvelope<T: ToSchema> {
    #[serde(rename = "responseBody")]
    pub response_body: ListBody<T>,
}

/// `{"responseBody": [ {...} ], "message": "..."}` (no message on reads).
#[derive(Serialize, ToSchema)]
pub struct ItemEnvelope<T: ToSchema> {
    #[serde(rename = "responseBody")]
    pub response_body: Vec<T>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct DeletedId {
    pub id: i32,
}

/// `{"responseBody": {"id": N}, "message": "..."}`
#[derive(Serialize, ToSchema)]
pub struct DeletedEnvelope {
    #[serde(rename = "responseBody")]
    pub response_body: DeletedId,
    pub message: String,
}

pub use concierge_core::error::ErrorBody;

pub fn list<T: Serialize + ToSchema>(result: Vec<T>, total_count: u64) -> HttpResponse {
    HttpResponse::Ok().json(ListEnvelope {
        response_body: ListBody {
            result,
            total_count,
        },
    })
}

pub fn one<T: Serialize + ToSchema>(item: T) -> HttpResponse {
    HttpResponse::Ok().json(ItemEnvelope {
        response_body: vec![item],
        message: None,
    })
}

pub fn created<T: Serialize + ToSchema>(item: T, message: &Text) -> HttpResponse {
    HttpResponse::Created().json(ItemEnvelope {
        response_body: vec![item],
        message: Some(message.current().to_owned()),
    })
}

pub fn updated<T: Serialize + ToSchema>(item: T, message: &Text) -> HttpResponse {
    HttpResponse::Ok().json(ItemEnvelope {
        response_body: vec![item],
        message: Some(message.current().to_owned()),
    })
}

pub fn deleted(id: i32, message: &Text) -> HttpResponse {
    HttpResponse::Ok().json(DeletedEnvelope {
        response_body: DeletedId { id },
        message: message.current().to_owned(),
    })
}

/// A path id: a positive whole number, else 400. A whole number written with a zero fraction
/// (`16.0`) is the same number (JSON Schema counts it as an integer, and so do clients).
pub fn parse_id(raw: &str) -> Answer<i32> {
    let raw = raw.trim();
    let digits = match raw.split_once('.') {
        Some((whole, fraction)) if !fraction.is_empty() && fraction.bytes().all(|b| b == b'0') => {
            whole
        }
        _ => raw,
    };
    match digits.parse::<i32>() {
        Ok(id) if id > 0 => Ok(id),
        _ => Err(ApiError::validation(
            "id",
            concierge_core::domain::rules::catalog()
                .messages
                .invalid_id
                .clone(),
        )
        .into()),
    }
}

#[cfg(test)]
mod tests {
    use super::parse_id;

    #[test]
    fn ids_are_positive_whole_numbers() {
        assert_eq!(parse_id("42").unwrap(), 42);
        assert_eq!(parse_id("16.0").unwrap(), 16);
        for bad in [
            "0",
            "-1",
            "abc",
            "1.5",
            "1.",
            ".0",
            "0.0",
            "../etc/passwd",
            "99999999999",
            "",
        ] {
            assert!(parse_id(bad).is_err(), "{bad}");
        }
    }
}
