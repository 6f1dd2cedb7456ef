//! What the media store knows of each uploaded image (`media_images`), and the worker that makes
//! photographs' variants. An upload records its image in the same request that stores it
//! ([`record`]); a photograph waits as `pending` until a worker claims it (a claim expires, so a
//! crash loses nothing, and two instances never make the same variants), makes its variants off
//! the request path, stores them beside the original, and then, in one transaction, records them
//! and queues a publish: the pages that show the image are rendered again with its `<picture>`.
//! A photograph that cannot be processed is `failed` (the pages keep the original); a failure of
//! the store is retried with backoff.
//!
//! Images uploaded before this existed are found by [`discover`] (at start, and by
//! `concierge media variants`): their originals are stripped of metadata in place and queued.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use futures_util::FutureExt;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set, TransactionTrait};
use ssg::model::ImageInfo;
use tokio::sync::Notify;

use concierge_core::config::RetryPolicy;
use concierge_core::kinds::FieldType;
use concierge_media::photo::{self, Refusal};
use concierge_media::{Kind, parse_name, svg};
use concierge_store::Db;
use concierge_store::blobs::BlobStore;
use concierge_store::entities::media_image;
use concierge_store::media_usage;
use concierge_store::outbox::publish_jobs::{self as publish, Action, Resource};

/// Where an image stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// A photograph whose variants are still to be made.
    Pending,
    /// Its variants are made.
    Ready,
    /// It could not be processed: the pages use the original.
    Failed,
    /// Not a photograph (artwork, video, an animated image, AVIF): used as uploaded.
    Original,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Ready => "ready",
            Status::Failed => "failed",
            Status::Original => "original",
        }
    }
}

/// How long a claimed photograph is left to its worker: far longer than the largest takes.
const CLAIM_SECONDS: i64 = 300;

/// Who uploaded a file, under which name.
#[derive(Debug, Clone, Default)]
pub struct Uploaded {
    pub original_name: Option<String>,
    pub uploaded_by: Option<String>,
}

/// Records an uploaded file; a file already recorded (the same bytes uploaded again) is left as
/// it is, so its variants are made once (it only learns a name it did not have).
pub async fn record(
    db: &impl ConnectionTrait,
    name: &str,
    status: Status,
    size: Option<(u32, u32)>,
    bytes: u64,
    uploaded: Uploaded,
) -> Result<(), sea_orm::DbErr> {
    let now = Utc::now();
    let row = media_image::ActiveModel {
        name: Set(name.to_owned()),
        status: Set(status.as_str().to_owned()),
        width: Set(size.map(|(w, _)| w as i32)),
        height: Set(size.map(|(_, h)| h as i32)),
        bytes: Set(bytes as i64),
        info: Set(None),
        attempts: Set(0),
        created_at: Set(now),
        updated_at: Set(now),
        next_attempt_at: Set((status == Status::Pending).then_some(now)),
        claimed_until: Set(None),
        claimed_by: Set(None),
        last_error: Set(None),
        original_name: Set(uploaded.original_name.clone()),
        uploaded_by: Set(uploaded.uploaded_by),
        alt: Set(None),
        alt_ar: Set(None),
        focal_x: Set(None),
        focal_y: Set(None),
        deleted_at: Set(None),
        version: Set(1),
    };
    media_image::Entity::insert(row)
        .on_conflict(
            OnConflict::column(media_image::Column::Name)
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    if let Some(original) = uploaded.original_name {
        media_image::Entity::update_many()
            .col_expr(media_image::Column::OriginalName, Expr::value(original))
            .filter(media_image::Column::Name.eq(name))
            .filter(media_image::Column::OriginalName.is_null())
            .exec(db)
            .await?;
    }
    Ok(())
}

/// The row of `name`, if it was recorded.
pub async fn find(db: &Db, name: &str) -> Result<Option<media_image::Model>, sea_orm::DbErr> {
    media_image::Entity::find_by_id(name.to_owned())
        .one(&db.read)
        .await
}

/// Whether a failed photograph's recorded reason is a damaged file (rather than processing
/// that stopped part way, or a store that kept failing).
pub fn failed_as_damaged(last_error: &str) -> bool {
    last_error.starts_with(photo::DAMAGED)
}

/// Claims the oldest due photograph for `worker`.
async fn claim(db: &Db, worker: &str) -> Result<Option<media_image::Model>, sea_orm::DbErr> {
    let now = Utc::now();
    let until = now + chrono::Duration::seconds(CLAIM_SECONDS);
    let stmt = concierge_store::queue::Queue {
        table: "media_images",
        key: "name",
        waiting: "status = 'pending'",
        order: "created_at, name",
    }
    .claim(db.backend(), worker, now, until, 1);
    Ok(media_image::Entity::find()
        .from_raw_sql(stmt)
        .all(&db.write)
        .await?
        .into_iter()
        .next())
}

/// What became of one photograph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Ready {
        variants: usize,
    },
    Failed(String),
    /// A passing fault (the store): tried again later.
    Retry(String),
}

/// Makes a photograph's variants from its stored name and bytes: [`photo::render`] in the
/// server; a test may pass one that fails in its own way.
pub type Render = fn(&str, &[u8], Kind) -> Result<photo::Rendered, Refusal>;

/// Makes the variants of the claimed photograph `row` (held by `worker`) and records the
/// outcome, queuing a publish of the pages that show it. A photograph claimed more often than
/// the policy's attempts without an outcome (each time, the process died on it) is failed
/// without another try; a panic while making it fails it too, and the worker goes on.
async fn process(
    db: &Db,
    media: &BlobStore,
    worker: &str,
    row: &media_image::Model,
    policy: RetryPolicy,
    render: Render,
) -> Outcome {
    let made = if row.attempts > policy.max_attempts {
        Err(Made::Refused(Refusal::Crashed(format!(
            "claimed {} times without finishing",
            row.attempts
        ))))
    } else {
        AssertUnwindSafe(make(media, &row.name, render))
            .catch_unwind()
            .await
            .unwrap_or_else(|panic| {
                Err(Made::Refused(Refusal::Crashed(photo::panic_message(
                    panic.as_ref(),
                ))))
            })
    };
    match made {
        // Each outcome is kept until the database takes it: the claim would otherwise hold the
        // photograph for CLAIM_SECONDS, and its variants would be made again.
        Ok((info, stored)) => {
            concierge_store::until_kept("an image's variants", || {
                finish(db, worker, row, Status::Ready, Some(&info), None)
            })
            .await;
            Outcome::Ready { variants: stored }
        }
        Err(Made::Refused(refusal)) => {
            let info = row.width.zip(row.height).map(|(w, h)| ImageInfo {
                width: w as u32,
                height: h as u32,
                ..Default::default()
            });
            let error = refusal.to_string();
            concierge_store::until_kept("an image that failed", || {
                finish(db, worker, row, Status::Failed, info.as_ref(), Some(&error))
            })
            .await;
            Outcome::Failed(error)
        }
        Err(Made::Store(e)) => {
            let error = format!("{e:#}");
            let transient = concierge_store::transient(&e);
            concierge_store::until_kept("an image to retry", || {
                retry(db, worker, row, &error, policy, transient)
            })
            .await;
            Outcome::Retry(error)
        }
    }
}

enum Made {
    Refused(Refusal),
    Store(anyhow::Error),
}

/// Reads the original, renders its variants (one at a time in this process) and stores those not
/// stored yet: their names come from the original's, so a retry finds what it already wrote.
async fn make(media: &BlobStore, name: &str, render: Render) -> Result<(ImageInfo, usize), Made> {
    let kind = parse_name(name)
        .filter(|k| k.is_photo())
        .ok_or_else(|| Made::Refused(Refusal::Damaged(format!("{name} is not a photograph"))))?;
    let bytes = media
        .read(name)
        .await
        .map_err(Made::Store)?
        .ok_or_else(|| Made::Store(anyhow::anyhow!("{name} is missing from the media store")))?;
    let rendered = {
        let name = name.to_owned();
        photo::on_image_thread(move || render(&name, &bytes, kind))
            .await
            .map_err(|crashed| Made::Refused(crashed.into()))?
            .map_err(Made::Refused)?
    };
    let mut stored = 0;
    for (file, bytes) in rendered.files {
        if media.head(&file).await.map_err(Made::Store)?.is_none() {
            media.put(&file, bytes.into()).await.map_err(Made::Store)?;
            stored += 1;
        }
    }
    Ok((rendered.info, stored))
}

/// Records the outcome and queues the publish that shows it, in one transaction, if `worker`
/// still holds the claim.
async fn finish(
    db: &Db,
    worker: &str,
    row: &media_image::Model,
    status: Status,
    info: Option<&ImageInfo>,
    error: Option<&str>,
) -> anyhow::Result<()> {
    let txn = db.write.begin().await?;
    let mut update = media_image::Entity::update_many()
        .col_expr(media_image::Column::Status, Expr::value(status.as_str()))
        .col_expr(
            media_image::Column::Info,
            Expr::value(info.map(|i| serde_json::to_string(i).expect("image info serialises"))),
        )
        .col_expr(
            media_image::Column::LastError,
            Expr::value(error.map(str::to_owned)),
        )
        .col_expr(media_image::Column::UpdatedAt, Expr::value(Utc::now()))
        .col_expr(
            media_image::Column::ClaimedUntil,
            Expr::value(Option::<DateTime<Utc>>::None),
        )
        .col_expr(
            media_image::Column::NextAttemptAt,
            Expr::value(Option::<DateTime<Utc>>::None),
        );
    if let Some(info) = info {
        update = update
            .col_expr(media_image::Column::Width, Expr::value(info.width as i32))
            .col_expr(media_image::Column::Height, Expr::value(info.height as i32));
    }
    let done = update
        .filter(media_image::Column::Name.eq(&row.name))
        .filter(media_image::Column::ClaimedBy.eq(worker))
        .filter(media_image::Column::Status.eq(Status::Pending.as_str()))
        .exec(&txn)
        .await?;
    if done.rows_affected == 1 {
        publish::enqueue(&txn, Resource::Media, 0, Action::Upsert)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    txn.commit().await?;
    Ok(())
}

/// Releases a photograph whose store failed, to be tried again after its backoff; failed once
/// it has had the policy's attempts. A `transient` failure (the disk failed, not the
/// photograph: [`concierge_store::transient`]) does not count as an attempt, so a photograph
/// is never given up on because the disk was away.
async fn retry(
    db: &Db,
    worker: &str,
    row: &media_image::Model,
    error: &str,
    policy: RetryPolicy,
    transient: bool,
) -> anyhow::Result<()> {
    if row.attempts >= policy.max_attempts && !transient {
        return finish(db, worker, row, Status::Failed, None, Some(error)).await;
    }
    let mut delay = policy.delay(row.attempts);
    if transient {
        delay = delay.min(concierge_store::outbox::publish_jobs::TRANSIENT_RETRY);
    }
    let delay = chrono::Duration::from_std(delay).unwrap_or(chrono::Duration::minutes(10));
    // The claim counted an attempt; a transient failure gives it back.
    let uncounted = if transient { 1 } else { 0 };
    media_image::Entity::update_many()
        .col_expr(
            media_image::Column::NextAttemptAt,
            Expr::value(Utc::now() + delay),
        )
        .col_expr(
            media_image::Column::Attempts,
            sea_orm::sea_query::ExprTrait::sub(Expr::col(media_image::Column::Attempts), uncounted),
        )
        .col_expr(
            media_image::Column::ClaimedUntil,
            Expr::value(Option::<DateTime<Utc>>::None),
        )
        .col_expr(
            media_image::Column::LastError,
            Expr::value(error.to_owned()),
        )
        .filter(media_image::Column::Name.eq(&row.name))
        .filter(media_image::Column::ClaimedBy.eq(worker))
        .exec(&db.write)
        .await?;
    Ok(())
}

/// Processes due photographs until none is left; what became of each, by name.
pub async fn drain(
    db: &Db,
    media: &BlobStore,
    worker: &str,
    policy: RetryPolicy,
) -> anyhow::Result<Vec<(String, Outcome)>> {
    drain_with(db, media, worker, policy, photo::render).await
}

/// [`drain`], making the variants with `render`.
pub async fn drain_with(
    db: &Db,
    media: &BlobStore,
    worker: &str,
    policy: RetryPolicy,
    render: Render,
) -> anyhow::Result<Vec<(String, Outcome)>> {
    let mut done = Vec::new();
    while let Some(row) = claim(db, worker).await? {
        let outcome = process(db, media, worker, &row, policy, render).await;
        done.push((row.name.clone(), outcome));
    }
    Ok(done)
}

/// Makes variants until the process stops: woken after each upload, and every few seconds for
/// retries and for photographs another instance or a crash left behind. `published` is told
/// after each one, so the publisher shows it at once; `on_drained` runs (on a blocking thread)
/// when the queue is empty after some work.
pub async fn run_worker(
    db: Db,
    media: BlobStore,
    wakeup: Arc<Notify>,
    published: Arc<Notify>,
    worker: String,
    policy: RetryPolicy,
    on_drained: fn(),
) {
    match discover(&db, &media).await {
        Ok(0) => {}
        Ok(n) => tracing::info!(
            images = n,
            "images uploaded before variants existed are queued"
        ),
        Err(e) => {
            tracing::warn!(error = %format!("{e:#}"), "failed to look for images without variants")
        }
    }
    let tick = policy.first_delay.min(Duration::from_secs(2));
    let mut worked = false;
    loop {
        match claim(&db, &worker).await {
            Ok(Some(row)) => {
                worked = true;
                match process(&db, &media, &worker, &row, policy, photo::render).await {
                    Outcome::Ready { variants } => {
                        tracing::info!(image = %row.name, variants, "image variants made");
                        published.notify_one();
                    }
                    Outcome::Failed(error) => {
                        tracing::warn!(image = %row.name, %error, "image could not be processed");
                        published.notify_one();
                    }
                    Outcome::Retry(error) => {
                        tracing::warn!(image = %row.name, %error, "image variants not made; will retry");
                    }
                }
                continue;
            }
            Ok(None) => {
                if std::mem::take(&mut worked) {
                    // The photographs' pixels, decoded and resized by C code, are free now.
                    let _ = tokio::task::spawn_blocking(on_drained).await;
                }
            }
            Err(e) => tracing::warn!(error = %e, "failed to claim an image"),
        }
        let _ = tokio::time::timeout(tick, wakeup.notified()).await;
    }
}

/// Finds the images that content shows but that were never recorded (uploaded before variants
/// existed): strips a photograph's metadata in place (its URL must not change) and queues it;
/// records artwork with its size. Returns how many it recorded.
pub async fn discover(db: &Db, media: &BlobStore) -> anyhow::Result<usize> {
    // Every declared kind's image fields, by column only: a blog's row holds its text, and a
    // site of 50,000 blogs was read whole at every start.
    let mut urls: Vec<String> = Vec::new();
    for kind in concierge_core::kinds::KINDS {
        for field in kind.fields.iter().filter(|f| f.ty == FieldType::Image) {
            urls.extend(media_usage::field_values(&db.read, kind, field).await?);
        }
    }
    let known: std::collections::HashSet<String> = media_image::Entity::find()
        .all(&db.read)
        .await?
        .into_iter()
        .map(|r| r.name)
        .collect();
    let mut names: Vec<String> = urls
        .iter()
        .filter_map(|u| u.strip_prefix("/media/"))
        .filter(|n| parse_name(n).is_some() && !n.contains('-') && !known.contains(*n))
        .map(str::to_owned)
        .collect();
    names.sort();
    names.dedup();
    let mut recorded = 0;
    for name in names {
        let Some(bytes) = media.read(&name).await? else {
            continue;
        };
        let kind = parse_name(&name).expect("filtered above");
        let (status, size, stored) = {
            let bytes = bytes.clone();
            photo::on_image_thread(move || examine(&bytes, kind))
                .await
                .unwrap_or((Status::Failed, None, None))
        };
        let len = match stored {
            Some(clean) if clean != bytes.as_ref() => {
                let len = clean.len() as u64;
                media.put(&name, clean.into()).await?;
                len
            }
            _ => bytes.len() as u64,
        };
        record(&db.write, &name, status, size, len, Uploaded::default()).await?;
        recorded += 1;
    }
    Ok(recorded)
}

/// How an uploaded file is recorded: its status, its size as shown, and (for a photograph) the
/// bytes to store, stripped of metadata. A photograph that cannot be read is `failed`.
pub fn examine(bytes: &[u8], kind: Kind) -> (Status, Option<(u32, u32)>, Option<Vec<u8>>) {
    match kind {
        k if k.is_photo() => match photo::inspect(bytes, k) {
            Ok(header) => {
                let clean = photo::clean(bytes, k, &header).ok();
                let status = if header.animated {
                    Status::Original
                } else {
                    Status::Pending
                };
                (status, Some((header.width, header.height)), clean)
            }
            Err(_) => (Status::Failed, None, None),
        },
        Kind::Svg => (Status::Original, svg::size(bytes), None),
        Kind::Avif => (
            Status::Original,
            concierge_media::strip::avif(bytes)
                .ok()
                .and_then(|f| f.size),
            None,
        ),
        _ => (Status::Original, None, None),
    }
}
