//! Review: a contributor's or translator's change waits for an editor (`POST
//! /content/{kind}/{id}/review`), in one queue across kinds (`GET /review`), comes back with a
//! note (`…/review/return`) or goes live (publishing ends it); who may move it at each step,
//! what admin reads say of it (`created_by`, `updated_by`, `review`), and the mail each move
//! sends on a real SMTP server (aiosmtpd).

use std::time::Duration;

use concierge::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, audit_lines, blog, free_port, read, spawn_app_with};
use crate::notifications::SmtpSink;

const PASSWORD: &str = "a long enough password 1";

/// A signed-in administrator `name` of `role`.
async fn member(app: &TestApp, name: &str, role: Role) -> String {
    app.create_admin_with(name, PASSWORD, Some(role)).await;
    app.token_of(name, PASSWORD).await
}

async fn post(app: &TestApp, token: &str, path: &str, body: &Value) -> (u16, Value) {
    read(app.send_as(token, Method::POST, path, body).await).await
}

/// The queue as `token` reads it: each entry's `[kind, id]`.
async fn queue(app: &TestApp, token: &str) -> Vec<Value> {
    let (status, body) = read(app.get_as(token, "/review").await).await;
    assert_eq!(status, 200, "{body}");
    let items = body["responseBody"]["result"].as_array().unwrap().clone();
    assert_eq!(body["responseBody"]["totalCount"], items.len());
    items
}

fn ids(items: &[Value]) -> Vec<(String, i64)> {
    items
        .iter()
        .map(|i| {
            (
                i["kind"].as_str().unwrap().to_owned(),
                i["id"].as_i64().unwrap(),
            )
        })
        .collect()
}

/// The item at `path` as `token` (an administrator) reads it.
async fn item(app: &TestApp, token: &str, path: &str) -> Value {
    let (status, body) = read(app.get_as(token, path).await).await;
    assert_eq!(status, 200, "{body}");
    body["responseBody"][0].clone()
}

#[tokio::test]
async fn a_change_waits_comes_back_with_a_note_waits_again_and_publishing_ends_its_review() {
    let app = spawn_app_with(|_| {}).await;
    let owner = app.admin_token().await;
    let editor = member(&app, "editor1", Role::Editor).await;
    let contributor = member(&app, "layla", Role::Contributor).await;
    let translator = member(&app, "omar", Role::Translator).await;
    let desk = member(&app, "desk1", Role::Enquiries).await;

    // The contributor's new blog is a draft, theirs: every read says who made it.
    let id = app
        .create_as(&contributor, "/blog", &blog("A London season", 1))
        .await;
    let path = format!("/blog/{id}");
    let read_back = item(&app, &editor, &path).await;
    assert_eq!(read_back["status"], "draft");
    assert_eq!(read_back["created_by"], "layla");
    assert_eq!(read_back["updated_by"], "layla");
    assert_eq!(read_back["review"], Value::Null);

    // Only the roles that edit content submit; only editors and owners read the queue.
    let review = format!("/content/blog/{id}/review");
    let (status, _) = post(&app, &desk, &review, &json!({})).await;
    assert_eq!(status, 403);
    for token in [&contributor, &translator, &desk] {
        let (status, _) = read(app.get_as(token, "/review").await).await;
        assert_eq!(status, 403, "only editors and owners read the queue");
    }
    let (status, body) = post(
        &app,
        &contributor,
        &review,
        &json!({"note": "  Ready for Friday's newsletter.  "}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["message"],
        "Submitted for review: the editors have been told."
    );
    let waiting = &body["responseBody"][0]["review"];
    assert_eq!(waiting["state"], "waiting");
    assert_eq!(waiting["by"], "layla");
    assert_eq!(waiting["note"], "Ready for Friday's newsletter.");

    // A published item with nothing pending has nothing to review.
    let live = app
        .create_as(&owner, "/blog", &blog("Already live", 2))
        .await;
    let (status, body) = post(
        &app,
        &editor,
        &format!("/content/blog/{live}/review"),
        &json!({}),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Nothing here waits to be published")
    );

    // The translator's Arabic change of the live blog waits too, after the contributor's: the
    // queue is the longest waiting first, each entry with what it changes beside the site.
    let mut arabic = app.editable(&translator, &format!("/blog/{live}")).await;
    arabic["name_ar"] = json!("موسم لندن");
    let (status, body) = read(
        app.send_as(&translator, Method::PUT, &format!("/blog/{live}"), &arabic)
            .await,
    )
    .await;
    assert_eq!(
        status, 200,
        "a save that sends back who made it and its review is fine: {body}"
    );
    let (status, _) = post(
        &app,
        &translator,
        &format!("/content/blog/{live}/review"),
        &json!(null),
    )
    .await;
    assert_eq!(status, 200);
    let items = queue(&app, &editor).await;
    assert_eq!(
        ids(&items),
        [("blog".to_owned(), id), ("blog".to_owned(), live)]
    );
    let first = &items[0];
    assert_eq!(first["title"], "A London season");
    assert_eq!(first["by"], "layla");
    assert_eq!(first["note"], "Ready for Friday's newsletter.");
    assert_eq!(first["live"], false);
    assert_eq!(first["one"]["en"], "Blog");
    assert!(
        first["fields"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["field"] == "name"
                && f["pending"] == "A London season"
                && f["live"].is_null()),
        "{first}"
    );
    let second = &items[1];
    assert_eq!(second["live"], true);
    assert_eq!(second["note"], Value::Null);
    let fields = second["fields"].as_array().unwrap();
    assert_eq!(
        fields.len(),
        1,
        "only what the change makes different: {second}"
    );
    assert_eq!(fields[0]["field"], "name_ar");
    assert_eq!(fields[0]["live"], "وصول بلا عناء");
    assert_eq!(fields[0]["pending"], "موسم لندن");
    assert!(
        fields[0]["label"]["ar"]
            .as_str()
            .is_some_and(|l| !l.is_empty())
    );

    // Returning needs a note and an editor; the author sees it in the item and in its list.
    let back = format!("/content/blog/{id}/review/return");
    let (status, _) = post(&app, &contributor, &back, &json!({"note": "No."})).await;
    assert_eq!(status, 403);
    let (status, body) = post(&app, &editor, &back, &json!({"note": "  "})).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["errors"]["note"],
        "Say what needs to change, so the author knows what to do."
    );
    let long = "x".repeat(2001);
    let (status, body) = post(&app, &editor, &back, &json!({"note": long})).await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = post(
        &app,
        &editor,
        &back,
        &json!({"note": "Add the Arabic summary, please."}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = post(&app, &editor, &back, &json!({"note": "Again"})).await;
    assert_eq!(status, 409, "nothing waits any more");
    let (_, list) = read(app.get_as(&contributor, "/blog?size=100").await).await;
    let listed = list["responseBody"]["result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["id"] == id)
        .cloned()
        .unwrap();
    assert_eq!(listed["review"]["state"], "returned");
    assert_eq!(listed["review"]["by"], "editor1");
    assert_eq!(listed["review"]["author"], "layla");
    assert_eq!(listed["review"]["note"], "Add the Arabic summary, please.");
    assert_eq!(listed["created_by"], "layla");
    assert_eq!(
        ids(&queue(&app, &editor).await),
        [("blog".to_owned(), live)]
    );

    // Edited and submitted again, it waits again; the editor publishes it and its review ends.
    let mut again = app.editable(&contributor, &path).await;
    again["description_ar"] = json!("<p>ملخص بالعربية.</p>");
    let (status, _) = read(app.send_as(&contributor, Method::PUT, &path, &again).await).await;
    assert_eq!(status, 200);
    let (status, _) = post(&app, &contributor, &review, &json!({"note": "Done."})).await;
    assert_eq!(status, 200);
    assert_eq!(
        ids(&queue(&app, &owner).await),
        [("blog".to_owned(), live), ("blog".to_owned(), id)],
        "the resubmitted change waits behind the one that waited longer"
    );
    let (status, body) = post(
        &app,
        &editor,
        &format!("/content/blog/{id}/publish"),
        &json!({}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["responseBody"][0]["review"], Value::Null);
    assert_eq!(body["responseBody"][0]["updated_by"], "editor1");
    assert_eq!(
        ids(&queue(&app, &editor).await),
        [("blog".to_owned(), live)]
    );

    // Discarding the translator's change ends its review as well.
    let (status, _) = post(
        &app,
        &editor,
        &format!("/content/blog/{live}/discard"),
        &json!({}),
    )
    .await;
    assert_eq!(status, 200);
    assert!(queue(&app, &editor).await.is_empty());

    // The audit log names who asked and who gave it back.
    let asked = audit_lines(&app, &owner, "content.review_requested").await;
    assert_eq!(asked.len(), 3, "{asked:?}");
    let returned = audit_lines(&app, &owner, "content.review_returned").await;
    assert_eq!(returned.len(), 1);
    assert_eq!(returned[0]["detail"]["title"], "A London season");
}

#[tokio::test]
async fn deleting_an_item_ends_its_review_and_every_kind_can_wait() {
    let app = spawn_app_with(|_| {}).await;
    let editor = member(&app, "editor1", Role::Editor).await;
    let contributor = member(&app, "layla", Role::Contributor).await;
    // A destination, declared after the six kinds of the specification, waits like a blog.
    let (_, kinds) = read(app.get_as(&editor, "/kinds").await).await;
    assert!(
        kinds["responseBody"]["result"]
            .as_array()
            .unwrap()
            .iter()
            .any(|k| k["kind"] == "destination")
    );
    let destination = crate::destinations::destination("AlUla", "SA", 1);
    let (status, body) = read(
        app.send_as(&contributor, Method::POST, "/destinations", &destination)
            .await,
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let id = body["responseBody"][0]["id"].as_i64().unwrap();
    let (status, _) = post(
        &app,
        &contributor,
        &format!("/content/destination/{id}/review"),
        &json!({}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        ids(&queue(&app, &editor).await),
        [("destination".to_owned(), id)]
    );
    let response = app.delete_as(&editor, &format!("/destinations/{id}")).await;
    assert_eq!(response.status().as_u16(), 200);
    assert!(queue(&app, &editor).await.is_empty());
    let (status, _) = post(
        &app,
        &contributor,
        &format!("/content/destination/{id}/review"),
        &json!({}),
    )
    .await;
    assert_eq!(status, 404, "a deleted item cannot be submitted");
    let (status, _) = post(&app, &contributor, "/content/nonsense/1/review", &json!({})).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn editors_are_emailed_when_a_change_waits_and_its_author_when_it_comes_back() {
    let port = free_port();
    let sink = SmtpSink::start(port);
    let app = spawn_app_with(move |s| {
        s.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
        s.mail_from = "Dar Wasl Concierge <desk@concierge.example>".into();
        s.notify_emails = vec!["desk@concierge.example".into()];
    })
    .await;
    let owner = app.admin_token().await;
    // The team's addresses: given by an owner, or by each administrator on their account.
    let (status, body) = post(
        &app,
        &owner,
        "/admin-users",
        &json!({"username": "editor1", "password": PASSWORD, "role": "editor",
                "email": "not an address"}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["errors"]["email"],
        "Please enter a valid email address, or leave it empty."
    );
    // A contributor's address is theirs: review mail goes to editors and owners.
    let (status, body) = post(
        &app,
        &owner,
        "/admin-users",
        &json!({"username": "sara", "password": PASSWORD, "role": "contributor",
                "email": " sara@concierge.example "}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["responseBody"][0]["email"], "sara@concierge.example");
    let editor = member(&app, "editor1", Role::Editor).await;
    let (_, team) = read(app.get_as(&owner, "/admin-users").await).await;
    let editor_id = team["responseBody"]["result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["username"] == "editor1")
        .and_then(|u| u["id"].as_i64())
        .unwrap();
    let (status, body) = read(
        app.send_as(
            &owner,
            Method::PUT,
            &format!("/admin-users/{editor_id}"),
            &json!({"email": "editor1@concierge.example"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["responseBody"][0]["email"],
        "editor1@concierge.example"
    );
    let contributor = member(&app, "layla", Role::Contributor).await;
    let (status, body) = read(
        app.send_as(
            &contributor,
            Method::PUT,
            "/account",
            &json!({"email": "layla@concierge.example"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (_, account) = read(app.get_as(&contributor, "/account").await).await;
    assert_eq!(
        account["responseBody"][0]["email"],
        "layla@concierge.example"
    );
    let (_, team) = read(app.get_as(&owner, "/admin-users").await).await;
    assert!(
        team["responseBody"]["result"]
            .as_array()
            .unwrap()
            .iter()
            .any(|u| u["username"] == "layla" && u["email"] == "layla@concierge.example"),
        "{team}"
    );

    let id = app
        .create_as(&contributor, "/blog", &blog("Eid in Marrakesh", 1))
        .await;
    let (status, _) = post(
        &app,
        &contributor,
        &format!("/content/blog/{id}/review"),
        &json!({"note": "Photos to follow."}),
    )
    .await;
    assert_eq!(status, 200);
    let mails = sink.wait_for(1, Duration::from_secs(10)).await;
    let waiting = &mails[0];
    assert_eq!(
        waiting.header("To").as_deref(),
        Some("editor1@concierge.example"),
        "to the editors who gave an address (the owner gave none, and the desk hears nothing)"
    );
    assert!(
        waiting
            .header("Subject")
            .is_some_and(|s| s.starts_with("Waiting for review")),
        "{waiting:?}"
    );
    for shown in [
        "layla asks for a review of a change to the blog “Eid in Marrakesh”",
        "> Photos to follow.",
        "It changes: Title, Arabic title",
        "/admin/review",
    ] {
        assert!(waiting.body.contains(shown), "{shown}: {}", waiting.body);
    }

    let (status, _) = post(
        &app,
        &editor,
        &format!("/content/blog/{id}/review/return"),
        &json!({"note": "Which hotel?\nName it in the first line."}),
    )
    .await;
    assert_eq!(status, 200);
    let mails = sink.wait_for(2, Duration::from_secs(10)).await;
    let returned = mails
        .iter()
        .find(|m| m.header("To").as_deref() == Some("layla@concierge.example"))
        .expect("the author is told");
    assert!(
        returned
            .header("Subject")
            .is_some_and(|s| s.contains("Returned with a note")),
        "{returned:?}"
    );
    for shown in [
        "editor1 returned your change to the blog “Eid in Marrakesh”",
        "> Which hotel?",
        "> Name it in the first line.",
    ] {
        assert!(returned.body.contains(shown), "{shown}: {}", returned.body);
    }

    // With no editor's address, the staff's address hears of it.
    let (status, body) = read(
        app.send_as(
            &owner,
            Method::PUT,
            &format!("/admin-users/{editor_id}"),
            &json!({"email": null}),
        )
        .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["responseBody"][0]["email"], Value::Null);
    let (status, _) = post(
        &app,
        &contributor,
        &format!("/content/blog/{id}/review"),
        &json!({}),
    )
    .await;
    assert_eq!(status, 200);
    let mails = sink.wait_for(3, Duration::from_secs(10)).await;
    assert!(
        mails
            .iter()
            .any(|m| m.header("To").as_deref() == Some("desk@concierge.example")),
        "{mails:?}"
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(sink.messages().len(), 3, "each move mailed once");
}
