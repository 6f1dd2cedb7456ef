//! The static-site generator: `content/` plus a snapshot of the CMS data in, bilingual pages
//! out. It has no database dependency: the API maps its rows into the input types of
//! [`model`], asks [`plan`] what a change affects, renders those [`plan::Target`]s with
//! [`Site::render`], and writes the [`Page`]s.

mod assets;
pub mod config;
pub mod content;
pub mod csp;
pub mod edge;
pub mod islands;
pub mod localized;
pub mod manifest;
pub mod model;
mod page;
mod pages;
pub mod picture;
pub mod plan;
mod render;
pub mod routes;
pub mod search;
pub mod slug;
pub mod summary;
mod templates;
pub mod text;
pub mod walk;
mod xml;

pub use config::SiteConfig;
pub use page::Page;
pub use render::{Site, start_render_threads};
pub use templates::Templates;
