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
    /// One of `concierge_core::roles::Role`'s names; see [`Model::role`].
    pub role: String,
    /// Where the mail about reviews goes (optional).
    pub email: Option<String>,
}

impl Model {
    /// The administrator's role. A name the table does not know (written into the database by
    /// hand) reads as the role with the least reach: a translator, whose saves wait for an
    /// editor and who reads no client's data.
    pub fn role(&self) -> concierge_core::roles::Role {
        concierge_core::roles::Role::parse(&self.role)
            .unwrap_or(concierge_core::roles::Role::Translator)
    }
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
