//! `Site`: templates, content and configuration, ready to render any [`Target`] for a
//! snapshot of the CMS data. Rendering is parallel; each page gets only the data it shows.
//!
//! The template environment lives in [`crate::templates`], the stylesheet and artwork in
//! [`crate::assets`], and what each kind of page shows in [`crate::pages`]; this file only
//! dispatches a target to them and renders the result (each rendered piece of HTML marked by
//! [`crate::localized::mark`], where a template showed a foreign text).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result};
use minijinja::{Environment, Value, context};
use rayon::prelude::*;
use sha2::{Digest, Sha256};

use crate::assets::{Assets, build_assets};
use crate::config::SiteConfig;
use crate::content::{Content, hex};
use crate::localized::mark;
use crate::model::{Blog, GeneralContent, Service, SiteData};
use crate::page::Page;
use crate::pages::{self, PageMeta, RenderContext, Shared, not_found, redirect, v};
use crate::plan::Target;
use crate::routes::{Lang, Route};
use crate::templates::{Templates, environment};
use crate::text::escape_html;
use crate::{islands::Islands, xml};

/// What the header and footer are rendered with for a page's language-switch link, replaced by
/// each page's own ([`Site::chrome`]). It is passed as markup, and its angle brackets are what
/// escaping changes, so no string an admin can set (all escaped) renders as it.
const SWITCH_URL: &str = "<concierge-switch-url>";

/// Where the partials that pages include as [`Site::shared_partials`] are.
const SHARED_PARTIALS: &str = "partials/shared/";

/// Starts the threads pages render on (rayon's): one more than the cores. A thread rendering a
/// page with an island waits for a Node renderer (there is one a core), and the extra thread
/// renders another page meanwhile. At two cores, `concierge build` of 5,000 blogs took 1.96
/// against 2.14 s (means of six alternate runs), and 1.63 against 1.67 s (medians of five) an
/// hour later on a quieter host; an edit took the same. A set `RAYON_NUM_THREADS` is left to
/// rayon. Call it once, before any render.
pub fn start_render_threads() {
    if std::env::var_os("RAYON_NUM_THREADS").is_some() {
        return;
    }
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    // An error means the threads were started already (a test): they stay as they are.
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(cores + 1)
        .build_global();
}

/// Templates, content, assets, islands and settings, ready to render targets for any snapshot.
pub struct Site {
    content: Content,
    config: SiteConfig,
    env: Environment<'static>,
    assets: Assets,
    islands: Arc<dyn Islands>,
    fingerprint: String,
    /// What the pages of each language share, as the last render made it ([`Site::shared`]).
    shared: Mutex<Option<SharedSet>>,
}

/// What every page of each language shares ([`Shared`]: the string table, the services, the
/// header, footer and shared partials once rendered), with what it was made from: the services,
/// the general content and the year. Kept from one render to the next while those stay the
/// same, as they do for every edit of a blog: each publish made it again, and rendered the
/// header, footer and partials again for both languages (docs/benchmarks.md).
struct SharedSet {
    year: i32,
    services: Vec<Service>,
    general_content: Vec<GeneralContent>,
    langs: Arc<[Shared; 2]>,
}

impl Site {
    pub fn new(
        content: Content,
        config: SiteConfig,
        templates: &Templates,
        islands: Arc<dyn Islands>,
    ) -> Result<Site> {
        let mut hasher = Sha256::new();
        let env = environment(templates, islands.clone(), &mut hasher)?;
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
            shared: Mutex::default(),
        })
    }

    /// Changes whenever templates, content, assets, islands or settings change: a site built
    /// with another fingerprint needs a full rebuild.
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    /// Whether site search finds the page at `route` ([`crate::search::finds`]).
    pub fn searched(&self, route: &Route) -> bool {
        crate::search::finds(route, &self.config.search_pages)
    }

    /// Starts the island renderers ahead of the first render ([`Islands::warm`]).
    pub fn warm(&self) -> anyhow::Result<()> {
        self.islands.warm()
    }

    /// Renders `targets` in parallel. `blog` gives a blog with its body, by id.
    pub fn render(
        &self,
        data: &SiteData,
        targets: &BTreeSet<Target>,
        blog: &(dyn Fn(i32) -> Option<Blog> + Sync),
    ) -> Result<Vec<Page>> {
        let shared = self.shared(data)?;
        let pages: Vec<Vec<Page>> = targets
            .par_iter()
            .map(|target| self.render_target(data, target, &shared, blog))
            .collect::<Result<_>>()?;
        Ok(pages.into_iter().flatten().collect())
    }

    /// Renders `targets` in parallel, each on its own: one that fails leaves the others'
    /// pages intact (the publisher writes those and reports the failure). Each target's pages
    /// go to `then` on the thread that rendered them, as soon as they are (the publisher
    /// writes them there or keeps them); its results come back in the targets' order.
    pub fn render_each<'t, T: Send>(
        &self,
        data: &SiteData,
        targets: impl IndexedParallelIterator<Item = &'t Target>,
        blog: &(dyn Fn(i32) -> Option<Blog> + Sync),
        then: &(dyn Fn(Vec<Page>) -> T + Sync),
    ) -> Result<Vec<Result<T>>> {
        let shared = self.shared(data)?;
        Ok(targets
            .map(|target| self.render_target(data, target, &shared, blog).map(then))
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
                        bytes: xml::feed(&self.config.site_url, data, lang, &title, blog)
                            .into_bytes(),
                    });
                }
            }
            // A page's two languages side by side: a listing page's cards are rendered by
            // Node once per language, and an edit's publish waits for the slowest target.
            _ => {
                let each: Vec<Option<Page>> = Lang::ALL
                    .par_iter()
                    .map(|&lang| self.render_page(data, target, lang, shared(lang), blog))
                    .collect::<Result<_>>()?;
                pages.extend(each.into_iter().flatten());
                // A page site search finds writes its doc beside it (`search/{lang}/d/…`).
                if let Target::Page(route) = target
                    && crate::search::finds(route, &self.config.search_pages)
                {
                    let docs: Vec<Page> = pages.iter().filter_map(search_doc).collect();
                    pages.extend(docs);
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
        let cx = RenderContext {
            content: &self.content,
            config: &self.config,
            media: &self.assets.media,
            data,
            lang,
            shared,
            blog,
        };
        match target {
            Target::Page(route) => {
                let Some((route, meta, data)) = pages::page(&cx, route) else {
                    return Ok(None);
                };
                let kind = pages::kind(&route);
                let html = self
                    .page(kind.template, &cx, &meta, Some(&route), kind.section, data)
                    .with_context(|| format!("Failed to render {}", route.url(lang)))?;
                Ok(Some(Page {
                    path: route.file(lang),
                    bytes: html.into_bytes(),
                }))
            }
            Target::Redirect { slug, blog_id } => {
                self.old_url(redirect::context(&cx, slug, *blog_id), lang)
            }
            Target::Moved {
                slug,
                destination_id,
            } => self.old_url(redirect::moved(&cx, slug, *destination_id), lang),
            Target::NotFound => {
                let meta = not_found::meta(&cx);
                let kind = not_found::KIND;
                let html = self.page(
                    kind.template,
                    &cx,
                    &meta,
                    None,
                    kind.section,
                    Value::UNDEFINED,
                )?;
                Ok(Some(Page {
                    path: not_found::file(lang).into(),
                    bytes: html.into_bytes(),
                }))
            }
            other => anyhow::bail!("{other:?} is not a page"),
        }
    }

    /// An old URL's page (`None`: what it led to is gone).
    fn old_url(&self, old: Option<(Route, Value)>, lang: Lang) -> Result<Option<Page>> {
        let Some((from, ctx)) = old else {
            return Ok(None);
        };
        let html = mark(self.env.get_template(redirect::TEMPLATE)?.render(ctx)?);
        Ok(Some(Page {
            path: from.file(lang),
            bytes: html.into_bytes(),
        }))
    }

    /// A page of the site: its template over what every page shares, the page's meta, the
    /// language switch, the menu entry and the page's own `data`.
    fn page(
        &self,
        template: &str,
        cx: &RenderContext,
        meta: &PageMeta,
        route: Option<&Route>,
        section: &str,
        data: Value,
    ) -> Result<String> {
        let other = cx.lang.other();
        let switch_url = route
            .map(|r| r.url(other))
            .unwrap_or_else(|| Route::Home.url(other));
        let link = escape_html(&switch_url);
        let [header, footer] = self
            .chrome(cx, section)?
            .each_ref()
            .map(|html| Value::from_safe_string(html.replace(SWITCH_URL, &link)));
        let ctx = context! {
            ..cx.shared.base.clone(),
            ..context! {
                page => v(meta),
                switch_url => switch_url,
                section => section,
                data => data,
                header => header,
                footer => footer,
                shared => self.shared_partials(cx)?,
            }
        };
        let html = mark(self.env.get_template(template)?.render(ctx)?);
        Ok(crate::csp::fill(html, self.config.gtm_id.is_some()))
    }

    /// The header and footer of the pages of `cx`'s language and menu `section`, rendered once
    /// a render with [`SWITCH_URL`] for each page's language-switch link. They are the same on
    /// every such page but for that link, and evaluating both for each page was 15 % of a full
    /// build's CPU (3.54 against 3.01 s without them; docs/benchmarks.md).
    fn chrome(&self, cx: &RenderContext, section: &str) -> Result<Arc<[String; 2]>> {
        if let Some(chrome) = cx.shared.chrome.lock().expect("not poisoned").get(section) {
            return Ok(chrome.clone());
        }
        let ctx = context! {
            ..cx.shared.base.clone(),
            ..context! { switch_url => Value::from_safe_string(SWITCH_URL.into()), section => section }
        };
        let render = |name: &str| {
            Ok::<_, minijinja::Error>(mark(self.env.get_template(name)?.render(&ctx)?))
        };
        let chrome = Arc::new([
            render("partials/header.html")?,
            render("partials/footer.html")?,
        ]);
        cx.shared
            .chrome
            .lock()
            .expect("not poisoned")
            .insert(section.to_owned(), chrome.clone());
        Ok(chrome)
    }

    /// The partials under `partials/shared/`, rendered once per language from what every page
    /// of it shares (no page's own variables: strict undefined makes a use of one an error),
    /// by name without the extension: `{{ shared["services-band"] }}`, `{{ shared.head }}`.
    /// A blog page's six services and call to action, the same on all 10,000 of them, were 8 %
    /// of a full build's CPU, the head's part that every page shares 5 % (docs/benchmarks.md).
    fn shared_partials(&self, cx: &RenderContext) -> Result<Value> {
        let mut partials = cx.shared.partials.lock().expect("not poisoned");
        if let Some(rendered) = &*partials {
            return Ok(rendered.clone());
        }
        let mut rendered = BTreeMap::new();
        for (name, template) in self.env.templates() {
            if let Some(file) = name.strip_prefix(SHARED_PARTIALS) {
                let key = file.strip_suffix(".html").unwrap_or(file).to_owned();
                let html = mark(template.render(&cx.shared.base)?);
                rendered.insert(key, Value::from_safe_string(html));
            }
        }
        let rendered = Value::from(rendered);
        *partials = Some(rendered.clone());
        Ok(rendered)
    }

    /// What the pages of each language share, for `data`: the one the last render made when
    /// it was made from the same services, general content and year, else a new one (kept for
    /// the next render). The island renderers get its string tables.
    fn shared(&self, data: &SiteData) -> Result<Arc<[Shared; 2]>> {
        let year = Site::year();
        let langs = {
            let mut kept = self.shared.lock().expect("not poisoned");
            match &*kept {
                Some(set)
                    if set.year == year
                        && set.services == data.services
                        && set.general_content == data.general_content =>
                {
                    set.langs.clone()
                }
                _ => {
                    let langs = Arc::new(Lang::ALL.map(|lang| {
                        Shared::new(
                            &self.content,
                            &self.config,
                            &self.assets,
                            self.islands.as_ref(),
                            data,
                            lang,
                            year,
                        )
                    }));
                    *kept = Some(SharedSet {
                        year,
                        services: data.services.clone(),
                        general_content: data.general_content.clone(),
                        langs: langs.clone(),
                    });
                    langs
                }
            }
        };
        self.islands.prepare(&[
            (Lang::En, langs[0].strings.clone()),
            (Lang::Ar, langs[1].strings.clone()),
        ])?;
        Ok(langs)
    }
}

/// The search doc of a rendered page, as the file site search reads it.
fn search_doc(page: &Page) -> Option<Page> {
    let path = crate::search::doc_of_page(&page.path)?;
    let url = crate::edge::url_for_file(&page.path)?;
    let html = std::str::from_utf8(&page.bytes).ok()?;
    let doc = crate::search::Doc::of_page(url, html)?;
    Some(Page {
        path,
        bytes: doc.to_bytes(),
    })
}
