//! The content core: the kinds of public content (services, service list items, blogs,
//! client reviews, banners, general content, destinations), each declared once as a [`Kind`] — its table, its
//! form and the specification's messages, its orders, and the one step that is its own (a
//! blog's old URLs, a service's 409, a list item's parent). Every save goes through
//! [`items`], whether it comes from HTTP, the seed or a spreadsheet, so each
//! write is validated the same way and commits together with its publish job.

mod banners;
mod blogs;
mod destinations;
pub mod edits;
mod general_content;
pub mod history;
pub mod html;
pub mod items;
pub mod lifecycle;
pub mod presence;
pub mod review_queue;
mod reviews;
pub mod schedule;
mod service_lists;
mod services;
pub mod translations;

use chrono::{DateTime, Utc};
use sea_orm::DatabaseTransaction;
use std::future::Future;

pub use concierge_store::content_rows::{Audience, ListFilter, Order, Standing, Table, column};

pub use banners::{BannerInput, Banners};
pub use blogs::{BlogInput, Blogs, EXCERPT};
pub use destinations::{DestinationInput, Destinations};
pub use general_content::{GeneralContent, GeneralContentInput};
pub use reviews::{ReviewInput, Reviews};
pub use service_lists::{ServiceItemInput, ServiceItems};
pub use services::{ServiceInput, Services};

use concierge_core::domain::rules::FormRules;
use concierge_core::error::ApiError;
use concierge_core::kinds::Declaration;

/// One kind of public content: a [`Table`] with its form, its rules and its own steps.
pub trait Kind: Table {
    /// What the admin form (or a spreadsheet row, or the seed) sends.
    type Input: serde::de::DeserializeOwned + utoipa::ToSchema + Send;

    /// The kind as the content model declares it ([`concierge_core::kinds`]).
    const DECLARATION: &'static Declaration;
    /// The kind's name in the lifecycle's paths (`/api/v1/content/{kind}/…`).
    const PATH: &'static str = Self::DECLARATION.kind;

    /// The kind's form and messages in the table of rules (`rules/forms.json`).
    fn rules() -> &'static FormRules {
        Self::DECLARATION.rules()
    }

    /// Runs the form's rules in the specification's order (the first failing rule's message
    /// is the answer) and fills `row`, `updated_at` (the save's `now`) included.
    fn apply(
        input: Self::Input,
        txn: &DatabaseTransaction,
        row: &mut Self::Active,
        now: DateTime<Utc>,
    ) -> impl Future<Output = Result<(), ApiError>> + Send;

    /// What else a save changes, in the same transaction (`before` is `None` on create), at
    /// the save's `now`.
    fn after_save(
        _txn: &DatabaseTransaction,
        _before: Option<&Self::Model>,
        _saved: &Self::Model,
        _now: DateTime<Utc>,
    ) -> impl Future<Output = Result<(), ApiError>> + Send {
        async { Ok(()) }
    }

    /// Refuses a delete that would break a reference (409), in the same transaction.
    fn before_delete(
        _txn: &DatabaseTransaction,
        _row: &Self::Model,
    ) -> impl Future<Output = Result<(), ApiError>> + Send {
        async { Ok(()) }
    }
}

/// Runs `$body` with `$k` standing for the kind named `$path` in the lifecycle's paths
/// (`service`, `service-list`, `blog`, `client-review`, `banner`, `general-content`,
/// `destination`); an
/// unknown name is 404 with the list of known ones.
#[macro_export]
macro_rules! with_kind {
    ($path:expr, $k:ident => $body:expr) => {
        match $path {
            "service" => {
                type $k = $crate::content::Services;
                $body
            }
            "service-list" => {
                type $k = $crate::content::ServiceItems;
                $body
            }
            "blog" => {
                type $k = $crate::content::Blogs;
                $body
            }
            "client-review" => {
                type $k = $crate::content::Reviews;
                $body
            }
            "banner" => {
                type $k = $crate::content::Banners;
                $body
            }
            "general-content" => {
                type $k = $crate::content::GeneralContent;
                $body
            }
            "destination" => {
                type $k = $crate::content::Destinations;
                $body
            }
            _ => Err($crate::__private::error::ApiError::NotFound(
                $crate::__private::domain::rules::catalog()
                    .messages
                    .content_kind
                    .clone(),
            )
            .into()),
        }
    };
}

/// The kinds' path names, in the order the scheduler visits them (list items before their
/// services, so a purge never leaves an item without its parent): the content model's order.
pub fn kinds() -> impl Iterator<Item = &'static str> {
    concierge_core::kinds::KINDS.iter().map(|k| k.kind)
}
/// What is done for each kind, as its type: registering its routes, describing them.
pub trait EachKind {
    /// Does it for the kind `K`.
    fn kind<K: Kind>(&mut self);
}

/// Runs `visitor` for every declared kind, in the content model's order.
pub fn each_kind(visitor: &mut impl EachKind) {
    for name in kinds() {
        let visited: Result<(), ApiError> = crate::with_kind!(name, K => {
            visitor.kind::<K>();
            Ok(())
        });
        visited.expect("every declared kind has its Kind (a test holds them together)");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_declared_kind_has_its_kind_and_each_kind_its_declaration() {
        for name in kinds() {
            let path: Result<&str, ApiError> = crate::with_kind!(name, K => Ok(K::PATH));
            assert_eq!(path.expect("a declared kind has its Kind"), name);
        }
        let unknown: Result<&str, ApiError> = crate::with_kind!("nothing", K => Ok(K::PATH));
        assert!(unknown.is_err());
    }
}
