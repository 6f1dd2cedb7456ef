//! Site search's index in the store ([`ssg::search`]): a page found by search is rendered
//! with its doc, which is written with the page and goes when the page's output does; the
//! docs and the shards of their terms are the index's own files (no output's, in the
//! manifest), which a publish keeps equal to what the pages make.
//!
//! - A full build makes every shard from the docs it rendered, and sweeps the docs and shards
//!   it did not write.
//! - An incremental publish reads each doc it is about to replace or remove (a blog's edit:
//!   its two), and rewrites only the shards whose postings change (an edit of a few words: a
//!   few shards; a new blog: those of its terms).
//! - Before it changes a doc, it leaves [`PENDING`] in the store, and takes it away once the
//!   shards are written and every page of the publish was. A publish that stops between the
//!   two, or whose writes failed, leaves it: the next one makes the index again from the docs
//!   the store holds, whatever happened in between.

use std::collections::BTreeMap;

use futures_util::future::try_join_all;
use ssg::routes::Lang;
use ssg::search::{self, Builder, Changes, Doc, DocTerms, Shard, Terms};

use super::*;

/// In the store while its index may differ from what its docs make.
pub(super) const PENDING: &str = ".search-pending";

fn at(lang: Lang) -> usize {
    match lang {
        Lang::En => 0,
        Lang::Ar => 1,
    }
}

/// What a publish does to the index, as it goes.
#[derive(Default)]
pub(super) struct IndexWork {
    /// Each language's changed docs (an incremental publish).
    changes: [Changes; 2],
    /// Each language's index, doc by doc (a full build).
    full: Option<[Builder; 2]>,
    /// The docs written (their files).
    written: BTreeSet<String>,
    /// The pages of the outputs no longer wanted (whose docs go, unless written again).
    dropped: BTreeSet<String>,
    /// [`PENDING`] is in the store.
    marked: bool,
    /// An earlier publish left [`PENDING`]: this one makes the index from the store's docs.
    rebuild: bool,
    /// The shards written, and the bytes of shards read and written (the publish's log).
    pub(super) shards_written: usize,
    pub(super) shard_bytes: usize,
}

impl IndexWork {
    /// Notes the files of an output no longer wanted.
    pub(super) fn dropped<'f>(&mut self, files: impl Iterator<Item = &'f String>) {
        self.dropped.extend(files.cloned());
    }
}

impl Publisher {
    /// How a publish of `mode` starts with the index.
    pub(super) async fn index_work(&self, full: bool) -> anyhow::Result<IndexWork> {
        let left = self.output.read_file(PENDING).await?.is_some();
        Ok(IndexWork {
            full: full.then(Default::default),
            marked: left,
            rebuild: left && !full,
            ..Default::default()
        })
    }

    /// Leaves [`PENDING`] in the store, once.
    async fn mark(&self, work: &mut IndexWork) -> anyhow::Result<()> {
        if !work.marked {
            self.write_file(PENDING, Vec::new()).await?;
            work.marked = true;
        }
        Ok(())
    }

    /// Notes the docs a batch is about to write: a full build keeps their postings; an
    /// incremental publish reads each one's doc in the store, before it is replaced.
    pub(super) async fn note_docs(
        &self,
        work: &mut IndexWork,
        docs: Vec<DocTerms>,
    ) -> anyhow::Result<()> {
        let files = docs
            .iter()
            .map(|(lang, id, _)| search::doc_file(*lang, *id));
        work.written.extend(files);
        if let Some(full) = &mut work.full {
            for (lang, id, terms) in &docs {
                full[at(*lang)].add(*id, terms);
            }
            return Ok(());
        }
        if docs.is_empty() {
            return Ok(());
        }
        self.mark(work).await?;
        if work.rebuild {
            return Ok(());
        }
        let befores = try_join_all(
            docs.iter()
                .map(|(lang, id, _)| self.stored_terms(search::doc_file(*lang, *id))),
        )
        .await?;
        for ((lang, id, after), before) in docs.into_iter().zip(befores) {
            work.changes[at(lang)].add(id, before, after);
        }
        Ok(())
    }

    /// Notes the docs of the pages no longer wanted (not written again), and returns them: the
    /// publish removes them with the pages.
    pub(super) async fn note_removed(
        &self,
        work: &mut IndexWork,
    ) -> anyhow::Result<BTreeSet<String>> {
        if work.full.is_some() {
            return Ok(BTreeSet::new());
        }
        let gone: BTreeSet<String> = work
            .dropped
            .iter()
            .filter_map(|page| search::doc_of_page(page))
            .filter(|doc| !work.written.contains(doc))
            .collect();
        let befores = try_join_all(gone.iter().map(|file| self.output.read_file(file))).await?;
        let mut removed = BTreeSet::new();
        for (file, before) in gone.into_iter().zip(befores) {
            let (Some(before), Some(lang), Some(id)) =
                (before, search::doc_lang(&file), file_id(&file))
            else {
                continue;
            };
            self.mark(work).await?;
            let before = serde_json::from_str::<Doc>(&before)
                .map(|doc| doc.terms())
                .unwrap_or_default();
            work.changes[at(lang)].add(id, before, Terms::new());
            removed.insert(file);
        }
        Ok(removed)
    }

    /// The terms of the doc the store holds at `file` (none when it holds none).
    async fn stored_terms(&self, file: String) -> anyhow::Result<Terms> {
        Ok(match self.output.read_file(&file).await? {
            Some(text) => serde_json::from_str::<Doc>(&text)
                .map(|doc| doc.terms())
                .unwrap_or_default(),
            None => Terms::new(),
        })
    }

    /// Writes the index's changed files; `held` is what the publish is about to remove (on a
    /// full build, every file the store held that no output wrote), `wanted` the docs of the
    /// pages the data wants. Returns the index's files written or removed (the edge's purges),
    /// and those it holds now (which no output holds, and a full build must not sweep).
    pub(super) async fn write_index(
        &self,
        work: &mut IndexWork,
        held: &BTreeSet<String>,
        wanted: impl FnOnce() -> BTreeSet<String>,
    ) -> anyhow::Result<(BTreeSet<String>, BTreeSet<String>)> {
        // An index that cannot be patched (its list of shards or a shard is not there, or not
        // one) is made again, as after a stopped publish.
        if work.full.is_none() && !work.rebuild {
            match self.patch_index(work).await? {
                Some(patched) => return Ok(patched),
                None => work.rebuild = true,
            }
        }
        let (whole, orphans, stored) = match work.full.take() {
            Some(full) => (full.map(Builder::finish), BTreeSet::new(), BTreeSet::new()),
            None => self.index_from_docs(&wanted()).await?,
        };
        let mut pages = Vec::new();
        let mut now = BTreeSet::new();
        for lang in Lang::ALL {
            let shards = &whole[at(lang)];
            for (key, shard) in shards {
                pages.push(Page {
                    path: search::shard_path(lang, key),
                    bytes: shard.to_bytes(),
                });
            }
            let keys = shards.keys().cloned().collect();
            pages.push(Page {
                path: search::shard_list_path(lang),
                bytes: search::shard_list(&keys),
            });
        }
        now.extend(pages.iter().map(|p| p.path.clone()));
        // A full build's sweep removes the shards no term fills (they are among `held`); a
        // rebuild, those the store held.
        let gone: BTreeSet<String> = stored
            .iter()
            .chain(held)
            .filter(|f| search::is_index_file(f) && !now.contains(*f))
            .cloned()
            .collect();
        let mut changed: BTreeSet<String> = now.clone();
        work.shards_written += pages.len();
        work.shard_bytes += pages.iter().map(|p| p.bytes.len()).sum::<usize>();
        self.write_all(pages).await?;
        if work.rebuild {
            self.remove(&gone).await?;
            self.remove(&orphans).await?;
        }
        changed.extend(gone);
        changed.extend(orphans);
        // The docs written are the index's too.
        now.extend(work.written.iter().cloned());
        Ok((changed, now))
    }

    /// Rewrites the shards whose postings the publish's changes touch, and the list of
    /// shards where one appears or empties; `None` when the store's index cannot be patched.
    #[allow(clippy::type_complexity)]
    async fn patch_index(
        &self,
        work: &mut IndexWork,
    ) -> anyhow::Result<Option<(BTreeSet<String>, BTreeSet<String>)>> {
        let mut changed = BTreeSet::new();
        for lang in Lang::ALL {
            let edits = work.changes[at(lang)].by_shard();
            if edits.is_empty() {
                continue;
            }
            let paths: Vec<String> = edits.keys().map(|k| search::shard_path(lang, k)).collect();
            let list_path = search::shard_list_path(lang);
            let (stored, list) = futures_util::try_join!(
                try_join_all(paths.iter().map(|p| self.output.read_file(p))),
                self.output.read_file(&list_path)
            )?;
            let Some(mut listed) = list.and_then(|text| search::parse_shard_list(&text)) else {
                tracing::warn!(
                    file = list_path,
                    "the search index's list of shards is unreadable: making the index again"
                );
                return Ok(None);
            };
            let before = listed.clone();
            let (mut pages, mut emptied) = (Vec::new(), BTreeSet::new());
            work.shard_bytes += stored.iter().flatten().map(String::len).sum::<usize>();
            for (((key, shard), path), stored) in edits.iter().zip(paths).zip(stored) {
                if stored.is_some() != before.contains(key) {
                    // The list and the shards disagree.
                    return Ok(None);
                }
                match shard.patch(stored.as_deref().map(str::as_bytes)) {
                    Ok(Some(bytes)) => {
                        listed.insert(key.clone());
                        pages.push(Page { path, bytes });
                    }
                    Ok(None) => {
                        listed.remove(key);
                        emptied.insert(path);
                    }
                    Err(e) => {
                        tracing::warn!(file = path, error = %e, "a shard of the search index is unreadable: making the index again");
                        return Ok(None);
                    }
                }
            }
            if listed != before {
                pages.push(Page {
                    path: list_path,
                    bytes: search::shard_list(&listed),
                });
            }
            changed.extend(pages.iter().map(|p| p.path.clone()));
            changed.extend(emptied.iter().cloned());
            work.shards_written += pages.len();
            work.shard_bytes += pages.iter().map(|p| p.bytes.len()).sum::<usize>();
            self.write_all(pages).await?;
            self.remove(&emptied).await?;
        }
        Ok(Some((changed, BTreeSet::new())))
    }

    /// Each language's index, made from the docs the store holds of the pages the data wants
    /// (`wanted`); the docs it holds of no such page (a publish stopped before it removed
    /// them), which go; and the index's other files it holds.
    #[allow(clippy::type_complexity)]
    async fn index_from_docs(
        &self,
        wanted: &BTreeSet<String>,
    ) -> anyhow::Result<(
        [BTreeMap<String, Shard>; 2],
        BTreeSet<String>,
        BTreeSet<String>,
    )> {
        let listed = self.output.list().await?;
        let stored = listed
            .iter()
            .filter(|f| search::is_index_file(f))
            .cloned()
            .collect();
        let (files, orphans): (Vec<String>, Vec<String>) = listed
            .into_iter()
            .filter(|f| search::doc_lang(f).is_some())
            .partition(|f| wanted.contains(f));
        let mut builders: [Builder; 2] = Default::default();
        for chunk in files.chunks(256) {
            let texts = try_join_all(chunk.iter().map(|f| self.output.read_file(f))).await?;
            for (file, text) in chunk.iter().zip(texts) {
                let (Some(lang), Some(id), Some(text)) =
                    (search::doc_lang(file), file_id(file), text)
                else {
                    continue;
                };
                if let Ok(doc) = serde_json::from_str::<Doc>(&text) {
                    builders[at(lang)].add(id, &doc.terms());
                }
            }
        }
        Ok((
            builders.map(Builder::finish),
            orphans.into_iter().collect(),
            stored,
        ))
    }

    /// Takes [`PENDING`] away once the index is what the docs make: the shards are written,
    /// and so is every page of the publish (a failed one may have left its old doc).
    pub(super) async fn index_done(
        &self,
        work: &IndexWork,
        every_page_written: bool,
    ) -> anyhow::Result<()> {
        if work.marked && every_page_written {
            self.remove(&[PENDING.to_owned()].into()).await?;
        }
        Ok(())
    }
}

/// The id in a doc's file name.
fn file_id(file: &str) -> Option<u64> {
    file.rsplit('/').next()?.strip_suffix(".json")?.parse().ok()
}
