//! Logging: `RUST_LOG` filters (default `info`), to stderr, as text or, with
//! `CONCIERGE_LOG_FORMAT=json`, one JSON object a line: `ts`, `level`, `msg`, `target`,
//! `request_id` (the request being answered, or the request whose queued work a worker runs),
//! then the event's own fields (`route`, `status`, `ms`, `actor` on a request's line) and those
//! of the spans it is in.
//!
//! The handlers and the use cases below them are spans at the `debug` level
//! (`#[tracing::instrument(level = "debug", …)]`): off by default, at no cost. With
//! `RUST_LOG=info,concierge_http=debug,concierge_app=debug` each one logs, as it closes, how long
//! it took (`time.busy`, `time.idle`) inside the request's span, so a slow request says where
//! its time went.

use std::io::Write;

use serde_json::{Map, Value};
use tracing::field::{Field, Visit};
use tracing::{Event, Subscriber, span};
use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::format::FmtSpan;
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::registry::LookupSpan;
use tracing_subscriber::util::SubscriberInitExt;

use concierge_core::request_id::RequestId;

/// How log lines are written (`CONCIERGE_LOG_FORMAT`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

impl Format {
    /// `text` (the default) or `json`; anything else is refused with what to set.
    pub fn from_env() -> Result<Format, String> {
        match std::env::var("CONCIERGE_LOG_FORMAT")
            .as_deref()
            .map(str::trim)
        {
            Err(_) | Ok("" | "text") => Ok(Format::Text),
            Ok("json") => Ok(Format::Json),
            Ok(other) => Err(format!(
                "CONCIERGE_LOG_FORMAT must be `text` or `json`, not `{other}`"
            )),
        }
    }
}

pub fn init() {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn"));
    let format = Format::from_env().unwrap_or_else(|why| {
        eprintln!("{why}");
        std::process::exit(2);
    });
    // A second call (tests start several servers) keeps the first subscriber.
    match format {
        Format::Text => {
            let _ = tracing_subscriber::fmt()
                .with_env_filter(filter)
                .with_span_events(FmtSpan::CLOSE)
                .with_writer(std::io::stderr)
                // Not reported on stderr when stderr itself fails (a full disk, a closed
                // pipe): `eprintln!` would panic whichever thread was logging, a request's or
                // the database worker's. A log line that cannot be written is dropped.
                .log_internal_errors(false)
                .try_init();
        }
        Format::Json => {
            let _ = tracing_subscriber::registry()
                .with(filter)
                .with(JsonLines)
                .try_init();
        }
    }
}

/// Writes each event as one JSON object on a line of its own.
struct JsonLines;

/// A span's fields, kept for the events inside it.
struct SpanFields(Map<String, Value>);

/// Collects fields into a JSON object (`message` becomes `msg`).
struct Fields<'a>(&'a mut Map<String, Value>);

impl Visit for Fields<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.put(field, Value::String(format!("{value:?}")));
    }
    fn record_str(&mut self, field: &Field, value: &str) {
        self.put(field, Value::String(value.to_owned()));
    }
    fn record_i64(&mut self, field: &Field, value: i64) {
        self.put(field, value.into());
    }
    fn record_u64(&mut self, field: &Field, value: u64) {
        self.put(field, value.into());
    }
    fn record_f64(&mut self, field: &Field, value: f64) {
        self.put(field, value.into());
    }
    fn record_bool(&mut self, field: &Field, value: bool) {
        self.put(field, value.into());
    }
}

impl Fields<'_> {
    fn put(&mut self, field: &Field, value: Value) {
        let name = match field.name() {
            "message" => "msg",
            name => name,
        };
        self.0.insert(name.to_owned(), value);
    }
}

impl<S> tracing_subscriber::Layer<S> for JsonLines
where
    S: Subscriber + for<'a> LookupSpan<'a>,
{
    fn on_new_span(&self, attrs: &span::Attributes<'_>, id: &span::Id, ctx: Context<'_, S>) {
        let mut fields = Map::new();
        attrs.record(&mut Fields(&mut fields));
        if let Some(span) = ctx.span(id) {
            span.extensions_mut().insert(SpanFields(fields));
        }
    }

    fn on_record(&self, id: &span::Id, values: &span::Record<'_>, ctx: Context<'_, S>) {
        if let Some(span) = ctx.span(id)
            && let Some(SpanFields(fields)) = span.extensions_mut().get_mut::<SpanFields>()
        {
            values.record(&mut Fields(fields));
        }
    }

    fn on_event(&self, event: &Event<'_>, ctx: Context<'_, S>) {
        let meta = event.metadata();
        let mut line = Map::new();
        line.insert(
            "ts".into(),
            chrono::Utc::now()
                .to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
                .into(),
        );
        line.insert("level".into(), meta.level().as_str().to_lowercase().into());
        line.insert("msg".into(), Value::String(String::new()));
        line.insert("target".into(), meta.target().into());
        if let Some(id) = RequestId::current() {
            line.insert("request_id".into(), id.as_str().into());
        }
        if let Some(scope) = ctx.event_scope(event) {
            for span in scope.from_root() {
                if let Some(SpanFields(fields)) = span.extensions().get::<SpanFields>() {
                    for (k, v) in fields {
                        line.insert(k.clone(), v.clone());
                    }
                }
            }
        }
        event.record(&mut Fields(&mut line));
        let mut text = Value::Object(line).to_string();
        text.push('\n');
        let _ = std::io::stderr().lock().write_all(text.as_bytes());
    }
}
