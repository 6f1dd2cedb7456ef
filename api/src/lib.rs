//! The concierge CMS: API, publish worker, CLI commands.

pub mod accounts;
pub mod auth;
pub mod backup;
pub mod cli;
pub mod clock;
pub mod config;
pub mod content;
pub mod domain;
pub mod error;
pub mod i18n;
pub mod media;
pub mod notify;
pub mod openapi;
pub mod publish;
pub mod read_cache;
pub mod routes;
pub mod seed;
pub mod spreadsheet;
pub mod spreadsheet_guard;
pub mod startup;
pub mod state;
pub mod storage;
pub mod store;
pub mod telemetry;
pub mod throttle;
pub mod watch;
