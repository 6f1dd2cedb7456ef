//! What `GET /metrics` counts in-process, in Prometheus' text format: requests by the route the
//! router matched (never the raw path, so the series stay as many as the routes whatever
//! visitors ask for), their durations, and the publisher's runs. Plain atomics behind a map
//! that only grows by a new route, method and status: a request costs a read lock and two
//! atomic adds. What the database knows (queue depths) is read at each scrape instead.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// Upper bounds, in seconds, of the request-duration buckets.
const REQUEST_BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0,
];
/// Upper bounds, in seconds, of the publish-duration buckets.
const PUBLISH_BUCKETS: [f64; 10] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0, 30.0];

/// A histogram of durations.
#[derive(Debug)]
pub struct Histogram {
    bounds: &'static [f64],
    buckets: Vec<AtomicU64>,
    count: AtomicU64,
    /// Microseconds.
    sum_us: AtomicU64,
}

impl Histogram {
    fn new(bounds: &'static [f64]) -> Histogram {
        Histogram {
            bounds,
            buckets: bounds.iter().map(|_| AtomicU64::new(0)).collect(),
            count: AtomicU64::new(0),
            sum_us: AtomicU64::new(0),
        }
    }

    pub fn observe(&self, took: Duration) {
        let seconds = took.as_secs_f64();
        if let Some(at) = self.bounds.iter().position(|b| seconds <= *b) {
            self.buckets[at].fetch_add(1, Ordering::Relaxed);
        }
        self.count.fetch_add(1, Ordering::Relaxed);
        self.sum_us
            .fetch_add(took.as_micros() as u64, Ordering::Relaxed);
    }

    /// `name_bucket`, `name_sum` and `name_count` lines with `labels` (`k="v",…` or empty).
    fn render(&self, out: &mut String, name: &str, labels: &str) {
        let sep = if labels.is_empty() { "" } else { "," };
        let mut running = 0;
        for (bound, bucket) in self.bounds.iter().zip(&self.buckets) {
            running += bucket.load(Ordering::Relaxed);
            let _ = writeln!(
                out,
                "{name}_bucket{{{labels}{sep}le=\"{bound}\"}} {running}"
            );
        }
        let count = self.count.load(Ordering::Relaxed);
        let _ = writeln!(out, "{name}_bucket{{{labels}{sep}le=\"+Inf\"}} {count}");
        let sum = self.sum_us.load(Ordering::Relaxed) as f64 / 1e6;
        let braces = |labels: &str| {
            if labels.is_empty() {
                String::new()
            } else {
                format!("{{{labels}}}")
            }
        };
        let _ = writeln!(out, "{name}_sum{} {sum}", braces(labels));
        let _ = writeln!(out, "{name}_count{} {count}", braces(labels));
    }
}

/// A route and method's requests: counts by status, and durations.
#[derive(Debug)]
struct RouteSeries {
    statuses: RwLock<Vec<(u16, Arc<AtomicU64>)>>,
    durations: Histogram,
}

/// A series' key: the route (a fixed name is borrowed, a pattern owned) and the method.
type RouteKey = (Cow<'static, str>, &'static str);

/// The process's counters. One per running server (tests run several in one process).
#[derive(Debug)]
pub struct Registry {
    routes: RwLock<HashMap<RouteKey, Arc<RouteSeries>>>,
    publish_durations: Histogram,
    pages_written: AtomicU64,
    publishes_failed: AtomicU64,
}

impl Default for Registry {
    fn default() -> Self {
        Registry {
            routes: RwLock::default(),
            publish_durations: Histogram::new(&PUBLISH_BUCKETS),
            pages_written: AtomicU64::new(0),
            publishes_failed: AtomicU64::new(0),
        }
    }
}

/// The methods that get a label of their own; any other is `other`.
pub fn method_label(method: &str) -> &'static str {
    match method {
        "GET" => "GET",
        "HEAD" => "HEAD",
        "POST" => "POST",
        "PUT" => "PUT",
        "DELETE" => "DELETE",
        "PATCH" => "PATCH",
        "OPTIONS" => "OPTIONS",
        _ => "other",
    }
}

impl Registry {
    /// Counts a request answered with `status` after `took`. `route` is a pattern the router
    /// knows, or a fixed name for what no pattern matched.
    pub fn observe_request(
        &self,
        route: Cow<'static, str>,
        method: &'static str,
        status: u16,
        took: Duration,
    ) {
        let series = self.series(route, method);
        series.durations.observe(took);
        let counter = {
            let statuses = series.statuses.read().unwrap_or_else(|e| e.into_inner());
            statuses
                .iter()
                .find(|(s, _)| *s == status)
                .map(|(_, c)| c.clone())
        };
        let counter = counter.unwrap_or_else(|| {
            let mut statuses = series.statuses.write().unwrap_or_else(|e| e.into_inner());
            match statuses.iter().find(|(s, _)| *s == status) {
                Some((_, c)) => c.clone(),
                None => {
                    let c = Arc::new(AtomicU64::new(0));
                    statuses.push((status, c.clone()));
                    c
                }
            }
        });
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// The series of `route` and `method` (a page's fixed `site` costs no allocation).
    fn series(&self, route: Cow<'static, str>, method: &'static str) -> Arc<RouteSeries> {
        let key = (route, method);
        if let Some(found) = self
            .routes
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
        {
            return found.clone();
        }
        self.routes
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .entry(key)
            .or_insert_with(|| {
                Arc::new(RouteSeries {
                    statuses: RwLock::default(),
                    durations: Histogram::new(&REQUEST_BUCKETS),
                })
            })
            .clone()
    }

    /// Counts a publish that took `took` and wrote `pages` files; `failed` when any output
    /// failed.
    pub fn observe_publish(&self, took: Duration, pages: u64, failed: bool) {
        self.publish_durations.observe(took);
        self.pages_written.fetch_add(pages, Ordering::Relaxed);
        if failed {
            self.publishes_failed.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// The in-process families, in Prometheus' text format.
    pub fn render(&self, out: &mut String) {
        let mut routes: Vec<(RouteKey, Arc<RouteSeries>)> = self
            .routes
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        routes.sort_by(|a, b| a.0.cmp(&b.0));
        out.push_str("# HELP concierge_http_requests_total Requests answered, by the route the router matched, method and status.\n");
        out.push_str("# TYPE concierge_http_requests_total counter\n");
        for ((route, method), series) in &routes {
            let mut statuses = series
                .statuses
                .read()
                .unwrap_or_else(|e| e.into_inner())
                .clone();
            statuses.sort_by_key(|(s, _)| *s);
            for (status, count) in statuses {
                let _ = writeln!(
                    out,
                    "concierge_http_requests_total{{route=\"{}\",method=\"{method}\",status=\"{status}\"}} {}",
                    escape(route),
                    count.load(Ordering::Relaxed)
                );
            }
        }
        out.push_str("# HELP concierge_http_request_duration_seconds Time to answer a request, by route and method.\n");
        out.push_str("# TYPE concierge_http_request_duration_seconds histogram\n");
        for ((route, method), series) in &routes {
            let labels = format!("route=\"{}\",method=\"{method}\"", escape(route));
            series
                .durations
                .render(out, "concierge_http_request_duration_seconds", &labels);
        }
        out.push_str("# HELP concierge_publish_duration_seconds Time a publish took, from its claim to its last file.\n");
        out.push_str("# TYPE concierge_publish_duration_seconds histogram\n");
        self.publish_durations
            .render(out, "concierge_publish_duration_seconds", "");
        counter(
            out,
            "concierge_publish_pages_written_total",
            "Files the publisher wrote (pages, feeds, sitemaps, the search index).",
            self.pages_written.load(Ordering::Relaxed),
        );
        counter(
            out,
            "concierge_publish_failures_total",
            "Publishes with an output that failed.",
            self.publishes_failed.load(Ordering::Relaxed),
        );
    }
}

fn counter(out: &mut String, name: &str, help: &str, value: u64) {
    let _ = writeln!(
        out,
        "# HELP {name} {help}\n# TYPE {name} counter\n{name} {value}"
    );
}

/// A label value with `\`, `"` and new lines escaped.
pub fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_counted_by_route_method_and_status_with_their_durations() {
        let registry = Registry::default();
        for _ in 0..3 {
            registry.observe_request(
                "/api/v1/blog/{id}".into(),
                "GET",
                200,
                Duration::from_millis(2),
            );
        }
        registry.observe_request(
            "/api/v1/blog/{id}".into(),
            "GET",
            404,
            Duration::from_millis(30),
        );
        let mut out = String::new();
        registry.render(&mut out);
        assert!(out.contains(
            "concierge_http_requests_total{route=\"/api/v1/blog/{id}\",method=\"GET\",status=\"200\"} 3"
        ), "{out}");
        assert!(out.contains("concierge_http_request_duration_seconds_bucket{route=\"/api/v1/blog/{id}\",method=\"GET\",le=\"0.0025\"} 3"), "{out}");
        assert!(out.contains("concierge_http_request_duration_seconds_count{route=\"/api/v1/blog/{id}\",method=\"GET\"} 4"), "{out}");
        let counted = out
            .lines()
            .filter(|l| l.starts_with("concierge_http_requests_total{"))
            .count();
        assert_eq!(counted, 2, "one series per status");
    }
}
