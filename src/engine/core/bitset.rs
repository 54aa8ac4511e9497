//! A set of squares: 256 bits, one per square of the internal grid.

use super::square::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares as 4 × 64 bits; bit `i` is [`Square::new(i)`](Square::new).
///
/// Fixed width keeps one code path for every board: small boards use the
/// first word only and the other words stay zero.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitset(pub(crate) [u64; 4]);

impl Bitset {
    pub const EMPTY: Bitset = Bitset([0; 4]);
    pub const FULL: Bitset = Bitset([u64::MAX; 4]);

    /// The set holding only `sq`.
    #[inline]
    pub fn from_square(sq: Square) -> Bitset {
        let i = sq.index();
        let mut w = [0u64; 4];
        w[i >> 6] = 1u64 << (i & 63);
        Bitset(w)
    }

    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        let i = sq.index();
        i < 256 && (self.0[i >> 6] >> (i & 63)) & 1 != 0
    }

    #[inline]
    pub fn insert(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] |= 1u64 << (i & 63);
    }

    #[inline]
    pub fn remove(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] &= !(1u64 << (i & 63));
    }

    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] ^= 1u64 << (i & 63);
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    #[inline]
    pub fn any(&self) -> bool {
        !self.is_empty()
    }

    /// Number of squares. Sets are usually sparse and the baseline x86-64
    /// target has no popcount instruction, so bits are cleared one by one.
    #[inline]
    pub fn count(&self) -> u32 {
        let mut n = 0;
        for &w in &self.0 {
            let mut w = w;
            while w != 0 {
                w &= w - 1;
                n += 1;
            }
        }
        n
    }

    /// Whether the set has two or more squares.
    #[inline]
    pub fn more_than_one(&self) -> bool {
        let mut seen = false;
        for &w in &self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return true;
                }
                seen = true;
            }
        }
        false
    }

    /// The lowest square.
    #[inline]
    pub fn first(&self) -> Option<Square> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(Square::new(i * 64 + w.trailing_zeros() as usize));
            }
        }
        None
    }

    /// The highest square.
    #[inline]
    pub fn last(&self) -> Option<Square> {
        for i in (0..4).rev() {
            let w = self.0[i];
            if w != 0 {
                return Some(Square::new(i * 64 + 63 - w.leading_zeros() as usize));
            }
        }
        None
    }

    /// The lowest square if `lowest`, else the highest (the nearest square of
    /// a ray that runs toward higher or lower indices).
    #[inline]
    pub fn nearest(&self, lowest: bool) -> Option<Square> {
        if lowest {
            self.first()
        } else {
            self.last()
        }
    }

    /// Iterate over the squares, lowest first.
    #[inline]
    pub fn iter(self) -> BitsetIter {
        BitsetIter(self)
    }
}

/// Iterator over the squares of a [`Bitset`], lowest first.
#[derive(Clone)]
pub struct BitsetIter(Bitset);

impl Iterator for BitsetIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let words = &mut (self.0).0;
        for (i, w) in words.iter_mut().enumerate() {
            if *w != 0 {
                let tz = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(Square::new(i * 64 + tz));
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl IntoIterator for Bitset {
    type Item = Square;
    type IntoIter = BitsetIter;
    fn into_iter(self) -> BitsetIter {
        BitsetIter(self)
    }
}

impl FromIterator<Square> for Bitset {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitset {
        let mut b = Bitset::EMPTY;
        for sq in iter {
            b.insert(sq);
        }
        b
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitset {
            type Output = Bitset;
            #[inline]
            fn $f(self, o: Bitset) -> Bitset {
                Bitset([
                    self.0[0] $op o.0[0],
                    self.0[1] $op o.0[1],
                    self.0[2] $op o.0[2],
                    self.0[3] $op o.0[3],
                ])
            }
        }
        impl $tra for Bitset {
            #[inline]
            fn $fa(&mut self, o: Bitset) {
                self.0[0] = self.0[0] $op o.0[0];
                self.0[1] = self.0[1] $op o.0[1];
                self.0[2] = self.0[2] $op o.0[2];
                self.0[3] = self.0[3] $op o.0[3];
            }
        }
    };
}

binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitset {
    type Output = Bitset;
    #[inline]
    fn not(self) -> Bitset {
        Bitset([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl fmt::Debug for Bitset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|s| s.index()))
            .finish()
    }
}
