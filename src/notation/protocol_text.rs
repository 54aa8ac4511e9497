//! The move text of the engine protocols (UCI, XBoard), as Fairy-Stockfish
//! writes it, so that GUIs that speak to it can speak to varia: coordinates
//! `e2e4`, promotion by the lower-case letter `e7e8q` (`+` for a promotion
//! to the piece's promoted form: `a4a5+`; `+` and the letter for another
//! piece's form lettered `+X`: `b4b5+r`; `-` for a promoted form turning
//! back: `b2b3-`), castling as the royal's own move `e1g1` (or as the
//! royal taking its partner, `e1h1`: in Chess960 mode, and wherever the
//! royal's move would not name the castling alone, see [`CastlingText`]),
//! drops `P@e4` (upper-case letter; `+P@e4` places the man as its
//! promoted form), a promotion as an action of its own as a promotion
//! from the man's square (`d5d5f` in place, `d5c4f` by a step), ranks
//! past 9 written out (`a10`). varia's other actions
//! have no standard form; they are written as:
//!
//! | action | text |
//! |---|---|
//! | place a man, then move it (a placement with a bonus move) | `P@e4e5` |
//! | place a man and return another to its owner's hand | `B@c3/d4` |
//! | swap two men (a power) | `e1=h1` |
//! | a move of two steps (`lion`) | XBoard's legs joined by a comma, `e4f5,f5g5` (igui and jitto: `e4f5,f5e4`) |
//! | pass | the royal's square twice, `e2e2` (as Fairy-Stockfish writes it in UCI); without a royal, the square of the player's first man (from a1, rank by rank) twice; `0000` for a player with no man. XBoard's `@@@@` is read too |
//!
//! Variants with hidden card decks cannot be played over a protocol (the
//! engine would have to know the next card): [`unsupported`] says so, and
//! why. The protocols themselves (varia as an engine, external engines as
//! players) are above this, in the protocol and external layers.

use super::{square, Describe};
use crate::engine::{Move, MoveKind, Position};
use crate::ir::Variant;

/// The protocol text of a legal move (see the module documentation),
/// castling as the castler's move where that names it alone.
pub fn move_text(pos: &Position, mv: Move) -> String {
    move_text_as(pos, mv, CastlingText::CastlerMoves)
}

/// The text of a move with castling as the castler's own move, even where
/// another action is written so.
fn castler_moves_text(pos: &Position, mv: Move) -> String {
    match mv.kind() {
        MoveKind::Pass => pass_text(pos),
        MoveKind::Swap => match (mv.from(), mv.to()) {
            (Some(a), Some(b)) => format!("{}={}", square(pos.named(a)), square(pos.named(b))),
            _ => pos.move_text(mv),
        },
        _ => pos.move_text(mv),
    }
}

/// A pass as Fairy-Stockfish writes it in UCI: a man standing still, the
/// player's royal (its first, from a1 rank by rank) or, without one, its
/// first man; `0000` for a player with no man on the board.
fn pass_text(pos: &Position) -> String {
    let me = pos.turn();
    let pieces = &pos.tables().variant().pieces;
    let first = pos
        .men()
        .filter(|(_, m)| m.owner() == me)
        .map(|(sq, m)| {
            let royal = pieces.get(m.kind() as usize).is_some_and(|p| p.royal);
            (!royal, pos.named(sq))
        })
        .min_by_key(|&(not_royal, c)| (not_royal, c.y, c.x));
    match first {
        Some((_, c)) => {
            let sq = square(c);
            format!("{sq}{sq}")
        }
        None => "0000".into(),
    }
}

/// How a protocol writes castling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CastlingText {
    /// The castler's own move (`e1g1`), as UCI and XBoard write chess;
    /// as the castler taking its partner where the castler's move would
    /// not name the castling alone: the castler stays on its square (a
    /// Chess960 king on g1 castling with the rook on h1 is `g1h1`, not
    /// `g1g1`), or another legal action is written so (a king on d1
    /// castling to c1 beside its step to c1: `d1a1`), as Fairy-Stockfish
    /// does.
    #[default]
    CastlerMoves,
    /// The castler takes its partner (`e1h1`), as Chess960 GUIs write it
    /// (the protocol layer's Chess960 module).
    CastlerTakesPartner,
    /// `O-O` with a partner on a higher file than the castler, `O-O-O`
    /// with one on a lower file, as XBoard writes Fischer random chess
    /// (its `fischerandom`).
    Sides,
}

/// `O-O` or `O-O-O` for a castling along a rank (see
/// [`CastlingText::Sides`]); `None` for any other move.
fn castling_side(pos: &Position, mv: Move) -> Option<&'static str> {
    let (from, partner) = match mv {
        Move::Castle { from, partner, .. } | Move::CastleGate { from, partner, .. } => {
            (from, partner)
        }
        _ => return None,
    };
    let (a, b) = (pos.named(from), pos.named(partner));
    if a.y != b.y {
        return None;
    }
    Some(if b.x > a.x { "O-O" } else { "O-O-O" })
}

/// The protocol text of a legal move, castling written as `style` says.
pub fn move_text_as(pos: &Position, mv: Move, style: CastlingText) -> String {
    if style == CastlingText::Sides {
        if let Some(side) = castling_side(pos, mv) {
            return side.to_string();
        }
    }
    let Some(taking) = castling_text(pos, mv) else {
        return castler_moves_text(pos, mv);
    };
    if style == CastlingText::CastlerTakesPartner {
        return taking;
    }
    let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
        return taking;
    };
    if from == to {
        return taking;
    }
    let text = castler_moves_text(pos, mv);
    let shared = pos
        .legal_moves()
        .iter()
        .any(|&m| m != mv && castler_moves_text(pos, m) == text);
    if shared {
        taking
    } else {
        text
    }
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
    // A castling written another way is read where no other move is
    // written so: as the castler's move, as the castler taking its partner,
    // or `O-O`/`O-O-O` (also with zeros) where one castling goes that way.
    for other in [
        CastlingText::CastlerMoves,
        CastlingText::CastlerTakesPartner,
    ] {
        if other == style {
            continue;
        }
        if let Some(m) = find(text, other).filter(|m| castling_text(pos, *m).is_some()) {
            return Some(m);
        }
    }
    let words = text.replace('0', "O").to_ascii_uppercase();
    if words == "O-O" || words == "O-O-O" {
        let mut sides = legal
            .iter()
            .copied()
            .filter(|&m| castling_side(pos, m) == Some(words.as_str()) && m.gated().is_none());
        if let (Some(m), None) = (sides.next(), sides.next()) {
            return Some(m);
        }
    }
    // Some GUIs write a pass as `@@@@` or the royal standing still.
    if text == "@@@@" || text == "0000" || text == "null" || text == "pass" {
        return legal.iter().copied().find(|m| m.kind() == MoveKind::Pass);
    }
    None
}

/// Whether XBoard counts the ranks of the variant's board from 0: "on
/// boards with exactly 10 ranks, counting of the ranks starts at 0" (CECP
/// v2, XBoard's engine-intf.html, "Normal moves"), as in `a0a1` for a
/// xiangqi chariot's first step; varia counts from 1 everywhere else, and
/// its XBoard engine and XBoard client shift the ranks with [`shift_ranks`].
pub fn xboard_ranks_from_zero(v: &Variant) -> bool {
    matches!(v.board.shape, crate::ir::Shape::Rect { height: 10, .. })
}

/// Every rank of a move text (the digits after a file letter) moved by
/// `delta`; a rank that would fall below 0 is left as it is (no such move).
pub fn shift_ranks(text: &str, delta: i64) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        out.push(c as char);
        i += 1;
        if !c.is_ascii_alphabetic() {
            continue;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() && i - start < 4 {
            i += 1;
        }
        if i == start {
            continue;
        }
        let digits = &text[start..i];
        match digits.parse::<i64>().map(|n| n + delta) {
            Ok(n) if n >= 0 => out.push_str(&n.to_string()),
            _ => out.push_str(digits),
        }
    }
    out
}

/// Why a variant cannot be played over a protocol, if it cannot.
pub fn unsupported(v: &Variant, two_players_only: bool) -> Option<String> {
    if v.turn.draw || v.setup.decks.iter().any(|d| !d.is_empty()) {
        return Some(format!(
            "{} draws hidden cards, which an engine protocol cannot express",
            v.name
        ));
    }
    if v.turn.fog_of_war {
        // UCI and XBoard send an engine the whole position (FEN, every
        // move): an engine playing a seat would see what the seat may not.
        return Some(format!(
            "{} is played under fog of war, and an engine protocol sends the whole position: each seat may see only its own view",
            v.name
        ));
    }
    if !v.turn.face_down.is_empty() {
        // A FEN sent to an engine either names every face-down man (what
        // no seat may know) or leaves them unknown (and the engine could
        // not play the position the referee keeps).
        return Some(format!(
            "{} starts with men face down, and an engine protocol sends the whole position: no seat may know what a face-down man is",
            v.name
        ));
    }
    if v.turn.dice.is_some() {
        // A position sent as `startpos moves ...` carries no roll: the
        // engine would move any kind at every turn.
        return Some(format!(
            "{} rolls dice each turn, and an engine protocol sends no roll",
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

/// A castling as Chess960 GUIs write it: the castler's square, then its
/// partner's (`e1h1`, king takes own rook), then the letter of a man gated
/// on the castler's square (`e1h1h`, as Fairy-Stockfish writes it). `None`
/// for other moves, and for a castling that gates a man on the partner's
/// square, which is written from the partner's square to the castler's in
/// every style (`h1e1h`).
pub fn castling_text(pos: &Position, mv: Move) -> Option<String> {
    if let (base, Some(wall)) = mv.split_wall() {
        // A castling followed by a wall: `,` then the square the text
        // names as reached (the partner's) and the wall's, as
        // Fairy-Stockfish writes it (`e1h1,h1e4`).
        let mut text = castling_text(pos, base)?;
        let partner = base.aux_square()?;
        text.push(',');
        text.push_str(&square(pos.named(partner)));
        text.push_str(&square(pos.named(wall)));
        return Some(text);
    }
    let (from, partner) = match mv {
        Move::Castle { from, partner, .. } => (from, partner),
        Move::CastleGate {
            from,
            partner,
            on_partner: false,
            ..
        } => (from, partner),
        _ => return None,
    };
    let mut text = format!("{}{}", square(pos.named(from)), square(pos.named(partner)));
    if let Some((kind, _)) = mv.gated() {
        let pieces = &pos.tables().variant().pieces;
        if let Some(p) = pieces.get(kind as usize) {
            text.push_str(&p.letter.text(true));
        }
    }
    Some(text)
}
