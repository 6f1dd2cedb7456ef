//! The audit log of account changes and refused sign-ins, and who may reach the account routes.

use super::*;

#[tokio::test]
async fn the_audit_log_records_who_did_what_from_where_and_filters_and_pages() {
    let app = spawn_app().await;
    app.create_admin(ADMIN, ADMIN_PASSWORD).await;
    assert_eq!(read(app.login(ADMIN, "wrong password").await).await.0, 401);
    let token = app.token_of(ADMIN, ADMIN_PASSWORD).await;
    let (status, created) = send(
        &app,
        &token,
        Method::POST,
        "/our-services",
        crate::helpers::service("Valet", 1),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["responseBody"][0]["id"].as_i64().unwrap();
    let mut renamed = crate::helpers::service("Valet parking", 1);
    renamed["id"] = json!(id);
    let (status, body) = send(
        &app,
        &token,
        Method::PUT,
        &format!("/our-services/{id}"),
        renamed,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        app.get_as(&token, "/contact-us/export")
            .await
            .status()
            .as_u16(),
        404,
        "nothing to export yet"
    );
    send(
        &app,
        &token,
        Method::POST,
        "/account/totp/setup",
        json!({ "password": ADMIN_PASSWORD }),
    )
    .await;
    let other = app.token_of(ADMIN, ADMIN_PASSWORD).await;
    assert_eq!(
        send(&app, &other, Method::POST, "/logout", json!({}))
            .await
            .0,
        200
    );

    let (status, body) = get(&app, &token, "/audit?size=100").await;
    assert_eq!(status, 200, "{body}");
    let entries = body["responseBody"]["result"].as_array().unwrap();
    let found = |action: &str| {
        entries
            .iter()
            .find(|e| e["action"] == action)
            .cloned()
            .unwrap_or_else(|| panic!("{action}: {body}"))
    };
    let failure = found("sign_in.failure");
    assert_eq!(failure["actor"], ADMIN);
    assert_eq!(failure["address"], "127.0.0.1");
    assert_eq!(failure["detail"]["reason"], "password");
    assert_eq!(found("sign_in.success")["actor"], ADMIN);
    assert_eq!(found("sign_out")["actor"], ADMIN);
    let update = found("content.updated");
    assert_eq!(update["resource"], "service");
    assert_eq!(update["resource_id"], id.to_string());
    assert_eq!(update["detail"]["fields"], json!(["name"]));
    assert_eq!(update["actor"], ADMIN);
    assert_eq!(
        update["name"], "Valet parking",
        "an item is named by its title"
    );
    let create = found("content.created");
    assert!(
        create["detail"]["fields"]
            .as_array()
            .unwrap()
            .contains(&json!("name"))
    );
    for key in [
        "id",
        "at",
        "actor",
        "address",
        "action",
        "resource",
        "resource_id",
        "name",
        "detail",
    ] {
        assert!(update.get(key).is_some(), "{key}");
    }
    // Newest first.
    let ids: Vec<i64> = entries.iter().map(|e| e["id"].as_i64().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] > w[1]), "{ids:?}");

    assert_eq!(
        actions(&app, &token, "&action=sign_in").await,
        ["sign_in.success", "sign_in.success", "sign_in.failure"]
    );
    assert_eq!(
        actions(&app, &token, "&action=content.updated").await,
        ["content.updated"]
    );
    assert!(actions(&app, &token, "&actor=nobody").await.is_empty());
    assert!(actions(&app, &token, "&from=2100-01-01").await.is_empty());
    assert_eq!(actions(&app, &token, "&to=2000-01-01").await.len(), 0);
    let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
    assert_eq!(
        actions(&app, &token, &format!("&from={today}&to={today}"))
            .await
            .len(),
        entries.len()
    );
    let (status, page) = get(&app, &token, "/audit?page=2&size=2").await;
    assert_eq!(status, 200);
    assert_eq!(page["responseBody"]["result"].as_array().unwrap().len(), 2);
    assert_eq!(page["responseBody"]["totalCount"], entries.len());
    assert_eq!(page["responseBody"]["result"][0]["id"], entries[2]["id"]);
    for bad in [
        "/audit?from=yesterday",
        "/audit?to=",
        "/audit?to=2026-13-40",
        "/audit?size=0",
        "/audit?page=x",
        &format!("/audit?actor={}", "a".repeat(101)),
    ] {
        let (status, body) = get(&app, &token, bad).await;
        assert_eq!(status, 400, "{bad}: {body}");
    }
}

#[tokio::test]
async fn the_audit_log_is_append_only() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let before = app.count("audit_log").await;
    assert!(before > 0);
    for method in [Method::PUT, Method::DELETE, Method::PATCH] {
        let status = app
            .api(method.clone(), "/audit")
            .bearer_auth(&token)
            .send()
            .await
            .unwrap()
            .status()
            .as_u16();
        assert!(status == 404 || status == 405, "{method}: {status}");
        let status = app
            .api(method.clone(), "/audit/1")
            .bearer_auth(&token)
            .send()
            .await
            .unwrap()
            .status()
            .as_u16();
        assert!(
            status == 404 || status == 405,
            "{method} /audit/1: {status}"
        );
    }
    use sea_orm::ConnectionTrait;
    for sql in ["UPDATE audit_log SET action = 'x'", "DELETE FROM audit_log"] {
        let result = app.db.write.execute_unprepared(sql).await;
        assert!(result.is_err(), "{sql} must be refused");
    }
    assert_eq!(app.count("audit_log").await, before);
    assert_eq!(app.count("audit_log WHERE action = 'x'").await, 0);
}

#[tokio::test]
async fn account_routes_need_a_signed_in_administrator() {
    let app = spawn_app().await;
    for (method, path) in [
        (Method::GET, "/account"),
        (Method::PUT, "/account/password"),
        (Method::GET, "/account/sessions"),
        (Method::DELETE, "/account/sessions/1"),
        (Method::POST, "/account/totp/setup"),
        (Method::POST, "/account/totp/enable"),
        (Method::POST, "/account/totp/disable"),
        (Method::GET, "/admin-users"),
        (Method::POST, "/admin-users"),
        (Method::PUT, "/admin-users/1"),
        (Method::DELETE, "/admin-users/1"),
        (Method::GET, "/audit"),
    ] {
        let status = app
            .api(method.clone(), path)
            .json(&json!({}))
            .send()
            .await
            .unwrap()
            .status()
            .as_u16();
        assert_eq!(status, 401, "{method} {path}");
    }
}

#[tokio::test]
async fn account_messages_come_in_arabic_when_asked() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let response = app
        .api(Method::DELETE, "/admin-users/1")
        .bearer_auth(&token)
        .header("accept-language", "ar")
        .send()
        .await
        .unwrap();
    let (status, body) = read(response).await;
    assert_eq!(status, 409);
    assert_eq!(
        body["message"],
        "لا يمكنك تعطيل حسابك أو حذفه أو تغيير دوره."
    );
}

#[tokio::test]
async fn refused_sign_ins_are_recorded_once_per_address_and_window_not_once_per_request() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    for _ in 0..9 {
        app.login(ADMIN, "not the password at all").await;
    }
    let failures = app
        .count("audit_log WHERE action = 'sign_in.failure'")
        .await;
    assert_eq!(
        failures, 6,
        "five wrong passwords, then one line for the refusals"
    );
    // An administrator who must change a one-time password reads the public API as anybody.
    let (_, noor) = {
        let (status, body) = send(
            &app,
            &token,
            Method::POST,
            "/admin-users",
            json!({ "username": "noor", "password": "one-time pass for now" }),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        (status, app.token_of("noor", "one-time pass for now").await)
    };
    assert_eq!(get(&app, &noor, "/our-services").await.0, 200);
}

#[tokio::test]
async fn the_command_line_leaves_its_account_changes_in_the_audit_log_as_the_system() {
    let app = spawn_app().await;
    app.create_admin("layla", "velvet rope at dawn").await;
    app.create_admin("layla", "another velvet rope at dusk")
        .await;
    let token = app.admin_token().await;
    let (status, body) = get(&app, &token, "/audit?action=admin.created").await;
    assert_eq!(status, 200);
    let created = &body["responseBody"]["result"];
    assert_eq!(created.as_array().unwrap().len(), 2, "{body}");
    assert!(created[1]["actor"].is_null(), "the system: {body}");
    assert_eq!(created[1]["detail"]["username"], "layla");
    assert_eq!(
        actions(&app, &token, "&action=password.reset").await,
        ["password.reset"]
    );
}

/// A line about an administrator's account names them by their user name as it is now, never
/// by a table and an id; a line about nothing named has no name.
#[tokio::test]
async fn the_audit_log_names_the_administrators_it_is_about() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let (status, body) = send(
        &app,
        &owner,
        Method::POST,
        "/admin-users",
        json!({ "username": "noor", "password": "one-time pass for now", "role": "editor" }),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let noor = body["responseBody"][0]["id"].as_i64().unwrap();
    let (status, body) = send(
        &app,
        &owner,
        Method::PUT,
        &format!("/admin-users/{noor}"),
        json!({ "role": "translator" }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = get(&app, &owner, "/audit?action=admin&size=100").await;
    assert_eq!(status, 200, "{body}");
    let lines = body["responseBody"]["result"].as_array().unwrap();
    let about_noor: Vec<&Value> = lines
        .iter()
        .filter(|l| l["resource_id"] == noor.to_string())
        .collect();
    assert!(about_noor.len() >= 2, "created and role changed: {body}");
    for line in about_noor {
        assert_eq!(line["resource"], "admin_user");
        assert_eq!(line["name"], "noor", "{line}");
    }
    let (_, body) = get(&app, &owner, "/audit?action=sign_in&size=100").await;
    let sign_in = &body["responseBody"]["result"][0];
    assert!(sign_in["name"].is_null(), "{sign_in}");
    // A refusal names the operation it refused.
    let desk = app.token_for(concierge::roles::Role::Enquiries).await;
    assert_eq!(get(&app, &desk, "/admin-users").await.0, 403);
    let (_, body) = get(&app, &owner, "/audit?action=denied").await;
    let denied = &body["responseBody"]["result"][0];
    assert_eq!(denied["name"], "GET /api/v1/admin-users", "{denied}");
}
