//! The shared vectors of `rules/vectors.json`, sent to the real API in English and in Arabic:
//! every case's first failure (field, message, headline) or its acceptance, as the admin and the
//! islands expect them (their vitest suites run the same file).

use reqwest::Method;
use serde_json::{Map, Value, json};

use crate::helpers::{TestApp, read, service, spawn_app_with};

fn vectors() -> Value {
    serde_json::from_str(include_str!("../../../../rules/vectors.json")).expect("vectors.json")
}

/// The form's valid values with the case's change applied, `{"repeat", "times"}` expanded and
/// `{service}` replaced by an existing service's id.
fn values(vectors: &Value, case: &Value, service_id: i64) -> Map<String, Value> {
    let mut values = vectors["valid"][case["form"].as_str().unwrap()]
        .as_object()
        .unwrap()
        .clone();
    for (field, value) in case["change"].as_object().unwrap() {
        values.insert(field.clone(), value.clone());
    }
    for value in values.values_mut() {
        if let Some(repeat) = value.get("repeat").and_then(Value::as_str) {
            *value = json!(repeat.repeat(value["times"].as_u64().unwrap() as usize));
        } else if value == "{service}" {
            *value = json!(service_id.to_string());
        }
    }
    values
}

/// A form's values named by their path (`passengerDetails.fullName`) as the JSON the page
/// sends (`{"passengerDetails": {"fullName": …}}`).
fn nested(flat: Map<String, Value>) -> Value {
    let mut out = Map::new();
    for (path, value) in flat {
        match path.split_once('.') {
            Some((group, field)) => {
                let group = out.entry(group.to_owned()).or_insert_with(|| json!({}));
                group[field] = value;
            }
            None => {
                out.insert(path, value);
            }
        }
    }
    Value::Object(out)
}

/// Sends the case to the endpoint of its form; `None` for a form with no endpoint of its own.
async fn send(
    app: &TestApp,
    token: &str,
    case: &Value,
    body: Map<String, Value>,
    lang: &str,
) -> Option<(u16, Value)> {
    let admin = case["audience"] == "admin";
    let (method, path, body) = match case["form"].as_str().unwrap() {
        "contact" => (Method::POST, "/contact-us", Value::Object(body)),
        "airportRequest" => (Method::POST, "/airport-requests", nested(body)),
        "subscription" => (Method::POST, "/subscription", Value::Object(body)),
        "signIn" => (Method::POST, "/authenticate", Value::Object(body)),
        "service" => (Method::POST, "/our-services", Value::Object(body)),
        "serviceList" => (Method::POST, "/list-of-services", Value::Object(body)),
        "blog" => (Method::POST, "/blog", Value::Object(body)),
        "clientReview" => (Method::POST, "/client-reviewes", Value::Object(body)),
        "banner" => (Method::POST, "/flashy-banner", json!([body])),
        "generalContent" => (
            Method::POST,
            "/general-content-section",
            Value::Object(body),
        ),
        _ => return None,
    };
    let mut request = app
        .api(method, path)
        .header("accept-language", lang)
        .json(&body);
    if admin {
        request = request.bearer_auth(token);
    }
    Some(read(request.send().await.expect("request")).await)
}

#[tokio::test]
async fn every_vector_gets_the_same_answer_from_the_api_in_both_languages() {
    let app = spawn_app_with(|s| {
        s.form_limit = concierge::limits::Limit::parse("100000/1m").unwrap();
    })
    .await;
    let token = app.admin_token().await;
    let (_, created) = read(
        app.send_as(
            &token,
            Method::POST,
            "/our-services",
            &service("Valet parking", 1),
        )
        .await,
    )
    .await;
    let service_id = created["responseBody"][0]["id"].as_i64().unwrap();
    let vectors = vectors();
    let mut checked = 0;
    for case in vectors["cases"].as_array().unwrap() {
        let name = case["name"].as_str().unwrap();
        for (lang, header) in [("en", "en-GB,en;q=0.9"), ("ar", "ar-AE,ar;q=0.9,en;q=0.5")] {
            let body = values(&vectors, case, service_id);
            let answer = match case["form"].as_str().unwrap() {
                "newPassword" => {
                    let password = body["password"].as_str().unwrap();
                    let result = concierge::domain::password::NewPassword::parse("", password);
                    Some(match result {
                        Ok(_) => (201, json!({})),
                        Err(text) => {
                            let message = if lang == "ar" { text.ar } else { text.en };
                            (
                                400,
                                json!({ "message": message, "errors": { "password": message } }),
                            )
                        }
                    })
                }
                _ => send(&app, &token, case, body, header).await,
            };
            let (status, body) = answer.expect("every form is covered");
            match case["expect"].as_object() {
                None if case["form"] == "signIn" => {
                    assert_eq!(
                        status, 401,
                        "{name} ({lang}): valid input, unknown user: {body}"
                    )
                }
                None => assert!(
                    status == 200 || status == 201,
                    "{name} ({lang}): refused: {status} {body}"
                ),
                Some(expect) => {
                    let field = expect["field"].as_str().unwrap();
                    let message = &expect[lang];
                    let headline = expect
                        .get("headline")
                        .map_or(message, |headline| &headline[lang]);
                    assert_eq!(status, 400, "{name} ({lang}): {body}");
                    assert_eq!(&body["errors"][field], message, "{name} ({lang}): {body}");
                    assert_eq!(&body["message"], headline, "{name} ({lang}): {body}");
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 200, "{checked} answers checked");
}

#[tokio::test]
async fn every_kind_of_error_answers_in_arabic_when_asked() {
    let app = spawn_app_with(|_| {}).await;
    let ar = |method: Method, path: &str| app.api(method, path).header("accept-language", "ar");
    // A missing API key is refused by the outermost check of the API.
    let response = app
        .client
        .get(format!("{}/api/v1/blog", app.address))
        .header("accept-language", "ar")
        .send()
        .await
        .unwrap();
    assert_eq!(
        response.headers()["vary"].to_str().unwrap(),
        "accept-language"
    );
    let (status, body) = read(response).await;
    assert_eq!(status, 401);
    assert_eq!(
        body["message"],
        "مفتاح الواجهة البرمجية (x-api-key) مفقود أو غير صالح."
    );
    // An admin route without a token.
    let (status, body) = read(ar(Method::GET, "/contact-us").send().await.unwrap()).await;
    assert_eq!(status, 401);
    assert_eq!(
        body["message"],
        "يرجى تسجيل الدخول مرة أخرى: جلستك غير موجودة أو انتهت صلاحيتها."
    );
    // Malformed JSON, a missing item, a method the path does not take, a bad query.
    let (status, body) = read(
        ar(Method::POST, "/subscription")
            .header("content-type", "application/json")
            .body("{")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 400);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("نص JSON غير صالح: "),
        "{body}"
    );
    let (status, body) = read(ar(Method::GET, "/blog/999999").send().await.unwrap()).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (404, Some("لم يتم العثور على المقال"))
    );
    let (status, body) = read(ar(Method::DELETE, "/blog").send().await.unwrap()).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (405, Some("هذه الطريقة غير مسموح بها هنا."))
    );
    let (status, body) = read(ar(Method::GET, "/blog?page=0").send().await.unwrap()).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("عددًا صحيحًا"),
        "{body}"
    );
    // The same requests in English (no header, or another language first) stay English.
    let (_, body) = read(app.get("/blog/999999").await).await;
    assert_eq!(body["message"], "Blog not found");
    let (_, body) = read(
        app.api(Method::GET, "/blog/999999")
            .header("accept-language", "fr-FR, ar;q=0.5")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(body["message"], "Blog not found");
}

#[tokio::test]
async fn success_messages_and_throttling_speak_arabic_too() {
    let app = spawn_app_with(|s| {
        s.form_limit = concierge::limits::Limit::parse("1/10m").unwrap();
    })
    .await;
    let subscribe = |email: &str| {
        app.api(Method::POST, "/subscription")
            .header("accept-language", "ar")
            .json(&json!({ "email": email }))
    };
    let (status, body) = read(subscribe("first@example.com").send().await.unwrap()).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (201, Some("تم الاشتراك بنجاح!"))
    );
    let (status, body) = read(subscribe("second@example.com").send().await.unwrap()).await;
    assert_eq!(status, 429);
    assert_eq!(
        body["message"],
        "طلبات كثيرة من عنوانك. يرجى المحاولة مرة أخرى بعد 10 دقائق."
    );
}
