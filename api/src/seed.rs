//! `concierge seed`: the demo content a luxury concierge would publish, in English and Arabic,
//! with its artwork, and a demo administrator. Idempotent: content is loaded only into an
//! empty database, and the administrator only when there is none.

use std::path::Path;

use anyhow::Context;
use chrono::Utc;
use include_dir::{Dir, include_dir};
use sea_orm::{ActiveModelTrait, EntityTrait, PaginatorTrait, Set, TransactionTrait};
use serde::Deserialize;

use crate::config::Settings;
use crate::publish::{self, Action, Resource};
use crate::storage::Store;
use crate::store::Db;
use crate::store::entities::{
    admin_user, banner, blog, general_content, review, service, service_item,
};
use crate::{auth, domain, media};

static DEMO: &str = include_str!("../seed/demo.json");
static ARTWORK: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/seed/media");

/// The demo administrator's user name.
pub const DEMO_ADMIN: &str = "admin";

#[derive(Deserialize)]
struct Demo {
    services: Vec<DemoService>,
    blogs: Vec<DemoBlog>,
    client_reviews: Vec<DemoReview>,
    banners: Vec<DemoBanner>,
    general_content: Vec<DemoContent>,
}

#[derive(Deserialize)]
struct DemoService {
    name: String,
    name_ar: String,
    description: String,
    description_ar: String,
    content: String,
    content_ar: String,
    display_order: i32,
    image: String,
    color: String,
    items: Vec<DemoItem>,
}

#[derive(Deserialize)]
struct DemoItem {
    name: String,
    name_ar: String,
    description: String,
    description_ar: String,
    image: String,
    #[serde(rename = "titleBgClass")]
    title_bg_class: String,
    display_order: i32,
}

#[derive(Deserialize)]
struct DemoBlog {
    name: String,
    name_ar: String,
    description: String,
    description_ar: String,
    image: String,
    display_order: i32,
    meta_title: String,
    meta_title_ar: String,
    meta_description: String,
    meta_description_ar: String,
    key_words: String,
    key_words_ar: String,
}

#[derive(Deserialize)]
struct DemoReview {
    name: String,
    name_ar: String,
    title: String,
    title_ar: String,
    description: String,
    description_ar: String,
    image: String,
    display_order: i32,
}

#[derive(Deserialize)]
struct DemoBanner {
    banner_name: String,
    title: String,
    title_ar: String,
    sub_title: String,
    sub_title_ar: String,
    web_url: String,
    image: String,
}

#[derive(Deserialize)]
struct DemoContent {
    name: String,
    values: String,
    values_ar: String,
    display_order: i32,
}

/// Loads the demo into `db` and reports what it did.
pub async fn run(db: &Db, settings: &Settings) -> anyhow::Result<String> {
    let mut report = Vec::new();
    if has_content(db).await? {
        report.push(
            "seed: the database already has content; the demo content was not loaded".to_owned(),
        );
    } else {
        let demo: Demo =
            serde_json::from_str(DEMO).context("the embedded demo content is not valid")?;
        let counts = load(db, settings, demo).await?;
        report.push(format!("seed: loaded {counts}"));
    }
    report.push(demo_admin(db, &settings.data_dir).await?);
    Ok(report.join("\n"))
}

async fn has_content(db: &Db) -> anyhow::Result<bool> {
    let c = &db.read;
    Ok(service::Entity::find().count(c).await? > 0
        || blog::Entity::find().count(c).await? > 0
        || review::Entity::find().count(c).await? > 0
        || banner::Entity::find().count(c).await? > 0
        || general_content::Entity::find().count(c).await? > 0)
}

/// Stores one artwork file in the media store and returns its public URL.
async fn artwork(media: &Store, name: &str) -> anyhow::Result<String> {
    let file = ARTWORK
        .get_file(name)
        .with_context(|| format!("the demo names artwork {name} that is not in seed/media"))?;
    media::store_bytes(media, file.contents())
        .await
        .with_context(|| format!("Failed to store the artwork {name}"))
}

async fn load(db: &Db, settings: &Settings, demo: Demo) -> anyhow::Result<String> {
    let media = settings.open_store(&settings.media_store)?;
    let now = Utc::now();
    let txn = db.write.begin().await?;
    let mut items = 0;
    for s in &demo.services {
        let saved = service::ActiveModel {
            name: Set(s.name.clone()),
            name_ar: Set(Some(s.name_ar.clone())),
            description: Set(s.description.clone()),
            description_ar: Set(Some(s.description_ar.clone())),
            content: Set(s.content.clone()),
            content_ar: Set(Some(s.content_ar.clone())),
            display_order: Set(s.display_order),
            image_url: Set(artwork(&media, &s.image).await?),
            color: Set(s.color.clone()),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        for item in &s.items {
            service_item::ActiveModel {
                name: Set(item.name.clone()),
                name_ar: Set(Some(item.name_ar.clone())),
                description: Set(item.description.clone()),
                description_ar: Set(Some(item.description_ar.clone())),
                image_url: Set(artwork(&media, &item.image).await?),
                service_name: Set(saved.name.clone()),
                title_bg_class: Set(item.title_bg_class.clone()),
                display_order: Set(item.display_order),
                our_service_id: Set(saved.id),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
            items += 1;
        }
    }
    for b in &demo.blogs {
        blog::ActiveModel {
            slug: Set(ssg::slug::blog_slug(&b.name)),
            name: Set(b.name.clone()),
            name_ar: Set(Some(b.name_ar.clone())),
            excerpt: Set(Some(domain::html::excerpt(
                &domain::html::sanitize(&b.description),
                crate::routes::blogs::EXCERPT,
            ))),
            excerpt_ar: Set(Some(domain::html::excerpt(
                &domain::html::sanitize(&b.description_ar),
                crate::routes::blogs::EXCERPT,
            ))),
            description: Set(domain::html::sanitize(&b.description)),
            description_ar: Set(Some(domain::html::sanitize(&b.description_ar))),
            image_url: Set(artwork(&media, &b.image).await?),
            display_order: Set(b.display_order),
            meta_title: Set(b.meta_title.clone()),
            meta_title_ar: Set(Some(b.meta_title_ar.clone())),
            meta_description: Set(b.meta_description.clone()),
            meta_description_ar: Set(Some(b.meta_description_ar.clone())),
            key_words: Set(b.key_words.clone()),
            key_words_ar: Set(Some(b.key_words_ar.clone())),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
    }
    for r in &demo.client_reviews {
        review::ActiveModel {
            name: Set(r.name.clone()),
            name_ar: Set(Some(r.name_ar.clone())),
            title: Set(r.title.clone()),
            title_ar: Set(Some(r.title_ar.clone())),
            description: Set(r.description.clone()),
            description_ar: Set(Some(r.description_ar.clone())),
            image_url: Set(artwork(&media, &r.image).await?),
            display_order: Set(r.display_order),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
    }
    for b in &demo.banners {
        banner::ActiveModel {
            banner_name: Set(b.banner_name.clone()),
            banner_url: Set(artwork(&media, &b.image).await?),
            image_id: Set(b.image.clone()),
            title: Set(b.title.clone()),
            title_ar: Set(Some(b.title_ar.clone())),
            sub_title: Set(b.sub_title.clone()),
            sub_title_ar: Set(Some(b.sub_title_ar.clone())),
            web_url: Set(b.web_url.clone()),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
    }
    for g in &demo.general_content {
        general_content::ActiveModel {
            name: Set(g.name.clone()),
            values: Set(g.values.clone()),
            values_ar: Set(Some(g.values_ar.clone())),
            display_order: Set(g.display_order),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
    }
    publish::enqueue(&txn, Resource::Site, 0, Action::Upsert).await?;
    txn.commit()
        .await
        .context("Failed to save the demo content")?;
    Ok(format!(
        "{} services with {items} list items, {} blogs, {} client reviews, {} banners, {} general content entries",
        demo.services.len(),
        demo.blogs.len(),
        demo.client_reviews.len(),
        demo.banners.len(),
        demo.general_content.len()
    ))
}

/// Creates the demo administrator with a random password when there is no administrator yet,
/// and keeps the login in `DATA_DIR/demo-admin.txt` (owner-only) so `just up` can show it again.
async fn demo_admin(db: &Db, data_dir: &Path) -> anyhow::Result<String> {
    let file = data_dir.join("demo-admin.txt");
    if admin_user::Entity::find().count(&db.read).await? > 0 {
        return Ok(match std::fs::read_to_string(&file) {
            Ok(login) => format!("seed: demo administrator — {}", login.trim()),
            Err(_) => "seed: an administrator exists already (reset a password with `concierge admin create NAME`)".into(),
        });
    }
    let (token, _) = auth::new_token();
    let password: String = token
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(20)
        .collect();
    auth::upsert_admin(&db.write, DEMO_ADMIN, &password).await?;
    let login = format!("user name: {DEMO_ADMIN}  password: {password}");
    std::fs::create_dir_all(data_dir)?;
    write_private(&file, &format!("{login}\n"))
        .with_context(|| format!("Failed to write {}", file.display()))?;
    Ok(format!("seed: demo administrator created — {login}"))
}

fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)?.write_all(text.as_bytes())
}
