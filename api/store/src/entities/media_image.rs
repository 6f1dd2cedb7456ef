use sea_orm::entity::prelude::*;

/// An uploaded image as the media store knows it (see `media::variants`).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "media_images")]
pub struct Model {
    /// The stored name of the original (`<hash>.<ext>`).
    #[sea_orm(primary_key, auto_increment = false)]
    pub name: String,
    /// `pending`, `ready`, `failed` or `original` (see `media::variants::Status`).
    pub status: String,
    /// As shown (orientation applied); unknown for some artwork.
    pub width: Option<i32>,
    pub height: Option<i32>,
    /// The stored original's size.
    pub bytes: i64,
    /// `ssg::model::ImageInfo` as JSON, once the variants are made.
    #[sea_orm(column_type = "Text", nullable)]
    pub info: Option<String>,
    pub attempts: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub next_attempt_at: Option<DateTimeUtc>,
    pub claimed_until: Option<DateTimeUtc>,
    pub claimed_by: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub last_error: Option<String>,
    /// The file name it was uploaded under (for search only; never a path).
    pub original_name: Option<String>,
    /// Who uploaded it first.
    pub uploaded_by: Option<String>,
    /// What it shows, for those who cannot see it, in English and in Arabic.
    #[sea_orm(column_type = "Text", nullable)]
    pub alt: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub alt_ar: Option<String>,
    /// Where the subject is, from 0 to 1 across and down (`None`: the centre).
    pub focal_x: Option<f64>,
    pub focal_y: Option<f64>,
    /// In the trash since (its files moved out of `/media/`); purged 30 days later.
    pub deleted_at: Option<DateTimeUtc>,
    /// 1 at upload, one more on every change of its words or focal point.
    pub version: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
