//! Steps taken by every man of a pattern at once. A [`Shape::Steps`]
//! pattern (a pawn) reaches, from each square, the squares of its tables:
//! where each table is a few fixed index offsets (`to = from + delta`, the
//! squares each offset applies from kept as a set), the moves of all its
//! men are a shift of their set per offset, counted without visiting the
//! men one by one.
//!
//! Nothing is assumed of the board: the offsets are read off the tables
//! themselves, so a table that does not split into at most
//! [`MAX_SHIFTS`] offsets (an irregular numbering, a wide leaper) keeps the
//! man-by-man path.
//!
//! [`Shape::Steps`]: super::shape::Shape::Steps

use super::catom::SqTable;
use super::dirs::LameStep;
use crate::engine::core::{Bits, Square};

/// Most offsets one table may split into.
pub const MAX_SHIFTS: usize = 4;

/// One offset of a table: a man on a square of `from` reaches the square
/// `delta` indices away.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shift<B: Bits> {
    pub delta: i32,
    pub from: B,
}

impl<B: Bits> Shift<B> {
    /// The squares the men of `men` reach by this offset.
    #[inline(always)]
    pub fn apply(&self, men: B) -> B {
        shift(men & self.from, self.delta)
    }

    /// [`Shift::apply`], or `None` when no man of `men` stands where the
    /// offset applies, on sets of three words or more (where a shift costs
    /// more than the test; on one or two words, always `Some`).
    #[inline(always)]
    pub fn reach(&self, men: B) -> Option<B> {
        if B::SQUARES > 128 && (men & self.from).is_empty() {
            return None;
        }
        Some(self.apply(men))
    }
}

/// `set` moved `delta` squares (square `i` to `i + delta`); squares moved
/// off either end are dropped.
#[inline(always)]
pub fn shift<B: Bits>(set: B, delta: i32) -> B {
    if delta >= 0 {
        set.shift_up(delta as u32)
    } else {
        set.shift_down(delta.unsigned_abs())
    }
}

/// At most [`MAX_SHIFTS`] offsets of a table, `n` of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Few<T> {
    pub all: [T; MAX_SHIFTS],
    pub n: u8,
}

impl<T: Copy> Few<T> {
    #[inline(always)]
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.all[..self.n as usize].iter()
    }

    /// The index of the offset `same` picks, added as `new` when there is
    /// none (`None`: no room, at most `most` of them).
    fn slot(&mut self, most: usize, same: impl Fn(&T) -> bool, new: T) -> Option<usize> {
        let n = self.n as usize;
        if let Some(k) = self.all[..n].iter().position(same) {
            return Some(k);
        }
        if n == most {
            return None;
        }
        self.all[n] = new;
        self.n += 1;
        Some(n)
    }
}

/// A table's offsets.
pub type Shifts<B> = Few<Shift<B>>;

impl<B: Bits> Shifts<B> {
    /// The offsets of a table, or `None` when it has more than
    /// [`MAX_SHIFTS`].
    fn of(table: &SqTable<B>) -> Option<Shifts<B>> {
        let mut out = Shifts::<B>::default();
        for (i, targets) in table.iter().enumerate().take(B::SQUARES) {
            for to in *targets {
                let delta = to.index() as i32 - i as i32;
                let new = Shift {
                    delta,
                    from: B::EMPTY,
                };
                let k = out.slot(MAX_SHIFTS, |s| s.delta == delta, new)?;
                out.all[k].from.insert(Square::new(i));
            }
        }
        Some(out)
    }

    fn has(&self, delta: i32) -> bool {
        self.iter().any(|s| s.delta == delta)
    }
}

/// A lame leap by one offset: from the squares of `from` it lands `delta`
/// away, over the squares `path[..npath]` away (which must be empty).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LameShift<B: Bits> {
    pub from: B,
    pub delta: i32,
    pub path: [i32; 3],
    pub npath: u8,
}

impl<B: Bits> LameShift<B> {
    /// The path offsets.
    #[inline(always)]
    pub fn path(&self) -> &[i32] {
        &self.path[..self.npath as usize]
    }
}

/// A lame table's offsets (a row of a numbering without the board's holes
/// may have its own).
pub type LameShifts<B> = Few<LameShift<B>>;

impl<B: Bits> LameShifts<B> {
    /// The lame table as offsets (a landing and the path with it), or
    /// `None` when there are more than [`MAX_SHIFTS`], or when a path is
    /// not the squares it lists.
    fn of(table: &[LameStep<B>; 256]) -> Option<LameShifts<B>> {
        let mut out = LameShifts::<B>::default();
        for (i, st) in table.iter().enumerate().take(B::SQUARES) {
            let Some(to) = st.to else { continue };
            let n = st.npath as usize;
            let mut path = [0i32; 3];
            for (p, sq) in path.iter_mut().zip(&st.path_sqs[..n]) {
                *p = sq.index() as i32 - i as i32;
            }
            if st.path_sqs[..n].iter().copied().collect::<B>() != st.path {
                return None;
            }
            let delta = to.index() as i32 - i as i32;
            let new = LameShift {
                from: B::EMPTY,
                delta,
                path,
                npath: st.npath,
            };
            // (One offset on one or two words: a regular numbering.)
            let most = if B::SQUARES <= 128 { 1 } else { MAX_SHIFTS };
            let same = |l: &LameShift<B>| (l.delta, l.path, l.npath) == (delta, path, st.npath);
            let k = out.slot(most, same, new)?;
            out.all[k].from.insert(Square::new(i));
        }
        Some(out)
    }
}

/// A [`Shape::Steps`](super::shape::Shape::Steps) pattern's tables as
/// offsets: its moves to empty squares, its captures, its lame leap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BulkSteps<B: Bits> {
    /// The pattern's id.
    pub pid: u32,
    pub quiet: Shifts<B>,
    pub cap: Shifts<B>,
    pub lame: LameShifts<B>,
    /// The squares any lame offset applies from.
    pub lame_from: B,
}

impl<B: Bits> BulkSteps<B> {
    /// The offsets of a pattern's step tables (`None`: a table without
    /// one), or `None` when some table does not split, or when the lame
    /// leap lands where a plain step of the same man does (the man-by-man
    /// path leaves that landing to the step).
    pub fn of(
        pid: usize,
        quiet: Option<&SqTable<B>>,
        cap: Option<&SqTable<B>>,
        lame: &[LameStep<B>; 256],
    ) -> Option<BulkSteps<B>> {
        let quiet = quiet.map_or(Some(Shifts::default()), Shifts::of)?;
        let cap = cap.map_or(Some(Shifts::default()), Shifts::of)?;
        let lame = LameShifts::of(lame)?;
        if lame.iter().any(|l| quiet.has(l.delta) || cap.has(l.delta)) {
            return None;
        }
        Some(BulkSteps {
            pid: pid as u32,
            quiet,
            cap,
            lame_from: lame.iter().fold(B::EMPTY, |acc, l| acc | l.from),
            lame,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::{B192, B64};

    /// Per square, the squares a shift of the whole set gives: the same as
    /// moving each square by itself.
    #[test]
    fn a_table_splits_into_offsets_that_rebuild_it() {
        // A pawn's captures on an 8×8 board: up-left and up-right, none off
        // the edges.
        let mut table = [B64::EMPTY; 256];
        for (i, targets) in table.iter_mut().enumerate().take(56) {
            let (x, y) = (i % 8, i / 8);
            for dx in [-1i32, 1] {
                let nx = x as i32 + dx;
                if (0..8).contains(&nx) {
                    targets.insert(Square::new((y + 1) * 8 + nx as usize));
                }
            }
        }
        let sh = Shifts::of(&table).expect("two offsets");
        assert_eq!(sh.n, 2);
        for (i, targets) in table.iter().enumerate().take(64) {
            let sq = Square::new(i);
            let rebuilt = sh
                .iter()
                .fold(B64::EMPTY, |acc, s| acc | s.apply(B64::from_square(sq)));
            assert_eq!(rebuilt, *targets, "square {i}");
        }
        // Five offsets are too many.
        let mut wide = [B64::EMPTY; 256];
        for (k, d) in [1usize, 2, 3, 4, 5].iter().enumerate() {
            wide[k].insert(Square::new(k + d));
        }
        assert!(Shifts::of(&wide).is_none());
    }

    /// A two-square step north on a 14-wide board whose rows 6 and 7
    /// have two squares fewer (numbered without them): four offsets (a
    /// landing and a path), each square's leap rebuilt by its own. On
    /// one word, a second offset is refused (one is what a regular
    /// numbering gives; so on two words).
    #[test]
    fn a_lame_table_splits_into_an_offset_per_row_kind() {
        let width = |row: usize| if row == 6 || row == 7 { 12 } else { 14 };
        let start = |row: usize| (0..row).map(width).sum::<usize>();
        // The index of column `x` of `row` (columns 6 and 7 missing in the
        // narrow rows).
        let at = |row: usize, x: usize| -> Option<usize> {
            if width(row) == 12 && (x == 6 || x == 7) {
                return None;
            }
            let skip = if width(row) == 12 && x > 7 { 2 } else { 0 };
            Some(start(row) + x - skip)
        };
        let mut table = [LameStep::<B192>::NONE; 256];
        for row in 0..12 {
            for x in 0..14 {
                let (Some(from), Some(mid), Some(to)) =
                    (at(row, x), at(row + 1, x), at(row + 2, x))
                else {
                    continue;
                };
                table[from] = LameStep {
                    to: Some(Square::new(to)),
                    path: B192::from_square(Square::new(mid)),
                    path_sqs: [Square::new(mid), Square::new(0), Square::new(0)],
                    npath: 1,
                };
            }
        }
        let l = LameShifts::of(&table).expect("at most four offsets");
        let mut offsets: Vec<(i32, &[i32])> = l.iter().map(|o| (o.delta, o.path())).collect();
        offsets.sort();
        let expect: [(i32, &[i32]); 4] = [(24, &[12]), (26, &[12]), (26, &[14]), (28, &[14])];
        assert_eq!(offsets, expect);
        for (i, st) in table.iter().enumerate().take(192) {
            let sq = Square::new(i);
            let mine: Vec<_> = l.iter().filter(|o| o.from.contains(sq)).collect();
            match st.to {
                None => assert!(mine.is_empty(), "square {i}"),
                Some(to) => {
                    assert_eq!(mine.len(), 1, "square {i}");
                    let o = mine[0];
                    assert_eq!(shift(B192::from_square(sq), o.delta), B192::from_square(to));
                    let path: B192 = o
                        .path()
                        .iter()
                        .map(|&p| Square::new((i as i32 + p) as usize))
                        .collect();
                    assert_eq!(path, st.path, "square {i}");
                }
            }
        }
        // Two offsets on one word are refused.
        let mut narrow = [LameStep::<B64>::NONE; 256];
        narrow[0].to = Some(Square::new(16));
        narrow[1].to = Some(Square::new(18));
        assert!(LameShifts::of(&narrow).is_none());
        narrow[1].to = Some(Square::new(17));
        assert_eq!(LameShifts::of(&narrow).expect("one offset").n, 1);
    }

    #[test]
    fn shifts_cross_words_and_drop_what_falls_off() {
        let set: B192 = [Square::new(0), Square::new(63), Square::new(191)]
            .into_iter()
            .collect();
        let up: B192 = [Square::new(70), Square::new(133)].into_iter().collect();
        assert_eq!(shift(set, 70), up);
        let down: B192 = [Square::new(0), Square::new(128)].into_iter().collect();
        assert_eq!(shift(set, -63), down);
        assert_eq!(shift(set, 0), set);
        assert_eq!(shift(set, 192), B192::EMPTY);
    }
}
