//! The generator end to end: a fixture snapshot rendered with the real templates and content.

mod consent;
mod csp;
mod fallbacks;
mod feeds;
mod fixture;
mod html;
mod images;
mod meta;
mod pages;
