//! Client reviews over HTTP.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{read, spawn_app};

fn review(name: &str, order: i32) -> Value {
    json!({"title": "Private banking client", "name": name, "description": "Flawless from the jet bridge to the door.",
           "display_order": order, "image_url": "/media/r.svg", "name_ar": "عميل", "title_ar": "عميل مصرفي"})
}

#[tokio::test]
async fn reviews_are_managed_and_listed_two_ways() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    for (name, order) in [("H. Al-Mansouri", 2), ("S. Kapoor", 1)] {
        let (status, body) = read(
            app.send_as(
                &token,
                Method::POST,
                "/client-reviewes",
                &review(name, order),
            )
            .await,
        )
        .await;
        assert_eq!(
            (status, body["message"].as_str().unwrap()),
            (201, "Client review added successfully")
        );
    }
    let (_, by_order) = read(
        app.get("/client-reviewes/display-order?page=1&size=10")
            .await,
    )
    .await;
    assert_eq!(by_order["responseBody"]["result"][0]["name"], "S. Kapoor");
    let (_, newest) = read(app.get("/client-reviewes?page=1&size=10").await).await;
    assert_eq!(newest["responseBody"]["result"][0]["name"], "S. Kapoor");
    assert_eq!(newest["responseBody"]["totalCount"], 2);
    let id = by_order["responseBody"]["result"][1]["id"]
        .as_i64()
        .unwrap();

    let (status, body) = read(
        app.send_as(
            &token,
            Method::PUT,
            &format!("/client-reviewes/{id}"),
            &review("H. Mansouri", 2),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (200, "Client updated successfully")
    );
    let (_, body) = read(app.get(&format!("/client-reviewes/{id}")).await).await;
    assert_eq!(body["responseBody"][0]["name"], "H. Mansouri");
    let (status, body) = read(
        app.delete_as(&token, &format!("/client-reviewes/{id}"))
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (200, "Client review deleted successfully")
    );
}

#[tokio::test]
async fn review_rules_give_the_specification_messages_in_order() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let cases = [
        (json!({}), "Please enter the title"),
        (json!({"title": "T"}), "Please enter the Name"),
        (
            json!({"title": "T", "name": "N"}),
            "Please enter the description",
        ),
        (
            json!({"title": "T", "name": "N", "description": "D"}),
            "Please enter the Display order",
        ),
        (
            json!({"title": "T", "name": "N", "description": "D", "display_order": 3}),
            "Please upload the Image",
        ),
    ];
    for (body, message) in cases {
        let (status, response) = read(
            app.send_as(&token, Method::POST, "/client-reviewes", &body)
                .await,
        )
        .await;
        assert_eq!(
            (status, response["message"].as_str().unwrap()),
            (400, message)
        );
    }
}
