//! The publish jobs: what a write records (typed), how jobs are claimed, completed, retried
//! with backoff and set aside, and what `/publish/status` reports.

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set, Statement,
};
use serde::Serialize;

use crate::Db;
use crate::entities::publish_job;
use concierge_core::config::RetryPolicy;
use concierge_core::error::ApiError;
use concierge_core::request_id::RequestId;

/// Kinds of public content, as stored in `publish_jobs.resource`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resource {
    Service,
    ServiceItem,
    Blog,
    Review,
    Banner,
    GeneralContent,
    Destination,
    /// An image's variants were made: the pages that show it are rendered again.
    Media,
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
            Resource::Destination => "destination",
            Resource::Media => "media",
            Resource::Site => "site",
        }
    }

    pub fn parse(s: &str) -> Option<Resource> {
        [
            Resource::Service,
            Resource::ServiceItem,
            Resource::Blog,
            Resource::Review,
            Resource::Banner,
            Resource::GeneralContent,
            Resource::Destination,
            Resource::Media,
            Resource::Site,
        ]
        .into_iter()
        .find(|r| r.as_str() == s)
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

    pub fn parse(s: &str) -> Option<Action> {
        [Action::Upsert, Action::Delete]
            .into_iter()
            .find(|a| a.as_str() == s)
    }
}

/// A claimed outbox job, typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    pub id: i32,
    pub resource: Resource,
    pub resource_id: i32,
    pub action: Action,
    /// Including the current one.
    pub attempts: i32,
    /// The request that queued it, if a request did.
    pub request_id: Option<String>,
}

impl From<publish_job::Model> for Job {
    /// A row this version cannot read (written by a newer one) asks for a full build.
    fn from(row: publish_job::Model) -> Job {
        let resource = Resource::parse(&row.resource).unwrap_or(Resource::Site);
        Job {
            id: row.id,
            resource,
            resource_id: row.resource_id,
            action: Action::parse(&row.action).unwrap_or(Action::Upsert),
            attempts: row.attempts,
            request_id: row.request_id,
        }
    }
}

/// Queues a full build of the site in a transaction of its own.
pub async fn enqueue_site_build(db: &Db) -> anyhow::Result<()> {
    let txn = sea_orm::TransactionTrait::begin(&db.write).await?;
    enqueue(&txn, Resource::Site, 0, Action::Upsert)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    txn.commit().await?;
    Ok(())
}

/// Records a publish job; call it inside the transaction of the write it describes.
pub async fn enqueue(
    txn: &impl ConnectionTrait,
    resource: Resource,
    resource_id: i32,
    action: Action,
) -> Result<(), ApiError> {
    publish_job::ActiveModel {
        resource: Set(resource.as_str().to_owned()),
        resource_id: Set(resource_id),
        action: Set(action.as_str().to_owned()),
        detail: Set(None),
        created_at: Set(Utc::now()),
        attempts: Set(0),
        request_id: Set(RequestId::current().map(|id| id.to_string())),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    Ok(())
}

const BATCH: u64 = 100;

/// Claims up to [`BATCH`] pending jobs that are due for `worker`, oldest first. Call it holding
/// the lease: then every unfinished job is free to take, including those of a holder that died.
/// Jobs set aside, or waiting out a backoff, are left alone.
pub async fn claim(db: &Db, worker: &str) -> Result<Vec<Job>, sea_orm::DbErr> {
    let stmt = claim_statement(db.backend(), worker, Utc::now());
    let mut jobs: Vec<Job> = publish_job::Entity::find()
        .from_raw_sql(stmt)
        .all(&db.write)
        .await?
        .into_iter()
        .map(Job::from)
        .collect();
    jobs.sort_by_key(|j| j.id);
    Ok(jobs)
}

/// The claim's statement: open jobs that are due, oldest first, marked as `worker`'s.
pub fn claim_statement(backend: DbBackend, worker: &str, now: DateTime<Utc>) -> Statement {
    let lock = if backend == DbBackend::Postgres {
        " FOR UPDATE SKIP LOCKED"
    } else {
        ""
    };
    let p = crate::placeholders(backend);
    let sql = format!(
        "UPDATE publish_jobs SET claimed_at = {}, claimed_by = {}, attempts = attempts + 1 \
         WHERE id IN (SELECT id FROM publish_jobs WHERE done_at IS NULL AND failed_at IS NULL \
         AND (next_attempt_at IS NULL OR next_attempt_at <= {}) \
         ORDER BY id LIMIT {BATCH}{lock}) RETURNING *",
        p(1),
        p(2),
        p(3)
    );
    Statement::from_sql_and_values(backend, sql, [now.into(), worker.into(), now.into()])
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

/// The longest wait before a job that failed for the environment's sake is tried again.
pub const TRANSIENT_RETRY: std::time::Duration = std::time::Duration::from_secs(30);

/// Releases jobs whose outputs failed: each is retried after its backoff, or set aside once it
/// has had `policy.max_attempts`. A `transient` failure (the disk or the database failed, not
/// the job: [`crate::transient`]) is never set aside, and is tried again at least every
/// [`TRANSIENT_RETRY`], so the site catches up by itself once the disk is back.
pub async fn fail(
    db: &Db,
    jobs: &[&Job],
    error: &str,
    policy: RetryPolicy,
    transient: bool,
) -> Result<(), sea_orm::DbErr> {
    use sea_orm::sea_query::Expr;
    let now = Utc::now();
    for job in jobs {
        let (next, failed) = if job.attempts >= policy.max_attempts && !transient {
            (None, Some(now))
        } else {
            let mut delay = policy.delay(job.attempts);
            if transient {
                delay = delay.min(TRANSIENT_RETRY);
            }
            let delay = chrono::Duration::from_std(delay).unwrap_or(chrono::Duration::seconds(600));
            (Some(now + delay), None)
        };
        publish_job::Entity::update_many()
            .col_expr(
                publish_job::Column::ClaimedAt,
                Expr::value(Option::<DateTime<Utc>>::None),
            )
            .col_expr(
                publish_job::Column::LastError,
                Expr::value(error.to_owned()),
            )
            .col_expr(publish_job::Column::NextAttemptAt, Expr::value(next))
            .col_expr(publish_job::Column::FailedAt, Expr::value(failed))
            .filter(publish_job::Column::Id.eq(job.id))
            .exec(&db.write)
            .await?;
        crate::audit::Event::new("publish.failed")
            .on(job.resource.as_str(), job.resource_id)
            .detail(serde_json::json!({
                "error": error.chars().take(500).collect::<String>(),
                "attempts": job.attempts,
                "setAside": failed.is_some(),
            }))
            .save(&db.write)
            .await?;
    }
    Ok(())
}

/// Queues a job for a blog whose output failed though no claimed job named it (its own job
/// was done earlier, or set aside): it is retried with backoff and, if it keeps failing, set
/// aside, like any job.
pub async fn requeue(
    db: &Db,
    blog_id: i32,
    error: &str,
    policy: RetryPolicy,
) -> Result<(), sea_orm::DbErr> {
    let open = publish_job::Entity::find()
        .filter(publish_job::Column::Resource.eq(Resource::Blog.as_str()))
        .filter(publish_job::Column::ResourceId.eq(blog_id))
        .filter(publish_job::Column::DoneAt.is_null())
        .count(&db.write)
        .await?;
    if open == 0 {
        let now = Utc::now();
        let delay =
            chrono::Duration::from_std(policy.delay(1)).unwrap_or(chrono::Duration::seconds(600));
        publish_job::ActiveModel {
            resource: Set(Resource::Blog.as_str().to_owned()),
            resource_id: Set(blog_id),
            action: Set(Action::Upsert.as_str().to_owned()),
            created_at: Set(now),
            attempts: Set(1),
            last_error: Set(Some(error.to_owned())),
            next_attempt_at: Set(Some(now + delay)),
            ..Default::default()
        }
        .insert(&db.write)
        .await?;
    }
    Ok(())
}

/// After a publish in which nothing failed, every output is what the database says, so jobs
/// set aside earlier have nothing left to do: they are marked done.
pub async fn resolve_set_aside(db: &Db) -> Result<u64, sea_orm::DbErr> {
    let result = publish_job::Entity::update_many()
        .col_expr(
            publish_job::Column::DoneAt,
            sea_orm::sea_query::Expr::value(Utc::now()),
        )
        .filter(publish_job::Column::FailedAt.is_not_null())
        .filter(publish_job::Column::DoneAt.is_null())
        .exec(&db.write)
        .await?;
    Ok(result.rows_affected)
}

/// Puts a job set aside back in the queue, as new. False when no such job is set aside.
pub async fn retry(db: &Db, id: i32) -> Result<bool, sea_orm::DbErr> {
    use sea_orm::sea_query::Expr;
    let none = Option::<DateTime<Utc>>::None;
    let result = publish_job::Entity::update_many()
        .col_expr(publish_job::Column::FailedAt, Expr::value(none))
        .col_expr(publish_job::Column::NextAttemptAt, Expr::value(none))
        .col_expr(publish_job::Column::ClaimedAt, Expr::value(none))
        .col_expr(publish_job::Column::Attempts, Expr::value(0))
        .filter(publish_job::Column::Id.eq(id))
        .filter(publish_job::Column::FailedAt.is_not_null())
        .filter(publish_job::Column::DoneAt.is_null())
        .exec(&db.write)
        .await?;
    Ok(result.rows_affected == 1)
}

/// What `GET /publish/status` reports.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Status {
    /// Jobs recorded but not yet published (those set aside are not counted).
    pub pending_jobs: u64,
    /// Id of the newest job, done or not (compare with `lastDoneJobId` to know whether a
    /// given save is live).
    pub latest_job_id: Option<i32>,
    pub last_done_job_id: Option<i32>,
    /// When the last job was published.
    pub last_build_at: Option<DateTime<Utc>>,
    /// The most recent failure of a job still pending or set aside.
    pub last_error: Option<String>,
    /// Jobs set aside after their last attempt failed, newest first.
    pub failed_jobs: Vec<FailedJob>,
    /// Files whose copies at the edge (`CONCIERGE_CDN_PURGE`) are still to be purged,
    /// retries included.
    pub pending_purges: u64,
    /// Of those, the ones the edge has refused (or not answered) several times; they are still
    /// retried, with the last error in `lastPurgeError`.
    pub failed_purges: u64,
    pub last_purge_error: Option<String>,
}

/// A job set aside: what it was for, and why it failed.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FailedJob {
    pub id: i32,
    /// `service`, `service_item`, `blog`, `review`, `banner`, `general_content` or `site`.
    pub resource: String,
    pub resource_id: i32,
    pub action: String,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub failed_at: Option<DateTime<Utc>>,
}

/// Jobs listed as set aside, at most.
const FAILED_LISTED: u64 = 50;

/// The publisher's standing, and the edge's: a purge counts as failing once it has been refused
/// `purge_failing_after` times (the purge policy's `max_attempts`; it is still retried).
pub async fn status(db: &Db, purge_failing_after: i32) -> Result<Status, sea_orm::DbErr> {
    let conn = &db.read;
    let open = || publish_job::Entity::find().filter(publish_job::Column::DoneAt.is_null());
    let pending_jobs = open()
        .filter(publish_job::Column::FailedAt.is_null())
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
    let failing = open()
        .filter(publish_job::Column::LastError.is_not_null())
        .order_by_desc(publish_job::Column::Id)
        .one(conn)
        .await?;
    let failed_jobs = open()
        .filter(publish_job::Column::FailedAt.is_not_null())
        .order_by_desc(publish_job::Column::Id)
        .limit(FAILED_LISTED)
        .all(conn)
        .await?
        .into_iter()
        .map(|j| FailedJob {
            id: j.id,
            resource: j.resource,
            resource_id: j.resource_id,
            action: j.action,
            attempts: j.attempts,
            last_error: j.last_error,
            failed_at: j.failed_at,
        })
        .collect();
    let purges = crate::edge_purges::standing(conn, purge_failing_after).await?;
    Ok(Status {
        pending_purges: purges.pending,
        failed_purges: purges.failed,
        last_purge_error: purges.last_error,
        pending_jobs,
        latest_job_id: latest.map(|j| j.id),
        last_done_job_id: last_done.as_ref().map(|j| j.id),
        last_build_at: last_done.and_then(|j| j.done_at),
        last_error: failing.and_then(|j| j.last_error),
        failed_jobs,
    })
}

/// The latest publish job's id (0 before the first): every write to published content adds one
/// in its own transaction, so it names a version of everything the public reads show.
pub async fn latest_id(db: &impl sea_orm::ConnectionTrait) -> Result<i64, sea_orm::DbErr> {
    let row = db
        .query_one_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT CAST(COALESCE(MAX(id), 0) AS BIGINT) AS latest FROM publish_jobs",
        ))
        .await?;
    match row {
        Some(row) => row.try_get::<i64>("", "latest"),
        None => Ok(0),
    }
}
