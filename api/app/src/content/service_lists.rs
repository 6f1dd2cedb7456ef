//! Service list items: the offers under a service; each names an existing parent service.

use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, Set};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{Kind, Table};
use concierge_core::domain::form::Form;
use concierge_core::domain::lenient::{Loose, TextField};
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_core::kinds::Declaration;
use concierge_store::entities::{service, service_item};
use concierge_store::outbox::publish_jobs::Resource;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ServiceItemInput {
    /// The parent service.
    #[schema(schema_with = concierge_core::domain::lenient::positive_id_schema, required = true)]
    pub our_service_id: Loose,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub name: TextField,
    #[schema(value_type = Option<String>)]
    pub name_ar: TextField,
    #[schema(schema_with = concierge_core::domain::lenient::whole_number_schema, required = true)]
    pub display_order: Loose,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub image_url: TextField,
    #[schema(value_type = Option<String>)]
    pub description: TextField,
    #[schema(value_type = Option<String>)]
    pub description_ar: TextField,
    /// CSS class of the card title's background.
    #[serde(rename = "titleBgClass")]
    #[schema(value_type = Option<String>)]
    pub title_bg_class: TextField,
}

impl ServiceItemInput {
    /// The services-list rules, in order: service, name, display order, image.
    async fn apply(
        self,
        db: &impl ConnectionTrait,
        model: &mut service_item::ActiveModel,
        now: DateTime<Utc>,
    ) -> Result<(), ApiError> {
        let mut f = Form::new(&catalog().forms.service_list);
        let service_id = f.id("our_service_id", self.our_service_id.take());
        let name = f.text("name", self.name.take());
        let display_order = f.display_order("display_order", self.display_order.take());
        let image_url = f.text("image_url", self.image_url.take());
        let description = f.text("description", self.description.take());
        let description_ar = f.twin("description_ar", self.description_ar.take());
        let name_ar = f.twin("name_ar", self.name_ar.take());
        let title_bg_class = f.text("titleBgClass", self.title_bg_class.take());
        let parent = if service_id > 0 {
            service::Entity::find_by_id(service_id)
                .filter(service::Column::DeletedAt.is_null())
                .one(db)
                .await?
        } else {
            None
        };
        if service_id > 0 && parent.is_none() {
            f.invalid("our_service_id");
        }
        f.finish()?;
        let parent = parent.expect("checked above");

        model.our_service_id = Set(parent.id);
        model.service_name = Set(parent.name);
        model.name = Set(name);
        model.name_ar = Set(name_ar);
        model.display_order = Set(display_order);
        model.image_url = Set(image_url);
        model.description = Set(description);
        model.description_ar = Set(description_ar);
        model.title_bg_class = Set(title_bg_class);
        model.updated_at = Set(now);
        Ok(())
    }
}

/// Service list items, as a [`Kind`].
pub struct ServiceItems;

impl Table for ServiceItems {
    type Entity = service_item::Entity;
    type Key = service_item::PrimaryKey;
    type Column = service_item::Column;
    type Model = service_item::Model;
    type Active = service_item::ActiveModel;
    const RESOURCE: Resource = Resource::ServiceItem;
}

impl Kind for ServiceItems {
    type Input = ServiceItemInput;

    const DECLARATION: &'static Declaration = &concierge_core::kinds::SERVICE_ITEM;

    async fn apply(
        input: ServiceItemInput,
        txn: &DatabaseTransaction,
        row: &mut service_item::ActiveModel,
        now: DateTime<Utc>,
    ) -> Result<(), ApiError> {
        input.apply(txn, row, now).await
    }
}
