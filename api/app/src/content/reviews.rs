//! Client reviews, shown on the home page.

use chrono::{DateTime, Utc};
use sea_orm::{DatabaseTransaction, Set};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{Kind, Table};
use concierge_core::domain::form::Form;
use concierge_core::domain::lenient::{Loose, TextField};
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_core::kinds::Declaration;
use concierge_store::entities::review;
use concierge_store::outbox::publish_jobs::Resource;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ReviewInput {
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub title: TextField,
    #[schema(value_type = Option<String>)]
    pub title_ar: TextField,
    /// The client's name.
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub name: TextField,
    #[schema(value_type = Option<String>)]
    pub name_ar: TextField,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub description: TextField,
    #[schema(value_type = Option<String>)]
    pub description_ar: TextField,
    #[schema(schema_with = concierge_core::domain::lenient::whole_number_schema, required = true)]
    pub display_order: Loose,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub image_url: TextField,
}

impl ReviewInput {
    fn apply(self, model: &mut review::ActiveModel, now: DateTime<Utc>) -> Result<(), ApiError> {
        let mut f = Form::new(&catalog().forms.client_review);
        let title = f.text("title", self.title.take());
        let name = f.text("name", self.name.take());
        let description = f.text("description", self.description.take());
        let display_order = f.display_order("display_order", self.display_order.take());
        let image_url = f.text("image_url", self.image_url.take());
        let title_ar = f.twin("title_ar", self.title_ar.take());
        let name_ar = f.twin("name_ar", self.name_ar.take());
        let description_ar = f.twin("description_ar", self.description_ar.take());
        f.finish()?;

        model.title = Set(title);
        model.title_ar = Set(title_ar);
        model.name = Set(name);
        model.name_ar = Set(name_ar);
        model.description = Set(description);
        model.description_ar = Set(description_ar);
        model.display_order = Set(display_order);
        model.image_url = Set(image_url);
        model.updated_at = Set(now);
        Ok(())
    }
}

/// Client reviews, shown on the home page, as a [`Kind`].
pub struct Reviews;

impl Table for Reviews {
    type Entity = review::Entity;
    type Key = review::PrimaryKey;
    type Column = review::Column;
    type Model = review::Model;
    type Active = review::ActiveModel;
    const RESOURCE: Resource = Resource::Review;
    const SEARCHED: &'static [&'static str] = &["name", "name_ar", "title", "title_ar"];
}

impl Kind for Reviews {
    type Input = ReviewInput;

    const DECLARATION: &'static Declaration = &concierge_core::kinds::CLIENT_REVIEW;

    async fn apply(
        input: ReviewInput,
        _txn: &DatabaseTransaction,
        row: &mut review::ActiveModel,
        now: DateTime<Utc>,
    ) -> Result<(), ApiError> {
        input.apply(row, now)
    }
}
