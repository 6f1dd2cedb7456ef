//! Recovery codes: ten per enrolment, each used once. A code carries 80 random bits (sixteen
//! base32 characters, shown in four groups) and is stored only as a salted SHA-256 (OWASP ASVS
//! 2.6: look-up secrets are random, salted and hashed, and single use).

use rand::RngCore;
use sha2::{Digest, Sha256};

/// Codes per enrolment.
pub const COUNT: usize = 10;
const ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";

/// A new code as shown to the administrator: `xxxx-xxxx-xxxx-xxxx`.
pub fn new_code() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    let chars: Vec<char> = bytes
        .iter()
        .map(|b| ALPHABET[(b & 31) as usize] as char)
        .collect();
    chars
        .chunks(4)
        .map(|c| c.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("-")
}

/// The code as typed, reduced to what is compared: lower case, no spaces or hyphens. `None`
/// when it cannot be a recovery code (so a six-digit TOTP never reaches the hashes).
pub fn normalise(typed: &str) -> Option<String> {
    let code: String = typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_lowercase())
        .collect();
    (code.len() == 16 && code.bytes().all(|b| ALPHABET.contains(&b))).then_some(code)
}

/// The stored form of `code`: `salt$hash`, both hex.
pub fn hash(code: &str) -> String {
    let mut salt = [0u8; 16];
    rand::rng().fill_bytes(&mut salt);
    format!("{}${}", hex(&salt), digest(&salt, code))
}

/// Whether `stored` (from [`hash`]) is the hash of the typed `code`.
pub fn matches(stored: &str, code: &str) -> bool {
    let Some(code) = normalise(code) else {
        return false;
    };
    let Some((salt, expected)) = stored.split_once('$') else {
        return false;
    };
    let Some(salt) = unhex(salt) else {
        return false;
    };
    let actual = digest(&salt, &code);
    // Compare in constant time.
    actual.len() == expected.len()
        && actual
            .bytes()
            .zip(expected.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

fn digest(salt: &[u8], code: &str) -> String {
    let code = normalise(code).unwrap_or_default();
    let mut hasher = Sha256::new();
    hasher.update(salt);
    hasher.update(code.as_bytes());
    hex(&hasher.finalize())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_random_grouped_and_match_only_their_own_hash() {
        let a = new_code();
        let b = new_code();
        assert_ne!(a, b);
        assert_eq!(a.len(), 19);
        assert_eq!(a.matches('-').count(), 3);
        let stored = hash(&a);
        assert!(!stored.contains(&normalise(&a).unwrap()));
        assert_ne!(stored, hash(&a), "each hash has its own salt");
        assert!(matches(&stored, &a));
        assert!(matches(&stored, &a.to_uppercase().replace('-', " ")));
        assert!(!matches(&stored, &b));
        assert!(!matches(&stored, "123456"));
        assert!(!matches("garbage", &a));
    }
}
