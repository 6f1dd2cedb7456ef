//! Administrator passwords (OWASP ASVS 2.1): 12 to 128 characters, any characters, not the
//! user name, not one of the passwords that breach lists and guessing tools try first.

/// Fewest characters a password has.
pub const MIN_CHARS: usize = 12;
/// Most characters a password has (longer would only be a way to make hashing slow).
pub const MAX_CHARS: usize = 128;

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
    /// Checks `password` for the administrator `username`; the error says what to change.
    pub fn parse(username: &str, password: &str) -> Result<NewPassword, &'static str> {
        let chars = password.chars().count();
        if chars < MIN_CHARS {
            return Err("The password must have at least 12 characters.");
        }
        if chars > MAX_CHARS {
            return Err("The password must have at most 128 characters.");
        }
        if password.trim().is_empty() {
            return Err("The password cannot be only spaces.");
        }
        let lower = password.to_lowercase();
        let name = username.trim().to_lowercase();
        if !name.is_empty()
            && (lower == name || (name.chars().count() >= 4 && lower.contains(&name)))
        {
            return Err("The password cannot contain the user name.");
        }
        let distinct: std::collections::BTreeSet<char> = lower.chars().collect();
        if distinct.len() < 5 || COMMON.lines().any(|common| common == lower) {
            return Err("This password is too common. Choose a longer phrase of your own.");
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
            assert!(error.contains(reason), "{password:?}: {error}");
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
