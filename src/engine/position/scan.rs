//! Read-only queries for an evaluation that reads the whole position at
//! each node: every man in one pass and a player's hand as a slice, each
//! inside one dispatch on the board's width (where [`Position::men`] and
//! [`Position::hand`] dispatch once per man and once per kind).

use super::checked::{with_pos, Position};
use crate::engine::core::{Man, Square};
use crate::ir::PlayerId;

impl Position {
    /// Fill `out` (cleared first) with every man on the board and its
    /// square, in square order: what [`Position::men`] yields. Walls are
    /// no men.
    pub fn men_into(&self, out: &mut Vec<(Square, Man)>) {
        out.clear();
        with_pos!(&self.inner, _c, s => {
            for sq in s.occ & !s.walls {
                out.push((sq, s.at(sq)));
            }
        })
    }

    /// The men in player `p`'s hand, by kind ([`Position::hand`] of each
    /// kind; kinds past the variant's hold 0); empty for a player past
    /// the last.
    pub fn hand_counts(&self, p: PlayerId) -> &[u8] {
        with_pos!(&self.inner, _c, s => s.hands.get(p as usize).map_or(&[][..], |h| &h[..]))
    }
}
