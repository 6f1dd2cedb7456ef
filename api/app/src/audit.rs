//! The audit log as the HTTP layer adds to it and reads it: an operation refused to a role, a
//! spreadsheet taken out or brought in, and the log's pages. Every other line is written by the
//! use case that acts, in its own transaction.

use concierge_core::actor::Actor;
use concierge_core::domain::page::Paging;
use concierge_core::error::ApiError;
use concierge_core::roles::Role;
use concierge_store::Db;
use concierge_store::audit::Event;
pub use concierge_store::audit::{AuditEntry, Filter};

/// One page of the log, newest first, and the number of lines that match.
pub async fn list(
    db: &Db,
    filter: &Filter,
    page: Paging,
) -> Result<(Vec<AuditEntry>, u64), ApiError> {
    Ok(concierge_store::audit::list(&db.read, filter, page).await?)
}

/// A refused operation: who (`actor`, of `role`), which operation (`GET /api/v1/…`), and
/// which permission the role lacks.
pub async fn denied(
    db: &Db,
    actor: &Actor,
    operation: &str,
    role: Role,
    permission: Option<&str>,
) -> Result<(), ApiError> {
    Event::new("denied")
        .on("operation", operation)
        .detail(serde_json::json!({ "role": role, "permission": permission }))
        .save_as(&db.write, actor)
        .await?;
    Ok(())
}

/// A spreadsheet taken out or brought in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Transfer {
    /// The export of a resource's rows (`contact_us`).
    Export(&'static str),
    /// An import into a kind (`general-content`).
    Import(String),
}

/// Records a spreadsheet transfer that succeeded, as `actor`'s.
pub async fn transfer(db: &Db, actor: &Actor, transfer: Transfer) -> Result<(), ApiError> {
    let event = match transfer {
        Transfer::Export(resource) => Event::new("export").on(resource, "all"),
        Transfer::Import(kind) => Event::new("import").on(&kind, "all"),
    };
    event.save_as(&db.write, actor).await?;
    Ok(())
}
