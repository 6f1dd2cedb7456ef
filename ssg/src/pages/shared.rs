//! What every page of a language shares, built once for many renders ([`crate::Site`]): the
//! merged string table (`content/strings` with the CMS's general-content overrides), the
//! services, the links and offices of header and footer, and the islands' configuration.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, Mutex};

use minijinja::{Value, context};
use serde::Serialize;
use serde_json::json;
use sha2::{Digest, Sha256};

use super::{Alternate, PageMeta, ServiceView, v};
use crate::assets::Assets;
use crate::config::SiteConfig;
use crate::content::{Content, hex};
use crate::islands::Islands;
use crate::localized::Localized;
use crate::model::{SiteData, pick};
use crate::routes::{Lang, Route};

/// The per-language data many pages share.
pub(crate) struct Shared {
    pub strings: serde_json::Value,
    pub services: Vec<ServiceView>,
    pub base: Value,
    /// The merged table as the islands' client loads it, and where.
    pub strings_json: String,
    pub strings_url: String,
    /// The header and footer by menu section, as rendered once ([`crate::Site`]'s `chrome`).
    pub chrome: Mutex<HashMap<String, Arc<[String; 2]>>>,
    /// The shared partials, as rendered once ([`crate::Site`]'s `shared_partials`).
    pub partials: Mutex<Option<Value>>,
}

impl Shared {
    /// Everything per language that many pages share, for `data`'s services and general
    /// content and the footer's `year`.
    pub(crate) fn new(
        content: &Content,
        config: &SiteConfig,
        assets: &Assets,
        islands: &dyn Islands,
        data: &SiteData,
        lang: Lang,
        year: i32,
    ) -> Shared {
        let mut strings = content.strings[&Lang::En].clone();
        if lang == Lang::Ar {
            merge(&mut strings, &content.strings[&Lang::Ar]);
        }
        // The general content's English, where an Arabic page shows it for want of Arabic.
        let mut english = BTreeSet::new();
        for entry in &data.general_content {
            let value = pick(lang, &entry.values, entry.values_ar.as_deref());
            if set_path(&mut strings, &entry.name, value.text()) && value.foreign().is_some() {
                english.insert(entry.name.clone());
            }
        }
        let services: Vec<ServiceView> = data
            .services
            .iter()
            .map(|s| ServiceView::new(s, lang))
            .collect();
        let l = |route: Route| route.url(lang);
        let links = json!({
            "home": l(Route::Home), "about": l(Route::About), "services": l(Route::Services), "airport": l(Route::Airport),
            "partnership": l(Route::Partnership), "contact": l(Route::Contact), "blogs": l(Route::Blogs(1)),
            "destinations": l(Route::Destinations), "search": l(Route::Search),
            "privacy": l(Route::Document("privacy-policy")), "terms": l(Route::Document("terms-services")),
            "cookies": l(Route::Document("cookies-policy")), "feed": format!("{}/feed.xml", lang.prefix()),
        });
        let offices: Vec<OfficeView> = content
            .offices
            .iter()
            .map(|o| OfficeView {
                key: &o.key,
                country: pick(lang, &o.country, Some(&o.country_ar)),
                city: pick(lang, &o.city, Some(&o.city_ar)),
                address: pick(lang, &o.address, Some(&o.address_ar)),
                phone: &o.phone,
                map_url: &o.map_url,
            })
            .collect();
        let year = year.to_string();
        let strings_json = serde_json::to_string(&strings).expect("strings serialise");
        let strings_url = format!(
            "/assets/islands/strings/{}-{}.json",
            lang.code(),
            hex(&Sha256::digest(strings_json.as_bytes())[..5])
        );
        let island_config = json!({
            "lang": lang.code(), "strings": strings_url, "apiKey": config.api_key, "apiBase": "/api/v1",
            "gtmId": config.gtm_id, "links": links,
        });
        let base = context! {
            csp => crate::csp::PLACEHOLDER,
            lang => lang.code(),
            dir => lang.dir(),
            other_lang => lang.other().code(),
            locale => lang.locale(),
            t => template_strings(&strings, "", &english),
            links => v(&links),
            offices => v(&offices),
            services => v(&services),
            config => v(&config),
            css => assets.css.clone(),
            media => v(&assets.media),
            year => year,
            islands_head => Value::from_safe_string(islands.head()),
            fonts => islands.fonts(),
            islands => islands.enabled(),
            island_config => Value::from_safe_string(json_for_script(&island_config)),
            airports => v(&content.airports),
        };
        Shared {
            strings,
            services,
            base,
            strings_json,
            strings_url,
            chrome: Mutex::default(),
            partials: Mutex::default(),
        }
    }

    /// A string of the merged table by dotted key (empty when missing).
    pub(crate) fn string(&self, key: &str) -> String {
        key.split('.')
            .try_fold(&self.strings, |v, k| v.get(k))
            .and_then(|v| v.as_str())
            .unwrap_or_default()
            .to_owned()
    }

    pub(crate) fn meta(
        &self,
        key: &str,
        route: Route,
        lang: Lang,
        config: &SiteConfig,
    ) -> PageMeta {
        let alternates = Lang::ALL
            .iter()
            .map(|l| Alternate {
                hreflang: l.code(),
                href: format!("{}{}", config.site_url, route.url(*l)),
            })
            .collect();
        PageMeta {
            title: self.string(&format!("meta.{key}.title")),
            description: self.string(&format!("meta.{key}.description")),
            canonical: Some(format!("{}{}", config.site_url, route.url(lang))),
            x_default: format!("{}{}", config.site_url, route.url(Lang::En)),
            alternates,
            keywords: None,
            og_type: "website",
            image: None,
            noindex: false,
        }
    }
}

/// Deep-merges `over` into `base` (strings of `over` win; missing keys keep `base`'s).
fn merge(base: &mut serde_json::Value, over: &serde_json::Value) {
    match (base, over) {
        (serde_json::Value::Object(b), serde_json::Value::Object(o)) => {
            for (k, v) in o {
                match b.get_mut(k) {
                    Some(existing) => merge(existing, v),
                    None => {
                        b.insert(k.clone(), v.clone());
                    }
                }
            }
        }
        (b, o) => *b = o.clone(),
    }
}

/// Sets a string at a dotted path, only where the table already has a string there; says
/// whether it did.
fn set_path(table: &mut serde_json::Value, path: &str, value: &str) -> bool {
    let mut node = table;
    let mut parts = path.split('.').peekable();
    while let Some(part) = parts.next() {
        let Some(next) = node.get_mut(part) else {
            return false;
        };
        if parts.peek().is_none() {
            if next.is_string() {
                *next = serde_json::Value::String(value.to_owned());
                return true;
            }
            return false;
        }
        node = next;
    }
    false
}

/// The string table as templates read it (`t`): the strings at the dotted paths in `english`
/// (general content an Arabic page shows in English) are English [`Localized`] texts, which
/// templates mark wherever they show them; every other string is the table's.
fn template_strings(table: &serde_json::Value, path: &str, english: &BTreeSet<String>) -> Value {
    if english.is_empty() {
        return v(table);
    }
    let at = |key: &str| {
        if path.is_empty() {
            key.to_owned()
        } else {
            format!("{path}.{key}")
        }
    };
    match table {
        serde_json::Value::Object(map) => Value::from(
            map.iter()
                .map(|(key, value)| (key.clone(), template_strings(value, &at(key), english)))
                .collect::<BTreeMap<String, Value>>(),
        ),
        serde_json::Value::Array(items) => Value::from(
            items
                .iter()
                .enumerate()
                .map(|(i, value)| template_strings(value, &at(&i.to_string()), english))
                .collect::<Vec<Value>>(),
        ),
        serde_json::Value::String(text) if english.contains(path) => {
            v(&Localized::new(text.as_str(), Lang::En, Lang::Ar))
        }
        other => v(other),
    }
}

/// An office, as the header, footer and pages show it.
#[derive(Serialize)]
struct OfficeView<'a> {
    key: &'a str,
    country: Localized,
    city: Localized,
    address: Localized,
    phone: &'a str,
    map_url: &'a str,
}

/// JSON safe inside a `<script>` element (no `</script>` or `<!--` can appear).
fn json_for_script(value: &serde_json::Value) -> String {
    value
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{merge, set_path};

    #[test]
    fn arabic_strings_fall_back_to_english_and_general_content_overrides_by_key() {
        let mut en = json!({"site": {"phone": "1", "name": "Dar Wasl"}, "only_en": "x"});
        merge(&mut en, &json!({"site": {"name": "دار وصل"}}));
        assert_eq!(
            en,
            json!({"site": {"phone": "1", "name": "دار وصل"}, "only_en": "x"})
        );
        assert!(set_path(&mut en, "site.phone", "+971 4 000 0000"));
        assert!(!set_path(&mut en, "site.unknown", "ignored"));
        assert!(!set_path(&mut en, "site", "not a string slot"));
        assert_eq!(en["site"]["phone"], "+971 4 000 0000");
        assert!(en["site"].get("unknown").is_none());
    }
}
