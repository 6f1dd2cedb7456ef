//! What the site store holds, and what it should hold: the publisher's memory, kept beside the
//! pages it describes.
//!
//! Every output ([`Target`]) has a *digest* of everything its bytes depend on: the site's
//! fingerprint (templates, content, settings), what every page shows (services, general content,
//! the year in the footer), and the slice of the CMS data the target itself shows (a listing
//! page's twelve cards, a blog's card, the home page's banners and reviews, …). The
//! [`Manifest`] records, for each target written, that digest and the files it wrote.
//!
//! Publishing is then one rule, whatever happened before (restarts, crashes, failed writes,
//! another instance): render the targets whose digest differs from the manifest's, remove the
//! files of targets that are no longer wanted, write the new manifest. Nothing needs to know
//! what the data was before the change: the manifest says what the store holds.
//!
//! The manifest is kept in parts ([`Shard`]), each in its own file, listed by an index
//! ([`MANIFEST_FILE`]); a publish writes the parts whose entries changed. A publish that writes
//! any output first records which ([`Intent`]), and removes that record once its manifest is
//! written: a process killed between its pages and its manifest leaves a manifest that no
//! longer describes those pages, and the record says which entries not to believe.
//!
//! A blog's body is not part of its card, nor is the plain text a card's Read More shows from
//! it: the card's `updated_at`, set on every save (and so on every change of the body), stands
//! for both in the digests, and the publisher also renders a blog's pages whenever an outbox job
//! names the blog. Digesting the bodies themselves made every publish cost as much as reading
//! and hashing every blog's text (docs/benchmarks.md, "Profiles").

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

use rayon::prelude::*;
use serde::Serialize;
use sha2::{Digest as _, Sha256};

use crate::model::{BlogCard, Redirect, SiteData};
use crate::plan::{Target, cards_shown, listing_pages, newest, outputs, sitemap_chunk};
use crate::routes::Route;

/// The file in the site store that holds the manifest's index, the list of its parts (each in
/// a file named after it, [`Shard::file`]). `.`-files are never served.
pub const MANIFEST_FILE: &str = ".manifest";

/// The file that holds the [`Intent`] of a publish under way (or of one that died).
pub const INTENT_FILE: &str = ".manifest-intent";

/// A digest of a target's inputs (hex of 128 bits of SHA-256).
pub type InputDigest = String;

/// The digest recorded for an output that was only partly written (or not at all): no inputs
/// have it, so the next publish renders the output again, and the files it may have written are
/// known (to be replaced, or removed once the output is no longer wanted).
pub const STALE: &str = "00000000000000000000000000000000";

/// An output the data wants, with its manifest [`key`] and its inputs' digest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wanted {
    pub target: Target,
    pub key: String,
    pub digest: InputDigest,
}

/// Everything `data` makes the site hold, as the digest of each target's inputs.
///
/// `fingerprint` is the site's ([`crate::Site::fingerprint`]); `year` is the year the footer
/// shows (pages change on New Year's Day). A publisher asks on every publish: it keeps a
/// [`Memo`], which gives the same answer faster.
pub fn digests(data: &SiteData, fingerprint: &str, year: i32) -> Vec<Wanted> {
    let wanted = Memo::default().digests(data, fingerprint, year).wanted;
    Arc::unwrap_or_clone(wanted)
}

/// What a publish plans with: every output the data wants, in [`outputs`]'s order, and a
/// digest of their keys in that order (two lists with the same one name the same outputs in
/// the same order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Digests {
    pub wanted: Arc<Vec<Wanted>>,
    pub keys: [u8; 32],
}

/// What [`Memo::digests`] made last time, for the next time. Its answers are [`digests`]'s,
/// made from scratch, for any sequence of data (a property test says so): an edit changes a
/// card or two of thousands, and making every output's key and digest again was most of an
/// edit's planning (docs/benchmarks.md, "Profiles").
///
/// It keeps each card's digest with the card it was made from, and its last answer with the
/// cards it was made for, in their order. When the site has the same blogs in the same places
/// under the same URLs, the same old URLs and the same shared inputs (an edit of a blog that
/// keeps its place and its URL), the answer is the last one with the digests of the outputs
/// that show a changed card made again, in place: no other key, digest or list is made.
/// Otherwise each output's digest is made again, but a blog page whose card is the same keeps
/// its digest.
///
/// The cards are shared, not copied: the publisher keeps its cards between loads and gives
/// each publish the same ones ([`SiteData::blogs`]), so an unchanged card is found unchanged
/// by its address alone. A card held here cannot change in place (an `Arc` shared is
/// immutable) nor its address be reused while it is held. The answer is shared too: the list
/// is changed in place when its last user has dropped it (a publisher does, before the next
/// publish), and copied first otherwise.
#[derive(Debug, Default)]
pub struct Memo {
    /// The digest of what every output shares, under which `last` was made.
    shared: [u8; 32],
    /// Each card's digest, with the card.
    cards: Ids<(Arc<BlogCard>, [u8; 16])>,
    last: Option<Last>,
}

/// The last answer, with what it was made for.
#[derive(Debug)]
struct Last {
    digests: Digests,
    /// The cards, in the site's order.
    blogs: Vec<Arc<BlogCard>>,
    redirects: Vec<Redirect>,
}

/// A map by blog id, with a fast hash: the ids are the database's, and SipHash was a tenth
/// of the memo's time.
type Ids<V> = HashMap<i32, V, foldhash::fast::RandomState>;

impl Memo {
    /// [`digests`], made again only where the data changed since the last call. Each target's
    /// key and digest are made with no formatting machinery and no JSON (what all outputs
    /// share is hashed once, and each card once), on every core (the order of the outputs
    /// stays [`outputs`]'s).
    pub fn digests(&mut self, data: &SiteData, fingerprint: &str, year: i32) -> Digests {
        let shared = {
            let mut h = Sha256::new();
            feed(&mut h, &fingerprint);
            feed(&mut h, &year);
            feed(&mut h, &data.services);
            feed(&mut h, &data.general_content);
            h
        };
        let shared_digest: [u8; 32] = shared.clone().finalize().into();
        let same_shared = std::mem::replace(&mut self.shared, shared_digest) == shared_digest;
        let last = self.last.take().filter(|_| same_shared);
        match last.as_ref().and_then(|last| last.moved(data)) {
            Some(moved) => self.edited(data, &shared, last.expect("moved"), &moved),
            None => self.made_again(data, &shared, last),
        }
    }

    /// The last answer for data with the same outputs: the cards at `moved` are other cards
    /// than last time (each perhaps with other contents); the outputs that show one whose
    /// digest changed get a new digest.
    fn edited(
        &mut self,
        data: &SiteData,
        shared: &Sha256,
        mut last: Last,
        moved: &[usize],
    ) -> Digests {
        let mut changed = Vec::new();
        for &at in moved {
            let card = &data.blogs[at];
            let digest = match self.cards.get(&card.id) {
                Some((kept, digest)) if **kept == **card => *digest,
                kept => {
                    let digest = card_digest(card);
                    if kept.is_none_or(|(_, d)| *d != digest) {
                        changed.push(card.id);
                    }
                    digest
                }
            };
            self.cards.insert(card.id, (card.clone(), digest));
            last.blogs[at] = card.clone();
        }
        // The outputs that show a changed card, and the home page, which also shows the
        // banners and the reviews (they are not among the shared inputs).
        let inputs = Inputs::new(data, shared, &self.cards);
        let shows_changed = |cards: &[Arc<BlogCard>]| cards.iter().any(|b| changed.contains(&b.id));
        for w in Arc::make_mut(&mut last.digests.wanted) {
            let affected = match &w.target {
                Target::Page(Route::Home) => true,
                _ if changed.is_empty() => false,
                Target::Page(Route::Blog { id, .. }) | Target::Redirect { blog_id: id, .. } => {
                    changed.contains(id)
                }
                Target::Page(route @ Route::Blogs(_)) => shows_changed(cards_shown(route, data)),
                Target::SitemapBlogs(k) => changed.iter().any(|id| sitemap_chunk(*id) == *k),
                Target::SitemapIndex | Target::Feeds => true,
                // The rest show what every page shows, and how many listing pages there are:
                // the same.
                _ => false,
            };
            if affected {
                w.digest = inputs.digest(&w.target, &w.key);
            }
        }
        let digests = last.digests.clone();
        self.last = Some(last);
        digests
    }

    /// Every output's digest made again, but for a blog page whose card is the one `old` (an
    /// answer made under the same shared inputs) was made with.
    fn made_again(&mut self, data: &SiteData, shared: &Sha256, old: Option<Last>) -> Digests {
        let kept = &self.cards;
        let cards: Vec<(i32, [u8; 16], bool)> = data
            .blogs
            .par_iter()
            .map(|b| match kept.get(&b.id) {
                Some((card, digest)) if Arc::ptr_eq(card, b) || card == b => (b.id, *digest, false),
                Some((_, digest)) => {
                    let new = card_digest(b);
                    (b.id, new, new != *digest)
                }
                None => (b.id, card_digest(b), true),
            })
            .collect();
        let mut changed: Ids<()> = Ids::default();
        for (b, (id, digest, new)) in data.blogs.iter().zip(&cards) {
            if *new {
                self.cards.insert(*id, (b.clone(), *digest));
                changed.insert(*id, ());
            } else if !Arc::ptr_eq(&self.cards[id].0, b) {
                self.cards.insert(*id, (b.clone(), *digest));
            }
        }
        if self.cards.len() > data.blogs.len() {
            let live: Ids<()> = data.blogs.iter().map(|b| (b.id, ())).collect();
            self.cards.retain(|id, _| live.contains_key(id));
        }
        // The blog pages of the last answer, by blog id, whose digests still hold.
        let pages: Ids<&Wanted> = match &old {
            Some(old) => old
                .digests
                .wanted
                .iter()
                .filter_map(|w| match &w.target {
                    Target::Page(Route::Blog { id, .. }) if !changed.contains_key(id) => {
                        Some((*id, w))
                    }
                    _ => None,
                })
                .collect(),
            None => Ids::default(),
        };
        let inputs = Inputs::new(data, shared, &self.cards);
        let wanted: Vec<Wanted> = outputs(data)
            .into_par_iter()
            .map(|target| {
                let key = key(&target);
                let digest = match &target {
                    Target::Page(Route::Blog { id, .. })
                        if let Some(w) = pages.get(id)
                            && w.key == key =>
                    {
                        w.digest.clone()
                    }
                    _ => inputs.digest(&target, &key),
                };
                Wanted {
                    target,
                    key,
                    digest,
                }
            })
            .collect();
        drop(pages);
        drop(old);
        let digests = Digests {
            keys: keys_digest(&wanted),
            wanted: Arc::new(wanted),
        };
        self.last = Some(Last {
            digests: digests.clone(),
            blogs: data.blogs.clone(),
            redirects: data.redirects.clone(),
        });
        digests
    }
}

impl Last {
    /// Where `data`'s cards are other cards than those this answer was made for, when the
    /// data has the same outputs: the same blogs in the same order under the same URLs, and
    /// the same old URLs. `None` when it may not.
    fn moved(&self, data: &SiteData) -> Option<Vec<usize>> {
        if self.blogs.len() != data.blogs.len() || self.redirects != data.redirects {
            return None;
        }
        let mut moved = Vec::new();
        for (at, (now, then)) in data.blogs.iter().zip(&self.blogs).enumerate() {
            if Arc::ptr_eq(now, then) {
                continue;
            }
            if now.id != then.id || now.slug != then.slug {
                return None;
            }
            moved.push(at);
        }
        Some(moved)
    }
}

/// What a target's digest is made of: what every output shares, and each card's digest.
struct Inputs<'d> {
    data: &'d SiteData,
    shared: &'d Sha256,
    cards: &'d Ids<(Arc<BlogCard>, [u8; 16])>,
    listing_pages: u32,
    /// The cards of each sitemap chunk, made when a chunk or the index first needs them.
    chunks: std::sync::OnceLock<BTreeMap<i32, Vec<&'d BlogCard>>>,
}

impl<'d> Inputs<'d> {
    fn new(
        data: &'d SiteData,
        shared: &'d Sha256,
        cards: &'d Ids<(Arc<BlogCard>, [u8; 16])>,
    ) -> Self {
        Inputs {
            data,
            shared,
            cards,
            listing_pages: listing_pages(data.blogs.len()),
            chunks: Default::default(),
        }
    }

    fn card(&self, id: &i32) -> Option<&'d [u8; 16]> {
        self.cards.get(id).map(|(_, digest)| digest)
    }

    fn chunks(&self) -> &BTreeMap<i32, Vec<&'d BlogCard>> {
        self.chunks.get_or_init(|| {
            let mut chunks: BTreeMap<i32, Vec<&BlogCard>> = BTreeMap::new();
            for blog in &self.data.blogs {
                chunks
                    .entry(sitemap_chunk(blog.id))
                    .or_default()
                    .push(&**blog);
            }
            chunks
        })
    }

    fn feed_cards<'c>(&self, h: &mut Sha256, cards: impl Iterator<Item = &'c BlogCard>) {
        let digests: Vec<&[u8; 16]> = cards
            .map(|b| self.card(&b.id).expect("every live card has a digest"))
            .collect();
        h.update((digests.len() as u64).to_le_bytes());
        digests.into_iter().for_each(|d| h.update(d));
    }

    /// The digest of `target`'s inputs; `key` is its [`key`].
    fn digest(&self, target: &Target, key: &str) -> InputDigest {
        let data = self.data;
        let mut h = self.shared.clone();
        h.update((key.len() as u64).to_le_bytes());
        h.update(key.as_bytes());
        match target {
            Target::Page(route @ Route::Home) => {
                feed(&mut h, &data.banners);
                feed(&mut h, &data.reviews);
                self.feed_cards(&mut h, cards_shown(route, data).iter().map(|b| &**b));
            }
            Target::Page(route @ Route::Blogs(_)) => {
                feed(&mut h, &self.listing_pages);
                self.feed_cards(&mut h, cards_shown(route, data).iter().map(|b| &**b));
            }
            Target::Page(Route::Blog { id, .. }) | Target::Redirect { blog_id: id, .. } => {
                h.update(self.card(id).unwrap_or(&[0; 16]));
            }
            Target::SitemapIndex => {
                let latest: Vec<_> = self
                    .chunks()
                    .iter()
                    .map(|(k, blogs)| (k, blogs.iter().map(|b| b.updated_at).max()))
                    .collect();
                feed(&mut h, &latest);
            }
            Target::SitemapPages => feed(&mut h, &self.listing_pages),
            Target::SitemapBlogs(k) => {
                self.feed_cards(&mut h, self.chunks().get(k).into_iter().flatten().copied());
            }
            Target::Feeds => self.feed_cards(&mut h, newest(data).into_iter()),
            // The rest show only what every page shows.
            Target::Page(_) | Target::NotFound | Target::Robots | Target::Assets => {}
        }
        crate::content::hex(&h.finalize()[..16])
    }
}

/// A digest of `wanted`'s keys, in order.
fn keys_digest(wanted: &[Wanted]) -> [u8; 32] {
    let mut h = Sha256::new();
    for w in wanted {
        h.update((w.key.len() as u64).to_le_bytes());
        h.update(w.key.as_bytes());
    }
    h.finalize().into()
}

/// A card's digest: its fields' bytes, each told from the next (texts by their length),
/// without JSON (this runs for every blog of a full build). The pattern names every field, so
/// a new one cannot be left out.
fn card_digest(card: &BlogCard) -> [u8; 16] {
    let mut h = Sha256::new();
    let mut out = |bytes: &[u8]| h.update(bytes);
    let BlogCard {
        id,
        slug,
        name,
        name_ar,
        image_url,
        image,
        display_order,
        created_at,
        updated_at,
    } = card;
    out(&id.to_le_bytes());
    out(&display_order.to_le_bytes());
    for at in [created_at, updated_at] {
        out(&at.timestamp().to_le_bytes());
        out(&at.timestamp_subsec_nanos().to_le_bytes());
    }
    for text in [Some(slug), Some(name), name_ar.as_ref(), Some(image_url)] {
        match text {
            Some(text) => {
                out(&(text.len() as u64).to_le_bytes());
                out(text.as_bytes());
            }
            None => out(&u64::MAX.to_le_bytes()),
        }
    }
    if let Some(image) = image {
        let bytes = serde_json::to_vec(image).expect("site data serialises");
        out(&(bytes.len() as u64).to_le_bytes());
        out(&bytes);
    }
    h.finalize()[..16].try_into().expect("16 bytes")
}

fn feed(h: &mut Sha256, value: &impl Serialize) {
    let bytes = serde_json::to_vec(value).expect("site data serialises");
    h.update((bytes.len() as u64).to_le_bytes());
    h.update(bytes);
}

/// A target's stable name in the manifest: its `Debug` form (the manifests already written
/// use it), made by hand for the kinds there are thousands of, a blog's page and its redirects.
pub fn key(target: &Target) -> String {
    use std::fmt::Write as _;
    let mut key = String::with_capacity(48);
    match target {
        Target::Page(Route::Blog { slug, id }) => {
            key.push_str("Page(Blog { slug: ");
            debug_str(&mut key, slug);
            let _ = write!(key, ", id: {id} }})");
        }
        Target::Redirect { slug, blog_id } => {
            key.push_str("Redirect { slug: ");
            debug_str(&mut key, slug);
            let _ = write!(key, ", blog_id: {blog_id} }}");
        }
        other => {
            let _ = write!(key, "{other:?}");
        }
    }
    key
}

/// A string's `Debug` form: quoted, and as it is when it needs no escapes (a slug's usual
/// letters, digits and hyphens).
fn debug_str(out: &mut String, s: &str) {
    if s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        out.push('"');
        out.push_str(s);
        out.push('"');
    } else {
        use std::fmt::Write as _;
        let _ = write!(out, "{s:?}");
    }
}

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
/// only the parts whose entries changed: a blog's outputs are in its sitemap chunk's part, all
/// other outputs in the site's. An edit writes two parts of some 50 kB each, where one manifest
/// of ten thousand entries was 1 MB written again (and flushed by the rename) on every edit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Shard {
    Site,
    Blogs(i32),
}

impl Shard {
    /// The part that holds the entry under `key`: read off the key, so that an entry read from
    /// any file finds its part (a blog's outputs' keys end with the blog's id).
    pub fn of(key: &str) -> Shard {
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
        }
    }

    fn parse(name: &str) -> Option<Shard> {
        match name {
            "site" => Some(Shard::Site),
            _ => name.strip_prefix("blogs-")?.parse().ok().map(Shard::Blogs),
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
    crate::content::hex(&Sha256::digest(text.as_bytes())[..8])
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

    /// Every file the store holds according to the manifest.
    pub fn files(&self) -> BTreeSet<String> {
        self.shards
            .values()
            .flat_map(BTreeMap::values)
            .flat_map(|e| e.files.iter().cloned())
            .collect()
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

fn write_entry(out: &mut String, key: &str, entry: &Entry) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::BlogCard;

    fn data(n: i32) -> SiteData {
        SiteData::sample(0, n)
    }

    fn by_target(data: &SiteData, year: i32) -> BTreeMap<Target, InputDigest> {
        digests(data, "f", year)
            .into_iter()
            .map(|w| (w.target, w.digest))
            .collect()
    }

    fn changed(before: &SiteData, after: &SiteData) -> Vec<Target> {
        let (a, b) = (by_target(before, 2026), by_target(after, 2026));
        b.into_iter()
            .filter(|(t, d)| a.get(t) != Some(d))
            .map(|(t, _)| t)
            .collect()
    }

    /// A memo's digests are those made from scratch, whatever came before: for random
    /// sequences of edits to cards (every field), blogs added, removed and reordered, old URLs,
    /// services, general content, banners and reviews, the site's fingerprint and the year.
    #[test]
    fn a_memo_gives_the_digests_made_from_scratch_after_any_changes() {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos() as u64;
        let mut state = seed | 1;
        let mut below = |n: usize| {
            // xorshift64: the same sequence for a seed.
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut memo = Memo::default();
        let mut data = SiteData::sample(2, 40);
        let (mut fingerprint, mut year) = ("f".to_owned(), 2026);
        let mut next_id = 41;
        let mut log = Vec::new();
        let mut held: Option<(Digests, Vec<Wanted>)> = None;
        for step in 0..300 {
            let ids: Vec<i32> = data.blogs.iter().map(|b| b.id).collect();
            let id = ids.get(below(ids.len().max(1))).copied().unwrap_or(1);
            let what = below(15);
            log.push(what);
            match what {
                0 if !ids.is_empty() => {
                    let mut card = data.blog(id).unwrap().clone();
                    match below(8) {
                        0 => card.slug.push('x'),
                        1 => card.name = format!("Blog {}", below(5)),
                        2 => card.name_ar = Some("مدونة".into()),
                        3 => card.image_url = format!("/media/{}.jpg", below(3)),
                        4 => card.image = Some(Default::default()),
                        5 => card.display_order = below(50) as i32,
                        6 => card.created_at += chrono::Duration::seconds(1),
                        _ => card.updated_at += chrono::Duration::seconds(1),
                    }
                    data.set_blog(id, Some(card));
                }
                1 if !ids.is_empty() => data.set_blog(id, None),
                2 | 3 => {
                    let mut card = data
                        .blogs
                        .first()
                        .map(|b| BlogCard::clone(b))
                        .unwrap_or_default();
                    (card.id, card.slug) = (next_id, format!("b{next_id}"));
                    card.display_order = below(50) as i32;
                    data.set_blog(next_id, Some(card));
                    next_id += 1;
                }
                4 if !ids.is_empty() => data.redirects.push(crate::model::Redirect {
                    slug: format!("old-{}", below(100)),
                    blog_id: id,
                }),
                5 => data.services[0].name = format!("Service {}", below(3)),
                6 => {
                    data.general_content = vec![crate::model::GeneralContent {
                        name: "site.tagline".into(),
                        values: format!("Tagline {}", below(3)),
                        values_ar: None,
                    }]
                }
                7 => data.banners.push(Default::default()),
                8 => {
                    data.reviews = vec![crate::model::Review {
                        name: format!("Guest {}", below(3)),
                        ..Default::default()
                    }]
                }
                9 => fingerprint = format!("f{}", below(3)),
                // A card changed where it is: the memo holds it too, so it is copied first
                // and is no longer the card the memo holds.
                11 if !ids.is_empty() => {
                    let at = below(data.blogs.len());
                    Arc::make_mut(&mut data.blogs[at]).name = format!("Blog {}", below(5));
                }
                10 => year = 2026 + below(2) as i32,
                // Nothing changed.
                _ => {}
            }
            data.normalize();
            data.redirects.dedup();
            let (made, scratch) = (
                memo.digests(&data, &fingerprint, year),
                digests(&data, &fingerprint, year),
            );
            assert_eq!(
                *made.wanted, scratch,
                "seed {seed}, step {step}, changes {log:?}"
            );
            assert_eq!(made.keys, keys_digest(&scratch), "seed {seed}, step {step}");
            // An answer still held when the next is made is not changed by it.
            if below(4) == 0 {
                held = Some((made.clone(), (*made.wanted).clone()));
            } else if let Some((held, then)) = held.take() {
                assert_eq!(
                    *held.wanted, then,
                    "seed {seed}, step {step}: a held answer changed"
                );
            }
        }
        assert_eq!(memo.cards.len(), data.blogs.len());
    }

    #[test]
    fn a_key_is_the_targets_debug_form_and_names_one_output() {
        let mut targets = vec![
            Target::Page(Route::Home),
            Target::Page(Route::Service(7)),
            Target::Page(Route::Blogs(3)),
            Target::SitemapBlogs(2),
            Target::Feeds,
            Target::Assets,
        ];
        for slug in [
            "plain-slug-9",
            "عربي-مدونة",
            "\u{64b}leading-mark",
            "quote\"back\\slash",
        ] {
            targets.push(Target::Page(Route::Blog {
                slug: slug.into(),
                id: 42,
            }));
            targets.push(Target::Redirect {
                slug: slug.into(),
                blog_id: -1,
            });
        }
        for target in &targets {
            assert_eq!(key(target), format!("{target:?}"));
        }
        let distinct: BTreeSet<String> = targets.iter().map(key).collect();
        assert_eq!(distinct.len(), targets.len());
        let wanted = digests(&data(30), "f", 2026);
        let keys: BTreeSet<&str> = wanted.iter().map(|w| w.key.as_str()).collect();
        assert_eq!(keys.len(), wanted.len(), "every output once");
        assert!(wanted.iter().all(|w| w.key == key(&w.target)));
    }

    #[test]
    fn editing_a_card_changes_only_the_outputs_that_show_it() {
        let before = data(40);
        let mut after = before.clone();
        let mut card = after.blog(20).unwrap().clone();
        card.name = "New words".into();
        card.updated_at = chrono::Utc::now();
        after.set_blog(20, Some(card.clone()));
        let changed = changed(&before, &after);
        assert!(changed.contains(&Target::Page(card.route())));
        assert!(
            changed.contains(&Target::Page(Route::Blogs(2))),
            "blog 20 is on page 2"
        );
        assert!(
            changed.contains(&Target::SitemapBlogs(0)) && changed.contains(&Target::SitemapIndex)
        );
        assert!(changed.contains(&Target::Feeds), "the newest first");
        assert!(!changed.contains(&Target::Page(Route::Blogs(1))));
        assert!(
            !changed.contains(&Target::Page(Route::Home)),
            "not among the first three"
        );
        assert!(!changed.contains(&Target::Page(Route::About)));
    }

    #[test]
    fn every_field_of_a_card_is_in_its_digest() {
        let card = BlogCard::clone(&data(1).blogs[0]);
        let later = card.created_at + chrono::Duration::nanoseconds(1);
        type Edit = fn(&mut BlogCard, chrono::DateTime<chrono::Utc>);
        let edits: [(&str, Edit); 8] = [
            ("slug", |c, _| c.slug.push('x')),
            ("name", |c, _| c.name.push('x')),
            ("name_ar", |c, _| c.name_ar = Some(String::new())),
            ("image_url", |c, _| c.image_url.push('x')),
            ("image", |c, _| c.image = Some(Default::default())),
            ("display_order", |c, _| c.display_order += 1),
            ("created_at", |c, t| c.created_at = t),
            ("updated_at", |c, t| c.updated_at = t),
        ];
        for (field, edit) in edits {
            let mut edited = card.clone();
            edit(&mut edited, later);
            assert_ne!(card_digest(&card), card_digest(&edited), "{field}");
        }
        // A field's bytes cannot pass for the next field's.
        let mut a = card.clone();
        let mut b = card.clone();
        (a.slug, a.name) = ("ab".into(), "c".into());
        (b.slug, b.name) = ("a".into(), "bc".into());
        assert_ne!(card_digest(&a), card_digest(&b));
    }

    #[test]
    fn a_service_or_the_year_changes_every_page() {
        let before = data(3);
        let mut after = before.clone();
        after.services.push(crate::model::Service {
            id: 1,
            ..Default::default()
        });
        assert_eq!(
            changed(&before, &after).len(),
            digests(&after, "f", 2026).len()
        );
        let (a, b) = (by_target(&before, 2026), by_target(&before, 2027));
        assert!(a.iter().all(|(t, d)| b[t] != *d));
    }

    #[test]
    fn deleting_a_blog_moves_the_later_listing_pages() {
        let before = data(30);
        let mut after = before.clone();
        after.set_blog(5, None);
        let changed = changed(&before, &after);
        for n in 1..=3 {
            assert!(changed.contains(&Target::Page(Route::Blogs(n))), "page {n}");
        }
        assert!(
            !changed.contains(&Target::Page(Route::Home)),
            "the first three stay"
        );
    }

    fn entry(digest: char, files: &[&str]) -> Entry {
        Entry {
            digest: digest.to_string().repeat(32),
            files: files.iter().map(|f| f.to_string()).collect(),
        }
    }

    #[test]
    fn every_output_is_in_its_part_and_a_blogs_outputs_in_its_sitemap_chunks() {
        for (id, chunk) in [(1, 0), (249, 0), (250, 1), (12_345, 49), (-1, -1)] {
            for slug in ["plain", "quote\", id: 7 })", "عربي"] {
                let page = Target::Page(Route::Blog {
                    slug: slug.into(),
                    id,
                });
                let redirect = Target::Redirect {
                    slug: slug.into(),
                    blog_id: id,
                };
                for target in [page, redirect] {
                    assert_eq!(Shard::of(&key(&target)), Shard::Blogs(chunk), "{target:?}");
                }
            }
        }
        for target in [
            Target::Page(Route::Home),
            Target::Page(Route::Blogs(3)),
            Target::SitemapBlogs(2),
            Target::Feeds,
        ] {
            assert_eq!(Shard::of(&key(&target)), Shard::Site);
        }
        for shard in [Shard::Site, Shard::Blogs(0), Shard::Blogs(199)] {
            assert_eq!(Shard::parse(&shard.name()), Some(shard));
            assert!(shard.file().starts_with(MANIFEST_FILE) && shard.file() != INTENT_FILE);
        }
    }

    #[test]
    fn the_manifest_reads_back_what_it_wrote_part_by_part() {
        let mut m = Manifest::default();
        let blog = key(&Target::Page(Route::Blog {
            slug: "doha".into(),
            id: 300,
        }));
        m.insert(
            "Page(Home)".into(),
            entry('a', &["index.html", "ar/index.html"]),
        );
        m.insert("Assets".into(), entry('b', &[]));
        m.insert(blog.clone(), entry('c', &["doha/300/index.html"]));
        assert_eq!(
            m.take_dirty(),
            BTreeSet::from([Shard::Site, Shard::Blogs(1)])
        );
        let parts = m
            .shards()
            .map(|shard| (shard, part_digest(&m.shard_text(shard))))
            .collect();
        let Some(Index::Shards(listed)) = Index::parse(&index_text(&parts)) else {
            panic!("an index");
        };
        assert_eq!(listed, parts);
        assert_eq!(
            listed.keys().copied().collect::<Vec<_>>(),
            [Shard::Site, Shard::Blogs(1)]
        );
        let mut read = Manifest::default();
        for &shard in listed.keys() {
            read.read_shard(shard, &m.shard_text(shard)).unwrap();
        }
        assert_eq!(read, m);
        assert!(read.take_dirty().is_empty(), "read as written");

        // An entry the same as before leaves its part as it was; a changed or removed one not.
        read.insert("Assets".into(), entry('b', &[]));
        assert!(read.take_dirty().is_empty());
        read.insert("Assets".into(), entry('d', &[]));
        assert_eq!(read.take_dirty(), BTreeSet::from([Shard::Site]));
        read.remove(&blog);
        assert_eq!(read.take_dirty(), BTreeSet::from([Shard::Blogs(1)]));
        assert_eq!(read.shard_text(Shard::Blogs(1)), "", "a part left empty");
        assert_eq!(read.shards().collect::<Vec<_>>(), [Shard::Site]);

        assert_eq!(Index::parse("not a manifest"), None);
        assert!(read.read_shard(Shard::Site, "short\tkey").is_none());
    }

    #[test]
    fn an_entry_found_in_another_part_moves_to_its_own_and_both_are_written_again() {
        let blog = key(&Target::Redirect {
            slug: "doha".into(),
            blog_id: 3,
        });
        let mut text = String::new();
        write_entry(&mut text, &blog, &entry('a', &["doha/index.html"]));
        let mut m = Manifest::default();
        m.read_shard(Shard::Blogs(7), &text).unwrap();
        assert_eq!(m.get(&blog), Some(&entry('a', &["doha/index.html"])));
        assert_eq!(
            m.take_dirty(),
            BTreeSet::from([Shard::Blogs(0), Shard::Blogs(7)])
        );
        assert_eq!(m.shard_text(Shard::Blogs(7)), "");
    }

    #[test]
    fn a_manifest_of_the_old_single_file_is_read_whole() {
        let mut text = String::new();
        write_entry(&mut text, "Page(Home)", &entry('a', &["index.html"]));
        write_entry(
            &mut text,
            "Page(Blog { slug: \"x\", id: 1 })",
            &entry('b', &["x/1/index.html"]),
        );
        let Some(Index::Whole(mut m)) = Index::parse(&text) else {
            panic!("the old manifest");
        };
        assert_eq!(m.keys().count(), 2);
        m.take_dirty();
        m.mark_all_dirty();
        assert_eq!(
            m.take_dirty(),
            BTreeSet::from([Shard::Site, Shard::Blogs(0)])
        );
    }

    #[test]
    fn an_intent_makes_its_outputs_stale_with_every_file_they_may_hold() {
        let mut m = Manifest::default();
        m.insert("Page(About)".into(), entry('a', &["about/index.html"]));
        m.insert("Page(Home)".into(), entry('b', &["index.html"]));
        m.take_dirty();
        let mut intent = Intent::default();
        intent.add(
            "Page(About)",
            ["about/index.html".to_owned(), "about/new.html".to_owned()],
        );
        intent.add("Page(Blogs(9))", ["blogs/9/index.html".to_owned()]);
        let intent = Intent::parse(&intent.to_text()).expect("reads back");
        intent.apply(&mut m);
        assert_eq!(
            m.get("Page(About)"),
            Some(&Entry {
                digest: STALE.into(),
                files: ["about/index.html".into(), "about/new.html".into()].into()
            })
        );
        assert_eq!(m.get("Page(Blogs(9))").unwrap().digest, STALE);
        assert_eq!(m.get("Page(Home)"), Some(&entry('b', &["index.html"])));
        assert_eq!(m.take_dirty(), BTreeSet::from([Shard::Site]));
    }
}
