//! The `concierge` command line.

use std::io::Write as _;
use std::io::{BufRead, IsTerminal};

use anyhow::{Context, bail};
use clap::{Parser, Subcommand};

use crate::seed;
use concierge_app::spreadsheet;
use concierge_core::config::{Config, Settings};
use concierge_http::startup::Application;
use concierge_store as store;

#[derive(Parser, Debug)]
#[command(
    name = "concierge",
    version,
    about = "The concierge CMS: API, site builder and admin tools"
)]
pub struct Cli {
    #[command(flatten)]
    pub config: Config,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run migrations, then serve the API, the publish worker, the site, the admin and media.
    Serve,
    /// Rebuild the whole site into the site store, with a progress bar.
    Build,
    /// Serve, and rebuild the site whenever content/ or the templates change (live reload).
    Watch,
    /// Apply database migrations.
    Migrate,
    /// Load the demo content (only into an empty database).
    Seed,
    /// Write spreadsheets: `export contacts FILE.xlsx`.
    Export {
        #[command(subcommand)]
        what: ExportCommand,
    },
    /// Read spreadsheets (all-or-nothing): `import contacts|general-content FILE.xlsx`.
    Import {
        #[arg(value_parser = ["contacts", "general-content"])]
        kind: String,
        file: std::path::PathBuf,
    },
    /// Write a consistent copy of the database and the media into DIR while the server runs.
    Backup { dir: std::path::PathBuf },
    /// Restore a backup from DIR into an empty data directory (or database), then rebuild the
    /// site from it.
    Restore { dir: std::path::PathBuf },
    /// Administrator accounts.
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
    /// Uploaded media.
    Media {
        #[command(subcommand)]
        command: MediaCommand,
    },
}

#[derive(Subcommand, Debug)]
pub enum MediaCommand {
    /// Make the responsive variants of every photograph that lacks them (images uploaded before
    /// variants existed are found, stripped of their metadata and queued first); the site is
    /// published with them.
    Variants,
}

#[derive(Subcommand, Debug)]
pub enum ExportCommand {
    /// The contacts workbook (newest 10000 enquiries), dates in UTC.
    Contacts { file: std::path::PathBuf },
}

#[derive(Subcommand, Debug)]
pub enum AdminCommand {
    /// Create an administrator, or reset the password of an existing one. The password comes
    /// from CONCIERGE_ADMIN_PASSWORD or, failing that, the first line of standard input.
    Create {
        name: String,
        /// owner, editor, contributor, translator or enquiries. A new administrator is an
        /// owner when left out; an existing one keeps their role.
        #[arg(long, value_parser = parse_role)]
        role: Option<concierge_core::roles::Role>,
    },
}

fn parse_role(raw: &str) -> Result<concierge_core::roles::Role, String> {
    concierge_core::roles::Role::parse(raw.trim())
        .ok_or_else(|| "one of owner, editor, contributor, translator or enquiries".to_owned())
}

pub async fn run(cli: Cli) -> anyhow::Result<()> {
    let settings = cli.config.resolve()?;
    match cli.command {
        Command::Serve => serve(settings).await,
        Command::Build => build(&settings).await,
        Command::Backup { dir } => {
            println!(
                "concierge: {}",
                crate::backup::backup(&settings, &dir).await?
            );
            Ok(())
        }
        Command::Restore { dir } => restore(&settings, &dir).await,
        Command::Watch => watch(settings).await,
        Command::Migrate => {
            open_database(&settings).await?;
            println!("concierge: database is up to date");
            Ok(())
        }
        Command::Seed => {
            let db = open_database(&settings).await?;
            println!("{}", seed::run(&db, &settings).await?);
            Ok(())
        }
        Command::Export {
            what: ExportCommand::Contacts { file },
        } => export_contacts(&settings, &file).await,
        Command::Import { kind, file } => import(&settings, &kind, &file).await,
        Command::Media {
            command: MediaCommand::Variants,
        } => make_variants(&settings).await,
        Command::Admin {
            command: AdminCommand::Create { name, role },
        } => create_admin(&settings, &name, role).await,
    }
}

/// The database, migrated to this binary's schema.
async fn open_database(settings: &Settings) -> anyhow::Result<store::Db> {
    let db = store::connect(&settings.database_url).await?;
    store::migrate(&db).await?;
    Ok(db)
}

async fn serve(settings: Settings) -> anyhow::Result<()> {
    let app = Application::build_with(settings.clone(), hooks()).await?;
    let shown = if settings.api_key_is_default {
        format!(
            "{} (development default; set CONCIERGE_API_KEY)",
            settings.api_key
        )
    } else {
        "from CONCIERGE_API_KEY".to_owned()
    };
    tracing::info!(port = app.port(), "listening");
    // Not `println!`: a server whose stdout cannot be written (a full disk, a closed pipe)
    // still serves.
    let _ = writeln!(
        std::io::stdout(),
        "concierge: serving http://{} (API key {shown})",
        display_addr(&settings.addr, app.port())
    );
    app.run_until_stopped().await?;
    Ok(())
}

/// Restores a backup, then rebuilds the site from the restored database.
async fn restore(settings: &Settings, dir: &std::path::Path) -> anyhow::Result<()> {
    println!(
        "concierge: {}",
        crate::backup::restore(settings, dir).await?
    );
    open_database(settings).await?;
    build(settings).await
}

async fn watch(mut settings: Settings) -> anyhow::Result<()> {
    settings.watch = true;
    let app = Application::build_with(settings.clone(), hooks()).await?;
    crate::watch::spawn(
        settings.clone(),
        app.db().clone(),
        app.publisher(),
        app.reload_sender(),
    )?;
    let _ = writeln!(
        std::io::stdout(),
        "concierge: serving http://{} with live reload",
        display_addr(&settings.addr, app.port())
    );
    app.run_until_stopped().await?;
    Ok(())
}

async fn export_contacts(settings: &Settings, file: &std::path::Path) -> anyhow::Result<()> {
    let db = open_database(settings).await?;
    let utc = chrono::FixedOffset::east_opt(0).expect("zero offset");
    let bytes = spreadsheet::export_contacts(&db, utc, Default::default(), &Default::default())
        .await
        .map_err(|e| store::classify(e).into_anyhow())?
        .ok_or_else(|| {
            anyhow::anyhow!(
                "{}",
                concierge_core::domain::rules::catalog().messages.no_data
            )
        })?;
    std::fs::write(file, bytes).with_context(|| format!("Failed to write {}", file.display()))?;
    println!("concierge: wrote {}", file.display());
    Ok(())
}

/// Imports contacts or general content; a refused file lists every bad cell.
async fn import(settings: &Settings, kind: &str, file: &std::path::Path) -> anyhow::Result<()> {
    let bytes =
        std::fs::read(file).with_context(|| format!("Failed to read {}", file.display()))?;
    let db = open_database(settings).await?;
    let outcome = if kind == "contacts" {
        spreadsheet::import_contacts(&db, &bytes, settings.clock.now())
            .await
            .map(|n| format!("imported {n} contacts"))
    } else {
        spreadsheet::import_general_content(&db, &bytes, settings.clock.now())
            .await
            .map(|c| {
                format!(
                    "general content: {} added, {} updated",
                    c.created, c.updated
                )
            })
    };
    match outcome {
        Ok(summary) => {
            println!("concierge: {summary}");
            Ok(())
        }
        Err(concierge_core::error::ApiError::Validation(fields)) => {
            for (place, message) in fields.iter() {
                eprintln!("  {place}: {message}");
            }
            bail!("{}", fields.headline());
        }
        Err(other) => Err(store::classify(other).into_anyhow()),
    }
}

/// Records the images uploaded before variants existed and makes every variant still missing.
async fn make_variants(settings: &Settings) -> anyhow::Result<()> {
    let db = open_database(settings).await?;
    let media =
        concierge_store::blobs::BlobStore::open_configured(settings, &settings.media_store)?;
    let found = concierge_app::media::variants::discover(&db, &media).await?;
    if found > 0 {
        println!("concierge: {found} images uploaded before variants existed were recorded");
    }
    let started = std::time::Instant::now();
    let worker = format!("cli-{}", std::process::id());
    let done =
        concierge_app::media::variants::drain(&db, &media, &worker, settings.publish_retry).await?;
    for (name, outcome) in &done {
        println!("  {name}: {outcome:?}");
    }
    println!(
        "concierge: {} photographs processed in {:.1} s; the site is published with them by the server (or `concierge build`)",
        done.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Creates an administrator, or resets an existing one's password (and turns their two-factor
/// sign-in off, ending their sessions), with `role` if one is named.
async fn create_admin(
    settings: &Settings,
    name: &str,
    role: Option<concierge_core::roles::Role>,
) -> anyhow::Result<()> {
    let name = name.trim().to_owned();
    if name.is_empty() || name.chars().count() > 100 || name.chars().any(char::is_control) {
        bail!("the administrator name must be 1 to 100 printable characters");
    }
    let password = read_password()?;
    let password = concierge_core::domain::password::NewPassword::parse(&name, &password).map_err(
        |reason| anyhow::anyhow!("{reason} (CONCIERGE_ADMIN_PASSWORD or standard input)"),
    )?;
    let db = open_database(settings).await?;
    // The reset, its ended sessions and its audit line commit together.
    let txn = sea_orm::TransactionTrait::begin(&db.write).await?;
    let created =
        concierge_app::accounts::admins::upsert_admin(&txn, &name, password.as_str(), role).await?;
    txn.commit()
        .await
        .context("Failed to save the administrator")?;
    if created {
        let role = role.unwrap_or(concierge_core::roles::Role::Owner);
        println!("concierge: administrator {name:?} created ({role})");
    } else {
        println!(
            "concierge: password of administrator {name:?} reset and two-factor sign-in turned off; their sessions were ended"
        );
    }
    Ok(())
}

/// The binary's hooks: memory freed by the workers goes back to the system.
fn hooks() -> concierge_http::startup::Hooks {
    concierge_http::startup::Hooks {
        on_drained: crate::memory::release,
    }
}

/// `concierge build`: the whole site into the site store, taking turns with running servers.
async fn build(settings: &Settings) -> anyhow::Result<()> {
    let db = store::connect(&settings.database_url).await?;
    store::migrate(&db).await?;
    let publisher = concierge_publish::build::build_publisher(settings)?;
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} building [{bar:32}] {pos}/{len} outputs {elapsed}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    let started = std::time::Instant::now();
    // Take turns with running servers: one publisher writes the site at a time.
    let worker = format!("cli-build-{}", std::process::id());
    concierge_publish::wait_for_lease(&db, &worker, std::time::Duration::from_secs(120)).await?;
    let progress = |done: usize, total: usize| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    let build =
        concierge_publish::with_lease(&db, &worker, publisher.full_build(&db, Some(&progress)))
            .await;
    concierge_publish::release_lease(&db, &worker).await?;
    let report = build?;
    bar.finish_and_clear();
    for failure in &report.failures {
        eprintln!(
            "concierge: could not publish {:?}: {}",
            failure.target, failure.error
        );
    }
    println!(
        "concierge: built {} files ({} stale removed) in {} ms into {}",
        report.written,
        report.removed,
        started.elapsed().as_millis(),
        settings.site_store
    );
    if !report.failures.is_empty() {
        anyhow::bail!("{} outputs could not be published", report.failures.len());
    }
    Ok(())
}

fn display_addr(addr: &str, port: u16) -> String {
    match addr.rsplit_once(':') {
        Some((host, _)) => format!("{host}:{port}"),
        None => addr.to_owned(),
    }
}

fn read_password() -> anyhow::Result<String> {
    let password = match std::env::var("CONCIERGE_ADMIN_PASSWORD") {
        Ok(p) if !p.is_empty() => p,
        _ => {
            if std::io::stdin().is_terminal() {
                eprintln!(
                    "Password (input is shown; set CONCIERGE_ADMIN_PASSWORD to avoid typing it):"
                );
            }
            let mut line = String::new();
            std::io::stdin()
                .lock()
                .read_line(&mut line)
                .context("Failed to read the password from standard input")?;
            line.trim_end_matches(['\r', '\n']).to_owned()
        }
    };
    Ok(password)
}
