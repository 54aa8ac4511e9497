//! The limit box of an unbounded board: the bounding box of all men may
//! never exceed `W×H` (a constraint), and after every action the men are
//! translated so that the box's minimum corner stays at the grid's anchor
//! (a consequence), so positions are compared up to translation. The total
//! translation is kept in the state, so that a man keeps its name for the
//! whole game.

use crate::engine::compile::Base;
use crate::engine::core::Bits;
use crate::engine::core::State;
use crate::ir::MAX_SIDE;

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
    let mut y = y0;
    while y <= y1 {
        cols |= occ.bits_from(y as usize * w);
        y += 1;
    }
    cols &= row;
    let x0 = cols.trailing_zeros() as i32;
    let x1 = 63 - cols.leading_zeros() as i32;
    Some((x0, y0, x1, y1))
}

/// A bounding box `(x0, y0, x1, y1)`.
pub type BBox = (i32, i32, i32, i32);

/// The columns of the men in each row of their box, to find the box of the
/// men but one without going over the whole set again.
#[derive(Clone, Copy, Debug)]
pub struct Rows {
    /// Bit `x` of `cols[y]`: a man on `(x, y)`.
    cols: [u16; MAX_SIDE as usize],
    y0: i32,
    y1: i32,
    /// The columns of the men, and those with two men or more.
    any: u16,
    twice: u16,
}

impl Rows {
    /// The rows of the men `occ` (`None`: no men).
    #[inline]
    pub fn new<B: Bits>(t: &Base<B>, occ: B) -> Option<Rows> {
        let y0 = t.geo.coords(occ.first()?).1;
        let y1 = t.geo.coords(occ.last()?).1;
        let w = t.geo.width();
        let mut cols = [0u16; MAX_SIDE as usize];
        let (mut any, mut twice) = (0u16, 0u16);
        let mut y = y0;
        while y <= y1 {
            let row = occ.bits_from(y as usize * w) as u16 & ((1u32 << w) - 1) as u16;
            cols[y as usize] = row;
            twice |= any & row;
            any |= row;
            y += 1;
        }
        Some(Rows {
            cols,
            y0,
            y1,
            any,
            twice,
        })
    }

    /// The bounding box of the men.
    #[inline]
    pub fn bbox(&self) -> BBox {
        let x0 = self.any.trailing_zeros() as i32;
        let x1 = 15 - self.any.leading_zeros() as i32;
        (x0, self.y0, x1, self.y1)
    }

    /// Whether the men but the one on `(x, y)` (a man of the set) have the
    /// box of all the men: it is not alone on an edge row or column.
    #[inline]
    pub fn keeps_box(&self, (x, y): (i32, i32)) -> bool {
        let bit = 1u16 << x;
        let edge_col = self.any & !(bit - 1) == bit || self.any & (bit | (bit - 1)) == bit;
        let alone_row = self.cols[y as usize] == bit && (y == self.y0 || y == self.y1);
        let alone_col = edge_col && self.twice & bit == 0;
        !(alone_row || alone_col)
    }

    /// The bounding box of the men but the one on `(x, y)` (a man of the
    /// set).
    #[inline]
    pub fn bbox_without(&self, (x, y): (i32, i32)) -> Option<BBox> {
        let row = |r: i32| {
            let c = self.cols[r as usize];
            if r == y {
                c & !(1u16 << x)
            } else {
                c
            }
        };
        let (mut y0, mut y1) = (self.y0, self.y1);
        while y0 <= y1 && row(y0) == 0 {
            y0 += 1;
        }
        while y1 >= y0 && row(y1) == 0 {
            y1 -= 1;
        }
        let mut cols = 0u16;
        let mut r = y0;
        while r <= y1 {
            cols |= row(r);
            r += 1;
        }
        if cols == 0 {
            return None;
        }
        let x0 = cols.trailing_zeros() as i32;
        let x1 = 15 - cols.leading_zeros() as i32;
        Some((x0, y0, x1, y1))
    }
}

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
#[inline(always)]
pub fn recentre<B: Bits>(t: &Base<B>, s: &mut State<B>) -> bool {
    match t.geo.anchor() {
        Some(anchor) => recentre_at(t, s, anchor),
        None => false,
    }
}

/// [`recentre`] on an unbounded board, whose box is kept at `anchor`.
#[inline(never)]
fn recentre_at<B: Bits>(t: &Base<B>, s: &mut State<B>, anchor: (i32, i32)) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::{Square, B128};
    use crate::engine::testing::{floating_base, XorShift};

    #[test]
    fn the_box_of_the_men_but_one_from_rows_is_the_box_without_it() {
        let t = floating_base();
        let n = t.geo.len();
        let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
        let mut next = |m: usize| rng.below(m as u64) as usize;
        for _ in 0..20_000 {
            // A few men anywhere on the grid, some of them alone on a row
            // or a column of their box.
            let mut occ = B128::EMPTY;
            for _ in 0..1 + next(6) {
                occ.insert(Square::new(next(n)));
            }
            let rows = Rows::new(&t, occ).expect("men");
            assert_eq!(Some(rows.bbox()), bbox(&t, occ));
            for sq in occ {
                assert_eq!(
                    rows.keeps_box(t.geo.coords(sq)),
                    bbox(&t, occ ^ B128::from_square(sq)) == Some(rows.bbox()),
                    "{occ:?} without {sq:?}"
                );
                assert_eq!(
                    rows.bbox_without(t.geo.coords(sq)),
                    bbox(&t, occ ^ B128::from_square(sq)),
                    "{occ:?} without {sq:?}"
                );
            }
        }
    }
}
