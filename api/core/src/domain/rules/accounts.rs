//! The accounts' messages, in English and Arabic: the `accounts` section of the one table of
//! messages (`rules/forms.json`).

use serde::Deserialize;

use crate::i18n::Text;

/// The accounts' messages, by name.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct AccountMessages {
    pub two_factor_required: Text,
    pub code_invalid: Text,
    pub too_many_codes: Text,
    pub account_disabled: Text,
    pub must_change_password: Text,
    pub must_enrol: Text,
    pub current_password_wrong: Text,
    pub password_required: Text,
    pub current_password_required: Text,
    pub new_password_required: Text,
    pub same_password: Text,
    pub password_changed: Text,
    pub session_not_found: Text,
    pub session_ended: Text,
    pub totp_already_on: Text,
    pub totp_not_started: Text,
    pub totp_not_on: Text,
    pub code_required: Text,
    pub totp_enabled: Text,
    pub totp_disabled: Text,
    pub username_required: Text,
    pub username_invalid: Text,
    pub username_taken: Text,
    pub admin_not_found: Text,
    pub admin_created: Text,
    pub admin_updated: Text,
    pub admin_deleted: Text,
    pub not_yourself: Text,
    pub own_password_here: Text,
    pub last_admin: Text,
    pub nothing_to_change: Text,
    pub totp_only_off: Text,
    pub own_totp_here: Text,
    pub bad_date: Text,
    pub forbidden: Text,
    pub arabic_only: Text,
    pub last_owner: Text,
    pub role_invalid: Text,
    pub email_invalid: Text,
    pub email_saved: Text,
}
