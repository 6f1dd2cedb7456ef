//! `GET /events`: the signed-in administrator's live events, as Server-Sent Events. `saved`
//! tells each save of content as it is made (`{kind, id, version, by, at, action, fields}`), so
//! an open form says that someone else saved before its own save does; `presence` who else has
//! an item's form open, whenever that changes (`{kind, id, present}`); `counts` the menu's
//! counts whenever one changes (`{review, translations, inbox}`, each only for a role that may
//! read it). The stream reads the database (a save made by any instance is told), checks now and
//! then that its session still signs in, and ends after a few minutes: the admin opens it again,
//! from where it was (`after`), so nothing is missed and a changed role holds.

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web::http::header;
use actix_web::{HttpResponse, get, web};
use serde::Deserialize;
use tokio::sync::watch;

use crate::auth::Admin;
use crate::routes::error_response::Answer;
use crate::state::AppState;
use concierge_app::content::presence::Present;
use concierge_app::live::{self, Counts, Presence, Sight};
use concierge_core::roles::{Permission, Role};

/// How often the stream checks that its session still signs in.
const SESSION_EVERY: Duration = Duration::from_secs(10);
/// A comment this often keeps proxies from closing a quiet stream, and finds a stream whose
/// reader has gone (the server learns it when a write fails), so it stops being read for.
const KEEP_ALIVE: Duration = Duration::from_secs(5);
/// How long one stream lasts before the admin opens it again.
const LIFETIME: Duration = Duration::from_secs(300);

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EventsQuery {
    /// The `id` of the last event received, to carry on from it (the saves since are told first);
    /// from now when left out. `Last-Event-ID` says the same.
    #[param(value_type = Option<i32>, minimum = 0)]
    pub after: Option<String>,
}

/// One stream's place: what it has told, and when it last did what.
struct Watch {
    state: web::Data<AppState>,
    sights: watch::Receiver<Option<Arc<Sight>>>,
    role: Role,
    admin: i32,
    session: i32,
    after: i32,
    counts: Option<Counts>,
    /// Who else has which item open, as last told.
    presence: BTreeMap<(String, i32), Vec<Present>>,
    queued: VecDeque<web::Bytes>,
    started: Instant,
    checked: Instant,
    spoke: Instant,
}

/// An event as the stream writes it.
fn event(name: &str, id: Option<i32>, data: &impl serde::Serialize) -> web::Bytes {
    let data = serde_json::to_string(data).unwrap_or_else(|_| "null".into());
    let id = id.map(|id| format!("id: {id}\n")).unwrap_or_default();
    web::Bytes::from(format!("event: {name}\n{id}data: {data}\n\n"))
}

impl Watch {
    /// Waits for the hub's next sight, the session's next check or the next keep-alive, and
    /// queues what there is to tell. `false` when the stream is over (its time is up, or its
    /// session ended).
    async fn wait(&mut self) -> bool {
        let left = LIFETIME.saturating_sub(self.started.elapsed());
        if left.is_zero() {
            return false;
        }
        let next_check = SESSION_EVERY.saturating_sub(self.checked.elapsed());
        let next_word = KEEP_ALIVE.saturating_sub(self.spoke.elapsed());
        let sighted = tokio::select! {
            changed = self.sights.changed() => changed.is_ok(),
            () = tokio::time::sleep(left.min(next_check).min(next_word)) => false,
        };
        if self.checked.elapsed() >= SESSION_EVERY {
            self.checked = Instant::now();
            let now = self.state.settings.clock.now();
            match concierge_app::accounts::sessions::still_open(&self.state.db, self.session, now)
                .await
            {
                Ok(false) => return false,
                Ok(true) => {}
                Err(e) => tracing::warn!(error = %e, "live events: session not checked"),
            }
        }
        if sighted {
            let sight = self.sights.borrow_and_update().clone();
            if let Some(sight) = sight {
                self.tell(&sight).await;
            }
        }
        if self.queued.is_empty() && self.spoke.elapsed() >= KEEP_ALIVE {
            self.queued
                .push_back(web::Bytes::from_static(b": still here\n\n"));
        }
        true
    }

    /// Queues what `sight` holds for this stream: the saves since the last told (read from the
    /// history when the sight no longer holds them all), and the counts when they changed.
    async fn tell(&mut self, sight: &Sight) {
        while self.after < sight.newest {
            let before = self.after;
            if let Some(saves) = sight.saves_after(self.after) {
                let hears = self.role.may(Permission::ContentRead);
                for (id, save) in saves {
                    if hears {
                        self.queued.push_back(event("saved", Some(*id), save));
                    }
                    self.after = *id;
                }
                if !hears {
                    self.after = sight.newest;
                }
            } else {
                match live::saved_since(&self.state.db, self.role, self.after).await {
                    Ok((saves, next)) => {
                        for (id, save) in &saves {
                            self.queued.push_back(event("saved", Some(*id), save));
                        }
                        self.after = next;
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "live events: saves not read");
                        break;
                    }
                }
            }
            if self.after == before {
                // Nothing more to read (the history holds no save past it yet).
                break;
            }
            if !self
                .queued
                .back()
                .is_some_and(|b| b.starts_with(b"event: saved"))
            {
                // Saves this role may not hear of: where it is now, without them.
                self.queued
                    .push_back(web::Bytes::from(format!("id: {}\n\n", self.after)));
            }
        }
        if self.role.may(Permission::ContentRead) {
            let now = sight.presence_for(self.admin);
            let empty = Vec::new();
            let items: std::collections::BTreeSet<&(String, i32)> =
                now.keys().chain(self.presence.keys()).collect();
            for item in items {
                let present = now.get(item).unwrap_or(&empty);
                if self.presence.get(item).unwrap_or(&empty) != present {
                    let presence = Presence {
                        kind: item.0.clone(),
                        id: item.1,
                        present: present.clone(),
                    };
                    self.queued.push_back(event("presence", None, &presence));
                }
            }
            self.presence = now;
        }
        let counts = sight.counts.for_role(self.role);
        if self.counts.as_ref() != Some(&counts) {
            self.queued.push_back(event("counts", None, &counts));
            self.counts = Some(counts);
        }
    }
}

/// The signed-in administrator's live events (Server-Sent Events): `saved` and `counts`, only
/// what the account's role may read.
#[utoipa::path(context_path = "/api/v1", tag = "account",
    params(EventsQuery),
    security(("api_key" = [], "bearer" = ["account"])),
    responses((status = 200, description = "An event stream (`text/event-stream`): `event: saved` with `{kind, id, version, by, at, action, fields}` `event: presence` with `{kind, id, present: [{username, since}]}` (who else has the item's form open; empty when the last closed it) and `event: counts` with `{review?, translations?, inbox?}`; it ends after a few minutes, to be opened again with `after`", content_type = "text/event-stream", body = String)))]
#[get("/events")]
#[tracing::instrument(level = "debug", skip_all)]
pub async fn events(
    state: web::Data<AppState>,
    admin: Admin,
    query: web::Query<EventsQuery>,
    req: actix_web::HttpRequest,
) -> Answer {
    let asked = query.after.clone().or_else(|| {
        req.headers()
            .get("last-event-id")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    });
    let after = match asked.and_then(|a| a.trim().parse::<i32>().ok()) {
        Some(after) if after >= 0 => after,
        _ => live::newest(&state.db.read)
            .await
            .map_err(concierge_core::error::ApiError::from)?,
    };
    let mut sights = state.live.subscribe();
    // What the hub already sees is told at once: the counts, and the saves since `after`.
    sights.mark_changed();
    let watch = Watch {
        sights,
        state: state.clone(),
        role: admin.role,
        admin: admin.user_id,
        session: admin.session_id,
        presence: BTreeMap::new(),
        after,
        counts: None,
        // The browser waits 2 s before opening a dropped stream again.
        queued: VecDeque::from([web::Bytes::from_static(b"retry: 2000\n\n")]),
        started: Instant::now(),
        checked: Instant::now(),
        spoke: Instant::now(),
    };
    let stream = futures_util::stream::unfold(watch, |mut watch| async move {
        loop {
            if let Some(bytes) = watch.queued.pop_front() {
                watch.spoke = Instant::now();
                return Some((Ok::<_, actix_web::Error>(bytes), watch));
            }
            if !watch.wait().await {
                return None;
            }
        }
    });
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/event-stream"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        // Not compressed: a compressor would hold events back until its buffer fills; nor
        // buffered by a proxy in front (nginx, Varnish honour this).
        .insert_header((header::CONTENT_ENCODING, "identity"))
        .insert_header(("x-accel-buffering", "no"))
        .streaming(stream))
}
