//! The workbook of any kind whose declaration has spreadsheets ([`Declaration::spreadsheets`]):
//! its items out, and back in through the same saves as the admin's form. The columns are the
//! declared fields, headed by their labels in either language; a row with an ID updates that
//! item, a row without one adds an item; one bad row and nothing is saved.

use calamine::Data;
use chrono::{DateTime, Utc};
use serde_json::{Map, Value};

use super::{ImportCounts, ImportError, MAX_EXPORT_ROWS, exports, open_table};
use crate::content::{Kind, Order, items};
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_core::i18n::Lang;
use concierge_core::kinds::{Declaration, FieldType};
use concierge_store::Db;
use sea_orm::TransactionTrait;

/// The kind's items not deleted (up to [`MAX_EXPORT_ROWS`], in the site's order) as a
/// workbook in `lang`, or `None` when it has none.
pub async fn export<K: Kind>(db: &Db, lang: Lang) -> Result<Option<Vec<u8>>, ApiError> {
    let rows = concierge_store::content_rows::all_for_admin::<K>(
        &db.read,
        Order::Display,
        MAX_EXPORT_ROWS,
    )
    .await?;
    if rows.is_empty() {
        return Ok(None);
    }
    let rows: Vec<Value> = rows
        .iter()
        .map(serde_json::to_value)
        .collect::<Result<_, _>>()
        .map_err(|e| ApiError::Unexpected(e.into()))?;
    exports::kind_workbook(K::DECLARATION, &rows, lang)
        .map(Some)
        .map_err(ApiError::Unexpected)
}

/// Saves every row of the workbook, all or nothing (the answer names every bad cell).
pub async fn import<K: Kind>(
    db: &Db,
    bytes: &[u8],
    now: DateTime<Utc>,
) -> Result<ImportCounts, ApiError> {
    let kind = K::DECLARATION;
    let english = exports::kind_headers(kind, Lang::En);
    let arabic = exports::kind_headers(kind, Lang::Ar);
    let headers: Vec<&str> = english.iter().map(String::as_str).collect();
    let also: Vec<&str> = arabic.iter().map(String::as_str).collect();
    let rules = kind.rules();
    let required: Vec<&str> = kind
        .fields
        .iter()
        .zip(&headers[1..])
        .filter(|(f, _)| rules.field(f.name).required.is_some())
        .map(|(_, h)| *h)
        .collect();
    let table = open_table(bytes, kind.label.en, &headers, &required, &also)?;
    let mut errors = Vec::new();
    let mut counts = ImportCounts {
        created: 0,
        updated: 0,
    };
    let column = |field: &str| {
        let at = kind.fields.iter().position(|f| f.name == field);
        at.map_or(field, |i| headers[i + 1]).to_owned()
    };
    let txn = db.write.begin().await?;
    for (number, row) in &table.rows {
        let id = match table.text(row, 0).map(|id| id.parse::<i32>()) {
            None => None,
            Some(Ok(id)) if id > 0 => Some(id),
            Some(_) => {
                errors.push((
                    *number,
                    "ID".to_owned(),
                    catalog().messages.invalid_id.clone(),
                ));
                continue;
            }
        };
        let input =
            match serde_json::from_value::<K::Input>(Value::Object(fields(kind, &table, row))) {
                Ok(input) => input,
                Err(e) => return Err(ApiError::Unexpected(e.into())),
            };
        let saved = match id {
            Some(id) => items::update::<K>(&txn, id, input, now).await,
            None => items::create::<K>(&txn, input, now).await,
        };
        match saved {
            Ok(_) if id.is_some() => counts.updated += 1,
            Ok(_) => counts.created += 1,
            Err(ApiError::Validation(fields)) => {
                for (field, message) in fields.iter() {
                    errors.push((*number, column(field), message.clone()));
                }
            }
            Err(ApiError::NotFound(message)) => errors.push((*number, "ID".to_owned(), message)),
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

/// A row's cells as the form's fields (a choice by its value, or by its words in either
/// language); an empty cell is a field not sent.
fn fields(kind: &Declaration, table: &super::Table, row: &[Data]) -> Map<String, Value> {
    let rules = kind.rules();
    let mut fields = Map::new();
    for (i, field) in kind.fields.iter().enumerate() {
        let Some(text) = table.text(row, i + 1) else {
            continue;
        };
        let text = match field.ty {
            FieldType::Select => {
                let rule = rules.field(field.name);
                rule.option_labels
                    .iter()
                    .find(|(_, label)| label.en.eq_ignore_ascii_case(&text) || label.ar == text)
                    .map_or(text, |(code, _)| code.clone())
            }
            _ => text,
        };
        fields.insert(field.name.to_owned(), Value::String(text));
    }
    fields
}
