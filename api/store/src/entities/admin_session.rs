use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "admin_sessions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub admin_user_id: i32,
    /// SHA-256 of the opaque token, hex; the token itself is never stored.
    #[sea_orm(unique)]
    pub token_hash: String,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub revoked_at: Option<DateTimeUtc>,
    /// Updated at most once a minute by the requests the session makes.
    pub last_seen_at: Option<DateTimeUtc>,
    /// The client address and `User-Agent` that signed in.
    pub address: Option<String>,
    pub user_agent: Option<String>,
    /// The sign-in passed the second factor; a session without it is refused once the
    /// administrator has two-factor enabled.
    pub second_factor: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
