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
    fits_set(t, s.occ)
}

/// Whether a set of men fits the limit box (always true on a board).
#[inline]
pub fn fits_set<B: Bits>(t: &Base<B>, occ: B) -> bool {
    let Some((w, h)) = t.geo.limit() else {
        return true;
    };
    match bbox(t, occ) {
        Some((x0, y0, x1, y1)) => ((x1 - x0) as usize) < w && ((y1 - y0) as usize) < h,
        None => true,
    }
}

/// The bounding box of a set of squares, from the row and column masks.
#[inline]
pub fn bbox<B: Bits>(t: &Base<B>, occ: B) -> Option<(i32, i32, i32, i32)> {
    let y0 = t.geo.coords(occ.first()?).1;
    let y1 = t.geo.coords(occ.last()?).1;
    let x0 = t.files.iter().position(|f| (*f & occ).any())? as i32;
    let x1 = t.files.iter().rposition(|f| (*f & occ).any())? as i32;
    Some((x0, y0, x1, y1))
}

/// The squares a man may stand on without stretching the box of the men
/// `occ` beyond the limit (every square on a board).
#[inline]
pub fn window<B: Bits>(t: &Base<B>, occ: B) -> B {
    let (Some((w, h)), Some((x0, y0, x1, y1))) = (t.geo.limit(), bbox(t, occ)) else {
        return t.real;
    };
    let (w, h) = (w as i32, h as i32);
    let (xa, xb) = (
        (x1 - (w - 1)).max(0),
        (x0 + (w - 1)).min(t.files.len() as i32 - 1),
    );
    let (ya, yb) = (
        (y1 - (h - 1)).max(0),
        (y0 + (h - 1)).min(t.ranks.len() as i32 - 1),
    );
    if xa > xb || ya > yb {
        // The men already exceed the limit: no square is free.
        return t.real & !t.real;
    }
    t.file_spans[xa as usize][xb as usize] & t.rank_spans[ya as usize][yb as usize] & t.real
}

/// Keep the men's bounding box at the anchor. Returns whether the men
/// moved (the caller then recomputes the hash). Nothing moves when the box
/// exceeds the limit: such an action is illegal and will be taken back.
pub fn recentre<B: Bits>(t: &Base<B>, s: &mut State<B>) -> bool {
    let Some(anchor) = t.geo.anchor() else {
        return false;
    };
    let Some((minx, miny, x1, y1)) = bbox(t, s.occ) else {
        return false;
    };
    if !t.geo.fits_limit(Some((minx, miny, x1, y1))) {
        return false;
    }
    let (dx, dy) = (anchor.0 - minx, anchor.1 - miny);
    if (dx, dy) == (0, 0) {
        return false;
    }
    s.translate(&t.layout, dx, dy);
    true
}
