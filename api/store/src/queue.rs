//! The claim of the database-backed queues (notifications, image variants): one statement that
//! takes due rows for a worker until a deadline, so a crashed worker's rows come back when its
//! claim runs out, and two workers never take the same row (`FOR UPDATE SKIP LOCKED` on
//! PostgreSQL; SQLite has one writer).

use chrono::{DateTime, Utc};
use sea_orm::{DbBackend, Statement};

/// A queue table: its key column, what makes a row waiting, and the order rows are taken in.
pub struct Queue {
    pub table: &'static str,
    pub key: &'static str,
    /// SQL that holds for a row still to be done (besides being due and unclaimed).
    pub waiting: &'static str,
    pub order: &'static str,
}

impl Queue {
    /// `UPDATE … RETURNING *` claiming up to `limit` due rows for `worker` until `until`, each
    /// row's `attempts` counted.
    pub fn claim(
        &self,
        backend: DbBackend,
        worker: &str,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
        limit: u64,
    ) -> Statement {
        let (p, lock) = if backend == DbBackend::Postgres {
            (["$1", "$2", "$3", "$4"], " FOR UPDATE SKIP LOCKED")
        } else {
            (["?", "?", "?", "?"], "")
        };
        let Queue {
            table,
            key,
            waiting,
            order,
        } = self;
        let sql = format!(
            "UPDATE {table} SET claimed_until = {}, claimed_by = {}, attempts = attempts + 1 \
             WHERE {key} IN (SELECT {key} FROM {table} WHERE {waiting} \
             AND next_attempt_at <= {} AND (claimed_until IS NULL OR claimed_until < {}) \
             ORDER BY {order} LIMIT {limit}{lock}) RETURNING *",
            p[0], p[1], p[2], p[3]
        );
        Statement::from_sql_and_values(
            backend,
            sql,
            [until.into(), worker.into(), now.into(), now.into()],
        )
    }
}
