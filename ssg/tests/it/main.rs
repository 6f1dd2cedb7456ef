//! The generator end to end: a fixture snapshot rendered with the real templates and content.

mod consent;
mod csp;
mod feeds;
mod fixture;
mod images;
mod meta;
mod pages;
