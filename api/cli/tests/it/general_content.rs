//! General content over HTTP.

use reqwest::Method;
use serde_json::json;

use crate::helpers::{read, spawn_app};

#[tokio::test]
async fn general_content_is_managed_and_ordered() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (status, body) = read(app.send_as(&token, Method::POST, "/general-content-section",
        &json!({"name": "site.phone", "values": "+971 4 000 0000", "values_ar": "+971 4 000 0000", "display_order": 2})).await).await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (201, "content added successfully")
    );
    let id = body["responseBody"][0]["id"].as_i64().unwrap();
    // The form's field is called "value"; it is accepted too.
    app.send_as(
        &token,
        Method::POST,
        "/general-content-section",
        &json!({"name": "site.email", "value": "desk@concierge.example", "display_order": 1}),
    )
    .await;
    let (_, body) = read(app.get("/general-content-section?page=1&size=10").await).await;
    assert_eq!(
        body["responseBody"]["result"][0]["values"],
        "desk@concierge.example"
    );

    let (status, body) = read(
        app.send_as(
            &token,
            Method::PUT,
            &format!("/general-content-section/{id}"),
            &json!({"name": "site.phone", "values": "+971 4 111 1111", "display_order": 2}),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (200, "content updated successfully")
    );
    let (status, body) = read(
        app.delete_as(&token, &format!("/general-content-section/{id}"))
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (200, "General Content deleted successfully")
    );
}

#[tokio::test]
async fn a_missing_value_is_shown_inline_as_enter_and_as_a_toast_as_select() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (_, body) = read(
        app.send_as(&token, Method::POST, "/general-content-section", &json!({}))
            .await,
    )
    .await;
    assert_eq!(body["message"], "Please enter the name");
    let (status, body) = read(
        app.send_as(
            &token,
            Method::POST,
            "/general-content-section",
            &json!({"name": "n"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "Please select the value");
    assert_eq!(body["errors"]["values"], "Please enter the value");
    let (_, body) = read(
        app.send_as(
            &token,
            Method::POST,
            "/general-content-section",
            &json!({"name": "n", "values": "v"}),
        )
        .await,
    )
    .await;
    assert_eq!(body["message"], "Please enter the Display order");
}
