//! Contact enquiries over HTTP.

use reqwest::Method;
use serde_json::json;

use crate::helpers::{contact, read, spawn_app, spawn_app_with};

#[tokio::test]
async fn an_arabic_named_visitor_with_a_uae_phone_can_send_an_enquiry() {
    let app = spawn_app().await;
    let (status, body) = read(app.post("/contact-us", &contact()).await).await;
    assert_eq!(status, 201, "{body}");
    let saved = &body["responseBody"][0];
    assert_eq!(saved["first_name"], "نورة");
    assert_eq!(saved["phone"], "971501234567");
    assert!(chrono::DateTime::parse_from_rfc3339(saved["created_date"].as_str().unwrap()).is_ok());
    assert_eq!(app.count("contact_us").await, 1);
    assert_eq!(
        app.content_jobs().await,
        0,
        "enquiries never trigger a publish"
    );
}

#[tokio::test]
async fn the_public_form_rules_give_the_specification_messages_in_order() {
    let app = spawn_app().await;
    let with = |field: &str, value: serde_json::Value| {
        let mut body = contact();
        body[field] = value;
        body
    };
    let cases = [
        (with("first_name", json!("")), "First name is required."),
        (
            with("first_name", json!("Sara1")),
            "First name should contain only letters.",
        ),
        (with("last_name", json!(null)), "Last name is required."),
        (
            with("last_name", json!("Smith & Co")),
            "Last name should contain only letters.",
        ),
        (with("phone", json!("")), "Phone number is required."),
        (
            with("phone", json!("050 123")),
            "Phone number should be 10 to 15 digits only.",
        ),
        (with("email", json!("")), "Email address is required."),
        (
            with("email", json!("noura@")),
            "Please enter a valid email address.",
        ),
        (with("subject", json!("   ")), "Subject is required."),
        (with("message", json!("")), "Message is required."),
        (
            with("message", json!("m".repeat(5001))),
            "Message must be at most 5000 characters.",
        ),
        (
            with("first_name", json!("Ali\u{202E}")),
            "First name should contain only letters.",
        ),
    ];
    for (body, message) in cases {
        let (status, response) = read(app.post("/contact-us", &body).await).await;
        assert_eq!(
            (status, response["message"].as_str().unwrap()),
            (400, message),
            "{body}"
        );
    }
    assert_eq!(app.count("contact_us").await, 0);
}

#[tokio::test]
async fn admins_list_view_edit_and_delete_enquiries_newest_first() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    app.post("/contact-us", &contact()).await;
    let mut second = contact();
    second["first_name"] = json!("James");
    app.post("/contact-us", &second).await;

    let (status, body) = read(app.get_as(&token, "/contact-us?page=1&size=10000").await).await;
    assert_eq!(status, 200);
    assert_eq!(body["responseBody"]["totalCount"], 2);
    assert_eq!(body["responseBody"]["result"][0]["first_name"], "James");
    let id = body["responseBody"]["result"][0]["id"].as_i64().unwrap();

    let (status, _) = read(app.get_as(&token, &format!("/contact-us/{id}")).await).await;
    assert_eq!(status, 200);
    let mut edit = second.clone();
    edit["subject"] = json!("Updated subject");
    let (status, body) = read(
        app.send_as(&token, Method::PUT, &format!("/contact-us/{id}"), &edit)
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (200, "contact updated successfully")
    );
    edit["phone"] = json!("");
    let (status, body) = read(
        app.send_as(&token, Method::PUT, &format!("/contact-us/{id}"), &edit)
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (400, "Please enter the mobile number")
    );

    let (status, body) = read(app.delete_as(&token, &format!("/contact-us/{id}")).await).await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (200, "Contact deleted successfully")
    );
    assert_eq!(
        app.get_as(&token, &format!("/contact-us/{id}"))
            .await
            .status()
            .as_u16(),
        404
    );
}

#[tokio::test]
async fn an_admin_adding_a_contact_gets_the_admin_form_messages() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (status, body) = read(
        app.send_as(&token, Method::POST, "/contact-us", &json!({}))
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (400, "Please enter the First Name")
    );
    let (status, body) = read(
        app.send_as(&token, Method::POST, "/contact-us", &contact())
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (201, "contact added successfully")
    );
}

#[tokio::test]
async fn enquiries_are_private() {
    let app = spawn_app().await;
    app.post("/contact-us", &contact()).await;
    assert_eq!(app.get("/contact-us").await.status().as_u16(), 401);
    assert_eq!(app.get("/contact-us/1").await.status().as_u16(), 401);
    assert_eq!(
        app.api(Method::DELETE, "/contact-us/1")
            .send()
            .await
            .unwrap()
            .status()
            .as_u16(),
        401
    );
}

#[tokio::test]
async fn one_address_sends_at_most_the_form_limit_of_enquiries_and_admins_are_not_limited() {
    let app =
        spawn_app_with(|s| s.form_limit = concierge::throttle::Limit::parse("5/10m").unwrap())
            .await;
    let sends = (0..12).map(|_| {
        let request = app
            .api(reqwest::Method::POST, "/contact-us")
            .json(&contact());
        async move { request.send().await.unwrap().status().as_u16() }
    });
    let statuses = futures_util::future::join_all(sends).await;
    assert_eq!(
        statuses.iter().filter(|s| **s == 201).count(),
        5,
        "{statuses:?}"
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == 429).count(),
        7,
        "{statuses:?}"
    );
    assert_eq!(app.count("contact_us").await, 5);
    let token = app.admin_token().await;
    let (status, _) = read(
        app.send_as(&token, reqwest::Method::POST, "/contact-us", &contact())
            .await,
    )
    .await;
    assert_eq!(status, 201, "an administrator entering an enquiry by hand");
}
