//! The concierge CMS: the `concierge` binary's subcommands, the seed, backup and restore, and
//! the watcher, over the layers below (each its own crate under `api/`, each using only those
//! beneath it: core → store → app → publish → http → here).
//!
//! The layers' modules are re-exported under the names they had in the one crate, so the
//! integration tests (`tests/it`) name one library.

pub mod backup;
pub mod cli;
pub mod memory;
pub mod seed;
pub mod telemetry;
pub mod watch;

pub use concierge_app::{accounts, content, edge, intake, media, notify, spreadsheet, with_kind};
pub use concierge_core::{actor, clock, config, domain, error, i18n, limits, roles, token};
pub use concierge_http::{
    auth, openapi, operations, page_cache, read_cache, routes, startup, state,
};
pub use concierge_publish as publish;
pub use concierge_store as store;
pub use concierge_store::throttle;
