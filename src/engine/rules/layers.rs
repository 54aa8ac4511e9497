//! Boards in layers (`board WxH layers N`, LANGUAGE.md §5 "Boards in
//! layers"): a consequence of every board move and a test of its legality.
//!
//! The layers are compiled into the geometry: layer k holds the grid's rows
//! `k·H .. (k+1)·H`, and `Geometry::offset` never leaves a layer, so every
//! leap, ride and lame table keeps a man on its layer and a man attacks only
//! its own layer. This module adds the pass through the glass:
//!
//! * after a board move the man that moved (a castling's two men, a
//!   promotion's new man) passes from the square it reached to the same
//!   square of the next layer (layer k to k+1, the last to the first);
//! * a move whose man would pass onto a square that holds a man is illegal
//!   ([`Layers::blocked`], tested before the move is made); the royal
//!   safety test runs on the position after the pass;
//! * an en-passant record made by the move passes with its man: the squares
//!   it passed over are taken on the layer where it now stands (those that
//!   hold a man there are dropped), so only a man of that layer takes it
//!   en passant.
//!
//! A flat board has no `Layers` and runs none of this.

use crate::engine::compile::Base;
use crate::engine::core::{Bits, EpRecord, Move, Square, State};

/// The compiled rule of a board in layers.
#[derive(Clone, Debug)]
pub struct Layers {
    /// Per square, the same square of the next layer (`None` where that
    /// is no square of the board).
    next: Vec<Option<Square>>,
}

impl Layers {
    /// The rule of a board with two layers or more.
    pub fn new<B: Bits>(base: &Base<B>) -> Option<Layers> {
        let geo = &base.geo;
        if geo.layers() < 2 {
            return None;
        }
        Some(Layers {
            next: (0..geo.len())
                .map(|i| geo.next_layer(Square::new(i)))
                .collect(),
        })
    }

    /// The square of the next layer under `sq`.
    #[inline]
    pub fn next(&self, sq: Square) -> Option<Square> {
        self.next.get(sq.index()).copied().flatten()
    }

    /// Whether the pass after `mv` is barred: a man it moves would pass
    /// onto a square that is no square or holds a man (before the move:
    /// the men a move takes or leaves stand on the mover's layer).
    pub fn blocked<B: Bits>(&self, s: &State<B>, mv: Move) -> bool {
        let bad = |sq: Square| self.next(sq).is_none_or(|n| s.occ.contains(n));
        match mv {
            Move::Normal { to, .. } | Move::Lame { to, .. } | Move::EnPassant { to, .. } => bad(to),
            Move::Castle { to, partner_to, .. } => bad(to) || bad(partner_to),
            _ => false,
        }
    }

    /// For explanations: the first man `mv` moves whose pass is barred,
    /// as the square it would reach on its layer and the square of the
    /// next layer it would pass to (`None` where that is no square).
    pub fn barred_pass<B: Bits>(&self, s: &State<B>, mv: Move) -> Option<(Square, Option<Square>)> {
        let bad = |sq: Square| {
            let n = self.next(sq);
            n.is_none_or(|n| s.occ.contains(n)).then_some((sq, n))
        };
        match mv {
            Move::Normal { to, .. } | Move::Lame { to, .. } | Move::EnPassant { to, .. } => bad(to),
            Move::Castle { to, partner_to, .. } => bad(to).or_else(|| bad(partner_to)),
            _ => None,
        }
    }

    /// The pass after `mv` (made, not yet passed): its men go to the next
    /// layer, and `ep`, the en-passant record the move made, with them.
    pub fn after_action<B: Bits>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        mv: Move,
        ep: Option<EpRecord>,
    ) -> Option<EpRecord> {
        let l = &t.layout;
        let pass = |s: &mut State<B>, sq: Square| {
            if let Some(n) = self.next(sq) {
                if !s.at(sq).is_empty() && s.at(n).is_empty() {
                    s.shift(l, sq, n);
                }
            }
        };
        match mv {
            Move::Normal { to, .. } | Move::Lame { to, .. } | Move::EnPassant { to, .. } => {
                pass(s, to)
            }
            Move::Castle { to, partner_to, .. } => {
                pass(s, to);
                pass(s, partner_to);
            }
            _ => {}
        }
        // The record passes with its man; a passed square that holds a
        // man on the new layer is no target (a man taking en passant moves
        // there).
        ep.and_then(|mut r| {
            r.victim = self.next(r.victim)?;
            let mut n = 0;
            for i in 0..r.ntargets as usize {
                if let Some(q) = self.next(r.targets[i]).filter(|&q| !s.occ.contains(q)) {
                    r.targets[n] = q;
                    n += 1;
                }
            }
            r.ntargets = n as u8;
            (n > 0).then_some(r)
        })
    }
}
