//! Time-based one-time passwords (RFC 6238 over RFC 4226): HMAC-SHA-1, 30-second steps, six
//! digits, the current step and one either side accepted. A code is accepted once: the caller
//! remembers the last accepted step per administrator and passes it back, so a replayed code
//! (or an older one) is refused.

use hmac::{Hmac, Mac};
use rand::RngCore;
use sha1::Sha1;

/// Seconds per step.
pub const STEP: i64 = 30;
/// Digits per code.
pub const DIGITS: u32 = 6;
/// Steps accepted either side of the current one (clock drift, a code typed at the turn).
pub const WINDOW: i64 = 1;
/// Bytes of a new secret (RFC 4226 recommends 160 bits).
pub const SECRET_BYTES: usize = 20;

const BASE32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/// A new random secret, base32 without padding (what authenticator apps take).
pub fn new_secret() -> String {
    let mut bytes = [0u8; SECRET_BYTES];
    rand::rng().fill_bytes(&mut bytes);
    base32_encode(&bytes)
}

/// RFC 4648 base32, upper case, without padding.
pub fn base32_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(5) * 8);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for &byte in bytes {
        buffer = (buffer << 8) | u32::from(byte);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(BASE32[((buffer >> bits) & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(BASE32[((buffer << (5 - bits)) & 31) as usize] as char);
    }
    out
}

/// Base32 (any case, spaces and padding ignored); `None` for any other character.
pub fn base32_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 5 / 8);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for c in text.chars().filter(|c| !c.is_whitespace() && *c != '=') {
        let value = BASE32
            .iter()
            .position(|&b| b as char == c.to_ascii_uppercase())? as u32;
        buffer = (buffer << 5) | value;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
        }
    }
    Some(out)
}

/// The step a Unix time falls in.
pub fn step_at(unix_seconds: i64) -> i64 {
    unix_seconds.div_euclid(STEP)
}

/// The code of `step` for the raw `key` (RFC 4226 dynamic truncation), as a number.
pub fn code_at(key: &[u8], step: i64, digits: u32) -> u32 {
    let mut mac = Hmac::<Sha1>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(&step.to_be_bytes());
    let hash = mac.finalize().into_bytes();
    let offset = (hash[hash.len() - 1] & 0x0f) as usize;
    let binary = u32::from_be_bytes([
        hash[offset] & 0x7f,
        hash[offset + 1],
        hash[offset + 2],
        hash[offset + 3],
    ]);
    binary % 10u32.pow(digits)
}

/// The six-digit code of the base32 `secret` at `unix_seconds`, zero-padded.
pub fn code(secret: &str, unix_seconds: i64) -> Option<String> {
    let key = base32_decode(secret)?;
    Some(format!(
        "{:0width$}",
        code_at(&key, step_at(unix_seconds), DIGITS),
        width = DIGITS as usize
    ))
}

/// The step `code` belongs to, if it is valid at `unix_seconds` (within [`WINDOW`]) and later
/// than `last_step`, the last step this secret's owner had accepted. The caller stores the
/// returned step, so the same code (or an earlier one) is never accepted again.
pub fn verify(secret: &str, code: &str, unix_seconds: i64, last_step: Option<i64>) -> Option<i64> {
    let code = code.trim();
    if code.len() != DIGITS as usize || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let wanted: u32 = code.parse().ok()?;
    let key = base32_decode(secret)?;
    let now = step_at(unix_seconds);
    let mut found = None;
    // Every step in the window is computed, whatever matches, so timing says nothing.
    for step in now - WINDOW..=now + WINDOW {
        let matches = code_at(&key, step, DIGITS) == wanted;
        if matches && last_step.is_none_or(|last| step > last) && found.is_none() {
            found = Some(step);
        }
    }
    found
}

/// The `otpauth://` address authenticator apps read from the QR code.
pub fn otpauth_uri(issuer: &str, account: &str, secret: &str) -> String {
    let enc = |s: &str| {
        percent_encoding::utf8_percent_encode(s, percent_encoding::NON_ALPHANUMERIC).to_string()
    };
    format!(
        "otpauth://totp/{}:{}?secret={secret}&issuer={}&algorithm=SHA1&digits={DIGITS}&period={STEP}",
        enc(issuer),
        enc(account),
        enc(issuer)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238 appendix B, SHA-1 rows: the key is the ASCII "12345678901234567890".
    #[test]
    fn codes_match_the_rfc_6238_test_vectors() {
        let key = b"12345678901234567890";
        let rows = [
            (59, 94287082),
            (1111111109, 7081804),
            (1111111111, 14050471),
            (1234567890, 89005924),
            (2000000000, 69279037),
            (20000000000, 65353130),
        ];
        for (time, expected) in rows {
            assert_eq!(code_at(key, step_at(time), 8), expected, "T = {time}");
        }
        let secret = base32_encode(key);
        assert_eq!(secret, "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
        assert_eq!(code(&secret, 59).unwrap(), "287082");
        assert_eq!(code(&secret, 1111111109).unwrap(), "081804");
    }

    #[test]
    fn base32_round_trips_and_refuses_other_characters() {
        for bytes in [&b""[..], b"f", b"fo", b"foo", b"foob", b"fooba", b"foobar"] {
            assert_eq!(base32_decode(&base32_encode(bytes)).unwrap(), bytes);
        }
        assert_eq!(base32_encode(b"foobar"), "MZXW6YTBOI");
        assert_eq!(base32_decode("mzxw 6ytb oi======").unwrap(), b"foobar");
        assert!(base32_decode("MZXW1").is_none());
        assert_eq!(new_secret().len(), 32);
    }

    #[test]
    fn a_code_is_accepted_within_one_step_either_side_and_only_once() {
        let secret = base32_encode(b"12345678901234567890");
        let t = 1111111111;
        let now = step_at(t);
        let current = code(&secret, t).unwrap();
        assert_eq!(verify(&secret, &current, t, None), Some(now));
        // The same code again is a replay.
        assert_eq!(verify(&secret, &current, t, Some(now)), None);
        // The previous and the next step's codes are accepted, two steps away is not.
        let previous = code(&secret, t - STEP).unwrap();
        let next = code(&secret, t + STEP).unwrap();
        let far = code(&secret, t - 2 * STEP).unwrap();
        assert_eq!(verify(&secret, &previous, t, None), Some(now - 1));
        assert_eq!(verify(&secret, &next, t, Some(now)), Some(now + 1));
        assert_eq!(verify(&secret, &far, t, None), None);
        // An older code than the last accepted one is refused, even inside the window.
        assert_eq!(verify(&secret, &previous, t, Some(now)), None);
        for bad in ["", "12345", "1234567", "abcdef", " 12 34"] {
            assert_eq!(verify(&secret, bad, t, None), None, "{bad:?}");
        }
    }

    #[test]
    fn the_otpauth_address_names_the_issuer_and_account() {
        let uri = otpauth_uri("Concierge", "layla@example", "ABC");
        assert_eq!(
            uri,
            "otpauth://totp/Concierge:layla%40example?secret=ABC&issuer=Concierge&algorithm=SHA1&digits=6&period=30"
        );
    }
}
