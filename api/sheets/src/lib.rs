//! Workbooks, in words (the use cases in `concierge_app::spreadsheet` read the rows and send
//! them). The desk's exports: every value a person reads is a word of the export's language
//! (the request's), never a code — statuses, titles, countries, cities and airports by name
//! (the airport with its code beside it), services, answers, languages — each detail of an
//! airport request in its own labelled column, and every date and time a real date cell in the
//! zone the admin shows, named in the header. The words come from the one table
//! (`rules/forms.json`: field labels and `optionLabels`) and `content/airports.toml`.

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveTime, Utc};
use rust_xlsxwriter::{ExcelDateTime, Format, FormatAlign, Note, Workbook, Worksheet, XlsxError};

use concierge_core::domain::airport::Airports;
use concierge_core::domain::rules::{FormRules, catalog};
use concierge_core::i18n::{Lang, Text};
use concierge_core::kinds::Declaration;
use concierge_store::entities::timeline::Timeline;
use concierge_store::entities::{airport_request, contact as contact_entity};

/// The spreadsheet columns of the specification's contacts export, then the desk's.
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
/// The contact form's fields under the first seven headers, in order (`Date` is the time it
/// came).
const CONTACT_FIELDS: [&str; 7] = [
    "first_name",
    "last_name",
    "email",
    "phone",
    "",
    "subject",
    "message",
];
pub const CONTACTS_SHEET: &str = "Contacts";
pub const AIRPORT_SHEET: &str = "Airport requests";
const DATE_TIME: &str = "dd-mm-yyyy hh:mm";
const DAY: &str = "dd-mm-yyyy";
const TIME: &str = "hh:mm";

/// The contacts headers in `lang`: the specification's in English, the form's labels in Arabic.
pub fn contact_headers(lang: Lang) -> [String; 10] {
    let m = &catalog().messages;
    let contact = &catalog().forms.contact;
    let desk = &catalog().forms.desk;
    std::array::from_fn(|i| match (lang, i) {
        (Lang::En, _) => CONTACT_HEADERS[i].to_owned(),
        (Lang::Ar, 4) => m.export_date.ar.clone(),
        (Lang::Ar, 7) => desk.field("status").label.ar.clone(),
        (Lang::Ar, 8) => desk.field("assignee").label.ar.clone(),
        (Lang::Ar, 9) => m.export_latest_note.ar.clone(),
        (Lang::Ar, _) => contact.field(CONTACT_FIELDS[i]).label.ar.clone(),
    })
}

/// One cell of a row.
enum Cell {
    Text(String),
    /// A moment, shown in the export's zone.
    At(DateTime<Utc>),
    Day(NaiveDate),
    Time(NaiveTime),
    Number(f64),
}

/// What the rows are written with: the language, the zone and the cell formats.
struct Sheet {
    lang: Lang,
    offset: FixedOffset,
    header: Format,
    at: Format,
    day: Format,
    time: Format,
    text: Format,
    long_text: Format,
}

impl Sheet {
    fn new(lang: Lang, offset: FixedOffset) -> Sheet {
        let left = Format::new().set_align(FormatAlign::Left);
        Sheet {
            lang,
            offset,
            header: Format::new().set_bold().set_align(FormatAlign::Left),
            at: left.clone().set_num_format(DATE_TIME),
            day: left.clone().set_num_format(DAY),
            time: left.set_num_format(TIME),
            text: Format::new(),
            long_text: Format::new().set_text_wrap(),
        }
    }

    /// The zone as the headers name it: `UTC+04:00`.
    fn zone(&self) -> String {
        format!("UTC{}", self.offset)
    }

    fn words<'a>(&self, text: &'a Text) -> &'a str {
        text.get(self.lang)
    }

    /// `header` row, column widths, then `rows`; a filter on the header, frozen above.
    fn write(
        &self,
        sheet: &mut Worksheet,
        header: &[(String, f64)],
        rows: impl Iterator<Item = Vec<Cell>>,
    ) -> Result<(), XlsxError> {
        if self.lang == Lang::Ar {
            sheet.set_right_to_left(true);
        }
        for (col, (title, width)) in header.iter().enumerate() {
            let col = col as u16;
            sheet.write_string_with_format(0, col, title, &self.header)?;
            sheet.set_column_width(col, *width)?;
        }
        sheet.set_freeze_panes(1, 0)?;
        let mut count = 0;
        for (i, cells) in rows.enumerate() {
            let row = i as u32 + 1;
            count += 1;
            for (col, cell) in cells.into_iter().enumerate() {
                let col = col as u16;
                let long = header[col as usize].1 >= 40.0;
                match cell {
                    Cell::Text(value) => {
                        let format = if long { &self.long_text } else { &self.text };
                        write_text(sheet, row, col, &value, format)?;
                    }
                    Cell::At(at) => {
                        let local = at.with_timezone(&self.offset).naive_local();
                        sheet.write_datetime_with_format(row, col, local, &self.at)?;
                    }
                    Cell::Day(day) => {
                        sheet.write_datetime_with_format(row, col, day, &self.day)?;
                    }
                    Cell::Time(time) => {
                        let time = ExcelDateTime::from_hms(
                            chrono::Timelike::hour(&time) as u16,
                            chrono::Timelike::minute(&time) as u8,
                            0,
                        )?;
                        sheet.write_datetime_with_format(row, col, &time, &self.time)?;
                    }
                    Cell::Number(n) => {
                        sheet.write_number(row, col, n)?;
                    }
                }
            }
        }
        sheet.autofilter(0, 0, count, header.len() as u16 - 1)?;
        Ok(())
    }

    /// The newest note's text, author and time (three cells; empty without notes).
    fn latest_note(&self, notes: &Timeline) -> [Cell; 3] {
        match notes.latest() {
            Some(note) => [
                Cell::Text(note.text),
                Cell::Text(note.author.unwrap_or_default()),
                Cell::At(note.at),
            ],
            None => [
                Cell::Text(String::new()),
                Cell::Text(String::new()),
                Cell::Text(String::new()),
            ],
        }
    }

    /// The three headers of [`Sheet::latest_note`].
    fn note_headers(&self) -> [(String, f64); 3] {
        let m = &catalog().messages;
        [
            (self.words(&m.export_latest_note).to_owned(), 48.0),
            (self.words(&m.export_note_by).to_owned(), 18.0),
            (
                self.words(&m.export_note_at.with("zone", self.zone()))
                    .to_owned(),
                20.0,
            ),
        ]
    }

    /// The desk status `code` in words.
    fn status(&self, code: &str) -> Cell {
        let rule = catalog().forms.desk.field("status");
        Cell::Text(rule.option_label(code, self.lang).to_owned())
    }
}

/// The contacts workbook: the specification's columns (the Date a real date cell in `offset`,
/// named in the header's note), then status in words, assignee, and the latest note with who
/// wrote it and when.
pub fn contacts_workbook(
    rows: &[contact_entity::Model],
    offset: FixedOffset,
    lang: Lang,
) -> anyhow::Result<Vec<u8>> {
    let s = Sheet::new(lang, offset);
    let m = &catalog().messages;
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name(s.words(&m.export_contacts_sheet))?;
    let widths = [16.0, 18.0, 30.0, 18.0, 18.0, 32.0, 60.0, 14.0, 16.0];
    // The first nine columns; the tenth, the latest note, comes with who wrote it and when.
    let mut header: Vec<(String, f64)> = contact_headers(lang).into_iter().zip(widths).collect();
    header.extend(s.note_headers());
    let zone = m.export_zone.with("zone", s.zone());
    sheet.insert_note(0, 4, &Note::new(s.words(&zone)).add_author_prefix(false))?;
    s.write(
        sheet,
        &header,
        rows.iter().map(|c| {
            let mut cells = vec![
                Cell::Text(c.first_name.clone()),
                Cell::Text(c.last_name.clone()),
                Cell::Text(c.email.clone()),
                Cell::Text(c.phone.clone()),
                Cell::At(c.created_date),
                Cell::Text(c.subject.clone()),
                Cell::Text(c.message.clone()),
                s.status(&c.status),
                Cell::Text(c.assignee.clone().unwrap_or_default()),
            ];
            cells.extend(s.latest_note(&c.notes));
            cells
        }),
    )?;
    Ok(workbook.save_to_buffer()?)
}

/// The labelled detail columns of an airport request: every field of Meet & Greet's and the
/// porter's, as the form names them.
fn detail_fields(form: &FormRules) -> Vec<&concierge_core::domain::rules::FieldRule> {
    form.fields
        .iter()
        .filter(|f| f.name.starts_with("meetGreet.") || f.name.starts_with("porterService."))
        .collect()
}

/// An airport request's detail `field` (`meetGreet.numPassengers`) from its stored JSON.
fn detail(r: &airport_request::Model, field: &str, lang: Lang) -> Cell {
    let (group, key) = field.split_once('.').unwrap_or(("", field));
    let stored = match group {
        "meetGreet" => r.meet_greet.as_deref(),
        _ => r.porter_service.as_deref(),
    };
    let value = stored
        .and_then(|json| serde_json::from_str::<serde_json::Value>(json).ok())
        .and_then(|v| v.get(key).cloned());
    let rule = catalog().forms.airport_request.field(field);
    match value {
        None | Some(serde_json::Value::Null) => Cell::Text(String::new()),
        Some(serde_json::Value::Number(n)) => Cell::Number(n.as_f64().unwrap_or_default()),
        Some(serde_json::Value::String(text)) => match rule.kind {
            concierge_core::domain::rules::FieldKind::Time => {
                NaiveTime::parse_from_str(&text, "%H:%M")
                    .map_or(Cell::Text(text.clone()), Cell::Time)
            }
            _ => Cell::Text(rule.option_label(&text, lang).to_owned()),
        },
        Some(other) => Cell::Text(other.to_string()),
    }
}

/// The airport requests workbook: newest first; the places by name, every detail in its own
/// column, the flight's day and time as date cells (local to the airport, as typed), the
/// received time in `offset`.
pub fn airport_workbook(
    rows: &[airport_request::Model],
    offset: FixedOffset,
    lang: Lang,
    airports: &Airports,
) -> anyhow::Result<Vec<u8>> {
    let s = Sheet::new(lang, offset);
    let m = &catalog().messages;
    let form = &catalog().forms.airport_request;
    let desk = &catalog().forms.desk;
    let label = |field: &str| s.words(&form.field(field).label).to_owned();
    let mut header: Vec<(String, f64)> = vec![
        (s.words(&m.export_reference).to_owned(), 14.0),
        (
            s.words(&m.export_received.with("zone", s.zone()))
                .to_owned(),
            20.0,
        ),
        (s.words(&desk.field("status").label).to_owned(), 14.0),
        (s.words(&desk.field("assignee").label).to_owned(), 16.0),
        (label("passengerDetails.title"), 8.0),
        (label("passengerDetails.fullName"), 24.0),
        (label("passengerDetails.mobile"), 18.0),
        (label("passengerDetails.email"), 28.0),
        (label("country"), 20.0),
        (label("city"), 16.0),
        (label("airport"), 36.0),
        (label("terminal"), 16.0),
        (label("flightNumber"), 10.0),
        (label("departureArrival"), 14.0),
        (s.words(&m.export_flight_date).to_owned(), 14.0),
        (s.words(&m.export_flight_time).to_owned(), 12.0),
        (label("services"), 36.0),
    ];
    let details = detail_fields(form);
    header.extend(details.iter().map(|f| (s.words(&f.label).to_owned(), 18.0)));
    header.push((s.words(&m.export_page_language).to_owned(), 12.0));
    header.extend(s.note_headers());
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name(s.words(&m.export_airport_sheet))?;
    let option =
        |field: &str, code: &str| Cell::Text(form.field(field).option_label(code, lang).to_owned());
    s.write(
        sheet,
        &header,
        rows.iter().map(|r| {
            let places = airports.names(lang, &r.country, &r.city, &r.airport, &r.terminal);
            let services: Vec<String> = serde_json::from_str(&r.services).unwrap_or_default();
            let services = services
                .iter()
                .map(|code| form.field("services").option_label(code, lang))
                .collect::<Vec<_>>()
                .join(if lang == Lang::Ar { "، " } else { ", " });
            let mut cells = vec![
                Cell::Text(r.reference.clone()),
                Cell::At(r.created_date),
                s.status(&r.status),
                Cell::Text(r.assignee.clone().unwrap_or_default()),
                option("passengerDetails.title", &r.title),
                Cell::Text(r.full_name.clone()),
                Cell::Text(r.mobile.clone()),
                Cell::Text(r.email.clone()),
                Cell::Text(places.country),
                Cell::Text(places.city),
                Cell::Text(places.airport),
                Cell::Text(places.terminal),
                Cell::Text(r.flight_number.clone()),
                option("departureArrival", &r.departure_arrival),
                NaiveDate::parse_from_str(&r.date, "%Y-%m-%d")
                    .map_or_else(|_| Cell::Text(r.date.clone()), Cell::Day),
                NaiveTime::parse_from_str(&r.time, "%H:%M")
                    .map_or_else(|_| Cell::Text(r.time.clone()), Cell::Time),
                Cell::Text(services),
            ];
            cells.extend(details.iter().map(|f| detail(r, &f.name, lang)));
            cells.push(option("lang", &r.lang));
            cells.extend(s.latest_note(&r.notes));
            cells
        }),
    )?;
    Ok(workbook.save_to_buffer()?)
}

/// Writes visitor text as text. A cell that begins like a formula (`=`, `+`, `-`, `@`, tab,
/// carriage return) also gets Excel's quote prefix, so that no spreadsheet program evaluates
/// it, not even when someone edits the cell (enquiries are public input).
fn write_text(
    sheet: &mut Worksheet,
    row: u32,
    column: u16,
    value: &str,
    format: &Format,
) -> Result<(), XlsxError> {
    let formula_like = value.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if formula_like {
        sheet.write_string_with_format(row, column, value, &format.clone().set_quote_prefix())?;
    } else {
        sheet.write_string_with_format(row, column, value, format)?;
    }
    Ok(())
}

/// The header of a kind's workbook in `lang`: the item's ID, then each declared field by its
/// form's label.
pub fn kind_headers(kind: &Declaration, lang: Lang) -> Vec<String> {
    let rules = kind.rules();
    std::iter::once("ID".to_owned())
        .chain(
            kind.fields
                .iter()
                .map(|f| rules.field(f.name).label.get(lang).to_owned()),
        )
        .collect()
}

/// A kind's workbook (its sheet named by the kind's label): each row an item as the admin
/// reads it, a column a declared field, a choice in words; what the kind's import reads back.
pub fn kind_workbook(
    kind: &Declaration,
    rows: &[serde_json::Value],
    lang: Lang,
) -> anyhow::Result<Vec<u8>> {
    use concierge_core::kinds::FieldType;
    let s = Sheet::new(lang, FixedOffset::east_opt(0).expect("UTC"));
    let rules = kind.rules();
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.set_name(kind.label.get(lang))?;
    let widths = std::iter::once(8.0).chain(kind.fields.iter().map(|f| match f.ty {
        FieldType::Richtext | FieldType::Textarea | FieldType::KeyValues => 60.0,
        FieldType::Number => 14.0,
        _ => 24.0,
    }));
    let header: Vec<(String, f64)> = kind_headers(kind, lang).into_iter().zip(widths).collect();
    s.write(
        sheet,
        &header,
        rows.iter().map(|row| {
            let id = row["id"].as_f64().unwrap_or_default();
            std::iter::once(Cell::Number(id))
                .chain(kind.fields.iter().map(|f| match (&row[f.name], f.ty) {
                    (serde_json::Value::Number(n), _) => {
                        Cell::Number(n.as_f64().unwrap_or_default())
                    }
                    (serde_json::Value::String(code), FieldType::Select) => {
                        Cell::Text(rules.field(f.name).option_label(code, lang).to_owned())
                    }
                    (serde_json::Value::String(text), _) => Cell::Text(text.clone()),
                    (serde_json::Value::Null, _) => Cell::Text(String::new()),
                    (other, _) => Cell::Text(other.to_string()),
                }))
                .collect()
        }),
    )?;
    Ok(workbook.save_to_buffer()?)
}
