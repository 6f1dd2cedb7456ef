//! The site's data as the generator takes it ([`ssg::model`]): every public row the store reads
//! ([`concierge_store::site_data`]) mapped into the generator's plain types, each image with
//! what the media store knows of it (its size and variants: part of the data, so a page's
//! digest covers its images). Blog bodies are loaded apart, by id, for the pages that show
//! them.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;

use concierge_app::content::{self as kinds, Order};
use concierge_store::ConnectionTrait;
use concierge_store::entities::{blog, media_image};
use concierge_store::site_data::{self as rows, CardRow};
use ssg::model::{
    Banner, Blog, BlogCard, Destination, DestinationRedirect, GeneralContent, ImageInfo, Redirect,
    Review, Service, ServiceItem, SiteData,
};

/// What the media store knows of each image, by URL.
type Images = HashMap<String, ImageInfo>;

fn image(images: &Images, url: &str) -> Option<ImageInfo> {
    images.get(url).cloned()
}

/// What the media store knows of `rows`' images, by their public URL.
fn by_url(rows: &[media_image::Model]) -> Images {
    rows.iter()
        .filter_map(|row| {
            let info = concierge_app::media::info_of(row)?;
            Some((concierge_core::domain::media::url(&row.name), info))
        })
        .collect()
}

/// The card with what the media store knows of its image, and of the files its text shows
/// (`body`, their URLs).
fn with_image(mut card: BlogCard, body: &[String], images: &Images) -> BlogCard {
    card.image = image(images, &card.image_url);
    card.body_images = body_images(body, images);
    card
}

/// What the media store knows of the files at `urls`, by URL.
fn body_images(urls: &[String], images: &Images) -> BTreeMap<String, ImageInfo> {
    urls.iter()
        .filter_map(|url| Some((url.clone(), images.get(url)?.clone())))
        .collect()
}

/// The URLs a blog's `body_media` names.
fn body_urls(body_media: Option<&str>) -> Vec<String> {
    body_media
        .and_then(|m| serde_json::from_str(m).ok())
        .unwrap_or_default()
}

fn to_blog(b: blog::Model, images: &Images) -> Blog {
    let card = BlogCard {
        id: b.id,
        slug: b.slug,
        name: b.name,
        name_ar: b.name_ar,
        image_url: b.image_url,
        image: None,
        body_images: BTreeMap::new(),
        display_order: b.display_order,
        created_at: b.created_at,
        updated_at: b.updated_at,
    };
    Blog {
        card: with_image(card, &body_urls(b.body_media.as_deref()), images),
        description: b.description,
        description_ar: b.description_ar,
        excerpt: b.excerpt.unwrap_or_default(),
        excerpt_ar: b.excerpt_ar,
        meta_title: b.meta_title,
        meta_title_ar: b.meta_title_ar,
        meta_description: b.meta_description,
        meta_description_ar: b.meta_description_ar,
        key_words: b.key_words,
        key_words_ar: b.key_words_ar,
    }
}

/// Changed cards put in the list one at a time, at most: each shifts the list once (400 kB at
/// 50,000 blogs), so 50,000 of them, a first load, would shift it 50,000 times; past this, the
/// changed ones are taken out and put back with one sort.
const ONE_BY_ONE: usize = 64;

/// The blogs' cards, kept between loads (by the publisher): every live blog's card as of change
/// `seq` (the migration `BlogChanges` numbers every change to a blog row in commit order). A load
/// reads only the rows changed since, and every card again when a row was deleted outright.
/// Each load asks the database in one statement, so what it reads is one snapshot.
#[derive(Debug, Clone, Default)]
struct Cards {
    /// The last change seen; `None` before the first load.
    seq: Option<i64>,
    /// Live cards in the site's order (display order, then id), each with what the media
    /// store knows of its image: a load hands them over in order, so the data's sort finds
    /// them sorted (sorting five thousand cards in a hash map's order was 3 % of an edit's
    /// samples), and shared, so an unchanged card is the one the last load handed over (the
    /// publisher's digests know it unchanged by that, and copying every card on every load
    /// was two thirds of an edit's load: 3.0 against 1.0 ms, docs/benchmarks.md). The list
    /// is shared too, and changed in place once the last publish has dropped it: handing a
    /// copy of 50,000 cards' handles to each publish was 9 % of an edit's samples.
    list: Arc<Vec<Arc<BlogCard>>>,
    /// Each live card's display order, by id: its place in `list` is that of `(order, id)`.
    order: HashMap<i32, i32>,
    /// The change to the rest (`Kept::rest`) whose images the cards show: images change apart
    /// from blogs, and every card's is looked up again when the rest was read again.
    images_of: Option<i64>,
    /// The URLs of the files each live blog's text shows, for the blogs that show any.
    bodies: HashMap<i32, Vec<String>>,
    /// The live cards by time, overall and by sitemap chunk: the feeds' and the sitemap
    /// index's summary without a pass over every card (six such passes were 8 % of an edit's
    /// samples at 50,000 blogs, docs/benchmarks.md).
    index: ssg::summary::BlogIndex,
}

/// The card of a row, and the URLs of the files its text shows.
fn to_card(row: CardRow) -> anyhow::Result<(BlogCard, Vec<String>)> {
    let (id, slug, name, name_ar, image_url, display_order, created, updated, body) = row;
    let card = BlogCard {
        id,
        slug,
        name,
        name_ar,
        image_url,
        image: None,
        body_images: BTreeMap::new(),
        display_order,
        created_at: timestamp(&created)?,
        updated_at: timestamp(&updated)?,
    };
    Ok((card, body_urls(body.as_deref())))
}

impl Cards {
    /// Brings the cards up to date with the database and `images` (the rest's, as of change
    /// `rest_seq`); every live blog's card, with its image.
    async fn load(
        &mut self,
        db: &impl ConnectionTrait,
        (rest_seq, images): (i64, &Images),
    ) -> anyhow::Result<Arc<Vec<Arc<BlogCard>>>> {
        loop {
            let Some(seq) = self.seq else {
                let (rows, last) = rows::all_cards(db).await?;
                *self = Cards::default();
                let rows = rows.into_iter().map(|row| Ok((to_card(row)?, true)));
                self.apply(rows.collect::<anyhow::Result<_>>()?, images);
                self.seq = Some(last);
                break;
            };
            let Some(rows) = rows::cards_changed_since(db, seq).await? else {
                // A row was deleted outright: every card again.
                *self = Cards::default();
                continue;
            };
            let mut last = seq;
            let mut changes = Vec::with_capacity(rows.len());
            for (card, change, live) in rows {
                last = last.max(change);
                changes.push((to_card(card)?, live == 1));
            }
            self.apply(changes, images);
            self.seq = Some(last);
            break;
        }
        if self.images_of != Some(rest_seq) {
            for card in Arc::make_mut(&mut self.list) {
                let mut changed = false;
                if images.get(&card.image_url) != card.image.as_ref() {
                    Arc::make_mut(card).image = image(images, &card.image_url);
                    changed = true;
                }
                if let Some(body) = self.bodies.get(&card.id) {
                    let now = body_images(body, images);
                    if now != card.body_images {
                        Arc::make_mut(card).body_images = now;
                        changed = true;
                    }
                }
                // The same card in time, changed in place: the index holds the new one.
                if changed {
                    self.index.insert(card);
                }
            }
            self.images_of = Some(rest_seq);
        }
        Ok(self.list.clone())
    }

    /// Brings in changed rows (each card with the files its text shows, and whether it is
    /// live): up to [`ONE_BY_ONE`] each in its place; more (a first load, an import) at once,
    /// with one sort.
    fn apply(&mut self, changes: Vec<((BlogCard, Vec<String>), bool)>, images: &Images) {
        if changes.len() <= ONE_BY_ONE {
            for ((card, body), live) in changes {
                match live {
                    true => self.put(card, body, images),
                    false => self.remove(card.id),
                }
            }
            return;
        }
        let changed: HashSet<i32> = changes.iter().map(|((card, _), _)| card.id).collect();
        let list = Arc::make_mut(&mut self.list);
        for card in list.iter().filter(|card| changed.contains(&card.id)) {
            self.index.remove(card);
            self.order.remove(&card.id);
            self.bodies.remove(&card.id);
        }
        list.retain(|card| !changed.contains(&card.id));
        for ((card, body), live) in changes {
            if !live {
                continue;
            }
            let card = Arc::new(with_image(card, &body, images));
            self.index.insert(&card);
            self.order.insert(card.id, card.display_order);
            if !body.is_empty() {
                self.bodies.insert(card.id, body);
            }
            list.push(card);
        }
        list.sort_by_key(|b| (b.display_order, b.id));
    }

    /// Where the card of `(order, id)` is, or goes, in `list`.
    fn place(&self, (order, id): (i32, i32)) -> usize {
        self.list
            .partition_point(|b| (b.display_order, b.id) < (order, id))
    }

    /// Adds or replaces a live card, in its place, with its image.
    fn put(&mut self, card: BlogCard, body: Vec<String>, images: &Images) {
        self.remove(card.id);
        self.order.insert(card.id, card.display_order);
        let card = Arc::new(with_image(card, &body, images));
        self.index.insert(&card);
        if !body.is_empty() {
            self.bodies.insert(card.id, body);
        }
        let at = self.place((card.display_order, card.id));
        Arc::make_mut(&mut self.list).insert(at, card);
    }

    fn remove(&mut self, id: i32) {
        self.bodies.remove(&id);
        if let Some(order) = self.order.remove(&id) {
            let at = self.place((order, id));
            debug_assert_eq!(
                self.list.get(at).map(|b| b.id),
                Some(id),
                "a live card's place"
            );
            let card = Arc::make_mut(&mut self.list).remove(at);
            self.index.remove(&card);
        }
    }

    /// The live cards' summary, as of the last load.
    fn summary(&self) -> ssg::summary::Summary {
        self.index.summary()
    }
}

/// A time as JSON gives it: RFC 3339 (PostgreSQL, and SQLite as sqlx writes it), or SQLite's
/// own `YYYY-MM-DD HH:MM:SS`.
fn timestamp(text: &str) -> anyhow::Result<chrono::DateTime<chrono::Utc>> {
    chrono::DateTime::parse_from_rfc3339(text)
        .or_else(|_| chrono::DateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S%.f%:z"))
        .map(|t| t.with_timezone(&chrono::Utc))
        .or_else(|_| {
            chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S%.f").map(|t| t.and_utc())
        })
        .map_err(|e| anyhow::anyhow!("Unreadable time {text:?} in a blog's card: {e}"))
}

/// These blogs, bodies included, by id.
pub async fn load_blogs(
    db: &impl ConnectionTrait,
    ids: Vec<i32>,
) -> anyhow::Result<HashMap<i32, Blog>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let mut blogs = HashMap::with_capacity(ids.len());
    // Full builds ask for batches of 500; an edit for a few.
    for chunk in ids.chunks(1000) {
        let rows = rows::live_blogs(db, chunk).await?;
        let bodies: Vec<Vec<String>> = rows
            .iter()
            .map(|b| body_urls(b.body_media.as_deref()))
            .collect();
        let urls = rows
            .iter()
            .map(|b| b.image_url.as_str())
            .chain(bodies.iter().flatten().map(String::as_str));
        let images = by_url(&concierge_store::media_images::at(db, urls).await?);
        blogs.extend(rows.into_iter().map(|b| (b.id, to_blog(b, &images))));
    }
    Ok(blogs)
}

/// Everything the site shows, without blog bodies.
pub async fn load_data(db: &impl ConnectionTrait) -> anyhow::Result<SiteData> {
    load_data_with(db, &mut Kept::default()).await
}

/// What the site shows, kept between loads (by the publisher): the blogs' cards ([`Cards`]),
/// and the rest (services, reviews, banners, general content, old URLs, images) as of change
/// `rest_seq` (the migration `RestChanges` numbers every change to those tables). A load reads
/// the rest again only when a change was numbered since; reading it on every publish was a fifth
/// of an edit's time (docs/benchmarks.md).
#[derive(Debug, Clone, Default)]
pub struct Kept {
    cards: Cards,
    rest: Option<(i64, Rest)>,
}

/// Everything but the blogs' cards, as read.
#[derive(Debug, Clone)]
struct Rest {
    images: Images,
    services: Vec<Service>,
    general_content: Vec<GeneralContent>,
    reviews: Vec<Review>,
    banners: Vec<Banner>,
    /// Every old URL, whether its blog is live or not (that is the cards' to say).
    redirects: Vec<Redirect>,
    destinations: Vec<Destination>,
    destination_redirects: Vec<DestinationRedirect>,
}

/// The same, with what the site shows kept in `kept` between loads (read again only where it
/// changed).
pub async fn load_data_with(
    db: &impl ConnectionTrait,
    kept: &mut Kept,
) -> anyhow::Result<SiteData> {
    // The number first: a change committed after it has a higher one, so the rest read below
    // is never older than the number it is kept under.
    let rest_seq = rows::rest_seq(db).await?;
    if !matches!(&kept.rest, Some((seq, _)) if *seq == rest_seq) {
        let rest = load_rest(db).await?;
        // The cards' images are looked at again only when the images changed (an old URL
        // added by a rename changes the rest, and looking at 50,000 cards' images was a
        // third of such a load).
        if let Some((seq, old)) = &kept.rest
            && kept.cards.images_of == Some(*seq)
            && old.images == rest.images
        {
            kept.cards.images_of = Some(rest_seq);
        }
        kept.rest = Some((rest_seq, rest));
    }
    let Some((_, rest)) = &kept.rest else {
        unreachable!("kept above")
    };
    let blogs = kept.cards.load(db, (rest_seq, &rest.images)).await?;
    // The cards' own index of the live blogs, rather than a set of every id made on each load.
    let live = &kept.cards.order;
    let mut data = SiteData {
        services: rest.services.clone(),
        redirects: rest
            .redirects
            .iter()
            .filter(|r| live.contains_key(&r.blog_id))
            .cloned()
            .collect(),
        blogs,
        reviews: rest.reviews.clone(),
        banners: rest.banners.clone(),
        destinations: rest.destinations.clone(),
        destination_redirects: rest.destination_redirects.clone(),
        general_content: rest.general_content.clone(),
        summary: None,
    };
    data.normalize_with(kept.cards.summary());
    Ok(data)
}

async fn load_rest(db: &impl ConnectionTrait) -> anyhow::Result<Rest> {
    let images = by_url(&concierge_store::media_images::all(db).await?);
    let items = rows::live_rows::<kinds::ServiceItems>(db, Order::Display).await?;
    let mut by_service: HashMap<i32, Vec<ServiceItem>> = HashMap::new();
    for i in items {
        by_service
            .entry(i.our_service_id)
            .or_default()
            .push(ServiceItem {
                id: i.id,
                name: i.name,
                name_ar: i.name_ar,
                description: i.description,
                description_ar: i.description_ar,
                image: image(&images, &i.image_url),
                image_url: i.image_url,
                title_bg_class: i.title_bg_class,
                display_order: i.display_order,
            });
    }
    let services = rows::live_rows::<kinds::Services>(db, Order::Display)
        .await?
        .into_iter()
        .map(|s| Service {
            items: by_service.remove(&s.id).unwrap_or_default(),
            id: s.id,
            name: s.name,
            name_ar: s.name_ar,
            description: s.description,
            description_ar: s.description_ar,
            content: s.content,
            content_ar: s.content_ar,
            display_order: s.display_order,
            image: image(&images, &s.image_url),
            image_url: s.image_url,
            color: s.color,
            coming_soon: s.coming_soon,
        })
        .collect();
    let general_content = rows::live_rows::<kinds::GeneralContent>(db, Order::Display)
        .await?
        .into_iter()
        // A section with no values shows nothing.
        .filter(|g| !g.values.is_empty())
        .map(|g| GeneralContent {
            name: g.name,
            values: g.values,
            values_ar: g.values_ar,
        })
        .collect();
    let reviews = rows::live_rows::<kinds::Reviews>(db, Order::Display)
        .await?
        .into_iter()
        .map(|r| Review {
            id: r.id,
            name: r.name,
            name_ar: r.name_ar,
            title: r.title,
            title_ar: r.title_ar,
            description: r.description,
            description_ar: r.description_ar,
            image: image(&images, &r.image_url),
            image_url: r.image_url,
            display_order: r.display_order,
        })
        .collect();
    let banners = rows::live_rows::<kinds::Banners>(db, Order::Id)
        .await?
        .into_iter()
        .map(|b| Banner {
            id: b.id,
            image: image(&images, &b.banner_url),
            banner_url: b.banner_url,
            title: b.title,
            title_ar: b.title_ar,
            sub_title: b.sub_title,
            sub_title_ar: b.sub_title_ar,
            web_url: b.web_url,
        })
        .collect();
    let redirects = rows::redirects(db)
        .await?
        .into_iter()
        .map(|r| Redirect {
            slug: r.slug,
            blog_id: r.blog_id,
        })
        .collect();
    let destinations = rows::live_rows::<kinds::Destinations>(db, Order::Display)
        .await?
        .into_iter()
        .map(|d| Destination {
            id: d.id,
            slug: d.slug,
            name: d.name,
            name_ar: d.name_ar,
            country: d.country,
            summary: d.summary,
            summary_ar: d.summary_ar,
            description: d.description,
            description_ar: d.description_ar,
            image: image(&images, &d.image_url),
            image_url: d.image_url,
            display_order: d.display_order,
            meta_title: d.meta_title,
            meta_title_ar: d.meta_title_ar,
            meta_description: d.meta_description,
            meta_description_ar: d.meta_description_ar,
        })
        .collect();
    let destination_redirects = concierge_store::slugs::destination_redirects(db)
        .await?
        .into_iter()
        .map(|r| DestinationRedirect {
            slug: r.slug,
            destination_id: r.destination_id,
        })
        .collect();
    Ok(Rest {
        services,
        general_content,
        reviews,
        banners,
        redirects,
        destinations,
        destination_redirects,
        images,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Changes come one by one (a few) or all at once (many, a first load); either way the
    /// cards are every live card in the site's order, placed by their order, with their summary.
    #[test]
    fn cards_changed_few_or_many_at_a_time_are_the_live_cards_in_order() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(45);
        let mut below = |n: u64| rng.random_range(0..n);
        let start = chrono::DateTime::<chrono::Utc>::UNIX_EPOCH;
        let images = Images::new();
        let mut cards = Cards::default();
        let mut live: BTreeMap<i32, BlogCard> = BTreeMap::new();
        for step in 0..60 {
            // Past the few applied one by one, at times.
            let size = match below(3) {
                0 => below(200) + ONE_BY_ONE as u64 + 1,
                _ => below(8) + 1,
            };
            let mut changes = Vec::new();
            let mut seen = HashSet::new();
            for _ in 0..size {
                let id = below(400) as i32;
                if !seen.insert(id) {
                    continue;
                }
                let card = BlogCard {
                    id,
                    slug: format!("b{id}"),
                    display_order: below(50) as i32,
                    updated_at: start + chrono::Duration::seconds(below(1_000) as i64),
                    ..Default::default()
                };
                let alive = below(4) != 0;
                match alive {
                    true => live.insert(id, card.clone()),
                    false => live.remove(&id),
                };
                changes.push(((card, Vec::new()), alive));
            }
            cards.apply(changes, &images);
            let mut expected: Vec<&BlogCard> = live.values().collect();
            expected.sort_by_key(|b| (b.display_order, b.id));
            let got: Vec<&BlogCard> = cards.list.iter().map(|b| &**b).collect();
            assert_eq!(got, expected, "step {step}: the live cards in order");
            assert_eq!(cards.order.len(), live.len(), "step {step}");
            assert!(
                cards.summary().is_of(&cards.list),
                "step {step}: the summary is the cards'"
            );
        }
    }
}
