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

/// The bounding box of a set of squares: its rows from the lowest and
/// highest square, its columns from the rows in between laid over each
/// other (a grid row is at most 16 squares wide).
#[inline]
pub fn bbox<B: Bits>(t: &Base<B>, occ: B) -> Option<BBox> {
    let y0 = t.geo.coords(occ.first()?).1;
    let y1 = t.geo.coords(occ.last()?).1;
    let w = t.geo.width();
    let row = (1u64 << w) - 1;
    let mut cols = 0u64;
    for y in y0..=y1 {
        cols |= occ.bits_from(y as usize * w);
    }
    cols &= row;
    let x0 = cols.trailing_zeros() as i32;
    let x1 = 63 - cols.leading_zeros() as i32;
    Some((x0, y0, x1, y1))
}

/// A bounding box `(x0, y0, x1, y1)`.
pub type BBox = (i32, i32, i32, i32);

/// The squares a man may stand on without stretching the box of the men
/// `occ` beyond the limit (every square on a board).
#[inline]
pub fn window<B: Bits>(t: &Base<B>, occ: B) -> B {
    window_of(t, bbox(t, occ))
}

/// [`window`] of men whose bounding box is `bb` (`None`: no men).
#[inline]
pub fn window_of<B: Bits>(t: &Base<B>, bb: Option<BBox>) -> B {
    let (Some((w, h)), Some((x0, y0, x1, y1))) = (t.geo.limit(), bb) else {
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

/// The box `bb` stretched over the square at `(x, y)`.
#[inline]
pub fn grow(bb: Option<BBox>, (x, y): (i32, i32)) -> BBox {
    match bb {
        Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
        None => (x, y, x, y),
    }
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
