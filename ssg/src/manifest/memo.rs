//! [`Memo`]: the digests of every output, made again only where the data changed.

use std::collections::BTreeSet;

use super::*;
use crate::plan::{BLOGS_PER_PAGE, sitemap_chunk};

/// What [`Memo::digests`] made last time, for the next time. Its answers are [`digests`]'s,
/// made from scratch, for any sequence of data (a property test says so): an edit changes a
/// card or two of thousands, and making every output's key and digest again was most of an
/// edit's planning (docs/benchmarks.md, "Profiles").
///
/// It keeps each card's digest with the card it was made from, and its last answer with the
/// cards it was made for, in their order. When the site has the same blogs and the same shared
/// inputs (an edit of a blog's text, its place in the order or its URL, an old URL added), the
/// answer is the last one changed in place: the keys of the blogs that moved or were renamed,
/// the old URLs' section, and the digests of the outputs that show a changed card or a moved
/// place made again; no other key, digest or list is made, and the answer says which keys
/// changed ([`Since`]). Otherwise (a blog added or removed, a service changed) each output's
/// digest is made again, but a blog page whose card is the same keeps its digest.
///
/// The cards are shared, not copied: the publisher keeps its cards between loads and gives
/// each publish the same ones ([`SiteData::blogs`]), so an unchanged card is found unchanged
/// by its address alone. A card held here cannot change in place (an `Arc` shared is
/// immutable) nor its address be reused while it is held. The last answer's list of cards is
/// kept as their addresses, each card held in `cards`: holding the publisher's list itself
/// would make the publisher copy it on its next change. The answer is shared too: the list
/// is changed in place when its last user has dropped it (a publisher does, before the next
/// publish), and copied first otherwise.
#[derive(Debug, Default)]
pub struct Memo {
    /// The digest of what every output shares, under which `last` was made.
    shared: [u8; 32],
    /// The digest of the destinations and their old URLs, under which `last` was made.
    destinations: [u8; 32],
    /// Each card's digest, with the card.
    pub(super) cards: Ids<(Arc<BlogCard>, [u8; 16])>,
    last: Option<Last>,
}

/// The last answer, with what it was made for.
#[derive(Debug)]
struct Last {
    digests: Digests,
    /// Each card's address and id, in the site's order; every one of these cards is the one
    /// `Memo::cards` holds under its id.
    blogs: Vec<(usize, i32)>,
    redirects: Vec<Redirect>,
    /// Where the blogs' pages start in the answer, and where the old URLs' pages do.
    blogs_at: usize,
    redirects_at: usize,
}

/// Where the data's cards are other cards than the last answer's, when it has the same blogs.
struct Moves {
    /// The positions whose card is another.
    at: Vec<usize>,
    /// Whether a blog is in another place, and whether one has another URL.
    shifted: bool,
    renamed: bool,
}

/// The outputs that follow the old URLs' pages, in [`outputs`]' order.
const AFTER_REDIRECTS: usize = 6;

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
        // The destinations are shown by their own pages, their list, their old URLs' pages and
        // the pages' sitemap (the menu links only the list): a destination's edit changes
        // those, not every page. They are few, so any change makes every digest again (a
        // blog's page keeps its own).
        let destinations = destinations_digest(data);
        let same_destinations =
            std::mem::replace(&mut self.destinations, destinations) == destinations;
        let same_shared = std::mem::replace(&mut self.shared, shared_digest) == shared_digest
            && same_destinations;
        let last = self.last.take().filter(|_| same_shared);
        match last.as_ref().and_then(|last| last.moves(data, &self.cards)) {
            Some(moves) => self.edited(data, &shared, last.expect("moves"), moves),
            None => self.made_again(data, &shared, last),
        }
    }

    /// The last answer for data with the same blogs: the cards at `moves.at` are other cards
    /// than last time (other contents, other places, other URLs). The blogs' pages there
    /// take their blog's key; the old URLs' pages are listed again when a URL or the old
    /// URLs changed; the outputs that show a changed card or a moved place get a new digest.
    fn edited(
        &mut self,
        data: &SiteData,
        shared: &Sha256,
        mut last: Last,
        moves: Moves,
    ) -> Digests {
        let mut changed = Vec::new();
        // Cards the same but for the files their text shows: only their pages change.
        let mut pages = Vec::new();
        for &at in &moves.at {
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
            last.blogs[at] = (address(card), card.id);
        }
        let number = last.digests.number;
        let len = last.digests.wanted.len();
        let wanted = Arc::make_mut(&mut last.digests.wanted);
        let mut old_keys = Vec::new();
        // The blogs' pages at the moved places: each its blog's, under its key.
        if moves.shifted || moves.renamed {
            for &at in &moves.at {
                let target = Target::Page(data.blogs[at].route());
                let w = &mut wanted[last.blogs_at + at];
                if w.target != target {
                    old_keys.push((
                        last.blogs_at + at,
                        std::mem::replace(&mut w.key, key(&target)),
                    ));
                    w.target = target;
                }
            }
        }
        let inputs = Inputs::new(data, shared, &self.cards, &self.destinations);
        let redirects_at = last.redirects_at;
        // The old URLs' pages, listed again (there are few) when a URL or the list changed;
        // the outputs after them move with them.
        if moves.renamed || last.redirects != data.redirects {
            let then: Vec<Wanted> = wanted.drain(redirects_at..).collect();
            let old: HashMap<&str, &InputDigest> = then[..then.len() - AFTER_REDIRECTS]
                .iter()
                .map(|w| (w.key.as_str(), &w.digest))
                .collect();
            let slug_of = |id| self.cards.get(&id).map(|(card, _)| card.slug.as_str());
            for target in crate::plan::redirects(&data.redirects, slug_of) {
                let key = key(&target);
                // A page that stays keeps its digest (its blog's changes are seen below).
                let digest = match old.get(key.as_str()) {
                    Some(digest) => (*digest).clone(),
                    None => inputs.digest(&target, &key),
                };
                wanted.push(Wanted {
                    target,
                    key,
                    digest,
                });
            }
            drop(old);
            wanted.extend(then[then.len() - AFTER_REDIRECTS..].iter().cloned());
            for (i, w) in then.into_iter().enumerate() {
                let at = redirects_at + i;
                if wanted.get(at).is_none_or(|now| now.key != w.key) {
                    old_keys.push((at, w.key));
                }
            }
            last.redirects = data.redirects.clone();
        }
        // The outputs that show a changed card or a moved place: found by place, never by
        // looking at every blog's output. The home page always (it also shows the banners and
        // the reviews, which are not among the shared inputs).
        let mut renew = Vec::new();
        let places: BTreeSet<u32> = moves
            .at
            .iter()
            .filter(|&&at| moves.shifted || changed.contains(&data.blogs[at].id))
            .map(|at| (at / BLOGS_PER_PAGE) as u32 + 1)
            .collect();
        for (i, w) in wanted[..last.blogs_at].iter().enumerate() {
            match &w.target {
                Target::Page(Route::Home) => renew.push(i),
                Target::Page(Route::Blogs(n)) if places.contains(n) => renew.push(i),
                _ => {}
            }
        }
        // The blogs' pages at the moved places (another card, or another blog).
        renew.extend(moves.at.iter().map(|at| last.blogs_at + at));
        if !changed.is_empty() {
            let chunks: BTreeSet<i32> = changed.iter().map(|id| sitemap_chunk(*id)).collect();
            let tail = wanted.len() - AFTER_REDIRECTS;
            for (i, w) in wanted
                .iter()
                .enumerate()
                .take(tail)
                .skip(last.blogs_at + data.blogs.len())
            {
                match &w.target {
                    Target::SitemapBlogs(k) if chunks.contains(k) => renew.push(i),
                    Target::Redirect { blog_id, .. } if changed.contains(blog_id) => renew.push(i),
                    _ => {}
                }
            }
            for (i, w) in wanted.iter().enumerate().skip(tail) {
                // The rest show what every page shows, and how many listing pages there are:
                // the same.
                if matches!(w.target, Target::SitemapIndex | Target::Feeds) {
                    renew.push(i);
                }
            }
        }
        renew.sort_unstable();
        renew.dedup();
        for &i in &renew {
            let w = &mut wanted[i];
            w.digest = inputs.digest(&w.target, &w.key);
        }
        last.digests.number = next_number();
        last.digests.since = Some(Arc::new(Since {
            number,
            len,
            old_keys,
            renewed: renew,
        }));
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
        let inputs = Inputs::new(data, shared, &self.cards, &self.destinations);
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
        let position = |is: fn(&Target) -> bool| wanted.iter().position(|w| is(&w.target));
        let redirects_at = position(|t| matches!(t, Target::Redirect { .. }))
            .unwrap_or(wanted.len() - AFTER_REDIRECTS);
        debug_assert!(matches!(
            wanted[wanted.len() - AFTER_REDIRECTS].target,
            Target::NotFound
        ));
        let blogs_at =
            position(|t| matches!(t, Target::Page(Route::Blog { .. }))).unwrap_or(redirects_at);
        let digests = Digests {
            wanted: Arc::new(wanted),
            number: next_number(),
            since: None,
        };
        self.last = Some(Last {
            digests: digests.clone(),
            blogs: data.blogs.iter().map(|b| (address(b), b.id)).collect(),
            redirects: data.redirects.clone(),
            blogs_at,
            redirects_at,
        });
        digests
    }
}

impl Last {
    /// Where `data`'s cards are other cards than those this answer was made for, when the
    /// data has the same blogs (in any order, under any URLs). `None` when it may not.
    fn moves<'c>(
        &self,
        data: &SiteData,
        cards: &'c Ids<(Arc<BlogCard>, [u8; 16])>,
    ) -> Option<Moves> {
        if self.blogs.len() != data.blogs.len() {
            return None;
        }
        let mut at = Vec::new();
        let mut then: Ids<&'c str> = Ids::default();
        let mut shifted = false;
        for (i, (now, &(was, was_id))) in data.blogs.iter().zip(&self.blogs).enumerate() {
            if address(now) == was {
                continue;
            }
            at.push(i);
            shifted |= now.id != was_id;
            let (card, _) = cards.get(&was_id)?;
            debug_assert_eq!(address(card), was, "the memo holds the last answer's cards");
            then.insert(was_id, &card.slug);
        }
        // The same blogs at the moved places (elsewhere the cards are the same ones), each
        // perhaps under another URL.
        let mut renamed = false;
        for &i in &at {
            let now = &data.blogs[i];
            renamed |= *then.get(&now.id)? != now.slug;
        }
        Some(Moves {
            at,
            shifted,
            renamed,
        })
    }
}

/// A card's address: the same card while it is held.
fn address(card: &Arc<BlogCard>) -> usize {
    Arc::as_ptr(card) as usize
}
