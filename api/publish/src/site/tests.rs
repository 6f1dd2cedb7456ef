use rand::{Rng, SeedableRng};
use ssg::model::{BlogCard, SiteData};

use super::*;

fn site(blogs: i32) -> SiteData {
    let mut data = SiteData {
        blogs: (1..=blogs)
            .map(|id| {
                Arc::new(BlogCard {
                    id,
                    slug: format!("b{id}"),
                    ..Default::default()
                })
            })
            .collect::<Vec<_>>()
            .into(),
        ..Default::default()
    };
    data.normalize();
    data
}

/// The bodies read early for an edit are the ones its publish renders with: those of every
/// output whose digest the edit changes (no more, no fewer), wherever the blog is listed.
#[test]
fn the_bodies_read_early_for_an_edit_are_the_ones_it_renders_with() {
    let seed: u64 = rand::rng().random();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    for blogs in [1, 13, 40, 250] {
        let before = site(blogs);
        for _ in 0..5 {
            let id = rng.random_range(1..=blogs);
            let mut after = before.clone();
            let mut card = after.blog(id).expect("listed").clone();
            card.updated_at += chrono::Duration::seconds(rng.random_range(1..100_000));
            after.set_blog(id, Some(card));
            let old: HashMap<Target, String> = manifest::digests(&before, "site", 2026)
                .into_iter()
                .map(|w| (w.target, w.digest))
                .collect();
            let needed: BTreeSet<i32> = manifest::digests(&after, "site", 2026)
                .into_iter()
                .filter(|w| old.get(&w.target) != Some(&w.digest))
                .flat_map(|w| w.target.bodies(&after))
                .collect();
            let likely = likely_bodies(&after, &BTreeSet::from([id]));
            assert_eq!(
                likely,
                needed.into_iter().collect::<Vec<_>>(),
                "seed {seed}: blog {id} of {blogs}"
            );
        }
    }
}

/// Whatever is to be done, the batches are that work in its order, each within both
/// bounds (a target that alone reads more bodies is a batch of its own), each with the
/// bodies of its targets and no others.
#[test]
fn batches_split_the_work_in_order_within_both_bounds() {
    let seed: u64 = rand::rng().random();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    for blogs in [0, 1, 13, 1_200, 7_000] {
        let data = site(blogs);
        let wanted = manifest::digests(&data, "site", 2026);
        for keep in [1.0, 0.5, 0.05] {
            let mut todo: Vec<&Wanted> = wanted.iter().filter(|_| rng.random_bool(keep)).collect();
            in_writing_order(&mut todo);
            let items = todo.iter().filter(|w| w.target.is_item_page()).count();
            assert!(
                todo[..items].iter().all(|w| w.target.is_item_page()),
                "seed {seed}: the items' pages first"
            );
            let batches = batches(&todo, &data);
            let again: Vec<&Wanted> = batches
                .iter()
                .flat_map(|(b, _)| b.iter().copied())
                .collect();
            assert_eq!(again, todo, "seed {seed}: the work, in its order");
            for (i, (batch, ids)) in batches.iter().enumerate() {
                assert!(!batch.is_empty() && batch.len() <= BATCH, "seed {seed}");
                assert!(
                    batch
                        .iter()
                        .all(|w| w.target.is_item_page() == batch[0].target.is_item_page()),
                    "seed {seed}: a batch's pages are written together, so it holds one group"
                );
                let reads: BTreeSet<i32> =
                    batch.iter().flat_map(|w| w.target.bodies(&data)).collect();
                assert_eq!(*ids, reads.into_iter().collect::<Vec<_>>(), "seed {seed}");
                let most = if i == 0 {
                    FIRST_BATCH_BODIES
                } else {
                    BATCH_BODIES
                };
                assert!(ids.len() <= most || batch.len() == 1, "seed {seed}");
            }
        }
    }
    // Five hundred listing pages read six thousand bodies: not in one batch.
    let data = site(7_000);
    let wanted = manifest::digests(&data, "site", 2026);
    let todo: Vec<&Wanted> = wanted.iter().collect();
    assert!(batches(&todo, &data).len() > todo.len().div_ceil(BATCH));
}
