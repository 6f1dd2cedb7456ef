//! The translations' worklist (`GET /translations`, "the Arabic is still right"): an item's
//! Arabic field goes missing → translated → English changed → outdated → confirmed, for any
//! kind the content model declares with Arabic twins, and only the roles that translate may
//! read it.

use concierge::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, audit_lines, blog, read};

/// The worklist's entry for `kind` `id` (`None` when the item needs nothing), as `token` reads
/// it with `query`.
async fn entry(app: &TestApp, token: &str, query: &str, kind: &str, id: i64) -> Option<Value> {
    let (status, body) = read(app.get_as(token, &format!("/translations{query}")).await).await;
    assert_eq!(status, 200, "{body}");
    let items = body["responseBody"]["result"].as_array().expect("a list");
    assert_eq!(body["responseBody"]["totalCount"], items.len(), "{body}");
    items
        .iter()
        .find(|item| item["kind"] == kind && item["id"] == id)
        .cloned()
}

/// The fields of an entry, each as `[field, state]`.
fn states(entry: &Option<Value>) -> Vec<(String, String)> {
    entry
        .iter()
        .flat_map(|e| e["fields"].as_array().cloned().unwrap_or_default())
        .map(|f| {
            (
                f["field"].as_str().unwrap().to_owned(),
                f["state"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn pair(field: &str, state: &str) -> (String, String) {
    (field.to_owned(), state.to_owned())
}

#[tokio::test]
async fn an_arabic_field_goes_from_missing_to_translated_to_outdated_to_confirmed() {
    let app = crate::helpers::spawn_app().await;
    let owner = app.admin_token().await;
    let translator = app.token_for(Role::Translator).await;
    let editor = app.token_for(Role::Editor).await;

    // A blog written in English alone: its Arabic name and text are missing, by their labels.
    let mut english = blog("Arrivals at Riyadh", 1);
    for field in ["name_ar", "description_ar"] {
        english.as_object_mut().unwrap().remove(field);
    }
    let id = app.create_as(&owner, "/blog", &english).await;
    let path = format!("/blog/{id}");
    let found = entry(&app, &translator, "", "blog", id).await;
    assert_eq!(
        states(&found),
        [
            "name",
            "description",
            "meta_title",
            "meta_description",
            "key_words"
        ]
        .map(|f| pair(f, "missing"))
    );
    let found = found.unwrap();
    assert_eq!(found["title"], "Arrivals at Riyadh");
    assert_eq!(found["one"]["en"], "Blog");
    assert_eq!(found["fields"][0]["twin"], "name_ar");
    assert!(
        found["fields"][0]["label"]["en"]
            .as_str()
            .is_some_and(|l| !l.is_empty()),
        "{found}"
    );
    assert!(
        found["fields"][0]["label"]["ar"]
            .as_str()
            .is_some_and(|l| !l.is_empty()),
        "{found}"
    );
    // Any kind the content model gives Arabic twins (general content's field is `values`, a
    // word of SQL).
    let section = app
        .create_as(
            &owner,
            "/general-content-section",
            &json!({ "name": "site.hours", "values": "Every hour of every day", "display_order": 1 }),
        )
        .await;
    assert_eq!(
        states(
            &entry(
                &app,
                &translator,
                "?kind=general-content",
                "general-content",
                section
            )
            .await
        ),
        [pair("values", "missing")]
    );
    // Narrowed by state and by kind.
    assert!(
        entry(&app, &translator, "?state=missing&kind=blog", "blog", id)
            .await
            .is_some()
    );
    assert!(
        entry(&app, &translator, "?state=outdated", "blog", id)
            .await
            .is_none()
    );
    assert!(
        entry(&app, &translator, "?kind=destination", "blog", id)
            .await
            .is_none()
    );

    // The translator writes the Arabic (a pending change for an editor): nothing is missing.
    let (status, body) = read(
        app.send_as(
            &translator,
            Method::PUT,
            &path,
            &json!({
                "name_ar": "الوصول إلى الرياض", "description_ar": "<p>استقبال هادئ.</p>",
                "meta_title_ar": "الوصول إلى الرياض", "meta_description_ar": "ملاحظة من مكتب الكونسيرج",
                "key_words_ar": "كونسيرج، سفر"
            }),
        )
        .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(entry(&app, &translator, "", "blog", id).await, None);

    // The English text changes after: its Arabic is outdated; the name is not.
    let mut form = app.editable(&editor, &path).await;
    form["description"] = json!("<p>Arrivals, handled from the aircraft door.</p>");
    let (status, body) = read(app.send_as(&editor, Method::PUT, &path, &form).await).await;
    assert_eq!(status, 200, "{body}");
    let found = entry(&app, &translator, "?state=outdated", "blog", id).await;
    assert_eq!(states(&found), [pair("description", "outdated")]);
    assert!(found.unwrap()["fields"][0]["englishChangedAt"].is_string());

    // "The Arabic is still right": confirmed without an edit, by its English name or its twin's.
    let confirm = format!("/content/blog/{id}/translations/confirm");
    let (status, body) = read(
        app.send_as(
            &translator,
            Method::POST,
            &confirm,
            &json!({ "fields": ["description_ar"] }),
        )
        .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Noted: the Arabic is still right");
    assert_eq!(body["responseBody"][0]["fields"], json!([]));
    assert_eq!(entry(&app, &translator, "", "blog", id).await, None);
    let lines = audit_lines(&app, &owner, "content.translation_confirmed").await;
    assert_eq!(lines.len(), 1, "{lines:?}");

    // Changed again: outdated again; an Arabic edit of the field ends it too.
    form["description"] = json!("<p>Arrivals, handled from the aircraft door to the kerb.</p>");
    form["version"] = app.editable(&editor, &path).await["version"].clone();
    let (status, body) = read(app.send_as(&editor, Method::PUT, &path, &form).await).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        states(&entry(&app, &editor, "", "blog", id).await),
        [pair("description", "outdated")]
    );
    let (status, body) = read(
        app.send_as(
            &translator,
            Method::PUT,
            &path,
            &json!({ "description_ar": "<p>استقبال هادئ من باب الطائرة إلى الرصيف.</p>" }),
        )
        .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(entry(&app, &translator, "", "blog", id).await, None);
}

#[tokio::test]
async fn the_worklist_refuses_what_it_cannot_read_and_other_roles() {
    let app = crate::helpers::spawn_app().await;
    let owner = app.admin_token().await;
    let id = app
        .create_as(&owner, "/blog", &blog("Arrivals at Jeddah", 1))
        .await;

    let (status, body) = read(app.get_as(&owner, "/translations?state=stale").await).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["errors"]["state"], "state must be missing or outdated");
    let (status, body) = read(app.get_as(&owner, "/translations?kind=events").await).await;
    assert_eq!(status, 404, "{body}");

    let confirm = format!("/content/blog/{id}/translations/confirm");
    for (body, field, message) in [
        (
            json!({}),
            "fields",
            "Name the fields whose Arabic is still right",
        ),
        (
            json!({ "fields": [] }),
            "fields",
            "Name the fields whose Arabic is still right",
        ),
        (
            json!({ "fields": [7] }),
            "fields",
            "Name the fields whose Arabic is still right",
        ),
        (
            json!({ "fields": ["image_url"] }),
            "fields",
            "image_url has no Arabic text to confirm",
        ),
    ] {
        let (status, answer) = read(app.send_as(&owner, Method::POST, &confirm, &body).await).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert_eq!(answer["errors"][field], message, "{body}: {answer}");
    }
    let (status, body) = read(
        app.send_as(
            &owner,
            Method::POST,
            "/content/blog/999999/translations/confirm",
            &json!({ "fields": ["name"] }),
        )
        .await,
    )
    .await;
    assert_eq!(status, 404, "{body}");
    assert_eq!(body["message"], "Blog not found");
    assert_eq!(app.count("translation_confirmations").await, 0);

    // The translator, the editor and the owner read it; the contributor and the desk do not.
    for role in [Role::Contributor, Role::Enquiries] {
        let token = app.token_for(role).await;
        let (status, _) = read(app.get_as(&token, "/translations").await).await;
        assert_eq!(status, 403, "{role:?}");
    }
}
