//! The uploaded images' rows (their size and, once made, their variants: the site's data reads
//! them by the URL pages show them at), and the media library's pages.

use std::collections::HashMap;

use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use crate::entities::media_image;

/// Every recorded image (the pages' image information is made from these where the site is
/// published).
pub async fn all(db: &impl ConnectionTrait) -> Result<Vec<media_image::Model>, sea_orm::DbErr> {
    media_image::Entity::find().all(db).await
}

/// The recorded images at `urls` (the `/media/` ones among them).
pub async fn at<'u>(
    db: &impl ConnectionTrait,
    urls: impl IntoIterator<Item = &'u str>,
) -> Result<Vec<media_image::Model>, sea_orm::DbErr> {
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
    Ok(rows)
}

/// What the media library lists: the files uploaded under a name containing `q` (any case),
/// of these types (every type when empty), only those nothing shows, or the trash instead.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct LibraryFilter {
    pub q: Option<String>,
    pub kinds: Vec<concierge_core::domain::media::MediaType>,
    pub unused: bool,
    pub deleted: bool,
}

/// A page of the library, newest first (the trash: last deleted first), each file with how many
/// places show it; and how many files the filter finds.
pub async fn library(
    db: &impl ConnectionTrait,
    filter: &LibraryFilter,
    page: concierge_core::domain::page::Paging,
) -> Result<(Vec<(media_image::Model, u64)>, u64), concierge_core::error::ApiError> {
    use sea_orm::QueryOrder;
    use sea_orm::sea_query::{Condition, Expr, ExprTrait, Func};
    let mut select = media_image::Entity::find();
    select = if filter.deleted {
        select
            .filter(media_image::Column::DeletedAt.is_not_null())
            .order_by_desc(media_image::Column::DeletedAt)
    } else {
        select
            .filter(media_image::Column::DeletedAt.is_null())
            .order_by_desc(media_image::Column::CreatedAt)
    };
    select = select.order_by_asc(media_image::Column::Name);
    if let Some(q) = &filter.q {
        select = select.filter(
            Expr::expr(Func::lower(Expr::col(media_image::Column::OriginalName)))
                .like(crate::contains(&q.to_lowercase())),
        );
    }
    if !filter.kinds.is_empty() {
        let mut any = Condition::any();
        for ext in filter.kinds.iter().flat_map(|k| k.extensions()) {
            any = any.add(media_image::Column::Name.ends_with(format!(".{ext}")));
        }
        select = select.filter(any);
    }
    if filter.unused {
        select = select.filter(Expr::cust(
            "NOT EXISTS (SELECT 1 FROM media_usage WHERE media_usage.media_name = media_images.name)",
        ));
    }
    let (rows, total) = crate::page_of(db, select, page).await?;
    let counts = usage_counts(db, rows.iter().map(|r| r.name.as_str())).await?;
    let rows = rows
        .into_iter()
        .map(|row| {
            let used = counts.get(&row.name).copied().unwrap_or(0);
            (row, used)
        })
        .collect();
    Ok((rows, total))
}

/// How many places show each of `names` (those shown nowhere are left out).
async fn usage_counts<'n>(
    db: &impl ConnectionTrait,
    names: impl IntoIterator<Item = &'n str>,
) -> Result<HashMap<String, u64>, sea_orm::DbErr> {
    use crate::entities::media_usage;
    use sea_orm::QuerySelect;
    let names: Vec<&str> = names.into_iter().collect();
    if names.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(String, i64)> = media_usage::Entity::find()
        .select_only()
        .column(media_usage::Column::MediaName)
        .column_as(media_usage::Column::Field.count(), "used")
        .filter(media_usage::Column::MediaName.is_in(names))
        .group_by(media_usage::Column::MediaName)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(name, used)| (name, u64::try_from(used).unwrap_or(0)))
        .collect())
}
