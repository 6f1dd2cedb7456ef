//! The HTTP face of the concierge CMS (actix): the routes of the API contract, the
//! authentication middleware and extractors, the OpenAPI document and the table of operations
//! built from it, errors answered as the contract's JSON body, the read and page caches, and
//! the start-up that wires the workers to the server.

pub mod auth;
mod observe;
pub mod openapi;
pub mod operations;
pub mod page_cache;
pub mod read_cache;
pub mod routes;
pub mod startup;
pub mod state;
pub mod transfers;
