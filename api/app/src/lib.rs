//! The use cases of the concierge CMS: the six kinds of content and their lifecycle, the
//! administrators' accounts, the enquiries and their notifications, the media and their
//! variants, the spreadsheets. Each takes the database (`concierge_store`) and the core's types
//! and answers with the core's error; none knows of HTTP.

pub mod accounts;
pub mod audit;
pub mod content;
pub mod edge;
pub mod enquiries;
pub mod intake;
pub mod live;
pub mod media;
pub mod notify;
pub mod spreadsheet;
pub mod subscriptions;
pub mod system;
pub mod today;

/// The database the use cases take: a handle of the store's, which the layers above hold and
/// pass along without reading it themselves.
pub use concierge_store::Db;

/// What `with_kind!` names when it expands in another crate.
#[doc(hidden)]
pub mod __private {
    pub use concierge_core::{domain, error};
}
