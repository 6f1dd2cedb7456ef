//! `GET /events`: another administrator's save reaches an open screen within 2 seconds, with
//! what changed; the menu's counts follow; and each role hears only what it may read.

use std::time::{Duration, Instant};

use concierge::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, blog, read, spawn_app};

/// An open event stream, read event by event.
pub struct Events {
    response: reqwest::Response,
    buffer: String,
}

impl Events {
    async fn open(app: &TestApp, token: &str) -> Events {
        let response = app
            .client
            .get(format!("{}/api/v1/events", app.address))
            .header("x-api-key", &app.api_key)
            .bearer_auth(token)
            .send()
            .await
            .expect("the stream opens");
        Events::of(response)
    }

    /// The stream `response` answers (200, as an event stream).
    pub fn of(response: reqwest::Response) -> Events {
        assert_eq!(response.status().as_u16(), 200);
        assert_eq!(
            response.headers()["content-type"].to_str().unwrap(),
            "text/event-stream"
        );
        Events {
            response,
            buffer: String::new(),
        }
    }

    /// The next event named `name` within `within` (its data), skipping others; `None` when
    /// none came in time.
    pub async fn next(&mut self, name: &str, within: Duration) -> Option<Value> {
        let deadline = Instant::now() + within;
        loop {
            while let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut event = "message";
                let mut data = None;
                for line in block.lines() {
                    if let Some(n) = line.strip_prefix("event: ") {
                        event = n;
                    } else if let Some(d) = line.strip_prefix("data: ") {
                        data = Some(d.to_owned());
                    }
                }
                if event == name {
                    return data.map(|d| serde_json::from_str(&d).expect("JSON data"));
                }
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            match tokio::time::timeout(left, self.response.chunk()).await {
                Ok(Ok(Some(bytes))) => self.buffer.push_str(&String::from_utf8_lossy(&bytes)),
                Ok(_) => return None,
                Err(_) => return None,
            }
        }
    }
}

#[tokio::test]
async fn another_administrators_save_reaches_an_open_screen_within_two_seconds_with_what_changed() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let editor = app.token_for(Role::Editor).await;
    let contributor = app.token_for(Role::Contributor).await;
    let desk = app.token_for(Role::Enquiries).await;
    let id = app
        .create_as(&owner, "/blog", &blog("Evenings in Jeddah", 1))
        .await;

    let mut watching = Events::open(&app, &editor).await;
    let counts = watching
        .next("counts", Duration::from_secs(5))
        .await
        .expect("the counts first");
    assert_eq!(counts["review"], 0, "{counts}");
    assert!(counts["translations"].is_u64(), "{counts}");
    assert_eq!(counts["inbox"], Value::Null, "an editor reads no enquiries");
    let mut desk_events = Events::open(&app, &desk).await;
    let desk_counts = desk_events
        .next("counts", Duration::from_secs(5))
        .await
        .expect("the desk's counts");
    assert_eq!(
        desk_counts.as_object().unwrap().keys().collect::<Vec<_>>(),
        ["inbox"],
        "the desk counts only its enquiries: {desk_counts}"
    );

    // The owner saves the blog: the editor's open screen hears of it within 2 s.
    let mut changed = app.editable(&owner, &format!("/blog/{id}")).await;
    changed["name"] = json!("Evenings in Jeddah by the sea");
    let started = Instant::now();
    let (status, body) = read(
        app.send_as(&owner, Method::PUT, &format!("/blog/{id}"), &changed)
            .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let saved = watching
        .next("saved", Duration::from_secs(2))
        .await
        .expect("the save within 2 s");
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_eq!(saved["kind"], "blog");
    assert_eq!(saved["id"], id);
    assert_eq!(saved["version"], body["responseBody"][0]["version"]);
    assert_eq!(saved["by"], crate::helpers::ADMIN);
    assert!(
        saved["fields"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f == "name"),
        "{saved}"
    );
    // Nothing of content reaches the desk.
    assert_eq!(
        desk_events.next("saved", Duration::from_millis(1500)).await,
        None
    );

    // A contributor's change submitted for review: the editor's count rises.
    let draft = app
        .create_as(&contributor, "/blog", &blog("A London season", 2))
        .await;
    // Its own save is told first (and may move the counts of what needs a translator).
    watching
        .next("saved", Duration::from_secs(2))
        .await
        .unwrap();
    let submitted = Instant::now();
    let (status, _) = read(
        app.send_as(
            &contributor,
            Method::POST,
            &format!("/content/blog/{draft}/review"),
            &json!({}),
        )
        .await,
    )
    .await;
    assert_eq!(status, 200);
    // A hand-off is no save: the count is told all the same, within 2 s.
    loop {
        let left = Duration::from_secs(2).saturating_sub(submitted.elapsed());
        let counts = watching
            .next("counts", left)
            .await
            .expect("the review count within 2 s of the submission");
        if counts["review"] == 1 {
            break;
        }
    }
}

#[tokio::test]
async fn a_stream_carries_on_from_the_last_event_it_told_and_ends_with_its_session() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let editor = app.token_for(Role::Editor).await;
    let mut first = Events::open(&app, &editor).await;
    first.next("counts", Duration::from_secs(5)).await.unwrap();
    let id = app.create_as(&owner, "/blog", &blog("Arrivals", 1)).await;
    let saved = first.next("saved", Duration::from_secs(2)).await.unwrap();
    assert_eq!(saved["id"], id);
    // Saves made while no stream was open are told first by the next one, from `after`.
    let (_, newest) = read(app.get_as(&editor, &format!("/blog/{id}")).await).await;
    assert_eq!(newest["responseBody"][0]["id"], id);
    drop(first);
    let response = app
        .client
        .get(format!("{}/api/v1/events?after=0", app.address))
        .header("x-api-key", &app.api_key)
        .bearer_auth(&editor)
        .send()
        .await
        .unwrap();
    let mut again = Events {
        response,
        buffer: String::new(),
    };
    let told = again.next("saved", Duration::from_secs(2)).await.unwrap();
    assert_eq!(told["kind"], "blog", "{told}");

    // Signing out ends the stream.
    let (status, _) = read(
        app.send_as(&editor, Method::POST, "/logout", &json!({}))
            .await,
    )
    .await;
    assert_eq!(status, 200);
    let started = Instant::now();
    while again.next("saved", Duration::from_secs(12)).await.is_some() {}
    assert!(
        started.elapsed() < Duration::from_secs(12),
        "the stream ended with its session"
    );
}

/// The value of the metric `name` (a line `name value`), as the owner scrapes it.
async fn metric(app: &TestApp, owner: &str, name: &str) -> f64 {
    let response = app
        .client
        .get(format!("{}/metrics", app.address))
        .bearer_auth(owner)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let body = response.text().await.unwrap();
    body.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or_else(|| panic!("{name} in:\n{body}"))
}

#[tokio::test]
async fn the_history_is_read_once_per_tick_however_many_streams_are_open() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let editor = app.token_for(Role::Editor).await;
    assert_eq!(metric(&app, &owner, "concierge_live_streams").await, 0.0);
    let mut streams = Vec::new();
    for _ in 0..8 {
        let mut events = Events::open(&app, &editor).await;
        events.next("counts", Duration::from_secs(5)).await.unwrap();
        streams.push(events);
    }
    assert_eq!(metric(&app, &owner, "concierge_live_streams").await, 8.0);
    let before = metric(&app, &owner, "concierge_live_reads_total").await;
    let watched = Instant::now();
    // Every stream still hears each save.
    let id = app.create_as(&owner, "/blog", &blog("Arrivals", 1)).await;
    for events in &mut streams {
        let saved = events.next("saved", Duration::from_secs(2)).await.unwrap();
        assert_eq!(saved["id"], id);
    }
    tokio::time::sleep(Duration::from_secs(2).saturating_sub(watched.elapsed())).await;
    let reads = metric(&app, &owner, "concierge_live_reads_total").await - before;
    let ticks = watched.elapsed().as_secs_f64() / 0.4;
    assert!(
        reads <= ticks + 2.0,
        "{reads} reads in {ticks:.1} ticks with 8 streams open: one reader for all"
    );
    // The last stream closed (the server learns it when a keep-alive's write fails: the first
    // after the close may still be taken by the socket, so within two), the reader stops.
    drop(streams);
    let closed = Instant::now();
    while metric(&app, &owner, "concierge_live_streams").await > 0.0 {
        assert!(
            closed.elapsed() < Duration::from_secs(15),
            "the streams close"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let stopped = metric(&app, &owner, "concierge_live_reads_total").await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(
        metric(&app, &owner, "concierge_live_reads_total").await,
        stopped,
        "no reads with no stream open"
    );
}

#[tokio::test]
async fn who_else_has_a_form_open_is_told_as_they_come_and_go() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let editor = app.token_for(Role::Editor).await;
    let desk = app.token_for(Role::Enquiries).await;
    let id = app.create_as(&owner, "/blog", &blog("Arrivals", 1)).await;
    let path = format!("/presence/blog/{id}");
    let mut watching = Events::open(&app, &editor).await;
    watching
        .next("counts", Duration::from_secs(5))
        .await
        .unwrap();
    let mut desk_events = Events::open(&app, &desk).await;
    desk_events
        .next("counts", Duration::from_secs(5))
        .await
        .unwrap();

    // The editor's own form is no news to the editor.
    let (status, _) = read(app.send_as(&editor, Method::PUT, &path, &json!({})).await).await;
    assert_eq!(status, 200);
    assert_eq!(
        watching.next("presence", Duration::from_millis(1200)).await,
        None
    );
    // The owner opens it: the editor is told within 2 s, by name.
    let opened = Instant::now();
    let (status, _) = read(app.send_as(&owner, Method::PUT, &path, &json!({})).await).await;
    assert_eq!(status, 200);
    let told = watching
        .next("presence", Duration::from_secs(2))
        .await
        .expect("the owner's form within 2 s");
    assert!(opened.elapsed() < Duration::from_secs(2));
    assert_eq!(told["kind"], "blog", "{told}");
    assert_eq!(told["id"], id, "{told}");
    let present = told["present"].as_array().unwrap();
    assert_eq!(present.len(), 1, "{told}");
    assert_eq!(present[0]["username"], crate::helpers::ADMIN, "{told}");
    assert!(present[0]["since"].is_string(), "{told}");
    // Saying so again changes nothing: nothing is told.
    let (status, _) = read(app.send_as(&owner, Method::PUT, &path, &json!({})).await).await;
    assert_eq!(status, 200);
    assert_eq!(
        watching.next("presence", Duration::from_millis(1200)).await,
        None
    );
    // The owner closes it: the editor is told nobody else has it open.
    let (status, _) = read(app.delete_as(&owner, &path).await).await;
    assert!(status < 300, "{status}");
    let told = watching
        .next("presence", Duration::from_secs(2))
        .await
        .expect("the close within 2 s");
    assert_eq!(told["present"], json!([]), "{told}");
    // The desk reads no content: it hears of no form.
    assert_eq!(
        desk_events
            .next("presence", Duration::from_millis(500))
            .await,
        None
    );
}

#[tokio::test]
async fn a_save_that_commits_after_a_later_one_is_still_told_in_its_place() {
    if !crate::helpers::postgres() {
        // SQLite has one writer: saves become visible in the order of their places. This runs
        // in the PostgreSQL pass (required in CI), where transactions commit in any order.
        return;
    }
    use sea_orm::{ConnectionTrait, DbBackend, Statement};
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let editor = app.token_for(Role::Editor).await;
    let first = app
        .create_as(&owner, "/blog", &blog("Evenings in Jeddah", 1))
        .await;
    let second = app
        .create_as(&owner, "/blog", &blog("A London season", 2))
        .await;
    let mut events = Events::open(&app, &owner).await;
    assert!(
        events
            .next("counts", Duration::from_secs(3))
            .await
            .is_some(),
        "the stream's first counts"
    );

    // A save's transaction takes its place in the history and holds it, uncommitted…
    let held = app.db.begin().await.unwrap();
    held.execute_raw(Statement::from_sql_and_values(
        DbBackend::Postgres,
        "INSERT INTO content_revisions (kind, item_id, created_at, author, action, changed_fields, \
         data, version) VALUES ('blog', $1, now(), 'sara', 'saved', '[\"name\"]', '{}', 2)",
        [i32::try_from(first).unwrap().into()],
    ))
    .await
    .unwrap();
    // …while a save after it commits.
    let path = format!("/blog/{second}");
    let mut change = app.editable(&editor, &path).await;
    change["name"] = json!("A London season, revised");
    let (status, body) = read(app.send_as(&editor, Method::PUT, &path, &change).await).await;
    assert_eq!(status, 200, "{body}");
    // Two of the hub's reads see the later save alone (it reads every 400 ms), then the held
    // one commits, well within the hub's wait at the gap.
    tokio::time::sleep(Duration::from_millis(850)).await;
    held.commit().await.unwrap();

    // Both are told, each once, in the order of their places.
    let earlier = events
        .next("saved", Duration::from_secs(2))
        .await
        .expect("the save that committed last is told");
    assert_eq!(
        (earlier["id"].as_i64(), earlier["by"].as_str()),
        (Some(first), Some("sara"))
    );
    let later = events
        .next("saved", Duration::from_secs(2))
        .await
        .expect("the save after it is told");
    assert_eq!(later["id"].as_i64(), Some(second));
    assert!(
        events
            .next("saved", Duration::from_millis(900))
            .await
            .is_none()
    );
}
