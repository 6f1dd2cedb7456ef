use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "admin_users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub username: String,
    /// argon2id PHC string.
    pub password_hash: String,
    pub created_at: DateTimeUtc,
    /// A disabled administrator cannot sign in and has no sessions.
    pub disabled: bool,
    /// Set by a one-time password (a new account, a reset): only the account's own routes answer
    /// until the password is changed.
    pub must_change_password: bool,
    /// Base32 TOTP secret: pending between setup and enable, in use while `totp_enabled`.
    pub totp_secret: Option<String>,
    pub totp_enabled: bool,
    /// The last TOTP step accepted, so that no code is accepted twice.
    pub totp_last_step: Option<i64>,
    pub last_sign_in_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
