//! A refused write (400, 404 or 409 from inside its transaction) rolls back and hands its
//! connection back healthy: on SQLite the one write connection stays the same connection (a
//! connection the pool closed and opened again would have lost its temporary table), and a
//! write after the refusals is kept.

use reqwest::Method;
use sea_orm::ConnectionTrait;
use serde_json::json;

use crate::helpers::{TestApp, blog, contact, read, spawn_app};

async fn refused(
    app: &TestApp,
    token: &str,
    method: Method,
    path: &str,
    tag: Option<&str>,
    body: serde_json::Value,
) -> u16 {
    let mut request = app.api(method, path).bearer_auth(token).json(&body);
    if let Some(tag) = tag {
        request = request.header("if-match", tag);
    }
    read(request.send().await.unwrap()).await.0
}

#[tokio::test]
async fn a_hundred_refused_writes_roll_back_and_keep_their_connections_open() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let id = app.create_as(&token, "/blog", &blog("Arrivals", 1)).await;
    let (status, body) = read(app.post("/contact-us", &contact()).await).await;
    assert_eq!(status, 201, "{body}");
    let enquiry = body["responseBody"][0]["id"].as_i64().unwrap();
    let taken = json!({"status": "in_progress"});
    let path = format!("/contact-us/{enquiry}");
    assert_eq!(
        refused(&app, &token, Method::PUT, &path, None, taken).await,
        200
    );
    let sqlite = !crate::helpers::postgres();
    if sqlite {
        app.db
            .write
            .execute_unprepared("CREATE TEMP TABLE still_here (x INTEGER)")
            .await
            .unwrap();
    }
    let mut stale = blog("Arrivals", 1);
    stale["name"] = json!("Arrivals, revised");
    let cases: [(Method, String, Option<&str>, serde_json::Value, u16); 5] = [
        (
            Method::PUT,
            format!("/blog/{id}"),
            Some("\"7\""),
            stale.clone(),
            409,
        ),
        (Method::PUT, "/blog/999999".into(), None, stale.clone(), 404),
        (
            Method::PUT,
            format!("/contact-us/{enquiry}"),
            Some("\"1\""),
            json!({"status": "closed"}),
            409,
        ),
        (
            Method::PUT,
            "/airport-requests/999999".into(),
            None,
            json!({"status": "closed"}),
            404,
        ),
        (
            Method::POST,
            format!("/content/blog/{id}/publish"),
            Some("\"5\""),
            json!(null),
            409,
        ),
    ];
    for round in 0..20 {
        for (method, path, tag, body, expected) in &cases {
            let status = refused(&app, &token, method.clone(), path, *tag, body.clone()).await;
            assert_eq!(status, *expected, "round {round}: {method} {path}");
        }
    }
    if sqlite {
        app.db
            .write
            .execute_unprepared("SELECT count(*) FROM temp.still_here")
            .await
            .expect("the write connection is the one that was open before the refusals");
    }
    let (status, body) = read(
        app.send_as(&token, Method::PUT, &format!("/blog/{id}"), &stale)
            .await,
    )
    .await;
    assert_eq!(status, 200, "a write after them is kept: {body}");
    assert_eq!(
        app.editable(&token, &format!("/blog/{id}")).await["name"],
        "Arrivals, revised"
    );
}
