//! Administrator sign-in, sessions and throttling.

use reqwest::Method;
use serde_json::json;

use crate::helpers::{ADMIN, ADMIN_PASSWORD, TestApp, read, spawn_app, spawn_app_with};

#[tokio::test]
async fn login_returns_an_opaque_token_with_an_expiry_and_stores_only_its_hash() {
    let app = spawn_app().await;
    app.create_admin(ADMIN, ADMIN_PASSWORD).await;
    let (status, body) = read(app.login(ADMIN, ADMIN_PASSWORD).await).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Successfully logged in");
    let token = body["responseBody"]["token"].as_str().unwrap();
    assert!(
        token.len() >= 40 && !token.contains('.'),
        "opaque, not a JWT"
    );
    let expires =
        chrono::DateTime::parse_from_rfc3339(body["responseBody"]["expiresAt"].as_str().unwrap())
            .unwrap();
    assert!(expires > chrono::Utc::now());
    use sea_orm::EntityTrait;
    let sessions = concierge::store::entities::admin_session::Entity::find()
        .all(&app.db.read)
        .await
        .unwrap();
    let hashes: Vec<String> = sessions.into_iter().map(|s| s.token_hash).collect();
    assert_eq!(hashes, vec![concierge::token::token_hash(token)]);
}

#[tokio::test]
async fn a_wrong_user_and_a_wrong_password_get_the_same_answer() {
    let app = spawn_app().await;
    app.create_admin(ADMIN, ADMIN_PASSWORD).await;
    let wrong_password = read(app.login(ADMIN, "not the password").await).await;
    let wrong_user = read(app.login("nobody", ADMIN_PASSWORD).await).await;
    assert_eq!(wrong_password.0, 401);
    assert_eq!(wrong_password, wrong_user);
}

#[tokio::test]
async fn missing_credentials_get_the_specification_messages() {
    let app = spawn_app().await;
    let (status, body) = read(app.post("/authenticate", &json!({"password": "x"})).await).await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (400, "Please enter the user name")
    );
    let (_, body) = read(
        app.post(
            "/authenticate",
            &json!({"username": "amira", "password": ""}),
        )
        .await,
    )
    .await;
    assert_eq!(body["message"], "Please enter the password");
}

#[tokio::test]
async fn admin_routes_refuse_a_missing_or_unknown_token() {
    let app = spawn_app().await;
    let (status, _) = read(app.get("/contact-us").await).await;
    assert_eq!(status, 401);
    let (status, _) = read(app.get_as("made-up-token", "/contact-us").await).await;
    assert_eq!(status, 401);
    let (status, _) = read(
        app.api(Method::GET, "/contact-us")
            .header("authorization", "Basic abc")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 401);
    let (status, _) = read(
        app.send_as(
            "made-up-token",
            Method::POST,
            "/blog",
            &crate::helpers::blog("x", 1),
        )
        .await,
    )
    .await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn a_token_stops_working_after_logout() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    assert_eq!(
        app.get_as(&token, "/contact-us").await.status().as_u16(),
        200
    );
    let (status, body) = read(
        app.api(Method::POST, "/logout")
            .bearer_auth(&token)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        app.get_as(&token, "/contact-us").await.status().as_u16(),
        401
    );
}

#[tokio::test]
async fn an_expired_token_gets_401() {
    use sea_orm::{EntityTrait, sea_query::Expr};
    let app = spawn_app().await;
    let token = app.admin_token().await;
    concierge::store::entities::admin_session::Entity::update_many()
        .col_expr(
            concierge::store::entities::admin_session::Column::ExpiresAt,
            Expr::value(chrono::Utc::now() - chrono::Duration::minutes(1)),
        )
        .exec(&app.db.write)
        .await
        .unwrap();
    assert_eq!(
        app.get_as(&token, "/contact-us").await.status().as_u16(),
        401
    );
}

#[tokio::test]
async fn the_sixth_failed_login_for_a_user_name_within_15_minutes_gets_429_with_retry_after() {
    let app = spawn_app().await;
    app.create_admin(ADMIN, ADMIN_PASSWORD).await;
    for attempt in 1..=5 {
        assert_eq!(
            app.login(ADMIN, "guess").await.status().as_u16(),
            401,
            "attempt {attempt}"
        );
    }
    let response = app.login(ADMIN, "guess").await;
    assert_eq!(response.status().as_u16(), 429);
    let retry_after: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=15 * 60).contains(&retry_after), "{retry_after}");
    let (_, body) = read(response).await;
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Too many failed sign-in attempts")
    );
    // Even the right password waits: the throttle is checked before the credentials.
    assert_eq!(
        app.login(ADMIN, ADMIN_PASSWORD).await.status().as_u16(),
        429
    );
}

#[tokio::test]
async fn failures_are_also_counted_per_client_across_user_names() {
    let app = spawn_app().await;
    let limit = concierge::limits::ADDRESS_LIMIT.max;
    for n in 0..limit {
        assert_eq!(
            app.login(&format!("user{n}"), "guess")
                .await
                .status()
                .as_u16(),
            401
        );
    }
    assert_eq!(
        app.login("someone-else", "guess").await.status().as_u16(),
        429
    );
}

#[tokio::test]
async fn old_failures_leave_the_window() {
    use sea_orm::{EntityTrait, sea_query::Expr};
    let app = spawn_app().await;
    app.create_admin(ADMIN, ADMIN_PASSWORD).await;
    for _ in 0..5 {
        app.login(ADMIN, "guess").await;
    }
    concierge::store::entities::throttle_event::Entity::update_many()
        .col_expr(
            concierge::store::entities::throttle_event::Column::At,
            Expr::value(chrono::Utc::now() - chrono::Duration::minutes(16)),
        )
        .exec(&app.db.write)
        .await
        .unwrap();
    assert_eq!(
        app.login(ADMIN, ADMIN_PASSWORD).await.status().as_u16(),
        200
    );
}

#[tokio::test]
async fn resetting_a_password_with_the_cli_helper_ends_existing_sessions() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    app.create_admin(ADMIN, "a brand new passphrase").await;
    assert_eq!(
        app.get_as(&token, "/contact-us").await.status().as_u16(),
        401
    );
    assert_eq!(
        app.login(ADMIN, "a brand new passphrase")
            .await
            .status()
            .as_u16(),
        200
    );
}

/// A login from `address`, as a trusted proxy forwards it.
async fn login_from(app: &TestApp, address: &str, password: &str) -> u16 {
    app.api(Method::POST, "/authenticate")
        .header("x-forwarded-for", address)
        .json(&json!({ "username": ADMIN, "password": password }))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[tokio::test]
async fn parallel_guesses_are_counted_before_the_password_is_checked() {
    let app = spawn_app().await;
    app.create_admin(ADMIN, ADMIN_PASSWORD).await;
    let guesses = (0..40).map(|n| {
        let request = app
            .api(Method::POST, "/authenticate")
            .json(&json!({ "username": ADMIN, "password": format!("guess {n}") }));
        async move { request.send().await.unwrap().status().as_u16() }
    });
    let statuses = futures_util::future::join_all(guesses).await;
    let checked = statuses.iter().filter(|s| **s == 401).count();
    let refused = statuses.iter().filter(|s| **s == 429).count();
    assert_eq!((checked, refused), (5, 35), "{statuses:?}");
}

#[tokio::test]
async fn failures_from_one_address_never_lock_the_administrator_out_of_another() {
    let app = spawn_app_with(|s| {
        s.trusted_proxies = concierge::domain::network::TrustedProxies::parse("127.0.0.1").unwrap();
    })
    .await;
    app.create_admin(ADMIN, ADMIN_PASSWORD).await;
    for _ in 0..5 {
        assert_eq!(login_from(&app, "203.0.113.66", "guess").await, 401);
    }
    assert_eq!(
        login_from(&app, "203.0.113.66", "guess").await,
        429,
        "the guessing address waits"
    );
    assert_eq!(
        login_from(&app, "203.0.113.66", ADMIN_PASSWORD).await,
        429,
        "even with the right password"
    );
    // The real administrator, elsewhere: slowed down (a second), not refused.
    let started = std::time::Instant::now();
    assert_eq!(login_from(&app, "198.51.100.7", ADMIN_PASSWORD).await, 200);
    assert!(
        started.elapsed() >= std::time::Duration::from_millis(900),
        "a growing delay"
    );
}

#[tokio::test]
async fn a_forwarded_for_header_is_ignored_unless_the_peer_is_a_trusted_proxy() {
    let app = spawn_app().await;
    app.create_admin(ADMIN, ADMIN_PASSWORD).await;
    for n in 0..5 {
        // Each guess claims another address: without a trusted proxy, they all count as one.
        assert_eq!(
            login_from(&app, &format!("203.0.113.{n}"), "guess").await,
            401
        );
    }
    assert_eq!(login_from(&app, "198.51.100.7", "guess").await, 429);
}

#[tokio::test]
async fn admin_writes_are_authenticated_before_their_body_is_read() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let send = |bearer: Option<&str>, method: Method, path: &str, body: &'static str| {
        let mut request = app
            .api(method, path)
            .header("content-type", "application/json")
            .body(body);
        if let Some(bearer) = bearer {
            request = request.bearer_auth(bearer);
        }
        async move { request.send().await.unwrap().status().as_u16() }
    };
    for (method, path) in [
        (Method::PUT, "/blog/1"),
        (Method::POST, "/our-services"),
        (Method::DELETE, "/client-reviewes/1"),
        (Method::POST, "/blob-upload"),
    ] {
        for body in ["{not json", "[1, 2", "\u{0}"] {
            assert_eq!(
                send(Some("bogus"), method.clone(), path, body).await,
                401,
                "{method} {path} {body:?}"
            );
            assert_eq!(
                send(None, method.clone(), path, body).await,
                401,
                "{method} {path} {body:?}"
            );
        }
    }
    assert_eq!(
        send(Some(&token), Method::PUT, "/blog/1", "{not json").await,
        400,
        "then the body"
    );
    assert_eq!(
        send(None, Method::POST, "/subscription", "{not json").await,
        400,
        "public forms read it"
    );
}
