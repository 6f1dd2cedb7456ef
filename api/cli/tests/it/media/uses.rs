//! What counts as a use of a library file, and edits of its words that never overwrite a
//! colleague's: a variant's URL (`<hash>-480w.webp`) shows its original, in a field or inside
//! rich text, so it blocks the original's delete, and no save may show a trashed file's
//! variant; a file's words carry a version like content.

use reqwest::Method;
use serde_json::{Value, json};

use super::library::{call, detail, index_is_exact, png, processed, uploaded};
use crate::helpers::{TestApp, blog, read, spawn_app};

/// A photograph with its variants made: its name and one variant's URL.
async fn photograph(app: &TestApp, token: &str, colour: [u8; 3]) -> (String, String) {
    let name = uploaded(app, token, "dunes.png", "image/png", png(900, 600, colour)).await;
    let item = processed(app, token, &name).await;
    assert_eq!(item["status"], "ready", "{item}");
    let variant = item["variants"][0]["url"].as_str().unwrap().to_owned();
    assert!(
        !variant.contains(&name),
        "a variant has a name of its own: {variant}"
    );
    (name, variant)
}

async fn delete(app: &TestApp, token: &str, name: &str) -> (u16, Value) {
    call(
        app,
        token,
        Method::DELETE,
        &format!("/media/{name}"),
        None,
        "en",
    )
    .await
}

#[tokio::test]
async fn a_variants_url_in_a_field_or_in_rich_text_is_a_use_that_blocks_the_originals_delete() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (hero, hero_variant) = photograph(&app, &token, [200, 160, 90]).await;
    let (figure, figure_variant) = photograph(&app, &token, [20, 60, 110]).await;

    let mut shown = blog("The dunes at dusk", 1);
    shown["image_url"] = json!(hero_variant);
    shown["description"] = json!(format!(
        "<p>At dusk.</p><img src=\"{figure_variant}\" alt=\"\">"
    ));
    let id = app.create_as(&token, "/blog", &shown).await;
    index_is_exact(&app).await;

    for (name, field) in [(&hero, "image_url"), (&figure, "description")] {
        let item = detail(&app, &token, name).await;
        assert_eq!(item["usage_count"], 1, "{name}: {item}");
        assert_eq!(item["usage"][0]["field"], field);
        assert_eq!(item["usage"][0]["id"], id);
        let (status, body) = delete(&app, &token, name).await;
        assert_eq!(status, 409, "{name}: {body}");
        assert_eq!(body["usage"][0]["field"], field, "{body}");
        assert!(detail(&app, &token, name).await["deleted_at"].is_null());
    }

    // Once nothing shows it, the original goes, and no save may show its variant again.
    let mut plain = app.editable(&token, &format!("/blog/{id}")).await;
    plain["image_url"] = json!("/media/blog.svg");
    plain["description"] = json!("<p>At dusk.</p>");
    let (status, body) = read(
        app.send_as(&token, Method::PUT, &format!("/blog/{id}"), &plain)
            .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(delete(&app, &token, &hero).await.0, 200);
    for (field, value) in [
        ("image_url", json!(hero_variant)),
        (
            "description",
            json!(format!("<p><img src=\"{hero_variant}\" alt=\"\"></p>")),
        ),
    ] {
        let mut again = app.editable(&token, &format!("/blog/{id}")).await;
        again[field] = value;
        let (status, refused) = read(
            app.send_as(&token, Method::PUT, &format!("/blog/{id}"), &again)
                .await,
        )
        .await;
        assert_eq!(status, 400, "{field}: {refused}");
        assert!(
            refused["errors"][field]
                .as_str()
                .unwrap()
                .contains("was deleted"),
            "{refused}"
        );
        let mut new = blog("Showing a deleted file", 2);
        new[field] = again[field].clone();
        let (status, _) = read(app.send_as(&token, Method::POST, "/blog", &new).await).await;
        assert_eq!(status, 400, "a new item may not show it either ({field})");
    }
    index_is_exact(&app).await;
}

#[tokio::test]
async fn a_files_words_are_edited_from_a_version_and_a_stale_or_malformed_one_is_refused() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let name = uploaded(
        &app,
        &token,
        "dunes.png",
        "image/png",
        png(40, 30, [9, 9, 9]),
    )
    .await;
    let path = format!("/media/{name}");
    let read_one = app
        .api(Method::GET, &path)
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(read_one.headers()["etag"], "\"1\"");
    assert_eq!(read(read_one).await.1["responseBody"][0]["version"], 1);

    // Sara saves from version 1.
    let edit = |alt: &str| json!({ "alt": alt });
    let put = |body: Value, tag: Option<&str>| {
        let mut request = app.api(Method::PUT, &path).bearer_auth(&token).json(&body);
        if let Some(tag) = tag {
            request = request.header("if-match", tag);
        }
        request.send()
    };
    let answer = put(edit("Dunes at dusk near AlUla"), Some("\"1\""))
        .await
        .unwrap();
    assert_eq!(answer.headers()["etag"], "\"2\"");
    let (status, body) = read(answer).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["responseBody"][0]["version"], 2);

    // Omar saved from version 1 too: told, and his words are not written.
    for stale in [
        put(edit("Sand"), Some("\"1\"")).await.unwrap(),
        put(json!({ "alt": "Sand", "version": 1 }), None)
            .await
            .unwrap(),
    ] {
        let (status, body) = read(stale).await;
        assert_eq!(status, 409, "{body}");
        assert_eq!(body["conflict"]["version"], 2, "{body}");
        assert_eq!(body["conflict"]["fields"], json!(["alt"]), "{body}");
        assert_eq!(
            body["conflict"]["current"]["alt"],
            "Dunes at dusk near AlUla"
        );
    }
    for malformed in ["\"one\"", "0", "\"2", "W/\"-1\""] {
        let (status, body) = read(put(edit("Sand"), Some(malformed)).await.unwrap()).await;
        assert_eq!(status, 400, "If-Match: {malformed}: {body}");
        assert!(body["errors"]["version"].is_string(), "{body}");
    }
    let (status, body) = read(
        put(json!({ "alt": "Sand", "version": "two" }), None)
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        detail(&app, &token, &name).await["alt"],
        "Dunes at dusk near AlUla"
    );

    // An edit that changes nothing keeps the version; one without a version is made as before.
    let same = put(edit("Dunes at dusk near AlUla"), Some("\"2\""))
        .await
        .unwrap();
    assert_eq!(read(same).await.1["responseBody"][0]["version"], 2);
    let (status, body) = read(put(json!({ "focal_x": 0.25 }), None).await.unwrap()).await;
    assert_eq!(
        (status, body["responseBody"][0]["version"].clone()),
        (200, json!(3))
    );
}
