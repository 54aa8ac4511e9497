//! The move text of the engine protocols (UCI, XBoard), as Fairy-Stockfish
//! writes it, so that GUIs that speak to it can speak to varia: coordinates
//! `e2e4`, promotion by the lower-case letter `e7e8q` (`+` for a promotion
//! to the piece's promoted form: `a4a5+`; `-` for a promoted form turning
//! back: `b2b3-`), castling as the royal's own move `e1g1` (or, in Chess960
//! mode, as the royal taking its partner: `e1h1`), drops `P@e4` (upper-case
//! letter; `+P@e4` places the man as its promoted form), ranks past 9
//! written out (`a10`). varia's other actions have no standard form; they
//! are written as:
//!
//! | action | text |
//! |---|---|
//! | place a man, then move it (a placement with a bonus move) | `P@e4e5` |
//! | place a man and return another to its owner's hand | `B@c3/d4` |
//! | swap two men (a power) | `e1=h1` |
//! | pass | `0000` |
//!
//! Variants with hidden card decks cannot be played over a protocol (the
//! engine would have to know the next card): [`unsupported`] says so, and
//! why. The protocols themselves (varia as an engine, external engines as
//! players) are above this: `crate::protocol`, `crate::external`.

use super::{square, Describe};
use crate::engine::{Move, MoveKind, Position};
use crate::ir::Variant;

/// The protocol text of a legal move (see the module documentation).
pub fn move_text(pos: &Position, mv: Move) -> String {
    match mv.kind() {
        MoveKind::Pass => "0000".into(),
        MoveKind::Swap => match (mv.from(), mv.to()) {
            (Some(a), Some(b)) => format!("{}={}", square(pos.coord(a)), square(pos.coord(b))),
            _ => pos.move_text(mv),
        },
        _ => pos.move_text(mv),
    }
}

/// How a protocol writes castling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CastlingText {
    /// The castler's own move (`e1g1`), as UCI and XBoard write chess.
    #[default]
    CastlerMoves,
    /// The castler takes its partner (`e1h1`), as Chess960 GUIs write it
    /// (`crate::protocol::chess960`).
    CastlerTakesPartner,
}

/// The protocol text of a legal move, castling written as `style` says.
pub fn move_text_as(pos: &Position, mv: Move, style: CastlingText) -> String {
    if style == CastlingText::CastlerTakesPartner {
        if let Some(t) = castling_text(pos, mv) {
            return t;
        }
    }
    move_text(pos, mv)
}

/// The legal move written as `text` (case of letters ignored), if any.
pub fn parse_move(pos: &Position, text: &str) -> Option<Move> {
    parse_move_as(pos, text, CastlingText::CastlerMoves)
}

/// The legal move written as `text`, castling written as `style` says; a
/// castling written the other way is read too where no other move is
/// written so.
pub fn parse_move_as(pos: &Position, text: &str, style: CastlingText) -> Option<Move> {
    let text = text.trim();
    if text.is_empty() || text.len() > 32 {
        return None;
    }
    let legal = pos.legal_moves();
    let find = |t: &str, style: CastlingText| {
        legal
            .iter()
            .copied()
            .find(|&m| move_text_as(pos, m, style).eq_ignore_ascii_case(t))
    };
    if let Some(m) = find(text, style) {
        return Some(m);
    }
    let other = match style {
        CastlingText::CastlerMoves => CastlingText::CastlerTakesPartner,
        CastlingText::CastlerTakesPartner => CastlingText::CastlerMoves,
    };
    if let Some(m) = find(text, other).filter(|m| m.kind() == MoveKind::Castle) {
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

/// A line of moves from `pos`, as text (up to its first illegal move),
/// castling written as `style` says.
pub fn line_text(pos: &Position, line: &[Move], style: CastlingText) -> Vec<String> {
    let mut pos = pos.clone();
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        if !pos.is_legal(m) {
            break;
        }
        out.push(move_text_as(&pos, m, style));
        pos.play(m);
    }
    out
}

/// A castling move as Chess960 GUIs write it: the castler's square, then
/// its partner's (`e1h1`, king takes own rook); `None` for other moves.
pub fn castling_text(pos: &Position, mv: Move) -> Option<String> {
    match mv {
        Move::Castle { from, partner, .. } => Some(format!(
            "{}{}",
            square(pos.coord(from)),
            square(pos.coord(partner))
        )),
        _ => None,
    }
}
