//! Blogs over HTTP.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{blog, read, spawn_app};

#[tokio::test]
async fn an_admin_creates_reads_updates_and_deletes_a_blog() {
    let app = spawn_app().await;
    let token = app.admin_token().await;

    let (status, body) = read(
        app.send_as(
            &token,
            Method::POST,
            "/blog",
            &blog("Arriving in Riyadh", 1),
        )
        .await,
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["message"], "Blog added successfully");
    let created = &body["responseBody"][0];
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["slug"], "arriving-in-riyadh");
    assert_eq!(created["name_ar"], "وصول بلا عناء");
    assert_eq!(created["meta_title"], "Arriving in Riyadh");

    let (status, body) = read(app.get(&format!("/blog/{id}")).await).await;
    assert_eq!(status, 200);
    assert_eq!(body["responseBody"][0]["name"], "Arriving in Riyadh");

    let mut changed = blog("Arriving in Jeddah", 2);
    changed["name_ar"] = Value::Null;
    let (status, body) = read(
        app.send_as(&token, Method::PUT, &format!("/blog/{id}"), &changed)
            .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Blog updated successfully");
    assert_eq!(body["responseBody"][0]["slug"], "arriving-in-jeddah");
    assert_eq!(body["responseBody"][0]["name_ar"], Value::Null);

    let (status, body) = read(app.delete_as(&token, &format!("/blog/{id}")).await).await;
    assert_eq!(status, 200);
    assert_eq!(
        body,
        json!({"responseBody": {"id": id}, "message": "Blog deleted successfully"})
    );
    assert_eq!(app.get(&format!("/blog/{id}")).await.status().as_u16(), 404);
    assert_eq!(
        app.delete_as(&token, &format!("/blog/{id}"))
            .await
            .status()
            .as_u16(),
        404
    );
    assert_eq!(
        app.send_as(&token, Method::PUT, &format!("/blog/{id}"), &changed)
            .await
            .status()
            .as_u16(),
        404
    );
}

#[tokio::test]
async fn blog_rules_give_the_specification_messages_in_order() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let cases = [
        (json!({}), "Please enter the title", "name"),
        (json!({"name": "  "}), "Please enter the title", "name"),
        (
            json!({"name": "T"}),
            "Please enter the Display order",
            "display_order",
        ),
        (
            json!({"name": "T", "display_order": "soon"}),
            "Display order must be a whole number from -1000000 to 1000000.",
            "display_order",
        ),
        (
            json!({"name": "T", "display_order": 1}),
            "Please upload the Image",
            "image_url",
        ),
        (
            json!({"name": "T", "display_order": "1", "image_url": "javascript:alert(1)"}),
            "Image must be a web address (https://…) or a site path (/…).",
            "image_url",
        ),
        (
            json!({"name": "x".repeat(201), "display_order": 1, "image_url": "/a.png"}),
            "Title must be at most 200 characters.",
            "name",
        ),
        (
            json!({"name": "T", "display_order": 1, "image_url": "/a.png", "meta_title": "m".repeat(301)}),
            "Meta title must be at most 300 characters.",
            "meta_title",
        ),
    ];
    for (body, message, field) in cases {
        let (status, response) =
            read(app.send_as(&token, Method::POST, "/blog", &body).await).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(response["message"], message, "{body}");
        assert_eq!(response["errors"][field], message, "{body}");
    }
    let (_, response) = read(app.send_as(&token, Method::POST, "/blog", &json!({})).await).await;
    let fields: Vec<&String> = response["errors"].as_object().unwrap().keys().collect();
    assert_eq!(
        fields.len(),
        3,
        "every failing field is reported: {fields:?}"
    );
    assert_eq!(app.count("blogs").await, 0);
}

#[tokio::test]
async fn rich_text_is_sanitised_on_save_in_both_languages() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let mut body = blog("Safe", 1);
    body["description"] = json!(
        r#"<h2>Hello</h2><p onclick="x()">Hi <a href="javascript:alert(1)">there</a></p><script>alert(1)</script><strong>bold</strong>"#
    );
    body["description_ar"] = json!(
        r#"<p>مرحبا<img src=x onerror=alert(1)></p><iframe src="https://evil.example"></iframe>"#
    );
    let (status, response) = read(app.send_as(&token, Method::POST, "/blog", &body).await).await;
    assert_eq!(status, 201);
    let saved = &response["responseBody"][0];
    for field in ["description", "description_ar"] {
        let html = saved[field].as_str().unwrap();
        for bad in ["<script", "onclick", "onerror", "javascript:", "<iframe"] {
            assert!(!html.contains(bad), "{bad} survived in {field}: {html}");
        }
    }
    assert!(
        saved["description"]
            .as_str()
            .unwrap()
            .contains("<h2>Hello</h2>")
    );
    assert!(
        saved["description"]
            .as_str()
            .unwrap()
            .contains("<strong>bold</strong>")
    );
    assert!(saved["description_ar"].as_str().unwrap().contains("مرحبا"));
}

#[tokio::test]
async fn the_blog_list_is_ordered_by_display_order_then_id_and_paginated() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    for (name, order) in [("C", 3), ("A", 1), ("B", 2), ("A2", 1)] {
        app.send_as(&token, Method::POST, "/blog", &blog(name, order))
            .await;
    }
    let (_, body) = read(app.get("/blog?page=1&size=3").await).await;
    let names: Vec<&str> = body["responseBody"]["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["A", "A2", "B"]);
    assert_eq!(body["responseBody"]["totalCount"], 4);
    let (_, body) = read(app.get("/blog?page=2&size=3").await).await;
    assert_eq!(body["responseBody"]["result"][0]["name"], "C");
    let (_, body) = read(app.get("/blog?page=9&size=3").await).await;
    assert_eq!(body["responseBody"]["result"], json!([]));
    assert_eq!(body["responseBody"]["totalCount"], 4);
}

#[tokio::test]
async fn anonymous_pages_stop_at_100_and_admin_pages_at_10000() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    assert_eq!(app.get("/blog?size=100").await.status().as_u16(), 200);
    let (status, body) = read(app.get("/blog?size=101").await).await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (400, "size must be a whole number from 1 to 100")
    );
    assert_eq!(
        app.get_as(&token, "/blog?size=10000")
            .await
            .status()
            .as_u16(),
        200
    );
    let (status, body) = read(app.get_as(&token, "/blog?size=10001").await).await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (400, "size must be a whole number from 1 to 10000")
    );
}

#[tokio::test]
async fn a_blog_named_after_a_reserved_segment_gets_a_safe_slug() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (_, body) = read(
        app.send_as(&token, Method::POST, "/blog", &blog("About", 1))
            .await,
    )
    .await;
    assert_eq!(body["responseBody"][0]["slug"], "about-blog");
    let (_, body) = read(
        app.send_as(
            &token,
            Method::POST,
            "/blog",
            &blog("<script>alert(1)</script>", 1),
        )
        .await,
    )
    .await;
    assert_eq!(
        body["responseBody"][0]["name"], "<script>alert(1)</script>",
        "names are text, stored as typed"
    );
    assert_eq!(body["responseBody"][0]["slug"], "scriptalert1script");
}

#[tokio::test]
async fn anonymous_lists_do_not_carry_huge_bodies_but_single_reads_and_admins_do() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let mut long = blog("A long read", 1);
    let body = format!("<p>{}</p>", "Arrivals, handled. ".repeat(40_000));
    long["description"] = body.clone().into();
    let (status, created) = read(app.send_as(&token, Method::POST, "/blog", &long).await).await;
    assert_eq!(status, 201, "{created}");
    let id = created["responseBody"][0]["id"].as_i64().unwrap();
    read(
        app.send_as(&token, Method::POST, "/blog", &blog("A short one", 2))
            .await,
    )
    .await;

    let response = app.get("/blog?page=1&size=100").await;
    let bytes = response.bytes().await.unwrap();
    assert!(
        bytes.len() < 20_000,
        "an anonymous list of two blogs is {} bytes",
        bytes.len()
    );
    let listed: Value = serde_json::from_slice(&bytes).unwrap();
    let first = &listed["responseBody"]["result"][0];
    assert!(
        first["description"]
            .as_str()
            .unwrap()
            .starts_with("Arrivals, handled.")
    );
    assert_eq!(
        listed["responseBody"]["result"][1]["description"], "<p>Arrivals, handled.</p>",
        "short bodies stay whole"
    );

    let (_, one) = read(app.get(&format!("/blog/{id}")).await).await;
    assert_eq!(
        one["responseBody"][0]["description"].as_str().unwrap(),
        body,
        "whole by id"
    );
    let (_, admin) = read(app.get_as(&token, "/blog?page=1&size=10").await).await;
    assert!(
        admin["responseBody"]["result"][0]["description"]
            .as_str()
            .unwrap()
            .len()
            > 700_000
    );
}
