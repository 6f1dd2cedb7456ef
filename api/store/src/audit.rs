//! The audit log: who did what, when and from where. Rows are only inserted (the database
//! refuses the rest); a write records its line in the write's own transaction, so the log and
//! the data never disagree.
//!
//! Who is acting comes from the request: [`scoped`] runs an administrator's request with its
//! [`Actor`], and whatever the request saves reads it with [`Actor::current`]. Outside a
//! request (the CLI, the seed, the publish worker) the actor is the system.

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::entities::{admin_user, audit_event};
pub use concierge_core::actor::{Actor, scoped};
use concierge_core::domain::page::Paging;

/// A line of the log about to be written.
#[derive(Debug, Clone)]
pub struct Event {
    action: &'static str,
    resource: Option<String>,
    resource_id: Option<String>,
    detail: Option<Value>,
}

impl Event {
    pub fn new(action: &'static str) -> Event {
        Event {
            action,
            resource: None,
            resource_id: None,
            detail: None,
        }
    }

    pub fn on(mut self, resource: &str, id: impl ToString) -> Event {
        self.resource = Some(resource.to_owned());
        self.resource_id = Some(id.to_string());
        self
    }

    pub fn detail(mut self, detail: Value) -> Event {
        self.detail = Some(detail);
        self
    }

    /// Writes the line as the current request's actor.
    pub async fn save(self, db: &impl ConnectionTrait) -> Result<(), sea_orm::DbErr> {
        self.save_as(db, &Actor::current()).await
    }

    pub async fn save_as(
        self,
        db: &impl ConnectionTrait,
        actor: &Actor,
    ) -> Result<(), sea_orm::DbErr> {
        audit_event::ActiveModel {
            at: Set(Utc::now()),
            actor: Set(actor.username.clone()),
            actor_id: Set(actor.id),
            address: Set(actor.address.clone()),
            action: Set(self.action.to_owned()),
            resource: Set(self.resource),
            resource_id: Set(self.resource_id),
            detail: Set(self.detail.map(|d| d.to_string())),
            ..Default::default()
        }
        .insert(db)
        .await?;
        Ok(())
    }
}

/// Whether a throttled `action` was already recorded from the actor's address in the last
/// `minutes` (a refused attempt is worth one line per window, not one per request).
pub async fn recently(
    db: &impl ConnectionTrait,
    action: &str,
    actor: &Actor,
    minutes: i64,
) -> Result<bool, sea_orm::DbErr> {
    let since = Utc::now() - chrono::Duration::minutes(minutes);
    let found = audit_event::Entity::find()
        .filter(audit_event::Column::Action.eq(action))
        .filter(audit_event::Column::Address.eq(actor.address.clone()))
        .filter(audit_event::Column::At.gte(since))
        .filter(audit_event::Column::Detail.contains("\"throttled\""))
        .count(db)
        .await?;
    Ok(found > 0)
}

/// The newest `limit` lines about `resource` `id`, newest first (what changed a record since a
/// version: its lines carry the version each write made).
pub async fn lines_about(
    db: &impl ConnectionTrait,
    resource: &str,
    id: &str,
    limit: u64,
) -> Result<Vec<audit_event::Model>, sea_orm::DbErr> {
    audit_event::Entity::find()
        .filter(audit_event::Column::Resource.eq(resource))
        .filter(audit_event::Column::ResourceId.eq(id))
        .order_by_desc(audit_event::Column::Id)
        .limit(limit)
        .all(db)
        .await
}

/// What the log shows for a line.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditEntry {
    pub id: i32,
    pub at: DateTime<Utc>,
    pub actor: Option<String>,
    pub address: Option<String>,
    pub action: String,
    pub resource: Option<String>,
    pub resource_id: Option<String>,
    /// What the line is about, by name where it has one: an administrator's user name as it is
    /// now (as the line recorded it, for one since deleted), a content item's title as the line
    /// recorded it (`detail.title`), a refused operation's route, a file's name.
    pub name: Option<String>,
    /// What the action changed, or why it failed.
    #[schema(value_type = Option<Object>)]
    pub detail: Option<Value>,
}

/// Which lines to list.
#[derive(Debug, Default, Clone)]
pub struct Filter {
    /// The actor's user name, exactly.
    pub actor: Option<String>,
    /// An action (`sign_in.failure`) or a family of them (`sign_in`).
    pub action: Option<String>,
    pub from: Option<DateTime<Utc>>,
    /// Exclusive.
    pub to: Option<DateTime<Utc>>,
}

/// One page of the log, newest first, and the number of lines that match.
pub async fn list(
    db: &impl ConnectionTrait,
    filter: &Filter,
    page: Paging,
) -> Result<(Vec<AuditEntry>, u64), sea_orm::DbErr> {
    let mut query = audit_event::Entity::find();
    if let Some(actor) = &filter.actor {
        query = query.filter(audit_event::Column::Actor.eq(actor.as_str()));
    }
    if let Some(action) = &filter.action {
        query = query.filter(
            sea_orm::Condition::any()
                .add(audit_event::Column::Action.eq(action.as_str()))
                .add(audit_event::Column::Action.starts_with(format!("{action}."))),
        );
    }
    if let Some(from) = filter.from {
        query = query.filter(audit_event::Column::At.gte(from));
    }
    if let Some(to) = filter.to {
        query = query.filter(audit_event::Column::At.lt(to));
    }
    let total = query.clone().count(db).await?;
    let rows = query
        .order_by_desc(audit_event::Column::Id)
        .offset(page.offset())
        .limit(page.size)
        .all(db)
        .await?;
    // The administrators the page names, by their user names now (one query a page).
    let admin_ids: Vec<i32> = rows
        .iter()
        .filter(|row| row.resource.as_deref() == Some(ADMIN_USER))
        .filter_map(|row| row.resource_id.as_deref()?.parse().ok())
        .collect();
    let admins: std::collections::HashMap<String, String> = match admin_ids.is_empty() {
        true => Default::default(),
        false => admin_user::Entity::find()
            .filter(admin_user::Column::Id.is_in(admin_ids))
            .all(db)
            .await?
            .into_iter()
            .map(|admin| (admin.id.to_string(), admin.username))
            .collect(),
    };
    let entries = rows
        .into_iter()
        .map(|row| {
            let detail: Option<Value> = row.detail.and_then(|d| serde_json::from_str(&d).ok());
            let recorded = |key: &str| {
                detail
                    .as_ref()
                    .and_then(|d| d.get(key))
                    .and_then(Value::as_str)
                    .map(str::trim)
                    .filter(|text| !text.is_empty())
                    .map(str::to_owned)
            };
            let name = match row.resource.as_deref() {
                // As they are called now; one deleted since, as the line recorded them.
                Some(ADMIN_USER) => row
                    .resource_id
                    .as_ref()
                    .and_then(|id| admins.get(id))
                    .cloned()
                    .or_else(|| recorded("username")),
                // A refused operation by its route, a file of the library by its name.
                Some("operation" | "media") => row.resource_id.clone(),
                _ => recorded("title"),
            };
            AuditEntry {
                id: row.id,
                at: row.at,
                actor: row.actor,
                address: row.address,
                action: row.action,
                resource: row.resource,
                resource_id: row.resource_id,
                name,
                detail,
            }
        })
        .collect();
    Ok((entries, total))
}

/// The resource of the lines about an administrator's account.
pub const ADMIN_USER: &str = "admin_user";

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_actor_is_the_requests_inside_its_scope_and_the_system_outside() {
        assert_eq!(Actor::current(), Actor::default());
        let layla = Actor {
            id: Some(3),
            username: Some("layla".into()),
            address: Some("10.0.0.1".into()),
        };
        let seen = scoped(layla.clone(), async { Actor::current() }).await;
        assert_eq!(seen, layla);
    }
}
