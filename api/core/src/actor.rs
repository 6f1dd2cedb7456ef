//! Who is acting: the administrator of the request being answered, someone signing in, or the
//! system (the scheduler, the command line, the seed). An administrator's request runs inside
//! [`scoped`]; whatever it records reads the actor with [`Actor::current`].

use std::future::Future;

/// Who acts, and from where.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Actor {
    pub id: Option<i32>,
    pub username: Option<String>,
    pub address: Option<String>,
}

tokio::task_local! {
    static ACTOR: Actor;
}

impl Actor {
    /// The actor of the request being answered (the system outside one).
    pub fn current() -> Actor {
        ACTOR.try_with(Clone::clone).unwrap_or_default()
    }

    /// The server itself (the scheduler, the command line): no user name, no address.
    pub fn system() -> Actor {
        Actor::default()
    }

    /// Someone who is not signed in yet (a sign-in attempt), by the name they typed.
    pub fn anonymous(username: &str, address: std::net::IpAddr) -> Actor {
        Actor {
            id: None,
            username: Some(username.chars().take(100).collect()),
            address: Some(address.to_string()),
        }
    }
}

/// Runs `future` (an administrator's request) with `actor` as the one who acts.
pub async fn scoped<F: Future>(actor: Actor, future: F) -> F::Output {
    ACTOR.scope(actor, future).await
}
