//! The publisher: makes the site store hold what a full build of the database writes.
//!
//! It remembers nothing between publishes. The store holds, beside the pages, a manifest
//! ([`ssg::manifest`]) of the digest of every output's inputs and the files it wrote; a publish
//! renders the outputs whose digest changed (and the pages of the blogs the outbox names),
//! removes the files of outputs no longer wanted, and writes the new manifest. So a restart, a
//! crash half-way, a failed write or a second instance cannot leave the store behind the
//! database: the next publish sees the difference in the manifest and mends it.
//!
//! A full build is the same walk with an empty manifest, plus a sweep of files no manifest
//! knows. `.build` (the site's fingerprint) marks a complete build; without it, or with another
//! fingerprint, the next publish is a full build.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use rayon::prelude::*;
use ssg::manifest::{self, Entry, MANIFEST_FILE, Manifest};
use ssg::plan::Target;
use ssg::{Page, Site};
use tokio::sync::RwLock;

pub use super::output::Output;
use crate::store::Db;
use crate::store::site_data::{load_blogs, load_data};

/// The marker of a complete build: the site's fingerprint.
pub const BUILD_MARKER: &str = ".build";

/// Targets rendered and written together (a blog target is two pages): memory stays flat on
/// large sites, and the progress bar moves.
const BATCH: usize = 500;

/// Paths whose writes fail on purpose, to test what a failing page does to the others
/// (`CONCIERGE_PUBLISH_FAULTS`, a substring of the path; tests only).
pub type Faults = Arc<dyn Fn(&str) -> bool + Send + Sync>;

/// An output that could not be published, and why.
#[derive(Debug, Clone)]
pub struct Failure {
    pub target: Target,
    pub error: String,
}

/// What a publish did.
#[derive(Debug, Clone, Default)]
pub struct Report {
    pub written: usize,
    pub removed: usize,
    /// Outputs left as they were (they are tried again at the next publish).
    pub failures: Vec<Failure>,
}

/// Which publish to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Render what the manifest says is out of date.
    Incremental,
    /// Render everything, and remove every file no output wrote.
    Full,
}

pub struct Publisher {
    site: RwLock<Arc<Site>>,
    output: Output,
    faults: Option<Faults>,
}

impl Publisher {
    pub fn new(site: Site, output: Output) -> Self {
        Publisher {
            site: RwLock::new(Arc::new(site)),
            output,
            faults: None,
        }
    }

    /// The same, with writes to the paths `faults` picks failing.
    pub fn with_faults(mut self, faults: Faults) -> Self {
        self.faults = Some(faults);
        self
    }

    pub fn output(&self) -> &Output {
        &self.output
    }

    /// Swaps in a new site (templates or content changed); the caller then rebuilds.
    pub async fn replace_site(&self, site: Site) {
        *self.site.write().await = Arc::new(site);
    }

    /// The page at `route` in `lang`, rendered from `data` by the site's templates and islands
    /// exactly as a publish would write it, without writing anything (a preview). `None` when
    /// `data` has no such page.
    pub async fn render_one(
        &self,
        data: &ssg::model::SiteData,
        blogs: &std::collections::HashMap<i32, ssg::model::Blog>,
        route: ssg::routes::Route,
        lang: ssg::routes::Lang,
    ) -> anyhow::Result<Option<Vec<u8>>> {
        let site = self.site.read().await.clone();
        let file = route.file(lang);
        let targets = BTreeSet::from([Target::Page(route)]);
        let data = data.clone();
        let blogs = blogs.clone();
        let pages = tokio::task::spawn_blocking(move || {
            site.render(&data, &targets, &|id| blogs.get(&id).cloned())
        })
        .await??;
        Ok(pages.into_iter().find(|p| p.path == file).map(|p| p.bytes))
    }

    /// True when the output holds a complete build of the current templates and content.
    pub async fn is_current(&self) -> bool {
        let fingerprint = self.site.read().await.fingerprint().to_owned();
        self.output
            .read_file(BUILD_MARKER)
            .await
            .is_some_and(|m| m.trim() == fingerprint)
    }

    /// Renders every output, removes files no output writes (and temp files a crash left
    /// behind), marks the build complete.
    pub async fn full_build(
        &self,
        db: &Db,
        progress: Option<&(dyn Fn(usize, usize) + Sync)>,
    ) -> anyhow::Result<Report> {
        self.run(db, Mode::Full, &BTreeSet::new(), progress).await
    }

    /// Brings the store in line with the database: renders what changed, and the pages of the
    /// blogs in `blogs` (whose bodies may have changed). A full build when the store holds no
    /// complete build of this site.
    pub async fn publish(&self, db: &Db, blogs: &BTreeSet<i32>) -> anyhow::Result<Report> {
        let mode = if self.is_current().await {
            Mode::Incremental
        } else {
            Mode::Full
        };
        self.run(db, mode, blogs, None).await
    }

    async fn run(
        &self,
        db: &Db,
        mode: Mode,
        blogs: &BTreeSet<i32>,
        progress: Option<&(dyn Fn(usize, usize) + Sync)>,
    ) -> anyhow::Result<Report> {
        let site = self.site.read().await.clone();
        let clock = std::time::Instant::now();
        let data = load_data(&db.read).await?;
        let wanted = manifest::digests(&data, site.fingerprint(), Site::year());
        let (old, mode) = match mode {
            Mode::Full => (Manifest::default(), Mode::Full),
            Mode::Incremental => match self.read_manifest().await {
                Some(old) => (old, Mode::Incremental),
                None => (Manifest::default(), Mode::Full),
            },
        };
        if mode == Mode::Full {
            self.output
                .remove(&[BUILD_MARKER.to_owned()].into())
                .await?;
        }
        let todo: Vec<&Target> = wanted
            .iter()
            .filter(|(target, digest)| {
                old.digest(target) != Some(digest.as_str())
                    || owner(target).is_some_and(|id| blogs.contains(&id))
            })
            .map(|(target, _)| target)
            .collect();

        // What the store will hold: the old entries of outputs still wanted, each replaced once
        // its output is written.
        let wanted_keys: BTreeSet<String> = wanted.keys().map(manifest::key).collect();
        let mut new = Manifest {
            entries: old
                .entries
                .iter()
                .filter(|(key, _)| wanted_keys.contains(*key))
                .map(|(k, e)| (k.clone(), e.clone()))
                .collect(),
        };
        let mut report = Report::default();
        for (i, batch) in todo.chunks(BATCH).enumerate() {
            let ids = batch.iter().filter_map(|t| page_of_blog(t)).collect();
            let bodies = load_blogs(&db.read, ids).await?;
            let rendered = site.render_each(&data, batch.par_iter().copied(), &|id| {
                bodies.get(&id).cloned()
            })?;
            let mut pages: Vec<Page> = Vec::new();
            let mut files_of: BTreeMap<&Target, BTreeSet<String>> = BTreeMap::new();
            for (target, result) in rendered {
                match result {
                    Ok(out) => {
                        files_of.insert(target, out.iter().map(|p| p.path.clone()).collect());
                        pages.extend(out);
                    }
                    Err(e) => {
                        new.mark_stale(target, BTreeSet::new());
                        report.failures.push(Failure {
                            target: target.clone(),
                            error: format!("{e:#}"),
                        });
                    }
                }
            }
            let failed_writes = self.write(pages).await?;
            for (target, files) in files_of {
                let failed: Vec<&(String, anyhow::Error)> = failed_writes
                    .iter()
                    .filter(|(path, _)| files.contains(path))
                    .collect();
                if let Some((path, e)) = failed.first() {
                    report.failures.push(Failure {
                        target: target.clone(),
                        error: format!("Failed to write {path}: {e:#}"),
                    });
                    // Some of its files may hold the new bytes, some the old: it is rendered
                    // again next time, and every file it may have written stays known.
                    new.mark_stale(target, files);
                    continue;
                }
                report.written += files.len();
                new.entries.insert(
                    manifest::key(target),
                    Entry {
                        digest: wanted[target].clone(),
                        files,
                    },
                );
            }
            if let Some(progress) = progress {
                progress(((i + 1) * BATCH).min(todo.len()), todo.len());
            }
        }

        // Every file of a wanted output stays, failed ones included (their entries are stale).
        let keep = new.files();
        let held = match mode {
            Mode::Full => self.output.list().await?.into_iter().collect(),
            Mode::Incremental => old.files(),
        };
        let stale: BTreeSet<String> = held
            .into_iter()
            .filter(|f| !keep.contains(f) && f != BUILD_MARKER && f != MANIFEST_FILE)
            .collect();
        self.output.remove(&stale).await?;
        report.removed = stale.len();

        if new != old || mode == Mode::Full {
            self.output
                .write_file(MANIFEST_FILE, new.to_text().into_bytes())
                .await?;
        }
        if mode == Mode::Full {
            self.output
                .write_file(BUILD_MARKER, site.fingerprint().as_bytes().to_vec())
                .await?;
        }
        tracing::info!(
            full = mode == Mode::Full,
            outputs = todo.len(),
            written = report.written,
            removed = report.removed,
            failed = report.failures.len(),
            ms = clock.elapsed().as_millis() as u64,
            "publish"
        );
        Ok(report)
    }

    async fn read_manifest(&self) -> Option<Manifest> {
        Manifest::parse(&self.output.read_file(MANIFEST_FILE).await?)
    }

    /// Writes pages, failing those that `faults` picks.
    async fn write(&self, mut pages: Vec<Page>) -> anyhow::Result<Vec<(String, anyhow::Error)>> {
        let mut failed = Vec::new();
        if let Some(faults) = &self.faults {
            pages.retain(|p| {
                let fail = faults(&p.path);
                if fail {
                    failed.push((p.path.clone(), anyhow::anyhow!("injected failure")));
                }
                !fail
            });
        }
        failed.extend(self.output.write(pages).await?);
        Ok(failed)
    }
}

/// The blog whose outputs these are: its pages and its old URLs' redirects.
pub fn owner(target: &Target) -> Option<i32> {
    match target {
        Target::Page(ssg::routes::Route::Blog { id, .. }) => Some(*id),
        Target::Redirect { blog_id, .. } => Some(*blog_id),
        _ => None,
    }
}

/// The blog whose body this target renders.
fn page_of_blog(target: &Target) -> Option<i32> {
    match target {
        Target::Page(ssg::routes::Route::Blog { id, .. }) => Some(*id),
        _ => None,
    }
}
