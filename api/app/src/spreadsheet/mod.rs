//! Excel export and import (rust_xlsxwriter, calamine), shared by the API and the CLI.
//!
//! The contacts workbook is exactly what the export writes, so export → import round-trips.
//! Imports check every row with the same rules as the API and are all-or-nothing.

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};
use chrono::{DateTime, FixedOffset, NaiveDateTime, TimeZone, Utc};

use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QuerySelect, Set, TransactionTrait,
};

use crate::content::{GeneralContent, GeneralContentInput};
use concierge_core::domain::airport::Airports;
use concierge_core::domain::contact::{self, Audience, ContactDraft};
use concierge_core::domain::lenient::{Loose, TextField};
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_core::i18n::{Lang, Text as Said};
use concierge_media::workbook::Refusal;
use concierge_store::Db;
use concierge_store::entities::{airport_request, contact as contact_entity, general_content};

/// The workbooks themselves are written by their own crate (byte work, no queries).
use concierge_sheets as exports;
pub mod kinds;

pub use exports::{
    AIRPORT_SHEET, CONTACT_HEADERS, CONTACTS_SHEET, airport_workbook, contact_headers,
    contacts_workbook,
};

pub const CONTACTS_FILE: &str = "Contact_Us_List.xlsx";
pub const AIRPORT_FILE: &str = "Airport_Requests.xlsx";
pub const CONTENT_SHEET: &str = "General Content";
pub const CONTENT_HEADERS: [&str; 4] = ["Name", "Value", "Value (Arabic)", "Display Order"];
pub const MAX_EXPORT_ROWS: u64 = 10_000;
pub const MAX_IMPORT_ROWS: usize = 10_000;

/// Why an import was refused. Not a `std::error::Error` on purpose: that is what lets it have
/// its own conversion into an [`ApiError`] (a 415 or a 400 with every bad cell) beside
/// `ApiError`'s blanket one for unexpected errors.
#[derive(Debug)]
pub enum ImportError {
    NotXlsx,
    Unreadable(String),
    Layout(Said),
    /// `(row number as Excel shows it, column header, message)` for every bad cell.
    Rows(Vec<(usize, String, Said)>),
}

impl ImportError {
    fn message(&self) -> Said {
        let m = &catalog().messages;
        match self {
            ImportError::NotXlsx => m.not_xlsx.clone(),
            ImportError::Unreadable(detail) => {
                m.workbook_unreadable.with("detail", detail.as_str())
            }
            ImportError::Layout(message) => message.clone(),
            ImportError::Rows(rows) => rows_message(rows),
        }
    }
}

fn rows_message(errors: &[(usize, String, Said)]) -> Said {
    let m = &catalog().messages;
    concierge_core::i18n::counted(count_rows(errors) as u64, &m.import_row, &m.import_rows)
}

fn count_rows(errors: &[(usize, String, Said)]) -> usize {
    let mut rows: Vec<usize> = errors.iter().map(|(r, _, _)| *r).collect();
    rows.dedup();
    rows.len()
}

impl From<ImportError> for ApiError {
    fn from(err: ImportError) -> Self {
        match err {
            ImportError::NotXlsx => ApiError::UnsupportedMediaType(err.message()),
            ImportError::Rows(ref rows) => {
                let mut fields = concierge_core::error::FieldErrors::default();
                for (row, column, message) in rows {
                    fields.add(&format!("row {row}, {column}"), message.clone());
                }
                ApiError::Validation(fields.with_headline(err.message()))
            }
            other => ApiError::BadRequest(other.message()),
        }
    }
}

/// The export of up to [`MAX_EXPORT_ROWS`] newest enquiries, or `None` when there are none.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn export_contacts(
    db: &Db,
    offset: FixedOffset,
    lang: Lang,
    filter: &concierge_store::enquiries::Filter,
) -> Result<Option<Vec<u8>>, ApiError> {
    let rows = filter
        .select::<contact_entity::Entity>()
        .limit(MAX_EXPORT_ROWS)
        .all(&db.read)
        .await?;
    if rows.is_empty() {
        return Ok(None);
    }
    contacts_workbook(&rows, offset, lang)
        .map(Some)
        .map_err(ApiError::Unexpected)
}

/// The export of up to [`MAX_EXPORT_ROWS`] newest airport requests, or `None` when there are
/// none.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn export_airport_requests(
    db: &Db,
    offset: FixedOffset,
    lang: Lang,
    airports: &Airports,
    filter: &concierge_store::enquiries::Filter,
) -> Result<Option<Vec<u8>>, ApiError> {
    let rows = filter
        .select::<airport_request::Entity>()
        .limit(MAX_EXPORT_ROWS)
        .all(&db.read)
        .await?;
    if rows.is_empty() {
        return Ok(None);
    }
    airport_workbook(&rows, offset, lang, airports)
        .map(Some)
        .map_err(ApiError::Unexpected)
}

/// A status as the export writes it (its words in either language) or as the API takes it.
fn status_of(raw: &str) -> Option<contact::EnquiryStatus> {
    let rule = catalog().forms.desk.field("status");
    let raw = raw.trim();
    let code = rule
        .option_labels
        .iter()
        .find(|(_, label)| label.en.eq_ignore_ascii_case(raw) || label.ar == raw)
        .map_or(raw, |(code, _)| code.as_str());
    contact::EnquiryStatus::parse(code)
}

/// A sheet's rows as text, with the header row mapped to column positions.
struct Table {
    columns: Vec<Option<usize>>,
    rows: Vec<(usize, Vec<Data>)>,
}

/// `headers` are found by their English names or by `also`'s (the Arabic export's), when given.
fn open_table(
    bytes: &[u8],
    sheet: &str,
    headers: &[&str],
    required: &[&str],
    also: &[&str],
) -> Result<Table, ImportError> {
    if !bytes.starts_with(b"PK\x03\x04") {
        return Err(ImportError::NotXlsx);
    }
    // Nothing is unpacked into a grid before the workbook is known to fit the layout.
    // The desk's export adds who wrote the latest note and when, beyond its layout's headers.
    let columns = headers.len() as u32 + if also.is_empty() { 0 } else { 2 };
    concierge_media::workbook::check(bytes, MAX_IMPORT_ROWS as u32 + 1, columns).map_err(
        |refusal| match refusal {
            Refusal::Unreadable(why) => ImportError::Unreadable(why),
            Refusal::TooLarge(why) => ImportError::Layout(why),
        },
    )?;
    let mut workbook: Xlsx<_> = calamine::open_workbook_from_rs(Cursor::new(bytes))
        .map_err(|e: calamine::XlsxError| ImportError::Unreadable(e.to_string()))?;
    let names = workbook.sheet_names();
    let name = names
        .iter()
        .find(|n| n.eq_ignore_ascii_case(sheet))
        .or_else(|| names.first())
        .cloned()
        .ok_or_else(|| ImportError::Layout(catalog().messages.no_sheets.clone()))?;
    let range = workbook
        .worksheet_range(&name)
        .map_err(|e| ImportError::Unreadable(e.to_string()))?;
    let mut rows = range.rows();
    let header: Vec<String> = rows
        .next()
        .map(|r| r.iter().map(|c| text(c).to_lowercase()).collect())
        .unwrap_or_default();
    let columns: Vec<Option<usize>> = headers
        .iter()
        .enumerate()
        .map(|(i, h)| {
            header.iter().position(|c| {
                c == &h.to_lowercase() || also.get(i).is_some_and(|a| c == &a.to_lowercase())
            })
        })
        .collect();
    let missing: Vec<&str> = headers
        .iter()
        .zip(&columns)
        .filter(|(h, c)| c.is_none() && required.contains(h))
        .map(|(h, _)| *h)
        .collect();
    if !missing.is_empty() {
        return Err(ImportError::Layout(
            catalog()
                .messages
                .missing_columns
                .with("sheet", name)
                .with("columns", required.join(", "))
                .with("missing", missing.join(", ")),
        ));
    }
    let start = range.start().map(|(r, _)| r as usize).unwrap_or(0);
    let rows: Vec<(usize, Vec<Data>)> = rows
        .enumerate()
        .map(|(i, r)| (start + i + 2, r.to_vec()))
        .filter(|(_, r)| r.iter().any(|c| !text(c).is_empty()))
        .collect();
    if rows.is_empty() {
        return Err(ImportError::Layout(catalog().messages.no_rows.clone()));
    }
    if rows.len() > MAX_IMPORT_ROWS {
        return Err(ImportError::Layout(
            catalog()
                .messages
                .too_many_rows
                .with("max", MAX_IMPORT_ROWS),
        ));
    }
    Ok(Table { columns, rows })
}

/// A cell as text: numbers without a spurious `.0` (phone numbers typed as numbers).
fn text(cell: &Data) -> String {
    match cell {
        Data::Empty => String::new(),
        Data::String(s) => s.trim().to_owned(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        Data::Float(f) => f.to_string(),
        Data::Int(i) => i.to_string(),
        Data::Bool(b) => b.to_string(),
        other => other.to_string().trim().to_owned(),
    }
}

impl Table {
    fn cell<'a>(&self, row: &'a [Data], column: usize) -> Option<&'a Data> {
        self.columns[column].and_then(|c| row.get(c))
    }

    fn text(&self, row: &[Data], column: usize) -> Option<String> {
        self.cell(row, column).map(text).filter(|t| !t.is_empty())
    }
}

/// A date cell (or `dd-mm-yyyy hh:mm` text), read as UTC; empty means `now`, the import's time.
fn date(cell: Option<&Data>, now: DateTime<Utc>) -> Result<DateTime<Utc>, Said> {
    let invalid = || catalog().messages.import_date.clone();
    match cell {
        None | Some(Data::Empty) => Ok(now),
        Some(Data::DateTime(d)) => d
            .as_datetime()
            .map(|n| Utc.from_utc_datetime(&n))
            .ok_or_else(invalid),
        Some(Data::DateTimeIso(s)) | Some(Data::String(s)) => {
            let s = s.trim();
            [
                "%d-%m-%Y %H:%M",
                "%d-%m-%Y %H:%M:%S",
                "%Y-%m-%dT%H:%M:%S",
                "%Y-%m-%d %H:%M:%S",
            ]
            .iter()
            .find_map(|f| NaiveDateTime::parse_from_str(s, f).ok())
            .or_else(|| {
                chrono::NaiveDate::parse_from_str(s, "%d-%m-%Y")
                    .ok()
                    .and_then(|d| d.and_hms_opt(0, 0, 0))
            })
            .map(|n| Utc.from_utc_datetime(&n))
            .ok_or_else(invalid)
        }
        Some(_) => Err(invalid()),
    }
}

/// Column header of each contact field, for error reports.
fn contact_column(field: &str) -> &'static str {
    match field {
        "first_name" => "First Name",
        "last_name" => "Last Name",
        "email" => "Email",
        "phone" => "Phone Number",
        "subject" => "Subject",
        _ => "Message",
    }
}

/// Checks every row of a contacts workbook, then saves them all in one transaction.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn import_contacts(db: &Db, bytes: &[u8], now: DateTime<Utc>) -> Result<usize, ApiError> {
    // The desk's columns are read when there (the status); an enquiry imported starts
    // unassigned, without notes: those are the desk's own record, not the workbook's.
    let arabic = contact_headers(Lang::Ar);
    let table = open_table(
        bytes,
        CONTACTS_SHEET,
        &CONTACT_HEADERS,
        &CONTACT_HEADERS[..7],
        &arabic.each_ref().map(String::as_str),
    )?;
    let mut errors = Vec::new();
    let mut valid = Vec::new();
    for (number, row) in &table.rows {
        let draft = ContactDraft {
            first_name: table.text(row, 0),
            last_name: table.text(row, 1),
            email: table.text(row, 2),
            phone: table.text(row, 3),
            subject: table.text(row, 5),
            message: table.text(row, 6),
        };
        let created = date(table.cell(row, 4), now);
        if let Err(message) = &created {
            errors.push((*number, "Date".to_owned(), message.clone()));
        }
        let status = match table.text(row, 7) {
            None => Some(contact::EnquiryStatus::New),
            Some(raw) => status_of(&raw),
        };
        if status.is_none() {
            let rule = catalog().forms.desk.field("status");
            errors.push((
                *number,
                "Status".to_owned(),
                rule.invalid.clone().expect("a message"),
            ));
        }
        match contact::validate(draft, Audience::Visitor) {
            Ok(c) => valid.push((c, created, status)),
            Err(ApiError::Validation(fields)) => {
                for (field, message) in fields.iter() {
                    errors.push((*number, contact_column(field).to_owned(), message.clone()));
                }
            }
            Err(other) => return Err(other),
        }
    }
    errors.sort_by_key(|(row, _, _)| *row);
    if !errors.is_empty() {
        return Err(ImportError::Rows(errors).into());
    }
    let txn = db.write.begin().await?;
    let count = valid.len();
    for (c, created, status) in valid {
        contact_entity::ActiveModel {
            first_name: Set(c.first_name.as_str().to_owned()),
            last_name: Set(c.last_name.as_str().to_owned()),
            email: Set(c.email.as_str().to_owned()),
            phone: Set(c.phone.as_str().to_owned()),
            subject: Set(c.subject),
            message: Set(c.message),
            created_date: Set(created.expect("checked above")),
            status: Set(status.expect("checked above").as_str().to_owned()),
            notes: Set(concierge_store::entities::timeline::Timeline::empty()),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
    }
    txn.commit().await?;
    Ok(count)
}

/// What a general-content import changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct ImportCounts {
    pub created: usize,
    pub updated: usize,
}

fn content_column(field: &str) -> &'static str {
    match field {
        "name" => "Name",
        "values" => "Value",
        "values_ar" => "Value (Arabic)",
        _ => "Display Order",
    }
}

/// Checks every row of a general-content workbook (`Name`, `Value`, `Value (Arabic)`,
/// `Display Order`), then creates or updates (by name) all entries in one transaction, each
/// with its publish job.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn import_general_content(
    db: &Db,
    bytes: &[u8],
    now: DateTime<Utc>,
) -> Result<ImportCounts, ApiError> {
    let table = open_table(
        bytes,
        CONTENT_SHEET,
        &CONTENT_HEADERS,
        &["Name", "Value", "Display Order"],
        &[],
    )?;
    let mut errors = Vec::new();
    let mut counts = ImportCounts {
        created: 0,
        updated: 0,
    };
    // Every row is saved the way the admin's form saves it; one bad row and none is kept.
    let txn = db.write.begin().await?;
    for (number, row) in &table.rows {
        let input = GeneralContentInput {
            name: TextField(table.text(row, 0)),
            values: TextField(table.text(row, 1)),
            values_ar: TextField(table.text(row, 2)),
            display_order: Loose(table.text(row, 3)),
        };
        let name = input
            .name
            .0
            .as_deref()
            .unwrap_or_default()
            .trim()
            .to_owned();
        let existing = general_content::Entity::find()
            .filter(general_content::Column::Name.eq(name))
            .filter(general_content::Column::DeletedAt.is_null())
            .one(&txn)
            .await?;
        let saved = match &existing {
            Some(row) => {
                crate::content::items::update::<GeneralContent>(&txn, row.id, input, now).await
            }
            None => crate::content::items::create::<GeneralContent>(&txn, input, now).await,
        };
        match saved {
            Ok(_) if existing.is_some() => counts.updated += 1,
            Ok(_) => counts.created += 1,
            Err(ApiError::Validation(fields)) => {
                for (field, message) in fields.iter() {
                    errors.push((*number, content_column(field).to_owned(), message.clone()));
                }
            }
            Err(other) => return Err(other),
        }
    }
    if !errors.is_empty() {
        txn.rollback().await?;
        return Err(ImportError::Rows(errors).into());
    }
    txn.commit().await?;
    Ok(counts)
}

/// A UTC offset in minutes east of Greenwich (−14 h to +14 h).
pub fn offset_from_minutes(minutes: Option<i32>) -> Result<FixedOffset, ApiError> {
    let minutes = minutes.unwrap_or(0);
    if !(-840..=840).contains(&minutes) {
        return Err(ApiError::validation(
            "tz_offset",
            catalog().messages.tz_offset.clone(),
        ));
    }
    Ok(FixedOffset::east_opt(minutes * 60).expect("in range"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_xlsxwriter::Workbook;

    fn contact(first: &str, minutes: i64) -> contact_entity::Model {
        contact_entity::Model {
            id: 1,
            first_name: first.into(),
            last_name: "Al-Harbi".into(),
            email: "a@example.sa".into(),
            phone: "966501234567".into(),
            subject: "Arrival".into(),
            message: "Two cars at 9".into(),
            created_date: Utc.with_ymd_and_hms(2026, 11, 21, 9, 30, 0).unwrap()
                + chrono::Duration::minutes(minutes),
            status: "new".into(),
            lang: "en".into(),
            notes: concierge_store::entities::timeline::Timeline::empty(),
            version: 1,
            assignee: None,
            deleted_at: None,
        }
    }

    #[test]
    fn the_export_reads_back_with_its_sheet_headers_and_real_dates() {
        let bytes = contacts_workbook(
            &[contact("Faisal", 0), contact("فيصل", 60)],
            FixedOffset::east_opt(0).unwrap(),
            Lang::En,
        )
        .unwrap();
        let mut book: Xlsx<_> = calamine::open_workbook_from_rs(Cursor::new(bytes)).unwrap();
        assert_eq!(book.sheet_names(), vec![CONTACTS_SHEET.to_owned()]);
        let range = book.worksheet_range(CONTACTS_SHEET).unwrap();
        let header: Vec<String> = range.rows().next().unwrap().iter().map(text).collect();
        assert_eq!(header[..10], CONTACT_HEADERS);
        assert_eq!(range.height(), 3);
        let row = &range.rows().nth(2).unwrap();
        assert_eq!(text(&row[0]), "فيصل");
        assert_eq!(text(&row[3]), "966501234567", "phones stay text");
        match &row[4] {
            Data::DateTime(d) => {
                assert_eq!(d.as_datetime().unwrap().to_string(), "2026-11-21 10:30:00")
            }
            other => panic!("Date is not a date cell: {other:?}"),
        }
    }

    #[test]
    fn dates_are_shown_in_the_offset_asked_for() {
        let gulf = FixedOffset::east_opt(4 * 3600).unwrap();
        let bytes = contacts_workbook(&[contact("Faisal", 0)], gulf, Lang::En).unwrap();
        let mut book: Xlsx<_> = calamine::open_workbook_from_rs(Cursor::new(bytes)).unwrap();
        let range = book.worksheet_range(CONTACTS_SHEET).unwrap();
        let Data::DateTime(d) = &range.rows().nth(1).unwrap()[4] else {
            panic!("not a date")
        };
        assert_eq!(d.as_datetime().unwrap().to_string(), "2026-11-21 13:30:00");
    }

    #[test]
    fn non_workbooks_and_wrong_layouts_are_refused_clearly() {
        assert!(matches!(
            open_table(
                b"%PDF-1.7",
                CONTACTS_SHEET,
                &CONTACT_HEADERS,
                &CONTACT_HEADERS,
                &[]
            ),
            Err(ImportError::NotXlsx)
        ));
        assert!(matches!(
            open_table(
                b"PK\x03\x04garbage",
                CONTACTS_SHEET,
                &CONTACT_HEADERS,
                &CONTACT_HEADERS,
                &[]
            ),
            Err(ImportError::Unreadable(_))
        ));
        let mut book = Workbook::new();
        book.add_worksheet().write_string(0, 0, "Nom").unwrap();
        let bytes = book.save_to_buffer().unwrap();
        let Err(ImportError::Layout(message)) = open_table(
            &bytes,
            CONTACTS_SHEET,
            &CONTACT_HEADERS,
            &CONTACT_HEADERS,
            &[],
        ) else {
            panic!("layout accepted")
        };
        assert!(message.en.contains("missing: First Name"), "{message}");
    }

    #[test]
    fn dates_can_be_cells_text_or_empty() {
        assert!(date(None, Utc::now()).is_ok());
        assert_eq!(
            date(Some(&Data::String("21-11-2026 14:05".into())), Utc::now())
                .unwrap()
                .to_rfc3339(),
            "2026-11-21T14:05:00+00:00"
        );
        assert!(date(Some(&Data::String("yesterday".into())), Utc::now()).is_err());
    }
}
