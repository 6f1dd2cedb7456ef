//! The stylesheet and artwork, under content-hashed names.

use std::collections::BTreeMap;

use anyhow::Result;
use sha2::{Digest, Sha256};

use crate::content::{Content, hex};
use crate::page::Page;
use crate::templates::Templates;

/// The stylesheet and artwork under content-hashed names.
pub(crate) struct Assets {
    pub files: Vec<Page>,
    pub css: String,
    pub media: BTreeMap<String, String>,
}

fn hashed(name: &str, bytes: &[u8]) -> String {
    let hash = hex(&Sha256::digest(bytes)[..5]);
    match name.rsplit_once('.') {
        Some((stem, ext)) => format!("{stem}-{hash}.{ext}"),
        None => format!("{name}-{hash}"),
    }
}

pub(crate) fn build_assets(content: &Content, templates: &Templates) -> Result<Assets> {
    let mut files = Vec::new();
    let mut media = BTreeMap::new();
    for (name, bytes) in &content.media {
        let path = format!("assets/media/{}", hashed(name, bytes));
        media.insert(name.clone(), format!("/{path}"));
        files.push(Page {
            path,
            bytes: bytes.clone(),
        });
    }
    // The design system first, then the islands' rules, then anything else.
    let mut sheets: Vec<(String, String)> = templates
        .files("assets")?
        .into_iter()
        .filter(|(name, _)| name.ends_with(".css"))
        .collect();
    let rank = |name: &str| match name.rsplit('/').next().unwrap_or(name) {
        "site.css" => 0,
        "islands.css" => 1,
        _ => 2,
    };
    sheets.sort_by(|a, b| (rank(&a.0), &a.0).cmp(&(rank(&b.0), &b.0)));
    let css: String = sheets
        .into_iter()
        .map(|(_, text)| text)
        .collect::<Vec<_>>()
        .join("\n");
    let css_path = format!("assets/{}", hashed("site.css", css.as_bytes()));
    files.push(Page {
        path: css_path.clone(),
        bytes: css.into_bytes(),
    });
    Ok(Assets {
        files,
        css: format!("/{css_path}"),
        media,
    })
}
