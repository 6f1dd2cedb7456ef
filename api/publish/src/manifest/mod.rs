//! The manifest as the site store holds it, and the publisher's protocol for surviving a crash:
//! each output's entry (its inputs' digest, `ssg::manifest`, and the files it wrote), kept in
//! parts ([`Shard`]), each in its own file, listed with their digests by an index
//! ([`MANIFEST_FILE`]); a publish writes the parts whose entries changed. A publish that writes
//! any output first records which ([`Intent`]), and removes that record once its manifest is
//! written: a process killed between its pages and its manifest leaves a manifest that no
//! longer describes those pages, and the record says which entries not to believe.

use std::collections::{BTreeMap, BTreeSet};

use sha2::{Digest as _, Sha256};
use ssg::manifest::{InputDigest, STALE};
use ssg::plan::sitemap_chunk;

#[cfg(test)]
mod tests;

/// The file in the site store that holds the manifest's index, the list of its parts (each in
/// a file named after it, [`Shard::file`]). `.`-files are never served.
pub const MANIFEST_FILE: &str = ".manifest";

/// The file that holds the [`Intent`] of a publish under way (or of one that died).
pub const INTENT_FILE: &str = ".manifest-intent";

/// One target as the store holds it: its inputs' digest and the files it wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub digest: InputDigest,
    pub files: Files,
}

/// The files of an output, sorted, each once: a boxed slice, as an output writes one or two (a
/// set of one is a tree node of some 280 bytes, and a publisher keeps an entry for every output:
/// 1.5 MB of a server's memory at five thousand blogs).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Files(Box<[String]>);

impl Files {
    pub fn iter(&self) -> std::slice::Iter<'_, String> {
        self.0.iter()
    }

    pub fn contains(&self, file: &str) -> bool {
        self.0.binary_search_by(|f| f.as_str().cmp(file)).is_ok()
    }
}

impl FromIterator<String> for Files {
    fn from_iter<I: IntoIterator<Item = String>>(files: I) -> Files {
        let mut files: Vec<String> = files.into_iter().collect();
        files.sort_unstable();
        files.dedup();
        Files(files.into_boxed_slice())
    }
}

impl Extend<String> for Files {
    fn extend<I: IntoIterator<Item = String>>(&mut self, more: I) {
        let mut files = std::mem::take(&mut self.0).into_vec();
        files.extend(more);
        *self = files.into_iter().collect();
    }
}

impl IntoIterator for Files {
    type Item = String;
    type IntoIter = std::vec::IntoIter<String>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_vec().into_iter()
    }
}

impl<'f> IntoIterator for &'f Files {
    type Item = &'f String;
    type IntoIter = std::slice::Iter<'f, String>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<const N: usize> From<[String; N]> for Files {
    fn from(files: [String; N]) -> Files {
        files.into_iter().collect()
    }
}

/// A part of the manifest, kept in a file of its own ([`Shard::file`]) so that a publish writes
/// only the parts whose entries changed: a blog's outputs are in its sitemap chunk's part, with
/// that chunk's sitemap; the listing pages in parts of [`LISTING_PART`]; all other outputs in
/// the site's. An edit writes two or three parts of some 20 to 50 kB each, whatever the size of
/// the site: one manifest of ten thousand entries was 1 MB written again (and flushed by the
/// rename) on every edit, and a site's part that held every listing page grew with the blogs
/// (440 kB at 50,000).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Shard {
    Site,
    Blogs(i32),
    /// Listing pages `k * LISTING_PART ..`.
    Listing(u32),
}

/// Listing pages per part of the manifest.
pub const LISTING_PART: u32 = 250;

impl Shard {
    /// The parts whose entries may write `file`: the site's, whatever the file, and the one
    /// its name points at (a blog's page or old URL by the id of its folder, a listing page by
    /// its number, a chunk's sitemap by its chunk). Every output's files name its own part
    /// among these (a test says so for every kind of output).
    pub fn candidates(file: &str) -> Vec<Shard> {
        let mut shards = vec![Shard::Site];
        let path = file.strip_prefix("ar/").unwrap_or(file);
        let chunk = path
            .strip_prefix("sitemap-blogs-")
            .and_then(|k| k.strip_suffix(".xml")?.parse::<i32>().ok());
        shards.extend(chunk.map(Shard::Blogs));
        if let Some(dir) = path.strip_suffix("/index.html") {
            let listing = match dir {
                "blogs" => Some(1),
                _ => dir
                    .strip_prefix("blogs/page/")
                    .and_then(|n| n.parse::<u32>().ok()),
            };
            shards.extend(listing.map(|n| Shard::Listing(n / LISTING_PART)));
            let id = dir
                .rsplit_once('/')
                .and_then(|(_, id)| id.parse::<i32>().ok());
            shards.extend(id.map(|id| Shard::Blogs(sitemap_chunk(id))));
        }
        shards
    }

    /// The part that holds the entry under `key`: read off the key, so that an entry read from
    /// any file finds its part (a blog's outputs' keys end with the blog's id, a listing page's
    /// and a sitemap chunk's with their number).
    pub fn of(key: &str) -> Shard {
        let number = |prefix: &str, suffix: &str| {
            key.strip_prefix(prefix)?
                .strip_suffix(suffix)?
                .parse::<u32>()
                .ok()
        };
        if let Some(n) = number("Page(Blogs(", "))") {
            return Shard::Listing(n / LISTING_PART);
        }
        if let Some(k) = number("SitemapBlogs(", ")").and_then(|k| i32::try_from(k).ok()) {
            return Shard::Blogs(k);
        }
        let id = if key.starts_with("Page(Blog {") {
            key.strip_suffix(" })")
                .and_then(|k| k.rsplit_once(", id: "))
        } else if key.starts_with("Redirect {") {
            key.strip_suffix(" }")
                .and_then(|k| k.rsplit_once(", blog_id: "))
        } else {
            None
        };
        match id.and_then(|(_, id)| id.parse().ok()) {
            Some(id) => Shard::Blogs(sitemap_chunk(id)),
            None => Shard::Site,
        }
    }

    /// Its name in the index (a line of [`MANIFEST_FILE`]).
    pub fn name(&self) -> String {
        match self {
            Shard::Site => "site".into(),
            Shard::Blogs(k) => format!("blogs-{k}"),
            Shard::Listing(k) => format!("listing-{k}"),
        }
    }

    pub(super) fn parse(name: &str) -> Option<Shard> {
        match name {
            "site" => Some(Shard::Site),
            _ => match name.strip_prefix("listing-") {
                Some(k) => k.parse().ok().map(Shard::Listing),
                None => name.strip_prefix("blogs-")?.parse().ok().map(Shard::Blogs),
            },
        }
    }

    /// The file in the site store that holds this part.
    pub fn file(&self) -> String {
        format!("{MANIFEST_FILE}-{}", self.name())
    }
}

/// The first line of the index, [`MANIFEST_FILE`]; each line after it names a part that holds
/// entries, and the digest of its file ([`part_digest`]). A manifest written before the parts
/// is one file of entries, read as it is.
const INDEX_HEADER: &str = "manifest 2";

/// What [`MANIFEST_FILE`] holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Index {
    /// The parts, each in its own file, with the digest of its text ([`part_digest`]).
    Shards(BTreeMap<Shard, String>),
    /// Every entry, in the one file (as written before there were parts).
    Whole(Manifest),
}

/// The index naming `parts`, each with its file's digest. Any change to a part changes the
/// index, so a publisher that finds the index it wrote finds the parts it wrote (a publish
/// that died between the two left its [`Intent`], which the publisher always reads).
pub fn index_text(parts: &BTreeMap<Shard, String>) -> String {
    let mut out = format!("{INDEX_HEADER}\n");
    for (shard, digest) in parts {
        out.push_str(&shard.name());
        out.push('\t');
        out.push_str(digest);
        out.push('\n');
    }
    out
}

/// A part's file's digest, for the index (hex of 64 bits of SHA-256: it tells one version of a
/// part from the next, no one forges it).
pub fn part_digest(text: &str) -> String {
    ssg::content::hex(&Sha256::digest(text.as_bytes())[..8])
}

impl Index {
    /// `None` when `text` is neither (then the publisher rebuilds everything).
    pub fn parse(text: &str) -> Option<Index> {
        let mut lines = text.lines();
        match lines.next() {
            Some(INDEX_HEADER) => lines
                .filter(|l| !l.is_empty())
                .map(|l| {
                    let (name, digest) = l.split_once('\t')?;
                    Some((Shard::parse(name)?, digest.to_owned()))
                })
                .collect::<Option<_>>()
                .map(Index::Shards),
            _ => {
                let mut whole = Manifest::default();
                for (key, entry) in parse_entries(text)? {
                    whole.insert(key, entry);
                }
                Some(Index::Whole(whole))
            }
        }
    }
}

/// What the store holds, target by target (keyed by [`key`]), in parts ([`Shard`]). It knows
/// which parts changed since it was read or last written ([`Manifest::take_dirty`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Manifest {
    shards: BTreeMap<Shard, BTreeMap<String, Entry>>,
    dirty: BTreeSet<Shard>,
}

impl Manifest {
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.shards.get(&Shard::of(key))?.get(key)
    }

    /// Sets `key`'s entry; returns the one it replaces. Its part is dirty if the entry changed.
    pub fn insert(&mut self, key: String, entry: Entry) -> Option<Entry> {
        use std::collections::btree_map::Entry as Slot;
        let shard = Shard::of(&key);
        match self.shards.entry(shard).or_default().entry(key) {
            Slot::Occupied(mut slot) => {
                if *slot.get() != entry {
                    self.dirty.insert(shard);
                }
                Some(slot.insert(entry))
            }
            Slot::Vacant(slot) => {
                slot.insert(entry);
                self.dirty.insert(shard);
                None
            }
        }
    }

    pub fn remove(&mut self, key: &str) -> Option<Entry> {
        let shard = Shard::of(key);
        let removed = self.shards.get_mut(&shard)?.remove(key)?;
        self.dirty.insert(shard);
        Some(removed)
    }

    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.shards.values().flat_map(BTreeMap::keys)
    }

    /// Records that `key`'s output may hold other bytes than its inputs say, in its old files or
    /// in `written` (see [`STALE`]).
    pub fn mark_stale(&mut self, key: &str, written: BTreeSet<String>) {
        let mut entry = self.get(key).cloned().unwrap_or_else(|| Entry {
            digest: STALE.to_owned(),
            files: Files::default(),
        });
        entry.digest = STALE.to_owned();
        entry.files.extend(written);
        self.insert(key.to_owned(), entry);
    }

    /// Keeps of `files` those no entry holds, looking only in the parts that may hold each
    /// ([`Shard::candidates`]): an edit asks about the two or three files an output no longer
    /// writes. Making the set of every file, to ask, was a sixth of a rename's time at 50,000
    /// blogs; a look at every entry's files, 1.4 % of the samples.
    pub fn retain_unheld(&self, files: &mut BTreeSet<String>) {
        #[cfg(debug_assertions)]
        let mut everywhere = files.clone();
        files.retain(|file| {
            !Shard::candidates(file).into_iter().any(|shard| {
                self.shards
                    .get(&shard)
                    .is_some_and(|entries| entries.values().any(|e| e.files.contains(file)))
            })
        });
        // Every publish of the tests checks the parts looked in against all of them.
        #[cfg(debug_assertions)]
        {
            for entry in self.shards.values().flat_map(BTreeMap::values) {
                for file in &entry.files {
                    everywhere.remove(file);
                }
            }
            assert_eq!(
                *files, everywhere,
                "the files no entry holds, by their parts"
            );
        }
    }

    /// The parts that hold entries.
    pub fn shards(&self) -> impl Iterator<Item = Shard> + '_ {
        self.shards
            .iter()
            .filter(|(_, entries)| !entries.is_empty())
            .map(|(shard, _)| *shard)
    }

    /// The parts changed since the manifest was read or this was last called: those to write
    /// again (or to remove, when [`Manifest::shard_text`] is empty).
    pub fn take_dirty(&mut self) -> BTreeSet<Shard> {
        std::mem::take(&mut self.dirty)
    }

    /// Marks every part as changed (a manifest read from the one file of old, written in parts).
    pub fn mark_all_dirty(&mut self) {
        self.dirty = self.shards.keys().copied().collect();
    }

    /// One part's file: a line per target, `digest \t key \t file \t file …`. Keys and paths
    /// hold no tabs or line breaks (slugs are letters, digits and hyphens). Empty when the part
    /// holds no entry.
    pub fn shard_text(&self, shard: Shard) -> String {
        let entries = self.shards.get(&shard);
        let mut out = String::with_capacity(entries.map_or(0, |e| e.len() * 96));
        for (key, entry) in entries.into_iter().flatten() {
            write_entry(&mut out, key, entry);
        }
        out
    }

    /// Adds the entries of a part's file, each in the part its key belongs to (a part's file
    /// holds only its own, unless the rule that places them changed: then both parts are
    /// dirty). `None` when `text` is not a part's file.
    pub fn read_shard(&mut self, shard: Shard, text: &str) -> Option<()> {
        for (key, entry) in parse_entries(text)? {
            let home = Shard::of(&key);
            if home != shard {
                self.dirty.extend([home, shard]);
            }
            self.shards.entry(home).or_default().insert(key, entry);
        }
        Some(())
    }
}

/// The outputs a publish is about to write or remove, written before it changes any file and
/// removed once the manifest holds what it did ([`INTENT_FILE`]). A publish that dies between
/// its pages and its manifest leaves entries that no longer describe those pages: the next
/// publish reads the intent, and takes those outputs as [`STALE`] (with every file they may
/// have written), whatever the manifest says of them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Intent {
    pub outputs: BTreeMap<String, BTreeSet<String>>,
}

impl Intent {
    /// Adds an output about to change, and the files it may hold after.
    pub fn add(&mut self, key: &str, files: impl IntoIterator<Item = String>) {
        self.outputs
            .entry(key.to_owned())
            .or_default()
            .extend(files);
    }

    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (key, files) in &self.outputs {
            write_line(&mut out, STALE, key, files);
        }
        out
    }

    pub fn parse(text: &str) -> Option<Intent> {
        let outputs = parse_entries(text)?
            .into_iter()
            .map(|(key, entry)| (key, entry.files.into_iter().collect()))
            .collect();
        Some(Intent { outputs })
    }

    /// Takes every output it names as stale in `manifest`, with the files it may have written.
    pub fn apply(&self, manifest: &mut Manifest) {
        for (key, files) in &self.outputs {
            manifest.mark_stale(key, files.clone());
        }
    }
}

pub(super) fn write_entry(out: &mut String, key: &str, entry: &Entry) {
    write_line(out, &entry.digest, key, &entry.files);
}

fn write_line<'f>(
    out: &mut String,
    digest: &str,
    key: &str,
    files: impl IntoIterator<Item = &'f String>,
) {
    out.push_str(digest);
    out.push('\t');
    out.push_str(key);
    for file in files {
        out.push('\t');
        out.push_str(file);
    }
    out.push('\n');
}

fn parse_entries(text: &str) -> Option<Vec<(String, Entry)>> {
    text.lines()
        .filter(|l| !l.is_empty())
        .map(|line| {
            let mut fields = line.split('\t');
            let digest = fields.next()?.to_owned();
            let key = fields.next()?.to_owned();
            if digest.len() != 32 || key.is_empty() {
                return None;
            }
            let files = fields.map(str::to_owned).collect();
            Some((key, Entry { digest, files }))
        })
        .collect()
}
