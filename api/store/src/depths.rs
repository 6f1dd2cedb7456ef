//! How deep each queue is, for `GET /metrics`: the publish jobs, the messages, the edge's
//! purges and the images waiting for their variants — how many wait, how many are being
//! retried after a failure, how many were set aside, and how long the oldest has waited. A few
//! counts at each scrape, from the tables the workers drain.

use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};

use crate::entities::{edge_purge, media_image, outbox_message, publish_job};

/// One queue's standing.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Depth {
    /// The queue's name in the metrics: `publish`, `messages`, `purges` or `media`.
    pub queue: &'static str,
    /// Waiting to be done (retries included; set aside not).
    pub pending: u64,
    /// Of those, the ones whose last attempt failed.
    pub retrying: u64,
    /// Set aside after their last attempt (purges: refused `purge_failing_after` times, still
    /// retried).
    pub failed: u64,
    /// Seconds the oldest pending one has waited.
    pub oldest_seconds: f64,
}

fn age(oldest: Option<DateTime<Utc>>, now: DateTime<Utc>) -> f64 {
    oldest.map_or(0.0, |at| {
        (now - at).num_milliseconds().max(0) as f64 / 1000.0
    })
}

/// Every queue's standing at `now`.
pub async fn depths(
    db: &impl ConnectionTrait,
    purge_failing_after: i32,
    now: DateTime<Utc>,
) -> Result<Vec<Depth>, sea_orm::DbErr> {
    let jobs = || {
        publish_job::Entity::find()
            .filter(publish_job::Column::DoneAt.is_null())
            .filter(publish_job::Column::FailedAt.is_null())
    };
    let publish = Depth {
        queue: "publish",
        pending: jobs().count(db).await?,
        retrying: jobs()
            .filter(publish_job::Column::LastError.is_not_null())
            .count(db)
            .await?,
        failed: publish_job::Entity::find()
            .filter(publish_job::Column::DoneAt.is_null())
            .filter(publish_job::Column::FailedAt.is_not_null())
            .count(db)
            .await?,
        oldest_seconds: age(
            jobs()
                .select_only()
                .column(publish_job::Column::CreatedAt)
                .order_by_asc(publish_job::Column::Id)
                .into_tuple::<DateTime<Utc>>()
                .one(db)
                .await?,
            now,
        ),
    };
    let waiting = || {
        outbox_message::Entity::find()
            .filter(outbox_message::Column::SentAt.is_null())
            .filter(outbox_message::Column::FailedAt.is_null())
    };
    let messages = Depth {
        queue: "messages",
        pending: waiting().count(db).await?,
        retrying: waiting()
            .filter(outbox_message::Column::LastError.is_not_null())
            .count(db)
            .await?,
        failed: outbox_message::Entity::find()
            .filter(outbox_message::Column::SentAt.is_null())
            .filter(outbox_message::Column::FailedAt.is_not_null())
            .count(db)
            .await?,
        oldest_seconds: age(
            waiting()
                .select_only()
                .column(outbox_message::Column::CreatedAt)
                .order_by_asc(outbox_message::Column::Id)
                .into_tuple::<DateTime<Utc>>()
                .one(db)
                .await?,
            now,
        ),
    };
    let purges = Depth {
        queue: "purges",
        pending: edge_purge::Entity::find().count(db).await?,
        retrying: edge_purge::Entity::find()
            .filter(edge_purge::Column::LastError.is_not_null())
            .count(db)
            .await?,
        failed: edge_purge::Entity::find()
            .filter(edge_purge::Column::Attempts.gte(purge_failing_after))
            .count(db)
            .await?,
        oldest_seconds: age(
            edge_purge::Entity::find()
                .select_only()
                .column(edge_purge::Column::CreatedAt)
                .order_by_asc(edge_purge::Column::Id)
                .into_tuple::<DateTime<Utc>>()
                .one(db)
                .await?,
            now,
        ),
    };
    let images = || media_image::Entity::find().filter(media_image::Column::Status.eq("pending"));
    let media = Depth {
        queue: "media",
        pending: images().count(db).await?,
        retrying: images()
            .filter(media_image::Column::LastError.is_not_null())
            .count(db)
            .await?,
        failed: media_image::Entity::find()
            .filter(media_image::Column::Status.eq("failed"))
            .count(db)
            .await?,
        oldest_seconds: age(
            images()
                .select_only()
                .column(media_image::Column::CreatedAt)
                .order_by_asc(media_image::Column::CreatedAt)
                .into_tuple::<DateTime<Utc>>()
                .one(db)
                .await?,
            now,
        ),
    };
    Ok(vec![publish, messages, purges, media])
}
