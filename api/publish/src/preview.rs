//! A page as it would be published with an item's pending changes (or with the values on an
//! editor's screen saved over them): the item is saved and published inside a transaction that
//! is rolled back once the site's data is read, so the preview is made by the same code,
//! templates and islands as the site itself, and nothing is published.

use chrono::{DateTime, Utc};
use serde_json::{Map, Value};
use ssg::routes::{Lang, Route};

use crate::data::{load_blogs, load_data};
use crate::site::Publisher;
use concierge_core::domain::rules::catalog;
use concierge_core::error::ApiError;
use concierge_core::roles::Writes;
use concierge_store::Db;

/// Values on an editor's screen, and how their role's saves are stored.
#[derive(Debug)]
pub struct Unsaved {
    pub fields: Map<String, Value>,
    pub writes: Writes,
}

/// The page that shows item `id` of `kind` in `lang`, published with its pending changes, or
/// with `unsaved` saved over them first: a blog's own page, a service's page (a list item's
/// service's), a destination's page, the home page for the kinds shown only there. 409 when no page shows it.
pub async fn page(
    publisher: &Publisher,
    db: &Db,
    kind: &str,
    id: i32,
    unsaved: Option<Unsaved>,
    lang: Lang,
    now: DateTime<Utc>,
) -> Result<Vec<u8>, ApiError> {
    let txn = db.begin().await?;
    let view = concierge_app::with_kind!(kind, K => async {
        use concierge_app::content::items;
        if let Some(Unsaved { fields, writes }) = unsaved {
            items::save::<K>(&txn, Some(id), fields, writes, None, now).await?;
        }
        items::publish::<K>(&txn, id, None, now).await
    }.await)?;
    let data = load_data(&txn).await?;
    let route = match kind {
        "blog" => Route::Blog {
            slug: view["slug"].as_str().unwrap_or_default().to_owned(),
            id,
        },
        "service" => Route::Service(id),
        "service-list" => Route::Service(view["our_service_id"].as_i64().unwrap_or(0) as i32),
        "destination" => Route::Destination(view["slug"].as_str().unwrap_or_default().to_owned()),
        _ => Route::Home,
    };
    let bodies = ssg::plan::Target::Page(route.clone()).bodies(&data);
    let blogs = load_blogs(&txn, bodies).await?;
    txn.rollback().await?;
    publisher
        .render_one(&data, &blogs, route, lang)
        .await?
        .ok_or_else(|| ApiError::Conflict(catalog().messages.preview_no_page.clone()))
}
