//! The id of the request being answered (`X-Request-Id`: the client's own when it sent a sane
//! one, else a new one), and of the work it causes: the publish jobs, messages and purges a
//! request queues carry it, and the workers that run them log with it, so a save's line and the
//! lines of the publish it caused share one id.

use std::fmt;
use std::future::Future;

/// A request's id: 1 to 64 of `A-Z a-z 0-9 . _ : -`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestId(String);

tokio::task_local! {
    static REQUEST_ID: RequestId;
}

impl RequestId {
    /// A new id: 32 random hex digits.
    pub fn new() -> RequestId {
        let bits: u128 = rand::random();
        RequestId(format!("{bits:032x}"))
    }

    /// `raw` as an id, when it is a sane one (what a proxy or a client may send).
    pub fn sane(raw: &str) -> Option<RequestId> {
        let ok = (1..=64).contains(&raw.len())
            && raw
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b':' | b'-'));
        ok.then(|| RequestId(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The id of the request (or the queued work) being run, if any.
    pub fn current() -> Option<RequestId> {
        REQUEST_ID.try_with(Clone::clone).ok()
    }

    /// Runs `work` with this id as the current one.
    pub async fn scope<F: Future>(self, work: F) -> F::Output {
        REQUEST_ID.scope(self, work).await
    }
}

impl Default for RequestId {
    fn default() -> Self {
        RequestId::new()
    }
}

impl fmt::Display for RequestId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::RequestId;

    #[test]
    fn only_sane_ids_are_taken_from_outside() {
        for good in ["abc", "0af4c1d2-77aa-4b1e-9c5e-5f0e8d6c1a2b", "req:1.2_3"] {
            assert_eq!(RequestId::sane(good).unwrap().as_str(), good);
        }
        let long = "a".repeat(65);
        for bad in ["", "a b", "a\nb", "<script>", "é", long.as_str()] {
            assert!(RequestId::sane(bad).is_none(), "{bad:?}");
        }
        assert_eq!(RequestId::new().as_str().len(), 32);
        assert_ne!(RequestId::new(), RequestId::new());
    }

    #[tokio::test]
    async fn the_current_id_is_the_scopes() {
        assert!(RequestId::current().is_none());
        let id = RequestId::sane("outer").unwrap();
        let seen = id.clone().scope(async { RequestId::current() }).await;
        assert_eq!(seen, Some(id));
    }
}
