//! Administrator accounts (issue 17): the team, own account and sessions, two-factor sign-in,
//! and the audit log.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{ADMIN, ADMIN_PASSWORD, TestApp, read, send, spawn_app, spawn_app_with};
use concierge::accounts::totp;

const NEW_PASSWORD: &str = "quiet harbour lanterns";

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// The code of `secret` `steps` steps from now.
fn code(secret: &str, steps: i64) -> String {
    totp::code(secret, now() + steps * totp::STEP).unwrap()
}

async fn login_with(app: &TestApp, name: &str, password: &str, code: &str) -> (u16, Value) {
    read(
        app.post(
            "/authenticate",
            &json!({ "username": name, "password": password, "code": code }),
        )
        .await,
    )
    .await
}

/// Sends `body` and checks the answer's status.
async fn expect_status(
    app: &TestApp,
    token: &str,
    method: Method,
    path: &str,
    body: Value,
    status: u16,
) {
    let shown = format!("{method} {path} {body}");
    let (got, answer) = send(app, token, method, path, body).await;
    assert_eq!(got, status, "{shown} -> {answer}");
}

/// The signed-in administrator's own account (`GET /account`).
async fn account_of(app: &TestApp, token: &str) -> Value {
    get(app, token, "/account").await.1["responseBody"][0].clone()
}

async fn get(app: &TestApp, token: &str, path: &str) -> (u16, Value) {
    read(app.get_as(token, path).await).await
}

/// Enrols `token`'s administrator (the demo administrator); returns the secret and the
/// recovery codes.
async fn enrol(app: &TestApp, token: &str) -> (String, Vec<String>) {
    enrol_with(app, token, ADMIN_PASSWORD).await
}

/// Enrols `token`'s administrator, whose password is `password`.
async fn enrol_with(app: &TestApp, token: &str, password: &str) -> (String, Vec<String>) {
    let body = json!({ "password": password });
    let (status, setup) = send(app, token, Method::POST, "/account/totp/setup", body).await;
    assert_eq!(status, 200, "{setup}");
    let secret = setup["responseBody"][0]["secret"]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, enabled) = send(
        app,
        token,
        Method::POST,
        "/account/totp/enable",
        json!({ "code": code(&secret, 0) }),
    )
    .await;
    assert_eq!(status, 200, "{enabled}");
    let codes = enabled["responseBody"][0]["recovery_codes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_owned())
        .collect();
    (secret, codes)
}

/// An administrator added through the team screen who has changed their one-time password.
/// Another owner, added by `admin` and signed in with their own password.
async fn teammate(app: &TestApp, admin: &str, name: &str) -> (i32, String) {
    let (status, body) = send(
        app,
        admin,
        Method::POST,
        "/admin-users",
        json!({ "username": name, "password": "one-time pass for now", "role": "owner" }),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let id = body["responseBody"][0]["id"].as_i64().unwrap() as i32;
    let token = app.token_of(name, "one-time pass for now").await;
    let (status, body) = send(
        app,
        &token,
        Method::PUT,
        "/account/password",
        json!({ "current_password": "one-time pass for now", "new_password": NEW_PASSWORD }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    (id, token)
}

async fn actions(app: &TestApp, token: &str, query: &str) -> Vec<String> {
    let (status, body) = get(app, token, &format!("/audit?size=100{query}")).await;
    assert_eq!(status, 200, "{body}");
    body["responseBody"]["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn enrolment_gives_a_local_svg_qr_code_a_typed_secret_and_ten_single_use_recovery_codes() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (status, setup) = send(
        &app,
        &token,
        Method::POST,
        "/account/totp/setup",
        json!({ "password": ADMIN_PASSWORD }),
    )
    .await;
    assert_eq!(status, 200, "{setup}");
    let setup = &setup["responseBody"][0];
    let secret = setup["secret"].as_str().unwrap();
    assert_eq!(secret.len(), 32);
    let uri = setup["otpauth_uri"].as_str().unwrap();
    assert!(
        uri.starts_with("otpauth://totp/Concierge:amira?secret="),
        "{uri}"
    );
    assert!(uri.contains(secret));
    let svg = setup["qr_svg"].as_str().unwrap();
    assert!(
        svg.contains("<svg") && !svg.contains("<script") && !svg.contains("href"),
        "{svg}"
    );

    let (status, wrong) = send(
        &app,
        &token,
        Method::POST,
        "/account/totp/enable",
        json!({ "code": "000000" }),
    )
    .await;
    assert_eq!(status, 400, "{wrong}");
    assert!(wrong["errors"]["code"].is_string(), "{wrong}");
    let (status, enabled) = send(
        &app,
        &token,
        Method::POST,
        "/account/totp/enable",
        json!({ "code": code(secret, 0) }),
    )
    .await;
    assert_eq!(status, 200, "{enabled}");
    let codes = enabled["responseBody"][0]["recovery_codes"]
        .as_array()
        .unwrap();
    assert_eq!(codes.len(), 10);
    let stored: Vec<String> = {
        use sea_orm::EntityTrait;
        concierge::store::entities::admin_recovery_code::Entity::find()
            .all(&app.db.read)
            .await
            .unwrap()
            .into_iter()
            .map(|c| c.code_hash)
            .collect()
    };
    assert_eq!(stored.len(), 10);
    for code in codes {
        let plain = code.as_str().unwrap().replace('-', "");
        assert!(stored.iter().all(|h| !h.contains(&plain)), "stored hashed");
    }
    // The enrolling session keeps working; the account says two-factor is on.
    let (status, account) = get(&app, &token, "/account").await;
    assert_eq!(status, 200);
    assert_eq!(account["responseBody"][0]["totpEnabled"], true);
    // No second enrolment while two-factor is on.
    expect_status(
        &app,
        &token,
        Method::POST,
        "/account/totp/setup",
        json!({ "password": ADMIN_PASSWORD }),
        409,
    )
    .await;
}

#[tokio::test]
async fn with_two_factor_on_the_password_alone_issues_no_token_and_a_replayed_code_is_refused() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (secret, _) = enrol(&app, &token).await;
    let sessions_before = app.count("admin_sessions").await;

    let (status, body) = read(app.login(ADMIN, ADMIN_PASSWORD).await).await;
    assert_eq!(status, 401, "{body}");
    assert_eq!(body["twoFactorRequired"], true);
    assert!(body["message"].as_str().unwrap().contains("code"));
    assert!(body.get("responseBody").is_none());
    let (status, body) = login_with(&app, ADMIN, "wrong password", &code(&secret, 1)).await;
    assert_eq!(status, 401);
    assert_ne!(
        body["twoFactorRequired"], true,
        "the password is checked first"
    );
    assert_eq!(
        app.count("admin_sessions").await,
        sessions_before,
        "no token without every factor"
    );

    // Enrolment used this step's code: the next step's code signs in, once.
    let next = code(&secret, 1);
    let (status, body) = login_with(&app, ADMIN, ADMIN_PASSWORD, &next).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = login_with(&app, ADMIN, ADMIN_PASSWORD, &next).await;
    assert_eq!(status, 401, "replay: {body}");
    assert_eq!(body["twoFactorRequired"], true);
    // An earlier step's code, still inside the window, is refused too.
    let (status, _) = login_with(&app, ADMIN, ADMIN_PASSWORD, &code(&secret, 0)).await;
    assert_eq!(status, 401);
    let (status, _) = login_with(&app, ADMIN, ADMIN_PASSWORD, &code(&secret, 5)).await;
    assert_eq!(status, 401, "outside the window");
}

#[tokio::test]
async fn wrong_codes_are_throttled_like_passwords() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (secret, _) = enrol(&app, &token).await;
    for _ in 0..5 {
        let (status, _) = login_with(&app, ADMIN, ADMIN_PASSWORD, "123456").await;
        assert_eq!(status, 401);
    }
    let response = app
        .post(
            "/authenticate",
            &json!({ "username": ADMIN, "password": ADMIN_PASSWORD, "code": code(&secret, 1) }),
        )
        .await;
    assert_eq!(response.status().as_u16(), 429);
    assert!(response.headers().get("retry-after").is_some());
}

#[tokio::test]
async fn recovery_codes_sign_in_once_each() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (_, codes) = enrol(&app, &token).await;
    let typed = codes[3].to_uppercase().replace('-', " ");
    let (status, body) = login_with(&app, ADMIN, ADMIN_PASSWORD, &typed).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = login_with(&app, ADMIN, ADMIN_PASSWORD, &codes[3]).await;
    assert_eq!(status, 401, "used: {body}");
    let (status, _) = login_with(&app, ADMIN, ADMIN_PASSWORD, &codes[4]).await;
    assert_eq!(status, 200, "another one still works");
    // Recovery codes do not confirm an enrolment.
    let audit = actions(
        &app,
        &token_of_any(&app, &codes[5]).await,
        "&action=recovery_code",
    )
    .await;
    assert_eq!(audit.len(), 3);
}

async fn token_of_any(app: &TestApp, code: &str) -> String {
    let (status, body) = login_with(app, ADMIN, ADMIN_PASSWORD, code).await;
    assert_eq!(status, 200, "{body}");
    body["responseBody"]["token"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_token_made_without_the_second_factor_stops_working_once_two_factor_is_on() {
    let app = spawn_app().await;
    let enrolling = app.admin_token().await;
    let other = app.token_of(ADMIN, ADMIN_PASSWORD).await;
    let (status, _) = get(&app, &other, "/account").await;
    assert_eq!(status, 200);
    enrol(&app, &enrolling).await;
    let (status, _) = get(&app, &other, "/account").await;
    assert_eq!(status, 401, "made with the password only");
    let (status, _) = get(&app, &enrolling, "/account").await;
    assert_eq!(status, 200, "the enrolling session passed the code");
}

#[tokio::test]
async fn turning_two_factor_off_needs_the_password() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    enrol(&app, &token).await;
    let (status, body) = send(
        &app,
        &token,
        Method::POST,
        "/account/totp/disable",
        json!({ "password": "not it" }),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["errors"]["password"].is_string());
    expect_status(
        &app,
        &token,
        Method::POST,
        "/account/totp/disable",
        json!({}),
        400,
    )
    .await;
    let (status, body) = send(
        &app,
        &token,
        Method::POST,
        "/account/totp/disable",
        json!({ "password": ADMIN_PASSWORD }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(app.count("admin_recovery_codes").await, 0);
    let (status, _) = read(app.login(ADMIN, ADMIN_PASSWORD).await).await;
    assert_eq!(status, 200, "the password alone signs in again");
    expect_status(
        &app,
        &token,
        Method::POST,
        "/account/totp/disable",
        json!({ "password": ADMIN_PASSWORD }),
        409,
    )
    .await;
}

#[tokio::test]
async fn changing_the_password_needs_the_current_one_and_ends_every_other_session() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let other = app.token_of(ADMIN, ADMIN_PASSWORD).await;
    let cases = [
        (
            json!({ "current_password": "wrong one entirely", "new_password": NEW_PASSWORD }),
            "current_password",
        ),
        (json!({ "new_password": NEW_PASSWORD }), "current_password"),
        (
            json!({ "current_password": ADMIN_PASSWORD }),
            "new_password",
        ),
        (
            json!({ "current_password": ADMIN_PASSWORD, "new_password": "short" }),
            "new_password",
        ),
        (
            json!({ "current_password": ADMIN_PASSWORD, "new_password": "Password1234" }),
            "new_password",
        ),
        (
            json!({ "current_password": ADMIN_PASSWORD, "new_password": ADMIN_PASSWORD }),
            "new_password",
        ),
        (
            json!({ "current_password": 12, "new_password": NEW_PASSWORD }),
            "",
        ),
    ];
    for (body, field) in cases {
        let (status, answer) =
            send(&app, &token, Method::PUT, "/account/password", body.clone()).await;
        assert_eq!(status, 400, "{body} -> {answer}");
        if !field.is_empty() {
            assert!(answer["errors"][field].is_string(), "{body} -> {answer}");
        }
    }
    let (status, _) = get(&app, &other, "/account").await;
    assert_eq!(status, 200, "refused changes end nothing");
    let (status, body) = send(
        &app,
        &token,
        Method::PUT,
        "/account/password",
        json!({ "current_password": ADMIN_PASSWORD, "new_password": NEW_PASSWORD }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        get(&app, &other, "/account").await.0,
        401,
        "the other session ended"
    );
    assert_eq!(
        get(&app, &token, "/account").await.0,
        200,
        "this one goes on"
    );
    assert_eq!(read(app.login(ADMIN, ADMIN_PASSWORD).await).await.0, 401);
    app.token_of(ADMIN, NEW_PASSWORD).await;
}

#[tokio::test]
async fn sessions_show_when_where_and_which_browser_and_any_of_them_can_be_ended() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let other = {
        let response = app
            .api(Method::POST, "/authenticate")
            .header("user-agent", "Mozilla/5.0 (iPhone) Safari")
            .json(&json!({ "username": ADMIN, "password": ADMIN_PASSWORD }))
            .send()
            .await
            .unwrap();
        read(response).await.1["responseBody"]["token"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let (status, body) = get(&app, &token, "/account/sessions").await;
    assert_eq!(status, 200, "{body}");
    let list = body["responseBody"]["result"].as_array().unwrap();
    assert_eq!(body["responseBody"]["totalCount"], 2);
    assert_eq!(list[0]["current"], true, "the current session comes first");
    let phone = list.iter().find(|s| s["current"] == false).unwrap();
    assert_eq!(phone["user_agent"], "Mozilla/5.0 (iPhone) Safari");
    assert_eq!(phone["address"], "127.0.0.1");
    for key in ["id", "created_at", "last_seen_at"] {
        assert!(!phone[key].is_null(), "{key}");
    }
    let id = phone["id"].as_i64().unwrap();

    // Another administrator cannot end it.
    let (_, mate) = teammate(&app, &token, "yusuf").await;
    assert_eq!(
        app.delete_as(&mate, &format!("/account/sessions/{id}"))
            .await
            .status()
            .as_u16(),
        404
    );
    assert_eq!(
        app.delete_as(&token, "/account/sessions/abc")
            .await
            .status()
            .as_u16(),
        400
    );

    let (status, body) = read(
        app.delete_as(&token, &format!("/account/sessions/{id}"))
            .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["responseBody"]["id"], id);
    assert_eq!(get(&app, &other, "/account").await.0, 401);
    assert_eq!(
        app.delete_as(&token, &format!("/account/sessions/{id}"))
            .await
            .status()
            .as_u16(),
        404
    );
}

#[tokio::test]
async fn a_new_administrator_must_change_the_one_time_password_before_anything_else() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let (status, body) = send(
        &app,
        &admin,
        Method::POST,
        "/admin-users",
        json!({ "username": "noor", "password": "one-time pass for now" }),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["responseBody"][0]["username"], "noor");
    assert_eq!(body["responseBody"][0]["mustChangePassword"], true);
    let token = app.token_of("noor", "one-time pass for now").await;
    let (status, account) = get(&app, &token, "/account").await;
    assert_eq!(status, 200);
    assert_eq!(account["responseBody"][0]["mustChangePassword"], true);
    for (method, path) in [
        (Method::GET, "/contact-us"),
        (Method::GET, "/admin-users"),
        (Method::POST, "/account/totp/setup"),
    ] {
        let (status, body) = send(&app, &token, method, path, json!({})).await;
        assert_eq!(status, 403, "{path}: {body}");
        assert!(
            body["message"].as_str().unwrap().contains("change"),
            "{body}"
        );
    }
    expect_status(
        &app,
        &token,
        Method::PUT,
        "/account/password",
        json!({ "current_password": "one-time pass for now", "new_password": NEW_PASSWORD }),
        200,
    )
    .await;
    // Now their role's operations answer (an editor's, the default).
    assert_eq!(get(&app, &token, "/content/scheduled").await.0, 200);
    assert_eq!(account_of(&app, &token).await["mustChangePassword"], false);
}

#[tokio::test]
async fn the_team_rejects_bad_input_with_clear_400s_and_taken_names_with_409() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let cases = [
        (json!({ "password": "one-time pass for now" }), "username"),
        (
            json!({ "username": "  ", "password": "one-time pass for now" }),
            "username",
        ),
        (
            json!({ "username": "a b<script>", "password": "one-time pass for now" }),
            "username",
        ),
        (json!({ "username": "noor" }), "password"),
        (
            json!({ "username": "noor", "password": "short" }),
            "password",
        ),
        (
            json!({ "username": "noor", "password": "noor-noor-noor-noor" }),
            "password",
        ),
    ];
    for (body, field) in cases {
        let (status, answer) = send(&app, &admin, Method::POST, "/admin-users", body.clone()).await;
        assert_eq!(status, 400, "{body} -> {answer}");
        assert!(answer["errors"][field].is_string(), "{body} -> {answer}");
    }
    let taken = json!({ "username": ADMIN, "password": "one-time pass for now" });
    for (method, path, body, status) in [
        (Method::POST, "/admin-users", taken, 409),
        (
            Method::PUT,
            "/admin-users/1",
            json!({ "disabled": "yes" }),
            400,
        ),
        (Method::PUT, "/admin-users/1", json!({}), 400),
        (
            Method::PUT,
            "/admin-users/0",
            json!({ "disabled": true }),
            400,
        ),
        (
            Method::PUT,
            "/admin-users/999",
            json!({ "disabled": true }),
            404,
        ),
    ] {
        expect_status(&app, &admin, method, path, body, status).await;
    }
    assert_eq!(
        app.delete_as(&admin, "/admin-users/999")
            .await
            .status()
            .as_u16(),
        404
    );
    let (status, list) = get(&app, &admin, "/admin-users").await;
    assert_eq!(status, 200);
    assert_eq!(list["responseBody"]["totalCount"], 1);
    let me = &list["responseBody"]["result"][0];
    for key in [
        "id",
        "username",
        "disabled",
        "totpEnabled",
        "created_at",
        "last_sign_in_at",
    ] {
        assert!(me.get(key).is_some(), "{key}: {me}");
    }
    assert!(!me["last_sign_in_at"].is_null());
}

#[tokio::test]
async fn nobody_disables_deletes_or_resets_themselves_here() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    teammate(&app, &admin, "yusuf").await;
    let (_, me) = get(&app, &admin, "/account").await;
    assert_eq!(me["responseBody"][0]["username"], ADMIN);
    let my_id = 1;
    let (status, body) = send(
        &app,
        &admin,
        Method::PUT,
        &format!("/admin-users/{my_id}"),
        json!({ "disabled": true }),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    expect_status(
        &app,
        &admin,
        Method::PUT,
        &format!("/admin-users/{my_id}"),
        json!({ "password": "another long passphrase" }),
        409,
    )
    .await;
    assert_eq!(
        app.delete_as(&admin, &format!("/admin-users/{my_id}"))
            .await
            .status()
            .as_u16(),
        409
    );
    assert_eq!(get(&app, &admin, "/account").await.0, 200);
}

#[tokio::test]
async fn the_last_active_administrator_cannot_be_disabled_or_deleted() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let (yusuf_id, yusuf) = teammate(&app, &admin, "yusuf").await;
    // Each disables the other at the same moment: one of them stays active.
    let yusuf_path = format!("/admin-users/{yusuf_id}");
    let (a, b) = tokio::join!(
        send(
            &app,
            &admin,
            Method::PUT,
            &yusuf_path,
            json!({ "disabled": true })
        ),
        send(
            &app,
            &yusuf,
            Method::PUT,
            "/admin-users/1",
            json!({ "disabled": true })
        ),
    );
    let statuses = [a.0, b.0];
    assert!(statuses.contains(&200), "{a:?} {b:?}");
    assert!(
        statuses.iter().any(|s| *s == 409 || *s == 401),
        "{a:?} {b:?}"
    );
    assert_eq!(app.count("admin_users WHERE disabled = false").await, 1);
    // The rule itself, whoever asks: the one active administrator stays.
    let txn = sea_orm::TransactionTrait::begin(&app.db.write)
        .await
        .unwrap();
    let active = {
        use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
        concierge::store::entities::admin_user::Entity::find()
            .filter(concierge::store::entities::admin_user::Column::Disabled.eq(false))
            .one(&txn)
            .await
            .unwrap()
            .unwrap()
    };
    let change = concierge::accounts::admins::Change {
        disabled: Some(true),
        ..Default::default()
    };
    let refused = concierge::accounts::admins::update(&txn, 9999, active.id, change).await;
    assert!(
        matches!(refused, Err(concierge::error::ApiError::Conflict(_))),
        "{refused:?}"
    );
    let refused = concierge::accounts::admins::delete(&txn, 9999, active.id).await;
    assert!(
        matches!(refused, Err(concierge::error::ApiError::Conflict(_))),
        "{refused:?}"
    );
}

#[tokio::test]
async fn disabling_or_resetting_an_administrator_ends_their_sessions_at_once() {
    let app = spawn_app().await;
    let admin = app.admin_token().await;
    let (id, yusuf) = teammate(&app, &admin, "yusuf").await;
    let (status, body) = send(
        &app,
        &admin,
        Method::PUT,
        &format!("/admin-users/{id}"),
        json!({ "disabled": true }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["responseBody"][0]["disabled"], true);
    assert_eq!(get(&app, &yusuf, "/account").await.0, 401);
    let (status, body) = read(app.login("yusuf", NEW_PASSWORD).await).await;
    assert_eq!(status, 401, "{body}");
    assert!(body["message"].as_str().unwrap().contains("disabled"));

    expect_status(
        &app,
        &admin,
        Method::PUT,
        &format!("/admin-users/{id}"),
        json!({ "disabled": false }),
        200,
    )
    .await;
    let yusuf = app.token_of("yusuf", NEW_PASSWORD).await;
    let (status, body) = send(
        &app,
        &admin,
        Method::PUT,
        &format!("/admin-users/{id}"),
        json!({ "password": "a fresh one-time phrase" }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(get(&app, &yusuf, "/account").await.0, 401);
    let yusuf = app.token_of("yusuf", "a fresh one-time phrase").await;
    assert_eq!(
        get(&app, &yusuf, "/contact-us").await.0,
        403,
        "must change it first"
    );

    assert_eq!(
        app.delete_as(&admin, &format!("/admin-users/{id}"))
            .await
            .status()
            .as_u16(),
        200
    );
    assert_eq!(get(&app, &yusuf, "/account").await.0, 401);
    assert_eq!(
        read(app.login("yusuf", "a fresh one-time phrase").await)
            .await
            .0,
        401
    );
}

#[tokio::test]
async fn requiring_two_factor_lets_an_administrator_only_enrol_until_they_have() {
    let app = spawn_app_with(|s| s.require_2fa = true).await;
    let token = app.admin_token().await;
    let (_, account) = get(&app, &token, "/account").await;
    assert_eq!(account["responseBody"][0]["totpRequired"], true);
    let (status, body) = get(&app, &token, "/contact-us").await;
    assert_eq!(status, 403, "{body}");
    assert!(body["message"].as_str().unwrap().contains("two-factor"));
    enrol(&app, &token).await;
    assert_eq!(get(&app, &token, "/contact-us").await.0, 200);
    assert_eq!(account_of(&app, &token).await["totpRequired"], false);
}

mod audit;
mod resets;
