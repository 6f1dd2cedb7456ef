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
//! A blog's body is not part of its card, nor is the plain text a card's Read More shows from
//! it: the card's `updated_at`, set on every save (and so on every change of the body), stands
//! for both in the digests, and the publisher also renders a blog's pages whenever an outbox job
//! names the blog. Digesting the bodies themselves made every publish cost as much as reading
//! and hashing every blog's text (docs/benchmarks.md, "Profiles").

use std::collections::{BTreeMap, BTreeSet, HashMap};

use rayon::prelude::*;
use serde::Serialize;
use sha2::{Digest as _, Sha256};

use crate::model::{BlogCard, SiteData};
use crate::plan::{Target, cards_shown, listing_pages, newest, outputs, sitemap_chunk};
use crate::routes::Route;

/// The file in the site store that holds the manifest (never served: `.`-files are private).
pub const MANIFEST_FILE: &str = ".manifest";

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
/// shows (pages change on New Year's Day). This runs on every publish, for every output: each
/// target's key and digest are made with no formatting machinery and no JSON (what all outputs
/// share is hashed once, and each card once), on every core (the order of the outputs stays
/// [`outputs`]'s).
pub fn digests(data: &SiteData, fingerprint: &str, year: i32) -> Vec<Wanted> {
    let shared = {
        let mut h = Sha256::new();
        feed(&mut h, &fingerprint);
        feed(&mut h, &year);
        feed(&mut h, &data.services);
        feed(&mut h, &data.general_content);
        h
    };
    let pages = listing_pages(data.blogs.len());
    // Each card's digest, once: the targets that show a card feed it.
    let card: HashMap<i32, [u8; 16]> = data
        .blogs
        .par_iter()
        .map(|b| (b.id, card_digest(b)))
        .collect();
    let feed_cards = |h: &mut Sha256, cards: &mut dyn Iterator<Item = &BlogCard>| {
        let digests: Vec<&[u8; 16]> = cards.map(|b| &card[&b.id]).collect();
        h.update((digests.len() as u64).to_le_bytes());
        digests.into_iter().for_each(|d| h.update(d));
    };
    let mut chunks: BTreeMap<i32, Vec<&BlogCard>> = BTreeMap::new();
    for blog in &data.blogs {
        chunks.entry(sitemap_chunk(blog.id)).or_default().push(blog);
    }
    outputs(data)
        .into_par_iter()
        .map(|target| {
            let key = key(&target);
            let mut h = shared.clone();
            h.update((key.len() as u64).to_le_bytes());
            h.update(key.as_bytes());
            match &target {
                Target::Page(route @ Route::Home) => {
                    feed(&mut h, &data.banners);
                    feed(&mut h, &data.reviews);
                    feed_cards(&mut h, &mut cards_shown(route, data).iter());
                }
                Target::Page(route @ Route::Blogs(_)) => {
                    feed(&mut h, &pages);
                    feed_cards(&mut h, &mut cards_shown(route, data).iter());
                }
                Target::Page(Route::Blog { id, .. }) | Target::Redirect { blog_id: id, .. } => {
                    h.update(card.get(id).unwrap_or(&[0; 16]));
                }
                Target::SitemapIndex => {
                    let latest: Vec<_> = chunks
                        .iter()
                        .map(|(k, blogs)| (k, blogs.iter().map(|b| b.updated_at).max()))
                        .collect();
                    feed(&mut h, &latest);
                }
                Target::SitemapPages => feed(&mut h, &pages),
                Target::SitemapBlogs(k) => {
                    feed_cards(&mut h, &mut chunks.get(k).into_iter().flatten().copied());
                }
                Target::Feeds => feed_cards(&mut h, &mut newest(data).into_iter()),
                // The rest show only what every page shows.
                Target::Page(_) | Target::NotFound | Target::Robots | Target::Assets => {}
            }
            let digest = crate::content::hex(&h.finalize()[..16]);
            Wanted {
                target,
                key,
                digest,
            }
        })
        .collect()
}

/// A card's digest: its fields' bytes fed one by one, without JSON (this runs for every blog
/// on every publish). The pattern names every field, so a new one cannot be left out.
fn card_digest(card: &BlogCard) -> [u8; 16] {
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
    let mut h = Sha256::new();
    h.update(id.to_le_bytes());
    h.update(display_order.to_le_bytes());
    for at in [created_at, updated_at] {
        h.update(at.timestamp().to_le_bytes());
        h.update(at.timestamp_subsec_nanos().to_le_bytes());
    }
    for text in [Some(slug), Some(name), name_ar.as_ref(), Some(image_url)] {
        match text {
            Some(text) => {
                h.update((text.len() as u64).to_le_bytes());
                h.update(text.as_bytes());
            }
            None => h.update(u64::MAX.to_le_bytes()),
        }
    }
    if image.is_some() {
        feed(&mut h, image);
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
    pub files: BTreeSet<String>,
}

/// What the site store holds, target by target (keyed by [`key`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Manifest {
    pub entries: BTreeMap<String, Entry>,
}

impl Manifest {
    /// Records that `target` may hold other bytes than its inputs say, in its old files or in
    /// `written` (see [`STALE`]).
    pub fn mark_stale(&mut self, target: &Target, written: BTreeSet<String>) {
        let entry = self.entries.entry(key(target)).or_insert_with(|| Entry {
            digest: STALE.to_owned(),
            files: BTreeSet::new(),
        });
        entry.digest = STALE.to_owned();
        entry.files.extend(written);
    }

    /// Every file the store holds according to the manifest.
    pub fn files(&self) -> BTreeSet<String> {
        self.entries
            .values()
            .flat_map(|e| e.files.iter().cloned())
            .collect()
    }

    /// One line per target: `digest \t key \t file \t file …`. Keys and paths hold no tabs or
    /// line breaks (slugs are letters, digits and hyphens).
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(self.entries.len() * 96);
        for (key, entry) in &self.entries {
            out.push_str(&entry.digest);
            out.push('\t');
            out.push_str(key);
            for file in &entry.files {
                out.push('\t');
                out.push_str(file);
            }
            out.push('\n');
        }
        out
    }

    /// Reads [`Manifest::to_text`]'s output; `None` when it is not one (then the publisher
    /// rebuilds everything).
    pub fn parse(text: &str) -> Option<Manifest> {
        let mut entries = BTreeMap::new();
        for line in text.lines().filter(|l| !l.is_empty()) {
            let mut fields = line.split('\t');
            let digest = fields.next()?.to_owned();
            let key = fields.next()?.to_owned();
            if digest.len() != 32 || key.is_empty() {
                return None;
            }
            let files = fields.map(str::to_owned).collect();
            entries.insert(key, Entry { digest, files });
        }
        Some(Manifest { entries })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::BlogCard;

    fn data(n: i32) -> SiteData {
        let mut d = SiteData {
            blogs: (1..=n)
                .map(|i| BlogCard {
                    id: i,
                    display_order: i,
                    slug: format!("b{i}"),
                    name: format!("Blog {i}"),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        };
        d.normalize();
        d
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
        let card = data(1).blogs[0].clone();
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

    #[test]
    fn the_manifest_reads_back_what_it_wrote() {
        let mut m = Manifest::default();
        m.entries.insert(
            "Page(Home)".into(),
            Entry {
                digest: "0123456789abcdef0123456789abcdef".into(),
                files: ["index.html".to_owned(), "ar/index.html".to_owned()].into(),
            },
        );
        m.entries.insert(
            "Assets".into(),
            Entry {
                digest: "fedcba9876543210fedcba9876543210".into(),
                files: BTreeSet::new(),
            },
        );
        assert_eq!(Manifest::parse(&m.to_text()), Some(m));
        assert_eq!(Manifest::parse("not a manifest"), None);
    }
}
