//! Every restriction and permission holds on the route the router matches, whatever way the
//! path is spelt: `/api/v1/%61dmin-users` is `/api/v1/admin-users` (the attack review's
//! second finding: the account checks read the raw path while actix routes the decoded one).

use concierge::operations::OperationTable;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, read, spawn_app, spawn_app_with};

/// The path with `{parameters}` filled in.
fn concrete(pattern: &str) -> String {
    pattern
        .split('/')
        .map(|s| if s.starts_with('{') { "7" } else { s })
        .collect::<Vec<_>>()
        .join("/")
}

fn encode(c: char, upper: bool) -> String {
    if upper {
        format!("%{:02X}", c as u32)
    } else {
        format!("%{:02x}", c as u32)
    }
}

/// Ways of spelling `path` that the router reads as `path`: the first letter of every segment
/// after `/api/v1` percent-encoded; every character but the slashes encoded (upper-case hex);
/// only the hyphens and digits encoded.
fn spellings(path: &str) -> Vec<String> {
    let rest = path.strip_prefix("/api/v1/").expect("an API path");
    let first_letters = rest
        .split('/')
        .map(|segment| {
            let mut chars = segment.chars();
            match chars.next() {
                Some(c) => format!("{}{}", encode(c, false), chars.as_str()),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join("/");
    let everything = rest
        .chars()
        .map(|c| {
            if c == '/' {
                "/".to_owned()
            } else {
                encode(c, true)
            }
        })
        .collect::<String>();
    let hyphens_and_digits = rest
        .chars()
        .map(|c| {
            if c == '-' || c.is_ascii_digit() {
                encode(c, false)
            } else {
                c.to_string()
            }
        })
        .collect::<String>();
    [first_letters, everything, hyphens_and_digits]
        .into_iter()
        .map(|rest| format!("/api/v1/{rest}"))
        .filter(|spelt| spelt != path)
        .collect()
}

async fn answer(app: &TestApp, token: Option<&str>, method: &Method, path: &str) -> (u16, Value) {
    let mut request = app
        .client
        .request(method.clone(), format!("{}{path}", app.address))
        .header("x-api-key", &app.api_key);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if *method == Method::POST || *method == Method::PUT {
        request = request.json(&json!({}));
    }
    let response = request.send().await.expect("request");
    let status = response.status().as_u16();
    (status, crate::helpers::body_of(response).await)
}

/// Sends every operation of the OpenAPI document as `token` (a fresh one from `sign_in` for
/// signing out) with its plain path and each other spelling, and expects the same status and
/// message from each.
async fn every_operation_answers_alike(
    app: &TestApp,
    who: &str,
    token: Option<String>,
    sign_in: impl AsyncFn() -> String,
) -> usize {
    let table = OperationTable::from_openapi(&concierge::openapi::document());
    let mut compared = 0;
    for operation in table.iter() {
        let method = Method::from_bytes(operation.method.as_str().as_bytes()).unwrap();
        let plain = concrete(&operation.pattern);
        let signs_out = operation.pattern == "/api/v1/logout";
        let token_for = async || match (&token, signs_out) {
            (Some(_), true) => Some(sign_in().await),
            (token, _) => token.clone(),
        };
        let expected = answer(app, token_for().await.as_deref(), &method, &plain).await;
        assert_ne!(
            expected.0, 500,
            "{who}: {} {plain}: {}",
            operation.method, expected.1
        );
        for spelt in spellings(&plain) {
            let got = answer(app, token_for().await.as_deref(), &method, &spelt).await;
            assert_eq!(
                (got.0, &got.1["message"]),
                (expected.0, &expected.1["message"]),
                "{who}: {} {spelt} answers unlike {plain}: {}",
                operation.method,
                got.1
            );
            compared += 1;
        }
    }
    compared
}

#[tokio::test]
async fn an_administrator_with_a_one_time_password_is_refused_however_the_path_is_spelt() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let (status, body) = read(
        app.send_as(
            &owner,
            Method::POST,
            "/admin-users",
            &json!({ "username": "noor", "password": "one-time pass for now" }),
        )
        .await,
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let token = app.token_of("noor", "one-time pass for now").await;
    // The finding itself, spelt out.
    for path in ["/api/v1/%61dmin-users", "/api/v1/%63ontact-us/export"] {
        let (status, body) = answer(&app, Some(&token), &Method::GET, path).await;
        assert_eq!(status, 403, "{path}: {body}");
    }
    let (status, _) = answer(&app, Some(&token), &Method::POST, "/api/v1/%62log").await;
    assert_eq!(status, 403);
    let sign_in = async || app.token_of("noor", "one-time pass for now").await;
    let compared =
        every_operation_answers_alike(&app, "one-time password", Some(token), sign_in).await;
    assert!(compared > 150, "{compared} spellings compared");
    let anonymous =
        every_operation_answers_alike(&app, "no token", None, async || unreachable!()).await;
    assert!(anonymous > 150);
}

#[tokio::test]
async fn required_two_factor_cannot_be_skipped_by_spelling_the_path_differently() {
    let app = spawn_app_with(|s| s.require_2fa = true).await;
    let token = app.admin_token().await;
    let (status, _) = answer(&app, Some(&token), &Method::GET, "/api/v1/%61dmin-users").await;
    assert_eq!(status, 403);
    let sign_in = async || {
        app.token_of(crate::helpers::ADMIN, crate::helpers::ADMIN_PASSWORD)
            .await
    };
    every_operation_answers_alike(&app, "two-factor required", Some(token), sign_in).await;
}

#[tokio::test]
async fn writes_and_exports_through_an_encoded_path_are_audited_with_their_actor() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let created = app
        .client
        .post(format!("{}/api/v1/%62log", app.address))
        .header("x-api-key", &app.api_key)
        .bearer_auth(&token)
        .json(&crate::helpers::blog("Through an encoded path", 1))
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 201);
    let sent = app.post("/contact-us", &crate::helpers::contact()).await;
    assert_eq!(sent.status(), 201);
    let exported = app
        .client
        .get(format!("{}/api/v1/contact-us/%65xport", app.address))
        .header("x-api-key", &app.api_key)
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(exported.status(), 200);
    let (status, log) = read(app.get_as(&token, "/audit?size=100").await).await;
    assert_eq!(status, 200, "{log}");
    let lines = log["responseBody"]["result"].as_array().unwrap();
    for action in ["export", "content.created"] {
        let line = lines
            .iter()
            .find(|l| l["action"] == action)
            .unwrap_or_else(|| panic!("no {action} line: {log}"));
        assert_eq!(line["actor"], crate::helpers::ADMIN, "{line}");
    }
}
