//! The admin's start page (`GET /account/today`): what waits for each role today — changes
//! waiting for review, Arabic to write, new enquiries, one's own drafts and what came back from
//! review with its note — and nothing a role may not read.

use concierge::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, audit_lines, blog, contact, read, send, spawn_app};

const PASSWORD: &str = "a long enough password 1";

async fn member(app: &TestApp, name: &str, role: Role) -> String {
    app.create_admin_with(name, PASSWORD, Some(role)).await;
    app.token_of(name, PASSWORD).await
}

/// The start page as `token` reads it.
async fn today(app: &TestApp, token: &str) -> Value {
    let (status, body) = read(app.get_as(token, "/account/today").await).await;
    assert_eq!(status, 200, "{body}");
    body["responseBody"][0].clone()
}

/// Each entry of a start page's list `part` as `(kind, id, state)`.
fn briefs(page: &Value, part: &str) -> Vec<(String, i64, String)> {
    page[part]
        .as_array()
        .unwrap_or_else(|| panic!("{part} in {page}"))
        .iter()
        .map(|b| {
            (
                b["kind"].as_str().unwrap().to_owned(),
                b["id"].as_i64().unwrap(),
                b["state"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn brief(kind: &str, id: i64, state: &str) -> (String, i64, String) {
    (kind.to_owned(), id, state.to_owned())
}

#[tokio::test]
async fn each_role_starts_the_day_with_what_waits_for_it_and_nothing_it_may_not_read() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let editor = member(&app, "editor1", Role::Editor).await;
    let contributor = member(&app, "layla", Role::Contributor).await;
    let translator = member(&app, "omar", Role::Translator).await;
    let desk = member(&app, "desk1", Role::Enquiries).await;

    // A quiet morning: the parts each role may read are there, empty; the others are absent.
    let page = today(&app, &contributor).await;
    assert_eq!(page["mine"], json!([]), "{page}");
    for absent in ["waiting", "translations", "overdue"] {
        assert!(
            page.get(absent).is_none(),
            "a contributor has no {absent}: {page}"
        );
    }
    assert_eq!(page["counts"], json!({}), "{page}");
    let page = today(&app, &desk).await;
    assert_eq!(page["counts"], json!({"inbox": 0}), "{page}");
    assert_eq!(page["overdue"], 0);
    for absent in ["waiting", "translations", "mine"] {
        assert!(
            page.get(absent).is_none(),
            "the desk has no {absent}: {page}"
        );
    }

    // The contributor writes two drafts and submits one; the editor writes one of their own.
    let first = app
        .create_as(&contributor, "/blog", &blog("A London season", 1))
        .await;
    let mut untranslated = blog("Evenings in Jeddah", 2);
    untranslated["name_ar"] = json!("");
    let second = app.create_as(&contributor, "/blog", &untranslated).await;
    let (status, body) = send(
        &app,
        &contributor,
        Method::POST,
        &format!("/content/blog/{first}/review"),
        json!({"note": "Ready for Friday."}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let editors = app
        .create_as(&editor, "/blog", &{
            let mut draft = blog("The editor's own draft", 3);
            draft["status"] = json!("draft");
            draft
        })
        .await;

    // The editor sees the change waiting, with who sent it, the note and the fields; and the
    // Arabic that is missing; and their own draft, not the contributor's.
    let page = today(&app, &editor).await;
    assert_eq!(page["counts"]["review"], 1, "{page}");
    assert_eq!(briefs(&page, "waiting"), [brief("blog", first, "waiting")]);
    let waiting = &page["waiting"][0];
    assert_eq!(waiting["title"], "A London season");
    assert_eq!(waiting["by"], "layla");
    assert_eq!(waiting["note"], "Ready for Friday.");
    assert_eq!(waiting["one"]["en"], "Blog");
    assert!(
        waiting["fields"]
            .as_array()
            .unwrap()
            .iter()
            .any(|label| label["en"] == "Title" && label["ar"] == "العنوان"),
        "{waiting}"
    );
    assert!(
        briefs(&page, "translations").contains(&brief("blog", second, "missing")),
        "{page}"
    );
    assert!(page["counts"]["translations"].as_u64().unwrap() >= 1);
    assert_eq!(briefs(&page, "mine"), [brief("blog", editors, "draft")]);
    assert!(
        page.get("overdue").is_none(),
        "an editor does not read enquiries"
    );

    // The contributor's own: the other draft, and the submitted one waiting.
    let page = today(&app, &contributor).await;
    let mine = briefs(&page, "mine");
    assert_eq!(mine.len(), 2, "{page}");
    assert!(mine.contains(&brief("blog", first, "waiting")));
    assert!(mine.contains(&brief("blog", second, "draft")));

    // Returned with a note, it comes first on the contributor's page, with who and why.
    let (status, body) = send(
        &app,
        &editor,
        Method::POST,
        &format!("/content/blog/{first}/review/return"),
        json!({"note": "Add the dates of the season."}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let page = today(&app, &contributor).await;
    assert_eq!(briefs(&page, "mine")[0], brief("blog", first, "returned"));
    assert_eq!(page["mine"][0]["by"], "editor1");
    assert_eq!(page["mine"][0]["note"], "Add the dates of the season.");
    assert_eq!(today(&app, &editor).await["counts"]["review"], 0);

    // The translator: what lacks Arabic, and their own Arabic waiting to be published.
    let page = today(&app, &translator).await;
    assert!(
        briefs(&page, "translations").contains(&brief("blog", second, "missing")),
        "{page}"
    );
    assert!(page.get("waiting").is_none(), "{page}");
    let live = app
        .create_as(&owner, "/blog", &blog("Already live", 4))
        .await;
    let mut arabic = app.editable(&translator, &format!("/blog/{live}")).await;
    arabic["name_ar"] = json!("موسم لندن");
    let (status, body) = send(
        &app,
        &translator,
        Method::PUT,
        &format!("/blog/{live}"),
        arabic,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let page = today(&app, &translator).await;
    assert_eq!(briefs(&page, "mine"), [brief("blog", live, "pending")]);

    // A new enquiry reaches the desk's page and the owner's.
    let (status, _) = read(app.post("/contact-us", &contact()).await).await;
    assert_eq!(status, 201);
    let page = today(&app, &desk).await;
    assert_eq!(page["counts"]["inbox"], 1, "{page}");
    let page = today(&app, &owner).await;
    assert_eq!(page["counts"]["inbox"], 1, "{page}");
    for part in ["waiting", "translations", "mine", "overdue"] {
        assert!(page.get(part).is_some(), "the owner sees {part}: {page}");
    }

    // Reading one's start page is every role's right: no refusal in the audit log.
    let denied = audit_lines(&app, &owner, "denied").await;
    assert!(denied.is_empty(), "{denied:?}");
}
