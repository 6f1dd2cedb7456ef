//! The write handle: a [`DatabaseConnection`] whose one-row queries read to the end.
//!
//! sqlx answers a one-row fetch (`query_one`, sea-orm's `.one()`, and the `INSERT … RETURNING`
//! and `UPDATE … RETURNING` behind sea-orm's `insert` and `update`) with the first row, then
//! resets the statement and drops what the reset says. Outside a transaction the commit of
//! such a write happens at that reset (SQLite) or after that row (PostgreSQL): a commit that
//! fails there — an I/O error, a full disk, a deferred constraint — was answered as a saved
//! row, and the row was gone. The fault suite (`checks/faults/io.py`) found it as an
//! acknowledged subscription missing after a restart. Through this handle every one-row
//! query reads all its rows, so the statement runs to its end and its commit's error is the
//! query's error. Transactions are the connection's own; inside one, nothing commits before
//! its `COMMIT`, whose error is always seen.

use sea_orm::{
    AccessMode, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr,
    ExecResult, IsolationLevel, QueryResult, Statement, TransactionError, TransactionOptions,
    TransactionTrait,
};
use std::future::Future;
use std::pin::Pin;

/// See the module's documentation.
#[derive(Clone, Debug)]
pub struct Writer(DatabaseConnection);

impl Writer {
    pub fn new(connection: DatabaseConnection) -> Self {
        Writer(connection)
    }

    /// The connection itself, for sea-orm's migrator.
    pub(crate) fn connection(&self) -> &DatabaseConnection {
        &self.0
    }

    /// Closes the pool's connections.
    pub async fn close_by_ref(&self) -> Result<(), DbErr> {
        self.0.close_by_ref().await
    }
}

#[async_trait::async_trait]
impl ConnectionTrait for Writer {
    fn get_database_backend(&self) -> DbBackend {
        self.0.get_database_backend()
    }

    async fn execute_raw(&self, stmt: Statement) -> Result<ExecResult, DbErr> {
        self.0.execute_raw(stmt).await
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        self.0.execute_unprepared(sql).await
    }

    async fn query_one_raw(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        Ok(self.0.query_all_raw(stmt).await?.into_iter().next())
    }

    async fn query_all_raw(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        self.0.query_all_raw(stmt).await
    }

    fn support_returning(&self) -> bool {
        self.0.support_returning()
    }
}

#[async_trait::async_trait]
impl TransactionTrait for Writer {
    type Transaction = DatabaseTransaction;

    async fn begin(&self) -> Result<DatabaseTransaction, DbErr> {
        self.0.begin().await
    }

    async fn begin_with_config(
        &self,
        isolation_level: Option<IsolationLevel>,
        access_mode: Option<AccessMode>,
    ) -> Result<DatabaseTransaction, DbErr> {
        self.0.begin_with_config(isolation_level, access_mode).await
    }

    async fn begin_with_options(
        &self,
        options: TransactionOptions,
    ) -> Result<DatabaseTransaction, DbErr> {
        self.0.begin_with_options(options).await
    }

    async fn transaction<F, T, E>(&self, callback: F) -> Result<T, TransactionError<E>>
    where
        F: for<'c> FnOnce(
                &'c DatabaseTransaction,
            ) -> Pin<Box<dyn Future<Output = Result<T, E>> + Send + 'c>>
            + Send,
        T: Send,
        E: std::fmt::Display + std::fmt::Debug + Send,
    {
        self.0.transaction(callback).await
    }

    async fn transaction_with_config<F, T, E>(
        &self,
        callback: F,
        isolation_level: Option<IsolationLevel>,
        access_mode: Option<AccessMode>,
    ) -> Result<T, TransactionError<E>>
    where
        F: for<'c> FnOnce(
                &'c DatabaseTransaction,
            ) -> Pin<Box<dyn Future<Output = Result<T, E>> + Send + 'c>>
            + Send,
        T: Send,
        E: std::fmt::Display + std::fmt::Debug + Send,
    {
        self.0
            .transaction_with_config(callback, isolation_level, access_mode)
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::Database;

    /// A commit that fails after a one-row write returned its row: a deferred foreign key is
    /// checked at the commit, which in autocommit mode is the statement's end.
    #[tokio::test]
    async fn a_one_row_write_whose_commit_fails_is_an_error_not_a_saved_row() {
        let dir = std::env::temp_dir().join(format!("writer-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}/w.db?mode=rwc", dir.display());
        let mut options = sea_orm::ConnectOptions::new(url);
        options.max_connections(1).sqlx_logging(false);
        let connection = Database::connect(options).await.unwrap();
        for sql in [
            "PRAGMA foreign_keys = ON",
            "CREATE TABLE parents (id INTEGER PRIMARY KEY)",
            "CREATE TABLE children (id INTEGER PRIMARY KEY, parent INTEGER \
             REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED)",
        ] {
            connection.execute_unprepared(sql).await.unwrap();
        }
        let orphan = || {
            Statement::from_string(
                DbBackend::Sqlite,
                "INSERT INTO children (parent) VALUES (7) RETURNING id",
            )
        };
        let count = || async {
            let row = connection
                .query_all_raw(Statement::from_string(
                    DbBackend::Sqlite,
                    "SELECT COUNT(*) AS n FROM children",
                ))
                .await
                .unwrap();
            row[0].try_get::<i64>("", "n").unwrap()
        };

        // The connection alone: the row comes back, the commit fails unseen, nothing is kept.
        let answered = connection.query_one_raw(orphan()).await;
        assert!(matches!(answered, Ok(Some(_))), "{answered:?}");
        assert_eq!(count().await, 0, "the 'saved' row is not there");

        // Through the writer: the commit's failure is the answer.
        let writer = Writer::new(connection.clone());
        let answered = writer.query_one_raw(orphan()).await;
        assert!(
            answered
                .as_ref()
                .is_err_and(|e| e.to_string().contains("FOREIGN KEY")),
            "{answered:?}"
        );
        assert_eq!(count().await, 0);
        std::fs::remove_dir_all(&dir).ok();
    }
}
