//! What the feeds and the sitemap's index show of the blogs, summed up once per snapshot
//! ([`Summary`]), and kept up to date card by card by whoever keeps the cards ([`BlogIndex`]).
//!
//! Both are functions of the set of cards, not of their order. A publish asked for them six
//! times (the plan's bodies, the feeds' digest and pages, the index's digest and page), each a
//! pass over every card: at 50,000 blogs, cards that live apart in memory, 8 % of an edit's
//! samples (docs/benchmarks.md). The publisher's cards keep a [`BlogIndex`] and hand its
//! summary to the snapshot, so an edit costs what it changes here too.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::model::BlogCard;
use crate::plan::{FEED_SIZE, sitemap_chunk};

/// A sitemap chunk's cards, by id.
pub type Chunk = Arc<Vec<Arc<BlogCard>>>;

/// The feeds' blogs and the sitemap's chunks of one snapshot of the blogs. The cards are the
/// snapshot's own, not copies.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    /// The [`FEED_SIZE`] most recently updated, newest first (the later id first among equals).
    pub newest: Vec<Arc<BlogCard>>,
    /// Each sitemap chunk that has blogs, in order, with its latest `updated_at`.
    pub sitemap_latest: Vec<(i32, DateTime<Utc>)>,
    /// Each sitemap chunk's cards, by id (shared: an index hands them over as they are, and
    /// copies only the chunk a change touches).
    pub chunks: BTreeMap<i32, Chunk>,
}

impl Summary {
    /// The summary of `blogs`, in a pass or two over them.
    pub fn of(blogs: &[Arc<BlogCard>]) -> Summary {
        Summary {
            newest: newest_of(blogs).into_iter().cloned().collect(),
            sitemap_latest: sitemap_latest_of(blogs),
            chunks: chunks_of(blogs),
        }
    }

    /// The card of blog `id`, found in its chunk.
    pub fn card(&self, id: i32) -> Option<&Arc<BlogCard>> {
        let cards = self.chunks.get(&sitemap_chunk(id))?;
        let at = cards.binary_search_by_key(&id, |b| b.id).ok()?;
        Some(&cards[at])
    }

    /// Whether this is the summary of `blogs`: the same chunks and times, and the very cards
    /// (a card changed in place since is another card).
    pub fn is_of(&self, blogs: &[Arc<BlogCard>]) -> bool {
        let same = |kept: &[Arc<BlogCard>], now: &[Arc<BlogCard>]| {
            kept.len() == now.len() && kept.iter().zip(now).all(|(k, n)| Arc::ptr_eq(k, n))
        };
        let newest: Vec<Arc<BlogCard>> = newest_of(blogs).into_iter().cloned().collect();
        let chunks = chunks_of(blogs);
        self.sitemap_latest == sitemap_latest_of(blogs)
            && same(&self.newest, &newest)
            && self.chunks.len() == chunks.len()
            && self
                .chunks
                .iter()
                .zip(&chunks)
                .all(|((k, kept), (n, now))| k == n && same(kept, now))
    }
}

/// The cards of each sitemap chunk, by id.
pub(crate) fn chunks_of(blogs: &[Arc<BlogCard>]) -> BTreeMap<i32, Chunk> {
    let mut chunks: BTreeMap<i32, Vec<Arc<BlogCard>>> = BTreeMap::new();
    for blog in blogs {
        chunks
            .entry(sitemap_chunk(blog.id))
            .or_default()
            .push(blog.clone());
    }
    chunks
        .into_iter()
        .map(|(k, mut cards)| {
            cards.sort_by_key(|b| b.id);
            (k, Arc::new(cards))
        })
        .collect()
}

/// The feed's blogs of `blogs`: one pass that keeps the twenty newest seen so far, in order.
/// Most cards are older than the twentieth and cost one comparison; nothing is copied.
pub(crate) fn newest_of(blogs: &[Arc<BlogCard>]) -> Vec<&Arc<BlogCard>> {
    let key = |b: &BlogCard| (b.updated_at, b.id);
    let mut kept: Vec<&Arc<BlogCard>> = Vec::with_capacity(FEED_SIZE + 1);
    for blog in blogs {
        if kept.len() == FEED_SIZE && key(blog) <= key(kept[FEED_SIZE - 1]) {
            continue;
        }
        let at = kept.partition_point(|k| key(k) > key(blog));
        kept.insert(at, blog);
        kept.truncate(FEED_SIZE);
    }
    kept
}

/// The sitemap index's chunks of `blogs`: one pass into a table by chunk (a map's look-up for
/// each of 50,000 cards was most of the index's time).
pub(crate) fn sitemap_latest_of(blogs: &[Arc<BlogCard>]) -> Vec<(i32, DateTime<Utc>)> {
    let Some((low, high)) = blogs
        .iter()
        .map(|b| sitemap_chunk(b.id))
        .fold(None, |r, k| {
            Some(r.map_or((k, k), |(l, h): (i32, i32)| (l.min(k), h.max(k))))
        })
    else {
        return Vec::new();
    };
    let mut latest = vec![None; (high - low) as usize + 1];
    for blog in blogs {
        let slot = &mut latest[(sitemap_chunk(blog.id) - low) as usize];
        *slot = Some(slot.map_or(blog.updated_at, |t: DateTime<Utc>| t.max(blog.updated_at)));
    }
    latest
        .into_iter()
        .enumerate()
        .filter_map(|(i, t)| Some((low + i as i32, t?)))
        .collect()
}

/// The cards by time and by sitemap chunk: kept beside a set of cards as cards come, change
/// and go, it answers their [`Summary`] in time that grows with the number of chunks (one per
/// 250 ids), not of cards.
#[derive(Debug, Clone, Default)]
pub struct BlogIndex {
    by_time: BTreeSet<(DateTime<Utc>, i32)>,
    chunks: BTreeMap<i32, ChunkIndex>,
}

#[derive(Debug, Clone, Default)]
struct ChunkIndex {
    by_time: BTreeSet<(DateTime<Utc>, i32)>,
    cards: Chunk,
}

impl BlogIndex {
    /// Counts `card` in, in place of the card with its id (which was counted in with the same
    /// `updated_at`, or [`BlogIndex::remove`]d first).
    pub fn insert(&mut self, card: &Arc<BlogCard>) {
        let at = (card.updated_at, card.id);
        self.by_time.insert(at);
        let chunk = self.chunks.entry(sitemap_chunk(card.id)).or_default();
        chunk.by_time.insert(at);
        let cards = Arc::make_mut(&mut chunk.cards);
        match cards.binary_search_by_key(&card.id, |b| b.id) {
            Ok(i) => cards[i] = card.clone(),
            Err(i) => cards.insert(i, card.clone()),
        }
    }

    /// Counts `card` out (as it was counted in).
    pub fn remove(&mut self, card: &BlogCard) {
        let at = (card.updated_at, card.id);
        self.by_time.remove(&at);
        let k = sitemap_chunk(card.id);
        if let Some(chunk) = self.chunks.get_mut(&k) {
            chunk.by_time.remove(&at);
            let cards = Arc::make_mut(&mut chunk.cards);
            if let Ok(i) = cards.binary_search_by_key(&card.id, |b| b.id) {
                cards.remove(i);
            }
            if cards.is_empty() {
                self.chunks.remove(&k);
            }
        }
    }

    /// The summary of the cards counted in.
    pub fn summary(&self) -> Summary {
        let card = |id: i32| {
            let cards = &self.chunks[&sitemap_chunk(id)].cards;
            let at = cards
                .binary_search_by_key(&id, |b| b.id)
                .expect("a card counted in is in its chunk");
            cards[at].clone()
        };
        Summary {
            newest: self
                .by_time
                .iter()
                .rev()
                .take(FEED_SIZE)
                .map(|&(_, id)| card(id))
                .collect(),
            sitemap_latest: self
                .chunks
                .iter()
                .filter_map(|(&k, chunk)| Some((k, chunk.by_time.last()?.0)))
                .collect(),
            chunks: self
                .chunks
                .iter()
                .map(|(&k, chunk)| (k, chunk.cards.clone()))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    /// A random walk of cards coming, changing (in place, or in time) and going, with ties
    /// in time and sitemap chunks far apart: after every step the index's summary is the
    /// summary of the cards (in any order), and both are what sorting and grouping every card
    /// gives. From no card to hundreds, so the feed is shorter than twenty at first.
    #[test]
    fn the_index_kept_card_by_card_sums_up_what_a_pass_over_every_card_does() {
        use rand::seq::SliceRandom;
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(45);
        let start = DateTime::<Utc>::UNIX_EPOCH;
        let mut cards: HashMap<i32, Arc<BlogCard>> = HashMap::new();
        let mut index = BlogIndex::default();
        for step in 0..3_000 {
            let id = rng.random_range(0..900) + rng.random_range(-1..3) * 10_000;
            let mut below = |n: u64| rng.random_range(0..n);
            match below(4) {
                0 => {
                    if let Some(old) = cards.remove(&id) {
                        index.remove(&old);
                    }
                }
                _ => {
                    let card = Arc::new(BlogCard {
                        id,
                        updated_at: start + chrono::Duration::seconds(below(60) as i64),
                        ..Default::default()
                    });
                    match cards.insert(id, card.clone()) {
                        // A card changed where it is (its image, say), or in time.
                        Some(old) if old.updated_at == card.updated_at && below(2) == 0 => {}
                        Some(old) => index.remove(&old),
                        None => {}
                    }
                    index.insert(&card);
                }
            }
            let mut blogs: Vec<Arc<BlogCard>> = cards.values().cloned().collect();
            blogs.shuffle(&mut rng);
            let kept = index.summary();
            assert!(kept.is_of(&blogs), "step {step}: the index's summary");

            let mut sorted = blogs.clone();
            sorted.sort_by_key(|b| std::cmp::Reverse((b.updated_at, b.id)));
            sorted.truncate(FEED_SIZE);
            let ids = |v: &[Arc<BlogCard>]| v.iter().map(|b| b.id).collect::<Vec<_>>();
            assert_eq!(ids(&kept.newest), ids(&sorted), "step {step}: the feed");
            let mut grouped: BTreeMap<i32, DateTime<Utc>> = BTreeMap::new();
            for b in &blogs {
                let t = grouped.entry(sitemap_chunk(b.id)).or_insert(b.updated_at);
                *t = (*t).max(b.updated_at);
            }
            assert_eq!(
                kept.sitemap_latest,
                grouped.into_iter().collect::<Vec<_>>(),
                "step {step}: the index's chunks"
            );
        }
    }

    #[test]
    fn a_summary_is_not_that_of_cards_changed_since() {
        let blogs: Vec<Arc<BlogCard>> = (1..=30)
            .map(|id| {
                Arc::new(BlogCard {
                    id,
                    ..Default::default()
                })
            })
            .collect();
        let summary = Summary::of(&blogs);
        assert!(summary.is_of(&blogs));
        let mut renamed = blogs.clone();
        Arc::make_mut(&mut renamed[29]).name = "renamed".into();
        assert!(!summary.is_of(&renamed), "the feed's card changed in place");
        let mut fewer = blogs.clone();
        fewer.pop();
        assert!(!summary.is_of(&fewer));
        let mut index = BlogIndex::default();
        blogs.iter().for_each(|b| index.insert(b));
        index.insert(&renamed[29]);
        assert!(index.summary().is_of(&renamed), "a card replaced in place");
    }
}
