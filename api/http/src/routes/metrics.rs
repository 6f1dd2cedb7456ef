//! `GET /metrics`: Prometheus' text format, for a scraper that sends
//! `Authorization: Bearer <CONCIERGE_METRICS_TOKEN>` or an owner's session token (401 without
//! a token or with a wrong one, 403 for another role). The requests and publishes counted
//! in-process ([`concierge_core::metrics`]), then what is read at each scrape: the queues'
//! depths, the database pools, the free space of the data's folders, the process's memory.

use std::fmt::Write;

use actix_web::{HttpRequest, HttpResponse, get, web};

use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_core::metrics::escape;
use concierge_core::roles::Role;

/// Whether `a` and `b` are the same, in a time that does not depend on where they differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[get("/metrics")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn metrics(state: web::Data<AppState>, req: HttpRequest) -> Answer {
    let token = crate::auth::bearer_token(&req)?;
    let scraper = state
        .settings
        .metrics_token
        .as_deref()
        .is_some_and(|expected| same(expected.as_bytes(), token.as_bytes()));
    if !scraper {
        let admin = crate::auth::admin_of_token(state.clone(), token).await?;
        if admin.role != Role::Owner {
            return Ok(crate::routes::error_response::error_body(
                HttpResponse::Forbidden(),
                &concierge_core::domain::rules::account_messages().forbidden,
                [],
            ));
        }
    }
    let mut out = String::with_capacity(16 * 1024);
    state.metrics.render(&mut out);
    gauges(&state, &mut out).await?;
    Ok(HttpResponse::Ok()
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(out))
}

fn gauge_head(out: &mut String, name: &str, help: &str) {
    metric_head(out, name, "gauge", help);
}

fn metric_head(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
}

/// What is read at each scrape.
async fn gauges(state: &AppState, out: &mut String) -> Answer<()> {
    let now = chrono::Utc::now();
    let depths = concierge_app::system::queue_depths(
        &state.db,
        state.settings.purge_retry.max_attempts,
        now,
    )
    .await?;
    for (name, help, value) in [
        (
            "concierge_queue_pending",
            "Items waiting in each queue (publish jobs, messages, edge purges, images), retries included.",
            (|d: &concierge_app::system::Depth| d.pending as f64) as fn(&_) -> f64,
        ),
        (
            "concierge_queue_retrying",
            "Items whose last attempt failed and that wait for another.",
            |d| d.retrying as f64,
        ),
        (
            "concierge_queue_failed",
            "Items set aside after their last attempt (purges: refused several times, still retried).",
            |d| d.failed as f64,
        ),
        (
            "concierge_queue_oldest_seconds",
            "How long the oldest pending item has waited.",
            |d| d.oldest_seconds,
        ),
    ] {
        gauge_head(out, name, help);
        for depth in &depths {
            let _ = writeln!(out, "{name}{{queue=\"{}\"}} {}", depth.queue, value(depth));
        }
    }
    gauge_head(
        out,
        "concierge_db_pool_connections",
        "Connections of each database pool, by state.",
    );
    for (pool, size, idle) in state.db.pool_sizes() {
        let _ = writeln!(
            out,
            "concierge_db_pool_connections{{pool=\"{pool}\",state=\"idle\"}} {idle}"
        );
        let _ = writeln!(
            out,
            "concierge_db_pool_connections{{pool=\"{pool}\",state=\"in_use\"}} {}",
            size.saturating_sub(idle)
        );
    }
    gauge_head(
        out,
        "concierge_storage_free_bytes",
        "Free space for the folders this instance writes to (the data, the database).",
    );
    for folder in super::health::folders(state) {
        if let Some(free) = super::health::free_space(&folder) {
            let _ = writeln!(
                out,
                "concierge_storage_free_bytes{{folder=\"{}\"}} {free}",
                escape(&folder.display().to_string())
            );
        }
    }
    if let Some(rss) = resident_bytes() {
        gauge_head(
            out,
            "process_resident_memory_bytes",
            "Resident memory of this process.",
        );
        let _ = writeln!(out, "process_resident_memory_bytes {rss}");
    }
    gauge_head(
        out,
        "concierge_live_streams",
        "Administrators' live event streams open on this instance.",
    );
    let _ = writeln!(out, "concierge_live_streams {}", state.live.streams());
    metric_head(
        out,
        "concierge_live_reads_total",
        "counter",
        "Reads of the history for the live events: one per tick for all open streams.",
    );
    let _ = writeln!(out, "concierge_live_reads_total {}", state.live.reads());
    gauge_head(
        out,
        "concierge_site_built",
        "1 when the site store holds a complete build of this site.",
    );
    let _ = writeln!(
        out,
        "concierge_site_built {}",
        u8::from(state.publisher.is_current().await)
    );
    Ok(())
}

/// The resident set of this process, from `/proc/self/statm` (Linux).
fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}
