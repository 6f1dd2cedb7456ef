//! The publisher: makes the site store hold what a full build of the database writes.
//!
//! The store holds, beside the pages, a manifest ([`crate::manifest`], of the digests of [`ssg::manifest`]) of the digest of every
//! output's inputs and the files it wrote; a publish renders the outputs whose digest changed
//! (and the pages of the blogs the outbox names), removes the files of outputs no longer wanted,
//! and writes the new manifest (the parts of it that changed). Before it changes a file, it
//! records which outputs it is about to change ([`Intent`]), and removes that record once the
//! manifest is written. So a restart, a crash half-way, a failed write or a second instance
//! cannot leave the store behind the database: the next publish sees the difference in the
//! manifest, or in the intent a dead publish left, and mends it.
//!
//! Three things are kept between publishes, each checked against what decides before it is used:
//! - the manifest last written, with its index: a publish still reads the index, and uses the
//!   parsed copy only when the file holds that same text and no publish left an intent
//!   (parsing ten thousand entries was a third of an edit's planning). The index names every
//!   part with its digest, so whatever wrote a part meanwhile (another instance, a hand through
//!   the protocol) wrote another index, and the files decide. With it, a digest of the outputs
//!   that publish wanted, in order, and the digest each one's entry holds: when the data wants
//!   the same outputs again, planning compares digests position by position instead of looking
//!   each output up in the manifest (ten thousand lookups were 2 ms of an edit);
//! - what the site shows ([`Kept`]): a publish reads only the blog rows changed since the last
//!   one, by the numbers the database gives every change (listing five thousand cards was most
//!   of an edit's loading), and the rest (services, reviews, banners, …) only when a change to
//!   it was numbered since. Whoever wrote them, the database numbered them;
//! - the digests the last publish made ([`manifest::Memo`]): when the site has the same
//!   outputs (an edit of a blog), the same list with the digests of the outputs that show a
//!   changed card made again; otherwise a card that is the one kept keeps its digest, and its
//!   blog page too while what every page shows is the same (making every output's key and
//!   digest again was most of an edit's planning).
//!
//! A full build is the same walk with an empty manifest, plus a sweep of files no manifest
//! knows. `.build` (the site's fingerprint) marks a complete build; without it, or with another
//! fingerprint, the next publish is a full build.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::manifest::{Entry, INTENT_FILE, Index, Intent, MANIFEST_FILE, Manifest, Shard};
use rayon::prelude::*;
use ssg::manifest::{self, Wanted};
use ssg::plan::Target;
use ssg::{Page, Site};
use tokio::sync::RwLock;

pub use super::output::Output;
use concierge_store::Db;
use concierge_store::site_data::{Kept, load_blogs, load_data_with};

/// The marker of a complete build: the site's fingerprint.
pub const BUILD_MARKER: &str = ".build";

/// Most targets rendered together (a blog target is two pages): memory stays flat on large
/// sites, and the progress bar moves.
const BATCH: usize = 500;

/// Most blogs whose bodies a batch reads: a listing page shows twelve, so five hundred listing
/// pages in one batch would hold every body of the site at once (50 MB at five thousand blogs).
/// The first batch reads fewer, as nothing renders while it reads (the next batch's are read
/// while one renders).
const BATCH_BODIES: usize = 500;
const FIRST_BATCH_BODIES: usize = 100;

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
    /// The manifest the last publish wrote (or found), with its index.
    remembered: Mutex<Option<Remembered>>,
    /// What the site shows, as of the last publish's load.
    kept: Mutex<Option<Kept>>,
    /// The last publish's digests, to make the next one's ([`manifest::Memo`]).
    memo: Mutex<Option<manifest::Memo>>,
    /// How many times this publisher has changed the site's files ([`Self::files_changed`]).
    changes: Arc<AtomicU64>,
}

struct Remembered {
    parts: Parts,
    manifest: Manifest,
    /// The outputs that publish wanted; `None` when this manifest was read from the file.
    last: Option<LastPlan>,
}

/// The manifest's index as it was read or written, and the digest of each part it lists.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Parts {
    index: String,
    digests: BTreeMap<Shard, String>,
}

/// The manifest the store holds, as a publish reads it (empty for a full build).
#[derive(Default)]
struct Stored {
    manifest: Manifest,
    /// Its index; `None` for a manifest of the old single file (every part is then new).
    parts: Option<Parts>,
    last: Option<LastPlan>,
    /// What a publish that did not finish had begun ([`Intent`]), already applied to
    /// `manifest`; empty when there was none.
    intent: Intent,
    /// The intent's file as read; `None` when there is none.
    intent_text: Option<String>,
}

/// The outputs a publish wanted: a digest of their keys, in order, and the digest each one's
/// entry in the manifest holds, in the same order (its inputs' digest, or [`manifest::STALE`]
/// when it failed). What the manifest's entries already hold (the keys, the hex of the digests)
/// is not kept twice.
struct LastPlan {
    keys: [u8; 32],
    digests: Vec<[u8; 32]>,
}

/// An input digest's 32 hex characters as they are (any other text never equals a real one).
fn digest_bytes(digest: &str) -> [u8; 32] {
    digest.as_bytes().try_into().unwrap_or([0; 32])
}

impl Publisher {
    pub fn new(site: Site, output: Output) -> Self {
        Publisher {
            site: RwLock::new(Arc::new(site)),
            output,
            faults: None,
            remembered: Mutex::new(None),
            kept: Mutex::new(None),
            memo: Mutex::new(None),
            changes: Arc::default(),
        }
    }

    /// A count that grows after each change this publisher makes to the site's files (each
    /// batch of pages written, each file removed): whoever keeps files in memory and read the
    /// count before looking at a file knows that file may have changed when the count moved.
    pub fn files_changed(&self) -> u64 {
        self.changes.load(Ordering::Acquire)
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

    /// Gets ready for the first publish after a start: reads what the site shows and makes its
    /// digests (so that publish reads and hashes only what changed), and renders, without
    /// writing, one page of each kind that has islands. A renderer's first render of an island
    /// is slow (Node compiles it then): a server's first edit took 110 ms against 20 ms for the
    /// next ones.
    pub async fn warm(&self, db: &Db) {
        if let Err(e) = self.try_warm(db).await {
            tracing::warn!(error = %e, "failed to warm the publisher");
        }
    }

    async fn try_warm(&self, db: &Db) -> anyhow::Result<()> {
        let site = self.site.read().await.clone();
        site.warm()?;
        let mut kept = self
            .kept
            .lock()
            .expect("not poisoned")
            .take()
            .unwrap_or_default();
        let data = Arc::new(load_data_with(&db.read, &mut kept).await?);
        *self.kept.lock().expect("not poisoned") = Some(kept);
        let mut memo = manifest::Memo::default();
        memo.digests(&data, site.fingerprint(), Site::year());
        *self.memo.lock().expect("not poisoned") = Some(memo);
        let mut targets: Vec<Target> = ssg::plan::FIXED
            .iter()
            .chain([&ssg::routes::Route::Blogs(1)])
            .cloned()
            .map(Target::Page)
            .collect();
        targets.extend(data.blogs.first().map(|b| Target::Page(b.route())));
        let ids: Vec<i32> = targets.iter().flat_map(|t| t.bodies(&data)).collect();
        let bodies = load_blogs(&db.read, ids).await?;
        tokio::task::spawn_blocking(move || {
            site.render_each(
                &data,
                targets.par_iter(),
                &|id| bodies.get(&id).cloned(),
                &drop,
            )
            .map(drop)
        })
        .await?
    }

    /// True when the output holds a complete build of the current templates and content (a
    /// marker that cannot be read is none: a full build is always safe).
    pub async fn is_current(&self) -> bool {
        let fingerprint = self.site.read().await.fingerprint().to_owned();
        matches!(
            self.output.read_file(BUILD_MARKER).await,
            Ok(Some(marker)) if marker.trim() == fingerprint
        )
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
        let clock = Instant::now();
        // Node boots while the data loads (nothing to do when a renderer is started already);
        // should it fail to start, the first page with an island says why.
        if let Err(e) = site.warm() {
            tracing::warn!(error = %e, "could not start an islands renderer");
        }
        // A full build reads everything again (and so mends whatever the memory could miss).
        let mut kept = match mode {
            Mode::Full => Kept::default(),
            Mode::Incremental => self
                .kept
                .lock()
                .expect("not poisoned")
                .take()
                .unwrap_or_default(),
        };
        let data = Arc::new(load_data_with(&db.read, &mut kept).await?);
        *self.kept.lock().expect("not poisoned") = Some(kept);
        let loaded = clock.elapsed();
        let memo = match mode {
            Mode::Full => manifest::Memo::default(),
            Mode::Incremental => self
                .memo
                .lock()
                .expect("not poisoned")
                .take()
                .unwrap_or_default(),
        };
        // The digests are made on rayon's threads while the manifest is read, and the bodies
        // this publish most likely renders with (they were a tenth of an edit's time, after its
        // digests).
        let digesting = {
            let (site, data) = (site.clone(), data.clone());
            tokio::task::spawn_blocking(move || {
                let started = Instant::now();
                let mut memo = memo;
                let digests = memo.digests(&data, site.fingerprint(), Site::year());
                (memo, digests, started.elapsed())
            })
        };
        let read = |ids: &Vec<i32>| {
            let (db, ids) = (db.read.clone(), ids.clone());
            tokio::spawn(async move { load_blogs(&db, ids).await })
        };
        let likely = match mode {
            Mode::Incremental => likely_bodies(&data, blogs),
            Mode::Full => Vec::new(),
        };
        let mut early = (!likely.is_empty()).then(|| read(&likely));
        // What the store holds (an empty manifest for a full build), with its index.
        let stored = match mode {
            Mode::Full => None,
            Mode::Incremental => self.read_manifest().await?,
        };
        let (memo, digests, digesting) = digesting.await?;
        let wanted: &[Wanted] = &digests.wanted;
        *self.memo.lock().expect("not poisoned") = Some(memo);
        let mode = if stored.is_some() { mode } else { Mode::Full };
        // The intent on disk, if any, grows with what this publish is about to change.
        let Stored {
            manifest: mut new,
            parts,
            last,
            mut intent,
            intent_text: mut intent_on_disk,
        } = stored.unwrap_or_default();
        if mode == Mode::Full {
            self.remembered.lock().expect("not poisoned").take();
            self.remove(&[BUILD_MARKER.to_owned()].into()).await?;
        }
        let planned = clock.elapsed();
        let forced = |w: &Wanted| owner(&w.target).is_some_and(|id| blogs.contains(&id));
        let keys = digests.keys;
        let (todo, dropped): (Vec<&Wanted>, Vec<String>) = match last {
            // The same outputs as the publish that wrote this manifest: its entries' digests
            // are `last`'s, position by position, and no entry is left over.
            Some(last) if last.keys == keys && last.digests.len() == wanted.len() => {
                let todo = wanted
                    .iter()
                    .zip(&last.digests)
                    .filter(|(w, l)| digest_bytes(&w.digest) != **l || forced(w))
                    .map(|(w, _)| w)
                    .collect();
                (todo, Vec::new())
            }
            _ => {
                let todo = wanted
                    .iter()
                    .filter(|w| {
                        new.get(&w.key).map(|e| e.digest.as_str()) != Some(w.digest.as_str())
                            || forced(w)
                    })
                    .collect();
                let wanted_keys: HashSet<&str> = wanted.iter().map(|w| w.key.as_str()).collect();
                let dropped = new
                    .keys()
                    .filter(|key| !wanted_keys.contains(key.as_str()))
                    .cloned()
                    .collect();
                (todo, dropped)
            }
        };

        let decided = clock.elapsed();
        // What the store will hold: the old entries of outputs still wanted, each replaced once
        // its output is written. The files of the others, and those a re-rendered output no
        // longer writes, may have to go.
        let mut unwanted = BTreeSet::new();
        for key in &dropped {
            if let Some(entry) = new.remove(key) {
                intent.add(key, entry.files.iter().cloned());
                unwanted.extend(entry.files);
            }
        }
        let mut report = Report::default();
        let (mut reading, mut rendering, mut noting, mut writing) = (
            Duration::ZERO,
            Duration::ZERO,
            Duration::ZERO,
            Duration::ZERO,
        );
        // A full build into a directory writes each output's pages on the thread that
        // rendered them: a batch's pages are never all in memory at once (five hundred listing
        // pages are some 60 MB), and the writes keep both cores busy while the renders wait
        // for Node. An incremental publish writes after its intent, which names the files.
        let write_now = match (mode, &self.output) {
            (Mode::Full, Output::Dir(dir)) => Some(self.writer(dir.clone())),
            _ => None,
        };
        // What the store holds, listed beside the renders: a full build removes what no
        // output wrote. Any file there now that this build does not write is one of those (the
        // lease keeps other publishers out, and this one's temp files are renamed).
        let listing = (mode == Mode::Full).then(|| {
            let output = self.output.clone();
            tokio::spawn(async move { output.list().await })
        });
        let batches = batches(&todo, &data);
        // The next batch's bodies are read while this one renders; the first batch's, those
        // read early and any others it needs.
        let mut next = match early {
            Some(_) => None,
            None => batches.first().map(|(_, ids)| read(ids)),
        };
        let mut done = 0;
        for (i, (batch, ids)) in batches.iter().enumerate() {
            let started = Instant::now();
            let bodies = match early.take() {
                Some(early) => {
                    let mut bodies = early.await??;
                    let missing: Vec<i32> = ids
                        .iter()
                        .filter(|id| !bodies.contains_key(id))
                        .copied()
                        .collect();
                    if !missing.is_empty() {
                        bodies.extend(load_blogs(&db.read, missing).await?);
                    }
                    bodies
                }
                None => next.take().expect("read ahead").await??,
            };
            next = batches.get(i + 1).map(|(_, ids)| read(ids));
            reading += started.elapsed();
            let started = Instant::now();
            let rendered = render(&site, &data, batch, bodies, write_now.clone()).await?;
            rendering += started.elapsed();
            let mut pages: Vec<Page> = Vec::new();
            let mut files_of: Vec<(&Wanted, BTreeSet<String>)> = Vec::new();
            let mut failed_writes = Vec::new();
            for (wanted, result) in batch.iter().zip(rendered) {
                match result {
                    Ok(out) => {
                        files_of.push((wanted, out.files));
                        pages.extend(out.pages);
                        failed_writes.extend(out.failed);
                    }
                    Err(e) => {
                        new.mark_stale(&wanted.key, BTreeSet::new());
                        report.failures.push(Failure {
                            target: wanted.target.clone(),
                            error: format!("{e:#}"),
                        });
                    }
                }
            }
            // Before this batch's pages, the intent names them with every file they may then
            // hold. It grows batch by batch: an edit writes it once; a publish that renders
            // every output (a service renamed) writes it once a batch, growing to about 1 MB
            // at five thousand blogs. A full build needs none: it removes the build marker
            // first, so whatever stops it, the next publish is a full build.
            if mode == Mode::Incremental {
                let started = Instant::now();
                for (wanted, files) in &files_of {
                    let old = new.get(&wanted.key).map(|e| e.files.clone());
                    intent.add(&wanted.key, old.into_iter().flatten().chain(files.clone()));
                }
                self.note_intent(&intent, &mut intent_on_disk).await?;
                noting += started.elapsed();
            }
            let started = Instant::now();
            if !pages.is_empty() {
                failed_writes.extend(self.write(pages).await?);
            }
            writing += started.elapsed();
            for (wanted, files) in files_of {
                let failed: Vec<&(String, anyhow::Error)> = failed_writes
                    .iter()
                    .filter(|(path, _)| files.contains(path))
                    .collect();
                if let Some((path, e)) = failed.first() {
                    report.failures.push(Failure {
                        target: wanted.target.clone(),
                        error: format!("Failed to write {path}: {e:#}"),
                    });
                    // Some of its files may hold the new bytes, some the old: it is rendered
                    // again next time, and every file it may have written stays known.
                    new.mark_stale(&wanted.key, files);
                    continue;
                }
                report.written += files.len();
                let previous = new.insert(
                    wanted.key.clone(),
                    Entry {
                        digest: wanted.digest.clone(),
                        files: files.into_iter().collect(),
                    },
                );
                if let Some(previous) = previous {
                    let written = &new.get(&wanted.key).expect("just inserted").files;
                    unwanted.extend(previous.files.into_iter().filter(|f| !written.contains(f)));
                }
            }
            done += batch.len();
            if let Some(progress) = progress {
                progress(done, todo.len());
            }
        }

        if mode == Mode::Incremental {
            // The dropped outputs' files go next.
            self.note_intent(&intent, &mut intent_on_disk).await?;
        }
        let finishing = Instant::now();
        // Every file of a wanted output stays, failed ones included (their entries are stale).
        // An incremental publish looks only at the files that may have lost their output; a
        // full build also removes the manifest's parts it does not write, and any intent.
        let held: BTreeSet<String> = match listing {
            Some(listing) => listing.await??.into_iter().collect(),
            None => unwanted,
        };
        let stale: BTreeSet<String> = if held.is_empty() {
            BTreeSet::new()
        } else {
            let mut keep = new.files();
            keep.extend([BUILD_MARKER.to_owned(), MANIFEST_FILE.to_owned()]);
            keep.extend(new.shards().map(|shard| shard.file()));
            held.into_iter().filter(|f| !keep.contains(f)).collect()
        };
        self.remove(&stale).await?;
        report.removed = stale.len();

        let parts = self
            .write_manifest(&mut new, parts.unwrap_or_default())
            .await?;
        if intent_on_disk.is_some() {
            self.remove(&[INTENT_FILE.to_owned()].into()).await?;
        }
        if mode == Mode::Full {
            self.write_file(BUILD_MARKER, site.fingerprint().as_bytes().to_vec())
                .await?;
        }
        let outputs = todo.len();
        // Every wanted output's entry now holds its digest, but those that failed (stale).
        let failed: HashSet<&Target> = report.failures.iter().map(|f| &f.target).collect();
        let held = wanted
            .iter()
            .map(|w| match failed.contains(&w.target) {
                true => digest_bytes(manifest::STALE),
                false => digest_bytes(&w.digest),
            })
            .collect();
        *self.remembered.lock().expect("not poisoned") = Some(Remembered {
            parts,
            manifest: new,
            last: Some(LastPlan {
                keys,
                digests: held,
            }),
        });
        tracing::info!(
            full = mode == Mode::Full,
            outputs,
            written = report.written,
            removed = report.removed,
            failed = report.failures.len(),
            ms = ms(clock.elapsed()),
            load_ms = ms(loaded),
            plan_ms = ms(planned - loaded),
            digests_ms = ms(digesting),
            decide_ms = ms(decided - planned),
            bodies_ms = ms(reading),
            render_ms = ms(rendering),
            intent_ms = ms(noting),
            write_ms = ms(writing),
            finish_ms = ms(finishing.elapsed()),
            "publish"
        );
        Ok(report)
    }

    /// Writes one of the publisher's own files (the manifest, the build marker).
    async fn write_file(&self, path: &str, bytes: Vec<u8>) -> anyhow::Result<()> {
        let page = Page {
            path: path.to_owned(),
            bytes,
        };
        self.write_all(vec![page]).await
    }

    /// Writes the publisher's own files; any that fails (or that `faults` picks) fails the
    /// publish.
    async fn write_all(&self, files: Vec<Page>) -> anyhow::Result<()> {
        match self.write(files).await?.into_iter().next() {
            Some((path, e)) => Err(e.context(format!("Failed to write {path}"))),
            None => Ok(()),
        }
    }

    /// Removes files in order; the first that fails (or that `faults` picks) fails the publish,
    /// with the files after it still there.
    async fn remove(&self, files: &BTreeSet<String>) -> anyhow::Result<()> {
        for file in files {
            if self.faults.as_ref().is_some_and(|faults| faults(file)) {
                anyhow::bail!("Failed to remove {file}: injected failure");
            }
            let removed = self.output.remove(&[file.clone()].into()).await;
            self.changes.fetch_add(1, Ordering::Release);
            removed?;
        }
        Ok(())
    }

    /// Writes pages, failing those that `faults` picks.
    async fn write(&self, mut pages: Vec<Page>) -> anyhow::Result<Vec<(String, anyhow::Error)>> {
        let mut failed = injected(self.faults.as_ref(), &mut pages);
        let written = self.output.write(pages).await;
        self.changes.fetch_add(1, Ordering::Release);
        failed.extend(written?);
        Ok(failed)
    }

    /// Writes pages into `dir` on the calling thread, failing those that `faults` picks.
    fn writer(&self, dir: PathBuf) -> Writer {
        let (faults, changes) = (self.faults.clone(), self.changes.clone());
        Arc::new(move |mut pages| {
            let mut failed = injected(faults.as_ref(), &mut pages);
            failed.extend(super::output::write_into(&dir, &pages, false));
            changes.fetch_add(1, Ordering::Release);
            failed
        })
    }
}

/// Takes out of `pages` those that `faults` picks, each with its failure.
fn injected(faults: Option<&Faults>, pages: &mut Vec<Page>) -> Vec<(String, anyhow::Error)> {
    let mut failed = Vec::new();
    if let Some(faults) = faults {
        pages.retain(|p| {
            let fail = faults(&p.path);
            if fail {
                failed.push((p.path.clone(), anyhow::anyhow!("injected failure")));
            }
            !fail
        });
    }
    failed
}

/// Writes an output's pages where it was rendered; returns those that could not be written.
type Writer = Arc<dyn Fn(Vec<Page>) -> Vec<(String, anyhow::Error)> + Send + Sync>;

/// A target rendered: the files it writes, and either its pages, to be written, or (when they
/// were written as they were rendered) those of its files that could not be.
struct Rendered {
    files: BTreeSet<String>,
    pages: Vec<Page>,
    failed: Vec<(String, anyhow::Error)>,
}

/// `todo` in batches, in its order, each with the blogs whose bodies it reads: at most
/// [`BATCH`] targets and [`BATCH_BODIES`] bodies, [`FIRST_BATCH_BODIES`] in the first (or
/// one target, whatever it reads).
fn batches<'w>(
    todo: &'w [&'w Wanted],
    data: &ssg::model::SiteData,
) -> Vec<(&'w [&'w Wanted], Vec<i32>)> {
    let mut batches = Vec::new();
    let (mut start, mut ids) = (0, BTreeSet::new());
    for (i, wanted) in todo.iter().enumerate() {
        let reads = wanted.target.bodies(data);
        let bodies = match batches.is_empty() {
            true => FIRST_BATCH_BODIES,
            false => BATCH_BODIES,
        };
        let full = i - start == BATCH || ids.len() + reads.len() > bodies;
        if i > start && full {
            batches.push((
                &todo[start..i],
                std::mem::take(&mut ids).into_iter().collect(),
            ));
            start = i;
        }
        ids.extend(reads);
    }
    if start < todo.len() {
        batches.push((&todo[start..], ids.into_iter().collect()));
    }
    batches
}

/// Renders a batch's targets, in their order, on rayon's threads: a blocking task, so the
/// async runtime's threads go on serving while the pages render. With `write`, each target's
/// pages are written as soon as they are rendered.
async fn render(
    site: &Arc<Site>,
    data: &Arc<ssg::model::SiteData>,
    batch: &[&Wanted],
    bodies: HashMap<i32, ssg::model::Blog>,
    write: Option<Writer>,
) -> anyhow::Result<Vec<anyhow::Result<Rendered>>> {
    let (site, data) = (site.clone(), data.clone());
    let targets: Vec<Target> = batch.iter().map(|w| w.target.clone()).collect();
    tokio::task::spawn_blocking(move || {
        let blog = |id| bodies.get(&id).cloned();
        let done = |pages: Vec<Page>| {
            let files = pages.iter().map(|p| p.path.clone()).collect();
            match &write {
                Some(write) => Rendered {
                    files,
                    pages: Vec::new(),
                    failed: write(pages),
                },
                None => Rendered {
                    files,
                    pages,
                    failed: Vec::new(),
                },
            }
        };
        site.render_each(&data, targets.par_iter(), &blog, &|pages| done(pages))
    })
    .await?
}

/// The blogs whose bodies a publish of edits to `blogs` most likely renders with, known before
/// its digests are: each one's own page, the cards of its listing page, and the feeds' blogs.
/// None for many blogs (that is no edit).
fn likely_bodies(data: &ssg::model::SiteData, blogs: &BTreeSet<i32>) -> Vec<i32> {
    if blogs.is_empty() || blogs.len() > 8 {
        return Vec::new();
    }
    let mut ids = blogs.clone();
    for (i, card) in data.blogs.iter().enumerate() {
        if blogs.contains(&card.id) {
            let page = ssg::routes::Route::Blogs((i / ssg::plan::BLOGS_PER_PAGE) as u32 + 1);
            ids.extend(Target::Page(page).bodies(data));
        }
    }
    ids.extend(Target::Feeds.bodies(data));
    ids.into_iter().collect()
}

/// The blog whose outputs these are: its pages and its old URLs' redirects.
pub fn owner(target: &Target) -> Option<i32> {
    match target {
        Target::Page(ssg::routes::Route::Blog { id, .. }) => Some(*id),
        Target::Redirect { blog_id, .. } => Some(*blog_id),
        _ => None,
    }
}

/// `duration` in milliseconds to a tenth, for the publish log: whole milliseconds hid up to
/// one of each phase's.
fn ms(duration: Duration) -> f64 {
    (duration.as_secs_f64() * 10_000.0).round() / 10.0
}

mod manifest_io;
#[cfg(test)]
mod tests;
