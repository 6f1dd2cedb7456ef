//! What the review of pending changes reads and writes (`app::content::review`): the one row of
//! an item in review, the queue of what waits, who made and who last changed each item (from
//! its history), and where the mail about it goes (the administrators' addresses).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use crate::entities::{admin_user, content_review, content_revision};

/// A change waiting for an editor.
pub const WAITING: &str = "waiting";
/// A change an editor gave back to its author with a note.
pub const RETURNED: &str = "returned";

/// How many ids one `IN (…)` names: well under SQLite's and PostgreSQL's limits on bound values.
const CHUNK: usize = 500;

/// The review rows of the kind's items `ids`, by item.
pub async fn of_items(
    db: &impl ConnectionTrait,
    kind: &str,
    ids: &[i32],
) -> Result<HashMap<i32, content_review::Model>, DbErr> {
    let mut found = HashMap::new();
    for ids in ids.chunks(CHUNK) {
        let rows = content_review::Entity::find()
            .filter(content_review::Column::Kind.eq(kind))
            .filter(content_review::Column::ItemId.is_in(ids.iter().copied()))
            .all(db)
            .await?;
        found.extend(rows.into_iter().map(|r| (r.item_id, r)));
    }
    Ok(found)
}

/// Every change waiting for an editor, across kinds, the longest waiting first.
pub async fn waiting(db: &impl ConnectionTrait) -> Result<Vec<content_review::Model>, DbErr> {
    content_review::Entity::find()
        .filter(content_review::Column::State.eq(WAITING))
        .order_by_asc(content_review::Column::SubmittedAt)
        .order_by_asc(content_review::Column::Id)
        .all(db)
        .await
}

/// How many changes wait for an editor.
pub async fn count_waiting(db: &impl ConnectionTrait) -> Result<u64, DbErr> {
    use sea_orm::PaginatorTrait;
    content_review::Entity::find()
        .filter(content_review::Column::State.eq(WAITING))
        .count(db)
        .await
}

/// The item's change waits for an editor, submitted by `author` at `now` with `note` (a second
/// submission replaces the first, and a returned change waits again).
pub async fn submit(
    db: &impl ConnectionTrait,
    kind: &str,
    item_id: i32,
    author: Option<&str>,
    note: Option<&str>,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let row = content_review::ActiveModel {
        kind: Set(kind.to_owned()),
        item_id: Set(item_id),
        state: Set(WAITING.to_owned()),
        author: Set(author.map(str::to_owned)),
        acted_by: Set(author.map(str::to_owned)),
        acted_at: Set(now),
        submitted_at: Set(now),
        note: Set(note.map(str::to_owned)),
        ..Default::default()
    };
    content_review::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([content_review::Column::Kind, content_review::Column::ItemId])
                .update_columns([
                    content_review::Column::State,
                    content_review::Column::Author,
                    content_review::Column::ActedBy,
                    content_review::Column::ActedAt,
                    content_review::Column::SubmittedAt,
                    content_review::Column::Note,
                ])
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    Ok(())
}

/// Gives the item's waiting change back to its author, by `by` at `now` with `note`; the row as
/// it is after, or `None` when nothing of the item was waiting.
pub async fn give_back(
    db: &impl ConnectionTrait,
    kind: &str,
    item_id: i32,
    by: Option<&str>,
    note: &str,
    now: DateTime<Utc>,
) -> Result<Option<content_review::Model>, DbErr> {
    let updated = content_review::Entity::update_many()
        .col_expr(content_review::Column::State, Expr::value(RETURNED))
        .col_expr(content_review::Column::ActedBy, Expr::value(by))
        .col_expr(content_review::Column::ActedAt, Expr::value(now))
        .col_expr(content_review::Column::Note, Expr::value(note))
        .filter(content_review::Column::Kind.eq(kind))
        .filter(content_review::Column::ItemId.eq(item_id))
        .filter(content_review::Column::State.eq(WAITING))
        .exec(db)
        .await?;
    if updated.rows_affected == 0 {
        return Ok(None);
    }
    content_review::Entity::find()
        .filter(content_review::Column::Kind.eq(kind))
        .filter(content_review::Column::ItemId.eq(item_id))
        .one(db)
        .await
}

/// The item's review is over (its change published or discarded, or the item deleted).
pub async fn end(db: &impl ConnectionTrait, kind: &str, item_id: i32) -> Result<(), DbErr> {
    content_review::Entity::delete_many()
        .filter(content_review::Column::Kind.eq(kind))
        .filter(content_review::Column::ItemId.eq(item_id))
        .exec(db)
        .await?;
    Ok(())
}

/// Who made an item and who last changed it, by user name (none for the system: the seed, an
/// import, the scheduler).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct People {
    pub created_by: Option<String>,
    pub updated_by: Option<String>,
}

/// For each of the kind's items `ids`, who made it (the author of its first revision) and who
/// last changed it (of its newest revision made by a person).
pub async fn people(
    db: &impl ConnectionTrait,
    kind: &str,
    ids: &[i32],
) -> Result<HashMap<i32, People>, DbErr> {
    let mut found: HashMap<i32, People> = HashMap::new();
    for ids in ids.chunks(CHUNK) {
        let in_kind = || {
            content_revision::Entity::find()
                .select_only()
                .column(content_revision::Column::ItemId)
                .filter(content_revision::Column::Kind.eq(kind))
                .filter(content_revision::Column::ItemId.is_in(ids.iter().copied()))
                .group_by(content_revision::Column::ItemId)
        };
        let first: Vec<(i32, i32)> = in_kind()
            .column_as(content_revision::Column::Id.min(), "first")
            .into_tuple()
            .all(db)
            .await?;
        let last: Vec<(i32, i32)> = in_kind()
            .filter(content_revision::Column::Author.is_not_null())
            .column_as(content_revision::Column::Id.max(), "last")
            .into_tuple()
            .all(db)
            .await?;
        let revisions: Vec<i32> = first.iter().chain(&last).map(|(_, id)| *id).collect();
        let authors: HashMap<i32, Option<String>> = content_revision::Entity::find()
            .select_only()
            .column(content_revision::Column::Id)
            .column(content_revision::Column::Author)
            .filter(content_revision::Column::Id.is_in(revisions))
            .into_tuple::<(i32, Option<String>)>()
            .all(db)
            .await?
            .into_iter()
            .collect();
        for (item, revision) in first {
            found.entry(item).or_default().created_by = authors.get(&revision).cloned().flatten();
        }
        for (item, revision) in last {
            found.entry(item).or_default().updated_by = authors.get(&revision).cloned().flatten();
        }
    }
    Ok(found)
}

/// The addresses of the active administrators whose role is one of `roles`, but `except`'s.
pub async fn emails_of_roles(
    db: &impl ConnectionTrait,
    roles: &[&str],
    except: Option<&str>,
) -> Result<Vec<String>, DbErr> {
    let mut select = admin_user::Entity::find()
        .select_only()
        .column(admin_user::Column::Email)
        .filter(admin_user::Column::Disabled.eq(false))
        .filter(admin_user::Column::Role.is_in(roles.iter().copied()))
        .filter(admin_user::Column::Email.is_not_null());
    if let Some(except) = except {
        select = select.filter(admin_user::Column::Username.ne(except));
    }
    let emails: Vec<Option<String>> = select
        .order_by_asc(admin_user::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    Ok(emails
        .into_iter()
        .flatten()
        .filter(|e| !e.is_empty())
        .collect())
}

/// The address of the administrator `username`, if they gave one and are active.
pub async fn email_of(db: &impl ConnectionTrait, username: &str) -> Result<Option<String>, DbErr> {
    let email: Option<Option<String>> = admin_user::Entity::find()
        .select_only()
        .column(admin_user::Column::Email)
        .filter(admin_user::Column::Username.eq(username))
        .filter(admin_user::Column::Disabled.eq(false))
        .into_tuple()
        .one(db)
        .await?;
    Ok(email.flatten().filter(|e| !e.is_empty()))
}
