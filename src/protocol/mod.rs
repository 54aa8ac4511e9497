//! Engine protocols: varia as a UCI or XBoard (CECP) engine, and external
//! engines as players.
//!
//! **Move text** follows Fairy-Stockfish's conventions, so GUIs that speak
//! to it can speak to varia: coordinates `e2e4`, promotion by the lower-case
//! letter `e7e8q` (`+` for a promotion to the piece's promoted form: `a4a5+`; `-` for a promoted form turning back: `b2b3-`), castling as the royal's own move `e1g1`, drops `P@e4`
//! (upper-case letter; `+P@e4` places the man as its promoted form), ranks past 9 written out (`a10`). varia's other
//! actions have no standard form; they are written as:
//!
//! | action | text |
//! |---|---|
//! | place a man, then move it (a placement with a bonus move) | `P@e4e5` |
//! | place a man and return another to its owner's hand | `B@c3/d4` |
//! | swap two men (a power) | `e1=h1` |
//! | pass | `0000` |
//!
//! Variants with hidden card decks cannot be played over a protocol (the
//! engine would have to know the next card): they are refused with a
//! message, never a crash. XBoard also needs two players.
//!
//! The library never prints: the servers ([`uci`], [`xboard`]) read lines
//! and send replies through a callback; `varia uci` and `varia xboard`
//! connect them to the standard streams.

pub mod client;
pub mod lines;
pub mod uci;
pub mod xboard;

use crate::engine::{Move, MoveKind, Position};
use crate::ir::Variant;
use crate::notation::Describe;
use crate::session::Session;
use std::path::Path;

/// The protocol text of a legal move (see the module documentation).
pub fn move_text(pos: &Position, mv: Move) -> String {
    match mv.kind() {
        MoveKind::Pass => "0000".into(),
        MoveKind::Swap => match (mv.from(), mv.to()) {
            (Some(a), Some(b)) => format!(
                "{}={}",
                crate::notation::square(pos.coord(a)),
                crate::notation::square(pos.coord(b))
            ),
            _ => pos.move_text(mv),
        },
        _ => pos.move_text(mv),
    }
}

/// The legal move written as `text` (case of letters ignored), if any.
pub fn parse_move(pos: &Position, text: &str) -> Option<Move> {
    let text = text.trim();
    if text.is_empty() || text.len() > 32 {
        return None;
    }
    let legal = pos.legal_moves();
    let find = |t: &str| {
        legal
            .iter()
            .copied()
            .find(|&m| move_text(pos, m).eq_ignore_ascii_case(t))
    };
    if let Some(m) = find(text) {
        return Some(m);
    }
    // Some GUIs write a pass as `@@@@` or the royal standing still.
    if text == "@@@@" || text == "null" || text == "pass" {
        return legal.iter().copied().find(|m| m.kind() == MoveKind::Pass);
    }
    None
}

/// Why a variant cannot be played over a protocol, if it cannot.
pub fn unsupported(v: &Variant, two_players_only: bool) -> Option<String> {
    if v.turn.draw || v.setup.decks.iter().any(|d| !d.is_empty()) {
        return Some(format!(
            "{} draws hidden cards, which an engine protocol cannot express",
            v.name
        ));
    }
    if two_players_only && v.players.len() != 2 {
        return Some(format!(
            "{} has {} players; this protocol plays two-player games",
            v.name,
            v.players.len()
        ));
    }
    None
}

/// The variants an engine offers: the built-in ones, then those loaded
/// from files.
#[derive(Debug, Clone, Default)]
pub struct Catalogue {
    extra: Vec<Variant>,
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

    /// The variant of this name.
    pub fn get(&self, name: &str) -> Result<Variant, String> {
        if let Some(v) = self.extra.iter().find(|v| v.name == name) {
            return Ok(v.clone());
        }
        crate::load::builtin(name, &[]).map_err(|e| e.0)
    }

    /// Load the variants of a `.variant` file, or of every `.variant` file
    /// in a directory; several paths may be separated by `;` (or the
    /// system's path separator). Returns the names loaded, or why not.
    pub fn load(&mut self, spec: &str) -> Result<Vec<String>, String> {
        let mut loaded = Vec::new();
        let mut errors = Vec::new();
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
                        f
                    }
                    Err(e) => {
                        errors.push(format!("{part}: {e}"));
                        continue;
                    }
                }
            } else {
                vec![path.to_path_buf()]
            };
            for f in files {
                match crate::load::load_path(&f, &[]) {
                    Ok(c) if !c.has_errors() => {
                        for v in c.variants {
                            loaded.push(v.name.clone());
                            self.extra.retain(|x| x.name != v.name);
                            self.extra.push(v);
                        }
                    }
                    Ok(c) => errors.push(format!(
                        "{}: {} error(s); run `varia validate` on it",
                        f.display(),
                        c.diagnostics.iter().filter(|d| d.is_error()).count()
                    )),
                    Err(e) => errors.push(format!("{}: {e}", f.display())),
                }
            }
        }
        if loaded.is_empty() && !errors.is_empty() {
            return Err(errors.join("; "));
        }
        Ok(loaded)
    }
}

/// A game as a protocol drives it: a variant, a start position and the
/// moves since.
#[derive(Clone)]
pub struct Board {
    pub variant: Variant,
    pub session: Session,
}

impl Board {
    /// The start position of `variant` (decks are refused before this).
    pub fn new(variant: Variant) -> Result<Board, String> {
        let session = Session::new(&variant, None, 0).map_err(|e| e.0)?;
        Ok(Board { variant, session })
    }

    /// A position given as FEN.
    pub fn from_fen(variant: &Variant, fen: &str) -> Result<Board, String> {
        let session = Session::new(variant, Some(fen), 0).map_err(|e| e.0)?;
        Ok(Board {
            variant: variant.clone(),
            session,
        })
    }

    pub fn position(&self) -> &Position {
        self.session.position()
    }

    /// Play a move written in protocol text.
    pub fn play_text(&mut self, text: &str) -> Result<Move, String> {
        match parse_move(self.position(), text) {
            Some(m) => {
                self.session.game.play(m);
                Ok(m)
            }
            None => Err(format!("illegal or unknown move `{text}`")),
        }
    }

    /// A line of moves from the current position, as text.
    pub fn line_text(&self, line: &[Move]) -> Vec<String> {
        let mut pos = self.position().clone();
        let mut out = Vec::with_capacity(line.len());
        for &m in line {
            if !pos.is_legal(m) {
                break;
            }
            out.push(move_text(&pos, m));
            pos.play(m);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(name: &str) -> Board {
        Board::new(crate::load::builtin(name, &[]).unwrap()).unwrap()
    }

    #[test]
    fn chess_moves_read_and_write_as_uci() {
        let mut b = board("chess");
        for m in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"] {
            b.play_text(m).unwrap();
        }
        assert!(b.play_text("e1g1").is_err());
        assert!(b.play_text("zz").is_err());
        assert!(b.play_text("").is_err());
    }

    #[test]
    fn crazyhouse_drops_read_as_uci() {
        let mut b = board("crazyhouse");
        for m in ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5"] {
            b.play_text(m).unwrap();
        }
        let m = b.play_text("P@e4").unwrap();
        assert!(m.placed().is_some());
        b.session.game.undo();
        assert_eq!(move_text(b.position(), m), "P@e4");
        assert!(b.play_text("P@e8").is_err(), "no drop on a back rank");
    }
}
