//! The workers' periodic questions are answered from an index on what they ask, never by reading
//! every row: the publish queue's claim before each publish, and the scheduler's three questions
//! about every kind every 15 seconds. Without such an index each grew with the site (the claim
//! took 3 ms at 7,751 jobs, the scheduler's look 50 ms at 5,000 blogs: docs/benchmarks.md).

use chrono::Utc;
use concierge::content::kinds;
use concierge::store::content_rows::schedule_statements;
use sea_orm::{ConnectionTrait, DbBackend, Statement, TransactionTrait};

use crate::helpers::spawn_app;

/// The plan the database makes for `statement`, a line a step. On PostgreSQL sequential scans
/// are made as costly as they can be, so a plan still holding one has no index to use (on tables
/// this small, the planner would otherwise read them whole whatever indexes there are).
async fn plan(db: &concierge::store::Writer, statement: &Statement) -> Vec<String> {
    let backend = db.get_database_backend();
    let txn = db.begin().await.expect("begin");
    let explain = match backend {
        DbBackend::Postgres => {
            txn.execute_unprepared("SET LOCAL enable_seqscan = off")
                .await
                .expect("set");
            "EXPLAIN"
        }
        _ => "EXPLAIN QUERY PLAN",
    };
    let rows = txn
        .query_all_raw(Statement {
            sql: format!("{explain} {}", statement.sql),
            ..statement.clone()
        })
        .await
        .expect("explain");
    let column = match backend {
        DbBackend::Postgres => "QUERY PLAN",
        _ => "detail",
    };
    let plan = rows
        .iter()
        .map(|row| row.try_get::<String>("", column).expect("plan line"))
        .collect();
    txn.rollback().await.expect("rollback");
    plan
}

fn reads_every_row(plan: &[String]) -> bool {
    plan.iter()
        .any(|line| line.starts_with("SCAN ") || line.contains("Seq Scan"))
}

/// Whether one step of a SQLite plan searches an index by every column of `selective` (an index
/// that every row matches, such as one on `failed_at` for open jobs, reads every row as well).
/// PostgreSQL's choice between usable indexes rests on statistics these empty tables do not
/// have, so there the plan is only checked for sequential scans.
fn searches_by(plan: &[String], selective: &[&str]) -> bool {
    plan.iter().any(|line| {
        line.starts_with("SEARCH ")
            && line
                .split_once(" (")
                .is_some_and(|(_, terms)| selective.iter().all(|c| terms.contains(c)))
    })
}

#[tokio::test]
async fn the_publish_queues_claim_and_the_schedulers_questions_use_an_index() {
    let app = spawn_app().await;
    let backend = app.db.write.get_database_backend();
    let now = Utc::now();
    let mut statements = vec![(
        "publish claim".to_owned(),
        concierge::publish::claim_statement(backend, "worker", now),
        &["done_at", "failed_at"][..],
    )];
    for kind in kinds() {
        let asked: Result<_, concierge::error::ApiError> =
            concierge::with_kind!(kind, K => Ok(schedule_statements::<K>(backend, now)));
        let [live, leave, purge] = asked.expect("a kind");
        statements.push((format!("{kind}: due to go live"), live, &["status", "live"]));
        statements.push((
            format!("{kind}: due to leave"),
            leave,
            &["status", "live", "unpublish_at"],
        ));
        statements.push((format!("{kind}: deleted long ago"), purge, &["deleted_at"]));
    }

    for (what, statement, selective) in &statements {
        let plan = plan(&app.db.write, statement).await;
        assert!(!plan.is_empty(), "{what}: no plan");
        assert!(!reads_every_row(&plan), "{what} reads every row: {plan:#?}");
        if backend == DbBackend::Sqlite {
            assert!(
                searches_by(&plan, selective),
                "{what} does not search by {selective:?}: {plan:#?}"
            );
        }
    }
}
