//! `Site`: templates, content and configuration, ready to render any [`Target`] for a
//! snapshot of the CMS data. Rendering is parallel; each page gets only the data it shows.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, Result};
use include_dir::{Dir, include_dir};
use minijinja::{Environment, UndefinedBehavior, Value, context};
use rayon::prelude::*;
use serde::Serialize;
use serde_json::json;
use sha2::{Digest, Sha256};

use crate::content::{Content, hex};
use crate::model::{Blog, BlogCard, SiteData, pick};
use crate::page::Page;
use crate::plan::{BLOGS_PER_PAGE, HOME_BLOGS, Target, listing_pages};
use crate::routes::{Lang, Route};
use crate::text::{escape_html, interpolate, long_date, truncate};
use crate::{islands::Islands, xml};

static TEMPLATES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/templates");
static ASSETS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets");

/// Where templates and the stylesheet come from: the binary, or the source tree (watch mode).
#[derive(Clone, Debug)]
pub enum Templates {
    Embedded,
    Dir(PathBuf),
}

impl Templates {
    /// `ssg/` of this source tree.
    pub fn source_dir() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }

    fn files(&self, sub: &str) -> Result<Vec<(String, String)>> {
        let mut files = match self {
            Templates::Embedded => {
                let dir = if sub == "templates" {
                    &TEMPLATES
                } else {
                    &ASSETS
                };
                let mut out = Vec::new();
                collect(dir, &mut out);
                out
            }
            Templates::Dir(root) => {
                let dir = root.join(sub);
                crate::walk::files(&dir)?
                    .into_iter()
                    .map(|name| {
                        let path = dir.join(&name);
                        let text = std::fs::read_to_string(&path)
                            .with_context(|| format!("Failed to read {}", path.display()))?;
                        Ok((name, text))
                    })
                    .collect::<Result<_>>()?
            }
        };
        files.sort();
        Ok(files)
    }
}

fn collect(dir: &Dir<'static>, out: &mut Vec<(String, String)>) {
    for file in dir.files() {
        if let Some(text) = file.contents_utf8() {
            out.push((file.path().to_string_lossy().into_owned(), text.to_owned()));
        }
    }
    for sub in dir.dirs() {
        collect(sub, out);
    }
}

/// Settings that end up in pages.
#[derive(Clone, Debug, Serialize)]
pub struct SiteConfig {
    /// Canonical base URL, without a trailing slash.
    pub site_url: String,
    pub customer_login_url: String,
    pub gtm_id: Option<String>,
    /// The public API key the islands send.
    pub api_key: String,
    /// Pages reload themselves when the site is rebuilt (`concierge watch`).
    pub live_reload: bool,
}

/// One target's pages, or why it could not be rendered.
pub type Rendered<'t> = (&'t Target, Result<Vec<Page>>);

/// The stylesheet and artwork under content-hashed names.
struct Assets {
    files: Vec<Page>,
    css: String,
    media: BTreeMap<String, String>,
}

fn hashed(name: &str, bytes: &[u8]) -> String {
    let hash = hex(&Sha256::digest(bytes)[..5]);
    match name.rsplit_once('.') {
        Some((stem, ext)) => format!("{stem}-{hash}.{ext}"),
        None => format!("{name}-{hash}"),
    }
}

fn build_assets(content: &Content, templates: &Templates) -> Result<Assets> {
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

pub struct Site {
    content: Content,
    config: SiteConfig,
    env: Environment<'static>,
    assets: Assets,
    islands: Arc<dyn Islands>,
    fingerprint: String,
}

impl Site {
    pub fn new(
        content: Content,
        config: SiteConfig,
        templates: &Templates,
        islands: Arc<dyn Islands>,
    ) -> Result<Site> {
        let mut env = Environment::new();
        env.set_undefined_behavior(UndefinedBehavior::Strict);
        env.set_syntax(
            minijinja::syntax::SyntaxConfig::builder()
                .trim_blocks(true)
                .lstrip_blocks(true)
                .build()?,
        );
        let mut hasher = Sha256::new();
        for (name, source) in templates.files("templates")? {
            hasher.update(name.as_bytes());
            hasher.update(source.as_bytes());
            env.add_template_owned(name.clone(), source)
                .with_context(|| format!("Failed to parse template {name}"))?;
        }
        let islands_for_env = islands.clone();
        env.add_function(
            "island",
            move |name: String, lang: String, props: Value| -> Result<Value, minijinja::Error> {
                let lang = if lang == "ar" { Lang::Ar } else { Lang::En };
                let props: serde_json::Value = serde_json::to_value(&props).map_err(|e| {
                    minijinja::Error::new(minijinja::ErrorKind::InvalidOperation, e.to_string())
                })?;
                islands_for_env
                    .render(&name, lang, &props)
                    .map(|html| Value::from_safe_string(html.unwrap_or_default()))
                    .map_err(|e| {
                        minijinja::Error::new(
                            minijinja::ErrorKind::InvalidOperation,
                            format!("island {name}: {e:#}"),
                        )
                    })
            },
        );
        env.add_filter("tr", |text: String, values: Value| -> String {
            let mut pairs = Vec::new();
            if let Ok(keys) = values.try_iter() {
                for key in keys {
                    if let (Some(k), Ok(v)) = (key.as_str(), values.get_item(&key)) {
                        pairs.push((k.to_owned(), v.to_string()));
                    }
                }
            }
            let pairs: Vec<(&str, String)> =
                pairs.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
            interpolate(&text, &pairs)
        });
        // HTML escaping of `& < > " '` only (minijinja also escapes `/`, which every URL has).
        env.set_formatter(|out, state, value| {
            if *state.auto_escape() != minijinja::AutoEscape::None
                && !value.is_safe()
                && let Some(text) = value.as_str()
            {
                return out
                    .write_str(&escape_html(text))
                    .map_err(minijinja::Error::from);
            }
            minijinja::escape_formatter(out, state, value)
        });
        env.add_filter("tel", |phone: String| -> String {
            let digits: String = phone
                .chars()
                .filter(|c| c.is_ascii_digit() || *c == '+')
                .collect();
            format!("tel:{digits}")
        });
        env.add_filter("whatsapp", |phone: String| -> String {
            format!(
                "https://wa.me/{}",
                phone
                    .chars()
                    .filter(char::is_ascii_digit)
                    .collect::<String>()
            )
        });
        env.add_filter("two_digits", |n: u32| -> String { format!("{n:02}") });
        let assets = build_assets(&content, templates)?;
        for file in &assets.files {
            hasher.update(file.path.as_bytes());
        }
        hasher.update(content.fingerprint.as_bytes());
        hasher.update(serde_json::to_vec(&config)?);
        hasher.update(islands.fingerprint().as_bytes());
        hasher.update(env!("CARGO_PKG_VERSION").as_bytes());
        let fingerprint = hex(&hasher.finalize()[..12]);
        Ok(Site {
            content,
            config,
            env,
            assets,
            islands,
            fingerprint,
        })
    }

    /// Changes whenever templates, content, assets, islands or settings change: a site built
    /// with another fingerprint needs a full rebuild.
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    /// Renders `targets` in parallel. `blog` gives a blog with its body, by id.
    pub fn render(
        &self,
        data: &SiteData,
        targets: &BTreeSet<Target>,
        blog: &(dyn Fn(i32) -> Option<Blog> + Sync),
    ) -> Result<Vec<Page>> {
        let shared = Lang::ALL.map(|lang| self.shared(data, lang));
        self.islands.prepare(&[
            (Lang::En, shared[0].strings.clone()),
            (Lang::Ar, shared[1].strings.clone()),
        ])?;
        let pages: Vec<Vec<Page>> = targets
            .par_iter()
            .map(|target| self.render_target(data, target, &shared, blog))
            .collect::<Result<_>>()?;
        Ok(pages.into_iter().flatten().collect())
    }

    /// Renders `targets` in parallel, each on its own: one that fails leaves the others'
    /// pages intact (the publisher writes those and reports the failure).
    pub fn render_each<'t>(
        &self,
        data: &SiteData,
        targets: impl IntoParallelIterator<Item = &'t Target>,
        blog: &(dyn Fn(i32) -> Option<Blog> + Sync),
    ) -> Result<Vec<Rendered<'t>>> {
        let shared = Lang::ALL.map(|lang| self.shared(data, lang));
        self.islands.prepare(&[
            (Lang::En, shared[0].strings.clone()),
            (Lang::Ar, shared[1].strings.clone()),
        ])?;
        Ok(targets
            .into_par_iter()
            .map(|target| (target, self.render_target(data, target, &shared, blog)))
            .collect())
    }

    /// The year the footer shows (part of every page's inputs).
    pub fn year() -> i32 {
        use chrono::Datelike;
        chrono::Utc::now().year()
    }

    fn render_target(
        &self,
        data: &SiteData,
        target: &Target,
        shared: &[Shared; 2],
        blog: &(dyn Fn(i32) -> Option<Blog> + Sync),
    ) -> Result<Vec<Page>> {
        let shared = |lang: Lang| &shared[if lang == Lang::En { 0 } else { 1 }];
        let mut pages = Vec::new();
        match target {
            Target::Assets => {
                let mut files = self.assets.files.clone();
                files.extend(self.islands.assets()?);
                for lang in Lang::ALL {
                    let shared = shared(lang);
                    files.push(Page {
                        path: shared.strings_url.trim_start_matches('/').to_owned(),
                        bytes: shared.strings_json.clone().into_bytes(),
                    });
                }
                return Ok(files);
            }
            Target::Robots => pages.push(Page {
                path: "robots.txt".into(),
                bytes: xml::robots(&self.config.site_url).into_bytes(),
            }),
            Target::SitemapIndex => pages.push(Page {
                path: "sitemap.xml".into(),
                bytes: xml::sitemap_index(&self.config.site_url, data).into_bytes(),
            }),
            Target::SitemapPages => pages.push(Page {
                path: "sitemap-pages.xml".into(),
                bytes: xml::sitemap_pages(&self.config.site_url, data).into_bytes(),
            }),
            Target::SitemapBlogs(k) => pages.push(Page {
                path: format!("sitemap-blogs-{k}.xml"),
                bytes: xml::sitemap_blogs(&self.config.site_url, data, *k).into_bytes(),
            }),
            Target::Feeds => {
                for lang in Lang::ALL {
                    let title = format!(
                        "{} — {}",
                        shared(lang).string("site.name"),
                        shared(lang).string("blogs.title")
                    );
                    let path = format!("{}feed.xml", if lang == Lang::Ar { "ar/" } else { "" });
                    pages.push(Page {
                        path,
                        bytes: xml::feed(&self.config.site_url, data, lang, &title).into_bytes(),
                    });
                }
            }
            _ => {
                for lang in Lang::ALL {
                    if let Some(page) = self.render_page(data, target, lang, shared(lang), blog)? {
                        pages.push(page);
                    }
                }
            }
        }
        Ok(pages)
    }

    fn render_page(
        &self,
        data: &SiteData,
        target: &Target,
        lang: Lang,
        shared: &Shared,
        blog: &(dyn Fn(i32) -> Option<Blog> + Sync),
    ) -> Result<Option<Page>> {
        let (template, route, page, extra): (&str, Option<Route>, PageMeta, Value) = match target {
            Target::Page(Route::Home) => (
                "home.html",
                Some(Route::Home),
                shared.meta("home", Route::Home, lang, &self.config),
                self.home(data, lang, shared),
            ),
            Target::Page(Route::About) => (
                "about.html",
                Some(Route::About),
                shared.meta("about", Route::About, lang, &self.config),
                self.about(lang),
            ),
            Target::Page(Route::Services) => (
                "services.html",
                Some(Route::Services),
                shared.meta("services", Route::Services, lang, &self.config),
                Value::UNDEFINED,
            ),
            Target::Page(Route::Service(id)) => {
                let Some(service) = shared.services.iter().find(|s| s.id == *id) else {
                    return Ok(None);
                };
                let mut meta = shared.meta("services", Route::Service(*id), lang, &self.config);
                meta.title = format!("{} | {}", service.name, shared.string("site.name"));
                meta.description = service.description.clone();
                (
                    "service.html",
                    Some(Route::Service(*id)),
                    meta,
                    context! { service => v(service) },
                )
            }
            Target::Page(Route::Airport) => (
                "airport.html",
                Some(Route::Airport),
                shared.meta("airport", Route::Airport, lang, &self.config),
                self.airport(lang),
            ),
            Target::Page(Route::Partnership) => (
                "partnership.html",
                Some(Route::Partnership),
                shared.meta("partnership", Route::Partnership, lang, &self.config),
                self.partnership(lang),
            ),
            Target::Page(Route::Contact) => (
                "contact.html",
                Some(Route::Contact),
                shared.meta("contact", Route::Contact, lang, &self.config),
                Value::UNDEFINED,
            ),
            Target::Page(Route::Document(name)) => {
                let doc = &self.content.documents[&(lang, (*name).to_owned())];
                let key = match *name {
                    "privacy-policy" => "privacy",
                    "terms-services" => "terms",
                    _ => "cookies",
                };
                let meta = shared.meta(key, Route::Document(name), lang, &self.config);
                (
                    "document.html",
                    Some(Route::Document(name)),
                    meta,
                    context! { document => v(doc), kind => *name },
                )
            }
            Target::Page(Route::Blogs(n)) => {
                let mut meta = shared.meta("blogs", Route::Blogs(*n), lang, &self.config);
                if *n > 1 {
                    meta.title = format!(
                        "{} · {}",
                        meta.title,
                        interpolate(&shared.string("blogs.page"), &[("page", n.to_string())])
                    );
                }
                (
                    "blogs.html",
                    Some(Route::Blogs(*n)),
                    meta,
                    self.blog_list(data, *n, lang),
                )
            }
            Target::Page(Route::Blog { id, .. }) => {
                let Some(blog) = blog(*id) else {
                    return Ok(None);
                };
                let route = blog.card.route();
                let (meta, view) = self.blog_page(&blog, lang, shared);
                ("blog.html", Some(route), meta, view)
            }
            Target::Redirect { slug, blog_id } => {
                let Some(card) = data.blog(*blog_id) else {
                    return Ok(None);
                };
                let from = Route::Blog {
                    slug: slug.clone(),
                    id: *blog_id,
                };
                let to = card.route();
                let target_url = to.url(lang);
                let html = self.env.get_template("redirect.html")?.render(context! {
                    lang => lang.code(), dir => lang.dir(), url => target_url,
                    canonical => format!("{}{}", self.config.site_url, to.url(lang)),
                    title => pick(lang, &card.name, card.name_ar.as_deref()),
                })?;
                return Ok(Some(Page {
                    path: from.file(lang),
                    bytes: html.into_bytes(),
                }));
            }
            Target::NotFound => {
                let mut meta = shared.meta("notFound", Route::Home, lang, &self.config);
                meta.canonical = None;
                meta.alternates.clear();
                meta.noindex = true;
                let path = if lang == Lang::Ar {
                    "ar/404.html"
                } else {
                    "404.html"
                };
                let html = self.page(
                    "not_found.html",
                    lang,
                    shared,
                    &meta,
                    None,
                    Value::UNDEFINED,
                )?;
                return Ok(Some(Page {
                    path: path.into(),
                    bytes: html.into_bytes(),
                }));
            }
            other => anyhow::bail!("{other:?} is not a page"),
        };
        let route = route.expect("pages have routes");
        let html = self
            .page(template, lang, shared, &page, Some(&route), extra)
            .with_context(|| format!("Failed to render {}", route.url(lang)))?;
        Ok(Some(Page {
            path: route.file(lang),
            bytes: html.into_bytes(),
        }))
    }

    fn page(
        &self,
        template: &str,
        lang: Lang,
        shared: &Shared,
        meta: &PageMeta,
        route: Option<&Route>,
        extra: Value,
    ) -> Result<String> {
        let switch_url = route
            .map(|r| r.url(lang.other()))
            .unwrap_or_else(|| Route::Home.url(lang.other()));
        let ctx = context! {
            ..shared.base.clone(),
            ..context! {
                page => v(meta),
                switch_url => switch_url,
                section => route.map(nav_section).unwrap_or_default(),
                data => extra,
            }
        };
        let html = self.env.get_template(template)?.render(ctx)?;
        Ok(crate::csp::fill(html, self.config.gtm_id.is_some()))
    }

    /// Everything per language that many pages share, built once per render.
    fn shared(&self, data: &SiteData, lang: Lang) -> Shared {
        let mut strings = self.content.strings[&Lang::En].clone();
        if lang == Lang::Ar {
            merge(&mut strings, &self.content.strings[&Lang::Ar]);
        }
        for entry in &data.general_content {
            let value = pick(lang, &entry.values, entry.values_ar.as_deref());
            set_path(&mut strings, &entry.name, value);
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
            "privacy": l(Route::Document("privacy-policy")), "terms": l(Route::Document("terms-services")),
            "cookies": l(Route::Document("cookies-policy")), "feed": format!("{}/feed.xml", lang.prefix()),
        });
        let offices: Vec<serde_json::Value> = self
            .content
            .offices
            .iter()
            .map(|o| json!({
                "key": o.key, "country": pick(lang, &o.country, Some(&o.country_ar)), "city": pick(lang, &o.city, Some(&o.city_ar)),
                "address": pick(lang, &o.address, Some(&o.address_ar)), "phone": o.phone, "lat": o.lat, "lng": o.lng, "map_url": o.map_url,
            }))
            .collect();
        let year = Site::year().to_string();
        let strings_json = serde_json::to_string(&strings).expect("strings serialise");
        let strings_url = format!(
            "/assets/islands/strings/{}-{}.json",
            lang.code(),
            hex(&Sha256::digest(strings_json.as_bytes())[..5])
        );
        let island_config = json!({
            "lang": lang.code(), "strings": strings_url, "apiKey": self.config.api_key, "apiBase": "/api/v1",
            "gtmId": self.config.gtm_id, "links": links,
        });
        let base = context! {
            csp => crate::csp::PLACEHOLDER,
            lang => lang.code(),
            dir => lang.dir(),
            other_lang => lang.other().code(),
            locale => lang.locale(),
            t => v(&strings),
            links => v(&links),
            offices => v(&offices),
            services => v(&services),
            config => v(&self.config),
            css => self.assets.css.clone(),
            media => v(&self.assets.media),
            year => year,
            islands_head => Value::from_safe_string(self.islands.head()),
            fonts => self.islands.fonts(),
            islands => self.islands.enabled(),
            island_config => Value::from_safe_string(json_for_script(&island_config)),
            airports => v(&self.content.airports),
        };
        Shared {
            strings,
            services,
            base,
            strings_json,
            strings_url,
        }
    }

    fn home(&self, data: &SiteData, lang: Lang, shared: &Shared) -> Value {
        let banners: Vec<serde_json::Value> = data
            .banners
            .iter()
            .map(|b| json!({
                "title": pick(lang, &b.title, b.title_ar.as_deref()), "sub_title": pick(lang, &b.sub_title, b.sub_title_ar.as_deref()),
                "image": b.banner_url, "url": localize_url(&b.web_url, lang),
            }))
            .collect();
        let reviews: Vec<serde_json::Value> = data
            .reviews
            .iter()
            .map(|r| json!({
                "name": pick(lang, &r.name, r.name_ar.as_deref()), "title": pick(lang, &r.title, r.title_ar.as_deref()),
                "text": pick(lang, &r.description, r.description_ar.as_deref()), "image": r.image_url,
            }))
            .collect();
        let blogs: Vec<CardView> = data
            .blogs
            .iter()
            .take(HOME_BLOGS)
            .map(|b| CardView::new(b, lang))
            .collect();
        let airport: Vec<serde_json::Value> = self
            .content
            .copy
            .airport
            .services
            .iter()
            .map(|s| bilingual(s, lang))
            .collect();
        let partnership = self
            .content
            .copy
            .partnership
            .sections
            .first()
            .map(|s| bilingual(s, lang));
        let json_ld = json!({
            "@context": "https://schema.org", "@type": "Organization",
            "name": shared.string("site.name"), "url": format!("{}{}", self.config.site_url, Route::Home.url(lang)),
            "logo": self.assets.media.get("logo-mark.svg").map(|u| format!("{}{u}", self.config.site_url)),
            "telephone": shared.string("site.phone"), "email": shared.string("site.email"),
            "description": shared.string("meta.home.description"),
            "areaServed": ["SA", "AE", "BH", "QA", "GB", "IN"],
            "address": self.content.offices.iter().map(|o| json!({
                "@type": "PostalAddress", "streetAddress": pick(lang, &o.address, Some(&o.address_ar)),
                "addressLocality": pick(lang, &o.city, Some(&o.city_ar)), "addressCountry": pick(lang, &o.country, Some(&o.country_ar)),
            })).collect::<Vec<_>>(),
        });
        context! {
            banners => v(&banners), reviews => v(&reviews),
            blogs => v(&blogs), airport => v(&airport),
            partnership => v(&partnership), json_ld => v(&json_ld),
        }
    }

    fn about(&self, lang: Lang) -> Value {
        let about = &self.content.copy.about;
        let cards: Vec<serde_json::Value> =
            about.cards.iter().map(|c| bilingual(c, lang)).collect();
        context! { image => about.image.clone(), cards => v(&cards) }
    }

    fn airport(&self, lang: Lang) -> Value {
        let services: Vec<serde_json::Value> = self
            .content
            .copy
            .airport
            .services
            .iter()
            .map(|s| bilingual(s, lang))
            .collect();
        context! { services => v(&services) }
    }

    fn partnership(&self, lang: Lang) -> Value {
        let sections: Vec<serde_json::Value> = self
            .content
            .copy
            .partnership
            .sections
            .iter()
            .map(|s| bilingual(s, lang))
            .collect();
        context! { sections => v(&sections) }
    }

    fn blog_list(&self, data: &SiteData, page: u32, lang: Lang) -> Value {
        let pages = listing_pages(data.blogs.len());
        let start = (page as usize - 1) * BLOGS_PER_PAGE;
        let cards: Vec<CardView> = data
            .blogs
            .iter()
            .skip(start)
            .take(BLOGS_PER_PAGE)
            .map(|b| CardView::new(b, lang))
            .collect();
        let url = |n: u32| Route::Blogs(n).url(lang);
        let numbers: Vec<serde_json::Value> = (1..=pages)
            .map(|n| json!({ "n": n, "url": url(n), "current": n == page }))
            .collect();
        context! {
            cards => v(&cards), page => page, pages => pages,
            prev => (page > 1).then(|| url(page - 1)), next => (page < pages).then(|| url(page + 1)),
            numbers => v(&numbers),
        }
    }

    fn blog_page(&self, blog: &Blog, lang: Lang, shared: &Shared) -> (PageMeta, Value) {
        let card = &blog.card;
        let route = card.route();
        let name = pick(lang, &card.name, card.name_ar.as_deref()).to_owned();
        let fields = BlogMeta::new(blog, lang, &shared.string("site.name"));
        let description = fields.description;
        let mut meta = shared.meta("blogs", route.clone(), lang, &self.config);
        meta.title = fields.title;
        meta.description = description.clone();
        meta.keywords = fields.keywords;
        meta.og_type = "article";
        meta.image = Some(absolute(&self.config.site_url, &card.image_url));
        let html = pick(lang, &blog.description, blog.description_ar.as_deref()).to_owned();
        let json_ld = json!({
            "@context": "https://schema.org", "@type": "BlogPosting", "headline": name, "description": description,
            "image": absolute(&self.config.site_url, &card.image_url), "inLanguage": lang.code(),
            "datePublished": card.created_at.to_rfc3339(), "dateModified": card.updated_at.to_rfc3339(),
            "mainEntityOfPage": format!("{}{}", self.config.site_url, route.url(lang)),
            "author": { "@type": "Organization", "name": shared.string("site.name") },
            "publisher": { "@type": "Organization", "name": shared.string("site.name") },
        });
        let view = context! {
            name => name, html => Value::from_safe_string(html), image => card.image_url.clone(),
            date => long_date(card.created_at, lang), json_ld => v(&json_ld),
        };
        (meta, view)
    }
}

/// The per-language data many pages share.
struct Shared {
    strings: serde_json::Value,
    services: Vec<ServiceView>,
    base: Value,
    /// The merged table as the islands' client loads it, and where.
    strings_json: String,
    strings_url: String,
}

impl Shared {
    /// A string of the merged table by dotted key (empty when missing).
    fn string(&self, key: &str) -> String {
        key.split('.')
            .try_fold(&self.strings, |v, k| v.get(k))
            .and_then(|v| v.as_str())
            .unwrap_or_default()
            .to_owned()
    }

    fn meta(&self, key: &str, route: Route, lang: Lang, config: &SiteConfig) -> PageMeta {
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

#[derive(Serialize, Clone)]
struct Alternate {
    hreflang: &'static str,
    href: String,
}

#[derive(Serialize, Clone)]
struct PageMeta {
    title: String,
    description: String,
    canonical: Option<String>,
    alternates: Vec<Alternate>,
    x_default: String,
    keywords: Option<String>,
    og_type: &'static str,
    image: Option<String>,
    noindex: bool,
}

#[derive(Serialize, Clone)]
struct ServiceView {
    /// "Dine In" is not yet offered: shown with a Coming Soon overlay.
    coming_soon: bool,
    id: i32,
    name: String,
    description: String,
    content: String,
    image: String,
    color: String,
    url: String,
    items: Vec<serde_json::Value>,
}

impl ServiceView {
    fn new(s: &crate::model::Service, lang: Lang) -> Self {
        let english: String = s
            .name
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect();
        ServiceView {
            coming_soon: english == "dinein",
            id: s.id,
            name: pick(lang, &s.name, s.name_ar.as_deref()).to_owned(),
            description: pick(lang, &s.description, s.description_ar.as_deref()).to_owned(),
            content: pick(lang, &s.content, s.content_ar.as_deref()).to_owned(),
            image: s.image_url.clone(),
            color: s.color.clone(),
            url: Route::Service(s.id).url(lang),
            items: s
                .items
                .iter()
                .map(|i| {
                    json!({
                        "id": i.id, "name": pick(lang, &i.name, i.name_ar.as_deref()),
                        "description": pick(lang, &i.description, i.description_ar.as_deref()),
                        "image": i.image_url, "tone": i.title_bg_class,
                    })
                })
                .collect(),
        }
    }
}

/// A blog card: what listings show, never the body's markup.
#[derive(Serialize)]
struct CardView {
    id: i32,
    name: String,
    /// The description's whole plain text (the island previews its opening; Read More shows it).
    text: String,
    image: String,
    url: String,
    date: String,
}

impl CardView {
    fn new(b: &BlogCard, lang: Lang) -> Self {
        CardView {
            id: b.id,
            name: pick(lang, &b.name, b.name_ar.as_deref()).to_owned(),
            text: pick(lang, &b.text, b.text_ar.as_deref()).to_owned(),
            image: b.image_url.clone(),
            url: b.route().url(lang),
            date: long_date(b.created_at, lang),
        }
    }
}

/// A blog page's `<title>`, description and keywords (docs/decisions.md, "Arabic meta
/// fields"). Each takes its meta field; when that is empty, the text the visitor sees (the name,
/// the excerpt; keywords have none). An Arabic page takes the Arabic twins, and the English
/// field only for want of Arabic: the title and description when neither twin has text, the
/// keywords only when the blog has no Arabic at all.
struct BlogMeta {
    title: String,
    description: String,
    keywords: Option<String>,
}

/// Characters of the excerpt a description without a meta description keeps.
const META_DESCRIPTION: usize = 160;

impl BlogMeta {
    fn new(blog: &Blog, lang: Lang, site_name: &str) -> Self {
        let card = &blog.card;
        let named = |name: &str| format!("{name} | {site_name}");
        let opening = |excerpt: &str| truncate(excerpt, META_DESCRIPTION);
        let english = BlogMeta {
            title: text(Some(&blog.meta_title)).map_or_else(|| named(&card.name), str::to_owned),
            description: text(Some(&blog.meta_description))
                .map_or_else(|| opening(&card.excerpt), str::to_owned),
            keywords: text(Some(&blog.key_words)).map(str::to_owned),
        };
        if lang == Lang::En {
            return english;
        }
        let has_arabic = [
            &card.name_ar,
            &card.excerpt_ar,
            &blog.meta_title_ar,
            &blog.meta_description_ar,
            &blog.key_words_ar,
        ]
        .into_iter()
        .any(|field| text(field.as_deref()).is_some());
        BlogMeta {
            title: text(blog.meta_title_ar.as_deref())
                .map(str::to_owned)
                .or_else(|| text(card.name_ar.as_deref()).map(named))
                .unwrap_or(english.title),
            description: text(blog.meta_description_ar.as_deref())
                .map(str::to_owned)
                .or_else(|| text(card.excerpt_ar.as_deref()).map(opening))
                .unwrap_or(english.description),
            keywords: match text(blog.key_words_ar.as_deref()) {
                Some(keywords) => Some(keywords.to_owned()),
                None if has_arabic => None,
                None => english.keywords,
            },
        }
    }
}

/// A field that has text, without its surrounding white space.
fn text(field: Option<&str>) -> Option<&str> {
    field.map(str::trim).filter(|t| !t.is_empty())
}

fn bilingual(b: &crate::content::Bilingual, lang: Lang) -> serde_json::Value {
    let ar = lang == Lang::Ar;
    json!({
        "key": b.key, "title": if ar { &b.title_ar } else { &b.title }, "text": if ar { &b.text_ar } else { &b.text },
        "image": b.image, "items": if ar && !b.items_ar.is_empty() { &b.items_ar } else { &b.items },
    })
}

/// The main-menu entry a route belongs to.
fn nav_section(route: &Route) -> &'static str {
    match route {
        Route::Services | Route::Service(_) => "services",
        Route::Airport => "airport",
        Route::Partnership => "partnership",
        Route::About => "about",
        Route::Blogs(_) | Route::Blog { .. } => "blogs",
        Route::Contact => "contact",
        Route::Home | Route::Document(_) => "",
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

fn absolute(site: &str, url: &str) -> String {
    if url.starts_with('/') {
        format!("{site}{url}")
    } else {
        url.to_owned()
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

/// Sets a string at a dotted path, only where the table already has a string there.
fn set_path(table: &mut serde_json::Value, path: &str, value: &str) {
    let mut node = table;
    let mut parts = path.split('.').peekable();
    while let Some(part) = parts.next() {
        let Some(next) = node.get_mut(part) else {
            return;
        };
        if parts.peek().is_none() {
            if next.is_string() {
                *next = serde_json::Value::String(value.to_owned());
            }
            return;
        }
        node = next;
    }
}

/// JSON safe inside a `<script>` element (no `</script>` or `<!--` can appear).
fn json_for_script(value: &serde_json::Value) -> String {
    value
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// A serialisable value as a template value.
fn v<T: Serialize>(value: &T) -> Value {
    Value::from(minijinja::value::Serde(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arabic_strings_fall_back_to_english_and_general_content_overrides_by_key() {
        let mut en = json!({"site": {"phone": "1", "name": "Dar Wasl"}, "only_en": "x"});
        merge(&mut en, &json!({"site": {"name": "دار وصل"}}));
        assert_eq!(
            en,
            json!({"site": {"phone": "1", "name": "دار وصل"}, "only_en": "x"})
        );
        set_path(&mut en, "site.phone", "+971 4 000 0000");
        set_path(&mut en, "site.unknown", "ignored");
        set_path(&mut en, "site", "not a string slot");
        assert_eq!(en["site"]["phone"], "+971 4 000 0000");
        assert!(en["site"].get("unknown").is_none());
    }

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
