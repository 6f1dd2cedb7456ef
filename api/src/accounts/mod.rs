//! Administrator accounts beyond the password: two-factor (TOTP and recovery codes, the
//! enrolment QR code), and the audit log of who did what, when and from where.

pub mod qr;
pub mod recovery;
pub mod totp;
