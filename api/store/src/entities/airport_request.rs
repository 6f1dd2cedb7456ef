use sea_orm::entity::prelude::*;

/// An airport request from the public page (the architecture's "Airport requests"), with the
/// desk's columns of a contact enquiry. The API shows it as [`crate::enquiries::airport_view`]
/// does, in the shape the page sent it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "airport_requests")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// `AR-` and eight characters, what the visitor is told.
    #[sea_orm(unique)]
    pub reference: String,
    pub country: String,
    pub city: String,
    pub airport: String,
    pub terminal: String,
    pub flight_number: String,
    pub departure_arrival: String,
    /// `YYYY-MM-DD`, the flight's day.
    pub date: String,
    /// `HH:MM`.
    pub time: String,
    /// A JSON list of the services chosen.
    #[sea_orm(column_type = "Text")]
    pub services: String,
    pub title: String,
    pub full_name: String,
    pub mobile: String,
    pub email: String,
    /// JSON, when Meet & Greet is chosen.
    #[sea_orm(column_type = "Text", nullable)]
    pub meet_greet: Option<String>,
    /// JSON, when the porter is chosen.
    #[sea_orm(column_type = "Text", nullable)]
    pub porter_service: Option<String>,
    pub lang: String,
    pub created_date: chrono::DateTime<chrono::Utc>,
    pub status: String,
    pub assignee: Option<String>,
    #[sea_orm(column_type = "Text")]
    pub notes: super::timeline::Timeline,
    pub version: i32,
    pub deleted_at: Option<chrono::DateTime<chrono::Utc>>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
