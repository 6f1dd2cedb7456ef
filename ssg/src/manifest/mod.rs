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

use std::collections::HashMap;
use std::sync::Arc;

use rayon::prelude::*;
use serde::Serialize;
use sha2::{Digest as _, Sha256};

use crate::model::{BlogCard, Redirect, SiteData};
use crate::plan::{Target, cards_shown, listing_pages, newest, outputs, sitemap_cards};

mod memo;
use crate::routes::Route;
pub use memo::Memo;

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

/// What a publish plans with: every output the data wants, in [`outputs`]'s order, under a
/// number no other answer has, and, when it was made from an earlier answer, where their keys
/// differ ([`Since`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Digests {
    pub wanted: Arc<Vec<Wanted>>,
    pub number: u64,
    pub since: Option<Arc<Since>>,
}

/// How an answer's keys differ from those of the answer it was made from (numbered
/// `number`): a publisher that planned with that one compares every other output's digest
/// with the one it had at the same position, and looks these up by key. An edit that moves a
/// blog, renames it or adds an old URL changes a few keys; without this, every key was looked
/// up again (docs/benchmarks.md, issue 45).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Since {
    pub number: u64,
    /// How many outputs that answer had.
    pub len: usize,
    /// Each position of that answer whose key this one does not have at the same position
    /// (or does not reach), with that key. Positions past that answer's end are new.
    pub old_keys: Vec<(usize, String)>,
    /// The positions of this answer whose digest was made again; every other output with its
    /// key at its position has that answer's digest.
    pub renewed: Vec<usize>,
}

/// Every answer's number, unique in the process (a memo made afresh does not start again).
static ANSWERS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn next_number() -> u64 {
    ANSWERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// A map by blog id, with a fast hash: the ids are the database's, and SipHash was a tenth
/// of the memo's time.
type Ids<V> = HashMap<i32, V, foldhash::fast::RandomState>;

/// What a target's digest is made of: what every output shares, and each card's digest.
struct Inputs<'d> {
    data: &'d SiteData,
    shared: &'d Sha256,
    cards: &'d Ids<(Arc<BlogCard>, [u8; 16])>,
    /// [`destinations_digest`]'s.
    destinations: &'d [u8; 32],
    listing_pages: u32,
}

impl<'d> Inputs<'d> {
    fn new(
        data: &'d SiteData,
        shared: &'d Sha256,
        cards: &'d Ids<(Arc<BlogCard>, [u8; 16])>,
        destinations: &'d [u8; 32],
    ) -> Self {
        Inputs {
            data,
            shared,
            cards,
            destinations,
            listing_pages: listing_pages(data.blogs.len()),
        }
    }

    fn card(&self, id: &i32) -> Option<&'d [u8; 16]> {
        self.cards.get(id).map(|(_, digest)| digest)
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
            // The list shows every destination.
            Target::Page(Route::Destinations) => h.update(self.destinations),
            Target::Page(Route::Destination(slug)) => {
                feed(&mut h, &data.destinations.iter().find(|d| &d.slug == slug));
            }
            // An old URL's page names its destination and links its page.
            Target::Moved { destination_id, .. } => {
                feed(
                    &mut h,
                    &data.destinations.iter().find(|d| d.id == *destination_id),
                );
            }
            Target::SitemapIndex => feed(&mut h, &crate::plan::sitemap_latest(data)),
            // The destinations' URLs, in their order.
            Target::SitemapPages => {
                feed(&mut h, &self.listing_pages);
                let slugs: Vec<&str> = data.destinations.iter().map(|d| d.slug.as_str()).collect();
                feed(&mut h, &slugs);
            }
            // The summary's chunk (its cards by id, as the page lists them).
            Target::SitemapBlogs(k) => {
                self.feed_cards(&mut h, sitemap_cards(data, *k).iter().map(|b| &**b));
            }
            Target::Feeds => self.feed_cards(&mut h, newest(data).into_iter()),
            // The rest show only what every page shows.
            Target::Page(_) | Target::NotFound | Target::Robots | Target::Assets => {}
        }
        crate::content::hex(&h.finalize()[..16])
    }
}

/// The digest of the destinations and their old URLs: the inputs of the pages that show them
/// ([`Inputs::digest`]), apart from what every page shares.
fn destinations_digest(data: &SiteData) -> [u8; 32] {
    let mut h = Sha256::new();
    feed(&mut h, &data.destinations);
    feed(&mut h, &data.destination_redirects);
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
