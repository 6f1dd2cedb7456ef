//! The one directory walker: the template and stylesheet sources of watch mode, the islands'
//! client bundles and the API's listing of the generated site all go through [`files`].

use std::path::Path;

use anyhow::{Context, Result};

/// Every file under `root`, at any depth, as a `/`-separated path relative to `root`, sorted.
/// Symbolic links are followed. An unreadable directory, `root` included, is an error.
pub fn files(root: &Path) -> Result<Vec<String>> {
    let mut out = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let entries =
            std::fs::read_dir(&dir).with_context(|| format!("Failed to list {}", dir.display()))?;
        for entry in entries {
            let entry = entry.with_context(|| format!("Failed to list {}", dir.display()))?;
            let path = entry.path();
            // The directory listing says what each entry is (no `stat` a file: a full build
            // lists ten thousand); a link is followed to what it names.
            let kind = entry
                .file_type()
                .with_context(|| format!("Failed to list {}", dir.display()))?;
            if kind.is_dir() || (kind.is_symlink() && path.is_dir()) {
                dirs.push(path);
            } else {
                let relative = path.strip_prefix(root).expect("a path under the root");
                out.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::files;

    #[test]
    fn every_file_at_any_depth_is_listed_once_relative_to_the_root_and_sorted() {
        let dir = tempfile::tempdir().expect("temp dir");
        for file in ["b.txt", "a/z.css", "a/deep/er/x.js", ".hidden.tmp"] {
            let path = dir.path().join(file);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("dirs");
            std::fs::write(&path, file).expect("write");
        }
        std::fs::create_dir_all(dir.path().join("empty")).expect("empty dir");

        let listed = files(dir.path()).expect("listed");

        assert_eq!(
            listed,
            [".hidden.tmp", "a/deep/er/x.js", "a/z.css", "b.txt"],
            "files only, dot-files included, directories never"
        );
    }

    #[test]
    fn a_link_to_a_directory_is_followed_and_a_link_to_a_file_is_a_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(dir.path().join("real")).expect("dir");
        std::fs::write(dir.path().join("real/x.txt"), "x").expect("write");
        std::os::unix::fs::symlink(dir.path().join("real"), dir.path().join("linked"))
            .expect("link to the directory");
        std::os::unix::fs::symlink(dir.path().join("real/x.txt"), dir.path().join("y.txt"))
            .expect("link to the file");

        let listed = files(dir.path()).expect("listed");

        assert_eq!(listed, ["linked/x.txt", "real/x.txt", "y.txt"]);
    }

    #[test]
    fn a_missing_root_is_an_error_that_names_it() {
        let dir = tempfile::tempdir().expect("temp dir");
        let missing = dir.path().join("nowhere");

        let error = files(&missing).expect_err("missing root");

        assert!(format!("{error:#}").contains("nowhere"), "{error:#}");
    }
}
