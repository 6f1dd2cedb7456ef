//! The tables of public content as the database knows them ([`Table`]): who may see which
//! rows, their orders, and the scheduler's questions (what is due to go live or to leave, what
//! was deleted long enough ago to be removed for good). The writes, which go through the
//! lifecycle and record their history, are the content core's (`content::items`).

use std::str::FromStr;

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, Func};
use sea_orm::{
    ActiveModelBehavior, ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait,
    DatabaseTransaction, DbBackend, DbErr, EntityTrait, FromQueryResult, IntoActiveModel,
    ModelTrait, PrimaryKeyTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait, Select,
    Statement,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::outbox::publish_jobs::Resource;
use concierge_core::domain::page::Paging;
use concierge_core::error::ApiError;

/// What a person calls an item, from its JSON: a blog's or service's name, a banner's title,
/// a general content section's name (its English one, else its Arabic one), up to 200
/// characters; `None` for none.
pub fn title_of(item: &serde_json::Value) -> Option<String> {
    ["name", "title", "banner_name", "name_ar", "title_ar"]
        .iter()
        .filter_map(|key| item.get(*key).and_then(serde_json::Value::as_str))
        .map(str::trim)
        .find(|text| !text.is_empty())
        .map(|text| text.chars().take(200).collect())
}

/// How long a deleted item can be brought back.
pub const KEEP_DELETED_DAYS: i64 = 30;

/// How a list is sorted (the content model's: a list route names its order).
pub use concierge_core::kinds::Order;

/// A table of public content, as the database knows it: its entity and row types, the publish
/// jobs it queues, its orders. The content core's `Kind` adds the form and the rules on top.
pub trait Table: 'static {
    type Entity: EntityTrait<
            Model = Self::Model,
            ActiveModel = Self::Active,
            PrimaryKey = Self::Key,
            Column = Self::Column,
        >;
    type Key: PrimaryKeyTrait<ValueType = i32>;
    /// Every content table has `id`, `created_at` and `updated_at` (and most `display_order`).
    type Column: ColumnTrait + FromStr;
    type Model: ModelTrait<Entity = Self::Entity>
        + IntoActiveModel<Self::Active>
        + FromQueryResult
        + Serialize
        + ToSchema
        + Clone
        + Send
        + Sync;
    type Active: ActiveModelTrait<Entity = Self::Entity>
        + ActiveModelBehavior
        + From<Self::Model>
        + sea_orm::TryIntoModel<Self::Model>
        + Send
        + Sync;

    /// What the publish jobs of this table's rows are about.
    const RESOURCE: Resource;

    /// The columns an administrator's search (`q`) looks in: what the item is called.
    const SEARCHED: &'static [&'static str] = &["name", "name_ar"];

    fn id(row: &Self::Model) -> i32 {
        row.get(column::<Self>("id")).unwrap()
    }

    /// A new row, made at `now` (version 1).
    fn new_row(now: DateTime<Utc>) -> Self::Active {
        let mut row = Self::Active::default();
        row.set(column::<Self>("created_at"), now.into());
        row.set(column::<Self>("version"), 1i32.into());
        row
    }

    /// The table in `order` (`display_order`, then id, for [`Order::Display`]).
    fn ordered(order: Order) -> Select<Self::Entity> {
        let id = column::<Self>("id");
        let all = Self::Entity::find();
        match order {
            Order::Display => all
                .order_by_asc(column::<Self>("display_order"))
                .order_by_asc(id),
            Order::Id => all.order_by_asc(id),
            Order::Newest => all.order_by_desc(id),
        }
    }

    /// A row as an anonymous list shows it (a bound on what one request can ask for).
    fn in_public_list(row: Self::Model) -> Self::Model {
        row
    }
}

/// A column every content table has, by name.
pub fn column<T: Table + ?Sized>(name: &str) -> T::Column {
    T::Column::from_str(name).unwrap_or_else(|_| panic!("every content table has a {name} column"))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Draft,
    Published,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Draft => "draft",
            Status::Published => "published",
        }
    }

    pub fn parse(raw: &str) -> Option<Status> {
        match raw {
            "draft" => Some(Status::Draft),
            "published" => Some(Status::Published),
            _ => None,
        }
    }
}

/// Where an item stands, as the admin's lists name it and filter by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Never published (or taken off the site).
    Draft,
    /// Published, to go live at its `publish_at`.
    Scheduled,
    /// On the site.
    Live,
    /// With changes waiting beside the live version (whatever else it is).
    Pending,
    /// Its `unpublish_at` has passed.
    Ended,
}

impl Standing {
    pub fn parse(raw: &str) -> Option<Standing> {
        Some(match raw {
            "draft" => Standing::Draft,
            "scheduled" => Standing::Scheduled,
            "live" => Standing::Live,
            "pending" => Standing::Pending,
            "ended" => Standing::Ended,
            _ => return None,
        })
    }

    /// The rows of `T` standing so at `now` (the admin's `standing()` in SQL: ended before
    /// scheduled, as a window that has closed is over whatever its start).
    pub fn condition<T: Table>(self, now: DateTime<Utc>) -> Condition {
        let publish_at = column::<T>("publish_at");
        let unpublish_at = column::<T>("unpublish_at");
        let published = column::<T>("status").eq(Status::Published.as_str());
        let not_ended = unpublish_at.is_null().or(unpublish_at.gt(now));
        match self {
            Standing::Draft => {
                Condition::all().add(column::<T>("status").eq(Status::Draft.as_str()))
            }
            Standing::Pending => Condition::all().add(column::<T>("draft").is_not_null()),
            Standing::Ended => Condition::all().add(published).add(unpublish_at.lte(now)),
            Standing::Scheduled => Condition::all()
                .add(published)
                .add(publish_at.gt(now))
                .add(not_ended),
            Standing::Live => Condition::all()
                .add(published)
                .add(publish_at.is_null().or(publish_at.lte(now)))
                .add(not_ended),
        }
    }
}

/// What narrows a list: an administrator's choice of where the items stand and words of their
/// names, and the route's parent (the items of one service), for any reader.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ListFilter {
    pub standing: Option<Standing>,
    /// Lowercase, trimmed, not empty.
    pub q: Option<String>,
    /// The items of one parent: the reference column and the parent's id.
    pub parent: Option<(&'static str, i32)>,
}

impl ListFilter {
    /// The rows of `T` this filter keeps at `now`, as `backend` asks. The search looks in the
    /// columns the table names ([`Table::SEARCHED`]) and in the same fields of the pending
    /// changes, whose names the list shows.
    pub fn condition<T: Table>(&self, now: DateTime<Utc>, backend: DbBackend) -> Condition {
        let mut condition = Condition::all();
        if let Some((field, id)) = self.parent {
            condition = condition.add(column::<T>(field).eq(id));
        }
        if let Some(standing) = self.standing {
            condition = condition.add(standing.condition::<T>(now));
        }
        if let Some(q) = &self.q {
            let like = || crate::contains(q);
            let mut any = Condition::any();
            for name in T::SEARCHED {
                any = any.add(Expr::expr(Func::lower(Expr::col(column::<T>(name)))).like(like()));
                // The field of the pending changes (JSON in `draft`); `name` is one of the
                // table's own column names, never the caller's text.
                let pending = match backend {
                    DbBackend::Postgres => format!("lower(CAST(draft AS jsonb) ->> '{name}')"),
                    _ => format!("lower(json_extract(draft, '$.{name}'))"),
                };
                any = any.add(Expr::cust(pending).like(like()));
            }
            condition = condition.add(any);
        }
        condition
    }
}

/// Who reads: anonymous readers see what is live, administrators everything not deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    Public,
    Admin,
}

/// The kind's rows that `audience` may see.
pub fn visible<T: Table>(select: Select<T::Entity>, audience: Audience) -> Select<T::Entity> {
    match audience {
        Audience::Public => live(select),
        Audience::Admin => select.filter(column::<T>("deleted_at").is_null()),
    }
}

/// The kind's published rows (not deleted) with a `publish_at` or `unpublish_at` still to
/// come at `now`: what the scheduler will do.
pub async fn upcoming<T: Table>(
    db: &impl ConnectionTrait,
    now: DateTime<Utc>,
) -> Result<Vec<T::Model>, sea_orm::DbErr> {
    visible::<T>(T::Entity::find(), Audience::Admin)
        .filter(column::<T>("status").eq(Status::Published.as_str()))
        .filter(
            Condition::any()
                .add(column::<T>("publish_at").gt(now))
                .add(column::<T>("unpublish_at").gt(now)),
        )
        .all(db)
        .await
}

/// What the site shows of a content table: its live rows, not deleted (one filter for the
/// site's data and the public API).
pub fn live<E: EntityTrait>(select: Select<E>) -> Select<E>
where
    E::Column: FromStr,
{
    let column = |name: &str| {
        E::Column::from_str(name)
            .unwrap_or_else(|_| panic!("every content table has a {name} column"))
    };
    select
        .filter(column("deleted_at").is_null())
        .filter(column("live").eq(true))
}

/// The row with this id that `audience` may see.
pub async fn find_for<T: Table>(
    db: &impl ConnectionTrait,
    id: i32,
    audience: Audience,
) -> Result<Option<T::Model>, DbErr> {
    visible::<T>(T::Entity::find(), audience)
        .filter(column::<T>("id").eq(id))
        .one(db)
        .await
}

/// The kind's rows among `ids` that administrators see (not deleted), in no order.
pub async fn with_ids<T: Table>(
    db: &impl ConnectionTrait,
    ids: &[i32],
) -> Result<Vec<T::Model>, DbErr> {
    let mut found = Vec::with_capacity(ids.len());
    for ids in ids.chunks(500) {
        found.extend(
            visible::<T>(T::Entity::find(), Audience::Admin)
                .filter(column::<T>("id").is_in(ids.iter().copied()))
                .all(db)
                .await?,
        );
    }
    Ok(found)
}

/// Up to `limit` of the kind's unfinished rows, the last changed first: drafts never published
/// (or taken off the site) and items with changes waiting beside their live version.
pub async fn unfinished<T: Table>(
    db: &impl ConnectionTrait,
    limit: u64,
) -> Result<Vec<T::Model>, DbErr> {
    let unfinished = Condition::any()
        .add(column::<T>("status").eq(Status::Draft.as_str()))
        .add(column::<T>("draft").is_not_null());
    visible::<T>(T::Entity::find(), Audience::Admin)
        .filter(unfinished)
        .order_by_desc(column::<T>("updated_at"))
        .order_by_desc(column::<T>("id"))
        .limit(limit)
        .all(db)
        .await
}

/// Takes the next version of the row `id` for a write in `txn`: one more, and only if it is
/// still `expected` (when the writer said which version it read). The statement leaves the
/// row locked until `txn` ends (PostgreSQL's row lock; SQLite has one writer), so the check and
/// the write that follows are one atomic step: of ten saves from the same version, one claims
/// it and the nine others find it gone. `deleted` claims a deleted row (an undelete). Whether
/// it was claimed (false: no such row, or another version).
pub async fn claim<T: Table>(
    txn: &DatabaseTransaction,
    id: i32,
    expected: Option<i32>,
    deleted: bool,
) -> Result<bool, DbErr> {
    let version = column::<T>("version");
    let mut update = T::Entity::update_many()
        .col_expr(version, Expr::col(version).add(1))
        .filter(column::<T>("id").eq(id));
    update = if deleted {
        update.filter(column::<T>("deleted_at").is_not_null())
    } else {
        update.filter(column::<T>("deleted_at").is_null())
    };
    if let Some(expected) = expected {
        update = update.filter(version.eq(expected));
    }
    Ok(update.exec(txn).await?.rows_affected == 1)
}

/// One page of the kind in `order` that `audience` may see, narrowed by `filter` (at `now`),
/// and the total count.
pub async fn page<T: Table>(
    db: &impl ConnectionTrait,
    order: Order,
    page: Paging,
    audience: Audience,
    filter: &ListFilter,
    now: DateTime<Utc>,
) -> Result<(Vec<T::Model>, u64), ApiError> {
    let condition = filter.condition::<T>(now, db.get_database_backend());
    let select = visible::<T>(T::ordered(order), audience).filter(condition);
    super::page_of(db, select, page).await
}

/// Up to `limit` of the kind's rows not deleted, in `order`: a workbook's.
pub async fn all_for_admin<T: Table>(
    db: &impl ConnectionTrait,
    order: Order,
    limit: u64,
) -> Result<Vec<T::Model>, DbErr> {
    visible::<T>(T::ordered(order), Audience::Admin)
        .limit(limit)
        .all(db)
        .await
}

/// The condition of an item due to go live at `now` (`true`), or due to leave (`false`).
pub fn due_to<T: Table>(live: bool, now: DateTime<Utc>) -> sea_orm::Condition {
    let publish_at = column::<T>("publish_at");
    let unpublish_at = column::<T>("unpublish_at");
    let common = sea_orm::Condition::all()
        .add(column::<T>("deleted_at").is_null())
        .add(column::<T>("status").eq(Status::Published.as_str()));
    if live {
        // Waiting, and its time has come.
        common
            .add(column::<T>("live").eq(false))
            .add(publish_at.is_null().or(publish_at.lte(now)))
            .add(unpublish_at.is_null().or(unpublish_at.gt(now)))
    } else {
        // Live, and its time is over.
        common
            .add(column::<T>("live").eq(true))
            .add(unpublish_at.lte(now))
    }
}

/// Items whose schedule is due at `now`, each with whether it goes live (`true`) or leaves.
pub async fn due<T: Table>(
    db: &impl ConnectionTrait,
    now: DateTime<Utc>,
) -> Result<Vec<(i32, bool)>, ApiError> {
    let mut due = Vec::new();
    for live in [true, false] {
        let ids: Vec<i32> = due_query::<T>(live, now).into_tuple().all(db).await?;
        due.extend(ids.into_iter().map(|id| (id, live)));
    }
    Ok(due)
}

/// The ids of the items whose schedule puts them on the site (`live`) or takes them off at `now`.
fn due_query<T: Table>(live: bool, now: DateTime<Utc>) -> Select<T::Entity> {
    T::Entity::find()
        .select_only()
        .column(column::<T>("id"))
        .filter(due_to::<T>(live, now))
}

/// The scheduler's questions about `K` at `now`, as `backend` is asked them: the items due to go
/// live, those due to leave, and those deleted long enough ago to be removed for good (the
/// scheduler asks them every 15 seconds, so each must be answered from an index).
pub fn schedule_statements<T: Table>(backend: DbBackend, now: DateTime<Utc>) -> [Statement; 3] {
    [
        due_query::<T>(true, now).build(backend),
        due_query::<T>(false, now).build(backend),
        purge_query::<T>(now).build(backend),
    ]
}

/// The ids of the items deleted long enough before `now` to be removed for good.
fn purge_query<T: Table>(now: DateTime<Utc>) -> Select<T::Entity> {
    let cutoff = now - Duration::days(KEEP_DELETED_DAYS);
    T::Entity::find()
        .select_only()
        .column(column::<T>("id"))
        .filter(column::<T>("deleted_at").lte(cutoff))
}

/// The kind's items deleted more than [`KEEP_DELETED_DAYS`] days before `now`, each with when
/// it was deleted: what [`purge`] removes.
pub async fn purgeable<T: Table>(
    db: &impl ConnectionTrait,
    now: DateTime<Utc>,
) -> Result<Vec<(i32, Option<DateTime<Utc>>)>, ApiError> {
    Ok(purge_query::<T>(now)
        .column(column::<T>("deleted_at"))
        .into_tuple()
        .all(db)
        .await?)
}

/// Whether the kind's table has any row, deleted ones too.
pub async fn has_rows(
    db: &impl ConnectionTrait,
    kind: &'static concierge_core::kinds::Declaration,
) -> Result<bool, DbErr> {
    let sql = format!("SELECT 1 AS found FROM \"{}\" LIMIT 1", kind.table);
    let row = db
        .query_one_raw(Statement::from_string(db.get_database_backend(), sql))
        .await?;
    Ok(row.is_some())
}
