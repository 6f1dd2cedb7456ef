//! Limits: how many events in how long ([`Limit`], the form of `CONCIERGE_FORM_LIMIT`), and
//! how many sign-in attempts and codes are allowed before the next one waits.

/// At most `max` events in any `window`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub max: u64,
    pub window: chrono::Duration,
}

impl Limit {
    /// `10/10m`, `5/15m`, `100/1h`, `3/30s`: the form of `CONCIERGE_FORM_LIMIT`.
    pub fn parse(text: &str) -> Result<Limit, String> {
        let bad =
            || format!("{text:?} is not a limit like 10/10m (count/window, window in s, m or h)");
        let (max, window) = text.trim().split_once('/').ok_or_else(bad)?;
        let max: u64 = max.trim().parse().ok().filter(|m| *m > 0).ok_or_else(bad)?;
        let window = window.trim();
        let unit = window.chars().last().ok_or_else(bad)?;
        let amount: i64 = window[..window.len() - unit.len_utf8()]
            .parse()
            .ok()
            .filter(|a| *a > 0)
            .ok_or_else(bad)?;
        let window = match unit {
            's' => chrono::Duration::seconds(amount),
            'm' => chrono::Duration::minutes(amount),
            'h' => chrono::Duration::hours(amount),
            _ => return Err(bad()),
        };
        Ok(Limit { max, window })
    }
}

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

/// Codes per administrator and address before the next one from there waits (the password's
/// limit): five wrong codes from one address never hold the right code back from another.
pub const CODE_LIMIT: Limit = PAIR_LIMIT;

#[cfg(test)]
mod tests {
    use super::Limit;

    #[test]
    fn limits_read_as_count_per_window() {
        assert_eq!(
            Limit::parse("10/10m"),
            Ok(Limit {
                max: 10,
                window: chrono::Duration::minutes(10)
            })
        );
        assert_eq!(
            Limit::parse(" 3/30s ").unwrap().window,
            chrono::Duration::seconds(30)
        );
        assert_eq!(Limit::parse("100/1h").unwrap().max, 100);
        for bad in ["", "10", "0/10m", "10/0m", "10/10d", "x/10m", "10/m"] {
            assert!(Limit::parse(bad).unwrap_err().contains("10/10m"), "{bad:?}");
        }
    }
}
