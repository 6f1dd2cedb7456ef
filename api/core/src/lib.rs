//! The bottom layer of the concierge CMS: the domain's types and the table of rules and
//! messages (`rules/forms.json`), the two languages, the clock, the settings as plain data and
//! the error type every layer answers with, and the primitives of signing in (tokens, one-time
//! codes). It knows nothing of HTTP or of the database (no
//! actix, no sea-orm): every other crate of `api/` builds on it.

pub mod actor;
pub mod clock;
pub mod config;
pub mod domain;
pub mod error;
pub mod i18n;
pub mod kinds;
pub mod limits;
pub mod metrics;
pub mod request_id;
pub mod roles;
pub mod token;
pub mod totp;
