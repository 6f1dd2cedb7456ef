//! Flashy banners over HTTP: bodies are arrays of one banner.

use reqwest::Method;
use serde_json::json;

use crate::helpers::{read, spawn_app};

#[tokio::test]
async fn banners_are_created_and_updated_from_an_array_of_one() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let banner = json!([{"banner_name": "Eid", "banner_url": "/media/eid.svg", "image_id": "eid.svg",
                         "title": "Eid, arranged", "title_ar": "عيد بترتيب أنيق", "sub_title": "Gifting across the Gulf",
                         "web_url": "/services"}]);
    let (status, body) = read(
        app.send_as(&token, Method::POST, "/flashy-banner", &banner)
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (201, "Banner added successfully")
    );
    let id = body["responseBody"][0]["id"].as_i64().unwrap();

    let (_, body) = read(
        app.get(&format!("/flashy-banner/get-flashy-banner-by-id/{id}"))
            .await,
    )
    .await;
    assert_eq!(body["responseBody"][0]["title_ar"], "عيد بترتيب أنيق");
    let (_, body) = read(app.get("/flashy-banner?page=1&size=10").await).await;
    assert_eq!(body["responseBody"]["totalCount"], 1);

    let edit = json!([{"banner_name": "Eid", "title": "Eid al-Adha, arranged", "banner_url": "/media/eid.svg",
                       "web_url": "https://concierge.example/eid"}]);
    let (status, body) = read(
        app.send_as(
            &token,
            Method::PUT,
            &format!("/flashy-banner/update-flashy-banner-by-id/{id}"),
            &edit,
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (200, "Banner updated successfully")
    );
    assert_eq!(body["responseBody"][0]["title"], "Eid al-Adha, arranged");

    let (status, body) = read(
        app.delete_as(&token, &format!("/flashy-banner/flashy-banner-delete/{id}"))
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (200, "Banner deleted successfully")
    );
    assert_eq!(
        app.get(&format!("/flashy-banner/get-flashy-banner-by-id/{id}"))
            .await
            .status()
            .as_u16(),
        404
    );
}

#[tokio::test]
async fn a_banner_body_must_be_an_array_of_exactly_one_with_safe_links() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    // Not an array is not JSON of the route's shape; an array of anything but one object is not
    // one banner; one banner is checked field by field.
    let not_json = "Invalid JSON body:";
    let not_one = "Send an array holding exactly one banner.";
    for (body, message) in [
        (json!({"title": "not an array"}), not_json),
        (json!(null), not_json),
        (json!([]), not_one),
        (json!([{"title": "a"}, {"title": "b"}]), not_one),
        (json!([["a banner", "read field by field"]]), not_one),
        (json!([null]), not_one),
        (json!([{"web_url": "javascript:alert(1)"}]), "web_url"),
    ] {
        let (got, response) = read(
            app.send_as(&token, Method::POST, "/flashy-banner", &body)
                .await,
        )
        .await;
        assert_eq!(got, 400, "{body}: {response}");
        let said = response["message"].as_str().unwrap_or_default();
        match message {
            // One banner, refused on the field it names.
            "web_url" => assert!(response["errors"]["web_url"].is_string(), "{response}"),
            _ => assert!(said.starts_with(message), "{body}: {said}"),
        }
    }
    assert_eq!(app.count("flashy_banners").await, 0);
}

#[tokio::test]
async fn an_empty_banner_is_refused_with_the_message_of_the_first_missing_field() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let full =
        json!({"banner_name": "Eid", "title": "Eid, arranged", "banner_url": "/media/eid.svg"});
    let cases = [
        (json!([{}]), "banner_name", "Please enter the banner name"),
        (
            json!([{"banner_name": "  "}]),
            "banner_name",
            "Please enter the banner name",
        ),
        (
            json!([{"banner_name": "Eid"}]),
            "title",
            "Please enter the title",
        ),
        (
            json!([{"banner_name": "Eid", "title": "Eid, arranged"}]),
            "banner_url",
            "Please upload the Image",
        ),
    ];
    for (body, field, message) in cases {
        let (status, response) = read(
            app.send_as(&token, Method::POST, "/flashy-banner", &body)
                .await,
        )
        .await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(response["message"], message, "{body}");
        assert_eq!(response["errors"][field], message, "{body}");
    }
    assert_eq!(
        app.count("flashy_banners").await,
        0,
        "nothing empty goes live"
    );
    let (status, _) = read(
        app.send_as(&token, Method::POST, "/flashy-banner", &json!([full]))
            .await,
    )
    .await;
    assert_eq!(status, 201);
}
