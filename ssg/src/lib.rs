//! The static-site generator: content from `content/` plus a snapshot of the CMS data in,
//! bilingual pages out. It has no database dependency: the API maps its rows into the input
//! types of [`model`].

pub mod model;
pub mod slug;
