//! Banners: the home page's slides.

use chrono::Utc;
use sea_orm::{DatabaseTransaction, EntityTrait, QueryOrder, Select, Set};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{Kind, Messages, Order};
use crate::domain::form::{Form, max};
use crate::domain::lenient::Text;
use crate::error::ApiError;
use crate::publish::Resource;
use crate::store::entities::banner;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct BannerInput {
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub banner_name: Text,
    /// Address of the banner image.
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub banner_url: Text,
    #[schema(value_type = Option<String>)]
    pub image_id: Text,
    #[schema(value_type = String, min_length = 1, pattern = r"\S", required = true)]
    pub title: Text,
    #[schema(value_type = Option<String>)]
    pub title_ar: Text,
    #[schema(value_type = Option<String>)]
    pub sub_title: Text,
    #[schema(value_type = Option<String>)]
    pub sub_title_ar: Text,
    /// Where the banner links to.
    #[schema(value_type = Option<String>)]
    pub web_url: Text,
}

impl BannerInput {
    fn apply(self, model: &mut banner::ActiveModel) -> Result<(), ApiError> {
        let mut f = Form::new();
        let banner_name = f.required(
            "banner_name",
            self.banner_name.take(),
            "Please enter the banner name",
            "Banner name",
            max::TITLE,
        );
        let title = f.required(
            "title",
            self.title.take(),
            "Please enter the title",
            "Title",
            max::TITLE,
        );
        let banner_url = f.url(
            "banner_url",
            self.banner_url.take(),
            Some("Please upload the Image"),
            "Banner image",
        );
        let image_id = f.optional("image_id", self.image_id.take(), "Image id", max::TITLE);
        let title_ar = f.twin("title_ar", self.title_ar.take(), "Arabic title", max::TITLE);
        let sub_title = f.optional("sub_title", self.sub_title.take(), "Subtitle", max::META);
        let sub_title_ar = f.twin(
            "sub_title_ar",
            self.sub_title_ar.take(),
            "Arabic subtitle",
            max::META,
        );
        let web_url = f.url("web_url", self.web_url.take(), None, "Link");
        f.finish()?;

        model.banner_name = Set(banner_name);
        model.banner_url = Set(banner_url);
        model.image_id = Set(image_id);
        model.title = Set(title);
        model.title_ar = Set(title_ar);
        model.sub_title = Set(sub_title);
        model.sub_title_ar = Set(sub_title_ar);
        model.web_url = Set(web_url);
        model.updated_at = Set(Utc::now());
        Ok(())
    }
}

/// Banners, as a [`Kind`].
pub struct Banners;

impl Kind for Banners {
    type Entity = banner::Entity;
    type Key = banner::PrimaryKey;
    type Column = banner::Column;
    type Model = banner::Model;
    type Active = banner::ActiveModel;
    type Input = BannerInput;

    const RESOURCE: Resource = Resource::Banner;
    const MESSAGES: Messages = Messages {
        not_found: "Banner not found",
        created: "Banner added successfully",
        updated: "Banner updated successfully",
        deleted: "Banner deleted successfully",
    };

    /// Banners have no display order: in the order they were made.
    fn ordered(order: Order) -> Select<banner::Entity> {
        match order {
            Order::Newest => banner::Entity::find().order_by_desc(banner::Column::Id),
            Order::Display | Order::Id => banner::Entity::find().order_by_asc(banner::Column::Id),
        }
    }

    async fn apply(
        input: BannerInput,
        _txn: &DatabaseTransaction,
        row: &mut banner::ActiveModel,
    ) -> Result<(), ApiError> {
        input.apply(row)
    }
}
