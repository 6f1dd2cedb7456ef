//! Where pages go: a local directory (temp file + rename, so a reader sees the old file or the
//! new one, never a part) or an object store (one PUT per object). Each page's write succeeds or
//! fails on its own, so one bad path never keeps the others from the site.

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

use anyhow::Context;
use rayon::prelude::*;
use ssg::Page;

use concierge_store::blobs::BlobStore;

/// Where pages go.
#[derive(Clone, Debug)]
pub enum Output {
    /// A local directory (the default): parallel writes, temp file + rename.
    Dir(PathBuf),
    /// An object store (S3): one PUT per page.
    Store(BlobStore),
}

impl Output {
    pub fn from_url(
        url: &str,
        open: impl FnOnce(&str) -> anyhow::Result<BlobStore>,
    ) -> anyhow::Result<Output> {
        match url.strip_prefix("file://") {
            Some(dir) => {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("Failed to create the site directory {dir}"))?;
                Ok(Output::Dir(PathBuf::from(dir)))
            }
            None => Ok(Output::Store(open(url)?)),
        }
    }

    /// Writes every page; returns the paths that could not be written, with the reason.
    pub async fn write(&self, pages: Vec<Page>) -> anyhow::Result<Written> {
        match self {
            Output::Dir(dir) => {
                let dir = dir.clone();
                Ok(tokio::task::spawn_blocking(move || write_into(&dir, &pages, true)).await?)
            }
            Output::Store(store) => {
                use futures_util::StreamExt;
                // Every page is put (reading each back to compare would cost as much).
                let failed = futures_util::stream::iter(pages.into_iter().map(|p| {
                    let store = store.clone();
                    async move {
                        let path = p.path.clone();
                        store
                            .put(&p.path, p.bytes.into())
                            .await
                            .err()
                            .map(|e| (path, e))
                    }
                }))
                .buffer_unordered(16)
                .filter_map(|failed| async move { failed })
                .collect()
                .await;
                Ok(Written {
                    failed,
                    unchanged: Vec::new(),
                })
            }
        }
    }

    /// Removes files; in a directory, also the folders each one leaves empty (an object store
    /// has no folders).
    pub async fn remove(&self, files: &BTreeSet<String>) -> anyhow::Result<()> {
        for file in files {
            match self {
                Output::Dir(dir) => {
                    let path = dir.join(file);
                    let old = std::fs::File::open(&path).ok();
                    match std::fs::remove_file(&path) {
                        Ok(()) => old.into_iter().for_each(release),
                        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                        Err(e) => {
                            return Err(e).with_context(|| format!("Failed to remove {file}"));
                        }
                    }
                    // Also when the file was already gone: a publish that died between the
                    // file and its folder leaves the folder to the one that does it again.
                    remove_empty_folders(dir, &path);
                }
                Output::Store(store) => store.delete(file).await?,
            }
        }
        Ok(())
    }

    pub async fn list(&self) -> anyhow::Result<Vec<String>> {
        match self {
            Output::Dir(dir) => {
                let dir = dir.clone();
                tokio::task::spawn_blocking(move || {
                    if dir.is_dir() {
                        ssg::walk::files(&dir)
                    } else {
                        Ok(Vec::new())
                    }
                })
                .await?
            }
            Output::Store(store) => store.list().await,
        }
    }

    /// A small file of the store (the manifest, the build marker): `None` when it is not there,
    /// an error when it could not be read (which is not the same: a publish must not take an
    /// intent it could not read for none).
    pub async fn read_file(&self, path: &str) -> anyhow::Result<Option<String>> {
        let bytes = match self {
            Output::Dir(dir) => match std::fs::read(dir.join(path)) {
                Ok(bytes) => Some(bytes),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
                Err(e) => return Err(e).with_context(|| format!("Failed to read {path}")),
            },
            Output::Store(store) => store.read(path).await?.map(Vec::from),
        };
        Ok(bytes.map(|b| String::from_utf8_lossy(&b).into_owned()))
    }
}

/// What a write of pages did: the paths that could not be written, with the reason, and
/// those that already held the bytes (left as they were: nothing changed for a reader).
#[derive(Debug, Default)]
pub struct Written {
    pub failed: Vec<(String, anyhow::Error)>,
    pub unchanged: Vec<String>,
}

/// Writes `pages` into `dir`, each on its own (one that fails leaves the others written), on
/// rayon's threads when `parallel`, else on the caller's (which may be one of them already: a
/// full build writes each output's pages on the thread that rendered them). A file that holds
/// the page's bytes already is left alone.
pub fn write_into(dir: &Path, pages: &[Page], parallel: bool) -> Written {
    let fresh = create_parents(dir, pages);
    // `Ok(true)`: written; `Ok(false)`: held the bytes already.
    let write = |p: &Page| -> (String, anyhow::Result<bool>) {
        let target = dir.join(&p.path);
        let parent = target.parent().map(Path::to_path_buf);
        let result = match parent.as_ref().and_then(|d| fresh.get(d)) {
            Some(Err(e)) => Err(anyhow::anyhow!("{e}")),
            Some(Ok(true)) => replace_atomically(&target, &p.bytes).map(|()| true),
            _ if holds(&target, &p.bytes) => Ok(false),
            _ => replace_atomically(&target, &p.bytes).map(|()| true),
        };
        (p.path.clone(), result)
    };
    let outcomes: Vec<(String, anyhow::Result<bool>)> = match parallel {
        true => pages.par_iter().map(write).collect(),
        false => pages.iter().map(write).collect(),
    };
    let mut written = Written::default();
    for (path, outcome) in outcomes {
        match outcome {
            Ok(true) => {}
            Ok(false) => written.unchanged.push(path),
            Err(e) => written.failed.push((path, e)),
        }
    }
    written
}

/// Creates the directories the pages go in, each once. For each: `Ok(true)` when it is new (so
/// the files in it need no comparison), `Ok(false)` when it was there, or why it could not be made.
fn create_parents(
    dir: &Path,
    pages: &[Page],
) -> std::collections::HashMap<PathBuf, Result<bool, String>> {
    let parents: BTreeSet<PathBuf> = pages
        .iter()
        .filter_map(|p| dir.join(&p.path).parent().map(Path::to_path_buf))
        .collect();
    // Sorted, so a parent comes before its children.
    parents
        .into_iter()
        .map(|parent| {
            let created = match std::fs::create_dir(&parent) {
                Ok(()) => Ok(true),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    std::fs::create_dir_all(&parent).map(|()| true)
                }
                Err(e) => Err(e),
            }
            .map_err(|e| format!("Failed to create {}: {e}", parent.display()));
            (parent, created)
        })
        .collect()
}

/// Removes the folders that held `file`, deepest first, as long as each is empty; never `root`
/// or anything outside it. Removing a folder succeeds only when it is empty, so a folder that
/// a writer has just put a file in stays (its rmdir fails, which ends the climb), and a writer
/// that finds the folder it made gone makes it again ([`replace_atomically`]).
fn remove_empty_folders(root: &Path, file: &Path) {
    let inside = file
        .strip_prefix(root)
        .is_ok_and(|rel| rel.components().all(|c| matches!(c, Component::Normal(_))));
    if !inside {
        return;
    }
    let mut folder = file.parent();
    while let Some(dir) = folder.filter(|d| *d != root && d.starts_with(root)) {
        if std::fs::remove_dir(dir).is_err() {
            return;
        }
        folder = dir.parent();
    }
}

/// Whether the file at `target` already holds exactly `bytes`. A rebuild then leaves it alone:
/// replacing a file costs far more than reading it (ext4 flushes data renamed over a file).
fn holds(target: &Path, bytes: &[u8]) -> bool {
    match std::fs::metadata(target) {
        Ok(meta) if meta.len() == bytes.len() as u64 => {
            std::fs::read(target).is_ok_and(|existing| existing == bytes)
        }
        _ => false,
    }
}

/// Gives back the blocks of a file replaced or removed (still open in `old`, so that its last
/// close frees them) on a thread of its own. The filesystem frees a file's blocks when its last
/// name and handle go, and with `discard` that waits on the disk: inline, one rename in a
/// hundred stalled an edit's publish for 20 to 200 ms on this machine's ext4 (docs/benchmarks.md,
/// issue 45). At most [`RELEASING`] wait; past that a file is closed where it was replaced, so a
/// full build never holds more handles than that.
fn release(old: std::fs::File) {
    use std::sync::mpsc::{SyncSender, sync_channel};
    static RELEASER: std::sync::OnceLock<Option<SyncSender<std::fs::File>>> =
        std::sync::OnceLock::new();
    let releaser = RELEASER.get_or_init(|| {
        let (send, files) = sync_channel::<std::fs::File>(RELEASING);
        std::thread::Builder::new()
            .name("release-files".into())
            .spawn(move || files.into_iter().for_each(drop))
            .ok()
            .map(|_| send)
    });
    if let Some(releaser) = releaser {
        // Full (or the thread gone): closed here, as before.
        let _ = releaser.try_send(old);
    }
}

/// Replaced files waiting to be given back, at most.
const RELEASING: usize = 256;

/// Writes `bytes` to `target` so that readers see the old file or the new one, never a part: a
/// temp file beside it, renamed over it (the old file given back by [`release`]). The parent
/// directory exists.
fn replace_atomically(target: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let parent = target.parent().context("a page path has a directory")?;
    let tmp = parent.join(format!(
        ".{}.{}.{:?}.tmp",
        target
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("page"),
        std::process::id(),
        std::thread::current().id()
    ));
    let mut written = std::fs::write(&tmp, bytes);
    // The folder, made for this page and still empty, may have been taken away meanwhile by a
    // removal of the last file it held ([`remove_empty_folders`]): made again, then written.
    for _ in 0..3 {
        match &written {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let _ = std::fs::create_dir_all(parent);
                written = std::fs::write(&tmp, bytes);
            }
            _ => break,
        }
    }
    let written = written
        .with_context(|| format!("Failed to write {}", tmp.display()))
        .and_then(|()| {
            let old = std::fs::File::open(target).ok();
            std::fs::rename(&tmp, target)
                .with_context(|| format!("Failed to publish {}", target.display()))?;
            old.into_iter().for_each(release);
            Ok(())
        });
    if written.is_err() {
        // Nothing else would remove it: a full build removes only what it finds on its start.
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Replaced and removed files are handed to the releasing thread open; it closes them all,
    /// and never holds more than it may (a full build replaces a hundred thousand).
    #[tokio::test]
    async fn files_replaced_or_removed_are_all_closed_soon_after() {
        let root = tempfile::tempdir().unwrap();
        // This process's handles on files in `root` (other tests' do not count).
        let open = || {
            std::fs::read_dir("/proc/self/fd")
                .unwrap()
                .filter_map(|fd| std::fs::read_link(fd.ok()?.path()).ok())
                .filter(|target| target.starts_with(root.path()))
                .count()
        };
        let output = Output::Dir(root.path().to_path_buf());
        let pages = |text: &str| -> Vec<Page> {
            (0..2_000)
                .map(|i| Page {
                    path: format!("p{}/{i}/index.html", i % 7),
                    bytes: format!("{text} {i}").into_bytes(),
                })
                .collect()
        };
        output.write(pages("first")).await.unwrap();
        for round in 0..3 {
            let written = output
                .write(pages(&format!("round {round}")))
                .await
                .unwrap();
            assert!(written.failed.is_empty() && written.unchanged.is_empty());
            assert!(open() <= RELEASING + 8, "at most {RELEASING} wait");
        }
        let files: BTreeSet<String> = pages("").into_iter().map(|p| p.path).collect();
        output.remove(&files).await.unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while open() > 0 && std::time::Instant::now() < deadline {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        assert_eq!(open(), 0, "every replaced file closed");
        assert_eq!(std::fs::read_dir(root.path()).unwrap().count(), 0);
    }

    #[tokio::test]
    async fn removing_a_last_file_removes_the_folders_it_leaves_empty_and_no_others() {
        let root = tempfile::tempdir().unwrap();
        let site = root.path().join("site");
        for dir in ["a/b/c", "a/kept", "ar/a/b", "empty-before"] {
            std::fs::create_dir_all(site.join(dir)).unwrap();
        }
        std::fs::write(site.join("a/b/c/index.html"), "x").unwrap();
        std::fs::write(site.join("a/kept/index.html"), "x").unwrap();
        std::fs::write(site.join("ar/a/b/index.html"), "x").unwrap();
        std::fs::write(site.join("index.html"), "x").unwrap();
        let output = Output::Dir(site.clone());
        let files = ["a/b/c/index.html", "ar/a/b/index.html", "index.html"];
        output
            .remove(&files.iter().map(|f| f.to_string()).collect())
            .await
            .unwrap();
        assert!(
            !site.join("a/b").exists(),
            "emptied, up to a folder that holds more"
        );
        assert!(site.join("a/kept/index.html").is_file());
        assert!(!site.join("ar").exists(), "emptied all the way up");
        assert!(
            site.join("empty-before").is_dir(),
            "not emptied by this removal"
        );
        assert!(site.is_dir(), "never the site itself");
    }

    #[test]
    fn a_page_whose_new_folder_was_taken_away_empty_is_still_written() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("blog/1/index.html");
        // Made for the page, then removed as empty by a removal before the page was written.
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::remove_dir_all(dir.path().join("blog")).unwrap();
        replace_atomically(&target, b"<p>page</p>").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"<p>page</p>");
    }

    #[test]
    fn a_page_that_cannot_be_written_leaves_no_temp_file_behind() {
        let dir = tempfile::tempdir().unwrap();
        // A directory where the page should go: the temp file is written, the rename fails.
        std::fs::create_dir_all(dir.path().join("page.html/inside")).unwrap();
        let pages = [
            Page {
                path: "page.html".into(),
                bytes: b"<p>new</p>".to_vec(),
            },
            Page {
                path: "other.html".into(),
                bytes: b"<p>other</p>".to_vec(),
            },
        ];
        let failed = write_into(dir.path(), &pages, false).failed;
        assert_eq!(failed.len(), 1);
        assert_eq!(failed[0].0, "page.html");
        let mut names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["other.html", "page.html"]);
        assert_eq!(
            std::fs::read(dir.path().join("other.html")).unwrap(),
            b"<p>other</p>"
        );
    }
}
