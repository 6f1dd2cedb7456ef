//! `concierge backup DIR` and `concierge restore DIR`: a consistent copy of the database and
//! the media, taken while the server keeps taking writes, and brought back into an empty data
//! directory (or database), after which the site is rebuilt from it.
//!
//! - SQLite: `VACUUM INTO` writes a transactionally consistent copy (`concierge.db`); every
//!   write acknowledged before the backup began is in it.
//! - PostgreSQL: `pg_dump --format=custom` (`concierge.pgdump`), which reads one snapshot; the
//!   restore uses `pg_restore` into an empty database. Both tools must be on `PATH`.
//! - Media: copied after the database, so every file the copy refers to is there (uploads come
//!   before the saves that use them, and stored files never change: their names are hashes).

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use sea_orm::{ConnectionTrait, DbBackend, Statement};
use serde::{Deserialize, Serialize};

use concierge_core::config::Settings;
use concierge_store as store;

const MANIFEST: &str = "backup.json";
const SQLITE_FILE: &str = "concierge.db";
const PG_FILE: &str = "concierge.pgdump";

#[derive(Debug, Serialize, Deserialize)]
struct Manifest {
    taken_at: chrono::DateTime<chrono::Utc>,
    database: String,
    media_files: usize,
}

/// Writes a backup into `dir` (which must not hold one already) and says what it wrote.
pub async fn backup(settings: &Settings, dir: &Path) -> anyhow::Result<String> {
    if dir.join(MANIFEST).exists() {
        bail!(
            "{} already holds a backup; choose an empty folder",
            dir.display()
        );
    }
    std::fs::create_dir_all(dir.join("media"))
        .with_context(|| format!("Failed to create {}", dir.display()))?;
    let taken_at = chrono::Utc::now();
    let database = if is_postgres(&settings.database_url) {
        run(
            std::process::Command::new("pg_dump")
                .args(["--format=custom", "--no-owner", "--file"])
                .arg(dir.join(PG_FILE))
                .arg(&settings.database_url),
            "pg_dump",
        )?;
        "postgres"
    } else {
        let db = store::connect(&settings.database_url).await?;
        let target = dir.join(SQLITE_FILE);
        let target = target
            .to_str()
            .context("the backup folder's path is not UTF-8")?;
        db.write
            .execute_raw(Statement::from_sql_and_values(
                DbBackend::Sqlite,
                "VACUUM INTO ?",
                [target.into()],
            ))
            .await
            .context("Failed to copy the database (VACUUM INTO)")?;
        db.write.close_by_ref().await.ok();
        db.read.close_by_ref().await.ok();
        "sqlite"
    };
    let media =
        concierge_store::blobs::BlobStore::open_configured(settings, &settings.media_store)?;
    let names = media.list().await?;
    for name in &names {
        let bytes = media
            .read(name)
            .await?
            .with_context(|| format!("{name} disappeared from the media store"))?;
        std::fs::write(dir.join("media").join(safe_name(name)?), &bytes)
            .with_context(|| format!("Failed to copy {name}"))?;
    }
    let manifest = Manifest {
        taken_at,
        database: database.into(),
        media_files: names.len(),
    };
    std::fs::write(dir.join(MANIFEST), serde_json::to_vec_pretty(&manifest)?)?;
    Ok(format!(
        "backup: the {database} database as of {taken_at} and {} media files in {}",
        names.len(),
        dir.display()
    ))
}

/// Restores the backup in `dir` into the configured database (which must be empty) and media
/// store; the caller then rebuilds the site.
pub async fn restore(settings: &Settings, dir: &Path) -> anyhow::Result<String> {
    let manifest: Manifest = serde_json::from_slice(
        &std::fs::read(dir.join(MANIFEST))
            .with_context(|| format!("{} holds no backup ({MANIFEST})", dir.display()))?,
    )
    .context("the backup's manifest is not readable")?;
    if is_postgres(&settings.database_url) != (manifest.database == "postgres") {
        bail!(
            "the backup is of a {} database; CONCIERGE_DATABASE_URL names another kind",
            manifest.database
        );
    }
    if manifest.database == "postgres" {
        let db = store::connect(&settings.database_url).await?;
        let tables = db
            .read
            .query_one_raw(Statement::from_string(
                DbBackend::Postgres,
                "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = 'public'",
            ))
            .await?
            .map(|r| r.try_get::<i64>("", "n"))
            .transpose()?
            .unwrap_or(0);
        if tables > 0 {
            bail!("restore needs an empty database; this one has {tables} tables");
        }
        run(
            std::process::Command::new("pg_restore")
                .args(["--no-owner", "--exit-on-error", "--dbname"])
                .arg(&settings.database_url)
                .arg(dir.join(PG_FILE)),
            "pg_restore",
        )?;
    } else {
        let target = sqlite_path(&settings.database_url)?;
        if target.exists() && std::fs::metadata(&target)?.len() > 0 {
            bail!(
                "restore needs an empty data directory; {} exists",
                target.display()
            );
        }
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::copy(dir.join(SQLITE_FILE), &target)
            .with_context(|| format!("Failed to restore the database to {}", target.display()))?;
    }
    let media =
        concierge_store::blobs::BlobStore::open_configured(settings, &settings.media_store)?;
    let mut files = 0;
    for entry in std::fs::read_dir(dir.join("media"))? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        media
            .put(&name, std::fs::read(entry.path())?.into())
            .await?;
        files += 1;
    }
    Ok(format!(
        "restore: the {} database as of {} and {files} media files",
        manifest.database, manifest.taken_at
    ))
}

fn is_postgres(url: &str) -> bool {
    url.starts_with("postgres")
}

/// The file of a `sqlite://path?…` URL.
fn sqlite_path(url: &str) -> anyhow::Result<PathBuf> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .context("not a SQLite URL")?;
    Ok(PathBuf::from(rest.split('?').next().unwrap_or(rest)))
}

/// A media name as a file name (names are hashes with an extension: never a path).
fn safe_name(name: &str) -> anyhow::Result<&str> {
    if name.is_empty() || name.contains(['/', '\\']) || name.starts_with('.') {
        bail!("unexpected media name {name:?}");
    }
    Ok(name)
}

fn run(command: &mut std::process::Command, tool: &str) -> anyhow::Result<()> {
    let output = command.output().with_context(|| {
        format!("Failed to run {tool}: install the PostgreSQL client tools so it is on PATH")
    })?;
    if !output.status.success() {
        bail!(
            "{tool} failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    Ok(())
}
