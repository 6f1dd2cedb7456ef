//! Locks a transaction holds until it ends, by name: the rate limits' scopes, the team (the
//! last-owner check). One function, so that every lock is taken the same way and in one order.

use std::collections::BTreeSet;

use sea_orm::{ConnectionTrait, DatabaseTransaction, DbBackend, DbErr, Statement, Value};

/// Locks `scopes` until the transaction ends, on PostgreSQL (SQLite has one writer): in the
/// order of the lock keys, so that two transactions locking the same scopes cannot deadlock.
/// A scope already locked by this transaction is locked again at no cost. A transaction that
/// takes events in several calls locks all their scopes first.
pub async fn lock(txn: &DatabaseTransaction, scopes: &[&str]) -> Result<(), DbErr> {
    if txn.get_database_backend() != DbBackend::Postgres || scopes.is_empty() {
        return Ok(());
    }
    let distinct: BTreeSet<&str> = scopes.iter().copied().collect();
    let placeholders: Vec<String> = (1..=distinct.len()).map(|i| format!("(${i})")).collect();
    txn.execute_raw(Statement::from_sql_and_values(
        DbBackend::Postgres,
        format!(
            "SELECT pg_advisory_xact_lock(k) FROM (SELECT DISTINCT hashtext(s) AS k \
             FROM (VALUES {}) AS v(s) ORDER BY k) AS keys",
            placeholders.join(", ")
        ),
        distinct.into_iter().map(Value::from),
    ))
    .await?;
    Ok(())
}
