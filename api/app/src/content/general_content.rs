//! General content: named values that override the site's strings (`site.phone`, …).

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
use concierge_store::entities::general_content;
use concierge_store::outbox::publish_jobs::Resource;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct GeneralContentInput {
    /// The site string this entry overrides, e.g. `site.phone`.
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub name: TextField,
    /// The value (the form calls it "value"; both spellings are accepted).
    #[serde(alias = "value")]
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub values: TextField,
    #[serde(alias = "value_ar")]
    #[schema(value_type = Option<String>)]
    pub values_ar: TextField,
    #[schema(schema_with = concierge_core::domain::lenient::whole_number_schema, required = true)]
    pub display_order: Loose,
}

impl GeneralContentInput {
    /// In order: name, value (inline "Please enter the value", toast "Please select the value"),
    /// display order.
    fn apply(
        self,
        model: &mut general_content::ActiveModel,
        now: DateTime<Utc>,
    ) -> Result<(), ApiError> {
        let mut f = Form::new(&catalog().forms.general_content);
        let name = f.text("name", self.name.take());
        let values = f.text("values", self.values.take());
        let display_order = f.display_order("display_order", self.display_order.take());
        let values_ar = f.twin("values_ar", self.values_ar.take());
        f.finish()?;

        model.name = Set(name);
        model.values = Set(values);
        model.values_ar = Set(values_ar);
        model.display_order = Set(display_order);
        model.updated_at = Set(now);
        Ok(())
    }
}

/// General content, as a [`Kind`].
pub struct GeneralContent;

impl Table for GeneralContent {
    type Entity = general_content::Entity;
    type Key = general_content::PrimaryKey;
    type Column = general_content::Column;
    type Model = general_content::Model;
    type Active = general_content::ActiveModel;
    const RESOURCE: Resource = Resource::GeneralContent;
    const SEARCHED: &'static [&'static str] = &["name"];
}

impl Kind for GeneralContent {
    type Input = GeneralContentInput;

    const DECLARATION: &'static Declaration = &concierge_core::kinds::GENERAL_CONTENT;

    async fn apply(
        input: GeneralContentInput,
        _txn: &DatabaseTransaction,
        row: &mut general_content::ActiveModel,
        now: DateTime<Utc>,
    ) -> Result<(), ApiError> {
        input.apply(row, now)
    }
}
