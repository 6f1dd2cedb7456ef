//! Newsletter subscriptions over HTTP.

use serde_json::json;

use crate::helpers::{ADMIN, audit_lines, read, spawn_app, spawn_app_with};

#[tokio::test]
async fn subscribing_twice_with_different_case_succeeds_and_keeps_one_row() {
    let app = spawn_app().await;
    let (status, body) = read(
        app.post("/subscription", &json!({"email": " Layla@Example.AE "}))
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (201, "Successfully Subscribed!")
    );
    assert_eq!(body["responseBody"][0]["email"], "layla@example.ae");
    let (status, body) = read(
        app.post("/subscription", &json!({"email": "layla@example.ae"}))
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (201, "Successfully Subscribed!")
    );
    assert_eq!(app.count("subscriptions").await, 1);
    assert_eq!(
        app.content_jobs().await,
        0,
        "subscriptions never trigger a publish"
    );
}

#[tokio::test]
async fn newsletter_messages_are_those_of_the_specification() {
    let app = spawn_app().await;
    for (body, message) in [
        (json!({}), "Please enter your email."),
        (json!({"email": "  "}), "Please enter your email."),
        (
            json!({"email": "layla"}),
            "Please enter a valid email address.",
        ),
    ] {
        let (status, response) = read(app.post("/subscription", &body).await).await;
        assert_eq!(
            (status, response["message"].as_str().unwrap()),
            (400, message)
        );
    }
}

#[tokio::test]
async fn admins_list_subscriptions_newest_first_and_delete_them() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    for email in ["a@example.com", "b@example.com"] {
        app.post("/subscription", &json!({ "email": email })).await;
    }
    assert_eq!(app.get("/subscription").await.status().as_u16(), 401);
    let (_, body) = read(app.get_as(&token, "/subscription?page=1&size=10").await).await;
    assert_eq!(body["responseBody"]["result"][0]["email"], "b@example.com");
    let id = body["responseBody"]["result"][0]["id"].as_i64().unwrap();
    let (status, body) = read(app.delete_as(&token, &format!("/subscription/{id}")).await).await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (200, "Subscription deleted successfully")
    );
    assert_eq!(app.count("subscriptions").await, 1);
    assert_eq!(
        app.delete_as(&token, &format!("/subscription/{id}"))
            .await
            .status()
            .as_u16(),
        404
    );
}

#[tokio::test]
async fn subscribing_an_address_already_subscribed_answers_exactly_as_a_new_one() {
    let app = spawn_app().await;
    let first = app
        .post("/subscription", &json!({"email": "noura@example.ae"}))
        .await;
    let (first_status, first) = read(first).await;
    let again = app
        .post("/subscription", &json!({"email": " NOURA@example.ae"}))
        .await;
    let (again_status, again) = read(again).await;
    assert_eq!((first_status, &first), (again_status, &again), "no oracle");
    assert_eq!(
        first,
        json!({"responseBody": [{"email": "noura@example.ae"}], "message": "Successfully Subscribed!"})
    );
}

#[tokio::test]
async fn one_address_subscribes_at_most_the_form_limit() {
    let app =
        spawn_app_with(|s| s.form_limit = concierge::limits::Limit::parse("3/10m").unwrap()).await;
    for n in 0..3 {
        let (status, _) = read(
            app.post(
                "/subscription",
                &json!({"email": format!("n{n}@example.ae")}),
            )
            .await,
        )
        .await;
        assert_eq!(status, 201);
    }
    // A refused form is not counted: it would not be stored.
    let (status, _) = read(
        app.post("/subscription", &json!({"email": "not an email"}))
            .await,
    )
    .await;
    assert_eq!(status, 400);
    let response = app
        .post("/subscription", &json!({"email": "n4@example.ae"}))
        .await;
    assert_eq!(response.status().as_u16(), 429);
    let retry: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=600).contains(&retry), "{retry}");
    let (_, body) = read(response).await;
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Too many submissions"),
        "{body}"
    );
    assert_eq!(app.count("subscriptions").await, 3);
}

#[tokio::test]
async fn deleting_a_subscriber_is_recorded_in_the_audit_log_with_who_and_which() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    app.post("/subscription", &json!({ "email": "omar@example.sa" }))
        .await;
    let (_, body) = read(app.get_as(&token, "/subscription").await).await;
    let subscriber = body["responseBody"]["result"][0].clone();
    let id = subscriber["id"].as_i64().unwrap();

    let (status, _) = read(app.delete_as(&token, &format!("/subscription/{id}")).await).await;
    assert_eq!(status, 200);
    let (status, _) = read(app.delete_as(&token, &format!("/subscription/{id}")).await).await;
    assert_eq!(status, 404, "already gone");

    let lines = audit_lines(&app, &token, "subscriber").await;
    assert_eq!(
        lines.len(),
        1,
        "one line, for the delete that happened: {lines:?}"
    );
    let line = &lines[0];
    assert_eq!(line["action"], "subscriber.deleted");
    assert_eq!(line["resource"], "subscription");
    assert_eq!(line["resource_id"], id.to_string());
    assert_eq!(line["actor"], ADMIN);
    assert_eq!(
        line["detail"]["subscribed_at"], subscriber["created_at"],
        "which subscription it was: {line}"
    );
}
