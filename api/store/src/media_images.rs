//! What the database knows of the uploaded images: their size and, once made, their variants,
//! by the URL pages show them at.

use std::collections::HashMap;

use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use ssg::model::ImageInfo;

use crate::entities::media_image;

/// The public URL of the stored file `name`.
pub fn public_url(name: &str) -> String {
    format!("/media/{name}")
}

/// What the pages know of a recorded image: its size, and its variants once they are made.
pub fn info_of(row: &media_image::Model) -> Option<ImageInfo> {
    if let Some(info) = row
        .info
        .as_deref()
        .and_then(|i| serde_json::from_str::<ImageInfo>(i).ok())
    {
        return Some(info);
    }
    let (width, height) = (row.width?, row.height?);
    Some(ImageInfo {
        width: u32::try_from(width).ok()?,
        height: u32::try_from(height).ok()?,
        ..Default::default()
    })
}

/// What the media store knows of every recorded image, by its public URL.
pub async fn infos(db: &impl ConnectionTrait) -> anyhow::Result<HashMap<String, ImageInfo>> {
    let rows = media_image::Entity::find().all(db).await?;
    Ok(by_url(&rows))
}

/// What the media store knows of the images at `urls`, by URL.
pub async fn infos_of<'u>(
    db: &impl ConnectionTrait,
    urls: impl IntoIterator<Item = &'u str>,
) -> anyhow::Result<HashMap<String, ImageInfo>> {
    let mut names: Vec<&str> = urls
        .into_iter()
        .filter_map(|u| u.strip_prefix("/media/"))
        .collect();
    names.sort_unstable();
    names.dedup();
    let mut rows = Vec::new();
    for chunk in names.chunks(500) {
        rows.extend(
            media_image::Entity::find()
                .filter(media_image::Column::Name.is_in(chunk.iter().copied()))
                .all(db)
                .await?,
        );
    }
    Ok(by_url(&rows))
}

fn by_url(rows: &[media_image::Model]) -> HashMap<String, ImageInfo> {
    rows.iter()
        .filter_map(|row| Some((public_url(&row.name), info_of(row)?)))
        .collect()
}
