//! The content core: the six kinds of public content (services, service list items, blogs,
//! client reviews, banners, general content), each declared once as a [`Kind`] — its table, its
//! form and the specification's messages, its orders, and the one step that is its own (a
//! blog's old URLs, a service's 409, a list item's parent). Every save goes through
//! [`crate::store::content`], whether it comes from HTTP, the seed or a spreadsheet, so each
//! write is validated the same way and commits together with its publish job.

mod banners;
mod blogs;
mod general_content;
pub mod html;
pub mod lifecycle;
mod reviews;
pub mod schedule;
mod service_lists;
mod services;

use std::future::Future;
use std::str::FromStr;

use chrono::Utc;
use sea_orm::{
    ActiveModelBehavior, ActiveModelTrait, ColumnTrait, DatabaseTransaction, EntityTrait,
    FromQueryResult, IntoActiveModel, ModelTrait, PrimaryKeyTrait, QueryOrder, Select,
};
use serde::Serialize;
use utoipa::ToSchema;

pub use banners::{BannerInput, Banners};
pub use blogs::{BlogInput, Blogs, EXCERPT};
pub use general_content::{GeneralContent, GeneralContentInput};
pub use reviews::{ReviewInput, Reviews};
pub use service_lists::{ServiceItemInput, ServiceItems};
pub use services::{ServiceInput, Services};

use crate::domain::rules::FormRules;
use crate::error::ApiError;
use crate::store::outbox::publish_jobs::Resource;

/// How a list is sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// By `display_order`, then id: what the site shows.
    Display,
    /// By id, oldest first.
    Id,
    /// By id, newest first.
    Newest,
}

/// One kind of public content.
pub trait Kind: 'static {
    type Entity: EntityTrait<
            Model = Self::Model,
            ActiveModel = Self::Active,
            PrimaryKey = Self::Key,
            Column = Self::Column,
        >;
    type Key: PrimaryKeyTrait<ValueType = i32>;
    /// Every content table has `id`, `created_at` and `updated_at` (and most `display_order`).
    type Column: ColumnTrait + FromStr;
    type Model: ModelTrait<Entity = Self::Entity>
        + IntoActiveModel<Self::Active>
        + FromQueryResult
        + Serialize
        + ToSchema
        + Clone
        + Send
        + Sync;
    type Active: ActiveModelTrait<Entity = Self::Entity>
        + ActiveModelBehavior
        + From<Self::Model>
        + sea_orm::TryIntoModel<Self::Model>
        + Send
        + Sync;
    /// What the admin form (or a spreadsheet row, or the seed) sends.
    type Input: serde::de::DeserializeOwned + Send;

    const RESOURCE: Resource;
    /// The kind's name in the lifecycle's paths (`/api/v1/content/{kind}/…`).
    const PATH: &'static str;
    /// The kind's form and messages in the table of rules (`rules/forms.json`).
    fn rules() -> &'static FormRules;

    fn id(row: &Self::Model) -> i32 {
        row.get(column::<Self>("id")).unwrap()
    }

    /// A new row, with its creation time.
    fn new_row() -> Self::Active {
        let mut row = Self::Active::default();
        row.set(column::<Self>("created_at"), Utc::now().into());
        row
    }

    /// The table in `order` (`display_order`, then id, for [`Order::Display`]).
    fn ordered(order: Order) -> Select<Self::Entity> {
        let id = column::<Self>("id");
        let all = Self::Entity::find();
        match order {
            Order::Display => all
                .order_by_asc(column::<Self>("display_order"))
                .order_by_asc(id),
            Order::Id => all.order_by_asc(id),
            Order::Newest => all.order_by_desc(id),
        }
    }

    /// Runs the form's rules in the specification's order (the first failing rule's message
    /// is the answer) and fills `row`, `updated_at` included.
    fn apply(
        input: Self::Input,
        txn: &DatabaseTransaction,
        row: &mut Self::Active,
    ) -> impl Future<Output = Result<(), ApiError>> + Send;

    /// A row as an anonymous list shows it (a bound on what one request can ask for).
    fn in_public_list(row: Self::Model) -> Self::Model {
        row
    }

    /// What else a save changes, in the same transaction (`before` is `None` on create).
    fn after_save(
        _txn: &DatabaseTransaction,
        _before: Option<&Self::Model>,
        _saved: &Self::Model,
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

/// A column every content table has, by name.
pub(crate) fn column<K: Kind + ?Sized>(name: &str) -> K::Column {
    K::Column::from_str(name).unwrap_or_else(|_| panic!("every content table has a {name} column"))
}

/// Runs `$body` with `$k` standing for the kind named `$path` in the lifecycle's paths
/// (`service`, `service-list`, `blog`, `client-review`, `banner`, `general-content`); an
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
            _ => Err($crate::error::ApiError::NotFound(
                $crate::domain::rules::catalog()
                    .messages
                    .content_kind
                    .clone(),
            )),
        }
    };
}

/// The kinds' path names, in the order the scheduler visits them (list items before their
/// services, so a purge never leaves an item without its parent).
pub const KINDS: [&str; 6] = [
    "service-list",
    "service",
    "blog",
    "client-review",
    "banner",
    "general-content",
];
