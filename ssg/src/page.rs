//! What the generator writes.

/// One generated file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// Relative to the site root (`about/index.html`).
    pub path: String,
    pub bytes: Vec<u8>,
}
