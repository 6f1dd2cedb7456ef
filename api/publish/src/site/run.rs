//! One publish, in three steps: [`Publisher::plan`] decides what to render (it loads the data,
//! makes the digests and reads what the store holds), [`Publisher::render_batches`] renders and
//! writes batch by batch (recording the intent first, on an incremental publish), and
//! [`Publisher::finish`] removes the files no output holds any more and writes the manifest.

use super::*;

/// The blog bodies a batch renders with, read on the runtime while something else works.
type Bodies = tokio::task::JoinHandle<anyhow::Result<HashMap<i32, ssg::model::Blog>>>;

/// Starts reading the bodies of the blogs `ids`.
fn read_bodies(db: &Db, ids: &[i32]) -> Bodies {
    let (db, ids) = (db.read.clone(), ids.to_vec());
    tokio::spawn(async move { load_blogs(&db, ids).await })
}

/// What a publish decided before rendering anything.
struct Plan {
    data: Arc<ssg::model::SiteData>,
    digests: manifest::Digests,
    /// A full build when the store holds no manifest, whatever was asked.
    mode: Mode,
    /// The outputs to render: their positions in `digests.wanted`.
    todo: Vec<usize>,
    /// The manifest's keys of the outputs no longer wanted.
    dropped: Vec<String>,
    /// What the store holds (its manifest, with the intent of a publish that died applied).
    stored: Stored,
    /// The bodies most likely rendered with, read while the digests were made.
    early: Option<Bodies>,
    loaded: Duration,
    planned: Duration,
    digesting: Duration,
    decided: Duration,
}

/// What the batches change as they go: the manifest to write, the intent recorded, the files
/// that may have lost their output, the report and the time each phase took.
struct Progress {
    new: Manifest,
    intent: Intent,
    intent_on_disk: Option<String>,
    unwanted: BTreeSet<String>,
    /// The files written, for the edge's purges.
    written: BTreeSet<String>,
    report: Report,
    reading: Duration,
    rendering: Duration,
    noting: Duration,
    writing: Duration,
    /// What the publish does to site search's index.
    index: search::IndexWork,
    /// The time spent on the index (its docs read, its shards made and written), beside the
    /// docs' own writes with the pages.
    indexing: Duration,
}

impl Publisher {
    pub(super) async fn run(
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
        let mut plan = self.plan(db, &site, mode, blogs, clock).await?;
        let started = Instant::now();
        let index = self.index_work(plan.mode == Mode::Full).await?;
        let wanted = plan.digests.wanted.clone();
        let mut todo: Vec<&Wanted> = plan.todo.iter().map(|&i| &wanted[i]).collect();
        in_writing_order(&mut todo);
        // What the store will hold: the old entries of outputs still wanted, each replaced once
        // its output is written. The files of the others, and those a re-rendered output no
        // longer writes, may have to go.
        let stored = std::mem::take(&mut plan.stored);
        let mut state = Progress {
            new: stored.manifest,
            intent: stored.intent,
            intent_on_disk: stored.intent_text,
            unwanted: BTreeSet::new(),
            written: BTreeSet::new(),
            report: Report::default(),
            reading: Duration::ZERO,
            rendering: Duration::ZERO,
            noting: Duration::ZERO,
            writing: Duration::ZERO,
            index,
            indexing: started.elapsed(),
        };
        for key in &plan.dropped {
            if let Some(entry) = state.new.remove(key) {
                state.index.dropped(entry.files.iter());
                state.intent.add(key, entry.files.iter().cloned());
                state.unwanted.extend(entry.files);
            }
        }
        // What the store holds, listed beside the renders: a full build removes what no
        // output wrote. Any file there now that this build does not write is one of those (the
        // lease keeps other publishers out, and this one's temp files are renamed).
        let listing = (plan.mode == Mode::Full).then(|| {
            let output = self.output.clone();
            tokio::spawn(async move { output.list().await })
        });
        self.render_batches(db, &site, &mut plan, &todo, &mut state, progress)
            .await?;
        // The pages are in the store: the edge may drop its copies. A publish that stops
        // before this point leaves its intent, so the next one writes these files again, and
        // queues them then. (A full build queues the whole site once its removals are done.)
        if self.purging && plan.mode == Mode::Incremental {
            let written = std::mem::take(&mut state.written);
            edge_purges::enqueue(&db.write, written).await?;
            self.purges_queued.notify_one();
        }
        let finishing = Instant::now();
        let held = match listing {
            Some(listing) => listing.await??.into_iter().collect(),
            None => std::mem::take(&mut state.unwanted),
        };
        self.finish(
            db,
            &site,
            &plan,
            (stored.parts, stored.last),
            held,
            &mut state,
        )
        .await?;
        let Progress {
            report,
            indexing,
            index,
            ..
        } = state;
        tracing::info!(
            full = plan.mode == Mode::Full,
            outputs = todo.len(),
            written = report.written,
            removed = report.removed,
            failed = report.failures.len(),
            ms = ms(clock.elapsed()),
            load_ms = ms(plan.loaded),
            plan_ms = ms(plan.planned - plan.loaded),
            digests_ms = ms(plan.digesting),
            decide_ms = ms(plan.decided - plan.planned),
            bodies_ms = ms(state.reading),
            render_ms = ms(state.rendering),
            intent_ms = ms(state.noting),
            write_ms = ms(state.writing),
            finish_ms = ms(finishing.elapsed()),
            index_ms = ms(indexing),
            index_files = index.shards_written,
            index_kb = index.shard_bytes / 1024,
            "publish"
        );
        Ok(report)
    }

    /// Loads what the site shows (what changed since the last publish, on an incremental
    /// one), makes the digests of every output on rayon's threads while the manifest is read,
    /// and decides which outputs to render and which the store no longer wants.
    async fn plan(
        &self,
        db: &Db,
        site: &Arc<Site>,
        mode: Mode,
        blogs: &BTreeSet<i32>,
        clock: Instant,
    ) -> anyhow::Result<Plan> {
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
        let likely = match mode {
            Mode::Incremental => likely_bodies(&data, blogs),
            Mode::Full => Vec::new(),
        };
        let early = (!likely.is_empty()).then(|| read_bodies(db, &likely));
        // What the store holds (an empty manifest for a full build), with its index.
        let stored = match mode {
            Mode::Full => None,
            Mode::Incremental => self.read_manifest().await?,
        };
        let (memo, digests, digesting) = digesting.await?;
        *self.memo.lock().expect("not poisoned") = Some(memo);
        let mode = if stored.is_some() { mode } else { Mode::Full };
        // The intent on disk, if any, grows with what this publish is about to change.
        let stored = stored.unwrap_or_default();
        if mode == Mode::Full {
            self.remembered.lock().expect("not poisoned").take();
            self.remove(&[BUILD_MARKER.to_owned()].into()).await?;
        }
        let planned = clock.elapsed();
        let (todo, dropped) = decide(&data, &digests, &stored, blogs);
        Ok(Plan {
            data,
            digests,
            mode,
            todo,
            dropped,
            stored,
            early,
            loaded,
            planned,
            digesting,
            decided: clock.elapsed(),
        })
    }

    /// Renders `todo` in batches (the next batch's bodies read while one renders) and writes
    /// each batch's pages, recording first, on an incremental publish, every file they may
    /// change ([`Intent`]); each output written gets its new entry in `state.new`.
    async fn render_batches(
        &self,
        db: &Db,
        site: &Arc<Site>,
        plan: &mut Plan,
        todo: &[&Wanted],
        state: &mut Progress,
        progress: Option<&(dyn Fn(usize, usize) + Sync)>,
    ) -> anyhow::Result<()> {
        // A full build into a directory writes each output's pages on the thread that
        // rendered them: a batch's pages are never all in memory at once (five hundred listing
        // pages are some 60 MB), and the writes keep both cores busy while the renders wait
        // for Node. An incremental publish writes after its intent, which names the files.
        let write_now = match (plan.mode, &self.output) {
            (Mode::Full, Output::Dir(dir)) => Some(self.writer(dir.clone())),
            _ => None,
        };
        let batches = batches(todo, &plan.data);
        // The next batch's bodies are read while this one renders; the first batch's, those
        // read early and any others it needs.
        let mut early = plan.early.take();
        let mut next = match early {
            Some(_) => None,
            None => batches.first().map(|(_, ids)| read_bodies(db, ids)),
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
            next = batches.get(i + 1).map(|(_, ids)| read_bodies(db, ids));
            state.reading += started.elapsed();
            let started = Instant::now();
            let rendered = render(site, &plan.data, batch, bodies, write_now.clone()).await?;
            state.rendering += started.elapsed();
            self.write_batch(plan.mode, batch, rendered, state).await?;
            done += batch.len();
            if let Some(progress) = progress {
                progress(done, todo.len());
            }
        }
        if plan.mode == Mode::Incremental {
            // The dropped outputs' files go next.
            self.note_intent(&state.intent, &mut state.intent_on_disk)
                .await?;
        }
        Ok(())
    }

    /// Writes a rendered batch: the intent first (incremental), then its pages; an output
    /// whose pages all reached the store gets its new entry, one that failed is left stale.
    async fn write_batch(
        &self,
        mode: Mode,
        batch: &[&Wanted],
        rendered: Vec<anyhow::Result<Rendered>>,
        state: &mut Progress,
    ) -> anyhow::Result<()> {
        let mut pages: Vec<Page> = Vec::new();
        let mut files_of: Vec<(&Wanted, BTreeSet<String>)> = Vec::new();
        let mut failed_writes = Vec::new();
        let mut docs = Vec::new();
        // A target whose doc could not be written is rendered again, as one whose page was not.
        let mut docs_of: HashMap<&str, BTreeSet<String>> = HashMap::new();
        for (wanted, result) in batch.iter().zip(rendered) {
            match result {
                Ok(out) => {
                    let paths = out
                        .docs
                        .iter()
                        .map(|(lang, id, _)| ssg::search::doc_file(*lang, *id));
                    docs_of.insert(&wanted.key, paths.collect());
                    files_of.push((wanted, out.files));
                    pages.extend(out.pages);
                    failed_writes.extend(out.failed);
                    docs.extend(out.docs);
                }
                Err(e) => {
                    state.new.mark_stale(&wanted.key, BTreeSet::new());
                    state.report.failures.push(Failure {
                        target: wanted.target.clone(),
                        error: format!("{e:#}"),
                        transient: concierge_store::transient(&e),
                    });
                }
            }
        }
        // Before this batch's pages, the intent names them with every file they may then
        // hold. It grows batch by batch: an edit writes it once; a publish that renders every
        // output (a service renamed) writes it once a batch, growing to about 1 MB at five
        // thousand blogs. A full build needs none: it removes the build marker first, so
        // whatever stops it, the next publish is a full build.
        if mode == Mode::Incremental {
            let started = Instant::now();
            for (wanted, files) in &files_of {
                let old = state.new.get(&wanted.key).map(|e| e.files.clone());
                state
                    .intent
                    .add(&wanted.key, old.into_iter().flatten().chain(files.clone()));
            }
            self.note_intent(&state.intent, &mut state.intent_on_disk)
                .await?;
            state.noting += started.elapsed();
        }
        // The docs the store holds are read before these replace them.
        let started = Instant::now();
        self.note_docs(&mut state.index, docs).await?;
        state.indexing += started.elapsed();
        let started = Instant::now();
        let mut unchanged = HashSet::new();
        if !pages.is_empty() {
            let written = self.write(pages).await?;
            failed_writes.extend(written.failed);
            unchanged.extend(written.unchanged);
        }
        state.writing += started.elapsed();
        for (wanted, files) in files_of {
            let docs = docs_of.get(wanted.key.as_str());
            let failed: Vec<&(String, anyhow::Error)> = failed_writes
                .iter()
                .filter(|(path, _)| files.contains(path) || docs.is_some_and(|d| d.contains(path)))
                .collect();
            if let Some((path, e)) = failed.first() {
                state.report.failures.push(Failure {
                    target: wanted.target.clone(),
                    error: format!("Failed to write {path}: {e:#}"),
                    transient: concierge_store::transient(e),
                });
                // Some of its files may hold the new bytes, some the old: it is rendered again
                // next time, and every file it may have written stays known.
                state.new.mark_stale(&wanted.key, files);
                continue;
            }
            state.report.written += files.len();
            if self.purging {
                // The edge keeps its copy of a file whose bytes did not change.
                let changed = files.iter().filter(|f| !unchanged.contains(*f));
                state.written.extend(changed.cloned());
            }
            let previous = state.new.insert(
                wanted.key.clone(),
                Entry {
                    digest: wanted.digest.clone(),
                    files: files.into_iter().collect(),
                },
            );
            if let Some(previous) = previous {
                let written = &state.new.get(&wanted.key).expect("just inserted").files;
                let gone = previous.files.into_iter().filter(|f| !written.contains(f));
                state.unwanted.extend(gone);
            }
        }
        Ok(())
    }

    /// Removes the files of `held` that no wanted output holds (every file of a wanted output
    /// stays, failed ones included: their entries are stale), writes the manifest's changed
    /// parts and its index, drops the intent, marks a full build complete, and remembers the
    /// manifest for the next publish.
    async fn finish(
        &self,
        db: &Db,
        site: &Arc<Site>,
        plan: &Plan,
        (parts, last): (Option<Parts>, Option<LastPlan>),
        held: BTreeSet<String>,
        state: &mut Progress,
    ) -> anyhow::Result<()> {
        let mut stale = held;
        if !stale.is_empty() {
            stale.remove(BUILD_MARKER);
            stale.remove(MANIFEST_FILE);
            for shard in state.new.shards() {
                stale.remove(&shard.file());
            }
            state.new.retain_unheld(&mut stale);
        }
        // Site search's index, before the docs of removed pages go (it reads them first).
        let started = Instant::now();
        let gone_docs = self.note_removed(&mut state.index).await?;
        let searched = |w: &&Wanted| match &w.target {
            Target::Page(route) => site.searched(route),
            _ => false,
        };
        let wanted_docs = || -> BTreeSet<String> {
            let pages = plan.digests.wanted.iter().filter(searched);
            pages
                .flat_map(|w| w.target.files())
                .filter_map(|file| ssg::search::doc_of_page(&file))
                .collect()
        };
        let (index_changed, index_files) = self
            .write_index(&mut state.index, &stale, wanted_docs)
            .await?;
        state.indexing += started.elapsed();
        stale.retain(|f| !index_files.contains(f) && f != search::PENDING);
        stale.extend(gone_docs);
        self.remove(&stale).await?;
        state.report.removed = stale.len();
        // Gone from the store, and (before the manifest says so) queued to go from the edge.
        // A full build, which stops without its build marker, purges the whole site.
        if self.purging {
            let files: Vec<String> = match plan.mode {
                Mode::Full => vec![edge_purges::EVERYTHING.to_owned()],
                Mode::Incremental => stale.iter().chain(&index_changed).cloned().collect(),
            };
            edge_purges::enqueue(&db.write, files).await?;
            self.purges_queued.notify_one();
        }
        let parts = self
            .write_manifest(&mut state.new, parts.unwrap_or_default())
            .await?;
        if state.intent_on_disk.is_some() {
            self.remove(&[INTENT_FILE.to_owned()].into()).await?;
        }
        if plan.mode == Mode::Full {
            self.write_file(BUILD_MARKER, site.fingerprint().as_bytes().to_vec())
                .await?;
        }
        let started = Instant::now();
        self.index_done(&state.index, state.report.failures.is_empty())
            .await?;
        state.indexing += started.elapsed();
        // Every wanted output's entry now holds its digest, but those that failed (stale): the
        // last plan's digests with the outputs that changed place or were rendered set, when
        // this publish planned from the changes (every output's otherwise).
        let failed: HashSet<&Target> = state.report.failures.iter().map(|f| &f.target).collect();
        let wanted = &plan.digests.wanted;
        let held_of = |w: &Wanted| match failed.contains(&w.target) {
            true => digest_bytes(manifest::STALE),
            false => digest_bytes(&w.digest),
        };
        let since = plan.digests.since.as_deref();
        let number = plan.digests.number;
        let held = match (last, since) {
            (Some(last), Some(since)) if follows(&last, since) => {
                let mut held = last.renumbered(number, wanted.len());
                let changed = plan.todo.iter().copied();
                let moved = since.old_keys.iter().map(|(at, _)| *at);
                for i in changed.chain(moved).chain(since.len..wanted.len()) {
                    if let Some(w) = wanted.get(i) {
                        held.set(i, held_of(w));
                    }
                }
                held
            }
            _ => LastPlan::new(number, wanted.iter().map(held_of).collect()),
        };
        *self.remembered.lock().expect("not poisoned") = Some(Remembered {
            parts,
            manifest: std::mem::take(&mut state.new),
            last: Some(held),
        });
        Ok(())
    }
}

/// The outputs to render (their positions in `digests.wanted`) and the manifest's keys of the
/// outputs no longer wanted; the outputs of the blogs in `blogs` are rendered whatever their
/// digests.
///
/// When the last publish planned with the answer this one was made from, each output whose key
/// is where it was is compared with the digest that publish left at its position, and only the
/// keys the answer says changed are looked up (an edit that moves or renames a blog changes a
/// few); otherwise every output is looked up in the manifest by its key, and every key of the
/// manifest in the outputs.
fn decide(
    data: &ssg::model::SiteData,
    digests: &manifest::Digests,
    stored: &Stored,
    blogs: &BTreeSet<i32>,
) -> (Vec<usize>, Vec<String>) {
    let wanted = &digests.wanted;
    let forced = |w: &Wanted| forced(blogs, w);
    match (&stored.last, &digests.since) {
        (Some(last), Some(since)) if follows(last, since) => {
            let rekeyed: HashSet<usize> = since.old_keys.iter().map(|(at, _)| *at).collect();
            let moved = |i: usize| i >= since.len || rekeyed.contains(&i);
            // The outputs that may differ from what the store holds: those whose key moved or
            // is new, whose digest was made again, that the last publish left stale, and the
            // forced ones. Every other one holds the digest it had.
            let mut check: BTreeSet<usize> = since.renewed.iter().copied().collect();
            check.extend(rekeyed.iter().copied());
            check.extend(since.len..wanted.len());
            check.extend(last.stale.iter().copied());
            check.extend(forced_at(data, wanted, blogs));
            let todo: Vec<usize> = check
                .into_iter()
                .filter(|&i| i < wanted.len())
                .filter(|&i| {
                    let w = &wanted[i];
                    let differs = match moved(i) {
                        true => !holds(stored, w),
                        false => digest_bytes(&w.digest) != last.digests[i],
                    };
                    differs || forced(w)
                })
                .collect();
            // A key that left its position is gone unless it is at another that changed.
            let now: HashSet<&str> = rekeyed
                .iter()
                .copied()
                .chain(since.len..wanted.len())
                .filter_map(|i| wanted.get(i))
                .map(|w| w.key.as_str())
                .collect();
            let mut dropped: Vec<String> = since
                .old_keys
                .iter()
                .filter(|(_, key)| !now.contains(key.as_str()))
                .map(|(_, key)| key.clone())
                .collect();
            dropped.sort();
            // Every publish of the tests checks the answer against the one by keys.
            #[cfg(debug_assertions)]
            {
                let (by_keys, mut all_dropped) = by_keys(digests, stored, blogs);
                all_dropped.sort();
                assert_eq!(
                    (&todo, &dropped),
                    (&by_keys, &all_dropped),
                    "decided by the changed keys"
                );
            }
            (todo, dropped)
        }
        _ => by_keys(digests, stored, blogs),
    }
}

/// Whether the manifest holds `w`'s digest under its key.
fn holds(stored: &Stored, w: &Wanted) -> bool {
    stored
        .manifest
        .get(&w.key)
        .is_some_and(|e| e.digest == w.digest)
}

/// Whether `w` is a blog's output that `blogs` says to render whatever its digest.
fn forced(blogs: &BTreeSet<i32>, w: &Wanted) -> bool {
    owner(&w.target).is_some_and(|id| blogs.contains(&id))
}

/// The positions of the outputs of `blogs` in `wanted` (the answer for `data`, in
/// [`ssg::plan::outputs`]' order): each blog's page at its blog's place after the other pages,
/// and its old URLs' pages among the few outputs after the blogs' pages. Found by place, not
/// by a look at every output (one of the plan's passes over 55,000 at 50,060 blogs).
fn forced_at(data: &ssg::model::SiteData, wanted: &[Wanted], blogs: &BTreeSet<i32>) -> Vec<usize> {
    if blogs.is_empty() {
        return Vec::new();
    }
    let pages = ssg::plan::blogs_at(data);
    let mut at: Vec<usize> = blogs
        .iter()
        .filter_map(|&id| data.position(id))
        .map(|p| pages + p)
        .collect();
    let after = (pages + data.blogs.len()).min(wanted.len());
    at.extend((after..wanted.len()).filter(|&i| forced(blogs, &wanted[i])));
    debug_assert_eq!(
        at.iter().copied().collect::<BTreeSet<_>>(),
        (0..wanted.len())
            .filter(|&i| forced(blogs, &wanted[i]))
            .collect::<BTreeSet<_>>(),
        "the forced outputs found by place"
    );
    at
}

/// Whether `since` (the memo's answer's) is made from the answer the publish that left `last`
/// planned with.
fn follows(last: &LastPlan, since: &manifest::Since) -> bool {
    last.number == since.number && last.digests.len() == since.len
}

/// [`decide`] by looking every output up in the manifest by its key, and every key of the
/// manifest in the outputs.
fn by_keys(
    digests: &manifest::Digests,
    stored: &Stored,
    blogs: &BTreeSet<i32>,
) -> (Vec<usize>, Vec<String>) {
    let wanted = &digests.wanted;
    let todo = wanted
        .iter()
        .enumerate()
        .filter(|(_, w)| !holds(stored, w) || forced(blogs, w))
        .map(|(i, _)| i)
        .collect();
    let wanted_keys: HashSet<&str> = wanted.iter().map(|w| w.key.as_str()).collect();
    let dropped = stored
        .manifest
        .keys()
        .filter(|key| !wanted_keys.contains(key.as_str()))
        .cloned()
        .collect();
    (todo, dropped)
}
