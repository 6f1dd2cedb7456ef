//! What a workbook may cost before anything reads it as a table. An .xlsx is a zip of XML: a
//! 1.6 KB file can declare a cell at `XFD1048576` (a reader that makes a grid allocates rows ×
//! columns) or unpack to gigabytes. So, before the workbook is opened:
//! - every part unpacks to at most [`PART_BYTES`], and all of them to [`TOTAL_BYTES`] (read
//!   through a bounded reader: a part that lies about its size is caught too);
//! - every sheet is streamed, cell by cell, and refused at the first row past the row limit or
//!   cell past the layout's last column (positions written or implied).
//!
//! Memory stays within a few buffers while checking; afterwards the grid is at most
//! rows × layout columns.

use concierge_core::domain::rules::catalog;
use concierge_core::i18n::Text;
use std::io::{BufReader, Read};

use quick_xml::events::Event;

/// The most one part of a workbook may unpack to.
pub const PART_BYTES: u64 = 32 * 1024 * 1024;
/// The most a whole workbook may unpack to.
pub const TOTAL_BYTES: u64 = 64 * 1024 * 1024;

/// Why a workbook is refused before it is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Not a zip, or a broken part.
    Unreadable(String),
    /// Past a limit; the message says which.
    TooLarge(Text),
}

/// Checks `bytes` (a zip) against the limits: `max_rows` rows (the header included) and
/// `max_columns` columns in every sheet.
pub fn check(bytes: &[u8], max_rows: u32, max_columns: u32) -> Result<(), Refusal> {
    let unreadable = |e: &dyn std::fmt::Display| Refusal::Unreadable(e.to_string());
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).map_err(|e| unreadable(&e))?;
    let mut total = 0u64;
    for i in 0..zip.len() {
        let part = zip.by_index(i).map_err(|e| unreadable(&e))?;
        let name = part.name().map_err(|e| unreadable(&e))?.into_owned();
        let mut bounded = part.take(PART_BYTES + 1);
        let size = if name.starts_with("xl/worksheets/") && name.ends_with(".xml") {
            let mut counted = Counted::new(&mut bounded);
            check_sheet(&mut counted, max_rows, max_columns)?;
            std::io::copy(&mut counted, &mut std::io::sink()).map_err(|e| unreadable(&e))?;
            counted.count
        } else {
            std::io::copy(&mut bounded, &mut std::io::sink()).map_err(|e| unreadable(&e))?
        };
        if size > PART_BYTES {
            return Err(Refusal::TooLarge(
                catalog()
                    .messages
                    .part_too_large
                    .with("part", name.as_str())
                    .with("mb", PART_BYTES / 1024 / 1024),
            ));
        }
        total += size;
        if total > TOTAL_BYTES {
            return Err(Refusal::TooLarge(
                catalog()
                    .messages
                    .workbook_too_large
                    .with("mb", TOTAL_BYTES / 1024 / 1024),
            ));
        }
    }
    Ok(())
}

/// Streams one sheet's XML and refuses a row or cell outside the layout.
fn check_sheet(xml: impl Read, max_rows: u32, max_columns: u32) -> Result<(), Refusal> {
    let mut reader = quick_xml::Reader::from_reader(BufReader::new(xml));
    let mut buf = Vec::new();
    let (mut row, mut column) = (0u32, 0u32);
    let too_far = |row: u32, column: u32| {
        if row > max_rows {
            Some(Refusal::TooLarge(
                catalog()
                    .messages
                    .row_beyond_layout
                    .with("max", max_rows - 1)
                    .with("row", row),
            ))
        } else if column > max_columns {
            Some(Refusal::TooLarge(
                catalog()
                    .messages
                    .column_beyond_layout
                    .with("column", column_name(column))
                    .with("last", column_name(max_columns)),
            ))
        } else {
            None
        }
    };
    loop {
        let event = reader
            .read_event_into(&mut buf)
            .map_err(|e| Refusal::Unreadable(e.to_string()))?;
        match event {
            Event::Start(ref e) | Event::Empty(ref e) => match e.local_name().as_ref() {
                "dimension" => {
                    if let Some(reference) = attribute(e, "ref") {
                        let last = reference.rsplit(':').next().unwrap_or("");
                        if let Some((r, c)) = cell_position(last)
                            && let Some(error) = too_far(r, c)
                        {
                            return Err(error);
                        }
                    }
                }
                "row" => {
                    row = match attribute(e, "r").and_then(|r| r.parse().ok()) {
                        Some(r) => r,
                        None => row + 1,
                    };
                    column = 0;
                    if let Some(error) = too_far(row, 1) {
                        return Err(error);
                    }
                }
                "c" => {
                    match attribute(e, "r").as_deref().and_then(cell_position) {
                        Some((r, c)) => (row, column) = (r, c),
                        None => column += 1,
                    }
                    if let Some(error) = too_far(row.max(1), column) {
                        return Err(error);
                    }
                }
                _ => {}
            },
            Event::Eof => return Ok(()),
            _ => {}
        }
        buf.clear();
    }
}

fn attribute(e: &quick_xml::events::BytesStart<'_>, name: &str) -> Option<String> {
    e.attributes()
        .flatten()
        .find(|a| a.key.local_name().as_ref() == name)
        .map(|a| a.value.into_owned())
}

/// `G12` → (12, 7); `XFD1048576` → (1048576, 16384).
fn cell_position(reference: &str) -> Option<(u32, u32)> {
    let split = reference.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = reference.split_at(split);
    if letters.is_empty() || letters.len() > 3 {
        return None;
    }
    let mut column = 0u32;
    for c in letters.chars() {
        if !c.is_ascii_alphabetic() {
            return None;
        }
        column = column * 26 + (c.to_ascii_uppercase() as u32 - 'A' as u32 + 1);
    }
    Some((digits.parse().ok()?, column))
}

fn column_name(mut column: u32) -> String {
    let mut name = Vec::new();
    while column > 0 {
        let rem = (column - 1) % 26;
        name.push(b'A' + rem as u8);
        column = (column - 1) / 26;
    }
    name.reverse();
    String::from_utf8(name).unwrap_or_default()
}

/// A reader that counts what passes through it.
struct Counted<R> {
    inner: R,
    count: u64,
}

impl<R> Counted<R> {
    fn new(inner: R) -> Self {
        Counted { inner, count: 0 }
    }
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count += n as u64;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_references_read_as_row_and_column() {
        assert_eq!(cell_position("A1"), Some((1, 1)));
        assert_eq!(cell_position("G12"), Some((12, 7)));
        assert_eq!(cell_position("XFD1048576"), Some((1_048_576, 16_384)));
        assert_eq!(cell_position("P1048576"), Some((1_048_576, 16)));
        assert_eq!(cell_position("12"), None);
        assert_eq!(column_name(16_384), "XFD");
        assert_eq!(column_name(7), "G");
    }

    #[test]
    fn sheets_are_refused_at_the_first_cell_outside_the_layout() {
        let sheet = |rows: &str| format!("<worksheet><sheetData>{rows}</sheetData></worksheet>");
        let ok = sheet(r#"<row r="1"><c r="A1"/><c r="G1"/></row><row><c/><c/></row>"#);
        assert_eq!(check_sheet(ok.as_bytes(), 10_001, 7), Ok(()));
        for (rows, why) in [
            (r#"<row r="1"><c r="XFD1"/></row>"#, "column XFD"),
            (r#"<row r="1048576"><c r="A1048576"/></row>"#, "row 1048576"),
            (r#"<row><c/><c/><c/><c/><c/><c/><c/><c/></row>"#, "column H"),
            (r#"<dimension ref="A1:P1048576"/>"#, "row 1048576"),
        ] {
            let Err(Refusal::TooLarge(error)) = check_sheet(sheet(rows).as_bytes(), 10_001, 7)
            else {
                panic!("{rows} was not refused as too large");
            };
            assert!(error.en.contains(why), "{rows}: {error}");
        }
    }
}
