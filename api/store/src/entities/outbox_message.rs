use sea_orm::entity::prelude::*;

/// A notification waiting to be sent, sent, or set aside (see `notify`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "outbox_messages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// `staff_email`, `visitor_email` or `webhook`.
    pub kind: String,
    pub enquiry_id: i32,
    /// What `enquiry_id` names: `contact` (a contact enquiry) or `airport_request`.
    pub enquiry_kind: String,
    /// The message's idempotency key (`Message-ID`, `X-Concierge-Delivery`).
    pub key: String,
    /// The message as it is sent, JSON.
    #[sea_orm(column_type = "Text")]
    pub payload: String,
    pub attempts: i32,
    pub created_at: DateTimeUtc,
    pub next_attempt_at: Option<DateTimeUtc>,
    pub claimed_until: Option<DateTimeUtc>,
    pub claimed_by: Option<String>,
    pub sent_at: Option<DateTimeUtc>,
    pub failed_at: Option<DateTimeUtc>,
    #[sea_orm(column_type = "Text", nullable)]
    pub last_error: Option<String>,
    /// The id of the request that queued it (`X-Request-Id`), logged by the worker that runs it.
    pub request_id: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
