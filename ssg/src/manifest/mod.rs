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
//! How the manifest is kept in the site store, and how a publish that dies midway is found
//! out, is the publisher's (`concierge_publish::manifest`): this module makes the digests.
//!
//! A blog's body is not part of its card, nor is the plain text a card's Read More shows from
//! it: the card's `updated_at`, set on every save (and so on every change of the body), stands
//! for both in the digests, and the publisher also renders a blog's pages whenever an outbox job
//! names the blog. Digesting the bodies themselves made every publish cost as much as reading
//! and hashing every blog's text (docs/benchmarks.md, "Profiles").

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use rayon::prelude::*;
use serde::Serialize;
use sha2::{Digest as _, Sha256};

use crate::model::{BlogCard, Redirect, SiteData};
use crate::plan::{Target, cards_shown, listing_pages, newest, outputs, sitemap_chunk};
use crate::routes::Route;

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
        // Cards the same but for the files their text shows: only their pages change.
        let mut pages = Vec::new();
        for &at in moved {
            let card = &data.blogs[at];
            let digest = match self.cards.get(&card.id) {
                Some((kept, digest)) if **kept == **card => *digest,
                kept => {
                    let digest = card_digest(card);
                    match kept {
                        Some((_, d)) if *d == digest => pages.push(card.id),
                        _ => changed.push(card.id),
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
                Target::Page(Route::Blog { id, .. }) => changed.contains(id) || pages.contains(id),
                _ if changed.is_empty() => false,
                Target::Redirect { blog_id: id, .. } => changed.contains(id),
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
        // Each card's digest, whether it changed, and whether its page did (the files its text
        // shows are its page's alone).
        let cards: Vec<(i32, [u8; 16], bool, bool)> = data
            .blogs
            .par_iter()
            .map(|b| match kept.get(&b.id) {
                Some((card, digest)) if Arc::ptr_eq(card, b) || card == b => {
                    (b.id, *digest, false, false)
                }
                Some((card, digest)) => {
                    let new = card_digest(b);
                    let page = card.body_images != b.body_images;
                    (b.id, new, new != *digest, page)
                }
                None => (b.id, card_digest(b), true, true),
            })
            .collect();
        let mut changed: Ids<()> = Ids::default();
        let mut pages_changed: Ids<()> = Ids::default();
        for (b, (id, digest, new, page)) in data.blogs.iter().zip(&cards) {
            if *page {
                pages_changed.insert(*id, ());
            }
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
                    Target::Page(Route::Blog { id, .. })
                        if !changed.contains_key(id) && !pages_changed.contains_key(id) =>
                    {
                        Some((*id, w))
                    }
                    _ => None,
                })
                .collect(),
            None => Ids::default(),
        };
        let inputs = Inputs::new(data, shared, &self.cards);
        // Every chunk's sitemap is digested: the cards grouped by chunk once.
        inputs.chunks();
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

    /// The cards of each sitemap chunk, grouped once (for digesting every chunk's sitemap).
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
            Target::Page(Route::Blog { id, .. }) => {
                h.update(self.card(id).unwrap_or(&[0; 16]));
                if let Some((card, _)) = self.cards.get(id)
                    && !card.body_images.is_empty()
                {
                    feed(&mut h, &card.body_images);
                }
            }
            Target::Redirect { blog_id: id, .. } => {
                h.update(self.card(id).unwrap_or(&[0; 16]));
            }
            Target::SitemapIndex => feed(&mut h, &crate::plan::sitemap_latest(data)),
            Target::SitemapPages => feed(&mut h, &self.listing_pages),
            Target::SitemapBlogs(k) => match self.chunks.get() {
                Some(chunks) => {
                    self.feed_cards(&mut h, chunks.get(k).into_iter().flatten().copied());
                }
                // An edit's one chunk: its cards picked out, rather than every card grouped.
                None => {
                    let cards = data.blogs.iter().filter(|b| sitemap_chunk(b.id) == *k);
                    self.feed_cards(&mut h, cards.map(|b| &**b));
                }
            },
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
        // Its page's alone (`Inputs::digest`): listings, feeds and the sitemap do not show it.
        body_images: _,
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

#[cfg(test)]
mod tests;
