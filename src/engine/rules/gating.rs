//! Gating (`gating PIECE, ... in REGION`): when a man that has never moved
//! leaves a square of the region (its owner's squares), by a plain move or
//! by castling (the castler's square or the partner's), its owner may put
//! a man of a listed kind from the hand on the square left, as part of the
//! same action. The right to gate lives in the has-moved flags (every kind
//! is tracked in a variant with gating); the gated man counts as moved.
//!
//! This module holds the data and the make step; the moves are generated
//! in `position/movegen.rs` from the plain moves and castlings of the men
//! that may gate, each tested by make, check, unmake (the gated man may
//! block a line to the royal).

use crate::engine::compile::Base;
use crate::engine::core::{Bits, Man, Square, State};
use crate::ir::{PieceId, PlayerId, Variant};

/// The compiled gating rule.
#[derive(Clone, Debug)]
pub struct Gating<B: Bits> {
    /// The kinds that may be gated.
    pub kinds: Vec<PieceId>,
    /// Per player: the squares a man may gate from.
    pub region: [B; 4],
}

impl<B: Bits> Gating<B> {
    pub fn new(v: &Variant, t: &Base<B>) -> Option<Gating<B>> {
        let g = v.turn.gating.as_ref().filter(|g| !g.above)?;
        let mut region = [B::EMPTY; 4];
        for (p, r) in region.iter_mut().enumerate().take(t.nplayers) {
            *r = t.region(g.region, p as PlayerId);
        }
        Some(Gating {
            kinds: g
                .pieces
                .iter()
                .copied()
                .filter(|&k| (k as usize) < t.nkinds)
                .collect(),
            region,
        })
    }

    /// The squares `me` may gate from now: own unmoved men on the region.
    #[inline]
    pub fn gates(&self, s: &State<B>, me: PlayerId) -> B {
        self.region[me as usize & 3] & s.by_player[me as usize] & s.unmoved
    }

    /// Whether `me` holds a man of a kind that may be gated.
    #[inline]
    pub fn has_any(&self, s: &State<B>, me: PlayerId) -> bool {
        self.kinds
            .iter()
            .any(|&k| s.hands[me as usize][k as usize] > 0)
    }
}

/// Make: a man of `piece` from `me`'s hand is put on `at` (empty now).
#[inline]
pub fn gate<B: Bits>(t: &Base<B>, s: &mut State<B>, me: PlayerId, piece: PieceId, at: Square) {
    let l = &t.layout;
    s.add_hand(l, me, piece, -1);
    s.put(l, at, Man::new(piece, me, t.forward[me]));
}
