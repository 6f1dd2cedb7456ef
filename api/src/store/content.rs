//! Reads and writes of public content, for every [`Kind`]. A write takes the transaction it
//! runs in and records its publish job in it, so nothing reaches the database without the site
//! hearing of it; the caller commits.

use sea_orm::{ActiveModelTrait, ConnectionTrait, DatabaseTransaction, EntityTrait};

use crate::accounts::audit::Event;
use crate::content::{Kind, Order};
use crate::domain::page::Page;
use crate::error::ApiError;
use crate::publish::{self, Action};

/// The row with this id, else 404 with the kind's message.
pub async fn find<K: Kind>(db: &impl ConnectionTrait, id: i32) -> Result<K::Model, ApiError> {
    super::find_one::<K::Entity>(db, id, K::rules().outcomes().not_found()).await
}

/// One page of the kind in `order`, and the total count.
pub async fn page<K: Kind>(
    db: &impl ConnectionTrait,
    order: Order,
    page: Page,
) -> Result<(Vec<K::Model>, u64), ApiError> {
    super::page_of(db, K::ordered(order), page).await
}

/// Validates `input` and inserts it, with its publish job.
pub async fn create<K: Kind>(
    txn: &DatabaseTransaction,
    input: K::Input,
) -> Result<K::Model, ApiError> {
    let mut row = K::new_row();
    K::apply(input, txn, &mut row).await?;
    let saved = row.insert(txn).await?;
    K::after_save(txn, None, &saved).await?;
    publish::enqueue(txn, K::RESOURCE, K::id(&saved), Action::Upsert).await?;
    record::<K>(txn, "content.created", K::id(&saved), None, Some(&saved)).await?;
    Ok(saved)
}

/// Validates `input` and saves it over the row with this id (404 when there is none), with its
/// publish job.
pub async fn update<K: Kind>(
    txn: &DatabaseTransaction,
    id: i32,
    input: K::Input,
) -> Result<K::Model, ApiError> {
    let before = find::<K>(txn, id).await?;
    let mut row: K::Active = before.clone().into();
    K::apply(input, txn, &mut row).await?;
    let saved = row.update(txn).await?;
    K::after_save(txn, Some(&before), &saved).await?;
    publish::enqueue(txn, K::RESOURCE, K::id(&saved), Action::Upsert).await?;
    record::<K>(txn, "content.updated", id, Some(&before), Some(&saved)).await?;
    Ok(saved)
}

/// Deletes the row with this id (404 when there is none; the kind may refuse with 409), with
/// its publish job.
pub async fn delete<K: Kind>(txn: &DatabaseTransaction, id: i32) -> Result<(), ApiError> {
    let row = find::<K>(txn, id).await?;
    K::before_delete(txn, &row).await?;
    K::Entity::delete_by_id(id).exec(txn).await?;
    publish::enqueue(txn, K::RESOURCE, id, Action::Delete).await?;
    record::<K>(txn, "content.deleted", id, None, None).await?;
    Ok(())
}

/// The audit line of a content write, in its transaction: which item, and which fields.
async fn record<K: Kind>(
    txn: &DatabaseTransaction,
    action: &'static str,
    id: i32,
    before: Option<&K::Model>,
    after: Option<&K::Model>,
) -> Result<(), ApiError> {
    let mut event = Event::new(action).on(K::RESOURCE.as_str(), id);
    if let Some(after) = after {
        let fields = crate::accounts::audit::changed_fields(before, after);
        event = event.detail(serde_json::json!({ "fields": fields }));
    }
    event.save(txn).await?;
    Ok(())
}
