//! The enquiry desk's work, written once for contact enquiries and airport requests alike: the
//! inbox and its trash, one item, a status and assignee change, a note, a soft delete and its
//! undoing, and what the admin's menu counts. Each write runs in a transaction of its own,
//! whose version it claims first ([`enquiries::claim`]: of two desk members saving from one
//! copy, one is told).

use chrono::{DateTime, Utc};
use serde_json::Value;

use concierge_core::domain::contact::EnquiryStatus;
use concierge_core::domain::form::Form;
use concierge_core::domain::page::Paging;
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_core::roles::Permission;
use concierge_store::enquiries::{self, Place};
pub use concierge_store::enquiries::{DeskEdit, DeskTable, Filter, FilterQuery};
use concierge_store::{Db, Transaction};

/// A desk member's change, checked: the status one of the five, the assignee an active member
/// of the team who may read enquiries (an empty name unassigns).
pub async fn checked(
    db: &Db,
    status: Option<String>,
    assignee: Option<Option<String>>,
) -> Result<DeskEdit, ApiError> {
    let mut f = Form::new(&catalog().forms.desk);
    let status = status.and_then(|s| f.shaped("status", Some(s), EnquiryStatus::parse));
    let assignee = match assignee {
        None => None,
        Some(None) => Some(None),
        Some(Some(name)) => match f.field("assignee", Some(name)) {
            Some(name) if name.is_empty() => Some(None),
            Some(name) => {
                if !assignees(db).await?.iter().any(|(who, _)| *who == name) {
                    f.invalid("assignee");
                }
                Some(Some(name))
            }
            None => None,
        },
    };
    f.finish()?;
    Ok(DeskEdit { status, assignee })
}

/// Who an item can be assigned to (active members of the team who may read enquiries, by
/// name): each one's user name and role.
pub async fn assignees(db: &Db) -> Result<Vec<(String, &'static str)>, ApiError> {
    Ok(enquiries::active_admins(&db.read)
        .await?
        .into_iter()
        .filter(|a| a.role().may(Permission::EnquiriesRead))
        .map(|a| {
            let role = a.role().as_str();
            (a.username, role)
        })
        .collect())
}

/// The inbox (or its trash) as `filter` narrows it: a page of items as the API shows them, and
/// how many there are.
pub async fn list<T: DeskTable>(
    db: &Db,
    page: Paging,
    filter: &FilterQuery,
) -> Result<(Vec<Value>, u64), ApiError> {
    let select = Filter::parse(filter)?.select::<T>();
    let (items, total) = concierge_store::page_of(&db.read, select, page).await?;
    Ok((items.iter().map(T::view).collect(), total))
}

/// One item on the desk, as the API shows it.
pub async fn one<T: DeskTable>(db: &Db, id: i32) -> Result<Value, ApiError> {
    Ok(T::view(&enquiries::one::<T>(&db.read, id).await?))
}

/// A status and assignee change, made from version `expected` if the writer said.
pub async fn edit<T: DeskTable>(
    db: &Db,
    id: i32,
    expected: Option<i32>,
    edit: DeskEdit,
) -> Result<Value, ApiError> {
    let txn = db.begin().await?;
    let claimed = enquiries::claim::<T>(&txn, id, expected, Place::Desk).await?;
    let saved = enquiries::apply::<T>(&txn, id, &claimed, edit).await?;
    let saved = enquiries::finish::<T>(&db.write, txn, &claimed, saved).await?;
    Ok(T::view(&saved))
}

/// A note's text, checked.
fn note_text(text: Option<String>) -> Result<String, ApiError> {
    let mut f = Form::new(&catalog().forms.desk);
    let text = f.text("text", text);
    f.finish()?;
    Ok(text)
}

/// Adds a note to the item's timeline at `now`: the item as the API shows it.
pub async fn note<T: DeskTable>(
    db: &Db,
    id: i32,
    text: Option<String>,
    now: DateTime<Utc>,
) -> Result<Value, ApiError> {
    let text = note_text(text)?;
    let txn = db.begin().await?;
    let saved = enquiries::add_note::<T>(&txn, id, text, now).await?;
    txn.commit().await?;
    Ok(T::view(&saved))
}

/// Adds `text` as a note in `txn`, on the item already claimed: when there is some, and it is
/// not the newest note again (a form that sends its notes field with every save).
pub async fn note_in<T: DeskTable>(
    txn: &Transaction,
    id: i32,
    text: Option<String>,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    let Some(text) = text.filter(|t| !t.trim().is_empty()) else {
        return Ok(());
    };
    let text = note_text(Some(text))?;
    let current = enquiries::one::<T>(txn, id).await?;
    if T::desk(&current)
        .notes
        .latest()
        .is_some_and(|n| n.text == text)
    {
        return Ok(());
    }
    enquiries::append_note::<T>(txn, id, text, now).await?;
    Ok(())
}

/// Moves an item to the trash (made from version `expected` if the writer said).
pub async fn remove<T: DeskTable>(
    db: &Db,
    id: i32,
    expected: Option<i32>,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    let txn = db.begin().await?;
    enquiries::delete::<T>(&txn, id, expected, now).await?;
    txn.commit().await?;
    Ok(())
}

/// Brings an item back from the trash: the item as the API shows it.
pub async fn undelete<T: DeskTable>(db: &Db, id: i32) -> Result<Value, ApiError> {
    let txn = db.begin().await?;
    let saved = enquiries::undelete::<T>(&txn, id).await?;
    txn.commit().await?;
    Ok(T::view(&saved))
}

/// New items on the desk, and how many of them came more than 24 hours before `now`.
pub async fn summary(db: &Db, now: DateTime<Utc>) -> Result<(u64, u64), ApiError> {
    enquiries::summary(&db.read, now).await
}
