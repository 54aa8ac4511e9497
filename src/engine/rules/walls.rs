//! Walls (`then place wall [reached | vacated]`, `then move wall`, each
//! with an optional `in REGION`): every board move is followed, in the same
//! action, by a wall put on an empty square of the board after the move
//! (of the region, as the mover sees it, when one is given); with
//! `reached`, only on a square the moved man could move to (without
//! capturing) from its landing square; with `vacated`, only on the square
//! it left. With `then
//! move wall` the wall is one neutral man (Duck chess's duck): the walls
//! standing are lifted as the new one goes down, and the new one may not
//! go where one stood, so it moves every turn (the first time, it is put
//! anywhere empty). A move after which no square can take a wall is not
//! legal. Walls block every man's lines and are never captured.
//!
//! Hooks: a **source** (the board moves, each expanded into one action per
//! wall square; where a royal or another constraint may fail, each pair is
//! tested, since the wall may shield or, lifted, expose a royal) and a
//! **consequence** in make (the wall lifted and put down). Walls live in
//! `State::walls` (part of `occ`, no man), written `*` in FEN.

use super::sink::Sink;
use crate::engine::compile::Base;
use crate::engine::core::{Bits, EpRecord, Move, MoveList, Square, State};
use crate::engine::movement::{targets_of, Ctx};
use crate::ir::{RegionId, Variant};

/// The compiled wall rule.
#[derive(Clone, Copy, Debug)]
pub struct Walls {
    /// The wall goes on a square the moved man reaches from its landing
    /// square (else on any empty square).
    pub reached: bool,
    /// The walls standing are lifted as the new one goes down (`then move
    /// wall`).
    pub moves: bool,
    /// The wall goes on the square the moved man left (`vacated`).
    pub vacated: bool,
    /// The wall goes only on the region's squares, as the mover sees them
    /// (`in REGION`).
    pub region: Option<RegionId>,
}

impl Walls {
    pub fn new(v: &Variant) -> Option<Walls> {
        v.turn.walls.map(|w| Walls {
            reached: w.reached,
            moves: w.moves,
            vacated: w.vacated,
            region: w.region,
        })
    }

    /// The squares that may take the wall after the board move `mv`: empty
    /// after the move (the squares its men left are empty, those they
    /// reached are not, a man it captured is gone; a wall standing is not
    /// empty, so a moving wall never stays), in the region if one is given
    /// (as the mover sees it), and, when `reached`, reached by the moved man
    /// from its landing square, when `vacated`, the square it left.
    #[inline]
    pub fn squares<B: Bits>(&self, b: &Base<B>, s: &mut State<B>, mv: Move) -> B {
        let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
            return B::EMPTY;
        };
        let mut empty = b.real & !s.occ;
        empty.insert(from);
        match mv {
            Move::Castle {
                partner,
                partner_to,
                ..
            } => {
                empty.insert(partner);
                empty.remove(partner_to);
            }
            Move::EnPassant { victim, .. } => empty.insert(victim),
            _ => {}
        }
        empty.remove(to);
        if let Some(r) = self.region {
            empty &= b.region(r, s.turn);
        }
        if self.vacated {
            // The square the man left, if it is empty after the move (a
            // castling partner may land on it) and in the region.
            return if empty.contains(from) {
                B::single(from)
            } else {
                B::EMPTY
            };
        }
        if !self.reached {
            return empty;
        }
        // (The checker admits only plain moves with `reached`.)
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

    /// The source where every board move of `base` is legal whatever the
    /// wall: each with each square that may take its wall, one action
    /// each.
    pub fn expand<B: Bits, S: Sink>(
        &self,
        b: &Base<B>,
        s: &mut State<B>,
        base: &MoveList,
        out: &mut S,
    ) {
        for &mv in base.iter() {
            let squares = self.squares(b, s, mv);
            out.walled(mv, squares);
            if out.done() {
                return;
            }
        }
    }
}

/// Make: the wall of a walled move is put down on `wall` (the walls
/// standing lifted first where the wall moves). A wall put on a square a
/// lame move just passed takes that square out of its en-passant record
/// `ep`, as Fairy-Stockfish does (no man could land there).
#[inline]
pub fn place<B: Bits>(
    b: &Base<B>,
    s: &mut State<B>,
    w: &Walls,
    wall: Square,
    ep: &mut Option<EpRecord>,
) {
    if w.moves {
        for old in s.walls {
            s.set_wall(&b.layout, old, false);
        }
    }
    s.set_wall(&b.layout, wall, true);
    if let Some(rec) = ep {
        if let Some(i) = rec.targets().iter().position(|&t| t == wall) {
            let n = rec.ntargets as usize;
            rec.targets.copy_within(i + 1..n, i);
            rec.ntargets -= 1;
            if rec.ntargets == 0 {
                *ep = None;
            }
        }
    }
}
