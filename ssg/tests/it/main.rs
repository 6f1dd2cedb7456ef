//! The generator end to end: a fixture snapshot rendered with the real templates and content.

mod feeds;
mod fixture;
mod meta;
mod pages;
