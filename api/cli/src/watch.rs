//! `concierge watch`: the server, plus a rebuild whenever `content/` or the templates change,
//! after which open pages reload themselves.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use notify::{RecursiveMode, Watcher};

use concierge_core::config::Settings;
use concierge_publish::build::build_site;
use concierge_publish::site::Publisher;
use concierge_store::Db;

/// The folders whose changes trigger a rebuild.
pub fn watched_dirs() -> Vec<PathBuf> {
    let ssg = ssg::Templates::source_dir();
    vec![
        ssg::content::Content::source_dir(),
        ssg.join("templates"),
        ssg.join("assets"),
    ]
}

/// Watches the source folders until the process stops; rebuilds after each burst of changes.
pub fn spawn(
    settings: Settings,
    db: Db,
    publisher: Arc<Publisher>,
    reload: tokio::sync::broadcast::Sender<()>,
) -> anyhow::Result<()> {
    let (tx, rx) = std::sync::mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        if let Ok(event) = event
            && !event.kind.is_access()
        {
            let _ = tx.send(());
        }
    })
    .context("Failed to start the file watcher")?;
    for dir in watched_dirs() {
        watcher
            .watch(&dir, RecursiveMode::Recursive)
            .with_context(|| format!("Failed to watch {}", dir.display()))?;
        println!("concierge: watching {}", dir.display());
    }
    let runtime = tokio::runtime::Handle::current();
    std::thread::spawn(move || {
        let _watcher = watcher;
        while rx.recv().is_ok() {
            // Let a burst of saves settle, then rebuild once.
            std::thread::sleep(Duration::from_millis(150));
            while rx.try_recv().is_ok() {}
            let started = std::time::Instant::now();
            let outcome = runtime.block_on(async {
                let site = build_site(&settings)?;
                publisher.replace_site(site).await;
                publisher.full_build(&db, None).await
            });
            match outcome {
                Ok(report) => {
                    println!(
                        "concierge: rebuilt {} files in {} ms",
                        report.written,
                        started.elapsed().as_millis()
                    );
                    let _ = reload.send(());
                }
                Err(e) => eprintln!("concierge: rebuild failed: {e:#}"),
            }
        }
    });
    Ok(())
}
