//! `GET /healthz`: 200 when the database answers and takes writes, 503 otherwise (unreachable,
//! or on SQLite, the file locked by another process).

use actix_web::{HttpResponse, get, web};
use sea_orm::{ConnectionTrait, DbBackend, TransactionTrait};

use crate::error::ApiError;
use crate::state::AppState;
use crate::store::Db;

#[get("/healthz")]
pub async fn healthz(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    probe(&state.db).await.map_err(|e| {
        tracing::warn!(error = %e, "health check failed");
        ApiError::unavailable()
    })?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "status": "ok" })))
}

/// Reads, and on SQLite also takes the write lock for a moment (waiting one second at most, not
/// the writers' busy timeout), then lets it go.
async fn probe(db: &Db) -> Result<(), sea_orm::DbErr> {
    db.read.execute_unprepared("SELECT 1").await?;
    if db.backend() != DbBackend::Sqlite {
        return Ok(());
    }
    let txn = db.write.begin().await?;
    txn.execute_unprepared("PRAGMA busy_timeout = 1000").await?;
    // Writes nothing, but needs the lock a write needs.
    let locked = txn
        .execute_unprepared("UPDATE publish_lease SET id = id WHERE 1 = 0")
        .await;
    txn.execute_unprepared(&format!(
        "PRAGMA busy_timeout = {}",
        crate::store::SQLITE_BUSY_TIMEOUT.as_millis()
    ))
    .await?;
    txn.rollback().await?;
    locked.map(|_| ())
}
