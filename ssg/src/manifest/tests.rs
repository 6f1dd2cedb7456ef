use super::*;
use crate::model::BlogCard;
use std::collections::{BTreeMap, BTreeSet};

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
    let mut previous: Option<(u64, Vec<String>)> = None;
    let mut digests_before: Vec<InputDigest> = Vec::new();
    let mut incremental = 0;
    for step in 0..300 {
        let ids: Vec<i32> = data.blogs.iter().map(|b| b.id).collect();
        let id = ids.get(below(ids.len().max(1))).copied().unwrap_or(1);
        let what = below(17);
        log.push(what);
        match what {
            0 if !ids.is_empty() => {
                let mut card = data.blog(id).unwrap().clone();
                match below(11) {
                    // The media library's words and focal point for the card's image, or
                    // the files its text shows.
                    8 => {
                        let mut image = card.image.clone().unwrap_or_default();
                        match below(3) {
                            0 => image.alt = Some(format!("Alt {}", below(3))),
                            1 => image.alt_ar = Some(format!("وصف {}", below(3))),
                            _ => image.focal = Some([below(1001) as u16, 500]),
                        }
                        card.image = Some(image);
                    }
                    9 => {
                        let url = format!("/media/{}.jpg", below(3));
                        let alt = Some(format!("Figure {}", below(3)));
                        card.body_images.insert(
                            url,
                            crate::model::ImageInfo {
                                alt,
                                ..Default::default()
                            },
                        );
                    }
                    10 => card.body_images.clear(),
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
                Arc::make_mut(&mut data.blogs_mut()[at]).name = format!("Blog {}", below(5));
            }
            10 => year = 2026 + below(2) as i32,
            // A destination added, renamed or moved, and an old URL of one.
            12 => {
                let id = below(3) as i32 + 1;
                data.destinations.retain(|d| d.id != id);
                data.destinations.push(crate::model::Destination {
                    id,
                    // A slug is one destination's (the API makes them so).
                    slug: format!("d{id}-{}", below(2)),
                    display_order: below(5) as i32,
                    country: ["SA", "QA"][below(2)].into(),
                    ..Default::default()
                });
            }
            13 => data
                .destination_redirects
                .push(crate::model::DestinationRedirect {
                    slug: format!("d{}-{}", below(3) + 1, below(2)),
                    destination_id: below(3) as i32 + 1,
                }),
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
        // What the answer says of the keys it changed is true of the answer before it.
        if let Some(since) = &made.since {
            incremental += 1;
            let (number, before) = previous.as_ref().expect("made from the answer before");
            assert_eq!(since.number, *number, "seed {seed}, step {step}");
            assert_eq!(since.len, before.len(), "seed {seed}, step {step}");
            let listed: BTreeSet<usize> = since.old_keys.iter().map(|(at, _)| *at).collect();
            for (at, key) in before.iter().enumerate() {
                let same = scratch.get(at).is_some_and(|w| &w.key == key);
                assert_eq!(
                    !same,
                    listed.contains(&at),
                    "seed {seed}, step {step}, at {at}"
                );
            }
            for (at, key) in &since.old_keys {
                assert_eq!(&before[*at], key, "seed {seed}, step {step}, at {at}");
            }
            // Every other digest that changed was made again.
            for (at, w) in scratch.iter().enumerate() {
                if !listed.contains(&at) && at < before.len() && digests_before[at] != w.digest {
                    assert!(
                        since.renewed.contains(&at),
                        "seed {seed}, step {step}, at {at}"
                    );
                }
            }
        }
        previous = Some((
            made.number,
            scratch.iter().map(|w| w.key.clone()).collect::<Vec<_>>(),
        ));
        digests_before = scratch.iter().map(|w| w.digest.clone()).collect();
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
    // Most steps keep the same blogs: the answer is made from the last one.
    assert!(
        incremental > 100,
        "{incremental} answers made from the last"
    );
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
    assert!(changed.contains(&Target::SitemapBlogs(0)) && changed.contains(&Target::SitemapIndex));
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
fn the_files_a_blogs_text_shows_change_its_page_alone() {
    let before = data(30);
    let mut after = before.clone();
    let mut card = BlogCard::clone(after.blog(5).unwrap());
    card.body_images.insert(
        "/media/0123456789abcdef0123456789abcdef.jpg".into(),
        crate::model::ImageInfo {
            alt: Some("The lounge".into()),
            ..Default::default()
        },
    );
    after.set_blog(5, Some(card.clone()));
    let page = Target::Page(card.route());
    assert_eq!(changed(&before, &after), vec![page.clone()]);
    // The memo agrees, from the same start.
    let mut memo = Memo::default();
    let first = memo.digests(&before, "f", 2026);
    drop(first);
    let made = memo.digests(&after, "f", 2026);
    assert_eq!(*made.wanted, digests(&after, "f", 2026));
    // Its alt text changed in the library: the same page again, and nothing else.
    let mut later = after.clone();
    let image = card.body_images.values_mut().next().unwrap();
    image.alt_ar = Some("الصالة".into());
    later.set_blog(5, Some(card));
    assert_eq!(changed(&after, &later), vec![page]);
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

/// A destination's edit changes its page and the list (and, for a new URL, the pages' sitemap
/// and the old URL's page), not every page: the menu links only the list.
#[test]
fn a_destinations_edit_changes_its_pages_alone() {
    let riyadh = crate::model::Destination {
        id: 1,
        slug: "riyadh".into(),
        name: "Riyadh".into(),
        country: "SA".into(),
        ..Default::default()
    };
    let doha = crate::model::Destination {
        id: 2,
        slug: "doha".into(),
        name: "Doha".into(),
        country: "QA".into(),
        display_order: 1,
        ..Default::default()
    };
    let mut before = data(30);
    before.destinations = vec![riyadh.clone(), doha];
    let page = |slug: &str| Target::Page(Route::Destination(slug.into()));

    let mut summary = before.clone();
    summary.destinations[0].summary = "The capital, by night.".into();
    assert_eq!(
        changed(&before, &summary),
        vec![Target::Page(Route::Destinations), page("riyadh")]
    );

    let mut renamed = before.clone();
    renamed.destinations[0].slug = "ar-riyadh".into();
    renamed
        .destination_redirects
        .push(crate::model::DestinationRedirect {
            slug: "riyadh".into(),
            destination_id: 1,
        });
    let mut expected = vec![
        Target::Page(Route::Destinations),
        page("ar-riyadh"),
        Target::Moved {
            slug: "riyadh".into(),
            destination_id: 1,
        },
        Target::SitemapPages,
    ];
    expected.sort();
    assert_eq!(changed(&before, &renamed), expected);

    // The memo agrees, from the same start.
    let mut memo = Memo::default();
    drop(memo.digests(&before, "f", 2026));
    let made = memo.digests(&summary, "f", 2026);
    assert_eq!(*made.wanted, digests(&summary, "f", 2026));
    let made = memo.digests(&renamed, "f", 2026);
    assert_eq!(*made.wanted, digests(&renamed, "f", 2026));
}
