//! `GET /api/v1/kinds`: the content model as the admin reads it, and the OpenAPI document agreeing
//! with it (each kind's routes there, each field in its request schema).

use serde_json::Value;

use crate::helpers::{read, spawn_app};
use concierge::roles::Role;

/// The schema `reference` (`#/components/schemas/Name`) points at.
fn schema<'a>(doc: &'a Value, reference: &Value) -> &'a Value {
    let name = reference
        .as_str()
        .and_then(|r| r.strip_prefix("#/components/schemas/"))
        .unwrap_or_else(|| panic!("a schema reference: {reference}"));
    &doc["components"]["schemas"][name]
}

/// The request schema of `POST /api/v1{path}` (an array of one object for the banners).
fn request_schema<'a>(doc: &'a Value, path: &str) -> &'a Value {
    let body = &doc["paths"][format!("/api/v1{path}")]["post"]["requestBody"]["content"]["application/json"]
        ["schema"];
    let reference = match body.get("items") {
        Some(items) => &items["$ref"],
        None => &body["$ref"],
    };
    schema(doc, reference)
}

#[tokio::test]
async fn kinds_describe_every_kind_and_agree_with_the_openapi_document() {
    let app = spawn_app().await;
    let anonymous = app.get("/kinds").await;
    assert_eq!(anonymous.status().as_u16(), 401);
    let desk = app.token_for(Role::Enquiries).await;
    assert_eq!(app.get_as(&desk, "/kinds").await.status().as_u16(), 403);

    let translator = app.token_for(Role::Translator).await;
    let (status, body) = read(app.get_as(&translator, "/kinds").await).await;
    assert_eq!(status, 200, "{body}");
    let kinds = body["responseBody"]["result"]
        .as_array()
        .expect("a list")
        .clone();
    assert_eq!(body["responseBody"]["totalCount"], kinds.len());
    let names: Vec<&str> = kinds.iter().map(|k| k["kind"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "service-list",
            "service",
            "blog",
            "client-review",
            "banner",
            "general-content",
            "destination"
        ]
    );

    let doc = app.openapi().await;
    assert!(
        doc["paths"]["/api/v1/kinds"]["get"].is_object(),
        "/kinds is documented"
    );
    assert!(doc["paths"]["/api/v1/content/{kind}/{id}/publish"]["post"].is_object());
    for kind in &kinds {
        let name = kind["kind"].as_str().unwrap();
        let path = kind["path"].as_str().unwrap();
        assert!(
            doc["paths"][format!("/api/v1{path}")]["post"].is_object(),
            "{name}: POST /api/v1{path} is documented"
        );
        assert_eq!(kind["lifecycle"], true);
        // Each path the admin calls is a documented operation.
        let routes = &kind["routes"];
        assert_ne!(
            routes["list"].is_string(),
            routes["byParent"].is_object(),
            "{name}: a list of its own, or its parent's"
        );
        for (key, method) in [
            ("list", "get"),
            ("read", "get"),
            ("update", "put"),
            ("delete", "delete"),
            ("export", "get"),
            ("import", "post"),
        ] {
            let Some(route) = routes[key].as_str() else {
                // A list item's list is its parent's (`/list-of-services/display-order/{id}`).
                assert!(
                    matches!(key, "export" | "import") || (key == "list" && name == "service-list"),
                    "{name}: routes.{key}"
                );
                continue;
            };
            assert!(
                doc["paths"][format!("/api/v1{route}")][method].is_object(),
                "{name}: {method} /api/v1{route} is documented"
            );
        }
        assert!(!kind["one"]["en"].as_str().unwrap().is_empty());
        assert!(!kind["form"].as_str().unwrap().is_empty());
        assert!(!kind["label"]["en"].as_str().unwrap().is_empty());
        assert!(!kind["label"]["ar"].as_str().unwrap().is_empty());
        let input = request_schema(&doc, path);
        let properties = input["properties"].as_object().expect("properties");
        let required: Vec<&str> = input["required"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let fields = kind["fields"].as_array().unwrap();
        let field_names: Vec<&str> = fields.iter().map(|f| f["name"].as_str().unwrap()).collect();
        for field in fields {
            let field_name = field["name"].as_str().unwrap();
            assert!(
                properties.contains_key(field_name),
                "{name}.{field_name} is in its request schema"
            );
            if field["required"] == true {
                assert!(
                    required.contains(&field_name),
                    "{name}.{field_name} is required there too"
                );
            }
            assert!(!field["label"]["en"].as_str().unwrap().is_empty());
            assert!(!field["label"]["ar"].as_str().unwrap().is_empty());
            if let Some(twin) = field["twin"].as_str() {
                assert!(
                    field_names.contains(&twin),
                    "{name}.{field_name}'s twin {twin}"
                );
            }
            if field["type"] == "select" {
                assert!(!field["options"].as_array().unwrap().is_empty());
            }
            if let Some(other) = field["references"].as_str() {
                assert!(
                    names.contains(&other),
                    "{name}.{field_name} references {other}"
                );
            }
        }
        for column in kind["listColumns"].as_array().unwrap() {
            let column = column.as_str().unwrap();
            assert!(
                field_names.contains(&column) || column == "created_at",
                "{name}'s column {column}"
            );
        }
    }
    // A service list's items are listed by their service: the admin asks that list, naming
    // the service by the field that references it.
    let items = kinds.iter().find(|k| k["kind"] == "service-list").unwrap();
    let by_parent = &items["routes"]["byParent"];
    assert_eq!(
        by_parent["path"],
        "/list-of-services/display-order/{serviceId}"
    );
    assert_eq!(by_parent["param"], "serviceId");
    assert_eq!(by_parent["field"], "our_service_id");
    let parent = items["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == by_parent["field"])
        .unwrap();
    assert_eq!(
        (&parent["type"], &parent["references"]),
        (&"reference".into(), &"service".into())
    );
    assert!(doc["paths"]["/api/v1/list-of-services/display-order/{serviceId}"]["get"].is_object());
    let blog = kinds.iter().find(|k| k["kind"] == "blog").unwrap();
    assert_eq!(blog["site"]["list"], "/blogs");
    let description = &blog["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "description")
        .unwrap();
    assert_eq!(description["type"], "richtext");
    assert_eq!(description["twin"], "description_ar");
    assert_eq!(description["label"]["ar"], "الوصف");

    let destination = kinds.iter().find(|k| k["kind"] == "destination").unwrap();
    assert_eq!(destination["site"]["item"], "/destinations/{slug}");
    assert_eq!(destination["routes"]["export"], "/destinations/export");
    assert_eq!(destination["routes"]["import"], "/import/destinations");
    let country = &destination["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "country")
        .unwrap();
    assert_eq!(country["type"], "select");
    assert_eq!(
        country["options"][0]["label"]["ar"],
        "المملكة العربية السعودية"
    );
}

/// The admin's tests answer `GET /kinds` with copies of the server's declarations
/// (`admin-ui/src/testing/kinds-*.json`): each is what the server serves today, or the admin's
/// tests would pass against a kind the server no longer declares.
#[tokio::test]
async fn the_admins_copies_of_the_kinds_are_what_the_server_serves() {
    let app = spawn_app().await;
    let token = app.token_for(Role::Editor).await;
    let (status, body) = read(app.get_as(&token, "/kinds").await).await;
    assert_eq!(status, 200, "{body}");
    let served = body["responseBody"]["result"].as_array().expect("a list");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../admin-ui/src/testing");
    let mut copies = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !(name.starts_with("kinds-") && name.ends_with(".json")) {
            continue;
        }
        let copy: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        let kind = served
            .iter()
            .find(|k| k["kind"] == copy["kind"])
            .unwrap_or_else(|| panic!("{name}: the server declares no {}", copy["kind"]));
        assert_eq!(kind, &copy, "{name} is not what GET /kinds serves");
        copies += 1;
    }
    assert!(copies >= 4, "the copies in {}", dir.display());
}
