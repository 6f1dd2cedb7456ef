//! The publish outbox: one job per committed public write, written in the same transaction,
//! claimed once, reported by `/publish/status`.

use std::time::Duration;

use concierge::publish::{self, Action, Resource};
use concierge::store::entities::{blog, publish_job};
use reqwest::Method;
use sea_orm::{ActiveModelTrait, EntityTrait, QueryOrder, Set, TransactionTrait};
use serde_json::json;

use crate::helpers::{blog as blog_body, read, service, spawn_app, spawn_app_with};

#[tokio::test]
async fn every_public_write_records_one_job_naming_what_changed() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let (_, body) = read(
        app.send_as(&token, Method::POST, "/blog", &blog_body("Old name", 1))
            .await,
    )
    .await;
    let id = body["responseBody"][0]["id"].as_i64().unwrap();
    app.send_as(
        &token,
        Method::PUT,
        &format!("/blog/{id}"),
        &blog_body("New name", 1),
    )
    .await;
    app.delete_as(&token, &format!("/blog/{id}")).await;
    app.send_as(
        &token,
        Method::POST,
        "/our-services",
        &service("Gifting", 1),
    )
    .await;
    app.send_as(
        &token,
        Method::POST,
        "/general-content-section",
        &json!({"name": "a", "values": "b", "display_order": 1}),
    )
    .await;
    app.send_as(
        &token,
        Method::POST,
        "/flashy-banner",
        &json!([{"banner_name": "b", "title": "t", "banner_url": "/media/b.svg"}]),
    )
    .await;
    // A refused write records nothing.
    app.send_as(&token, Method::POST, "/blog", &json!({})).await;

    let jobs = publish_job::Entity::find()
        .order_by_asc(publish_job::Column::Id)
        .all(&app.db.read)
        .await
        .unwrap();
    let jobs: Vec<_> = jobs.into_iter().filter(|j| j.resource != "site").collect();
    let summary: Vec<(&str, &str)> = jobs
        .iter()
        .map(|j| (j.resource.as_str(), j.action.as_str()))
        .collect();
    assert_eq!(
        summary,
        [
            ("blog", "upsert"),
            ("blog", "upsert"),
            ("blog", "delete"),
            ("service", "upsert"),
            ("general_content", "upsert"),
            ("banner", "upsert")
        ]
    );
    assert!(jobs.iter().take(3).all(|j| j.resource_id == id as i32));
}

#[tokio::test]
async fn a_job_is_written_in_the_same_transaction_as_its_content() {
    let app = spawn_app().await;
    let write = |name: &'static str| {
        let db = app.db.write.clone();
        async move {
            let txn = db.begin().await.unwrap();
            let now = chrono::Utc::now();
            let saved = blog::ActiveModel {
                name: Set(name.into()),
                description: Set(String::new()),
                image_url: Set("/a.png".into()),
                display_order: Set(1),
                meta_title: Set(String::new()),
                meta_description: Set(String::new()),
                key_words: Set(String::new()),
                slug: Set(name.into()),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await
            .unwrap();
            publish::enqueue(&txn, Resource::Blog, saved.id, Action::Upsert)
                .await
                .unwrap();
            txn
        }
    };
    write("rolled-back").await.rollback().await.unwrap();
    assert_eq!((app.count("blogs").await, app.content_jobs().await), (0, 0));
    write("committed").await.commit().await.unwrap();
    assert_eq!((app.count("blogs").await, app.content_jobs().await), (1, 1));
}

#[tokio::test]
async fn workers_take_turns_and_never_claim_the_same_job() {
    // These four workers alone: the server's own worker would hold the lease for its first
    // build, queued at its start, for as long as it takes.
    let app = spawn_app_with(|s| s.publish_worker = false).await;
    let txn = app.db.write.begin().await.unwrap();
    for id in 1..=300 {
        publish::enqueue(&txn, Resource::Blog, id, Action::Upsert)
            .await
            .unwrap();
    }
    txn.commit().await.unwrap();
    let claims = (0..4).map(|w| {
        let db = app.db.clone();
        tokio::spawn(async move {
            let worker = format!("test-worker-{w}");
            let mut mine = Vec::new();
            for _ in 0..400 {
                if publish::acquire_lease(&db, &worker).await.unwrap() {
                    let jobs = publish::claim(&db, &worker).await.unwrap();
                    let ids: Vec<i32> = jobs.iter().map(|j| j.id).collect();
                    let done = publish::complete(&db, &worker, &ids).await.unwrap();
                    assert_eq!(
                        done as usize,
                        ids.len(),
                        "a claimed job is held by its claimer alone"
                    );
                    mine.extend(ids);
                    publish::release_lease(&db, &worker).await.unwrap();
                }
                tokio::task::yield_now().await;
            }
            mine
        })
    });
    let mut all: Vec<i32> = Vec::new();
    for claim in claims {
        all.extend(claim.await.unwrap());
    }
    let unique: std::collections::BTreeSet<i32> = all.iter().copied().collect();
    assert_eq!(unique.len(), all.len(), "no job was claimed twice");
    assert_eq!(app.count("publish_jobs WHERE done_at IS NULL").await, 0);
}

#[tokio::test]
async fn only_one_worker_holds_the_publishing_lease_until_it_expires() {
    // No worker of the server's own: it would race "second" for a released lease.
    let app = crate::helpers::spawn_app_with(|s| s.publish_worker = false).await;
    assert!(publish::acquire_lease(&app.db, "first").await.unwrap());
    assert!(!publish::acquire_lease(&app.db, "second").await.unwrap());
    assert!(
        publish::acquire_lease(&app.db, "first").await.unwrap(),
        "the holder renews"
    );
    publish::release_lease(&app.db, "first").await.unwrap();
    assert!(publish::acquire_lease(&app.db, "second").await.unwrap());
}

#[tokio::test]
async fn the_worker_drains_the_outbox_and_the_status_says_so() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    assert_eq!(app.get("/publish/status").await.status().as_u16(), 401);
    app.send_as(&token, Method::POST, "/blog", &blog_body("Live", 1))
        .await;
    let mut status = serde_json::Value::Null;
    for _ in 0..50 {
        let (code, body) = read(app.get_as(&token, "/publish/status").await).await;
        assert_eq!(code, 200);
        status = body["responseBody"].clone();
        if status["pendingJobs"] == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(status["pendingJobs"], 0, "{status}");
    assert_eq!(status["latestJobId"], status["lastDoneJobId"]);
    assert!(status["lastBuildAt"].is_string());
    assert!(status["lastError"].is_null());
}
