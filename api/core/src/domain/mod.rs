//! Validated types and the rule tables of the specification's section 5.
//!
//! Handlers parse request bodies into these types; a failure carries the specification's
//! message for the first rule that failed, field by field, in the specification's order.

pub mod airport;
pub mod contact;
pub mod form;
pub mod lenient;
pub mod media;
pub mod network;
pub mod page;
pub mod password;
pub mod rules;

pub use contact::{Email, PersonName, Phone};
pub use form::Form;
