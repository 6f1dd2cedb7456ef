//! Newsletter subscriptions over HTTP.

use serde_json::json;

use crate::helpers::{read, spawn_app};

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
        (200, "Successfully Subscribed!")
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
