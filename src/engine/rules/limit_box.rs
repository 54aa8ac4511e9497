//! The limit box of an unbounded board: the bounding box of all men may
//! never exceed `W×H` (a constraint), and after every action the men are
//! translated so that the box's minimum corner stays at the grid's anchor
//! (a consequence), so positions are compared up to translation. The total
//! translation is kept in the state, so that a man keeps its name for the
//! whole game.

use crate::engine::compile::Base;
use crate::engine::core::Bits;
use crate::engine::core::State;

/// Whether the men fit the limit box (always true on a board).
#[inline]
pub fn fits<B: Bits>(t: &Base<B>, s: &State<B>) -> bool {
    t.geo.fits_limit(t.geo.bounding_box(s.occ))
}

/// Keep the men's bounding box at the anchor. Returns whether the men
/// moved (the caller then recomputes the hash). Nothing moves when the box
/// exceeds the limit: such an action is illegal and will be taken back.
pub fn recentre<B: Bits>(t: &Base<B>, s: &mut State<B>) -> bool {
    let Some(anchor) = t.geo.anchor() else {
        return false;
    };
    let bbox = t.geo.bounding_box(s.occ);
    let Some((minx, miny, _, _)) = bbox else {
        return false;
    };
    if !t.geo.fits_limit(bbox) {
        return false;
    }
    let (dx, dy) = (anchor.0 - minx, anchor.1 - miny);
    if (dx, dy) == (0, 0) {
        return false;
    }
    s.translate(&t.layout, dx, dy);
    true
}
