//! The publish outbox. Every committed write to public content records a job in the same
//! transaction ([`enqueue`]); the worker ([`run_worker`]) claims pending jobs, brings the site
//! in line with the database ([`site::Publisher`]) and marks them done. A crash between commit
//! and render loses nothing: the job is still pending at restart, and a claim left by a dead
//! worker expires. A job whose outputs fail is retried with backoff and, after
//! [`RetryPolicy::max_attempts`], set aside (listed by `/publish/status`, retried on demand);
//! every other job keeps publishing. A failure of the environment's (a failing disk, an
//! unavailable database) is never set aside: it is retried until the disk is back.

pub mod build;
pub mod data;
pub mod manifest;
mod output;
pub mod preview;
pub mod site;

use concierge_core::config::RetryPolicy;
use concierge_core::request_id::RequestId;
pub use concierge_store::outbox::publish_jobs::*;
pub use concierge_store::publish_lease::*;

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;

use concierge_store::Db;

/// Publishes one batch of due jobs (holding the lease). True when it published; false when
/// there was nothing to do or the publish failed (the caller then gives the lease up).
pub async fn publish_pending(
    db: &Db,
    worker: &str,
    publisher: &site::Publisher,
    policy: RetryPolicy,
) -> bool {
    let jobs = match claim(db, worker).await {
        Ok(jobs) if !jobs.is_empty() => jobs,
        Ok(_) => return false,
        Err(e) => {
            tracing::warn!(error = %e, "failed to claim publish jobs");
            return false;
        }
    };
    let blogs: BTreeSet<i32> = jobs
        .iter()
        .filter(|j| j.resource == Resource::Blog)
        .map(|j| j.resource_id)
        .collect();
    // The publish logs with the id of the request that queued its first job (a publish runs
    // several saves' jobs at once; each of their ids is in its first line).
    let requests: Vec<&str> = jobs
        .iter()
        .filter_map(|j| j.request_id.as_deref())
        .collect();
    let request = requests
        .iter()
        .find_map(|id| RequestId::sane(id))
        .unwrap_or_default();
    let started = std::time::Instant::now();
    let run = async {
        tracing::info!(jobs = jobs.len(), requests = ?requests, "publishing");
        let report = if jobs.iter().any(|j| j.resource == Resource::Site) {
            publisher.full_build(db, None).await
        } else {
            publisher.publish(db, &blogs).await
        };
        if let Ok(report) = &report {
            tracing::info!(
                written = report.written,
                removed = report.removed,
                failed = report.failures.len(),
                ms = started.elapsed().as_millis() as u64,
                "published"
            );
        }
        report
    };
    let outcome = request.scope(with_lease(db, worker, run)).await;
    publisher.metrics().observe_publish(
        started.elapsed(),
        outcome.as_ref().map_or(0, |r| r.written as u64),
        !outcome.as_ref().is_ok_and(|r| r.failures.is_empty()),
    );
    let (blamed, error, transient) = match outcome {
        Ok(report) if report.failures.is_empty() => {
            if let Err(e) = resolve_set_aside(db).await {
                tracing::warn!(error = %e, "failed to resolve jobs set aside");
            }
            (Vec::new(), String::new(), false)
        }
        Ok(report) => {
            let transient = report.failures.iter().all(|f| f.transient);
            match blame(db, &jobs, &report.failures, policy).await {
                Ok((blamed, error)) => (blamed, error, transient),
                Err(e) => {
                    let e = anyhow::Error::new(e);
                    (
                        jobs.iter().collect(),
                        format!("{e:#}"),
                        concierge_store::transient(&e),
                    )
                }
            }
        }
        Err(e) => {
            tracing::error!(error = ?e, "publish failed");
            let transient = concierge_store::transient(&e);
            (jobs.iter().collect(), format!("{e:#}"), transient)
        }
    };
    let done: Vec<i32> = jobs
        .iter()
        .filter(|j| !blamed.iter().any(|b| b.id == j.id))
        .map(|j| j.id)
        .collect();
    if let Err(e) = complete(db, worker, &done).await {
        tracing::warn!(error = %e, "failed to mark publish jobs done");
    }
    if blamed.is_empty() {
        return true;
    }
    tracing::error!(jobs = ?blamed.iter().map(|j| j.id).collect::<Vec<_>>(), %error, "publish jobs failed");
    if let Err(e) = fail(db, &blamed, &error, policy, transient).await {
        tracing::warn!(error = %e, "failed to record a publish failure");
    }
    false
}

/// The jobs of `jobs` that a failed output belongs to, and the error to record: a blog's pages
/// belong to that blog's jobs; any other output (a listing, the home page) to every job. A
/// failing blog page that no claimed job names gets a job of its own ([`requeue`]).
async fn blame<'j>(
    db: &Db,
    jobs: &'j [Job],
    failures: &[site::Failure],
    policy: RetryPolicy,
) -> Result<(Vec<&'j Job>, String), concierge_store::DbErr> {
    let mut blamed: Vec<&Job> = Vec::new();
    let mut errors: Vec<String> = Vec::new();
    for failure in failures {
        errors.push(failure.error.clone());
        match site::owner(&failure.target) {
            None => blamed.extend(jobs.iter()),
            Some(blog) => {
                let owners: Vec<&Job> = jobs
                    .iter()
                    .filter(|j| j.resource == Resource::Blog && j.resource_id == blog)
                    .collect();
                if owners.is_empty() {
                    requeue(db, blog, &failure.error, policy).await?;
                }
                blamed.extend(owners);
            }
        }
    }
    blamed.sort_by_key(|j| j.id);
    blamed.dedup_by_key(|j| j.id);
    errors.dedup();
    Ok((blamed, errors.join("; ")))
}

/// Queues a full build when the site store holds no complete build of this site (a first start,
/// or new templates): before the server answers, so that from its first answer the build shows
/// as pending (`GET /publish/status`, and whoever waits for the queue to drain) until the site
/// is there.
pub async fn queue_first_build(db: &Db, publisher: &site::Publisher) {
    if publisher.is_current().await {
        return;
    }
    if let Err(e) = enqueue_site_build(db).await {
        tracing::error!(error = %e, "failed to queue the initial site build");
    }
}

/// Drains the outbox until `stop` turns true: woken by `wakeup` after each write, and every
/// few seconds to pick up jobs left by other instances, a crash, or a backoff that ran out.
///
/// `on_drained` runs (on a blocking thread) each time the outbox has been emptied after some
/// work: the binary gives the allocator's free memory back to the system there.
///
/// Told to stop, it finishes the publish under way (if any) and gives the lease up, so that
/// another instance (the one replacing this one) publishes at once instead of waiting up to
/// [`LEASE_SECONDS`] for the lease to run out.
pub async fn run_worker(
    db: Db,
    wakeup: Arc<Notify>,
    worker: String,
    publisher: Arc<site::Publisher>,
    policy: RetryPolicy,
    mut stop: tokio::sync::watch::Receiver<bool>,
    on_drained: fn(),
) {
    // A missing, partial or outdated site was queued for a full build before the server
    // answered ([`queue_first_build`]); a current one is warmed for the first edit.
    if publisher.is_current().await {
        publisher.warm(&db).await;
    }
    let tick = policy.first_delay.min(Duration::from_secs(2));
    // True at start too: checking the site at start reads as much as a publish.
    let mut published = true;
    while !*stop.borrow() {
        match acquire_lease(&db, &worker).await {
            Ok(true) => {
                if publish_pending(&db, &worker, &publisher, policy).await {
                    published = true;
                    continue;
                }
                // Nothing due, or a failure: either way another instance may take over.
                if let Err(e) = release_lease(&db, &worker).await {
                    tracing::warn!(error = %e, "failed to release the publishing lease");
                }
                if std::mem::take(&mut published) {
                    // The outbox is drained: what the publishes read and rendered is free.
                    let _ = tokio::task::spawn_blocking(on_drained).await;
                }
            }
            Ok(false) => {}
            Err(e) => tracing::warn!(error = %e, "failed to take the publishing lease"),
        }
        tokio::select! {
            _ = tokio::time::timeout(tick, wakeup.notified()) => {}
            // Whoever could tell it to stop is gone (the server failed to start): it stops.
            told = stop.changed() => if told.is_err() { break },
        }
    }
    if let Err(e) = release_lease(&db, &worker).await {
        tracing::warn!(error = %e, "failed to give the publishing lease up at shutdown");
    }
}
