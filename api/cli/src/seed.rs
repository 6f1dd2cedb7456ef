//! `concierge seed`: the demo content a luxury concierge would publish, in English and Arabic,
//! with its artwork, and a demo administrator. Idempotent: content is loaded only into an
//! empty database, and the administrator only when there is none.

use std::path::Path;

use anyhow::Context;
use include_dir::{Dir, include_dir};
use sea_orm::{DatabaseTransaction, EntityTrait, PaginatorTrait, TransactionTrait};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use concierge_app::content::{
    Banners, Blogs, GeneralContent, Kind, Reviews, ServiceItems, Services,
};
use concierge_app::media;
use concierge_core::config::Settings;
use concierge_store::Db;
use concierge_store::blobs::BlobStore;
use concierge_store::entities::admin_user;

static DEMO: &str = include_str!("../seed/demo.json");
static ARTWORK: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/seed/media");

/// The demo administrator's user name.
pub const DEMO_ADMIN: &str = "admin";

/// The demo, item by item as the admin's forms would send it (`image` names a file of
/// `seed/media`, stored in the media store and sent as the item's image address).
#[derive(Deserialize)]
struct Demo {
    services: Vec<Value>,
    blogs: Vec<Value>,
    client_reviews: Vec<Value>,
    banners: Vec<Value>,
    general_content: Vec<Value>,
    /// Any other declared kind, by its name in the lifecycle's paths (`destination`), each item
    /// as its form sends it; its artwork goes into the kind's first image field. (The kinds
    /// above, under keys of their own, have steps no form gives: a service's items inside it, a
    /// banner's image id.)
    #[serde(flatten)]
    other: std::collections::BTreeMap<String, Vec<Value>>,
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

/// Whether any declared kind's table has a row (deleted ones too).
async fn has_content(db: &Db) -> anyhow::Result<bool> {
    for kind in concierge_core::kinds::KINDS {
        if concierge_store::content_rows::has_rows(&db.read, kind).await? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Stores one artwork file in the media store and returns its public URL.
async fn artwork(
    db: &(impl sea_orm::ConnectionTrait + sea_orm::TransactionTrait),
    media: &BlobStore,
    name: &str,
) -> anyhow::Result<String> {
    let file = ARTWORK
        .get_file(name)
        .with_context(|| format!("the demo names artwork {name} that is not in seed/media"))?;
    let (stored, _) = media::store_bytes(db, media, file.contents().to_vec(), Some(name))
        .await
        .with_context(|| format!("Failed to store the artwork {name}"))?;
    Ok(media::url(&stored))
}

async fn load(db: &Db, settings: &Settings, demo: Demo) -> anyhow::Result<String> {
    let media =
        concierge_store::blobs::BlobStore::open_configured(settings, &settings.media_store)?;
    let now = settings.clock.now();
    let txn = db.write.begin().await?;
    let mut items = 0;
    let services = demo.services.len();
    for mut service in demo.services {
        let list = service
            .as_object_mut()
            .and_then(|s| s.remove("items"))
            .unwrap_or_default();
        let saved = save::<Services>(&txn, &media, now, service, Some("image_url")).await?;
        for mut item in list.as_array().cloned().unwrap_or_default() {
            item["our_service_id"] = saved.id.into();
            save::<ServiceItems>(&txn, &media, now, item, Some("image_url")).await?;
            items += 1;
        }
    }
    let counts = format!(
        "{services} services with {items} list items, {} blogs, {} client reviews, {} banners, {} general content entries",
        demo.blogs.len(),
        demo.client_reviews.len(),
        demo.banners.len(),
        demo.general_content.len()
    );
    for blog in demo.blogs {
        save::<Blogs>(&txn, &media, now, blog, Some("image_url")).await?;
    }
    for review in demo.client_reviews {
        save::<Reviews>(&txn, &media, now, review, Some("image_url")).await?;
    }
    for mut banner in demo.banners {
        banner["image_id"] = banner["image"].clone();
        save::<Banners>(&txn, &media, now, banner, Some("banner_url")).await?;
    }
    for entry in demo.general_content {
        save::<GeneralContent>(&txn, &media, now, entry, None).await?;
    }
    let mut counts = counts;
    for (kind, entries) in demo.other {
        let declared = concierge_core::kinds::declared(&kind)
            .with_context(|| format!("the demo names {kind}, which is no declared kind"))?;
        let image = declared
            .fields
            .iter()
            .find(|f| f.ty == concierge_core::kinds::FieldType::Image)
            .map(|f| f.name);
        counts.push_str(&format!(
            ", {} {}",
            entries.len(),
            declared.label.en.to_lowercase()
        ));
        for entry in entries {
            // A declared kind always has its type (a test holds the two together).
            let saved: Result<anyhow::Result<()>, concierge_core::error::ApiError> = concierge_app::with_kind!(kind.as_str(), K => {
                Ok(save::<K>(&txn, &media, now, entry, image).await.map(|_| ()))
            });
            saved.map_err(|e| anyhow::anyhow!("{kind}: {e}"))??;
        }
    }
    txn.commit()
        .await
        .context("Failed to save the demo content")?;
    Ok(counts)
}

/// Saves one demo item through the content core, as the admin's form would; its artwork goes
/// to the media store first and its address into `image_field`.
async fn save<K: Kind>(
    txn: &DatabaseTransaction,
    media: &BlobStore,
    now: chrono::DateTime<chrono::Utc>,
    mut item: Value,
    image_field: Option<&str>,
) -> anyhow::Result<K::Model>
where
    K::Input: DeserializeOwned,
{
    if let (Some(field), Some(image)) = (image_field, item["image"].as_str().map(str::to_owned)) {
        let url = artwork(txn, media, &image).await?;
        // What the artwork shows, in both languages, as the media library keeps it.
        let words = |key: &str| item[key].as_str().map(str::to_owned);
        if let Some(alt) = words("image_alt") {
            let edit = concierge_core::domain::media::CheckedEdit {
                alt: Some(Some(alt)),
                alt_ar: Some(words("image_alt_ar")),
                ..Default::default()
            };
            let name = url.trim_start_matches("/media/");
            media::library::describe(txn, name, edit, None, now)
                .await
                .map_err(|e| anyhow::anyhow!("the demo artwork {image} was not described: {e}"))?;
        }
        item[field] = url.into();
    }
    let input: K::Input = serde_json::from_value(item.clone())
        .with_context(|| format!("the demo item {item} does not fit its form"))?;
    concierge_app::content::items::create::<K>(txn, input, now)
        .await
        .map_err(|e| anyhow::anyhow!("the demo item {item} was refused: {e}"))
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
    let (token, _) = concierge_core::token::new_token();
    let password: String = token
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(20)
        .collect();
    let txn = sea_orm::TransactionTrait::begin(&db.write).await?;
    concierge_app::accounts::admins::upsert_admin(&txn, DEMO_ADMIN, &password, None).await?;
    txn.commit().await?;
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
