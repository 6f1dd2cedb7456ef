//! Services: the concierge's lines of business. A service that still has list items is not deleted (409), and its list items carry its name.

use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, DatabaseTransaction, EntityTrait, PaginatorTrait, QueryFilter, Set};
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
pub struct ServiceInput {
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub name: TextField,
    #[schema(value_type = Option<String>)]
    pub name_ar: TextField,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub description: TextField,
    #[schema(value_type = Option<String>)]
    pub description_ar: TextField,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub content: TextField,
    #[schema(value_type = Option<String>)]
    pub content_ar: TextField,
    #[schema(schema_with = concierge_core::domain::lenient::whole_number_schema, required = true)]
    pub display_order: Loose,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub image_url: TextField,
    /// A colour code such as `#0B1F3A`.
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub color: TextField,
    /// Shown on the site with a "Coming soon" overlay; left out, an update keeps it as it was
    /// and a new service is not.
    #[schema(value_type = Option<bool>)]
    pub coming_soon: Loose,
}

impl ServiceInput {
    fn apply(self, model: &mut service::ActiveModel, now: DateTime<Utc>) -> Result<(), ApiError> {
        let mut f = Form::new(&catalog().forms.service);
        let name = f.text("name", self.name.take());
        let description = f.text("description", self.description.take());
        let content = f.text("content", self.content.take());
        let display_order = f.display_order("display_order", self.display_order.take());
        let image_url = f.text("image_url", self.image_url.take());
        let color = f.text("color", self.color.take());
        let name_ar = f.twin("name_ar", self.name_ar.take());
        let description_ar = f.twin("description_ar", self.description_ar.take());
        let content_ar = f.twin("content_ar", self.content_ar.take());
        let coming_soon = f.flag("coming_soon", self.coming_soon.take());
        f.finish()?;

        model.name = Set(name);
        model.name_ar = Set(name_ar);
        model.description = Set(description);
        model.description_ar = Set(description_ar);
        model.content = Set(content);
        model.content_ar = Set(content_ar);
        model.display_order = Set(display_order);
        model.image_url = Set(image_url);
        model.color = Set(color);
        if let Some(coming_soon) = coming_soon {
            model.coming_soon = Set(coming_soon);
        }
        model.updated_at = Set(now);
        Ok(())
    }
}

/// Services, as a [`Kind`].
pub struct Services;

impl Table for Services {
    type Entity = service::Entity;
    type Key = service::PrimaryKey;
    type Column = service::Column;
    type Model = service::Model;
    type Active = service::ActiveModel;
    const RESOURCE: Resource = Resource::Service;
}

impl Kind for Services {
    type Input = ServiceInput;

    const DECLARATION: &'static Declaration = &concierge_core::kinds::SERVICE;

    async fn apply(
        input: ServiceInput,
        _txn: &DatabaseTransaction,
        row: &mut service::ActiveModel,
        now: DateTime<Utc>,
    ) -> Result<(), ApiError> {
        input.apply(row, now)
    }

    /// List items carry their parent's name; keep them in step.
    async fn after_save(
        txn: &DatabaseTransaction,
        _before: Option<&service::Model>,
        saved: &service::Model,
        _now: DateTime<Utc>,
    ) -> Result<(), ApiError> {
        service_item::Entity::update_many()
            .col_expr(
                service_item::Column::ServiceName,
                sea_orm::sea_query::Expr::value(saved.name.clone()),
            )
            .filter(service_item::Column::OurServiceId.eq(saved.id))
            .exec(txn)
            .await?;
        Ok(())
    }

    async fn before_delete(
        txn: &DatabaseTransaction,
        row: &service::Model,
    ) -> Result<(), ApiError> {
        let items = service_item::Entity::find()
            .filter(service_item::Column::OurServiceId.eq(row.id))
            .filter(service_item::Column::DeletedAt.is_null())
            .count(txn)
            .await?;
        if items > 0 {
            return Err(ApiError::Conflict({
                let m = &catalog().messages;
                concierge_core::i18n::counted(items, &m.service_has_item, &m.service_has_items)
            }));
        }
        Ok(())
    }
}
