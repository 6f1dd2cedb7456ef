//! Sending, apart from the use cases that decide what to send: mail through SMTP and webhooks
//! ([`mail`]), and the edge's purge APIs ([`cdn`]). Nothing here knows of the database or its
//! queues; the workers in `concierge_app` claim what is due, call these, and record the outcome.

pub mod cdn;
pub mod mail;

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// `sha256=<hex of HMAC-SHA256(secret, body)>`.
pub fn signature(secret: &str, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key");
    mac.update(body);
    let digest = mac.finalize().into_bytes();
    format!(
        "sha256={}",
        digest
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_is_the_hex_hmac_of_the_body() {
        // RFC 4231, test case 2.
        assert_eq!(
            signature("Jefe", b"what do ya want for nothing?"),
            "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }
}
