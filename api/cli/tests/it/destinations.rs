//! Destinations, the kind added through the content model alone (issue 54): every path the
//! other kinds have, the pages it makes, its old URLs, its spreadsheet and the translator's
//! Arabic-only rule.

use std::io::Cursor;
use std::time::Duration;

use calamine::{Data, Reader, Xlsx};
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::{TestApp, read, spawn_app};
use crate::site::{page, site_ready, within};
use concierge::roles::Role;

/// A destination as the admin's form sends it.
pub fn destination(name: &str, country: &str, order: i32) -> Value {
    json!({"name": name, "country": country, "display_order": order, "image_url": "/media/d.svg",
           "summary": format!("{name}, as our concierges know it."),
           "description": format!("<p>What we arrange in {name}.</p><script>alert(1)</script>"),
           "name_ar": "العلا", "summary_ar": "مدينة الحجر والنجوم."})
}

const PUBLISHED: Duration = Duration::from_secs(5);

#[tokio::test]
async fn destinations_are_managed_listed_and_published_with_their_own_pages() {
    let app = spawn_app().await;
    site_ready(&app).await;
    let token = app.admin_token().await;
    let mut ids = Vec::new();
    for (name, country, order) in [("Doha", "QA", 3), ("Riyadh", "SA", 1), ("AlUla", "SA", 2)] {
        let (status, body) = read(
            app.send_as(
                &token,
                Method::POST,
                "/destinations",
                &destination(name, country, order),
            )
            .await,
        )
        .await;
        assert_eq!(
            (status, body["message"].as_str().unwrap()),
            (201, "Destination added successfully"),
            "{body}"
        );
        let saved = &body["responseBody"][0];
        assert_eq!(saved["slug"], name.to_lowercase());
        assert!(
            !saved["description"].as_str().unwrap().contains("script"),
            "the description is sanitised on save"
        );
        ids.push(saved["id"].as_i64().unwrap());
    }
    let (_, listed) = read(app.get("/destinations?page=1&size=10").await).await;
    let names: Vec<&str> = listed["responseBody"]["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Riyadh", "AlUla", "Doha"], "the site's order");

    // The pages: the list grouped by country, each destination's page, in both languages.
    let (_, list) = within(&app, "/destinations", PUBLISHED, |s, b| {
        s == 200
            && ["doha", "riyadh", "alula"]
                .iter()
                .all(|d| b.contains(&format!("/destinations/{d}\"")))
    })
    .await;
    let at = |text: &str| list.find(text).unwrap_or_else(|| panic!("{text}"));
    assert!(at("Saudi Arabia") < at(">Riyadh<") && at(">AlUla<") < at(">Qatar<"));
    // A publish writes the items' pages before the pages that link to them: a list that shows
    // a destination links to a page that is there.
    let (status, arabic) = page(&app, "/ar/destinations/alula").await;
    assert_eq!(status, 200);
    assert!(arabic.contains(">العلا</h1>"), "{arabic}");
    let response = app
        .client
        .get(format!("{}/destinations/alula", app.address))
        .send()
        .await
        .unwrap();
    let keys = response.headers()["surrogate-key"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        keys.contains(&ssg::edge::file_key("destinations/alula/index.html")),
        "the page's own surrogate key: {keys}"
    );
    // The sitemap is written after the pages it lists (in the same publish): waited for too.
    within(&app, "/sitemap-pages.xml", PUBLISHED, |s, sitemap| {
        s == 200
            && sitemap.contains("/destinations/alula</loc>")
            && sitemap.contains("/ar/destinations</loc>")
    })
    .await;

    // A rename moves the page and leaves the old URL redirecting to the new one.
    let alula = ids[2];
    let mut renamed = destination("AlUla Old Town", "SA", 2);
    renamed["status"] = json!("published");
    let (status, body) = read(
        app.send_as(
            &token,
            Method::PUT,
            &format!("/destinations/{alula}"),
            &renamed,
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (200, "Destination updated successfully"),
        "{body}"
    );
    assert_eq!(body["responseBody"][0]["slug"], "alula-old-town");
    within(&app, "/destinations/alula-old-town", PUBLISHED, |s, _| {
        s == 200
    })
    .await;
    let (_, old) = within(&app, "/destinations/alula", PUBLISHED, |_, b| {
        b.contains("http-equiv=\"refresh\"")
    })
    .await;
    assert!(old.contains("url=/destinations/alula-old-town"), "{old}");

    // A new destination with the old name takes the URL back; another with a taken name gets
    // a number.
    let again = app
        .create_as(&token, "/destinations", &destination("AlUla", "SA", 4))
        .await;
    let (_, body) = read(app.get(&format!("/destinations/{again}")).await).await;
    assert_eq!(body["responseBody"][0]["slug"], "alula");
    within(&app, "/destinations/alula", PUBLISHED, |s, b| {
        s == 200 && !b.contains("http-equiv=\"refresh\"")
    })
    .await;
    let twin = app
        .create_as(&token, "/destinations", &destination("Doha", "QA", 5))
        .await;
    let (_, body) = read(app.get(&format!("/destinations/{twin}")).await).await;
    assert_eq!(body["responseBody"][0]["slug"], "doha-2");

    // Deleted: gone from the list and its page from the site.
    let (status, body) = read(
        app.delete_as(&token, &format!("/destinations/{}", ids[0]))
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (200, "Destination deleted successfully")
    );
    within(&app, "/destinations/doha", PUBLISHED, |s, _| s == 404).await;
    let (status, body) = read(app.get(&format!("/destinations/{}", ids[0])).await).await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (404, "Destination not found")
    );
}

#[tokio::test]
async fn destination_rules_give_the_forms_messages_in_order() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let cases = [
        (json!({}), "name", "Please enter the Name"),
        (
            json!({"name": "Doha"}),
            "country",
            "Please choose the Country",
        ),
        (
            json!({"name": "Doha", "country": "FR"}),
            "country",
            "Country must be one of SA, AE, BH, QA, GB or IN.",
        ),
        (
            json!({"name": "Doha", "country": "QA"}),
            "summary",
            "Please enter the Summary",
        ),
        (
            json!({"name": "Doha", "country": "QA", "summary": "The Corniche."}),
            "description",
            "Please enter the description",
        ),
        (
            json!({"name": "Doha", "country": "QA", "summary": "The Corniche.", "description": "<p>x</p>"}),
            "image_url",
            "Please upload the Image",
        ),
        (
            json!({"name": "x".repeat(101), "country": "QA", "summary": "s", "description": "d",
                   "image_url": "/media/d.svg", "display_order": 1}),
            "name",
            "",
        ),
    ];
    for (body, field, message) in cases {
        let (status, answer) = read(
            app.send_as(&token, Method::POST, "/destinations", &body)
                .await,
        )
        .await;
        assert_eq!(status, 400, "{body}: {answer}");
        let said = answer["errors"][field]
            .as_str()
            .unwrap_or_else(|| panic!("{answer}"));
        if message.is_empty() {
            assert!(said.contains("100"), "the bound is named: {said}");
        } else {
            assert_eq!(said, message, "{body}");
        }
    }
}

#[tokio::test]
async fn a_translator_changes_only_a_destinations_arabic() {
    let app = spawn_app().await;
    let owner = app.admin_token().await;
    let translator = app.token_for(Role::Translator).await;
    let id = app
        .create_as(&owner, "/destinations", &destination("Manama", "BH", 1))
        .await;
    let path = format!("/destinations/{id}");
    let (_, shown) = read(app.get_as(&translator, &path).await).await;
    let mut form = shown["responseBody"][0].clone();
    form["summary"] = json!("The capital of Bahrain.");
    let (status, body) = read(app.send_as(&translator, Method::PUT, &path, &form).await).await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(
        body["errors"],
        json!({ "summary": "Translators change only the Arabic text: summary cannot be changed." })
    );
    let (status, body) = read(
        app.send_as(
            &translator,
            Method::PUT,
            &path,
            &json!({ "name_ar": "المنامة", "summary_ar": "عاصمة البحرين." }),
        )
        .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["responseBody"][0]["hasPendingChanges"], true);
    assert_eq!(body["responseBody"][0]["name_ar"], "المنامة");
    assert_eq!(body["responseBody"][0]["slug"], "manama", "the URL stays");
}

async fn import(app: &TestApp, token: &str, bytes: Vec<u8>) -> (u16, Value) {
    let form = Form::new().part("file", Part::bytes(bytes).file_name("destinations.xlsx"));
    read(
        app.api(Method::POST, "/import/destinations")
            .bearer_auth(token)
            .multipart(form)
            .send()
            .await
            .unwrap(),
    )
    .await
}

fn rows(bytes: &[u8]) -> Vec<Vec<Data>> {
    let mut book: Xlsx<_> = calamine::open_workbook_from_rs(Cursor::new(bytes.to_vec())).unwrap();
    let sheet = book.sheet_names()[0].clone();
    book.worksheet_range(&sheet)
        .unwrap()
        .rows()
        .map(|r| r.to_vec())
        .collect()
}

/// A workbook of `rows` under `header`.
fn workbook(header: &[String], rows: &[Vec<String>]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (c, title) in header.iter().enumerate() {
        sheet.write_string(0, c as u16, title).unwrap();
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            sheet.write_string(r as u32 + 1, c as u16, cell).unwrap();
        }
    }
    book.save_to_buffer().unwrap()
}

fn text(cell: &Data) -> String {
    match cell {
        Data::Float(f) => format!("{}", *f as i64),
        other => other.to_string(),
    }
}

#[tokio::test]
async fn destinations_round_trip_through_their_spreadsheet() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let empty = app.get_as(&token, "/destinations/export").await;
    assert_eq!(empty.status(), 404, "nothing to export");
    let riyadh = app
        .create_as(&token, "/destinations", &destination("Riyadh", "SA", 1))
        .await;
    app.create_as(&token, "/destinations", &destination("London", "GB", 2))
        .await;

    let response = app.get_as(&token, "/destinations/export").await;
    assert_eq!(response.status(), 200);
    let bytes = response.bytes().await.unwrap().to_vec();
    let sheet = rows(&bytes);
    let header: Vec<String> = sheet[0].iter().map(text).collect();
    assert_eq!(header[..4], ["ID", "Name", "Arabic name", "Country"]);
    assert_eq!(text(&sheet[1][0]), riyadh.to_string());
    assert_eq!(text(&sheet[1][3]), "Saudi Arabia", "a choice in words");

    // Back as it went out: every row updated, nothing created.
    let (status, body) = import(&app, &token, bytes.clone()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["responseBody"], json!({"created": 0, "updated": 2}));

    // Edited in the workbook: a summary changed, a row added with the country in Arabic.
    let mut table: Vec<Vec<String>> = sheet[1..]
        .iter()
        .map(|r| r.iter().map(text).collect())
        .collect();
    let summary = header.iter().position(|h| h == "Summary").unwrap();
    table[0][summary] = "The Kingdom's capital, by day and by night.".into();
    let mut doha = table[1].clone();
    doha[0] = String::new();
    doha[1] = "Doha".into();
    doha[3] = "قطر".into();
    table.push(doha);
    let (status, body) = import(&app, &token, workbook(&header, &table)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["responseBody"], json!({"created": 1, "updated": 2}));
    let (_, saved) = read(app.get(&format!("/destinations/{riyadh}")).await).await;
    assert_eq!(
        saved["responseBody"][0]["summary"],
        "The Kingdom's capital, by day and by night."
    );
    let (_, listed) = read(app.get("/destinations?page=1&size=10").await).await;
    let doha = listed["responseBody"]["result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["name"] == "Doha")
        .expect("the added row");
    assert_eq!(doha["country"], "QA");

    // A bad row: nothing saved, the cell named.
    let mut bad = table.clone();
    bad[0][summary] = "Changed again".into();
    bad[1][3] = "France".into();
    let (status, body) = import(&app, &token, workbook(&header, &bad)).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["errors"]["row 3, Country"],
        "Country must be one of SA, AE, BH, QA, GB or IN."
    );
    let (_, saved) = read(app.get(&format!("/destinations/{riyadh}")).await).await;
    assert_ne!(saved["responseBody"][0]["summary"], "Changed again");

    // Only those who may: a translator neither exports nor imports.
    let translator = app.token_for(Role::Translator).await;
    assert_eq!(
        app.get_as(&translator, "/destinations/export")
            .await
            .status(),
        200
    );
    let (status, _) = import(&app, &translator, workbook(&header, &table)).await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn a_destinations_picture_is_in_the_media_usage_index() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (status, body) = crate::media::upload(
        &app,
        &token,
        "corniche.png",
        "image/png",
        crate::media::PNG.to_vec(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let url = body["responseData"].as_str().unwrap();
    let mut jeddah = destination("Jeddah", "SA", 1);
    jeddah["image_url"] = json!(url);
    let id = app.create_as(&token, "/destinations", &jeddah).await;
    let usage = concierge::store::media_usage::all(&app.db.read)
        .await
        .unwrap();
    assert!(
        usage
            .iter()
            .any(|u| u.kind == "destination" && u.item_id == id as i32 && u.field == "image_url"),
        "{usage:?}"
    );
}
