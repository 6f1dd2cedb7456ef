//! Banners: the home page's slides.

use chrono::{DateTime, Utc};
use sea_orm::{DatabaseTransaction, EntityTrait, QueryOrder, Select, Set};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{Kind, Order, Table};
use concierge_core::domain::form::Form;
use concierge_core::domain::lenient::TextField;
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_core::kinds::Declaration;
use concierge_store::entities::banner;
use concierge_store::outbox::publish_jobs::Resource;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct BannerInput {
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub banner_name: TextField,
    /// Address of the banner image.
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub banner_url: TextField,
    #[schema(value_type = Option<String>)]
    pub image_id: TextField,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub title: TextField,
    #[schema(value_type = Option<String>)]
    pub title_ar: TextField,
    #[schema(value_type = Option<String>)]
    pub sub_title: TextField,
    #[schema(value_type = Option<String>)]
    pub sub_title_ar: TextField,
    /// Where the banner links to.
    #[schema(value_type = Option<String>)]
    pub web_url: TextField,
}

impl BannerInput {
    fn apply(self, model: &mut banner::ActiveModel, now: DateTime<Utc>) -> Result<(), ApiError> {
        let mut f = Form::new(&catalog().forms.banner);
        let banner_name = f.text("banner_name", self.banner_name.take());
        let title = f.text("title", self.title.take());
        let banner_url = f.text("banner_url", self.banner_url.take());
        let image_id = f.text("image_id", self.image_id.take());
        let title_ar = f.twin("title_ar", self.title_ar.take());
        let sub_title = f.text("sub_title", self.sub_title.take());
        let sub_title_ar = f.twin("sub_title_ar", self.sub_title_ar.take());
        let web_url = f.text("web_url", self.web_url.take());
        f.finish()?;

        model.banner_name = Set(banner_name);
        model.banner_url = Set(banner_url);
        model.image_id = Set(image_id);
        model.title = Set(title);
        model.title_ar = Set(title_ar);
        model.sub_title = Set(sub_title);
        model.sub_title_ar = Set(sub_title_ar);
        model.web_url = Set(web_url);
        model.updated_at = Set(now);
        Ok(())
    }
}

/// Banners, as a [`Kind`].
pub struct Banners;

impl Table for Banners {
    type Entity = banner::Entity;
    type Key = banner::PrimaryKey;
    type Column = banner::Column;
    type Model = banner::Model;
    type Active = banner::ActiveModel;
    const RESOURCE: Resource = Resource::Banner;
    const SEARCHED: &'static [&'static str] = &["title", "title_ar", "banner_name"];

    /// Banners have no display order: in the order they were made.
    fn ordered(order: Order) -> Select<banner::Entity> {
        match order {
            Order::Newest => banner::Entity::find().order_by_desc(banner::Column::Id),
            Order::Display | Order::Id => banner::Entity::find().order_by_asc(banner::Column::Id),
        }
    }
}

impl Kind for Banners {
    type Input = BannerInput;

    const DECLARATION: &'static Declaration = &concierge_core::kinds::BANNER;

    async fn apply(
        input: BannerInput,
        _txn: &DatabaseTransaction,
        row: &mut banner::ActiveModel,
        now: DateTime<Utc>,
    ) -> Result<(), ApiError> {
        input.apply(row, now)
    }
}
