//! Newsletter subscriptions: an address subscribes once however often it is sent (and the
//! answer never says which), the list for the team, and removal on request.

use chrono::{DateTime, Utc};

use concierge_core::domain::rules::{Outcomes, catalog};
use concierge_core::error::ApiError;
use concierge_store::Db;
pub use concierge_store::entities::subscription::Model as Subscription;

fn outcomes() -> &'static Outcomes {
    catalog().forms.subscription.outcomes()
}

/// Subscribes the (normalised) address at `now`; already subscribed, nothing changes.
pub async fn subscribe(db: &Db, email: &str, now: DateTime<Utc>) -> Result<(), ApiError> {
    Ok(concierge_store::subscriptions::subscribe(&db.write, email, now).await?)
}

/// A page of the subscribers, newest first, and how many there are.
pub async fn list(
    db: &Db,
    page: concierge_core::domain::page::Paging,
) -> Result<(Vec<Subscription>, u64), ApiError> {
    concierge_store::subscriptions::page(&db.read, page).await
}

/// Removes subscriber `id`, with its audit line, in one transaction; 404 when there is none.
pub async fn remove(db: &Db, id: i32) -> Result<(), ApiError> {
    let txn = db.begin().await?;
    if !concierge_store::subscriptions::delete(&txn, id).await? {
        return Err(ApiError::NotFound(outcomes().not_found().clone()));
    }
    txn.commit().await?;
    Ok(())
}
