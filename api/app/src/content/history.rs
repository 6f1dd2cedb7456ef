//! An item's history as administrators read it: each save ([`RevisionSummary`]) and, whole, the
//! record as it then read ([`Revision`]).

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use concierge_store::entities::content_revision;

/// One save in an item's history.
#[derive(Debug, Serialize, ToSchema)]
pub struct RevisionSummary {
    pub id: i32,
    pub created_at: DateTime<Utc>,
    /// The administrator who saved; `null` for the system (the scheduler, the seed).
    pub author: Option<String>,
    /// `created`, `saved`, `draft`, `published`, `unpublished`, `scheduled-in`,
    /// `scheduled-out`, `deleted`, `undeleted`.
    pub action: String,
    pub changed_fields: Vec<String>,
}

/// A revision whole: the summary and the record as it then read.
#[derive(Debug, Serialize, ToSchema)]
pub struct Revision {
    #[serde(flatten)]
    pub summary: RevisionSummary,
    #[schema(value_type = Object)]
    pub data: Value,
}

impl From<content_revision::Model> for Revision {
    fn from(row: content_revision::Model) -> Revision {
        Revision {
            data: serde_json::from_str(&row.data).unwrap_or(Value::Null),
            summary: row.into(),
        }
    }
}

impl From<content_revision::Model> for RevisionSummary {
    fn from(row: content_revision::Model) -> RevisionSummary {
        RevisionSummary {
            id: row.id,
            created_at: row.created_at,
            author: row.author,
            action: row.action,
            changed_fields: serde_json::from_str(&row.changed_fields).unwrap_or_default(),
        }
    }
}
