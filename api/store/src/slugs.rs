//! The URLs of destinations (`/destinations/{slug}`): each destination's slug its own, and the
//! old URLs of renamed ones (`destination_redirects`), which redirect to the current one.

use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use crate::entities::{destination, destination_redirect};

/// Whether `slug` is another destination's than `except`'s (deleted ones keep theirs: a
/// restore brings its page back at its URL).
pub async fn destination_slug_taken(
    db: &impl ConnectionTrait,
    slug: &str,
    except: Option<i32>,
) -> Result<bool, sea_orm::DbErr> {
    let mut query = destination::Entity::find().filter(destination::Column::Slug.eq(slug));
    if let Some(id) = except {
        query = query.filter(destination::Column::Id.ne(id));
    }
    Ok(query.one(db).await?.is_some())
}

/// After destination `id` took the URL `new` (`old`: the one it had, on a rename): `new` is
/// nobody's old URL any more (the page there is the destination's own), and `old` redirects
/// to it.
pub async fn destination_moved(
    db: &impl ConnectionTrait,
    id: i32,
    old: Option<&str>,
    new: &str,
    now: DateTime<Utc>,
) -> Result<(), sea_orm::DbErr> {
    destination_redirect::Entity::delete_many()
        .filter(destination_redirect::Column::Slug.is_in([Some(new), old].into_iter().flatten()))
        .exec(db)
        .await?;
    if let Some(old) = old {
        destination_redirect::ActiveModel {
            destination_id: Set(id),
            slug: Set(old.to_owned()),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

/// Every destination's old URL.
pub async fn destination_redirects(
    db: &impl ConnectionTrait,
) -> Result<Vec<destination_redirect::Model>, sea_orm::DbErr> {
    destination_redirect::Entity::find().all(db).await
}
