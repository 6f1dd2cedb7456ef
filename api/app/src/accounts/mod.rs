//! Administrator accounts beyond the password: the team (administrators managed by
//! administrators), sessions, two-factor (TOTP and recovery codes, the enrolment QR code), and
//! the audit log of who did what, when and from where.

pub mod admins;
pub mod own;
pub mod passwords;
pub mod qr;
pub mod recovery;
pub mod sessions;
pub mod sign_in;
pub mod signing;
/// One-time codes (RFC 6238), a primitive of the core's.
pub use concierge_core::totp;
pub mod two_factor;
