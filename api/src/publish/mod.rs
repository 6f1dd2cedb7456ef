//! The publish outbox. Every committed write to public content records a job in the same
//! transaction ([`enqueue`]); the worker ([`run_worker`]) claims pending jobs, renders what
//! they affect and marks them done. A crash between commit and render loses nothing: the job
//! is still pending at restart, and a claim left by a dead worker expires.

pub mod site;

use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set, Statement, TransactionTrait,
};
use serde::Serialize;
use tokio::sync::Notify;

use crate::error::ApiError;
use crate::store::Db;
use crate::store::entities::publish_job;

/// Kinds of public content, as stored in `publish_jobs.resource`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resource {
    Service,
    ServiceItem,
    Blog,
    Review,
    Banner,
    GeneralContent,
    /// The whole site (after a seed or an import).
    Site,
}

impl Resource {
    pub fn as_str(self) -> &'static str {
        match self {
            Resource::Service => "service",
            Resource::ServiceItem => "service_item",
            Resource::Blog => "blog",
            Resource::Review => "review",
            Resource::Banner => "banner",
            Resource::GeneralContent => "general_content",
            Resource::Site => "site",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Upsert,
    Delete,
}

impl Action {
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Upsert => "upsert",
            Action::Delete => "delete",
        }
    }
}

/// Records a publish job; call it inside the transaction of the write it describes.
pub async fn enqueue(
    txn: &impl ConnectionTrait,
    resource: Resource,
    resource_id: i32,
    action: Action,
    detail: Option<serde_json::Value>,
) -> Result<(), ApiError> {
    publish_job::ActiveModel {
        resource: Set(resource.as_str().to_owned()),
        resource_id: Set(resource_id),
        action: Set(action.as_str().to_owned()),
        detail: Set(detail.map(|d| d.to_string())),
        created_at: Set(Utc::now()),
        attempts: Set(0),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    Ok(())
}

/// How long a publishing lease lasts unless renewed; a crashed holder's work is taken over
/// after at most this long.
pub const LEASE_SECONDS: i64 = 10;
const BATCH: u64 = 100;

fn placeholders(backend: DbBackend) -> impl Fn(usize) -> String {
    move |i| {
        if backend == DbBackend::Postgres {
            format!("${i}")
        } else {
            "?".to_owned()
        }
    }
}

/// Takes (or renews) the publishing lease for `worker`: only its holder publishes, so two
/// instances never write the site at once. True when `worker` holds it now.
pub async fn acquire_lease(db: &Db, worker: &str) -> Result<bool, sea_orm::DbErr> {
    let now = Utc::now();
    let until = now + chrono::Duration::seconds(LEASE_SECONDS);
    let p = placeholders(db.backend());
    let sql = format!(
        "UPDATE publish_lease SET holder = {}, expires_at = {} WHERE id = 1 AND (holder = {} OR expires_at < {})",
        p(1),
        p(2),
        p(3),
        p(4)
    );
    let stmt = Statement::from_sql_and_values(
        db.backend(),
        sql,
        [worker.into(), until.into(), worker.into(), now.into()],
    );
    Ok(db.write.execute_raw(stmt).await?.rows_affected() == 1)
}

/// Gives the lease up so another instance can publish at once.
pub async fn release_lease(db: &Db, worker: &str) -> Result<(), sea_orm::DbErr> {
    let p = placeholders(db.backend());
    let sql = format!(
        "UPDATE publish_lease SET expires_at = {} WHERE id = 1 AND holder = {}",
        p(1),
        p(2)
    );
    let stmt = Statement::from_sql_and_values(
        db.backend(),
        sql,
        [chrono::DateTime::<Utc>::UNIX_EPOCH.into(), worker.into()],
    );
    db.write.execute_raw(stmt).await?;
    Ok(())
}

/// Runs `work` while holding the lease, renewing it every few seconds.
pub async fn with_lease<T>(db: &Db, worker: &str, work: impl std::future::Future<Output = T>) -> T {
    let heartbeat = async {
        loop {
            tokio::time::sleep(Duration::from_secs((LEASE_SECONDS / 3).max(1) as u64)).await;
            if let Err(e) = acquire_lease(db, worker).await {
                tracing::warn!(error = %e, "failed to renew the publishing lease");
            }
        }
    };
    tokio::select! {
        result = work => result,
        () = heartbeat => unreachable!("the heartbeat never ends"),
    }
}

/// Waits (up to `timeout`) for the lease; for one-off publishers such as `concierge build`.
pub async fn wait_for_lease(db: &Db, worker: &str, timeout: Duration) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    while !acquire_lease(db, worker).await? {
        if started.elapsed() > timeout {
            anyhow::bail!(
                "another instance has been publishing for over {} s",
                timeout.as_secs()
            );
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    Ok(())
}

/// Claims up to [`BATCH`] pending jobs for `worker`, oldest first. Call it holding the lease:
/// then every unfinished job is free to take, including those of a holder that died.
pub async fn claim(db: &Db, worker: &str) -> Result<Vec<publish_job::Model>, sea_orm::DbErr> {
    let now = Utc::now();
    let backend = db.backend();
    let lock = if backend == DbBackend::Postgres {
        " FOR UPDATE SKIP LOCKED"
    } else {
        ""
    };
    let p = placeholders(backend);
    let sql = format!(
        "UPDATE publish_jobs SET claimed_at = {}, claimed_by = {}, attempts = attempts + 1 \
         WHERE id IN (SELECT id FROM publish_jobs WHERE done_at IS NULL \
         ORDER BY id LIMIT {BATCH}{lock}) RETURNING *",
        p(1),
        p(2)
    );
    let stmt = Statement::from_sql_and_values(backend, sql, [now.into(), worker.into()]);
    let mut jobs = publish_job::Entity::find()
        .from_raw_sql(stmt)
        .all(&db.write)
        .await?;
    jobs.sort_by_key(|j| j.id);
    Ok(jobs)
}

/// Marks jobs done (only those this worker still holds).
pub async fn complete(db: &Db, worker: &str, ids: &[i32]) -> Result<u64, sea_orm::DbErr> {
    let result = publish_job::Entity::update_many()
        .col_expr(
            publish_job::Column::DoneAt,
            sea_orm::sea_query::Expr::value(Utc::now()),
        )
        .col_expr(
            publish_job::Column::LastError,
            sea_orm::sea_query::Expr::value(Option::<String>::None),
        )
        .filter(publish_job::Column::Id.is_in(ids.iter().copied()))
        .filter(publish_job::Column::ClaimedBy.eq(worker))
        .filter(publish_job::Column::DoneAt.is_null())
        .exec(&db.write)
        .await?;
    Ok(result.rows_affected)
}

/// Releases jobs after a failed render so that they are retried.
pub async fn fail(db: &Db, ids: &[i32], error: &str) -> Result<(), sea_orm::DbErr> {
    publish_job::Entity::update_many()
        .col_expr(
            publish_job::Column::ClaimedAt,
            sea_orm::sea_query::Expr::value(Option::<chrono::DateTime<Utc>>::None),
        )
        .col_expr(
            publish_job::Column::LastError,
            sea_orm::sea_query::Expr::value(error.to_owned()),
        )
        .filter(publish_job::Column::Id.is_in(ids.iter().copied()))
        .exec(&db.write)
        .await?;
    Ok(())
}

/// What `GET /publish/status` reports.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Status {
    /// Jobs recorded but not yet published.
    pub pending_jobs: u64,
    /// Id of the newest job, done or not (compare with `lastDoneJobId` to know whether a
    /// given save is live).
    pub latest_job_id: Option<i32>,
    pub last_done_job_id: Option<i32>,
    /// When the last job was published.
    pub last_build_at: Option<chrono::DateTime<Utc>>,
    /// The most recent render failure still unresolved.
    pub last_error: Option<String>,
}

pub async fn status(db: &Db) -> Result<Status, sea_orm::DbErr> {
    let conn = &db.read;
    let pending_jobs = publish_job::Entity::find()
        .filter(publish_job::Column::DoneAt.is_null())
        .count(conn)
        .await?;
    let latest = publish_job::Entity::find()
        .order_by_desc(publish_job::Column::Id)
        .one(conn)
        .await?;
    let last_done = publish_job::Entity::find()
        .filter(publish_job::Column::DoneAt.is_not_null())
        .order_by_desc(publish_job::Column::DoneAt)
        .one(conn)
        .await?;
    let failing = publish_job::Entity::find()
        .filter(publish_job::Column::DoneAt.is_null())
        .filter(publish_job::Column::LastError.is_not_null())
        .order_by_desc(publish_job::Column::Id)
        .one(conn)
        .await?;
    Ok(Status {
        pending_jobs,
        latest_job_id: latest.map(|j| j.id),
        last_done_job_id: last_done.as_ref().map(|j| j.id),
        last_build_at: last_done.and_then(|j| j.done_at),
        last_error: failing.and_then(|j| j.last_error),
    })
}

/// Publishes one batch of pending jobs (holding the lease). True when there was work.
async fn publish_pending(db: &Db, worker: &str, publisher: &site::Publisher) -> bool {
    let jobs = match claim(db, worker).await {
        Ok(jobs) if !jobs.is_empty() => jobs,
        Ok(_) => return false,
        Err(e) => {
            tracing::warn!(error = %e, "failed to claim publish jobs");
            return false;
        }
    };
    let ids: Vec<i32> = jobs.iter().map(|j| j.id).collect();
    let started = std::time::Instant::now();
    match with_lease(db, worker, publisher.publish(db, &jobs)).await {
        Ok(report) => {
            tracing::info!(
                jobs = ids.len(),
                written = report.written,
                removed = report.removed,
                ms = started.elapsed().as_millis() as u64,
                "published"
            );
            if let Err(e) = complete(db, worker, &ids).await {
                tracing::warn!(error = %e, "failed to mark publish jobs done");
            }
        }
        Err(e) => {
            tracing::error!(error = ?e, "publish failed");
            let _ = fail(db, &ids, &format!("{e:#}")).await;
            tokio::time::sleep(Duration::from_secs(2)).await;
        }
    }
    true
}

/// Drains the outbox until the process stops: woken by `wakeup` after each write, and every
/// few seconds to pick up jobs left by other instances or a crash.
pub async fn run_worker(
    db: Db,
    wakeup: Arc<Notify>,
    worker: String,
    publisher: Arc<site::Publisher>,
) {
    // A missing, partial or outdated site is rebuilt: recorded as a job like any other.
    if !publisher.is_current().await {
        let txn = db.write.begin().await;
        let queued = match txn {
            Ok(txn) => match enqueue(&txn, Resource::Site, 0, Action::Upsert, None).await {
                Ok(()) => txn.commit().await.map_err(anyhow::Error::from),
                Err(e) => Err(anyhow::anyhow!("{e}")),
            },
            Err(e) => Err(e.into()),
        };
        if let Err(e) = queued {
            tracing::error!(error = %e, "failed to queue the initial site build");
        }
    }
    loop {
        match acquire_lease(&db, &worker).await {
            Ok(true) => {
                if publish_pending(&db, &worker, &publisher).await {
                    continue;
                }
                if let Err(e) = release_lease(&db, &worker).await {
                    tracing::warn!(error = %e, "failed to release the publishing lease");
                }
            }
            Ok(false) => {}
            Err(e) => tracing::warn!(error = %e, "failed to take the publishing lease"),
        }
        let _ = tokio::time::timeout(Duration::from_secs(2), wakeup.notified()).await;
    }
}
