//! The home page: banners, services, reviews, the latest blogs, the airport and partnership
//! teasers, and the organisation's JSON-LD.

use minijinja::{Value, context};
use serde::Serialize;
use serde_json::json;

use super::blogs::CardView;
use super::{RenderContext, bilingual, v};
use crate::localized::Localized;
use crate::model::pick;
use crate::picture::{Picture, Slot};
use crate::plan::cards_shown;
use crate::routes::{Lang, Route};

/// A banner, as the banner carousel shows it.
#[derive(Serialize)]
struct BannerView {
    title: Localized,
    sub_title: Localized,
    image: Picture,
    url: String,
}

/// A client review, as the review carousel shows it.
#[derive(Serialize)]
struct ReviewView {
    name: Localized,
    title: Localized,
    text: Localized,
    image: Picture,
}

pub(super) fn data(cx: &RenderContext) -> Value {
    let (data, lang, shared) = (cx.data, cx.lang, cx.shared);
    let banners: Vec<BannerView> = data
        .banners
        .iter()
        .map(|b| BannerView {
            title: pick(lang, &b.title, b.title_ar.as_deref()),
            sub_title: pick(lang, &b.sub_title, b.sub_title_ar.as_deref()),
            image: Picture::new(&b.banner_url, b.image.as_ref(), Slot::Banner, false, lang),
            url: localize_url(&b.web_url, lang),
        })
        .collect();
    let reviews: Vec<ReviewView> = data
        .reviews
        .iter()
        .map(|r| ReviewView {
            name: pick(lang, &r.name, r.name_ar.as_deref()),
            title: pick(lang, &r.title, r.title_ar.as_deref()),
            text: pick(lang, &r.description, r.description_ar.as_deref()),
            image: Picture::new(&r.image_url, r.image.as_ref(), Slot::Avatar, false, lang),
        })
        .collect();
    let blogs: Vec<CardView> = cards_shown(&Route::Home, data)
        .iter()
        .map(|b| CardView::new(cx, b))
        .collect();
    let airport = super::airport::services(cx);
    let partnership = cx
        .content
        .copy
        .partnership
        .sections
        .first()
        .map(|s| bilingual(s, lang));
    let json_ld = json!({
        "@context": "https://schema.org", "@type": "Organization",
        "name": shared.string("site.name"), "url": format!("{}{}", cx.config.site_url, Route::Home.url(lang)),
        "logo": cx.media.get("logo-mark.svg").map(|u| format!("{}{u}", cx.config.site_url)),
        "telephone": shared.string("site.phone"), "email": shared.string("site.email"),
        "description": shared.string("meta.home.description"),
        "areaServed": ["SA", "AE", "BH", "QA", "GB", "IN"],
        "address": cx.content.offices.iter().map(|o| json!({
            "@type": "PostalAddress", "streetAddress": pick(lang, &o.address, Some(&o.address_ar)).text(),
            "addressLocality": pick(lang, &o.city, Some(&o.city_ar)).text(), "addressCountry": pick(lang, &o.country, Some(&o.country_ar)).text(),
        })).collect::<Vec<_>>(),
    });
    context! {
        banners => v(&banners), reviews => v(&reviews),
        blogs => v(&blogs), airport => v(&airport),
        partnership => v(&partnership), json_ld => v(&json_ld),
    }
}

/// Site paths in Arabic pages point at the Arabic counterpart.
fn localize_url(url: &str, lang: Lang) -> String {
    if lang == Lang::Ar
        && url.starts_with('/')
        && !url.starts_with("/ar/")
        && !url.starts_with("/media/")
    {
        format!("/ar{}", if url == "/" { "" } else { url })
    } else {
        url.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::localize_url;
    use crate::routes::Lang;

    #[test]
    fn arabic_pages_link_to_arabic_counterparts() {
        assert_eq!(localize_url("/services", Lang::Ar), "/ar/services");
        assert_eq!(localize_url("/", Lang::Ar), "/ar");
        assert_eq!(
            localize_url("https://x.example", Lang::Ar),
            "https://x.example"
        );
        assert_eq!(localize_url("/services", Lang::En), "/services");
    }
}
