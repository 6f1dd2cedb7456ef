//! Public reads come from memory until the content changes, and never show a stale answer to
//! the writer or, past `FRESH_FOR`, to anyone.

use concierge::publish::{self, Action, Resource};
use concierge::read_cache::FRESH_FOR;
use reqwest::Method;
use sea_orm::ConnectionTrait;

use crate::helpers::{blog, read, spawn_app};

async fn first_name(app: &crate::helpers::TestApp, token: Option<&str>) -> String {
    let response = match token {
        Some(token) => app.get_as(token, "/blog?page=1&size=10").await,
        None => app.get("/blog?page=1&size=10").await,
    };
    let (status, body) = read(response).await;
    assert_eq!(status, 200, "{body}");
    body["responseBody"]["result"][0]["name"]
        .as_str()
        .expect("a blog")
        .to_owned()
}

#[tokio::test]
async fn public_reads_are_served_from_memory_until_a_write_and_admins_always_read_the_database() {
    let app = spawn_app().await;
    // The first site build is queued before the server answers; past that, only this test
    // writes.
    assert_eq!(app.count("publish_jobs WHERE resource = 'site'").await, 1);
    let token = app.admin_token().await;
    let (status, created) = read(
        app.send_as(&token, Method::POST, "/blog", &blog("Desert dawn", 1))
            .await,
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["responseBody"][0]["id"].as_i64().unwrap();
    assert_eq!(first_name(&app, None).await, "Desert dawn");

    // A change that bypasses the API (and so the outbox) is not seen by public reads: they are
    // answered from memory, even well after FRESH_FOR.
    app.db
        .write
        .execute_unprepared("UPDATE blogs SET name = 'Changed behind the API'")
        .await
        .unwrap();
    tokio::time::sleep(FRESH_FOR * 2).await;
    assert_eq!(first_name(&app, None).await, "Desert dawn");
    // An administrator's read is never cached.
    assert_eq!(
        first_name(&app, Some(&token)).await,
        "Changed behind the API"
    );

    // A write through the API is visible to the very next public read.
    let mut edit = blog("Desert dusk", 1);
    edit["name"] = "Desert dusk".into();
    let (status, body) = read(
        app.send_as(&token, Method::PUT, &format!("/blog/{id}"), &edit)
            .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(first_name(&app, None).await, "Desert dusk");
    let (status, one) = read(app.get(&format!("/blog/{id}")).await).await;
    assert_eq!(
        (status, one["responseBody"][0]["name"].as_str()),
        (200, Some("Desert dusk"))
    );

    // A write by another instance (an outbox row this one did not add) is seen within FRESH_FOR.
    app.db
        .write
        .execute_unprepared("UPDATE blogs SET name = 'Written by the other instance'")
        .await
        .unwrap();
    publish::enqueue(&app.db.write, Resource::Blog, id as i32, Action::Upsert)
        .await
        .unwrap();
    tokio::time::sleep(FRESH_FOR + FRESH_FOR / 2).await;
    assert_eq!(
        first_name(&app, None).await,
        "Written by the other instance"
    );

    // Errors are not cached: a bad query still gets its 400, a missing blog its 404.
    let (status, _) = read(app.get("/blog?page=0").await).await;
    assert_eq!(status, 400);
    let (status, _) = read(app.get("/blog/4242").await).await;
    assert_eq!(status, 404);
}
