//! The queries of what the site shows, on any connection (a transaction for a preview): every
//! live public row, the blogs' cards changed since a change number, blogs with their bodies by
//! id, and the change numbers themselves. The rows are mapped into the generator's types where
//! the site is published (`concierge_publish::data`).

use sea_orm::sea_query::Expr;
use sea_orm::{ConnectionTrait, DbBackend, EntityTrait, QueryFilter, QuerySelect};

use crate::content_rows::{Order, Table, live};
use crate::entities::{blog, blog_redirect};

/// Whether the blog `outer.id` is live, by the one rule of what the site shows, asked of that
/// row alone: a query for `outer` rows by id looks each one up. Written beside the ids
/// (`live AND id IN (…)`), SQLite, which keeps no statistics here, answers from the cards'
/// index (`live`, `deleted_at`, …) instead, reading every live blog's entry: for 20 of 5,000
/// blogs, 0.65 ms against 0.05 ms, and 2.5 ms with a cold cache (after any write).
fn live_blog(backend: DbBackend, outer: &str) -> String {
    use sea_orm::QueryTrait;
    live(blog::Entity::find())
        .select_only()
        .expr(Expr::cust("1"))
        .filter(Expr::cust(format!("\"blogs\".\"id\" = {outer}.id")))
        .build(backend)
        .to_string()
}

/// The columns of a blog its card shows: what listing every blog reads (not the bodies, nor a
/// pending draft).
const CARD_COLUMNS: [blog::Column; 9] = [
    blog::Column::Id,
    blog::Column::Slug,
    blog::Column::Name,
    blog::Column::NameAr,
    blog::Column::ImageUrl,
    blog::Column::DisplayOrder,
    blog::Column::CreatedAt,
    blog::Column::UpdatedAt,
    blog::Column::BodyMedia,
];

/// A card's columns as JSON, one array a row: the database answers with one row, the cards
/// as a JSON array, rather than a row a card: the SQLite driver hands each row from its thread
/// to the caller's, and at thousands of blogs that cost more than the query
/// (docs/benchmarks.md, "Profiles").
fn cards_json(backend: DbBackend, columns: &str) -> String {
    json_list(backend, &json_array(backend, columns))
}

/// A row's `values` as a JSON array (an array among them stays one).
fn json_array(backend: DbBackend, values: &str) -> String {
    match backend {
        DbBackend::Postgres => format!("json_build_array({values})"),
        _ => format!("json_array({values})"),
    }
}

/// Every row's `array` in one JSON list (`NULL` for no rows).
fn json_list(backend: DbBackend, array: &str) -> String {
    match backend {
        DbBackend::Postgres => format!("CAST(json_agg({array}) AS TEXT)"),
        _ => format!("json_group_array({array})"),
    }
}

/// A card as the queries give it: its columns (`CARD_COLUMNS`).
pub type CardRow = (
    i32,
    String,
    String,
    Option<String>,
    String,
    i32,
    String,
    String,
    Option<String>,
);

/// A changed row: its card, its change's number, and 1 when it is live.
pub type ChangedRow = (CardRow, i64, i32);

/// Every live blog's card, and the last change they include (the greater of the last
/// numbered change and the last deletion outright).
pub async fn all_cards(db: &impl ConnectionTrait) -> anyhow::Result<(Vec<CardRow>, i64)> {
    let backend = db.get_database_backend();
    let live = cards_select(backend, live(blog::Entity::find()));
    let sql =
        format!("SELECT {REMOVED}, (SELECT COALESCE(MAX(change_seq), 0) FROM blogs), ({live})");
    let row = query_one(db, sql).await?;
    let rows: Vec<CardRow> = parse(row.try_get_by_index(2)?)?;
    let (removed, last): (i64, i64) = (row.try_get_by_index(0)?, row.try_get_by_index(1)?);
    Ok((rows, last.max(removed)))
}

/// The blog rows changed since change `seq`, live or not, each with its number and whether it
/// is live by the one rule of what the site shows; `None` when a row was deleted outright
/// since (every card is to be read again).
pub async fn cards_changed_since(
    db: &impl ConnectionTrait,
    seq: i64,
) -> anyhow::Result<Option<Vec<ChangedRow>>> {
    let backend = db.get_database_backend();
    let is_live = live_blog(backend, "changed");
    let card = json_array(backend, &card_columns());
    let list = cards_json(
        backend,
        &format!("{card}, change_seq, CASE WHEN EXISTS ({is_live}) THEN 1 ELSE 0 END"),
    );
    let sql =
        format!("SELECT {REMOVED}, (SELECT {list} FROM blogs AS changed WHERE change_seq > {seq})");
    let row = query_one(db, sql).await?;
    if row.try_get_by_index::<i64>(0)? > seq {
        return Ok(None);
    }
    Ok(Some(parse(row.try_get_by_index(1)?)?))
}

/// The number of the last deletion of a blog row outright.
const REMOVED: &str = "(SELECT blog_removed_seq FROM site_changes WHERE id = 1)";

fn card_columns() -> String {
    use sea_orm::IdenStatic;
    CARD_COLUMNS.map(|c| c.as_str()).join(", ")
}

/// The cards of `select`'s rows, as one JSON list.
fn cards_select(backend: DbBackend, select: sea_orm::Select<blog::Entity>) -> String {
    use sea_orm::QueryTrait;
    select
        .select_only()
        .expr(Expr::cust(cards_json(backend, &card_columns())))
        .build(backend)
        .to_string()
}

/// The number of the last change to what is not a blog's card (`site_changes.rest_seq`).
pub async fn rest_seq(db: &impl ConnectionTrait) -> anyhow::Result<i64> {
    let sql = "SELECT rest_seq FROM site_changes WHERE id = 1".to_owned();
    Ok(query_one(db, sql).await?.try_get_by_index::<i64>(0)?)
}

async fn query_one(db: &impl ConnectionTrait, sql: String) -> anyhow::Result<sea_orm::QueryResult> {
    db.query_one_raw(sea_orm::Statement::from_string(
        db.get_database_backend(),
        sql,
    ))
    .await?
    .ok_or_else(|| anyhow::anyhow!("no answer for the blogs' cards"))
}

/// A JSON list the database made (`NULL` when it listed nothing).
fn parse<T: serde::de::DeserializeOwned + Default>(json: Option<String>) -> anyhow::Result<T> {
    match json {
        Some(json) => Ok(serde_json::from_str(&json)?),
        None => Ok(T::default()),
    }
}

/// The query for the live ones of `count` blogs, their ids bound in order, every column:
/// each looked up by its id. Bound, not written into the text: the connections keep each
/// statement they prepare, and a text per set of ids would fill them with statements used once.
pub fn live_blogs_sql(backend: DbBackend, count: usize) -> String {
    let placeholders: Vec<String> = (1..=count).map(crate::placeholders(backend)).collect();
    format!(
        "SELECT wanted.* FROM blogs AS wanted WHERE wanted.id IN ({}) AND EXISTS ({})",
        placeholders.join(", "),
        live_blog(backend, "wanted")
    )
}

/// The live ones of these blogs (at most a thousand), bodies included.
pub async fn live_blogs(
    db: &impl ConnectionTrait,
    ids: &[i32],
) -> anyhow::Result<Vec<blog::Model>> {
    let backend = db.get_database_backend();
    Ok(blog::Entity::find()
        .from_raw_sql(sea_orm::Statement::from_sql_and_values(
            backend,
            live_blogs_sql(backend, ids.len()),
            ids.iter().map(|&id| id.into()),
        ))
        .all(db)
        .await?)
}

/// The live rows of a kind's table in `order` (by display order, then id; or by id): what the
/// site shows of it, for any kind.
pub async fn live_rows<T: Table>(
    db: &impl ConnectionTrait,
    order: Order,
) -> anyhow::Result<Vec<T::Model>> {
    Ok(live(T::ordered(order)).all(db).await?)
}

/// Every old URL of a blog, whether its blog is live or not (that is the cards' to say).
pub async fn redirects(db: &impl ConnectionTrait) -> anyhow::Result<Vec<blog_redirect::Model>> {
    Ok(blog_redirect::Entity::find().all(db).await?)
}
