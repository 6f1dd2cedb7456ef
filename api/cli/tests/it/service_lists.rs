//! Service list items over HTTP.

use reqwest::Method;
use serde_json::json;

use crate::helpers::{read, service, spawn_app};

async fn parent(app: &crate::helpers::TestApp, token: &str) -> i64 {
    let (_, body) = read(
        app.send_as(
            token,
            Method::POST,
            "/our-services",
            &service("Airport Services", 1),
        )
        .await,
    )
    .await;
    body["responseBody"][0]["id"].as_i64().unwrap()
}

#[tokio::test]
async fn list_items_are_managed_and_listed_per_service_by_display_order() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let id = parent(&app, &token).await;
    for (name, order) in [("Porter Service", 2), ("Meet & Greet", 1)] {
        let item = json!({"our_service_id": id.to_string(), "name": name, "display_order": order,
                          "image_url": "/m.svg", "titleBgClass": "bg-navy", "name_ar": "استقبال"});
        let (status, body) = read(
            app.send_as(&token, Method::POST, "/list-of-services", &item)
                .await,
        )
        .await;
        assert_eq!(
            (status, body["message"].as_str().unwrap()),
            (201, "Service List added successfully")
        );
        assert_eq!(body["responseBody"][0]["titleBgClass"], "bg-navy");
    }
    let (status, body) = read(
        app.get(&format!(
            "/list-of-services/display-order/{id}?page=1&size=10"
        ))
        .await,
    )
    .await;
    assert_eq!(status, 200);
    let names: Vec<&str> = body["responseBody"]["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Meet & Greet", "Porter Service"]);
    let first = body["responseBody"]["result"][0]["id"].as_i64().unwrap();

    let edit = json!({"our_service_id": id, "name": "Meet & Greet VIP", "display_order": 1, "image_url": "/m.svg"});
    let (status, body) = read(
        app.send_as(
            &token,
            Method::PUT,
            &format!("/list-of-services/{first}"),
            &edit,
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (200, "Services updated successfully")
    );
    let (status, body) = read(
        app.delete_as(&token, &format!("/list-of-services/{first}"))
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (200, "Service List deleted successfully")
    );
    assert_eq!(
        app.get(&format!("/list-of-services/{first}"))
            .await
            .status()
            .as_u16(),
        404
    );
    assert_eq!(
        app.get("/list-of-services/display-order/9999")
            .await
            .status()
            .as_u16(),
        404
    );
}

#[tokio::test]
async fn list_item_rules_run_in_order_and_a_missing_parent_is_a_400() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let id = parent(&app, &token).await;
    let cases = [
        (json!({}), "Please select a service", "our_service_id"),
        (
            json!({"our_service_id": "abc"}),
            "Please select a service",
            "our_service_id",
        ),
        (
            json!({"our_service_id": id}),
            "Please enter the name",
            "name",
        ),
        (
            json!({"our_service_id": id, "name": "N"}),
            "Please enter the Display order",
            "display_order",
        ),
        (
            json!({"our_service_id": id, "name": "N", "display_order": 1}),
            "Please upload an image",
            "image_url",
        ),
        (
            json!({"our_service_id": 9999, "name": "N", "display_order": 1, "image_url": "/m.svg"}),
            "The selected service does not exist.",
            "our_service_id",
        ),
    ];
    for (body, message, field) in cases {
        let (status, response) = read(
            app.send_as(&token, Method::POST, "/list-of-services", &body)
                .await,
        )
        .await;
        assert_eq!(
            (status, response["message"].as_str().unwrap()),
            (400, message),
            "{body}"
        );
        assert_eq!(response["errors"][field], message);
    }
    assert_eq!(app.count("list_of_services").await, 0);
}
