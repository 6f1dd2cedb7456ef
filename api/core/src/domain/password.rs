//! Administrator passwords (OWASP ASVS 2.1): 12 to 128 characters, any characters, not the
//! user name, not one of the passwords that breach lists and guessing tools try first.

use super::rules::{Audience, catalog, check};
use crate::i18n::Text;

/// Passwords refused whatever their length (compared without case), shipped with the binary.
const COMMON: &str = include_str!("common-passwords.txt");

/// A password fit for an administrator.
#[derive(Clone, PartialEq, Eq)]
pub struct NewPassword(String);

impl std::fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NewPassword(…)")
    }
}

impl NewPassword {
    /// Checks `password` for the administrator `username`; the error says what to change. The
    /// length rules are the table's (`newPassword` in `rules/forms.json`), which the admin runs
    /// too; the rest need the user name and the list, so they are the server's.
    pub fn parse(username: &str, password: &str) -> Result<NewPassword, Text> {
        let rule = catalog().forms.new_password.field("password");
        check(rule, Some(password), Audience::Admin).map_err(|failure| failure.message)?;
        let m = &catalog().messages;
        let lower = password.to_lowercase();
        let name = username.trim().to_lowercase();
        if !name.is_empty()
            && (lower == name || (name.chars().count() >= 4 && lower.contains(&name)))
        {
            return Err(m.password_has_user_name.clone());
        }
        let distinct: std::collections::BTreeSet<char> = lower.chars().collect();
        if distinct.len() < 5 || COMMON.lines().any(|common| common == lower) {
            return Err(m.password_common.clone());
        }
        Ok(NewPassword(password.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::NewPassword;

    #[test]
    fn weak_passwords_are_refused_with_a_reason() {
        let cases = [
            ("1234567890", "at least 12"),
            ("          ", "at least 12"),
            ("            ", "only spaces"),
            ("layla", "at least 12"),
            ("layla-layla-layla", "user name"),
            ("Password1234", "too common"),
            ("aaaaaaaaaaaaaaaa", "too common"),
            ("123412341234", "too common"),
            (&"x".repeat(129), "at most 128"),
        ];
        for (password, reason) in cases {
            let error = NewPassword::parse("layla", password).unwrap_err();
            assert!(error.en.contains(reason), "{password:?}: {error}");
        }
    }

    #[test]
    fn long_phrases_of_any_characters_are_accepted() {
        for password in [
            "velvet rope at dawn",
            "كلمة مرور طويلة جدا",
            "e2e-Password-2026",
            &"ab cd".repeat(25),
        ] {
            assert!(
                NewPassword::parse("layla", password).is_ok(),
                "{password:?}"
            );
        }
    }
}
