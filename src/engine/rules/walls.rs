//! Walls (`then place wall [reached]`): every board move is followed, in
//! the same action, by a wall put on an empty square of the board after
//! the move; with `reached`, only on a square the moved man could move to
//! (without capturing) from its landing square. A move after which no
//! square can take a wall is not legal. Walls stay for the rest of the
//! game: they block every man's lines and are never captured.
//!
//! Hooks: a **source** (the legal board moves, each expanded into one
//! action per wall square) and a **consequence** in make (the wall put
//! down). Walls live in `State::walls` (part of `occ`, no man), written
//! `*` in FEN.

use super::sink::Sink;
use crate::engine::compile::Base;
use crate::engine::core::{Bits, Move, MoveList, Square, State};
use crate::engine::movement::{targets_of, Ctx};
use crate::ir::Variant;

/// The compiled wall rule.
#[derive(Clone, Copy, Debug)]
pub struct Walls {
    /// The wall goes on a square the moved man reaches from its landing
    /// square (else on any empty square).
    pub reached: bool,
}

impl Walls {
    pub fn new(v: &Variant) -> Option<Walls> {
        v.turn.walls.map(|w| Walls { reached: w.reached })
    }

    /// The squares that may take the wall after the plain move `from` →
    /// `to` (captures included): empty after the move and, when
    /// `reached`, reached by the moved man from `to`.
    #[inline]
    pub fn squares<B: Bits>(&self, b: &Base<B>, s: &mut State<B>, from: Square, to: Square) -> B {
        let mut empty = b.real & !s.occ;
        empty.insert(from);
        empty.remove(to);
        if !self.reached {
            return empty;
        }
        // Put the man on its landing square for a moment (unrecorded), and
        // read where its moves (no captures) reach on that board.
        let l = &b.layout;
        let victim = s.at(to);
        if !victim.is_empty() {
            s.unprobe(l, to);
        }
        let man = s.unprobe(l, from);
        s.probe(l, to, man);
        // The man has moved: its initial moves are closed.
        let flagged = s.unmoved.contains(to);
        s.unmoved.remove(to);
        let c = Ctx::new(b, s, man.owner(), false);
        let reach = targets_of(b, s, &c, to, man, false) & empty;
        if flagged {
            s.unmoved.insert(to);
        }
        s.unprobe(l, to);
        s.probe(l, from, man);
        if !victim.is_empty() {
            s.probe(l, to, victim);
        }
        reach
    }

    /// The source: each legal board move of `base` with each square that
    /// may take its wall, one action each.
    pub fn expand<B: Bits, S: Sink>(
        &self,
        b: &Base<B>,
        s: &mut State<B>,
        base: &MoveList,
        out: &mut S,
    ) {
        for &mv in base.iter() {
            // The checker admits no promotion, en passant or castling with
            // walls: every board move is a plain one.
            let Move::Normal {
                from,
                to,
                promote: None,
            } = mv
            else {
                continue;
            };
            for wall in self.squares(b, s, from, to) {
                out.raw(Move::Walled { from, to, wall });
            }
            if out.done() {
                return;
            }
        }
    }
}

/// Make: the wall of a walled move is put down.
#[inline]
pub fn place<B: Bits>(b: &Base<B>, s: &mut State<B>, wall: Square) {
    s.set_wall(&b.layout, wall, true);
}
