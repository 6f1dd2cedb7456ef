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
            let path = entry
                .with_context(|| format!("Failed to list {}", dir.display()))?
                .path();
            if path.is_dir() {
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
    fn a_missing_root_is_an_error_that_names_it() {
        let dir = tempfile::tempdir().expect("temp dir");
        let missing = dir.path().join("nowhere");

        let error = files(&missing).expect_err("missing root");

        assert!(format!("{error:#}").contains("nowhere"), "{error:#}");
    }
}
