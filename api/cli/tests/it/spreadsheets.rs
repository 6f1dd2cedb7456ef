//! Excel export and import over HTTP and the CLI.

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use rust_xlsxwriter::Workbook;
use serde_json::{Value, json};

use crate::helpers::{TestApp, concierge, contact, read, spawn_app};

async fn export(app: &TestApp, token: &str, query: &str) -> reqwest::Response {
    app.get_as(token, &format!("/contact-us/export{query}"))
        .await
}

async fn import(app: &TestApp, token: &str, kind: &str, bytes: Vec<u8>) -> (u16, Value) {
    let form = Form::new().part("file", Part::bytes(bytes).file_name("data.xlsx"));
    read(
        app.api(Method::POST, &format!("/import/{kind}"))
            .bearer_auth(token)
            .multipart(form)
            .send()
            .await
            .unwrap(),
    )
    .await
}

fn sheet_rows(bytes: &[u8], sheet: &str) -> Vec<Vec<Data>> {
    let mut book: Xlsx<_> = calamine::open_workbook_from_rs(Cursor::new(bytes.to_vec())).unwrap();
    book.worksheet_range(sheet)
        .unwrap()
        .rows()
        .map(|r| r.to_vec())
        .collect()
}

#[tokio::test]
async fn the_export_is_a_real_workbook_of_the_newest_enquiries() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (status, body) = read(export(&app, &token, "").await).await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (404, "No data available to download")
    );
    for name in ["Noura", "James", "Priya"] {
        let mut c = contact();
        c["first_name"] = json!(name);
        app.post("/contact-us", &c).await;
    }
    let response = export(&app, &token, "?tz_offset=240").await;
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(
        response.headers()["content-disposition"],
        "attachment; filename=\"Contact_Us_List.xlsx\""
    );
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .contains("spreadsheetml")
    );
    let rows = sheet_rows(&response.bytes().await.unwrap(), "Contacts");
    let header: Vec<String> = rows[0].iter().map(|c| c.to_string()).collect();
    assert_eq!(
        header,
        [
            "First Name",
            "Last Name",
            "Email",
            "Phone Number",
            "Date",
            "Subject",
            "Message",
            "Status",
            "Assignee",
            "Latest note",
            "Note by",
            "Note written (UTC+04:00)"
        ]
    );
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[1][0].to_string(), "Priya", "newest first");
    assert_eq!(
        rows[1][3].to_string(),
        "+971501234567",
        "the phone as it was kept"
    );
    assert!(
        matches!(rows[1][4], Data::DateTime(_)),
        "Date is a real date cell: {:?}",
        rows[1][4]
    );
    assert_eq!(app.get("/contact-us/export").await.status().as_u16(), 401);
    let (status, _) = read(export(&app, &token, "?tz_offset=9999").await).await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn export_then_import_round_trips_the_enquiries() {
    let source = spawn_app().await;
    let token = source.admin_token().await;
    for name in ["نورة", "Zoë"] {
        let mut c = contact();
        c["first_name"] = json!(name);
        source.post("/contact-us", &c).await;
    }
    let bytes = export(&source, &token, "")
        .await
        .bytes()
        .await
        .unwrap()
        .to_vec();
    let (_, original) = read(source.get_as(&token, "/contact-us?page=1&size=10").await).await;

    let target = spawn_app().await;
    let token = target.admin_token().await;
    let (status, body) = import(&target, &token, "contacts", bytes).await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (200, "Imported 2 contacts"),
        "{body}"
    );
    let (_, copied) = read(target.get_as(&token, "/contact-us?page=1&size=10").await).await;
    let strip = |v: &Value| {
        v["responseBody"]["result"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                let date = c["created_date"].as_str().unwrap()[..16].to_owned();
                (
                    c["first_name"].clone(),
                    c["last_name"].clone(),
                    c["email"].clone(),
                    c["phone"].clone(),
                    c["subject"].clone(),
                    c["message"].clone(),
                    date,
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&copied), strip(&original));
}

fn contacts_workbook(rows: &[[&str; 7]]) -> Vec<u8> {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name("Contacts").unwrap();
    for (c, h) in [
        "First Name",
        "Last Name",
        "Email",
        "Phone Number",
        "Date",
        "Subject",
        "Message",
    ]
    .iter()
    .enumerate()
    {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            sheet.write_string(r as u32 + 1, c as u16, *v).unwrap();
        }
    }
    book.save_to_buffer().unwrap()
}

#[tokio::test]
async fn a_file_with_bad_rows_is_refused_whole_with_every_row_column_and_message() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let bytes = contacts_workbook(&[
        [
            "Layla",
            "Haddad",
            "layla@example.com",
            "+44 20 7946 0958",
            "21-11-2026 10:00",
            "Hello",
            "Hi",
        ],
        [
            "Omar2",
            "Khan",
            "omar@example.com",
            "12345",
            "",
            "Hi",
            "Msg",
        ],
        [
            "Sara",
            "",
            "not-an-email",
            "971501234567",
            "tomorrow",
            "Hi",
            "Msg",
        ],
    ]);
    let (status, body) = import(&app, &token, "contacts", bytes).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "2 rows could not be imported; nothing was saved."
    );
    let errors = body["errors"].as_object().unwrap();
    assert_eq!(
        errors["row 3, First Name"],
        "First name should contain only letters."
    );
    assert_eq!(
        errors["row 3, Phone Number"],
        "Phone number should be 10 to 15 digits only."
    );
    assert_eq!(errors["row 4, Last Name"], "Last name is required.");
    assert_eq!(
        errors["row 4, Email"],
        "Please enter a valid email address."
    );
    assert_eq!(
        errors["row 4, Date"],
        "Date must be a date such as 21-11-2026 14:05."
    );
    assert_eq!(app.count("contact_us").await, 0, "all or nothing");
}

#[tokio::test]
async fn non_workbooks_and_corrupt_files_are_refused_clearly() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (status, body) = import(&app, &token, "contacts", b"first,last\nA,B".to_vec()).await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (415, "The file is not an Excel workbook (.xlsx).")
    );
    let (status, body) = import(&app, &token, "contacts", b"PK\x03\x04 broken zip".to_vec()).await;
    assert_eq!(status, 400);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("The workbook could not be read")
    );
    let (status, _) = import(&app, &token, "passwords", contacts_workbook(&[])).await;
    assert_eq!(status, 404);
    let (status, body) = import(&app, &token, "contacts", contacts_workbook(&[])).await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (400, "The sheet has no rows to import.")
    );
}

#[tokio::test]
async fn general_content_imports_create_and_update_by_name_and_publish() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    app.send_as(
        &token,
        Method::POST,
        "/general-content-section",
        &json!({"name": "site.phone", "values": "old", "display_order": 1}),
    )
    .await;
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name("General Content").unwrap();
    for (c, h) in ["Name", "Value", "Value (Arabic)", "Display Order"]
        .iter()
        .enumerate()
    {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
    sheet.write_string(1, 0, "site.phone").unwrap();
    sheet.write_string(1, 1, "+971 4 000 0000").unwrap();
    sheet.write_number(1, 3, 1).unwrap();
    sheet.write_string(2, 0, "home.hero.title").unwrap();
    sheet.write_string(2, 1, "Every detail, arranged.").unwrap();
    sheet.write_string(2, 2, "كل التفاصيل، مرتّبة.").unwrap();
    sheet.write_number(2, 3, 2).unwrap();
    let (status, body) = import(
        &app,
        &token,
        "general-content",
        book.save_to_buffer().unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["responseBody"], json!({"created": 1, "updated": 1}));
    let (_, list) = read(app.get("/general-content-section").await).await;
    let result = list["responseBody"]["result"].as_array().unwrap();
    assert_eq!(result.len(), 2);
    assert_eq!(result[0]["values"], "+971 4 000 0000");
    assert_eq!(result[1]["values_ar"], "كل التفاصيل، مرتّبة.");
    assert_eq!(
        app.content_jobs().await,
        3,
        "one for the first save, one per imported entry"
    );

    let mut bad = Workbook::new();
    let sheet = bad.add_worksheet();
    for (c, h) in ["Name", "Value", "Display Order"].iter().enumerate() {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
    sheet.write_string(1, 0, "site.email").unwrap();
    sheet.write_string(1, 2, "one").unwrap();
    let (status, body) = import(
        &app,
        &token,
        "general-content",
        bad.save_to_buffer().unwrap(),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["errors"]["row 2, Value"], "Please enter the value");
    assert_eq!(
        body["errors"]["row 2, Display Order"],
        "Display order must be a whole number from -1000000 to 1000000."
    );
}

#[tokio::test]
async fn the_cli_exports_and_imports_the_same_files() {
    let app = spawn_app().await;
    let file = app.data_dir.path().join("out.xlsx");
    let out = concierge(
        &app,
        &["export", "contacts", file.to_str().unwrap()],
        &[],
        "",
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("No data available to download"));
    app.post("/contact-us", &contact()).await;
    let out = concierge(
        &app,
        &["export", "contacts", file.to_str().unwrap()],
        &[],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        sheet_rows(&std::fs::read(&file).unwrap(), "Contacts").len(),
        2
    );

    let out = concierge(
        &app,
        &["import", "contacts", file.to_str().unwrap()],
        &[],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("imported 1 contacts"));
    assert_eq!(app.count("contact_us").await, 2);

    let bad = app.data_dir.path().join("bad.xlsx");
    std::fs::write(
        &bad,
        contacts_workbook(&[["", "X", "x@example.com", "971501234567", "", "S", "M"]]),
    )
    .unwrap();
    let out = concierge(
        &app,
        &["import", "contacts", bad.to_str().unwrap()],
        &[],
        "",
    );
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("row 2, First Name: First name is required."),
        "{stderr}"
    );
}

/// A contacts workbook with the header row and one more cell at `cell` (row, column; 0-based).
fn header_and_one_far_cell(row: u32, column: u16) -> Vec<u8> {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name("Contacts").unwrap();
    for (c, title) in concierge::spreadsheet::CONTACT_HEADERS.iter().enumerate() {
        sheet.write_string(0, c as u16, *title).unwrap();
    }
    sheet.write_string(row, column, "x").unwrap();
    book.save_to_buffer().unwrap()
}

/// A workbook whose shared strings unpack to `megabytes` MB from a few hundred KB.
fn shared_string_bomb(megabytes: usize) -> Vec<u8> {
    use std::io::Write;
    let base = header_and_one_far_cell(1, 0);
    let mut source = zip::ZipArchive::new(Cursor::new(base)).unwrap();
    let mut out = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for i in 0..source.len() {
        let mut part = source.by_index(i).unwrap();
        let name = part.name().unwrap().into_owned();
        out.start_file(name.clone(), options).unwrap();
        if name == "xl/sharedStrings.xml" {
            out.write_all(
                b"<sst xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><si><t>",
            )
            .unwrap();
            let chunk = vec![b'a'; 1024 * 1024];
            for _ in 0..megabytes {
                out.write_all(&chunk).unwrap();
            }
            out.write_all(b"</t></si></sst>").unwrap();
        } else {
            std::io::copy(&mut part, &mut out).unwrap();
        }
    }
    out.finish().unwrap().into_inner()
}

#[tokio::test]
async fn workbooks_that_would_unpack_into_a_huge_grid_or_huge_strings_are_refused_before_reading() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let cases = [
        (
            header_and_one_far_cell(1_048_575, 16_383),
            "row 1048576",
            "a small file with a cell at XFD1048576",
        ),
        (
            header_and_one_far_cell(1, 16_383),
            "column XFD",
            "a cell at XFD2",
        ),
        (
            header_and_one_far_cell(1_048_575, 15),
            "row 1048576",
            "a cell at P1048576",
        ),
        (
            header_and_one_far_cell(1, 12),
            "column M",
            "one column past the layout (the export's twelve)",
        ),
        (
            shared_string_bomb(100),
            "too large once unpacked",
            "a 100 MB shared string",
        ),
    ];
    for (bytes, reason, why) in cases {
        let size = bytes.len();
        let started = std::time::Instant::now();
        let (status, body) = import(&app, &token, "contacts", bytes).await;
        assert_eq!(status, 400, "{why}: {body}");
        assert!(
            body["message"].as_str().unwrap().contains(reason),
            "{why} ({size} bytes): {body}"
        );
        assert!(
            started.elapsed() < std::time::Duration::from_secs(20),
            "{why}: refused at once"
        );
    }
    assert_eq!(app.count("contact_us").await, 0);
}

#[tokio::test]
async fn exported_cells_that_look_like_formulas_are_never_evaluated() {
    use std::io::Read;
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let mut enquiry = contact();
    enquiry["subject"] = json!("=HYPERLINK(\"https://evil.example\",\"Open\")");
    enquiry["message"] = json!("@SUM(1+1)*cmd|' /C calc'!A0");
    assert_eq!(
        app.post("/contact-us", &enquiry).await.status().as_u16(),
        201
    );
    let bytes = export(&app, &token, "").await.bytes().await.unwrap();
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes.to_vec())).unwrap();
    let mut styles = String::new();
    zip.by_name("xl/styles.xml")
        .unwrap()
        .read_to_string(&mut styles)
        .unwrap();
    let mut sheet = String::new();
    zip.by_name("xl/worksheets/sheet1.xml")
        .unwrap()
        .read_to_string(&mut sheet)
        .unwrap();
    assert!(!sheet.contains("<f>"), "no formula cells: {sheet}");
    // The subject (F2) and message (G2) carry a style with Excel's quote prefix.
    let xfs: Vec<&str> = styles
        .split("<cellXfs")
        .nth(1)
        .unwrap()
        .split("</cellXfs>")
        .next()
        .unwrap()
        .split("<xf ")
        .skip(1)
        .collect();
    for cell in ["F2", "G2"] {
        let attrs = sheet.split(&format!("<c r=\"{cell}\"")).nth(1).unwrap();
        let style: usize = attrs
            .split("s=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(
            xfs[style].contains("quotePrefix=\"1\""),
            "{cell}: {}",
            xfs[style]
        );
    }
    // It reads back as the same text.
    let rows = sheet_rows(&bytes, "Contacts");
    assert_eq!(
        rows[1][5].to_string(),
        "=HYPERLINK(\"https://evil.example\",\"Open\")"
    );
}

#[tokio::test]
async fn an_arabic_export_imports_back_with_its_statuses_read_from_their_words() {
    let source = spawn_app().await;
    let token = source.admin_token().await;
    source.post("/contact-us", &contact()).await;
    let (_, listed) = read(source.get_as(&token, "/contact-us").await).await;
    let id = listed["responseBody"]["result"][0]["id"].as_i64().unwrap();
    let (status, _) = read(
        source
            .send_as(
                &token,
                Method::PUT,
                &format!("/contact-us/{id}"),
                &json!({"status": "replied"}),
            )
            .await,
    )
    .await;
    assert_eq!(status, 200);
    let bytes = source
        .api(Method::GET, "/contact-us/export")
        .bearer_auth(&token)
        .header("accept-language", "ar")
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap()
        .to_vec();
    let target = spawn_app().await;
    let token = target.admin_token().await;
    let (status, body) = import(&target, &token, "contacts", bytes).await;
    assert_eq!(status, 200, "{body}");
    let (_, copied) = read(target.get_as(&token, "/contact-us").await).await;
    let item = &copied["responseBody"]["result"][0];
    assert_eq!(item["first_name"], "نورة");
    assert_eq!(item["status"], "replied", "read from «تم الرد»");
}
