//! Files a command writes, checked before anything is written: no two
//! outputs may be the same file, and no output may be one of the command's
//! inputs (a shard, a book, a rule file), whatever the path says: `./x`,
//! `dir/../x`, a symbolic link to it, a hard link, or a link that points
//! to a file not written yet.

use std::path::{Path, PathBuf};

/// How deep a chain of symbolic links is followed.
const MAX_LINKS: usize = 40;

/// What a path names once its links are followed: the canonical path of
/// the file, or of the directory it would be created in plus its name
/// (following a dangling link to where it points).
fn resolve(path: &Path) -> PathBuf {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        if let Ok(c) = std::fs::canonicalize(&p) {
            return c;
        }
        // Not there (yet): a dangling link is followed to its target.
        match std::fs::read_link(&p) {
            Ok(target) => {
                p = match p.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            Err(_) => break,
        }
    }
    let name = p.file_name().map(PathBuf::from).unwrap_or_default();
    let dir = match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::canonicalize(&dir).unwrap_or(dir).join(name)
}

/// The identity of an existing file (device and inode), so that two hard
/// links to one file are the same.
#[cfg(unix)]
fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn identity(_: &Path) -> Option<(u64, u64)> {
    None
}

/// Whether two paths name the same file.
fn same(a: &Path, b: &Path) -> bool {
    if resolve(a) == resolve(b) {
        return true;
    }
    matches!((identity(a), identity(b)), (Some(x), Some(y)) if x == y)
}

/// Refuse a command whose outputs collide: `outputs` are (option, path)
/// of the files it will write, `inputs` (what, path) of the files it reads.
/// `-` (standard output) is not a file. The error names both options.
pub fn check(outputs: &[(&str, &str)], inputs: &[(&str, &str)]) -> Result<(), String> {
    let outputs: Vec<&(&str, &str)> = outputs.iter().filter(|(_, p)| *p != "-").collect();
    for (i, (opt, path)) in outputs.iter().enumerate() {
        for (other, p) in &outputs[..i] {
            if same(Path::new(path), Path::new(p)) {
                return Err(format!(
                    "{opt} {path} and {other} {p} are the same file: give each output its own file"
                ));
            }
        }
        for (what, p) in inputs {
            if same(Path::new(path), Path::new(p)) {
                return Err(format!(
                    "{opt} {path} is {what} {p}: writing it would destroy what the command reads"
                ));
            }
        }
    }
    Ok(())
}

/// The check of a command that reads `variant` (a built-in name, or a
/// rule file when that path is a file) and `others`, and writes `outputs`:
/// an error names the colliding paths.
pub fn check_command(
    outputs: &[(&str, Option<&str>)],
    variant: &str,
    others: &[(&str, Option<&str>)],
) -> Result<(), String> {
    let outputs: Vec<(&str, &str)> = outputs
        .iter()
        .filter_map(|&(o, p)| p.map(|p| (o, p)))
        .collect();
    let mut inputs: Vec<(&str, &str)> = others
        .iter()
        .filter_map(|&(o, p)| p.map(|p| (o, p)))
        .collect();
    if Path::new(variant).is_file() {
        inputs.push(("the rule file", variant));
    }
    check(&outputs, &inputs)
}

/// The directory a file is in (`.` for a bare file name).
pub fn record_dir(file: &std::path::Path) -> std::path::PathBuf {
    match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_and_links_of_one_file_are_the_same() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let a = d.join("a.jsonl");
        std::fs::write(&a, "x").unwrap();
        assert!(same(&a, &d.join(".").join("a.jsonl")));
        std::fs::create_dir(d.join("sub")).unwrap();
        assert!(same(&a, &d.join("sub/../a.jsonl")));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&a, d.join("link")).unwrap();
            assert!(same(&a, &d.join("link")));
            std::fs::hard_link(&a, d.join("hard")).unwrap();
            assert!(same(&a, &d.join("hard")));
            // A link to a file not written yet.
            std::os::unix::fs::symlink("new.pgn", d.join("dangling")).unwrap();
            assert!(same(&d.join("new.pgn"), &d.join("dangling")));
        }
        assert!(!same(&a, &d.join("b.jsonl")));
        assert!(check(&[("--out", "-"), ("--svg", "-")], &[]).is_ok());
    }
}
