//! Enquiries as the visitors and the desk send them: each form's intake (its checks, the spam
//! decision, the first note, the row) decided here, once, whatever route or tool sends it; the
//! grouped, durable write is [`crate::intake`]'s.

pub mod airport;
pub mod contact;
