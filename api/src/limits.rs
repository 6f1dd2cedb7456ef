//! How many sign-in attempts and codes are allowed before the next one waits.

use crate::throttle::Limit;

/// Failures in [`FAILURE_WINDOW_MINUTES`] before a pair waits, and before an account's attempts
/// are slowed down.
pub const MAX_FAILURES: u64 = 5;
pub const FAILURE_WINDOW_MINUTES: i64 = 15;

/// Sign-in attempts per (user name, address) before that pair waits (OWASP: throttle the
/// pair, never lock the account).
pub const PAIR_LIMIT: Limit = Limit {
    max: MAX_FAILURES,
    window: chrono::Duration::minutes(FAILURE_WINDOW_MINUTES),
};
/// Sign-in attempts per address, whatever the user names (an office behind one address has
/// several administrators).
pub const ADDRESS_LIMIT: Limit = Limit {
    max: 4 * MAX_FAILURES,
    window: chrono::Duration::minutes(FAILURE_WINDOW_MINUTES),
};
/// The longest a sign-in is slowed down for a user name that many addresses guess at.
pub const MAX_USER_DELAY: std::time::Duration = std::time::Duration::from_secs(8);
