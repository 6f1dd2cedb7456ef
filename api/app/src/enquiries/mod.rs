//! Enquiries as the visitors and the desk send them: each form's intake (its checks, the spam
//! decision, the first note, the row) decided here, once, whatever route or tool sends it; the
//! grouped, durable write is [`crate::intake`]'s.

pub mod airport;
pub mod contact;
pub mod desk;

use concierge_store::entities::{airport_request, contact as contact_row};

/// A stored enquiry (boxed in [`crate::intake::Stored`]).
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum Saved {
    Contact(contact_row::Model),
    Airport(airport_request::Model),
}
