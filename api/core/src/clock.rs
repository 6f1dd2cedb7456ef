//! The time the content lifecycle goes by: what is live, when a schedule is due, when a save,
//! an enquiry or an import happened. One clock per process, the wall clock unless a test moves
//! it forward (`advance`), so schedules are tested without sleeping and every instance of a test
//! agrees on the time. A save is handed its `now` from it and uses nothing else.
//!
//! What must agree with the world outside the process reads the wall clock instead: leases and
//! queue claims (other processes), throttle windows, session expiry, TOTP steps (the
//! authenticator app), audit times and backup names. `just layers` lists those modules and fails
//! on a wall-clock read anywhere else.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use chrono::{DateTime, Duration, Utc};

#[derive(Clone, Debug, Default)]
pub struct Clock {
    /// Milliseconds added to the wall clock (0 outside tests).
    offset_ms: Arc<AtomicI64>,
}

impl Clock {
    pub fn now(&self) -> DateTime<Utc> {
        Utc::now() + Duration::milliseconds(self.offset_ms.load(Ordering::Relaxed))
    }

    /// Moves this clock (and every copy of it) forward by `by`.
    pub fn advance(&self, by: Duration) {
        self.offset_ms
            .fetch_add(by.num_milliseconds(), Ordering::Relaxed);
    }
}
