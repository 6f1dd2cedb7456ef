//! A service's page (`/services/{id}`), and the service as every page's menu shows it.

use minijinja::{Value, context};
use serde::Serialize;

use super::{PageMeta, RenderContext, v};
use crate::localized::Localized;
use crate::model::pick;
use crate::picture::{Picture, Slot};
use crate::routes::{Lang, Route};

/// The service's page: `None` when the service is gone.
pub(super) fn data(cx: &RenderContext, id: i32, meta: &mut PageMeta) -> Option<Value> {
    let service = cx.shared.services.iter().find(|s| s.id == id)?;
    meta.title = format!(
        "{} | {}",
        service.name.text(),
        cx.shared.string("site.name")
    );
    meta.description = service.description.text().to_owned();
    let model = cx.data.services.iter().find(|s| s.id == id)?;
    let hero = Picture::new(
        &model.image_url,
        model.image.as_ref(),
        Slot::Split,
        true,
        cx.lang,
    );
    meta.image = Some(super::absolute(&cx.config.site_url, &hero.src));
    Some(context! { service => v(service), hero => v(&hero) })
}

#[derive(Serialize, Clone)]
pub(crate) struct ServiceView {
    /// Shown with a "Coming soon" overlay: the service's own flag, set in the admin.
    coming_soon: bool,
    pub id: i32,
    pub name: Localized,
    pub description: Localized,
    content: Localized,
    /// As a card of the services grid.
    image: Picture,
    color: String,
    url: String,
    items: Vec<ItemView>,
}

/// A service list item, as the service's page and the services explorer show it.
#[derive(Serialize, Clone)]
struct ItemView {
    id: i32,
    name: Localized,
    description: Localized,
    image: Picture,
    tone: String,
}

impl ServiceView {
    pub(crate) fn new(s: &crate::model::Service, lang: Lang) -> Self {
        ServiceView {
            coming_soon: s.coming_soon,
            id: s.id,
            name: pick(lang, &s.name, s.name_ar.as_deref()),
            description: pick(lang, &s.description, s.description_ar.as_deref()),
            content: pick(lang, &s.content, s.content_ar.as_deref()),
            image: Picture::new(&s.image_url, s.image.as_ref(), Slot::Card, false, lang),
            color: s.color.clone(),
            url: Route::Service(s.id).url(lang),
            items: s
                .items
                .iter()
                .map(|i| ItemView {
                    id: i.id,
                    name: pick(lang, &i.name, i.name_ar.as_deref()),
                    description: pick(lang, &i.description, i.description_ar.as_deref()),
                    image: Picture::new(&i.image_url, i.image.as_ref(), Slot::Item, false, lang),
                    tone: i.title_bg_class.clone(),
                })
                .collect(),
        }
    }
}
