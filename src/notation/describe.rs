//! Describing the engine's actions for notation: each legal action as an
//! [`ActionInfo`] (coordinates as players name squares), and the
//! coordinate text of an action.

use super::{ActionInfo, ActionKind};
use crate::engine::{Move, Position, Square};
use crate::ir::{Coord, Letter, PieceId};

/// Notation for a position's actions.
pub trait Describe {
    /// The move as notation sees it, with `check` (an enemy royal is
    /// attacked afterwards) and `mate` (the next player is in check and has
    /// no legal move).
    fn action_info(&self, mv: Move) -> ActionInfo;
    /// [`Describe::action_info`] for each move of a list.
    fn action_infos(&self, moves: &[Move]) -> Vec<ActionInfo>;
    /// Each move of a list as notation sees it, without `check` and `mate`
    /// (which cost a move made and tested per action).
    fn plain_infos(&self, moves: &[Move]) -> Vec<ActionInfo>;
    /// The move in coordinate notation ([`super::coordinate`]): `e2e4`,
    /// `e7e8q`, `e1g1` (castling: the royal's move), `P@e4`, `P@e4e5`,
    /// `B@c3/d4`, `N-B@f7` (a hostage exchange), `swap-e1-h1`, `pass`.
    fn move_text(&self, mv: Move) -> String;
    /// The legal move written as `text` in coordinate notation.
    fn parse_move(&self, text: &str) -> Option<Move>;
}

/// Whether a piece is written like a pawn (SAN omits its letter): it
/// promotes, or its letter is `P`.
fn pawnlike(pos: &Position, kind: u8) -> bool {
    pos.tables()
        .variant()
        .pieces
        .get(kind as usize)
        .is_some_and(|p| p.promotion.is_some() || p.letter.is('P'))
}

fn letter(pos: &Position, kind: u8) -> Letter {
    pos.tables()
        .variant()
        .pieces
        .get(kind as usize)
        .map_or(Letter::own('?'), |p| p.letter)
}

/// The move as [`ActionInfo`], without `check`/`mate`.
fn info(pos: &Position, mv: Move) -> ActionInfo {
    if let (base, Some(wall)) = mv.split_wall() {
        // A walled move: its board move, and the wall's square.
        let mut a = info(pos, base);
        a.wall = Some(pos.named(wall));
        return a;
    }
    let c = |sq: Option<Square>| sq.map(|s| pos.named(s));
    let mover = mv.from().and_then(|f| pos.man_at(f));
    let kind = match mv {
        Move::Normal { .. }
        | Move::Lame { .. }
        | Move::EnPassant { .. }
        | Move::Castle { .. }
        | Move::Gate { .. }
        | Move::Walled { .. }
        | Move::Promote { .. }
        | Move::Lion { .. }
        | Move::CastleGate { .. } => ActionKind::Move,
        Move::Drop { .. }
        | Move::Exchange { .. }
        | Move::PlaceAndMove { .. }
        | Move::PlaceAndReturn { .. }
        | Move::PlaceAndRemove { .. } => ActionKind::Place,
        Move::Draw { .. } | Move::DrawJoker { .. } | Move::Reveal { .. } => ActionKind::Draw,
        Move::Swap { .. } => ActionKind::Swap,
        Move::Suicide { .. } => ActionKind::Suicide,
        Move::Pass => ActionKind::Pass,
        Move::Resign => ActionKind::Resign,
    };
    let piece_kind = mv.placed().or(mover.map(|m| m.kind()));
    let mut a = ActionInfo::new(
        kind,
        piece_kind.map_or(Letter::own('?'), |k| letter(pos, k)),
    );
    a.pawn = piece_kind.is_some_and(|k| pawnlike(pos, k));
    a.from = c(mv.from());
    a.to = c(mv.to());
    // A promotion to the mover's promoted form is written `+`.
    let form = mover.and_then(|m| {
        pos.tables()
            .variant()
            .pieces
            .get(m.kind() as usize)?
            .promotes_to
    });
    // One that turns a promoted form back into its piece (`demote`), `-`.
    let pieces = &pos.tables().variant().pieces;
    let base = mover.and_then(|m| {
        pieces
            .iter()
            .position(|p| p.promotes_to == Some(m.kind()))
            .map(|b| b as PieceId)
    });
    a.promotion = mv.promotion().map(|k| {
        if Some(k) == form {
            '+'
        } else if Some(k) == base {
            '-'
        } else {
            // Another piece's form lettered `+X`: `=+X`.
            a.promotion_form = letter(pos, k).is_plus();
            letter(pos, k).ch()
        }
    });
    a.placed_promoted = mv.placed_promoted();
    a.ransom = mv.ransom().map(|k| letter(pos, k).ch());
    if let Some((k, _)) = mv.gated() {
        // A gated man is written like a promotion (Fairy-Stockfish's
        // convention): `b1c3h`.
        a.promotion = Some(letter(pos, k).ch());
    }
    match mv {
        Move::Normal { to, .. } | Move::Lame { to, .. } | Move::Gate { to, .. } => {
            a.capture = pos.man_at(to).is_some()
        }
        Move::EnPassant { .. } => a.capture = true,
        Move::Castle { from, partner, .. } | Move::CastleGate { from, partner, .. } => {
            let (f, p): (Coord, Coord) = (pos.named(from), pos.named(partner));
            a.castle = Some(if f.y == p.y { p.x < f.x } else { p.y < f.y });
            if let Move::CastleGate {
                on_partner: true, ..
            } = mv
            {
                // Gating on the partner's square: written from the
                // partner's square to the castler's (`h1e1h`).
                a.from = Some(p);
                a.to = Some(f);
            }
        }
        Move::Promote { from, to, .. } => a.full_from = from != to,
        Move::Lion { from, mid, to } => {
            a.via = Some(pos.named(mid));
            a.via_capture = pos.man_at(mid).is_some();
            a.capture = to != from && pos.man_at(to).is_some();
        }
        Move::PlaceAndMove { to, .. } => a.then_to = Some(pos.named(to)),
        Move::PlaceAndReturn { returned, .. } => a.returns = Some(pos.named(returned)),
        Move::PlaceAndRemove { removed, .. } => a.returns = Some(pos.named(removed)),
        _ => {}
    }
    a
}

impl Describe for Position {
    fn action_info(&self, mv: Move) -> ActionInfo {
        let mut a = info(self, mv);
        let mut after = self.detached();
        let me = self.turn();
        after.play(mv);
        let t = self.tables();
        a.check = (0..t.players() as u8)
            .filter(|&p| after.alive() & (1 << p) != 0 && !t.is_friend(me, p))
            .any(|p| after.royal_attacked(p));
        // Mate: the next player is in check with no legal action. Its
        // check is the action's (`+`), or, where check is a threat of the
        // next turn (`turn royal safe at end`), a threat with no man
        // attacking it yet.
        let next = after.turn();
        let threat = next != me && after.in_check() && !after.royal_attacked(next);
        a.mate = next != me && (a.check || threat) && after.in_check() && !after.has_legal_move();
        a
    }

    fn action_infos(&self, moves: &[Move]) -> Vec<ActionInfo> {
        moves.iter().map(|&m| self.action_info(m)).collect()
    }

    fn plain_infos(&self, moves: &[Move]) -> Vec<ActionInfo> {
        moves.iter().map(|&m| info(self, m)).collect()
    }

    fn move_text(&self, mv: Move) -> String {
        super::coordinate(&info(self, mv))
    }

    fn parse_move(&self, text: &str) -> Option<Move> {
        let text = text.trim();
        self.legal_moves()
            .iter()
            .copied()
            .find(|&m| self.move_text(m) == text)
    }
}
