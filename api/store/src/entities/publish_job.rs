use sea_orm::entity::prelude::*;

/// The publish outbox: one row per committed write to public content.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "publish_jobs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// `service`, `service_item`, `blog`, `review`, `banner`, `general_content`, or `site`.
    pub resource: String,
    pub resource_id: i32,
    /// `upsert` or `delete`.
    pub action: String,
    /// No longer written: the publisher reads what the site holds from its manifest.
    #[sea_orm(column_type = "Text", nullable)]
    pub detail: Option<String>,
    pub created_at: DateTimeUtc,
    pub claimed_at: Option<DateTimeUtc>,
    pub claimed_by: Option<String>,
    pub attempts: i32,
    pub done_at: Option<DateTimeUtc>,
    #[sea_orm(column_type = "Text", nullable)]
    pub last_error: Option<String>,
    /// Not claimed before this time (backoff after a failure).
    pub next_attempt_at: Option<DateTimeUtc>,
    /// Set aside after its last attempt failed; an administrator's retry clears it.
    pub failed_at: Option<DateTimeUtc>,
    /// The id of the request that queued it (`X-Request-Id`), logged by the worker that runs it.
    pub request_id: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
