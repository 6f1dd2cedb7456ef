//! The database and the object store of the concierge CMS: connections, sea-orm entities, one
//! file per migration, the queries the layers above share, the outboxes and queues they enqueue
//! into (publish jobs, messages, image variants), the audit log, the throttle's counters, and
//! the media and site stores (`blobs`). It is called, it never calls up: nothing here knows
//! of HTTP, roles or use cases.

pub mod audit;
pub mod blobs;
pub mod content_rows;
pub mod depths;
pub mod edge_purges;
pub mod enquiries;
pub mod entities;
pub mod events;
pub mod health;
pub mod locks;
pub mod media_images;
pub mod media_usage;
pub mod migration;
pub mod outbox;
pub mod presence;
pub mod publish_lease;
pub mod queue;
pub mod reviews;
pub mod site_data;
pub mod slugs;
pub mod subscriptions;
pub mod throttle;
pub mod translations;
mod writer;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Context;

use concierge_core::error::ApiError;
/// A connection or a transaction, as the layers above hand one to the store's queries.
pub use sea_orm::ConnectionTrait;
/// A transaction ([`Db::begin`]): committed or rolled back by its own methods.
pub use sea_orm::DatabaseTransaction as Transaction;
/// The database's error, named by the layers above without their depending on sea-orm.
pub use sea_orm::DbErr;
use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{ConnectOptions, Database, DatabaseConnection, DbBackend, RuntimeErr};
use sea_orm_migration::MigratorTrait;
pub use writer::Writer;

/// The two handles the app uses. On SQLite, writes go through a single connection so that
/// writers queue instead of failing with `SQLITE_BUSY`, while reads run in parallel (WAL).
/// On PostgreSQL both are the same pool. Writes go through a [`Writer`], whose one-row
/// queries never answer a row whose commit failed.
#[derive(Clone, Debug)]
pub struct Db {
    pub read: DatabaseConnection,
    pub write: Writer,
}

impl Db {
    /// A transaction on the write connection, for the use cases above, which do not name its
    /// connection (committed or rolled back by the caller; dropped, it rolls back).
    pub async fn begin(&self) -> Result<Transaction, DbErr> {
        use sea_orm::TransactionTrait;
        self.write.begin().await
    }

    pub fn backend(&self) -> DbBackend {
        self.write.get_database_backend()
    }

    /// Each pool's connections: `(pool, open, idle)`, for the metrics.
    pub fn pool_sizes(&self) -> [(&'static str, u32, u32); 2] {
        let sizes = |conn: &DatabaseConnection| match conn.get_database_backend() {
            DbBackend::Postgres => {
                let p = conn.get_postgres_connection_pool();
                (p.size(), p.num_idle() as u32)
            }
            _ => {
                let p = conn.get_sqlite_connection_pool();
                (p.size(), p.num_idle() as u32)
            }
        };
        let (read, read_idle) = sizes(&self.read);
        let (write, write_idle) = sizes(self.write.connection());
        [("read", read, read_idle), ("write", write, write_idle)]
    }
}

/// SQLite's own page cache per connection, in KiB: the OS page cache (and, for public reads,
/// `read_cache`) does the real caching, so each connection keeps a small one.
const SQLITE_CACHE_KIB: i64 = 1024;

/// How long a SQLite write waits for another process's lock before the request gets 503.
pub const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(5);

fn options(url: &str, max: u32) -> ConnectOptions {
    let writes = max == 1;
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
        })
        .map_sqlx_sqlite_pool_opts(move |pool| {
            pool.after_connect(|conn, _| Box::pin(sqlite_writable(conn)))
                .after_release(move |conn, _| Box::pin(sqlite_clean(conn, writes)))
        });
    opts
}

/// Whether a SQLite connection may go back to the pool: only with no transaction open, in
/// SQLite's own view and in sqlx's. After `SQLITE_FULL` or `SQLITE_IOERR`, SQLite may roll a
/// transaction back by itself (then sqlx's `ROLLBACK` fails and sqlx still counts one open:
/// its next `BEGIN` becomes a `SAVEPOINT`), or keep it open past a failed `COMMIT`; either way
/// a connection handed out again would write into a transaction that never commits, answering
/// 2xx for rows nobody will ever read, and hold the write lock for ever. Such a connection is
/// closed instead, and the pool opens a fresh one.
///
/// A transaction dropped without a commit (a write refused with 400, 404 or 409 returns with
/// `?`) has only queued its `ROLLBACK` on the connection's worker: a ping waits for the queue,
/// so such a connection goes back to the pool healthy, rolled back, and stays open.
///
/// The write connection is also closed once it has answered `SQLITE_READONLY`: SQLite opens a
/// file read-only when opening it for writing fails (the database, or its WAL when the first
/// read after an I/O error reopens it), and then refuses every write for the connection's
/// life, long after the disk came back. Its last error says so for a plain statement; a
/// transaction's `ROLLBACK` clears that, so [`is_unavailable`] also marks the connection.
async fn sqlite_clean(
    conn: &mut sea_orm::sqlx::SqliteConnection,
    writes: bool,
) -> Result<bool, sea_orm::sqlx::Error> {
    use sea_orm::sqlx::Connection;
    if conn.is_in_transaction() {
        conn.ping().await?;
    }
    if conn.is_in_transaction() {
        tracing::warn!("closing a SQLite connection released with a transaction open (sqlx)");
        return Ok(false);
    }
    let mut handle = conn.lock_handle().await?;
    if !autocommit(&mut handle) {
        tracing::warn!("closing a SQLite connection released with a transaction open (SQLite)");
        return Ok(false);
    }
    let refused_write = writes
        && (WRITE_REFUSED.swap(false, Ordering::Relaxed)
            || last_error(&mut handle) & 0xff == SQLITE_READONLY);
    if refused_write || read_only(&mut handle) {
        tracing::warn!("closing a SQLite connection that can no longer write");
        return Ok(false);
    }
    Ok(true)
}

/// SQLite's "attempt to write a readonly database".
const SQLITE_READONLY: i32 = 8;

/// Set when a write answered `SQLITE_READONLY`: the write connection is closed at its next
/// release (see [`sqlite_clean`]).
static WRITE_REFUSED: AtomicBool = AtomicBool::new(false);

/// The result code of the connection's most recent failed call (0 after a success).
#[expect(
    unsafe_code,
    reason = "one read-only SQLite call on a handle the worker lent us"
)]
fn last_error(handle: &mut sea_orm::sqlx::sqlite::LockedSqliteHandle<'_>) -> i32 {
    let raw = handle.as_raw_handle();
    // SAFETY: as in `autocommit`; `sqlite3_extended_errcode` reads a field of a valid `sqlite3`.
    unsafe { libsqlite3_sys::sqlite3_extended_errcode(raw.as_ptr()) }
}

/// Refuses a new SQLite connection that opened the database read-only. SQLite opens the file
/// read-only when opening it for writing fails (an I/O error, a full or read-only disk), and
/// such a connection would answer every later write with `SQLITE_READONLY`, long after the
/// disk came back. Refused, the pool tries again at the next request (503 meanwhile).
async fn sqlite_writable(
    conn: &mut sea_orm::sqlx::SqliteConnection,
) -> Result<(), sea_orm::sqlx::Error> {
    let mut handle = conn.lock_handle().await?;
    if read_only(&mut handle) {
        return Err(sea_orm::sqlx::Error::Io(std::io::Error::other(
            "the SQLite database opened read-only",
        )));
    }
    Ok(())
}

/// SQLite's answer to "can this connection write the main database?" (`true` when it cannot).
#[expect(
    unsafe_code,
    reason = "one read-only SQLite call on a handle the worker lent us"
)]
fn read_only(handle: &mut sea_orm::sqlx::sqlite::LockedSqliteHandle<'_>) -> bool {
    let raw = handle.as_raw_handle();
    // SAFETY: as in `autocommit`; `sqlite3_db_readonly` reads a flag of a valid, open `sqlite3`
    // for a NUL-terminated schema name.
    unsafe { libsqlite3_sys::sqlite3_db_readonly(raw.as_ptr(), c"main".as_ptr()) == 1 }
}

/// SQLite's own answer to "is a transaction open on this connection?" (`false` when one is).
#[expect(
    unsafe_code,
    reason = "one read-only SQLite call on a handle the worker lent us"
)]
fn autocommit(handle: &mut sea_orm::sqlx::sqlite::LockedSqliteHandle<'_>) -> bool {
    let raw = handle.as_raw_handle();
    // SAFETY: the handle is locked out of the worker thread for as long as `handle` lives, so
    // nothing else calls into this connection meanwhile; `sqlite3_get_autocommit` only reads a
    // flag of a valid, open `sqlite3`.
    unsafe { libsqlite3_sys::sqlite3_get_autocommit(raw.as_ptr()) != 0 }
}

/// A `LIKE` pattern that finds `text` anywhere, its own `%`, `_` and `\` taken as letters (with
/// `ESCAPE` `\`): a search box's text never becomes a pattern.
pub fn contains(text: &str) -> sea_orm::sea_query::LikeExpr {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    sea_orm::sea_query::LikeExpr::new(format!("%{escaped}%")).escape('\\')
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
            .map(Writer::new)
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
            write: Writer::new(pool),
        })
    }
}

/// How many migrations this binary knows that the database has not run.
pub async fn migrations_pending(db: &Db) -> Result<usize, DbErr> {
    Ok(migration::Migrator::get_pending_migrations(&db.read)
        .await?
        .len())
}

/// Applies every pending migration.
pub async fn migrate(db: &Db) -> anyhow::Result<()> {
    migration::Migrator::up(db.write.connection(), None)
        .await
        .context("Failed to apply database migrations")
}

pub fn sqlite_parent_dir(url: &str) -> Option<std::path::PathBuf> {
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
/// pool exhausted, out of storage, or a server that is going away. Nothing was kept of the
/// write that failed, so the request gets 503 with `Retry-After`, never a 2xx or a 500. A
/// `SQLITE_READONLY` also marks the write connection to be closed at its release.
pub fn is_unavailable(err: &DbErr) -> bool {
    use sea_orm::sqlx::Error as S;
    match err {
        DbErr::Conn(_) | DbErr::ConnectionAcquire(_) => true,
        DbErr::Exec(RuntimeErr::SqlxError(e)) | DbErr::Query(RuntimeErr::SqlxError(e)) => {
            match e.as_ref() {
                S::Io(_) | S::PoolTimedOut | S::PoolClosed | S::WorkerCrashed | S::Tls(_) => true,
                S::Database(db) => {
                    let code = db.code().unwrap_or_default();
                    match db.try_downcast_ref::<sea_orm::sqlx::sqlite::SqliteError>() {
                        Some(_) => {
                            if code
                                .parse::<i32>()
                                .is_ok_and(|c| c & 0xff == SQLITE_READONLY)
                            {
                                WRITE_REFUSED.store(true, Ordering::Relaxed);
                            }
                            sqlite_unavailable(&code)
                        }
                        None => sqlstate_unavailable(&code),
                    }
                }
                _ => false,
            }
        }
        _ => false,
    }
}

/// What an unexpected failure really was, decided once where an error leaves the process (the
/// HTTP answer, the command line): a failing disk anywhere in its cause chain is
/// [`ApiError::StorageFailed`], a database that is down or gone is [`ApiError::Unavailable`];
/// anything else stays as it was.
pub fn classify(err: ApiError) -> ApiError {
    let ApiError::Unexpected(cause) = err else {
        return err;
    };
    let db_errors = || cause.chain().filter_map(|e| e.downcast_ref::<DbErr>());
    if ApiError::io_storage_failed(&cause)
        || store_failed(&cause)
        || db_errors().any(is_storage_full)
    {
        return ApiError::StorageFailed(cause);
    }
    if db_errors().any(is_unavailable) {
        tracing::warn!(error = %cause, "database unavailable");
        return ApiError::unavailable();
    }
    ApiError::Unexpected(cause)
}

/// Whether a worker's failure is the environment's, not the work's: the disk failed or the
/// database is unavailable ([`classify`]'s 503s). Such work is retried until it succeeds and
/// never set aside: a job that failed only because the disk did succeeds once it is back.
pub fn transient(cause: &anyhow::Error) -> bool {
    let db_errors = || cause.chain().filter_map(|e| e.downcast_ref::<DbErr>());
    ApiError::io_storage_failed(cause)
        || store_failed(cause)
        || db_errors().any(|e| is_storage_full(e) || is_unavailable(e))
}

/// Whether an object store failed somewhere in `cause` ([`blobs::StoreFailed`]).
fn store_failed(cause: &anyhow::Error) -> bool {
    cause.chain().any(|e| e.is::<blobs::StoreFailed>())
}

/// Runs `write` until it succeeds, waiting a little longer after each failure (at most 5 s):
/// for a worker's record of work it has done (a message sent, a photograph's variants stored),
/// which must not be left to a claim that expires (the work would be done again, or wait for
/// the claim). A failure is logged as `what`, then again at the 2nd, 4th, 8th… try.
pub async fn until_kept<F, Fut, E>(what: &str, mut write: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<(), E>>,
    E: std::fmt::Display,
{
    let mut wait = Duration::from_millis(100);
    let mut tries = 0u32;
    while let Err(e) = write().await {
        tries += 1;
        if tries == 1 || tries.is_power_of_two() {
            tracing::warn!(tries, error = %e, "failed to record {what}; trying again");
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(Duration::from_secs(5));
    }
}

/// SQLite's error codes (numeric, extended codes in the high bits) that mean "not now" rather
/// than "not this": `SQLITE_BUSY` (5) and `SQLITE_LOCKED` (6), another process holds the file;
/// `SQLITE_READONLY` (8), `SQLITE_IOERR` (10), `SQLITE_FULL` (13) and `SQLITE_CANTOPEN` (14),
/// the disk (a connection that opened read-only after an I/O error is closed on release).
pub fn sqlite_unavailable(code: &str) -> bool {
    code.parse::<i32>()
        .is_ok_and(|code| matches!(code & 0xff, 5 | 6 | 8 | 10 | 13 | 14))
}

/// The SQLSTATEs (PostgreSQL) that mean "not now": class 08, the connection was lost;
/// 57P01–57P03, the server is shutting down or starting; class 53, out of disk, memory or
/// connections; 40001 and 40P01, a serialisation failure or deadlock after which the whole
/// transaction may be tried again.
pub fn sqlstate_unavailable(code: &str) -> bool {
    code.starts_with("08")
        || code.starts_with("53")
        || matches!(code, "57P01" | "57P02" | "57P03" | "40001" | "40P01")
}

/// True when the error says the disk is full (SQLite's `SQLITE_FULL`, PostgreSQL's 53100).
pub fn is_storage_full(err: &DbErr) -> bool {
    use sea_orm::sqlx::Error as S;
    match err {
        DbErr::Exec(RuntimeErr::SqlxError(e)) | DbErr::Query(RuntimeErr::SqlxError(e)) => {
            match e.as_ref() {
                S::Database(db) => {
                    let code = db.code().unwrap_or_default();
                    match db.try_downcast_ref::<sea_orm::sqlx::sqlite::SqliteError>() {
                        Some(_) => code.parse::<i32>().is_ok_and(|c| c & 0xff == 13),
                        None => code == "53100",
                    }
                }
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
    not_found: &concierge_core::i18n::Text,
) -> Result<E::Model, ApiError>
where
    E: sea_orm::EntityTrait,
    <E::PrimaryKey as sea_orm::PrimaryKeyTrait>::ValueType: From<i32>,
{
    E::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| ApiError::NotFound(not_found.clone()))
}

/// One page of `select`, and the total count.
pub async fn page_of<E: sea_orm::EntityTrait>(
    db: &impl sea_orm::ConnectionTrait,
    select: sea_orm::Select<E>,
    page: concierge_core::domain::page::Paging,
) -> Result<(Vec<E::Model>, u64), ApiError>
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
    fn a_failing_disk_is_unavailable_however_its_error_is_wrapped_and_a_bug_is_not() {
        let eio = || std::io::Error::from_raw_os_error(5);
        let failing = [
            anyhow::Error::from(eio()),
            anyhow::Error::from(eio()).context("Failed to publish about/index.html"),
            anyhow::Error::from(std::io::Error::from(std::io::ErrorKind::ReadOnlyFilesystem)),
            anyhow::Error::from(std::io::Error::from_raw_os_error(24)),
            // fiu-run's rename point fails with any errno rename may give: EPERM, ENOTEMPTY,
            // EISDIR, EFAULT among them.
            anyhow::Error::from(std::io::Error::from_raw_os_error(39)),
            anyhow::Error::from(std::io::Error::from_raw_os_error(21)),
            anyhow::Error::from(std::io::Error::from_raw_os_error(14)),
            anyhow::Error::from(std::io::Error::from_raw_os_error(1))
                .context("Failed to store 10733a3777e04bc582b381df2fd278fd.png"),
            // tempfile and object_store keep only the text of the OS error they wrap.
            anyhow::Error::from(std::io::Error::other(
                "Input/output error (os error 5) at path \"/data/tmp/upload-x\"",
            )),
        ];
        for cause in failing {
            let text = format!("{cause:#}");
            let answer = classify(ApiError::Unexpected(cause));
            assert!(matches!(answer, ApiError::StorageFailed(_)), "{text}");
            assert_eq!(
                (answer.status(), answer.retry_after()),
                (503, Some(5)),
                "{text}"
            );
        }
        let bug = classify(ApiError::Unexpected(anyhow::anyhow!("template not found")));
        assert_eq!(bug.status(), 500);
        let missing = std::io::Error::from(std::io::ErrorKind::NotFound);
        assert_eq!(classify(ApiError::Unexpected(missing.into())).status(), 500);
    }

    #[test]
    fn an_object_store_that_fails_is_unavailable_whatever_its_errno() {
        // fiu-run's rename point gave ENOMEM (os error 12) to an upload: an errno no list of
        // the disk's own failures held. Whatever the store's cause, its failure is its own.
        for errno in [12, 22, 40, 36] {
            let source = object_store::Error::Generic {
                store: "LocalFileSystem",
                source: Box::new(std::io::Error::from_raw_os_error(errno)),
            };
            let cause = blobs::failed("Failed to store a.png in file:///data/media".into(), source)
                .context("Failed to store the upload");
            assert!(transient(&cause), "{cause:#}");
            let answer = classify(ApiError::Unexpected(cause));
            assert_eq!((answer.status(), answer.retry_after()), (503, Some(5)));
        }
    }

    #[test]
    fn redact_hides_the_password_but_keeps_the_user() {
        assert_eq!(
            redact("postgres://app:s3cret@db:5432/x"),
            "postgres://app@db:5432/x"
        );
        assert_eq!(redact("postgres://db/x"), "postgres://db/x");
    }

    #[test]
    fn out_of_disk_lost_connections_and_shutdowns_are_unavailable_and_bad_input_is_not() {
        let sqlite = [
            ("5", true, "SQLITE_BUSY"),
            ("517", true, "SQLITE_BUSY_SNAPSHOT"),
            ("13", true, "SQLITE_FULL"),
            ("778", true, "SQLITE_IOERR_WRITE"),
            ("14", true, "SQLITE_CANTOPEN"),
            ("8", true, "SQLITE_READONLY"),
            ("2067", false, "SQLITE_CONSTRAINT_UNIQUE"),
            ("19", false, "SQLITE_CONSTRAINT"),
            ("1", false, "SQLITE_ERROR"),
        ];
        for (code, unavailable, what) in sqlite {
            assert_eq!(sqlite_unavailable(code), unavailable, "{code}: {what}");
        }
        let postgres = [
            (
                "57P01",
                true,
                "terminating connection due to administrator command",
            ),
            ("57P02", true, "crash shutdown"),
            ("57P03", true, "cannot connect now"),
            ("08006", true, "connection failure"),
            ("53100", true, "disk full"),
            ("53300", true, "too many connections"),
            ("40001", true, "serialisation failure"),
            ("23505", false, "unique violation"),
            ("22001", false, "string too long"),
            ("42P01", false, "undefined table: a bug, not an outage"),
        ];
        for (code, unavailable, what) in postgres {
            assert_eq!(sqlstate_unavailable(code), unavailable, "{code}: {what}");
        }
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
