//! General content: named values that override the site's strings (`site.phone`, …).

use chrono::Utc;
use sea_orm::{DatabaseTransaction, Set};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{Kind, Messages};
use crate::domain::form::{Form, max};
use crate::domain::lenient::{Loose, Text};
use crate::error::ApiError;
use crate::publish::Resource;
use crate::store::entities::general_content;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct GeneralContentInput {
    /// The site string this entry overrides, e.g. `site.phone`.
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub name: Text,
    /// The value (the form calls it "value"; both spellings are accepted).
    #[serde(alias = "value")]
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub values: Text,
    #[serde(alias = "value_ar")]
    #[schema(value_type = Option<String>)]
    pub values_ar: Text,
    #[schema(schema_with = crate::domain::lenient::whole_number_schema, required = true)]
    pub display_order: Loose,
}

impl GeneralContentInput {
    /// In order: name, value (inline "Please enter the value", toast "Please select the value"),
    /// display order.
    fn apply(self, model: &mut general_content::ActiveModel) -> Result<(), ApiError> {
        let mut f = Form::new();
        let name = f.required(
            "name",
            self.name.take(),
            "Please enter the name",
            "Name",
            max::TITLE,
        );
        let values = f.optional("values", self.values.take(), "Value", max::MESSAGE);
        if values.is_empty() {
            f.fail_with_headline(
                "values",
                "Please enter the value",
                "Please select the value",
            );
        }
        let display_order = f.display_order(
            "display_order",
            self.display_order.take(),
            "Please enter the Display order",
        );
        let values_ar = f.twin(
            "values_ar",
            self.values_ar.take(),
            "Arabic value",
            max::MESSAGE,
        );
        f.finish()?;

        model.name = Set(name);
        model.values = Set(values);
        model.values_ar = Set(values_ar);
        model.display_order = Set(display_order);
        model.updated_at = Set(Utc::now());
        Ok(())
    }
}

/// General content, as a [`Kind`].
pub struct GeneralContent;

impl Kind for GeneralContent {
    type Entity = general_content::Entity;
    type Key = general_content::PrimaryKey;
    type Column = general_content::Column;
    type Model = general_content::Model;
    type Active = general_content::ActiveModel;
    type Input = GeneralContentInput;

    const RESOURCE: Resource = Resource::GeneralContent;
    const MESSAGES: Messages = Messages {
        not_found: "General content not found",
        created: "content added successfully",
        updated: "content updated successfully",
        deleted: "General Content deleted successfully",
    };

    async fn apply(
        input: GeneralContentInput,
        _txn: &DatabaseTransaction,
        row: &mut general_content::ActiveModel,
    ) -> Result<(), ApiError> {
        input.apply(row)
    }
}
