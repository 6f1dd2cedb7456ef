//! Logging: `RUST_LOG` filters (default `info`), to stderr.
//!
//! The handlers and the use cases below them are spans at the `debug` level
//! (`#[tracing::instrument(level = "debug", …)]`): off by default, at no cost. With
//! `RUST_LOG=info,concierge_http=debug,concierge_app=debug` each one logs, as it closes, how long
//! it took (`time.busy`, `time.idle`) inside the request's span, so a slow request says where
//! its time went.

use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::format::FmtSpan;

pub fn init() {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_span_events(FmtSpan::CLOSE)
        .with_writer(std::io::stderr)
        .try_init();
}
