//! Excel export and import (rust_xlsxwriter, calamine), shared by the API and the CLI.
//!
//! The contacts workbook is exactly what the export writes, so export → import round-trips.
//! Imports check every row with the same rules as the API and are all-or-nothing.

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};
use chrono::{DateTime, FixedOffset, NaiveDateTime, TimeZone, Utc};
use rust_xlsxwriter::{Format, FormatAlign, Workbook};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QuerySelect, Set, TransactionTrait,
};

use crate::content::{GeneralContent, GeneralContentInput};
use crate::spreadsheet_guard::Refusal;
use concierge_core::domain::contact::{self, Audience, ContactDraft};
use concierge_core::domain::lenient::{Loose, TextField};
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_core::i18n::Text as Said;
use concierge_store::Db;
use concierge_store::entities::{airport_request, contact as contact_entity, general_content};

pub const CONTACTS_FILE: &str = "Contact_Us_List.xlsx";
pub const CONTACTS_SHEET: &str = "Contacts";
pub const CONTACT_HEADERS: [&str; 10] = [
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
];
pub const AIRPORT_FILE: &str = "Airport_Requests.xlsx";
pub const AIRPORT_SHEET: &str = "Airport requests";
pub const AIRPORT_HEADERS: [&str; 20] = [
    "Reference",
    "Received",
    "Status",
    "Assignee",
    "Title",
    "Full Name",
    "Mobile",
    "Email",
    "Country",
    "City",
    "Airport",
    "Terminal",
    "Flight",
    "Departure or Arrival",
    "Flight Date",
    "Flight Time",
    "Services",
    "Details",
    "Language",
    "Latest note",
];
pub const CONTENT_SHEET: &str = "General Content";
pub const CONTENT_HEADERS: [&str; 4] = ["Name", "Value", "Value (Arabic)", "Display Order"];
pub const MAX_EXPORT_ROWS: u64 = 10_000;
pub const MAX_IMPORT_ROWS: usize = 10_000;
const DATE_FORMAT: &str = "dd-mm-yyyy hh:mm";

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

/// The contacts workbook: newest first, dates as real date cells in the viewer's offset.
pub fn contacts_workbook(
    rows: &[contact_entity::Model],
    offset: FixedOffset,
) -> anyhow::Result<Vec<u8>> {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name(CONTACTS_SHEET)?;
    let header = Format::new().set_bold().set_align(FormatAlign::Left);
    let date = Format::new()
        .set_num_format(DATE_FORMAT)
        .set_align(FormatAlign::Left);
    let wrap = Format::new().set_text_wrap();
    let (text, long_text) = (Format::new(), wrap.clone());
    for (col, title) in CONTACT_HEADERS.iter().enumerate() {
        sheet.write_string_with_format(0, col as u16, *title, &header)?;
    }
    for (col, width) in [16.0, 18.0, 30.0, 18.0, 18.0, 32.0, 60.0, 12.0, 16.0, 48.0]
        .into_iter()
        .enumerate()
    {
        sheet.set_column_width(col as u16, width)?;
    }
    sheet.set_freeze_panes(1, 0)?;
    for (i, c) in rows.iter().enumerate() {
        let row = i as u32 + 1;
        write_text(sheet, row, 0, &c.first_name, &text)?;
        write_text(sheet, row, 1, &c.last_name, &text)?;
        write_text(sheet, row, 2, &c.email, &text)?;
        write_text(sheet, row, 3, &c.phone, &text)?;
        sheet.write_datetime_with_format(
            row,
            4,
            c.created_date.with_timezone(&offset).naive_local(),
            &date,
        )?;
        write_text(sheet, row, 5, &c.subject, &text)?;
        write_text(sheet, row, 6, &c.message, &long_text)?;
        write_text(sheet, row, 7, &c.status, &text)?;
        write_text(sheet, row, 8, c.assignee.as_deref().unwrap_or(""), &text)?;
        write_text(sheet, row, 9, &latest_note(&c.notes), &long_text)?;
    }
    sheet.autofilter(0, 0, rows.len() as u32, CONTACT_HEADERS.len() as u16 - 1)?;
    Ok(workbook.save_to_buffer()?)
}

/// The newest note as the export shows it: its text, then who wrote it and when (UTC).
fn latest_note(notes: &concierge_store::entities::timeline::Timeline) -> String {
    notes
        .latest()
        .map(|n| {
            format!(
                "{} ({}, {} UTC)",
                n.text,
                n.author.as_deref().unwrap_or("—"),
                n.at.format("%d-%m-%Y %H:%M")
            )
        })
        .unwrap_or_default()
}

/// The airport requests workbook: newest first, the received time a real date cell in the
/// viewer's offset (the flight's own day and time are local to the airport, as typed).
pub fn airport_workbook(
    rows: &[airport_request::Model],
    offset: FixedOffset,
) -> anyhow::Result<Vec<u8>> {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name(AIRPORT_SHEET)?;
    let header = Format::new().set_bold().set_align(FormatAlign::Left);
    let date = Format::new()
        .set_num_format(DATE_FORMAT)
        .set_align(FormatAlign::Left);
    let (text, long_text) = (Format::new(), Format::new().set_text_wrap());
    for (col, title) in AIRPORT_HEADERS.iter().enumerate() {
        sheet.write_string_with_format(0, col as u16, *title, &header)?;
        sheet.set_column_width(col as u16, if col == 17 || col == 19 { 48.0 } else { 16.0 })?;
    }
    sheet.set_freeze_panes(1, 0)?;
    for (i, r) in rows.iter().enumerate() {
        let row = i as u32 + 1;
        let services: Vec<String> = serde_json::from_str(&r.services).unwrap_or_default();
        let details: Vec<String> = [r.meet_greet.as_deref(), r.porter_service.as_deref()]
            .into_iter()
            .flatten()
            .filter_map(|json| {
                serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(json).ok()
            })
            .flat_map(|map| {
                map.into_iter().map(|(k, v)| match v {
                    serde_json::Value::String(s) => format!("{k}: {s}"),
                    other => format!("{k}: {other}"),
                })
            })
            .collect();
        write_text(sheet, row, 0, &r.reference, &text)?;
        sheet.write_datetime_with_format(
            row,
            1,
            r.created_date.with_timezone(&offset).naive_local(),
            &date,
        )?;
        for (col, value) in [
            (2, r.status.as_str()),
            (3, r.assignee.as_deref().unwrap_or("")),
            (4, r.title.as_str()),
            (5, r.full_name.as_str()),
            (6, r.mobile.as_str()),
            (7, r.email.as_str()),
            (8, r.country.as_str()),
            (9, r.city.as_str()),
            (10, r.airport.as_str()),
            (11, r.terminal.as_str()),
            (12, r.flight_number.as_str()),
            (13, r.departure_arrival.as_str()),
            (14, r.date.as_str()),
            (15, r.time.as_str()),
            (16, &services.join(", ")),
            (17, &details.join("\n")),
            (18, r.lang.as_str()),
            (19, &latest_note(&r.notes)),
        ] {
            let format = if col == 17 || col == 19 {
                &long_text
            } else {
                &text
            };
            write_text(sheet, row, col, value, format)?;
        }
    }
    sheet.autofilter(0, 0, rows.len() as u32, AIRPORT_HEADERS.len() as u16 - 1)?;
    Ok(workbook.save_to_buffer()?)
}

/// Writes visitor text as text. A cell that begins like a formula (`=`, `+`, `-`, `@`, tab,
/// carriage return) also gets Excel's quote prefix, so that no spreadsheet program evaluates
/// it, not even when someone edits the cell (enquiries are public input).
fn write_text(
    sheet: &mut rust_xlsxwriter::Worksheet,
    row: u32,
    column: u16,
    value: &str,
    format: &Format,
) -> Result<(), rust_xlsxwriter::XlsxError> {
    let formula_like = value.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if formula_like {
        sheet.write_string_with_format(row, column, value, &format.clone().set_quote_prefix())?;
    } else {
        sheet.write_string_with_format(row, column, value, format)?;
    }
    Ok(())
}

/// The export of up to [`MAX_EXPORT_ROWS`] newest enquiries, or `None` when there are none.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn export_contacts(
    db: &Db,
    offset: FixedOffset,
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
    contacts_workbook(&rows, offset)
        .map(Some)
        .map_err(ApiError::Unexpected)
}

/// The export of up to [`MAX_EXPORT_ROWS`] newest airport requests, or `None` when there are
/// none.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn export_airport_requests(
    db: &Db,
    offset: FixedOffset,
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
    airport_workbook(&rows, offset)
        .map(Some)
        .map_err(ApiError::Unexpected)
}

/// A sheet's rows as text, with the header row mapped to column positions.
struct Table {
    columns: Vec<Option<usize>>,
    rows: Vec<(usize, Vec<Data>)>,
}

fn open_table(
    bytes: &[u8],
    sheet: &str,
    headers: &[&str],
    required: &[&str],
) -> Result<Table, ImportError> {
    if !bytes.starts_with(b"PK\x03\x04") {
        return Err(ImportError::NotXlsx);
    }
    // Nothing is unpacked into a grid before the workbook is known to fit the layout.
    crate::spreadsheet_guard::check(bytes, MAX_IMPORT_ROWS as u32 + 1, headers.len() as u32)
        .map_err(|refusal| match refusal {
            Refusal::Unreadable(why) => ImportError::Unreadable(why),
            Refusal::TooLarge(why) => ImportError::Layout(why),
        })?;
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
        .map(|h| header.iter().position(|c| c == &h.to_lowercase()))
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
    let table = open_table(
        bytes,
        CONTACTS_SHEET,
        &CONTACT_HEADERS,
        &CONTACT_HEADERS[..7],
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
            Some(raw) => contact::EnquiryStatus::parse(&raw),
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
        )
        .unwrap();
        let mut book: Xlsx<_> = calamine::open_workbook_from_rs(Cursor::new(bytes)).unwrap();
        assert_eq!(book.sheet_names(), vec![CONTACTS_SHEET.to_owned()]);
        let range = book.worksheet_range(CONTACTS_SHEET).unwrap();
        let header: Vec<String> = range.rows().next().unwrap().iter().map(text).collect();
        assert_eq!(header, CONTACT_HEADERS);
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
        let bytes = contacts_workbook(&[contact("Faisal", 0)], gulf).unwrap();
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
                &CONTACT_HEADERS
            ),
            Err(ImportError::NotXlsx)
        ));
        assert!(matches!(
            open_table(
                b"PK\x03\x04garbage",
                CONTACTS_SHEET,
                &CONTACT_HEADERS,
                &CONTACT_HEADERS
            ),
            Err(ImportError::Unreadable(_))
        ));
        let mut book = Workbook::new();
        book.add_worksheet().write_string(0, 0, "Nom").unwrap();
        let bytes = book.save_to_buffer().unwrap();
        let Err(ImportError::Layout(message)) =
            open_table(&bytes, CONTACTS_SHEET, &CONTACT_HEADERS, &CONTACT_HEADERS)
        else {
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
