//! Destinations: city guides for the places the company serves, each with its page at
//! `/destinations/{slug}`. The description is sanitised on save, the slug made from the name
//! (another destination's slug gets a number), and a rename keeps the old URL working.

use chrono::{DateTime, Utc};
use sea_orm::{DatabaseTransaction, Set};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{Kind, Table};
use crate::content::html::sanitize;
use concierge_core::domain::form::Form;
use concierge_core::domain::lenient::{Loose, TextField};
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_core::kinds::Declaration;
use concierge_store::entities::destination;
use concierge_store::outbox::publish_jobs::Resource;
use concierge_store::slugs;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct DestinationInput {
    #[schema(value_type = String, min_length = 1, max_length = 100, pattern = r"\S", required = true)]
    pub name: TextField,
    #[schema(value_type = Option<String>)]
    pub name_ar: TextField,
    /// `SA`, `AE`, `BH`, `QA`, `GB` or `IN`.
    #[schema(value_type = String, required = true)]
    pub country: TextField,
    #[schema(value_type = String, min_length = 1, max_length = 300, pattern = r"\S", required = true)]
    pub summary: TextField,
    #[schema(value_type = Option<String>)]
    pub summary_ar: TextField,
    /// HTML; sanitised on save.
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub description: TextField,
    #[schema(value_type = Option<String>)]
    pub description_ar: TextField,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub image_url: TextField,
    #[schema(schema_with = concierge_core::domain::lenient::whole_number_schema, required = true)]
    pub display_order: Loose,
    #[schema(value_type = Option<String>)]
    pub meta_title: TextField,
    #[schema(value_type = Option<String>)]
    pub meta_title_ar: TextField,
    #[schema(value_type = Option<String>)]
    pub meta_description: TextField,
    #[schema(value_type = Option<String>)]
    pub meta_description_ar: TextField,
}

impl DestinationInput {
    /// Runs the destination form's rules in its order and fills `model` (the slug apart);
    /// the name it saved.
    fn apply(
        self,
        model: &mut destination::ActiveModel,
        now: DateTime<Utc>,
    ) -> Result<String, ApiError> {
        let mut f = Form::new(&catalog().forms.destination);
        let name = f.text("name", self.name.take());
        let country = f.text("country", self.country.take());
        let summary = f.text("summary", self.summary.take());
        let description = f.text("description", self.description.take());
        let image_url = f.text("image_url", self.image_url.take());
        let display_order = f.display_order("display_order", self.display_order.take());
        let meta_title = f.twin("meta_title", self.meta_title.take());
        let meta_description = f.twin("meta_description", self.meta_description.take());
        let name_ar = f.twin("name_ar", self.name_ar.take());
        let summary_ar = f.twin("summary_ar", self.summary_ar.take());
        let description_ar = f.twin("description_ar", self.description_ar.take());
        let meta_title_ar = f.twin("meta_title_ar", self.meta_title_ar.take());
        let meta_description_ar = f.twin("meta_description_ar", self.meta_description_ar.take());
        f.finish()?;

        model.name = Set(name.clone());
        model.name_ar = Set(name_ar);
        model.country = Set(country);
        model.summary = Set(summary);
        model.summary_ar = Set(summary_ar);
        model.description = Set(sanitize(&description));
        model.description_ar = Set(description_ar.map(|d| sanitize(&d)));
        model.image_url = Set(image_url);
        model.display_order = Set(display_order);
        model.meta_title = Set(meta_title);
        model.meta_title_ar = Set(meta_title_ar);
        model.meta_description = Set(meta_description);
        model.meta_description_ar = Set(meta_description_ar);
        model.updated_at = Set(now);
        Ok(name)
    }
}

/// Destinations, as a [`Kind`].
pub struct Destinations;

impl Table for Destinations {
    type Entity = destination::Entity;
    type Key = destination::PrimaryKey;
    type Column = destination::Column;
    type Model = destination::Model;
    type Active = destination::ActiveModel;
    const RESOURCE: Resource = Resource::Destination;
    const SEARCHED: &'static [&'static str] = &["name", "name_ar", "summary", "summary_ar"];
}

impl Kind for Destinations {
    type Input = DestinationInput;

    const DECLARATION: &'static Declaration = &concierge_core::kinds::DESTINATION;

    async fn apply(
        input: DestinationInput,
        txn: &DatabaseTransaction,
        row: &mut destination::ActiveModel,
        now: DateTime<Utc>,
    ) -> Result<(), ApiError> {
        let name = input.apply(row, now)?;
        // A new row has no id yet: every other destination's slug counts.
        let id = row.id.try_as_ref().copied();
        row.slug = Set(free_slug(txn, &ssg::slug::destination_slug(&name), id).await?);
        Ok(())
    }

    async fn after_save(
        txn: &DatabaseTransaction,
        before: Option<&destination::Model>,
        saved: &destination::Model,
        now: DateTime<Utc>,
    ) -> Result<(), ApiError> {
        let old = before.map(|b| b.slug.as_str());
        if old == Some(saved.slug.as_str()) {
            return Ok(());
        }
        slugs::destination_moved(txn, saved.id, old, &saved.slug, now).await?;
        Ok(())
    }
}

/// `slug`, or `slug-2`, `slug-3`… when another destination has it.
async fn free_slug(
    txn: &DatabaseTransaction,
    slug: &str,
    id: Option<i32>,
) -> Result<String, ApiError> {
    let mut candidate = slug.to_owned();
    let mut n = 1;
    while slugs::destination_slug_taken(txn, &candidate, id).await? {
        n += 1;
        candidate = format!("{slug}-{n}");
    }
    Ok(candidate)
}
