//! The generator's input types: a plain snapshot of the CMS content. Arabic twins are
//! optional; pages fall back to the English field when a twin is empty.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Service {
    pub id: i32,
    pub name: String,
    pub name_ar: Option<String>,
    pub description: String,
    pub description_ar: Option<String>,
    pub content: String,
    pub content_ar: Option<String>,
    pub display_order: i32,
    pub image_url: String,
    pub color: String,
    pub items: Vec<ServiceItem>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ServiceItem {
    pub id: i32,
    pub name: String,
    pub name_ar: Option<String>,
    pub description: String,
    pub description_ar: Option<String>,
    pub image_url: String,
    pub title_bg_class: String,
    pub display_order: i32,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Blog {
    pub id: i32,
    pub slug: String,
    pub name: String,
    pub name_ar: Option<String>,
    /// Sanitised on save; never re-parsed at render time.
    pub description: String,
    pub description_ar: Option<String>,
    pub image_url: String,
    pub display_order: i32,
    pub meta_title: String,
    pub meta_title_ar: Option<String>,
    pub meta_description: String,
    pub meta_description_ar: Option<String>,
    pub key_words: String,
    pub key_words_ar: Option<String>,
    pub updated_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Review {
    pub id: i32,
    pub name: String,
    pub name_ar: Option<String>,
    pub title: String,
    pub title_ar: Option<String>,
    pub description: String,
    pub description_ar: Option<String>,
    pub image_url: String,
    pub display_order: i32,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Banner {
    pub id: i32,
    pub banner_url: String,
    pub title: String,
    pub title_ar: Option<String>,
    pub sub_title: String,
    pub sub_title_ar: Option<String>,
    pub web_url: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct GeneralContent {
    pub name: String,
    pub values: String,
    pub values_ar: Option<String>,
}

/// Everything the database contributes to the site.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Snapshot {
    pub services: Vec<Service>,
    pub blogs: Vec<Blog>,
    pub reviews: Vec<Review>,
    pub banners: Vec<Banner>,
    pub general_content: Vec<GeneralContent>,
}
