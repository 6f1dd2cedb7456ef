//! Newsletter subscribers as administrators remove them: with an audit line in the delete's
//! own transaction.

use sea_orm::{ConnectionTrait, EntityTrait};
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
