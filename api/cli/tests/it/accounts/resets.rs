//! Two-factor sign-in turned off or reset (by an owner, by the command line) and what a stolen token or another address cannot do.

use super::*;

/// The attack review's fifth finding: with the victim's token alone, enrolling a device of the
/// attacker's turned two-factor on and locked the owner out for good.
#[tokio::test]
async fn a_stolen_token_alone_cannot_enrol_two_factor() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (status, body) = send(&app, &token, Method::POST, "/account/totp/setup", json!({})).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["errors"]["password"], "Please enter your password.");
    let wrong = json!({ "password": "a guess at the password" });
    let (status, body) = send(&app, &token, Method::POST, "/account/totp/setup", wrong).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["errors"]["password"],
        "The current password is not correct."
    );
    let (status, body) = send(
        &app,
        &token,
        Method::POST,
        "/account/totp/enable",
        json!({ "code": "123456" }),
    )
    .await;
    assert_eq!(status, 409, "no setup was started: {body}");
    assert_eq!(account_of(&app, &token).await["totpEnabled"], false);
    enrol(&app, &token).await;
    assert_eq!(account_of(&app, &token).await["totpEnabled"], true);
}

/// An owner turns a teammate's two-factor off from the Team page (a lost phone, or a device
/// someone else enrolled): the teammate signs in with the password again, their sessions end,
/// and the log says who did it.
#[tokio::test]
async fn an_owner_turns_off_another_administrators_two_factor_and_it_is_audited() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let (id, token) = teammate(&app, &owner, "sara").await;
    enrol_with(&app, &token, NEW_PASSWORD).await;
    let (status, _) = login_with(&app, "sara", NEW_PASSWORD, "").await;
    assert_eq!(status, 401, "a code is asked for");
    let path = format!("/admin-users/{id}");
    let (status, body) = send(&app, &owner, Method::PUT, &path, json!({ "totp": true })).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["errors"]["totp"].is_string(), "{body}");
    let (status, body) = send(&app, &owner, Method::PUT, &path, json!({ "totp": false })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["responseBody"][0]["totpEnabled"], false);
    assert_eq!(
        get(&app, &token, "/account").await.0,
        401,
        "their sessions ended"
    );
    let (status, body) = read(app.login("sara", NEW_PASSWORD).await).await;
    assert_eq!(status, 200, "the password alone signs in again: {body}");
    let lines = actions(&app, &owner, "&action=totp.reset").await;
    assert_eq!(lines, ["totp.reset"]);
    let owner_id = account_id(&app, ADMIN).await;
    let (status, body) = send(
        &app,
        &owner,
        Method::PUT,
        &format!("/admin-users/{owner_id}"),
        json!({ "totp": false }),
    )
    .await;
    assert_eq!(
        status, 409,
        "your own is turned off from your account: {body}"
    );
}

async fn account_id(app: &TestApp, name: &str) -> i64 {
    let token = app.token_of(ADMIN, ADMIN_PASSWORD).await;
    let (_, team) = get(app, &token, "/admin-users").await;
    team["responseBody"]["result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["username"] == name)
        .and_then(|a| a["id"].as_i64())
        .unwrap()
}

/// `concierge admin create NAME` on an existing administrator is the way back in for one
/// locked out of their own account: it resets the password and turns two-factor off.
#[tokio::test]
async fn resetting_an_administrator_from_the_command_line_turns_two_factor_off() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    enrol(&app, &token).await;
    let output = crate::helpers::concierge(
        &app,
        &["admin", "create", ADMIN],
        &[("CONCIERGE_ADMIN_PASSWORD", NEW_PASSWORD)],
        "",
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("two-factor"));
    let (status, body) = read(app.login(ADMIN, NEW_PASSWORD).await).await;
    assert_eq!(status, 200, "{body}");
    let token = body["responseBody"]["token"].as_str().unwrap().to_owned();
    assert_eq!(account_of(&app, &token).await["totpEnabled"], false);
    let (_, log) = get(&app, &token, "/audit?action=password.reset").await;
    assert_eq!(
        log["responseBody"]["result"][0]["detail"]["totpOff"], true,
        "{log}"
    );
    // Enrolling again starts from a new secret; the old recovery codes are gone.
    enrol_with(&app, &token, NEW_PASSWORD).await;
}

/// The attack review's sixth finding: five wrong codes from anywhere held the right code back
/// for everybody for 15 minutes, again and again.
#[tokio::test]
async fn wrong_codes_from_one_address_never_keep_the_right_code_out_from_another() {
    let app = spawn_app_with(|s| {
        s.trusted_proxies = concierge::domain::network::TrustedProxies::parse("127.0.0.1").unwrap();
    })
    .await;
    let token = app.admin_token().await;
    let (secret, codes) = enrol(&app, &token).await;
    let from = |address: &'static str, code: String| {
        let request = app
            .api(Method::POST, "/authenticate")
            .header("x-forwarded-for", address)
            .json(&json!({ "username": ADMIN, "password": ADMIN_PASSWORD, "code": code }));
        async move { read(request.send().await.unwrap()).await }
    };
    for _ in 0..5 {
        let (status, body) = from("203.0.113.7", "123456".into()).await;
        assert_eq!(status, 401, "{body}");
    }
    let (status, _) = from("203.0.113.7", code(&secret, 0)).await;
    assert_eq!(status, 429, "the guessing address waits");
    let (status, body) = from("198.51.100.9", code(&secret, 1)).await;
    assert_eq!(
        status, 200,
        "the administrator's own address signs in: {body}"
    );
    let (status, body) = from("198.51.100.10", codes[0].clone()).await;
    assert_eq!(status, 200, "and so does a recovery code: {body}");
}
