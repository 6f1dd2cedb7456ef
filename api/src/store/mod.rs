//! Persistence: connections, entities, migrations and the queries the routes share.

pub mod content;
pub mod enquiries;
pub mod entities;
pub mod migration;
pub mod queue;
pub mod site_data;
pub mod subscriptions;

use std::time::Duration;

use anyhow::Context;
use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{ConnectOptions, Database, DatabaseConnection, DbBackend, DbErr, RuntimeErr};
use sea_orm_migration::MigratorTrait;

/// The two handles the app uses. On SQLite, writes go through a single connection so that
/// writers queue instead of failing with `SQLITE_BUSY`, while reads run in parallel (WAL).
/// On PostgreSQL both are the same pool.
#[derive(Clone, Debug)]
pub struct Db {
    pub read: DatabaseConnection,
    pub write: DatabaseConnection,
}

impl Db {
    pub fn backend(&self) -> DbBackend {
        self.write.get_database_backend()
    }
}

/// SQLite's own page cache per connection, in KiB: the OS page cache (and, for public reads,
/// `read_cache`) does the real caching, so each connection keeps a small one.
const SQLITE_CACHE_KIB: i64 = 1024;

/// How long a SQLite write waits for another process's lock before the request gets 503.
pub const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(5);

fn options(url: &str, max: u32) -> ConnectOptions {
    let mut opts = ConnectOptions::new(url.to_owned());
    opts.max_connections(max)
        .min_connections(0)
        .connect_timeout(Duration::from_secs(3))
        .acquire_timeout(Duration::from_secs(5))
        .sqlx_logging(false)
        .map_sqlx_sqlite_opts(|o| {
            o.journal_mode(SqliteJournalMode::Wal)
                // FULL: a 2xx means the row survives a crash of the process or the machine.
                .synchronous(SqliteSynchronous::Full)
                .foreign_keys(true)
                .busy_timeout(SQLITE_BUSY_TIMEOUT)
                .pragma("cache_size", (-SQLITE_CACHE_KIB).to_string())
        });
    opts
}

/// The `i`-th (from 1) bound parameter of a raw statement, as `backend` writes it: `$i` on
/// PostgreSQL, `?` on SQLite.
pub fn placeholders(backend: DbBackend) -> impl Fn(usize) -> String {
    move |i| {
        if backend == DbBackend::Postgres {
            format!("${i}")
        } else {
            "?".to_owned()
        }
    }
}

/// Opens the database named by `url` (`sqlite://…` or `postgres://…`).
pub async fn connect(url: &str) -> anyhow::Result<Db> {
    if url.starts_with("sqlite:") {
        if let Some(dir) = sqlite_parent_dir(url) {
            std::fs::create_dir_all(&dir).with_context(|| {
                format!("Failed to create the data directory {}", dir.display())
            })?;
        }
        let write = Database::connect(options(url, 1))
            .await
            .with_context(|| format!("Failed to open the SQLite database {url}"))?;
        let read = Database::connect(options(url, 4))
            .await
            .with_context(|| format!("Failed to open the SQLite database {url}"))?;
        Ok(Db { read, write })
    } else {
        let pool = Database::connect(options(url, 16))
            .await
            .with_context(|| format!("Failed to connect to PostgreSQL at {}", redact(url)))?;
        Ok(Db {
            read: pool.clone(),
            write: pool,
        })
    }
}

/// Applies every pending migration.
pub async fn migrate(db: &Db) -> anyhow::Result<()> {
    migration::Migrator::up(&db.write, None)
        .await
        .context("Failed to apply database migrations")
}

fn sqlite_parent_dir(url: &str) -> Option<std::path::PathBuf> {
    let path = url
        .trim_start_matches("sqlite://")
        .trim_start_matches("sqlite:");
    let path = path.split('?').next()?;
    if path.is_empty() || path == ":memory:" {
        return None;
    }
    std::path::Path::new(path)
        .parent()
        .map(|p| p.to_path_buf())
        .filter(|p| !p.as_os_str().is_empty())
}

/// The URL without its password, for messages.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let creds = &url[scheme + 3..at];
            let user = creds.split(':').next().unwrap_or("");
            format!("{}{}@{}", &url[..scheme + 3], user, &url[at + 1..])
        }
        _ => url.to_owned(),
    }
}

/// True when the database cannot answer now, and a retry later may succeed: unreachable, its
/// pool exhausted, or (SQLite) the file locked by another process past the busy timeout.
pub fn is_unavailable(err: &DbErr) -> bool {
    use sea_orm::sqlx::Error as S;
    match err {
        DbErr::Conn(_) | DbErr::ConnectionAcquire(_) => true,
        DbErr::Exec(RuntimeErr::SqlxError(e)) | DbErr::Query(RuntimeErr::SqlxError(e)) => {
            match e.as_ref() {
                S::Io(_) | S::PoolTimedOut | S::PoolClosed | S::WorkerCrashed | S::Tls(_) => true,
                // SQLITE_BUSY (5) and SQLITE_LOCKED (6), with their extended codes.
                S::Database(db) => db
                    .code()
                    .and_then(|c| c.parse::<i32>().ok())
                    .is_some_and(|c| matches!(c & 0xff, 5 | 6)),
                _ => false,
            }
        }
        _ => false,
    }
}

/// True when the error is a unique-constraint violation.
pub fn is_unique_violation(err: &DbErr) -> bool {
    matches!(
        err.sql_err(),
        Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
    )
}

/// The row with this id, else 404 with `not_found`.
pub async fn find_one<E>(
    db: &impl sea_orm::ConnectionTrait,
    id: i32,
    not_found: &crate::i18n::Text,
) -> Result<E::Model, crate::error::ApiError>
where
    E: sea_orm::EntityTrait,
    <E::PrimaryKey as sea_orm::PrimaryKeyTrait>::ValueType: From<i32>,
{
    E::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| crate::error::ApiError::NotFound(not_found.clone()))
}

/// One page of `select`, and the total count.
pub async fn page_of<E: sea_orm::EntityTrait>(
    db: &impl sea_orm::ConnectionTrait,
    select: sea_orm::Select<E>,
    page: crate::domain::page::Page,
) -> Result<(Vec<E::Model>, u64), crate::error::ApiError>
where
    E::Model: Sync,
{
    use sea_orm::{PaginatorTrait, QuerySelect};
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redact_hides_the_password_but_keeps_the_user() {
        assert_eq!(
            redact("postgres://app:s3cret@db:5432/x"),
            "postgres://app@db:5432/x"
        );
        assert_eq!(redact("postgres://db/x"), "postgres://db/x");
    }

    #[test]
    fn sqlite_parent_dir_is_the_folder_of_the_file() {
        assert_eq!(
            sqlite_parent_dir("sqlite://./data/concierge.db?mode=rwc"),
            Some(std::path::PathBuf::from("./data"))
        );
        assert_eq!(sqlite_parent_dir("sqlite::memory:"), None);
    }
}
