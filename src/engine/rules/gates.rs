//! Per-square gates (`gating PIECE, ... above REGION`): each gate is one
//! man of a listed kind waiting above one square of its owner's region.
//! When the man standing on that square leaves it by its own move (a board
//! move of any kind, or castling as the castler or the partner), the
//! waiting man enters on the square in the same action; if the square is
//! not empty after the move (a castling that lands on it), the waiting man
//! is lost. When the man on the square leaves it any other way (captured,
//! blown up, ...), the waiting man is lost too.
//!
//! One hashed rule variable per (player, square of the region): 0 for no
//! gate, else the waiting kind plus one. A consequence (`after_action`,
//! out of line) looks at the live gates after each action. The moves are
//! the ordinary ones: a move is legal exactly when it is without the man
//! that enters (he does not shield the royal), as in Musketeer-Stockfish.

use crate::engine::compile::Base;
use crate::engine::core::{Bits, Layout, Man, Move, Square, State, Var};
use crate::ir::{PieceId, PlayerId, Variant};

/// The compiled per-square gates.
#[derive(Clone, Debug)]
pub struct Gates {
    /// The kinds that may wait above a square, in the statement's order
    /// (FEN writes the gates in this order).
    pub kinds: Vec<PieceId>,
    /// Per player: the squares of its region, each with its variable.
    pub slots: Vec<Vec<(Square, Var)>>,
    /// Not hashed: the square (plus one) a man entered on in the last
    /// action, 0 for none; the legality tests that make a move take him
    /// off again ([`Gates::hide_entered`]).
    pub entered: Var,
}

impl Gates {
    pub fn new<B: Bits>(v: &Variant, t: &Base<B>, layout: &mut Layout) -> Option<Gates> {
        let g = v.turn.gating.as_ref().filter(|g| g.above)?;
        let mut slots = Vec::with_capacity(t.nplayers);
        for p in 0..t.nplayers {
            let squares: Vec<Square> = t.region(g.region, p as PlayerId).into_iter().collect();
            let first = layout.alloc_vars(squares.len(), true);
            slots.push(
                squares
                    .into_iter()
                    .enumerate()
                    .map(|(i, sq)| (sq, first.at(i)))
                    .collect(),
            );
        }
        let entered = layout.alloc_vars(1, false);
        Some(Gates {
            entered,
            kinds: g
                .pieces
                .iter()
                .copied()
                .filter(|&k| (k as usize) < t.nkinds)
                .collect(),
            slots,
        })
    }

    /// The variable of `p`'s gate above `sq`, if `sq` is on its region.
    pub fn var_of(&self, p: PlayerId, sq: Square) -> Option<Var> {
        self.slots
            .get(p as usize)?
            .iter()
            .find(|(s, _)| *s == sq)
            .map(|&(_, v)| v)
    }

    /// Every live gate: (owner, square, kind), players in order, then
    /// the gates in the order of the listed kinds, then of the squares.
    pub fn live<B: Bits>(&self, s: &State<B>) -> Vec<(PlayerId, Square, PieceId)> {
        let mut out = Vec::new();
        for (p, slots) in self.slots.iter().enumerate() {
            for &k in &self.kinds {
                for &(sq, v) in slots {
                    if s.var(v) == k as u32 + 1 {
                        out.push((p as PlayerId, sq, k));
                    }
                }
            }
        }
        out
    }

    /// After `me`'s action `mv`: the man that left a gate's square by its
    /// own move lets the waiting man in (or loses it when the square is
    /// taken); a gate whose square no longer holds its owner's man is lost.
    #[inline(never)]
    pub fn after_action<B: Bits>(&self, t: &Base<B>, s: &mut State<B>, me: PlayerId, mv: Move) {
        let l = &t.layout;
        s.set_var(l, self.entered, 0);
        let (from, partner) = match mv {
            Move::Normal { from, .. } | Move::Lame { from, .. } | Move::EnPassant { from, .. } => {
                (Some(from), None)
            }
            Move::Castle { from, partner, .. } => (Some(from), Some(partner)),
            _ => (None, None),
        };
        for (p, slots) in self.slots.iter().enumerate() {
            let p = p as PlayerId;
            for &(sq, v) in slots {
                let x = s.var(v);
                if x == 0 {
                    continue;
                }
                let man = s.at(sq);
                if p == me && (from == Some(sq) || partner == Some(sq)) {
                    s.set_var(l, v, 0);
                    if man.is_empty() {
                        s.put(l, sq, Man::new((x - 1) as PieceId, me, t.forward[me]));
                        s.set_var(l, self.entered, sq.index() as u32 + 1);
                    }
                } else if man.is_empty() || man.owner() != p {
                    s.set_var(l, v, 0);
                }
            }
        }
    }

    /// After a move made for a legality test: the man that entered is
    /// taken off again (the caller rewinds), so that a move is legal
    /// exactly when it is without him, on every path.
    #[inline(never)]
    pub fn hide_entered<B: Bits>(&self, t: &Base<B>, s: &mut State<B>) {
        let x = s.var(self.entered);
        if x != 0 {
            s.take(&t.layout, Square::new(x as usize - 1));
        }
    }
}
