//! Newsletter subscribers: an address subscribed once however often it is sent, the list
//! newest first, and a delete with its audit line, in the caller's transaction.

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde_json::json;

use crate::audit::Event;
use crate::entities::subscription;
use concierge_core::error::ApiError;

/// Deletes the subscriber `id` and records it (when they subscribed, not their address: a
/// delete may be someone's wish to be forgotten). Whether there was one.
pub async fn delete(db: &impl ConnectionTrait, id: i32) -> Result<bool, ApiError> {
    let Some(row) = subscription::Entity::find_by_id(id).one(db).await? else {
        return Ok(false);
    };
    let removed = subscription::Entity::delete_by_id(id).exec(db).await?;
    if removed.rows_affected == 0 {
        return Ok(false);
    }
    Event::new("subscriber.deleted")
        .on("subscription", id)
        .detail(json!({ "subscribed_at": row.created_at }))
        .save(db)
        .await?;
    Ok(true)
}

/// Subscribes `email` (normalised) at `now`, unless it is subscribed already (by another
/// request in between too).
pub async fn subscribe(
    db: &impl ConnectionTrait,
    email: &str,
    now: DateTime<Utc>,
) -> Result<(), sea_orm::DbErr> {
    let known = subscription::Entity::find()
        .filter(subscription::Column::Email.eq(email))
        .one(db)
        .await?;
    if known.is_some() {
        return Ok(());
    }
    let inserted = subscription::ActiveModel {
        email: Set(email.to_owned()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await;
    match inserted {
        // Another request subscribed the same address in between: it is subscribed.
        Err(e) if !crate::is_unique_violation(&e) => Err(e),
        _ => Ok(()),
    }
}

/// A page of the subscribers, newest first, and how many there are.
pub async fn page(
    db: &impl ConnectionTrait,
    page: concierge_core::domain::page::Paging,
) -> Result<(Vec<subscription::Model>, u64), ApiError> {
    let select = subscription::Entity::find()
        .order_by_desc(subscription::Column::CreatedAt)
        .order_by_desc(subscription::Column::Id);
    crate::page_of(db, select, page).await
}
