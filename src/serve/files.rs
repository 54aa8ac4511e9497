//! What the page may read and write: the one file or the one folder the
//! user named, nothing else.
//!
//! A name from the page is a plain file name (letters, digits, `.`, `_`,
//! `-`; no separator, not starting with `.`), with an extension of its
//! kind (`.variant` for rule files, `.pgn` or `.jsonl` for records). It is
//! joined to the folder, and the file it names must be a regular file,
//! not a symbolic link (a link could lead out of the folder), a device, a
//! FIFO or a socket. Files are written whole to a temporary file beside
//! them, then renamed over the old one: a rename replaces a link instead
//! of writing through it.

use crate::textfile::{read_text, MAX_RULE_FILE};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// What `varia serve` was given.
#[derive(Debug, Clone)]
pub enum Root {
    /// No file or folder: the built-in variants, read-only.
    None,
    /// One rule file (which may not exist yet: it is written on the first
    /// save), in its folder.
    File { dir: PathBuf, name: String },
    /// A folder of rule files.
    Dir(PathBuf),
}

/// A file the page may not touch, or could not be read or written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct FileError(pub String);

/// The kinds of files the page reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Rules,
    Record,
}

impl Kind {
    fn extensions(self) -> &'static [&'static str] {
        match self {
            Kind::Rules => &["variant"],
            Kind::Record => &["pgn", "jsonl"],
        }
    }
}

/// The longest file name the page may give.
pub const MAX_NAME: usize = 100;

/// Whether `name` is a plain file name of `kind`.
pub fn check_name(name: &str, kind: Kind) -> Result<(), FileError> {
    let shown: String = name
        .chars()
        .take(40)
        .collect::<String>()
        .escape_debug()
        .to_string();
    let plain = !name.is_empty()
        && name.len() <= MAX_NAME
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    if !plain {
        return Err(FileError(format!(
            "`{shown}` is not a plain file name (letters, digits, `.`, `_` and `-`, \
             at most {MAX_NAME} characters, not starting with `.`): files are read and \
             written only inside the folder varia serve was given"
        )));
    }
    let ext = Path::new(name).extension().and_then(|e| e.to_str());
    if !ext.is_some_and(|e| kind.extensions().contains(&e)) {
        return Err(FileError(format!(
            "`{shown}` must end in {}",
            kind.extensions()
                .iter()
                .map(|e| format!(".{e}"))
                .collect::<Vec<_>>()
                .join(" or ")
        )));
    }
    Ok(())
}

impl Root {
    /// The root for a path given on the command line: a folder, a file, or
    /// a file to create (its folder must exist).
    pub fn for_path(path: Option<&Path>) -> Result<Root, FileError> {
        let Some(path) = path else {
            return Ok(Root::None);
        };
        let meta = std::fs::metadata(path);
        if meta.as_ref().is_ok_and(std::fs::Metadata::is_dir) {
            let dir = path
                .canonicalize()
                .map_err(|e| FileError(format!("cannot open {}: {e}", path.display())))?;
            return Ok(Root::Dir(dir));
        }
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .ok_or_else(|| FileError(format!("{} names no file", path.display())))?
            .to_string();
        check_name(&name, Kind::Rules)?;
        let parent = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let dir = parent
            .canonicalize()
            .map_err(|e| FileError(format!("cannot open {}: {e}", parent.display())))?;
        let root = Root::File { dir, name };
        if meta.is_ok() {
            // It exists: it must be a regular file we can read.
            root.path(root.default_name().unwrap_or_default(), Kind::Rules)?;
            root.read(root.default_name().unwrap_or_default())?;
        }
        Ok(root)
    }

    /// The folder files are read from, written to and `extends` looks in.
    pub fn dir(&self) -> Option<&Path> {
        match self {
            Root::None => None,
            Root::File { dir, .. } | Root::Dir(dir) => Some(dir),
        }
    }

    /// The file the page opens first.
    pub fn default_name(&self) -> Option<&str> {
        match self {
            Root::File { name, .. } => Some(name),
            _ => None,
        }
    }

    /// Whether the page may write files at all.
    pub fn writable(&self) -> bool {
        !matches!(self, Root::None)
    }

    /// Whether records may be saved beside the rule files (only in a
    /// folder the user named: a single file allows only itself).
    pub fn records_writable(&self) -> bool {
        matches!(self, Root::Dir(_))
    }

    /// The path of a file the page names, after every check.
    pub fn path(&self, name: &str, kind: Kind) -> Result<PathBuf, FileError> {
        check_name(name, kind)?;
        let allowed = match (self, kind) {
            (Root::None, _) => false,
            (Root::File { name: only, .. }, Kind::Rules) => only == name,
            (Root::File { .. }, Kind::Record) => false,
            (Root::Dir(_), _) => true,
        };
        if !allowed {
            return Err(FileError(match self {
                Root::None => "varia serve was started without a file or folder: nothing may be \
                               read or written (start it with a FILE or DIR, or download)"
                    .to_string(),
                _ => format!(
                    "varia serve was given only {}: no other file may be read or written",
                    self.default_name().unwrap_or("one file")
                ),
            }));
        }
        let dir = self.dir().ok_or_else(|| FileError("no folder".into()))?;
        let path = dir.join(name);
        match std::fs::symlink_metadata(&path) {
            Ok(m) if m.file_type().is_symlink() => Err(FileError(format!(
                "{name} is a symbolic link: varia serve reads and writes only regular files \
                 inside its folder"
            ))),
            Ok(m) if !m.is_file() => Err(FileError(format!(
                "{name} is not a regular file (a folder, device, FIFO or socket)"
            ))),
            _ => Ok(path),
        }
    }

    /// Read a rule file.
    pub fn read(&self, name: &str) -> Result<String, FileError> {
        let path = self.path(name, Kind::Rules)?;
        read_text(&path, MAX_RULE_FILE).map_err(|e| FileError(format!("cannot read {name}: {e}")))
    }

    /// The modification time of a file, if it exists.
    pub fn mtime(&self, name: &str) -> Option<SystemTime> {
        let path = self.path(name, Kind::Rules).ok()?;
        std::fs::metadata(path).ok()?.modified().ok()
    }

    /// Write a file whole (a temporary file beside it, renamed over it).
    pub fn write(&self, name: &str, kind: Kind, text: &str) -> Result<(), FileError> {
        if kind == Kind::Record && !self.records_writable() {
            return Err(FileError(
                "records are saved beside the rules only when varia serve was given a folder; \
                 download the record instead"
                    .into(),
            ));
        }
        let path = self.path(name, kind)?;
        let dir = self.dir().ok_or_else(|| FileError("no folder".into()))?;
        let tmp = dir.join(format!(".{name}.varia-{}.tmp", std::process::id()));
        let fail = |e: std::io::Error| FileError(format!("cannot write {name}: {e}"));
        let result = (|| {
            let mut f = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&tmp)?;
            f.write_all(text.as_bytes())?;
            f.sync_all()?;
            std::fs::rename(&tmp, &path)
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result.map_err(fail)
    }

    /// The rule files the page may open: the named file, or the folder's
    /// `.variant` files (regular files only), sorted by name.
    pub fn list(&self) -> Vec<String> {
        match self {
            Root::None => Vec::new(),
            Root::File { name, .. } => vec![name.clone()],
            Root::Dir(dir) => {
                let mut names: Vec<String> = std::fs::read_dir(dir)
                    .map(|rd| {
                        rd.filter_map(Result::ok)
                            .filter_map(|e| e.file_name().into_string().ok())
                            .filter(|n| self.path(n, Kind::Rules).is_ok())
                            .filter(|n| {
                                std::fs::symlink_metadata(dir.join(n)).is_ok_and(|m| m.is_file())
                            })
                            .take(1000)
                            .collect()
                    })
                    .unwrap_or_default();
                names.sort();
                names
            }
        }
    }
}

/// The text a new rule file starts from.
pub const TEMPLATE: &str = "# A new variant: edit it, and the board follows.\n\
variant my-variant \"My variant\" extends chess {\n\
  # Every statement of docs/LANGUAGE.md may follow; for example\n\
  # piece wazir W letter w value 150\n\
}\n";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_plain_and_of_their_kind() {
        for bad in [
            "",
            "../x.variant",
            "/etc/passwd",
            "a/b.variant",
            ".hidden.variant",
            "x.txt",
            "x",
            "a\\b.variant",
            "x.variant\0",
            "é.variant",
        ] {
            assert!(check_name(bad, Kind::Rules).is_err(), "{bad:?}");
        }
        assert!(check_name("my-game_2.variant", Kind::Rules).is_ok());
        assert!(check_name("games.pgn", Kind::Record).is_ok());
        assert!(check_name("games.pgn", Kind::Rules).is_err());
        assert!(check_name(&format!("{}.pgn", "a".repeat(200)), Kind::Record).is_err());
    }

    #[test]
    fn a_folder_allows_its_files_only() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.variant"), "x").unwrap();
        std::fs::write(dir.path().join("a.variant"), "variant a {}").unwrap();
        std::os::unix::fs::symlink(
            outside.path().join("secret.variant"),
            dir.path().join("link.variant"),
        )
        .unwrap();
        std::fs::create_dir(dir.path().join("sub.variant")).unwrap();
        let root = Root::for_path(Some(dir.path())).unwrap();
        assert_eq!(root.list(), ["a.variant"]);
        assert_eq!(root.read("a.variant").unwrap(), "variant a {}");
        assert!(root
            .read("link.variant")
            .unwrap_err()
            .0
            .contains("symbolic link"));
        assert!(root
            .read("sub.variant")
            .unwrap_err()
            .0
            .contains("not a regular"));
        assert!(root.read("../secret.variant").is_err());
        // Writing over a link replaces the link, never the file it names.
        root.write("link.variant", Kind::Rules, "new").unwrap_err();
        root.write("b.variant", Kind::Rules, "variant b {}")
            .unwrap();
        assert_eq!(root.read("b.variant").unwrap(), "variant b {}");
        assert_eq!(
            std::fs::read_to_string(outside.path().join("secret.variant")).unwrap(),
            "x"
        );
        root.write("games.pgn", Kind::Record, "*").unwrap();
        // No temporary file is left behind.
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                "a.variant",
                "b.variant",
                "games.pgn",
                "link.variant",
                "sub.variant"
            ]
        );
    }

    #[test]
    fn a_file_allows_itself_only_and_none_allows_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let root = Root::for_path(Some(&dir.path().join("new.variant"))).unwrap();
        assert_eq!(root.list(), ["new.variant"]);
        root.write("new.variant", Kind::Rules, TEMPLATE).unwrap();
        assert!(root.write("other.variant", Kind::Rules, "x").is_err());
        assert!(root.write("g.pgn", Kind::Record, "x").is_err());
        assert!(Root::for_path(Some(&dir.path().join("x.txt"))).is_err());
        let none = Root::None;
        assert!(none.list().is_empty());
        assert!(none.read("new.variant").is_err());
        assert!(none.write("new.variant", Kind::Rules, "x").is_err());
    }
}
