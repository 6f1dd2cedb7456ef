//! The HTTP side of the content core ([`crate::content`]): the same five answers for every kind
//! of public content. A write commits together with its publish job, then wakes the publisher
//! and tells the public read cache.

use actix_web::HttpResponse;
use sea_orm::{DatabaseTransaction, TransactionTrait};

use super::envelope;
use crate::auth::MaybeAdmin;
use crate::content::{Kind, Order};
use crate::domain::page::{Page, PageQuery};
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;

/// A page of the kind in `order` (`size` bounded by who asks).
pub async fn list<K: Kind>(
    state: &AppState,
    query: &PageQuery,
    admin: &MaybeAdmin,
    order: Order,
) -> Result<HttpResponse, ApiError> {
    let page = Page::parse(query, admin.0.is_some())?;
    let (mut items, total) = store::content::page::<K>(&state.db.read, order, page).await?;
    if admin.0.is_none() {
        items = items.into_iter().map(K::in_public_list).collect();
    }
    Ok(envelope::list(items, total))
}

/// One item by its path id.
pub async fn get<K: Kind>(state: &AppState, id: &str) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(id)?;
    Ok(envelope::one(
        store::content::find::<K>(&state.db.read, id).await?,
    ))
}

/// 201 with the saved item and the kind's message.
pub async fn create<K: Kind>(state: &AppState, input: K::Input) -> Result<HttpResponse, ApiError> {
    let txn = state.db.write.begin().await?;
    let saved = store::content::create::<K>(&txn, input).await?;
    commit(state, txn).await?;
    Ok(envelope::created(saved, &K::rules().outcomes().created))
}

/// 200 with the saved item and the kind's message.
pub async fn update<K: Kind>(
    state: &AppState,
    id: &str,
    input: K::Input,
) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(id)?;
    let txn = state.db.write.begin().await?;
    let saved = store::content::update::<K>(&txn, id, input).await?;
    commit(state, txn).await?;
    Ok(envelope::updated(saved, K::rules().outcomes().updated()))
}

/// 200 with the id and the kind's message.
pub async fn delete<K: Kind>(state: &AppState, id: &str) -> Result<HttpResponse, ApiError> {
    let id = envelope::parse_id(id)?;
    let txn = state.db.write.begin().await?;
    store::content::delete::<K>(&txn, id).await?;
    commit(state, txn).await?;
    Ok(envelope::deleted(id, &K::rules().outcomes().deleted))
}

async fn commit(state: &AppState, txn: DatabaseTransaction) -> Result<(), ApiError> {
    txn.commit().await?;
    state.content_written();
    Ok(())
}
