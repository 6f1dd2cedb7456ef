//! Services over HTTP.

use reqwest::Method;
use serde_json::json;

use crate::helpers::{read, service, spawn_app};

#[tokio::test]
async fn an_admin_manages_services_and_the_site_reads_them_by_display_order() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (status, body) = read(
        app.send_as(
            &token,
            Method::POST,
            "/our-services",
            &service("Gifting", 2),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (201, "Service added successfully")
    );
    let gifting = body["responseBody"][0]["id"].as_i64().unwrap();
    app.send_as(
        &token,
        Method::POST,
        "/our-services",
        &service("Valet Parking", 1),
    )
    .await;

    let (_, body) = read(
        app.get("/our-services/display/display-order?page=1&size=10")
            .await,
    )
    .await;
    let names: Vec<&str> = body["responseBody"]["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Valet Parking", "Gifting"]);
    let (_, body) = read(app.get("/our-services").await).await;
    assert_eq!(
        body["responseBody"]["result"][0]["name"], "Gifting",
        "plain list is by id"
    );

    let mut edit = service("Bespoke Gifting", 2);
    edit["color"] = json!("#C9A227");
    let (status, body) = read(
        app.send_as(
            &token,
            Method::PUT,
            &format!("/our-services/{gifting}"),
            &edit,
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (200, "Service updated successfully")
    );
    let (_, body) = read(app.get(&format!("/our-services/{gifting}")).await).await;
    assert_eq!(body["responseBody"][0]["color"], "#C9A227");
    assert_eq!(body["responseBody"][0]["name_ar"], "خدمة صف السيارات");

    let (status, body) = read(
        app.delete_as(&token, &format!("/our-services/{gifting}"))
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (200, "Service deleted successfully")
    );
    assert_eq!(
        app.get(&format!("/our-services/{gifting}"))
            .await
            .status()
            .as_u16(),
        404
    );
}

#[tokio::test]
async fn service_rules_give_the_specification_messages_in_order() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let full = service("Valet", 1);
    let without = |field: &str| {
        let mut body = full.clone();
        body.as_object_mut().unwrap().remove(field);
        body
    };
    let cases = [
        (without("name"), "Please enter the title"),
        (without("description"), "Please enter the description"),
        (without("content"), "Please enter the content"),
        (without("display_order"), "Please enter the Display order"),
        (without("image_url"), "Please upload the Image"),
        (without("color"), "Please enter the color code"),
        (
            {
                let mut b = full.clone();
                b["color"] = json!("red;x:url(y)");
                b
            },
            "Please enter a valid color code, such as #0B1F3A.",
        ),
    ];
    for (body, message) in cases {
        let (status, response) = read(
            app.send_as(&token, Method::POST, "/our-services", &body)
                .await,
        )
        .await;
        assert_eq!(
            (status, response["message"].as_str().unwrap()),
            (400, message)
        );
    }
}

#[tokio::test]
async fn a_service_that_still_has_list_items_cannot_be_deleted() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (_, body) = read(
        app.send_as(
            &token,
            Method::POST,
            "/our-services",
            &service("Airport Services", 1),
        )
        .await,
    )
    .await;
    let id = body["responseBody"][0]["id"].as_i64().unwrap();
    let item = json!({"our_service_id": id, "name": "Meet & Greet", "display_order": 1, "image_url": "/m.svg"});
    let (_, created) = read(
        app.send_as(&token, Method::POST, "/list-of-services", &item)
            .await,
    )
    .await;
    let (status, body) = read(app.delete_as(&token, &format!("/our-services/{id}")).await).await;
    assert_eq!(status, 409);
    assert_eq!(
        body["message"],
        "This service still has 1 service list item. Delete or move it first."
    );
    let item_id = created["responseBody"][0]["id"].as_i64().unwrap();
    app.delete_as(&token, &format!("/list-of-services/{item_id}"))
        .await;
    assert_eq!(
        app.delete_as(&token, &format!("/our-services/{id}"))
            .await
            .status()
            .as_u16(),
        200
    );
}

#[tokio::test]
async fn renaming_a_service_renames_it_on_its_list_items() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (_, body) = read(
        app.send_as(
            &token,
            Method::POST,
            "/our-services",
            &service("Airport", 1),
        )
        .await,
    )
    .await;
    let id = body["responseBody"][0]["id"].as_i64().unwrap();
    let item = json!({"our_service_id": id, "name": "Lounge Access", "display_order": 1, "image_url": "/m.svg"});
    let (_, created) = read(
        app.send_as(&token, Method::POST, "/list-of-services", &item)
            .await,
    )
    .await;
    assert_eq!(created["responseBody"][0]["service_name"], "Airport");
    app.send_as(
        &token,
        Method::PUT,
        &format!("/our-services/{id}"),
        &service("Airport Services", 1),
    )
    .await;
    let item_id = created["responseBody"][0]["id"].as_i64().unwrap();
    let (_, body) = read(app.get(&format!("/list-of-services/{item_id}")).await).await;
    assert_eq!(body["responseBody"][0]["service_name"], "Airport Services");
}

#[tokio::test]
async fn coming_soon_is_a_flag_the_admin_sets_and_a_save_without_it_keeps() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let save = |method: Method, path: String, body: serde_json::Value| {
        let (app, token) = (&app, &token);
        async move { read(app.send_as(token, method, &path, &body).await).await }
    };
    let (status, body) = save(Method::POST, "/our-services".into(), service("Dine In", 1)).await;
    assert_eq!(status, 201);
    assert_eq!(
        body["responseBody"][0]["coming_soon"], false,
        "a new service is not flagged, whatever its name"
    );
    let id = body["responseBody"][0]["id"].as_i64().unwrap();
    let path = format!("/our-services/{id}");

    let mut flagged = service("Dine In", 1);
    flagged["coming_soon"] = json!(true);
    let (_, body) = save(Method::PUT, path.clone(), flagged).await;
    assert_eq!(body["responseBody"][0]["coming_soon"], true);
    // The specification's client does not know the flag: its saves leave it as it is.
    let (_, body) = save(Method::PUT, path.clone(), service("Dine In at home", 1)).await;
    assert_eq!(body["responseBody"][0]["coming_soon"], true);
    let (_, body) = read(app.get(&path).await).await;
    assert_eq!(body["responseBody"][0]["coming_soon"], true);

    let mut cleared = service("Dine In at home", 1);
    cleared["coming_soon"] = json!("false");
    let (_, body) = save(Method::PUT, path.clone(), cleared).await;
    assert_eq!(body["responseBody"][0]["coming_soon"], false);

    let mut bad = service("Dine In at home", 1);
    bad["coming_soon"] = json!("soon");
    let (status, body) = save(Method::PUT, path, bad).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["errors"]["coming_soon"],
        "Coming soon must be true or false."
    );
}
