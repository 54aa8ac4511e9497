//! `facing PIECE: illegal` (a constraint): an action may not leave a man
//! of the actor of a listed kind and an enemy man of the same kind on one
//! file or one rank with only empty squares between them.
//!
//! `facing PIECE: must break` (a filter on the legal list): a player to
//! act whose man of a listed kind faces an enemy man of its kind must
//! leave no such facing with every action but a pass; a pass is then
//! legal even with a royal attacked (the pass module records the facing
//! kept, and the goal `facing kept` ends the game on it).

use crate::engine::compile::Base;
use crate::engine::core::{Bits, Square, State};
use crate::engine::movement::{friends_bb, kind_bb};
use crate::ir::{PieceId, PlayerId, Variant};

/// The kinds that may not face their like.
#[derive(Clone, Debug)]
pub struct Facing {
    kinds: Vec<PieceId>,
}

impl Facing {
    pub fn new(v: &Variant) -> Option<Facing> {
        if v.turn.facing_illegal.is_empty() {
            return None;
        }
        Some(Facing {
            kinds: v.turn.facing_illegal.clone(),
        })
    }

    /// The kinds of `facing PIECE: must break`.
    pub fn must_break(v: &Variant) -> Option<Facing> {
        if v.turn.facing_must_break.is_empty() {
            return None;
        }
        Some(Facing {
            kinds: v.turn.facing_must_break.clone(),
        })
    }

    /// Whether, among the men `occ`, a man of `me`'s side faces an enemy
    /// man of its kind.
    pub fn faces<B: Bits>(&self, t: &Base<B>, s: &State<B>, me: PlayerId, occ: B) -> bool {
        let own = friends_bb(t, s, me) & occ;
        for &k in &self.kinds {
            let men = kind_bb(t, s, k) & occ;
            let mine = men & own;
            let theirs = men & !own;
            if mine.is_empty() || theirs.is_empty() {
                continue;
            }
            for a in mine {
                for b in theirs {
                    if open_line(t, a, b, occ) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Whether `a` and `b` share a file or a rank and every square between
/// them is real and not in `occ`.
fn open_line<B: Bits>(t: &Base<B>, a: Square, b: Square, occ: B) -> bool {
    let (ax, ay) = t.geo.coords(a);
    let (bx, by) = t.geo.coords(b);
    if ax != bx && ay != by {
        return false;
    }
    let (sx, sy) = ((bx - ax).signum(), (by - ay).signum());
    let (mut x, mut y) = (ax + sx, ay + sy);
    while (x, y) != (bx, by) {
        match t.geo.grid_square(x, y) {
            Some(q) if t.real.contains(q) && !occ.contains(q) => {}
            _ => return false,
        }
        x += sx;
        y += sy;
    }
    true
}
