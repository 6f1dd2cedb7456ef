//! The response envelopes of the API contract, and the helpers every resource shares.

use actix_web::HttpResponse;
use sea_orm::{
    ConnectionTrait, DatabaseTransaction, EntityTrait, PaginatorTrait, PrimaryKeyTrait,
    QuerySelect, Select, TransactionTrait,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::page::Page;
use crate::error::ApiError;
use crate::publish::{self, Action, Resource};
use crate::state::AppState;

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

/// The error body: `{"message": "...", "errors": {"field": "message"}}`.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    pub message: String,
    pub errors: std::collections::BTreeMap<String, String>,
}

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

pub fn created<T: Serialize + ToSchema>(item: T, message: &str) -> HttpResponse {
    HttpResponse::Created().json(ItemEnvelope {
        response_body: vec![item],
        message: Some(message.into()),
    })
}

pub fn updated<T: Serialize + ToSchema>(item: T, message: &str) -> HttpResponse {
    HttpResponse::Ok().json(ItemEnvelope {
        response_body: vec![item],
        message: Some(message.into()),
    })
}

pub fn deleted(id: i32, message: &str) -> HttpResponse {
    HttpResponse::Ok().json(DeletedEnvelope {
        response_body: DeletedId { id },
        message: message.into(),
    })
}

/// A path id: a positive whole number, else 400.
pub fn parse_id(raw: &str) -> Result<i32, ApiError> {
    match raw.trim().parse::<i32>() {
        Ok(id) if id > 0 => Ok(id),
        _ => Err(ApiError::validation(
            "id",
            "id must be a positive whole number",
        )),
    }
}

/// One page of `select` and the total count.
pub async fn page_of<E: EntityTrait>(
    db: &impl ConnectionTrait,
    select: Select<E>,
    page: Page,
) -> Result<(Vec<E::Model>, u64), ApiError>
where
    E::Model: Sync,
{
    let total = select.clone().count(db).await?;
    let items = if page.offset() >= total {
        Vec::new()
    } else {
        select
            .offset(page.offset())
            .limit(page.size)
            .all(db)
            .await?
    };
    Ok((items, total))
}

/// The row with this id, else 404 with `not_found`.
pub async fn find_one<E>(
    db: &impl ConnectionTrait,
    id: i32,
    not_found: &str,
) -> Result<E::Model, ApiError>
where
    E: EntityTrait,
    <E::PrimaryKey as PrimaryKeyTrait>::ValueType: From<i32>,
{
    E::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| ApiError::NotFound(not_found.into()))
}

/// A write to published content: one transaction that commits only together with its outbox
/// job, so nothing reaches the database without the site hearing of it.
pub struct Publishing<'a> {
    state: &'a AppState,
    pub txn: DatabaseTransaction,
}

impl<'a> Publishing<'a> {
    pub async fn begin(state: &'a AppState) -> Result<Self, ApiError> {
        Ok(Self {
            state,
            txn: state.db.write.begin().await?,
        })
    }

    /// The row with this id, read inside the transaction, else 404 with `not_found`.
    pub async fn find<E>(&self, id: i32, not_found: &str) -> Result<E::Model, ApiError>
    where
        E: EntityTrait,
        <E::PrimaryKey as PrimaryKeyTrait>::ValueType: From<i32>,
    {
        find_one::<E>(&self.txn, id, not_found).await
    }

    /// Adds the outbox job, commits, and wakes the publisher (and the public read cache).
    pub async fn finish(self, resource: Resource, id: i32, action: Action) -> Result<(), ApiError> {
        publish::enqueue(&self.txn, resource, id, action).await?;
        self.txn.commit().await?;
        self.state.read_cache.written();
        self.state.publish_wakeup.notify_one();
        Ok(())
    }
}

/// Deletes a published row (404 with `not_found` when it is not there) and tells the publisher.
pub async fn delete_published<E>(
    state: &AppState,
    id: i32,
    resource: Resource,
    not_found: &str,
    message: &str,
) -> Result<HttpResponse, ApiError>
where
    E: EntityTrait,
    <E::PrimaryKey as PrimaryKeyTrait>::ValueType: From<i32>,
{
    let write = Publishing::begin(state).await?;
    write.find::<E>(id, not_found).await?;
    E::delete_by_id(id).exec(&write.txn).await?;
    write.finish(resource, id, Action::Delete).await?;
    Ok(deleted(id, message))
}

#[cfg(test)]
mod tests {
    use super::parse_id;

    #[test]
    fn ids_are_positive_whole_numbers() {
        assert_eq!(parse_id("42").unwrap(), 42);
        for bad in ["0", "-1", "abc", "1.5", "../etc/passwd", "99999999999", ""] {
            assert!(parse_id(bad).is_err(), "{bad}");
        }
    }
}
