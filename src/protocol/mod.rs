//! Engine protocols: varia as a UCI or XBoard (CECP) engine.
//!
//! The **move text** both protocols speak is Fairy-Stockfish's
//! ([`crate::notation::protocol_text`], re-exported here); the variant
//! catalogue ([`Catalogue`]: built-in variants and `VariantPath` files);
//! Chess960's castling rule ([`chess960`]). External engines as players
//! are below the game layer, in the external layer. Variants with hidden
//! card decks are refused with a message, never a crash
//! ([`unsupported`]); XBoard also needs two players.
//!
//! The library never prints: the servers ([`uci`], [`xboard`]) read lines
//! and send replies through a callback; `varia uci` and `varia xboard`
//! connect them to the standard streams.

pub mod chess960;
pub mod uci;
pub mod xboard;
mod xboard_betza;
mod xboard_setup;

pub use crate::notation::protocol_text::{
    line_text, move_text, move_text_as, parse_move, parse_move_as, unsupported, CastlingText,
};

use crate::diagnostic::Diagnostic;
use crate::engine::{Move, Position};
use crate::ir::Variant;
use crate::play::session::{Prepared, Session};
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Mutex, OnceLock};

/// The variants an engine offers: the built-in ones, then those loaded
/// from files; each compiled once, when first played.
#[derive(Debug, Clone, Default)]
pub struct Catalogue {
    extra: Vec<Variant>,
    /// Compiled variants by name, and whether with Chess960's castling.
    compiled: HashMap<(String, bool), Prepared>,
    /// A values file (`--values FILE`): its name and text, and the variant
    /// it names (it weighs that variant's evaluation only).
    values: Option<(String, String, Option<String>)>,
    /// Variants with the values file's weights.
    valued: HashMap<(String, bool), Prepared>,
    /// Whether the values files shipped with built-in variants are left
    /// unread (`--values none`).
    no_builtin_values: bool,
}

/// A built-in variant, checked once per process (they never change).
fn builtin(name: &str) -> Result<Variant, String> {
    static CHECKED: OnceLock<Mutex<HashMap<String, Variant>>> = OnceLock::new();
    let cache = CHECKED.get_or_init(Default::default);
    let known = cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(name)
        .cloned();
    if let Some(v) = known {
        return Ok(v);
    }
    let v = crate::load::builtin(name, &[]).map_err(|e| e.0)?;
    // Only names that are built-in variants get here: the cache is bounded.
    cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(name.to_string(), v.clone());
    Ok(v)
}

impl Catalogue {
    pub fn new() -> Catalogue {
        Catalogue::default()
    }

    /// Every variant name, built-in first.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = crate::check::builtin_names()
            .into_iter()
            .map(String::from)
            .collect();
        for v in &self.extra {
            if !names.contains(&v.name) {
                names.push(v.name.clone());
            }
        }
        names
    }

    /// The variant of this name: a loaded variant's or a built-in's own
    /// name first, then their other names (`also known as`, without
    /// regard to case).
    pub fn get(&self, name: &str) -> Result<Variant, String> {
        if let Some(v) = self.extra.iter().find(|v| v.name == name) {
            return Ok(v.clone());
        }
        if !crate::check::builtin_names().contains(&name) {
            if let Some(v) = self.extra.iter().find(|v| {
                v.aliases
                    .iter()
                    .any(|a| a.eq_ignore_ascii_case(name.trim()))
            }) {
                return Ok(v.clone());
            }
        }
        builtin(name)
    }

    /// The variant of this name compiled, with Chess960's castling when
    /// `chess960` (where the variant has a castling it can change:
    /// [`chess960::rules`]); compiled once.
    pub fn prepared(&mut self, name: &str, chess960: bool) -> Result<Prepared, String> {
        let p = self.compiled_variant(name, chess960)?;
        let Some((file, text)) = self.values_for(name) else {
            return Ok(p);
        };
        let key = (name.to_string(), chess960);
        if let Some(p) = self.valued.get(&key) {
            return Ok(p.clone());
        }
        let p = p.with_values_file(&file, &text).map_err(|d| {
            let first = d.first().map_or(String::new(), |d| d.message.clone());
            format!("the values file {file} cannot be used: {first}")
        })?;
        self.valued.insert(key, p.clone());
        Ok(p)
    }

    /// The values file that weighs the variant of this name: the one
    /// `--values` named if it is for this variant (or names none), else the
    /// one shipped with a built-in variant (unless `--values none`).
    fn values_for(&self, name: &str) -> Option<(String, String)> {
        if let Some((file, text, for_variant)) = &self.values {
            if for_variant.as_deref().is_none_or(|v| v == name) {
                return Some((file.clone(), text.clone()));
            }
        }
        if self.no_builtin_values || self.extra.iter().any(|v| v.name == name) {
            return None;
        }
        crate::load::builtin_values(name).map(|(n, t)| (format!("{n}, built in"), t.to_string()))
    }

    /// Read no values file shipped with a built-in variant (`--values
    /// none`): every variant plays with its rule file's own weights.
    pub fn without_builtin_values(&mut self) {
        self.no_builtin_values = true;
        self.valued.clear();
    }

    /// Weigh the evaluation of the variant a values file names (or of
    /// every variant, if it names none) by that file (`--values FILE`).
    pub fn set_values(&mut self, file: &str, text: &str) {
        let for_variant = text
            .parse::<toml::Table>()
            .ok()
            .and_then(|t| t.get("variant")?.as_str().map(String::from));
        self.values = Some((file.to_string(), text.to_string(), for_variant));
        self.valued.clear();
    }

    fn compiled_variant(&mut self, name: &str, chess960: bool) -> Result<Prepared, String> {
        let key = (name.to_string(), chess960);
        if !self.extra.iter().any(|v| v.name == name) {
            return builtin_prepared(key);
        }
        if let Some(p) = self.compiled.get(&key) {
            return Ok(p.clone());
        }
        let p = compile(self.get(name)?, chess960)?;
        self.compiled.insert(key, p.clone());
        Ok(p)
    }

    /// Load the variants of a `.variant` file, or of every `.variant` file
    /// in a directory; several paths may be separated by `;` (or, on Unix,
    /// `:`). Every file is accounted for: its variants are loaded, or its
    /// failure is reported with the file's first diagnostic.
    pub fn load(&mut self, spec: &str) -> Loaded {
        let mut out = Loaded::default();
        let sep = |c: char| c == ';' || (c == ':' && cfg!(unix));
        for part in spec.split(sep).map(str::trim).filter(|s| !s.is_empty()) {
            let path = Path::new(part);
            let files: Vec<std::path::PathBuf> = if path.is_dir() {
                match std::fs::read_dir(path) {
                    Ok(rd) => {
                        let mut f: Vec<_> = rd
                            .filter_map(Result::ok)
                            .map(|e| e.path())
                            .filter(|p| p.extension().is_some_and(|x| x == "variant"))
                            .collect();
                        f.sort();
                        if f.is_empty() {
                            out.failures
                                .push(format!("{part}: no .variant file in this directory"));
                        }
                        f
                    }
                    Err(e) => {
                        out.failures.push(format!("{part}: {e}"));
                        continue;
                    }
                }
            } else {
                vec![path.to_path_buf()]
            };
            for f in files {
                match self.load_file(&f) {
                    Ok(names) => out.names.extend(names),
                    Err(e) => out.failures.push(e),
                }
            }
        }
        out
    }

    /// Load one file; its names, or its first diagnostic.
    fn load_file(&mut self, f: &Path) -> Result<Vec<String>, String> {
        let c = crate::load::load_path(f, &[]).map_err(|e| format!("{}: {e}", f.display()))?;
        let mut errors: Vec<&Diagnostic> = c.diagnostics.iter().filter(|d| d.is_error()).collect();
        let started = if errors.is_empty() {
            crate::load::startable(&c)
        } else {
            Vec::new()
        };
        errors.extend(started.iter().filter(|d| d.is_error()));
        if let Some(d) = errors.first() {
            let (line, col) = c
                .sources
                .get(&d.file)
                .map_or((0, 0), |t| crate::diagnostic::line_col(t, d.span.start));
            let more = match errors.len() {
                1 => String::new(),
                n => format!(" (and {} more; run `varia validate` on it)", n - 1),
            };
            return Err(format!(
                "{}:{line}:{col}: error[{}]: {}{more}",
                d.file,
                d.code,
                crate::diagnostic::clip(&d.message, 200)
            ));
        }
        if c.variants.is_empty() {
            return Err(format!("{}: the file defines no variant", f.display()));
        }
        let mut names = Vec::new();
        for v in c.variants {
            names.push(v.name.clone());
            self.extra.retain(|x| x.name != v.name);
            self.compiled.retain(|(n, _), _| *n != v.name);
            self.extra.push(v);
        }
        Ok(names)
    }
}

/// A built-in variant compiled (with Chess960's castling or not): once
/// per process, since built-in variants never change.
fn builtin_prepared(key: (String, bool)) -> Result<Prepared, String> {
    static COMPILED: OnceLock<Mutex<HashMap<(String, bool), Prepared>>> = OnceLock::new();
    let cache = COMPILED.get_or_init(Default::default);
    let known = cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&key)
        .cloned();
    if let Some(p) = known {
        return Ok(p);
    }
    let p = compile(builtin(&key.0)?, key.1)?;
    cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(key, p.clone());
    Ok(p)
}

/// Why an engine protocol does not play a variant of two boards (`boards
/// 2`): UCI and XBoard play one board of two players, while a game of two
/// boards has four seats and men arriving in a board's hands from the
/// other board between its moves. (One board with the other frozen is
/// `varia perft --board`; playing it as an engine would lose what the
/// partner sends.)
pub fn two_boards_refusal(v: &Variant) -> Option<String> {
    (v.turn.boards == 2).then(|| {
        format!(
            "{} is played on two boards by four players, and an engine protocol plays one board: play it with `varia play`, `varia simulate` or `varia serve`",
            v.name
        )
    })
}

/// Compile a variant, with Chess960's castling when asked (where it can
/// have it).
fn compile(v: Variant, chess960: bool) -> Result<Prepared, String> {
    let v = if chess960 {
        chess960::rules(&v).unwrap_or(v)
    } else {
        v
    };
    Prepared::new(&v).map_err(|e| e.0)
}

/// What [`Catalogue::load`] did: the variants loaded, and each file that
/// failed, with why (its first diagnostic).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Loaded {
    pub names: Vec<String>,
    pub failures: Vec<String>,
}

/// A game as a protocol drives it: a variant, a start position and the
/// moves since.
#[derive(Clone)]
pub struct Board {
    pub variant: Variant,
    pub session: Session,
    /// How castling is written (and read first).
    pub castling: CastlingText,
}

impl Board {
    /// The start position of `variant` (decks are refused before this).
    pub fn new(variant: Variant) -> Result<Board, String> {
        let session = Session::new(&variant, None, 0).map_err(|e| e.0)?;
        Ok(Board {
            variant,
            session,
            castling: CastlingText::default(),
        })
    }

    /// The start position of a compiled variant, or a position of it
    /// given as FEN.
    pub fn prepared(p: &Prepared, fen: Option<&str>) -> Result<Board, String> {
        let session = p.session(fen, 0).map_err(|e| e.0)?;
        Ok(Board {
            variant: p.variant().clone(),
            session,
            castling: CastlingText::default(),
        })
    }

    /// A position given as FEN.
    pub fn from_fen(variant: &Variant, fen: &str) -> Result<Board, String> {
        let session = Session::new(variant, Some(fen), 0).map_err(|e| e.0)?;
        Ok(Board {
            variant: variant.clone(),
            session,
            castling: CastlingText::default(),
        })
    }

    pub fn position(&self) -> &Position {
        self.session.position()
    }

    /// Play a move written in protocol text.
    pub fn play_text(&mut self, text: &str) -> Result<Move, String> {
        match parse_move_as(self.position(), text, self.castling) {
            Some(m) => {
                self.session.game.play(m);
                Ok(m)
            }
            None => Err(format!("illegal or unknown move `{text}`")),
        }
    }

    /// A legal move of the current position, as text.
    pub fn text(&self, mv: Move) -> String {
        move_text_as(self.position(), mv, self.castling)
    }

    /// A line of moves from the current position, as text.
    pub fn line_text(&self, line: &[Move]) -> Vec<String> {
        line_text(self.position(), line, self.castling)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A built-in variant shipped with a values file plays with it, as
    /// `varia play NAME` does; `--values none` turns it off.
    #[test]
    fn a_builtin_variant_plays_with_its_shipped_values_unless_told_none() {
        let (file, _) = crate::check::builtin_values_files()
            .first()
            .expect("a values file is shipped");
        let name = file.strip_suffix(".values.toml").unwrap();
        let own = compile(builtin(name).unwrap(), false).unwrap();
        let mut c = Catalogue::new();
        let shipped = c.prepared(name, false).unwrap();
        assert_ne!(shipped.eval().weights(), own.eval().weights(), "{name}");
        c.without_builtin_values();
        let none = c.prepared(name, false).unwrap();
        assert_eq!(none.eval().weights(), own.eval().weights(), "{name}");
    }
}
