//! The publisher: keeps the generated site in step with the database. A full build renders
//! every page; a blog job renders only what [`ssg::plan::plan`] says it affects. Every file is
//! written atomically (a temp file renamed into place, or one PUT per object), and a build is
//! marked complete (`.build` holds the site fingerprint) only once every file is written.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context;
use rayon::prelude::*;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use ssg::model::{
    Banner, Blog, BlogCard, GeneralContent, Redirect, Review, Service, ServiceItem, SiteData,
};
use ssg::plan::{self, Change, Target};
use ssg::{Page, Site};
use tokio::sync::{Mutex, RwLock};

use crate::storage::Store;
use crate::store::Db;
use crate::store::entities::{
    banner, blog, blog_redirect, general_content, publish_job, review, service, service_item,
};

/// The marker of a complete build: the site's fingerprint.
pub const BUILD_MARKER: &str = ".build";

/// Targets rendered and written together in a full build (a blog target is two pages).
const FULL_BUILD_BATCH: usize = 500;

/// Where pages go.
#[derive(Clone, Debug)]
pub enum Output {
    /// A local directory (the default): parallel writes, temp file + rename.
    Dir(PathBuf),
    /// An object store (S3): one PUT per page.
    Store(Store),
}

impl Output {
    pub fn from_url(
        url: &str,
        open: impl FnOnce(&str) -> anyhow::Result<Store>,
    ) -> anyhow::Result<Output> {
        match url.strip_prefix("file://") {
            Some(dir) => {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("Failed to create the site directory {dir}"))?;
                Ok(Output::Dir(PathBuf::from(dir)))
            }
            None => Ok(Output::Store(open(url)?)),
        }
    }

    async fn write(&self, pages: Vec<Page>) -> anyhow::Result<usize> {
        let count = pages.len();
        match self {
            Output::Dir(dir) => {
                let dir = dir.clone();
                tokio::task::spawn_blocking(move || -> anyhow::Result<()> {
                    let fresh = create_parents(&dir, &pages)?;
                    pages.par_iter().try_for_each(|p| {
                        let target = dir.join(&p.path);
                        let new_dir = target.parent().is_some_and(|d| fresh.contains(d));
                        if !new_dir && holds(&target, &p.bytes) {
                            return Ok(());
                        }
                        replace_atomically(&target, &p.bytes)
                    })
                })
                .await??;
            }
            Output::Store(store) => {
                use futures_util::{StreamExt, TryStreamExt};
                futures_util::stream::iter(pages.into_iter().map(|p| {
                    let store = store.clone();
                    async move { store.put(&p.path, p.bytes.into()).await }
                }))
                .buffer_unordered(16)
                .try_collect::<Vec<()>>()
                .await?;
            }
        }
        Ok(count)
    }

    async fn remove(&self, files: &BTreeSet<String>) -> anyhow::Result<()> {
        for file in files {
            match self {
                Output::Dir(dir) => match std::fs::remove_file(dir.join(file)) {
                    Ok(()) => {}
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                    Err(e) => return Err(e).with_context(|| format!("Failed to remove {file}")),
                },
                Output::Store(store) => store.delete(file).await?,
            }
        }
        Ok(())
    }

    async fn list(&self) -> anyhow::Result<Vec<String>> {
        match self {
            Output::Dir(dir) => {
                let dir = dir.clone();
                Ok(tokio::task::spawn_blocking(move || {
                    let mut files = Vec::new();
                    list_files(&dir, &dir, &mut files);
                    files
                })
                .await?)
            }
            Output::Store(store) => store.list().await,
        }
    }

    async fn read_marker(&self) -> Option<String> {
        match self {
            Output::Dir(dir) => std::fs::read_to_string(dir.join(BUILD_MARKER)).ok(),
            Output::Store(store) => store
                .read(BUILD_MARKER)
                .await
                .ok()
                .flatten()
                .map(|b| String::from_utf8_lossy(&b).into_owned()),
        }
    }
}

fn list_files(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            list_files(root, &path, out);
        } else if let Ok(rel) = path.strip_prefix(root) {
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

/// Creates the directories the pages go in, each once; returns those that did not exist (so the
/// files in them are new and need no comparison).
fn create_parents(
    dir: &Path,
    pages: &[Page],
) -> anyhow::Result<std::collections::HashSet<PathBuf>> {
    let parents: BTreeSet<PathBuf> = pages
        .iter()
        .filter_map(|p| dir.join(&p.path).parent().map(Path::to_path_buf))
        .collect();
    let mut fresh = std::collections::HashSet::new();
    // Sorted, so a parent comes before its children.
    for parent in parents {
        let created = match std::fs::create_dir(&parent) {
            Ok(()) => true,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => false,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                std::fs::create_dir_all(&parent).map(|()| true)?
            }
            Err(e) => {
                return Err(e).with_context(|| format!("Failed to create {}", parent.display()));
            }
        };
        if created {
            fresh.insert(parent);
        }
    }
    Ok(fresh)
}

/// Whether the file at `target` already holds exactly `bytes`. A rebuild then leaves it alone:
/// replacing a file costs far more than reading it (ext4 flushes data renamed over a file).
fn holds(target: &Path, bytes: &[u8]) -> bool {
    match std::fs::metadata(target) {
        Ok(meta) if meta.len() == bytes.len() as u64 => {
            std::fs::read(target).is_ok_and(|existing| existing == bytes)
        }
        _ => false,
    }
}

/// Writes `bytes` to `target` so that readers see the old file or the new one, never a part: a
/// temp file beside it, renamed over it. The parent directory exists.
fn replace_atomically(target: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let parent = target.parent().context("a page path has a directory")?;
    let tmp = parent.join(format!(
        ".{}.{}.{:?}.tmp",
        target
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("page"),
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&tmp, bytes).with_context(|| format!("Failed to write {}", tmp.display()))?;
    std::fs::rename(&tmp, target)
        .with_context(|| format!("Failed to publish {}", target.display()))?;
    Ok(())
}

pub struct Publisher {
    site: RwLock<Arc<Site>>,
    output: Output,
    /// The data of the last publish (blog cards only, no bodies).
    cache: Mutex<Option<SiteData>>,
}

/// What a build did.
#[derive(Debug, Clone, Copy, Default)]
pub struct Report {
    pub written: usize,
    pub removed: usize,
}

impl Publisher {
    pub fn new(site: Site, output: Output) -> Self {
        Publisher {
            site: RwLock::new(Arc::new(site)),
            output,
            cache: Mutex::new(None),
        }
    }

    pub fn output(&self) -> &Output {
        &self.output
    }

    /// Swaps in a new site (templates or content changed); the caller then rebuilds.
    pub async fn replace_site(&self, site: Site) {
        *self.site.write().await = Arc::new(site);
    }

    /// True when the output holds a complete build of the current templates and content.
    pub async fn is_current(&self) -> bool {
        let fingerprint = self.site.read().await.fingerprint().to_owned();
        self.output
            .read_marker()
            .await
            .is_some_and(|m| m.trim() == fingerprint)
    }

    /// Renders every page, removes files no build produces any more (and temp files a crash
    /// left behind), marks the build complete.
    pub async fn full_build(
        &self,
        db: &Db,
        progress: Option<&(dyn Fn(usize, usize) + Sync)>,
    ) -> anyhow::Result<Report> {
        let site = self.site.read().await.clone();
        let clock = std::time::Instant::now();
        let data = load_data(db).await?;
        let mut loaded = clock.elapsed();
        let (mut rendering, mut writing) = (std::time::Duration::ZERO, std::time::Duration::ZERO);
        let targets = plan::full(&data);
        self.output
            .remove(&[BUILD_MARKER.to_owned()].into())
            .await?;
        let mut written = 0;
        let all: Vec<Target> = targets.into_iter().collect();
        let total = all.len();
        let mut produced: BTreeSet<String> = BTreeSet::new();
        // Batches keep memory flat on large sites (a batch's blogs are loaded with it) and let the
        // progress bar move.
        for (i, batch) in all.chunks(FULL_BUILD_BATCH).enumerate() {
            let batch: BTreeSet<Target> = batch.iter().cloned().collect();
            let started = std::time::Instant::now();
            let blogs = load_blogs(db, &batch).await?;
            loaded += started.elapsed();
            let started = std::time::Instant::now();
            let pages = site.render(&data, &batch, &|id| blogs.get(&id).cloned())?;
            rendering += started.elapsed();
            produced.extend(pages.iter().map(|p| p.path.clone()));
            let started = std::time::Instant::now();
            written += self.output.write(pages).await?;
            writing += started.elapsed();
            if let Some(progress) = progress {
                progress(((i + 1) * FULL_BUILD_BATCH).min(total), total);
            }
        }
        let stale: BTreeSet<String> = self
            .output
            .list()
            .await?
            .into_iter()
            .filter(|f| !produced.contains(f) && f != BUILD_MARKER)
            .collect();
        self.output.remove(&stale).await?;
        self.output
            .write(vec![Page {
                path: BUILD_MARKER.into(),
                bytes: site.fingerprint().as_bytes().to_vec(),
            }])
            .await?;
        tracing::info!(
            load_ms = loaded.as_millis() as u64,
            render_ms = rendering.as_millis() as u64,
            write_ms = writing.as_millis() as u64,
            total_ms = clock.elapsed().as_millis() as u64,
            files = written,
            "full build"
        );
        *self.cache.lock().await = Some(data);
        Ok(Report {
            written,
            removed: stale.len(),
        })
    }

    /// Publishes a batch of outbox jobs.
    pub async fn publish(&self, db: &Db, jobs: &[publish_job::Model]) -> anyhow::Result<Report> {
        let everything = jobs.iter().any(|j| {
            matches!(
                j.resource.as_str(),
                "service" | "service_item" | "general_content" | "site"
            )
        });
        if everything || !self.is_current().await {
            return self.full_build(db, None).await;
        }
        let site = self.site.read().await.clone();
        let mut cache = self.cache.lock().await;
        let before = match cache.take() {
            Some(data) => data,
            None => load_data(db).await?,
        };
        let mut after = before.clone();
        let mut changes = Vec::new();
        if jobs
            .iter()
            .any(|j| matches!(j.resource.as_str(), "review" | "banner"))
        {
            after.reviews = load_reviews(db).await?;
            after.banners = load_banners(db).await?;
            changes.push(Change::Home);
        }
        let blog_ids: BTreeSet<i32> = jobs
            .iter()
            .filter(|j| j.resource == "blog")
            .map(|j| j.resource_id)
            .collect();
        let mut bodies = HashMap::new();
        if !blog_ids.is_empty() {
            after.redirects = load_redirects(db).await?;
            for id in &blog_ids {
                let fresh = load_blog(db, *id).await?;
                after.set_blog(*id, fresh.as_ref().map(|b| b.card.clone()));
                if let Some(fresh) = fresh {
                    bodies.insert(*id, fresh);
                }
            }
            refresh_other_cards(db, &mut after, &blog_ids).await?;
            for id in &blog_ids {
                changes.push(Change::Blog {
                    before: before.blog(*id).cloned(),
                    after: after.blog(*id).cloned(),
                });
            }
        }
        let mut targets = BTreeSet::new();
        let mut remove = BTreeSet::new();
        for change in &changes {
            let p = plan::plan(&before, &after, change);
            targets.extend(p.targets);
            remove.extend(p.remove);
        }
        let pages = site.render(&after, &targets, &|id| bodies.get(&id).cloned())?;
        let produced: BTreeSet<String> = pages.iter().map(|p| p.path.clone()).collect();
        remove.retain(|f| !produced.contains(f));
        let written = self.output.write(pages).await?;
        self.output.remove(&remove).await?;
        *cache = Some(after);
        Ok(Report {
            written,
            removed: remove.len(),
        })
    }
}

/// Another instance may have changed other blogs: pick up cards changed since the newest one
/// we know, and reload everything when blogs appeared or disappeared elsewhere.
async fn refresh_other_cards(
    db: &Db,
    data: &mut SiteData,
    handled: &BTreeSet<i32>,
) -> anyhow::Result<()> {
    let count = blog::Entity::find().count(&db.read).await? as usize;
    if count != data.blogs.len() {
        data.blogs = load_cards(db).await?;
        return Ok(());
    }
    let newest = data
        .blogs
        .iter()
        .filter(|b| !handled.contains(&b.id))
        .map(|b| b.updated_at)
        .max();
    if let Some(newest) = newest {
        let changed = blog::Entity::find()
            .filter(blog::Column::UpdatedAt.gt(newest))
            .all(&db.read)
            .await?;
        for row in changed.into_iter().filter(|r| !handled.contains(&r.id)) {
            let id = row.id;
            data.set_blog(id, Some(to_blog(row).card));
        }
    }
    Ok(())
}

fn to_card(b: &blog::Model) -> BlogCard {
    BlogCard {
        id: b.id,
        slug: b.slug.clone(),
        name: b.name.clone(),
        name_ar: b.name_ar.clone(),
        excerpt: b.excerpt.clone().unwrap_or_default(),
        excerpt_ar: b.excerpt_ar.clone(),
        image_url: b.image_url.clone(),
        display_order: b.display_order,
        created_at: b.created_at,
        updated_at: b.updated_at,
    }
}

fn to_blog(b: blog::Model) -> Blog {
    Blog {
        card: to_card(&b),
        description: b.description,
        description_ar: b.description_ar,
        meta_title: b.meta_title,
        meta_title_ar: b.meta_title_ar,
        meta_description: b.meta_description,
        meta_description_ar: b.meta_description_ar,
        key_words: b.key_words,
        key_words_ar: b.key_words_ar,
    }
}

async fn load_blog(db: &Db, id: i32) -> anyhow::Result<Option<Blog>> {
    Ok(blog::Entity::find_by_id(id)
        .one(&db.read)
        .await?
        .map(to_blog))
}

async fn load_cards(db: &Db) -> anyhow::Result<Vec<BlogCard>> {
    let rows = blog::Entity::find()
        .order_by_asc(blog::Column::DisplayOrder)
        .order_by_asc(blog::Column::Id)
        .all(&db.read)
        .await?;
    Ok(rows.iter().map(to_card).collect())
}

/// The blogs whose pages are among `targets`, bodies included.
async fn load_blogs(db: &Db, targets: &BTreeSet<Target>) -> anyhow::Result<HashMap<i32, Blog>> {
    let ids: Vec<i32> = targets
        .iter()
        .filter_map(|t| match t {
            Target::Page(ssg::routes::Route::Blog { id, .. }) => Some(*id),
            _ => None,
        })
        .collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = blog::Entity::find()
        .filter(blog::Column::Id.is_in(ids))
        .all(&db.read)
        .await?;
    Ok(rows.into_iter().map(|b| (b.id, to_blog(b))).collect())
}

async fn load_reviews(db: &Db) -> anyhow::Result<Vec<Review>> {
    let rows = review::Entity::find()
        .order_by_asc(review::Column::DisplayOrder)
        .order_by_asc(review::Column::Id)
        .all(&db.read)
        .await?;
    Ok(rows
        .into_iter()
        .map(|r| Review {
            id: r.id,
            name: r.name,
            name_ar: r.name_ar,
            title: r.title,
            title_ar: r.title_ar,
            description: r.description,
            description_ar: r.description_ar,
            image_url: r.image_url,
            display_order: r.display_order,
        })
        .collect())
}

async fn load_banners(db: &Db) -> anyhow::Result<Vec<Banner>> {
    let rows = banner::Entity::find()
        .order_by_asc(banner::Column::Id)
        .all(&db.read)
        .await?;
    Ok(rows
        .into_iter()
        .map(|b| Banner {
            id: b.id,
            banner_url: b.banner_url,
            title: b.title,
            title_ar: b.title_ar,
            sub_title: b.sub_title,
            sub_title_ar: b.sub_title_ar,
            web_url: b.web_url,
        })
        .collect())
}

async fn load_redirects(db: &Db) -> anyhow::Result<Vec<Redirect>> {
    let rows = blog_redirect::Entity::find().all(&db.read).await?;
    let mut redirects: Vec<Redirect> = rows
        .into_iter()
        .map(|r| Redirect {
            slug: r.slug,
            blog_id: r.blog_id,
        })
        .collect();
    redirects.sort();
    Ok(redirects)
}

/// Everything the site shows, without blog bodies.
pub async fn load_data(db: &Db) -> anyhow::Result<SiteData> {
    let services = service::Entity::find()
        .order_by_asc(service::Column::DisplayOrder)
        .order_by_asc(service::Column::Id)
        .all(&db.read)
        .await?;
    let items = service_item::Entity::find()
        .order_by_asc(service_item::Column::DisplayOrder)
        .order_by_asc(service_item::Column::Id)
        .all(&db.read)
        .await?;
    let mut by_service: HashMap<i32, Vec<ServiceItem>> = HashMap::new();
    for i in items {
        by_service
            .entry(i.our_service_id)
            .or_default()
            .push(ServiceItem {
                id: i.id,
                name: i.name,
                name_ar: i.name_ar,
                description: i.description,
                description_ar: i.description_ar,
                image_url: i.image_url,
                title_bg_class: i.title_bg_class,
                display_order: i.display_order,
            });
    }
    let services = services
        .into_iter()
        .map(|s| Service {
            items: by_service.remove(&s.id).unwrap_or_default(),
            id: s.id,
            name: s.name,
            name_ar: s.name_ar,
            description: s.description,
            description_ar: s.description_ar,
            content: s.content,
            content_ar: s.content_ar,
            display_order: s.display_order,
            image_url: s.image_url,
            color: s.color,
        })
        .collect();
    let general_content = general_content::Entity::find()
        .filter(general_content::Column::Values.ne(""))
        .order_by_asc(general_content::Column::DisplayOrder)
        .all(&db.read)
        .await?
        .into_iter()
        .map(|g| GeneralContent {
            name: g.name,
            values: g.values,
            values_ar: g.values_ar,
        })
        .collect();
    let mut data = SiteData {
        services,
        blogs: load_cards(db).await?,
        reviews: load_reviews(db).await?,
        banners: load_banners(db).await?,
        general_content,
        redirects: load_redirects(db).await?,
    };
    data.normalize();
    Ok(data)
}
