//! Roles and permissions: every administrator's operation answers each role as the one table
//! says (`concierge_core::roles`, declared per operation as its OpenAPI scope), contributors
//! and translators write only what waits for an editor, and one active owner always stays.

use concierge::operations::{Access, OperationTable};
use concierge::roles::{Permission, Role};
use reqwest::Method;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use crate::helpers::{ADMIN_PASSWORD, TestApp, audit_lines, blog, read, spawn_app};

const FORBIDDEN: &str = "You do not have permission to do this.";

/// The path with `{parameters}` filled in.
fn concrete(pattern: &str) -> String {
    pattern
        .split('/')
        .map(|s| if s.starts_with('{') { "7" } else { s })
        .collect::<Vec<_>>()
        .join("/")
}

async fn answer(app: &TestApp, token: &str, method: &Method, path: &str) -> (u16, Value) {
    let mut request = app
        .client
        .request(method.clone(), format!("{}{path}", app.address))
        .header("x-api-key", &app.api_key)
        .bearer_auth(token);
    if *method == Method::POST || *method == Method::PUT {
        request = request.json(&json!({}));
    }
    let response = request.send().await.expect("request");
    let status = response.status().as_u16();
    (status, crate::helpers::body_of(response).await)
}

#[tokio::test]
async fn every_operation_answers_every_role_as_the_permission_table_says() {
    let app = spawn_app().await;
    let table = OperationTable::from_openapi(&concierge::openapi::document());
    // Signing out last: the token is no good after it.
    let mut operations: Vec<_> = table.iter().collect();
    operations.sort_by_key(|o| o.pattern == "/api/v1/logout");
    let mut walked = 0;
    for role in Role::ALL {
        let token = app.token_for(role).await;
        for operation in &operations {
            let method = Method::from_bytes(operation.method.as_str().as_bytes()).unwrap();
            let path = concrete(&operation.pattern);
            let (status, body) = answer(&app, &token, &method, &path).await;
            let what = format!("{role}: {} {path}", operation.method);
            assert_ne!(
                operation.access,
                Access::Undeclared,
                "{what} declares no permission"
            );
            assert_ne!(status, 500, "{what}: {body}");
            assert_ne!(status, 401, "{what}: {body}");
            if operation.access.allows(role) {
                assert_ne!(status, 403, "{what} is refused: {body}");
            } else {
                assert_eq!(
                    (status, body["message"].as_str()),
                    (403, Some(FORBIDDEN)),
                    "{what} is not refused: {body}"
                );
                assert_eq!(body["errors"], json!({}), "{what}");
            }
            walked += 1;
        }
    }
    assert!(walked > 5 * 60, "{walked} operations walked");
    // The table the server enforces is the architecture's, row by row.
    let granted = |role: Role| -> Vec<&str> { role.permissions() };
    assert_eq!(Role::Owner.permissions().len(), Permission::ALL.len());
    assert_eq!(
        granted(Role::Editor),
        [
            "account",
            "content.read",
            "content.create",
            "content.edit",
            "content.publish",
            "content.delete",
            "content.import",
            "translations",
            "review",
            "media.upload",
            "media.manage",
            "publishing.retry"
        ]
    );
    assert_eq!(
        granted(Role::Contributor),
        [
            "account",
            "content.read",
            "content.create",
            "content.edit",
            "media.upload"
        ]
    );
    assert_eq!(
        granted(Role::Translator),
        ["account", "content.read", "content.edit", "translations"]
    );
    assert_eq!(
        granted(Role::Enquiries),
        [
            "account",
            "enquiries.read",
            "enquiries.edit",
            "subscriptions.read"
        ]
    );
}

#[tokio::test]
async fn a_refusal_is_answered_before_the_body_is_read_in_the_askers_language_and_audited() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let desk = app.token_for(Role::Enquiries).await;
    // Not even valid JSON: the permission is checked first.
    let response = app
        .api(Method::POST, "/blog")
        .bearer_auth(&desk)
        .header("content-type", "application/json")
        .header("accept-language", "ar")
        .body("{not json")
        .send()
        .await
        .unwrap();
    let (status, body) = read(response).await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(body["message"], "ليست لديك صلاحية للقيام بهذا.");
    // However the path is spelt.
    let (status, _) = answer(&app, &desk, &Method::GET, "/api/v1/%61dmin-users").await;
    assert_eq!(status, 403);
    let lines = audit_lines(&app, &owner, "denied").await;
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[0]["actor"], "enquiries-member");
    assert_eq!(lines[0]["resource_id"], "GET /api/v1/admin-users");
    assert_eq!(lines[1]["resource_id"], "POST /api/v1/blog");
    assert_eq!(
        lines[1]["detail"],
        json!({ "role": "enquiries", "permission": "content.create" })
    );
}

#[tokio::test]
async fn the_account_says_its_role_and_permissions_and_the_team_sets_roles() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let (status, account) = read(app.get_as(&owner, "/account").await).await;
    assert_eq!(status, 200);
    assert_eq!(account["responseBody"][0]["role"], "owner");
    assert_eq!(
        account["responseBody"][0]["permissions"]
            .as_array()
            .unwrap()
            .len(),
        Permission::ALL.len()
    );
    let add = async |body: Value| {
        app.send_as(&owner, Method::POST, "/admin-users", &body)
            .await
    };
    let (status, body) =
        read(add(json!({ "username": "layla", "password": "one-time pass for now" })).await).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["responseBody"][0]["role"], "editor", "the default");
    let (status, body) = read(
        add(json!({ "username": "omar", "password": "one-time pass for now", "role": "chef" }))
            .await,
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["errors"]["role"].is_string(), "{body}");
    let (status, body) = read(
        add(json!({ "username": "omar", "password": "one-time pass for now", "role": "translator" }))
            .await,
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let omar = body["responseBody"][0]["id"].as_i64().unwrap();
    let (status, body) = read(
        app.send_as(
            &owner,
            Method::PUT,
            &format!("/admin-users/{omar}"),
            &json!({ "role": "enquiries" }),
        )
        .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["responseBody"][0]["role"], "enquiries");
    let (_, team) = read(app.get_as(&owner, "/admin-users").await).await;
    let roles: Vec<&str> = team["responseBody"]["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["role"].as_str().unwrap())
        .collect();
    assert_eq!(roles, ["owner", "editor", "enquiries"]);
    let changes = audit_lines(&app, &owner, "admin.role_changed").await;
    assert_eq!(changes.len(), 1);
}

#[tokio::test]
async fn a_changed_role_holds_at_once_in_every_open_session() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let editor = app.token_for(Role::Editor).await;
    let (status, _) = read(app.get_as(&editor, "/content/scheduled").await).await;
    assert_eq!(status, 200);
    let (_, team) = read(app.get_as(&owner, "/admin-users").await).await;
    let id = team["responseBody"]["result"][1]["id"].as_i64().unwrap();
    let (status, _) = read(
        app.send_as(
            &owner,
            Method::PUT,
            &format!("/admin-users/{id}"),
            &json!({ "role": "enquiries" }),
        )
        .await,
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = read(app.get_as(&editor, "/content/scheduled").await).await;
    assert_eq!(status, 403);
    let (status, _) = read(app.get_as(&editor, "/contact-us").await).await;
    assert_eq!(status, 200);
}

/// A live blog, created and published by the owner; its id.
async fn live_blog(app: &TestApp, owner: &str) -> i64 {
    app.create_as(owner, "/blog", &blog("Arrivals at Riyadh", 1))
        .await
}

#[tokio::test]
async fn a_translator_changes_only_the_arabic_and_it_waits_for_an_editor() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let translator = app.token_for(Role::Translator).await;
    let id = live_blog(&app, &owner).await;
    let path = format!("/blog/{id}");
    let (_, shown) = read(app.get_as(&translator, &path).await).await;
    let mut form = shown["responseBody"][0].clone();

    // The English name changed: refused, naming it, and nothing is written.
    form["name"] = json!("Arrivals at Jeddah");
    form["name_ar"] = json!("الوصول إلى جدة");
    let (status, body) = read(app.send_as(&translator, Method::PUT, &path, &form).await).await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(body["message"], FORBIDDEN);
    assert_eq!(
        body["errors"],
        json!({ "name": "Translators change only the Arabic text: name cannot be changed." })
    );
    let (_, after) = read(app.get_as(&owner, &path).await).await;
    assert_eq!(after["responseBody"][0]["hasPendingChanges"], false);
    assert_eq!(after["responseBody"][0]["name_ar"], "وصول بلا عناء");

    // Only the Arabic changed (the rest sent as it was shown): a pending change.
    form["name"] = shown["responseBody"][0]["name"].clone();
    form["status"] = json!("published");
    let (status, body) = read(app.send_as(&translator, Method::PUT, &path, &form).await).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["responseBody"][0]["hasPendingChanges"], true);
    assert_eq!(body["responseBody"][0]["name_ar"], "الوصول إلى جدة");
    let (_, public) = read(app.get(&path).await).await;
    assert_eq!(public["responseBody"][0]["name_ar"], "وصول بلا عناء");

    // The Arabic alone: everything else stays.
    let (status, body) = read(
        app.send_as(
            &translator,
            Method::PUT,
            &path,
            &json!({ "description_ar": "<p>استقبال هادئ في جدة.</p>" }),
        )
        .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["responseBody"][0]["name"], "Arrivals at Riyadh");
    assert_eq!(
        body["responseBody"][0]["description_ar"],
        "<p>استقبال هادئ في جدة.</p>"
    );

    // An editor publishes it.
    let (status, _) = read(
        app.send_as(
            &owner,
            Method::POST,
            &format!("/content/blog/{id}/publish"),
            &json!({}),
        )
        .await,
    )
    .await;
    assert_eq!(status, 200);
    let (_, public) = read(app.get(&path).await).await;
    assert_eq!(
        public["responseBody"][0]["description_ar"],
        "<p>استقبال هادئ في جدة.</p>"
    );
    assert_eq!(public["responseBody"][0]["name"], "Arrivals at Riyadh");
}

#[tokio::test]
async fn a_contributors_saves_are_drafts_whatever_they_ask_and_the_live_page_stays() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let contributor = app.token_for(Role::Contributor).await;
    let mut asked = blog("Private terminals", 2);
    asked["status"] = json!("published");
    let draft = app.create_as(&contributor, "/blog", &asked).await;
    let (status, _) = read(app.get(&format!("/blog/{draft}")).await).await;
    assert_eq!(status, 404, "a contributor's new blog is a draft");
    let (_, seen) = read(app.get_as(&owner, &format!("/blog/{draft}")).await).await;
    assert_eq!(seen["responseBody"][0]["status"], "draft");

    let id = live_blog(&app, &owner).await;
    let path = format!("/blog/{id}");
    let mut changed = blog("Arrivals, rewritten", 1);
    changed["status"] = json!("published");
    changed["publish_at"] = json!("2030-01-01T00:00:00Z");
    let (status, body) = read(
        app.send_as(&contributor, Method::PUT, &path, &changed)
            .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["responseBody"][0]["hasPendingChanges"], true);
    assert_eq!(body["responseBody"][0]["publish_at"], Value::Null);
    let (_, public) = read(app.get(&path).await).await;
    assert_eq!(public["responseBody"][0]["name"], "Arrivals at Riyadh");
    for action in ["publish", "unpublish", "undelete"] {
        let (status, _) = read(
            app.send_as(
                &contributor,
                Method::POST,
                &format!("/content/blog/{id}/{action}"),
                &json!({}),
            )
            .await,
        )
        .await;
        assert_eq!(status, 403, "{action}");
    }
    let (status, _) = read(app.delete_as(&contributor, &path).await).await;
    assert_eq!(status, 403);
    let (_, public) = read(app.get(&path).await).await;
    assert_eq!(public["responseBody"][0]["name"], "Arrivals at Riyadh");
}

#[tokio::test]
async fn the_desk_reads_content_as_a_visitor_does() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let desk = app.token_for(Role::Enquiries).await;
    let mut draft = blog("Not yet", 3);
    draft["status"] = json!("draft");
    let id = app.create_as(&owner, "/blog", &draft).await;
    let (status, _) = read(app.get_as(&desk, &format!("/blog/{id}")).await).await;
    assert_eq!(status, 404);
    let (status, _) = read(app.get_as(&owner, &format!("/blog/{id}")).await).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn the_last_active_owner_stays_even_when_two_owners_demote_each_other_at_once() {
    let app = spawn_app().await;
    let first = app.admin_token().await;
    app.create_admin_with("second-owner", ADMIN_PASSWORD, None)
        .await;
    let second = app.token_of("second-owner", ADMIN_PASSWORD).await;
    let (_, team) = read(app.get_as(&first, "/admin-users").await).await;
    let ids: Vec<i64> = team["responseBody"]["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_i64().unwrap())
        .collect();
    for round in 0..5 {
        let (change_a, change_b) = if round % 2 == 0 {
            (json!({ "role": "editor" }), json!({ "role": "editor" }))
        } else {
            (
                json!({ "role": "translator" }),
                json!({ "role": "contributor" }),
            )
        };
        let path_a = format!("/admin-users/{}", ids[1]);
        let path_b = format!("/admin-users/{}", ids[0]);
        let (a, b) = tokio::join!(
            app.send_as(&first, Method::PUT, &path_a, &change_a),
            app.send_as(&second, Method::PUT, &path_b, &change_b),
        );
        // The one demoted first either is refused by the lock's check (409) or, had its
        // request not been authenticated yet, is no longer an owner (403).
        let mut statuses = [a.status().as_u16(), b.status().as_u16()];
        statuses.sort_unstable();
        assert!(
            statuses == [200, 403] || statuses == [200, 409],
            "round {round}: {statuses:?}"
        );
        let owners = app
            .count("admin_users WHERE role = 'owner' AND disabled = FALSE")
            .await;
        assert_eq!(owners, 1, "round {round}");
        // Both owners again for the next round.
        for id in &ids {
            app.db
                .write
                .execute_unprepared(&format!(
                    "UPDATE admin_users SET role = 'owner', disabled = FALSE WHERE id = {id}"
                ))
                .await
                .unwrap();
        }
    }
    // Alone, an owner cannot be demoted or disabled by anyone, nor demote themselves.
    app.db
        .write
        .execute_unprepared(&format!(
            "UPDATE admin_users SET role = 'editor' WHERE id = {}",
            ids[1]
        ))
        .await
        .unwrap();
    let (status, body) = read(
        app.send_as(
            &first,
            Method::PUT,
            &format!("/admin-users/{}", ids[0]),
            &json!({ "role": "editor" }),
        )
        .await,
    )
    .await;
    assert_eq!(status, 409, "{body}");
    let reset = {
        let txn = sea_orm::TransactionTrait::begin(&app.db.write)
            .await
            .unwrap();
        concierge::accounts::admins::upsert_admin(
            &txn,
            crate::helpers::ADMIN,
            ADMIN_PASSWORD,
            Some(Role::Editor),
        )
        .await
    };
    let refused = reset.expect_err("the command line cannot demote the last owner either");
    assert!(refused.to_string().contains("owner"), "{refused}");
}

#[tokio::test]
async fn administrators_from_before_roles_are_owners() {
    let app = spawn_app().await;
    app.db
        .write
        .execute_unprepared(
            "INSERT INTO admin_users (username, password_hash, created_at, disabled, \
             must_change_password, totp_enabled) \
             VALUES ('before-roles', 'x', '2026-11-01T00:00:00Z', FALSE, FALSE, FALSE)",
        )
        .await
        .unwrap();
    let owners = app
        .count("admin_users WHERE username = 'before-roles' AND role = 'owner'")
        .await;
    assert_eq!(owners, 1);
}
