//! Sets of squares as bits: [`Bits`] is what the engine needs of a set, and
//! four widths implement it — [`B64`] for boards up to 64 squares (a plain
//! `u64`: 8×8 chess), [`B128`] up to 128, [`B192`] (3 × 64 bits) up to 192
//! and [`Bitset`] (4 × 64 bits) up to the largest grid, 16×16. The compile
//! stage picks the smallest width a variant's squares fit and the engine is
//! monomorphised for it.

use super::square::Square;
use std::fmt;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares of the internal grid; bit `i` is [`Square::new(i)`](Square::new).
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Default
    + fmt::Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + FromIterator<Square>
    + IntoIterator<Item = Square, IntoIter = BitsIter<Self>>
{
    const EMPTY: Self;
    const FULL: Self;
    /// How many squares the set can hold.
    const SQUARES: usize;

    /// The set holding only `sq`.
    fn from_square(sq: Square) -> Self;
    /// [`Bits::from_square`], for changing a set that is read back whole
    /// soon after: a set of several words comes from a table, so that
    /// `set ^= B::single(sq)` writes the set whole. (Flipping one word in
    /// place leaves a narrow store that a whole read cannot take over from
    /// the store buffer: the read waits for it to reach the cache.)
    fn single(sq: Square) -> Self;
    fn contains(&self, sq: Square) -> bool;
    fn insert(&mut self, sq: Square);
    fn remove(&mut self, sq: Square);
    fn toggle(&mut self, sq: Square);
    fn is_empty(&self) -> bool;
    /// Number of squares.
    fn count(&self) -> u32;
    /// Whether the set has two or more squares.
    fn more_than_one(&self) -> bool;
    /// The lowest square.
    fn first(&self) -> Option<Square>;
    /// The highest square.
    fn last(&self) -> Option<Square>;
    /// Remove and return the lowest square.
    fn pop_first(&mut self) -> Option<Square>;
    /// The same squares in the widest set.
    fn widen(self) -> Bitset;
    /// The set moved `n` squares up (square `i` to `i + n`; squares moved
    /// past the last are dropped).
    fn shift_up(self, n: u32) -> Self;
    /// The set moved `n` squares down (square `i` to `i - n`; squares moved
    /// below 0 are dropped).
    fn shift_down(self, n: u32) -> Self;
    /// The 64 squares from `start` as bits (bit `j` is square `start + j`;
    /// squares past the last read as absent).
    fn bits_from(&self, start: usize) -> u64;
    /// The squares of a wide set that this width can hold.
    fn narrow(wide: Bitset) -> Self;
    /// The squares from the nearest member on: with `lowest`, every square
    /// up to and including the lowest member; else every square from the
    /// highest member up. Every square when the set is empty. (A ray's
    /// squares up to its first man, without a second table lookup:
    /// `ray & (ray & occ).through_nearest(lowest)`.)
    fn through_nearest(&self, lowest: bool) -> Self;

    #[inline]
    fn any(&self) -> bool {
        !self.is_empty()
    }

    /// The lowest square if `lowest`, else the highest (the nearest square
    /// of a ray that runs toward higher or lower indices).
    #[inline]
    fn nearest(&self, lowest: bool) -> Option<Square> {
        if lowest {
            self.first()
        } else {
            self.last()
        }
    }

    /// Iterate over the squares, lowest first.
    #[inline]
    fn iter(self) -> BitsIter<Self> {
        BitsIter(self)
    }
}

/// Iterator over the squares of a set, lowest first.
#[derive(Clone)]
pub struct BitsIter<B: Bits>(B);

impl<B: Bits> Iterator for BitsIter<B> {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.0.pop_first()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

/// The iterator of the widest set.
pub type BitsetIter = BitsIter<Bitset>;

macro_rules! word_set {
    ($(#[$doc:meta])* $name:ident, $word:ty, $bits:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
        pub struct $name(pub(crate) $word);

        impl Bits for $name {
            const EMPTY: Self = $name(0);
            const FULL: Self = $name(<$word>::MAX);
            const SQUARES: usize = $bits;

            #[inline]
            fn from_square(sq: Square) -> Self {
                $name(1 << sq.index())
            }
            #[inline(always)]
            fn single(sq: Square) -> Self {
                $name(1 << sq.index())
            }
            #[inline]
            fn contains(&self, sq: Square) -> bool {
                let i = sq.index();
                i < $bits && (self.0 >> i) & 1 != 0
            }
            #[inline]
            fn insert(&mut self, sq: Square) {
                self.0 |= 1 << sq.index();
            }
            #[inline]
            fn remove(&mut self, sq: Square) {
                self.0 &= !(1 << sq.index());
            }
            #[inline]
            fn toggle(&mut self, sq: Square) {
                self.0 ^= 1 << sq.index();
            }
            #[inline]
            fn is_empty(&self) -> bool {
                self.0 == 0
            }
            #[inline]
            fn count(&self) -> u32 {
                self.0.count_ones()
            }
            #[inline]
            fn more_than_one(&self) -> bool {
                self.0 & self.0.wrapping_sub(1) != 0
            }
            #[inline]
            fn first(&self) -> Option<Square> {
                (self.0 != 0).then(|| Square::new(self.0.trailing_zeros() as usize))
            }
            #[inline]
            fn last(&self) -> Option<Square> {
                (self.0 != 0).then(|| Square::new($bits - 1 - self.0.leading_zeros() as usize))
            }
            #[inline]
            fn pop_first(&mut self) -> Option<Square> {
                if self.0 == 0 {
                    return None;
                }
                let sq = Square::new(self.0.trailing_zeros() as usize);
                self.0 &= self.0 - 1;
                Some(sq)
            }
            #[inline]
            fn widen(self) -> Bitset {
                let mut w = [0u64; 4];
                for (i, slot) in w.iter_mut().enumerate().take($bits / 64) {
                    *slot = (self.0 >> (64 * i)) as u64;
                }
                Bitset(w)
            }
            #[inline]
            fn shift_up(self, n: u32) -> Self {
                $name(self.0.checked_shl(n).unwrap_or(0))
            }
            #[inline]
            fn shift_down(self, n: u32) -> Self {
                $name(self.0.checked_shr(n).unwrap_or(0))
            }
            #[inline]
            fn bits_from(&self, start: usize) -> u64 {
                self.0.checked_shr(start as u32).unwrap_or(0) as u64
            }
            #[inline(always)]
            fn through_nearest(&self, lowest: bool) -> Self {
                let x = self.0;
                if lowest {
                    $name(x ^ x.wrapping_sub(1))
                } else if x == 0 {
                    $name(<$word>::MAX)
                } else {
                    $name(<$word>::MAX << ($bits - 1 - x.leading_zeros()))
                }
            }
            #[inline]
            fn narrow(wide: Bitset) -> Self {
                let mut v: $word = 0;
                for i in 0..$bits / 64 {
                    v |= (wide.0[i] as $word) << (64 * i);
                }
                $name(v)
            }
        }

        impl BitAnd for $name {
            type Output = $name;
            #[inline]
            fn bitand(self, o: $name) -> $name {
                $name(self.0 & o.0)
            }
        }
        impl BitOr for $name {
            type Output = $name;
            #[inline]
            fn bitor(self, o: $name) -> $name {
                $name(self.0 | o.0)
            }
        }
        impl BitXor for $name {
            type Output = $name;
            #[inline]
            fn bitxor(self, o: $name) -> $name {
                $name(self.0 ^ o.0)
            }
        }
        impl BitAndAssign for $name {
            #[inline]
            fn bitand_assign(&mut self, o: $name) {
                self.0 &= o.0;
            }
        }
        impl BitOrAssign for $name {
            #[inline]
            fn bitor_assign(&mut self, o: $name) {
                self.0 |= o.0;
            }
        }
        impl BitXorAssign for $name {
            #[inline]
            fn bitxor_assign(&mut self, o: $name) {
                self.0 ^= o.0;
            }
        }
        impl Not for $name {
            type Output = $name;
            #[inline]
            fn not(self) -> $name {
                $name(!self.0)
            }
        }
        set_iter_debug!($name);
    };
}

/// Iteration, collection and `Debug` of a set type (the same for every
/// width).
macro_rules! set_iter_debug {
    ($name:ident) => {
        impl IntoIterator for $name {
            type Item = Square;
            type IntoIter = BitsIter<$name>;
            #[inline]
            fn into_iter(self) -> BitsIter<$name> {
                BitsIter(self)
            }
        }
        impl FromIterator<Square> for $name {
            fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> $name {
                let mut b = <$name as Bits>::EMPTY;
                for sq in iter {
                    b.insert(sq);
                }
                b
            }
        }
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_set()
                    .entries(self.iter().map(|s| s.index()))
                    .finish()
            }
        }
    };
}

word_set!(
    /// A set of up to 64 squares in one `u64`.
    B64,
    u64,
    64
);
word_set!(
    /// A set of up to 128 squares in one `u128`.
    B128,
    u128,
    128
);

macro_rules! words_set {
    ($(#[$doc:meta])* $name:ident, $n:expr, [$($i:tt),*]) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
        pub struct $name(pub(crate) [u64; $n]);

        impl Bits for $name {
            const EMPTY: $name = $name([0; $n]);
            const FULL: $name = $name([u64::MAX; $n]);
            const SQUARES: usize = 64 * $n;

            #[inline]
            fn from_square(sq: Square) -> $name {
                let i = sq.index();
                let mut w = [0u64; $n];
                w[i >> 6] = 1u64 << (i & 63);
                $name(w)
            }
            #[inline(always)]
            fn single(sq: Square) -> $name {
                const fn table() -> [$name; 256] {
                    let mut t = [$name([0; $n]); 256];
                    let mut i = 0;
                    while i < 256 {
                        if i < 64 * $n {
                            t[i].0[i >> 6] = 1u64 << (i & 63);
                        }
                        i += 1;
                    }
                    t
                }
                static SINGLE: [$name; 256] = table();
                SINGLE[sq.index()]
            }
            #[inline]
            fn contains(&self, sq: Square) -> bool {
                let i = sq.index();
                i < 64 * $n && (self.0[i >> 6] >> (i & 63)) & 1 != 0
            }
            #[inline]
            fn insert(&mut self, sq: Square) {
                let i = sq.index();
                self.0[i >> 6] |= 1u64 << (i & 63);
            }
            #[inline]
            fn remove(&mut self, sq: Square) {
                let i = sq.index();
                self.0[i >> 6] &= !(1u64 << (i & 63));
            }
            #[inline]
            fn toggle(&mut self, sq: Square) {
                let i = sq.index();
                self.0[i >> 6] ^= 1u64 << (i & 63);
            }
            #[inline]
            fn is_empty(&self) -> bool {
                ($(self.0[$i])|*) == 0
            }
            #[inline]
            fn count(&self) -> u32 {
                // Most sets of a move's targets lie in one or two words:
                // skipping the empty ones saves the (software) population
                // counts.
                let mut n = 0;
                for &w in &self.0 {
                    if w != 0 {
                        n += w.count_ones();
                    }
                }
                n
            }
            #[inline]
            fn more_than_one(&self) -> bool {
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
            #[inline]
            fn first(&self) -> Option<Square> {
                for (i, &w) in self.0.iter().enumerate() {
                    if w != 0 {
                        return Some(Square::new(i * 64 + w.trailing_zeros() as usize));
                    }
                }
                None
            }
            #[inline]
            fn last(&self) -> Option<Square> {
                for i in (0..$n).rev() {
                    let w = self.0[i];
                    if w != 0 {
                        return Some(Square::new(i * 64 + 63 - w.leading_zeros() as usize));
                    }
                }
                None
            }
            #[inline]
            fn pop_first(&mut self) -> Option<Square> {
                for (i, w) in self.0.iter_mut().enumerate() {
                    if *w != 0 {
                        let tz = w.trailing_zeros() as usize;
                        *w &= *w - 1;
                        return Some(Square::new(i * 64 + tz));
                    }
                }
                None
            }
            #[inline]
            fn widen(self) -> Bitset {
                let mut w = [0u64; 4];
                w[..$n].copy_from_slice(&self.0);
                Bitset(w)
            }
            #[inline(always)]
            fn through_nearest(&self, lowest: bool) -> $name {
                let mut out = [0u64; $n];
                if lowest {
                    // x ^ (x - 1) over the words: the borrow runs up
                    // through the empty words to the lowest member's.
                    let mut borrow = true;
                    for (o, &w) in out.iter_mut().zip(&self.0) {
                        let (d, b) = w.overflowing_sub(borrow as u64);
                        *o = w ^ d;
                        borrow = b;
                    }
                } else {
                    let mut open = true;
                    for i in (0..$n).rev() {
                        let w = self.0[i];
                        out[i] = match (open, w) {
                            (false, _) => 0,
                            (true, 0) => u64::MAX,
                            _ => u64::MAX << (63 - w.leading_zeros()),
                        };
                        open &= w == 0;
                    }
                }
                $name(out)
            }
            #[inline]
            fn narrow(wide: Bitset) -> $name {
                let mut w = [0u64; $n];
                w.copy_from_slice(&wide.0[..$n]);
                $name(w)
            }
            #[inline(always)]
            fn shift_up(self, n: u32) -> $name {
                let (q, r) = ((n / 64) as usize, n % 64);
                let mut out = [0u64; $n];
                if q == 0 {
                    // (Within a word, branch-free: `(w >> 1) >> (63 - r)`
                    // is `w >> (64 - r)`, and 0 when `r` is 0.)
                    out[0] = self.0[0] << r;
                    for i in 1..$n {
                        out[i] = (self.0[i] << r) | ((self.0[i - 1] >> 1) >> (63 - r));
                    }
                    return $name(out);
                }
                for (i, o) in out.iter_mut().enumerate().skip(q) {
                    *o = self.0[i - q] << r;
                    if r > 0 && i > q {
                        *o |= self.0[i - q - 1] >> (64 - r);
                    }
                }
                $name(out)
            }
            #[inline(always)]
            fn shift_down(self, n: u32) -> $name {
                let (q, r) = ((n / 64) as usize, n % 64);
                let mut out = [0u64; $n];
                if q == 0 {
                    for i in 0..$n - 1 {
                        out[i] = (self.0[i] >> r) | ((self.0[i + 1] << 1) << (63 - r));
                    }
                    out[$n - 1] = self.0[$n - 1] >> r;
                    return $name(out);
                }
                for (i, o) in out.iter_mut().enumerate().take(($n as usize).saturating_sub(q)) {
                    *o = self.0[i + q] >> r;
                    if r > 0 && i + q + 1 < $n {
                        *o |= self.0[i + q + 1] << (64 - r);
                    }
                }
                $name(out)
            }
            #[inline]
            fn bits_from(&self, start: usize) -> u64 {
                let (q, r) = (start / 64, start % 64);
                if q >= $n {
                    return 0;
                }
                let mut v = self.0[q] >> r;
                if r > 0 && q + 1 < $n {
                    v |= self.0[q + 1] << (64 - r);
                }
                v
            }
        }

        words_set!(@binop $name, BitAnd, bitand, BitAndAssign, bitand_assign, &, [$($i),*]);
        words_set!(@binop $name, BitOr, bitor, BitOrAssign, bitor_assign, |, [$($i),*]);
        words_set!(@binop $name, BitXor, bitxor, BitXorAssign, bitxor_assign, ^, [$($i),*]);

        impl Not for $name {
            type Output = $name;
            #[inline]
            fn not(self) -> $name {
                $name([$(!self.0[$i]),*])
            }
        }

        set_iter_debug!($name);
    };
    (@binop $name:ident, $tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt, [$($i:tt),*]) => {
        impl $tr for $name {
            type Output = $name;
            #[inline]
            fn $f(self, o: $name) -> $name {
                $name([$(self.0[$i] $op o.0[$i]),*])
            }
        }
        impl $tra for $name {
            #[inline]
            fn $fa(&mut self, o: $name) {
                $(self.0[$i] = self.0[$i] $op o.0[$i];)*
            }
        }
    };
}

words_set!(
    /// A set of up to 192 squares as 3 × 64 bits (for example a 14×14
    /// board with four holes, its squares numbered real squares first).
    B192,
    3,
    [0, 1, 2]
);
words_set!(
    /// A set of up to 256 squares as 4 × 64 bits: the widest set, and the
    /// one the public API speaks.
    Bitset,
    4,
    [0, 1, 2, 3]
);

impl Bitset {
    pub const EMPTY: Bitset = Bitset([0; 4]);
    pub const FULL: Bitset = Bitset([u64::MAX; 4]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<B: Bits>() {
        let sqs = [0usize, 1, 7, 63];
        let mut b = B::EMPTY;
        for &i in &sqs {
            b.insert(Square::new(i));
        }
        assert_eq!(b.count(), 4);
        assert_eq!(b.first(), Some(Square::new(0)));
        assert_eq!(b.last(), Some(Square::new(63)));
        assert!(b.more_than_one());
        assert_eq!(b.iter().map(|s| s.index()).collect::<Vec<_>>(), sqs);
        assert_eq!(B::narrow(b.widen()), b);
        b.remove(Square::new(0));
        b.toggle(Square::new(1));
        assert_eq!(b.first(), Some(Square::new(7)));
        assert!(!B::from_square(Square::new(5)).more_than_one());
    }

    #[test]
    fn every_width_is_a_set_of_squares() {
        check::<B64>();
        check::<B128>();
        check::<B192>();
        check::<Bitset>();
        let mut wide = Bitset::EMPTY;
        wide.insert(Square::new(200));
        assert_eq!(wide.last(), Some(Square::new(200)));
        assert_eq!(B128::narrow(wide), B128::EMPTY);
    }

    fn shifts<B: Bits>() {
        let sqs = [0usize, 5, 63, B::SQUARES - 1];
        let set: B = sqs.iter().map(|&i| Square::new(i)).collect();
        for n in [0u32, 1, 7, 63, 64, 65, 100, 200] {
            let up: Vec<usize> = sqs
                .iter()
                .map(|&i| i + n as usize)
                .filter(|&i| i < B::SQUARES)
                .collect();
            let down: Vec<usize> = sqs
                .iter()
                .filter_map(|&i| i.checked_sub(n as usize))
                .collect();
            let want_up: B = up.iter().map(|&i| Square::new(i)).collect();
            let want_down: B = down.iter().map(|&i| Square::new(i)).collect();
            assert_eq!(set.shift_up(n), want_up, "up {n}");
            assert_eq!(set.shift_down(n), want_down, "down {n}");
        }
        for start in [0usize, 3, 60, 64, 70, B::SQUARES - 2] {
            let want = sqs
                .iter()
                .filter(|&&i| i >= start && i < start + 64)
                .fold(0u64, |w, &i| w | 1 << (i - start));
            assert_eq!(set.bits_from(start), want, "from {start}");
        }
    }

    fn singles<B: Bits>() {
        for i in 0..B::SQUARES.min(256) {
            let sq = Square::new(i);
            assert_eq!(B::single(sq), B::from_square(sq), "square {i}");
        }
    }

    #[test]
    fn a_single_square_from_the_table_is_the_square_alone() {
        singles::<B64>();
        singles::<B128>();
        singles::<B192>();
        singles::<Bitset>();
    }

    /// `through_nearest` against its definition, on sets of zero to three
    /// squares spread over every word.
    fn throughs<B: Bits>() {
        let n = B::SQUARES;
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..4000 {
            let mut set = B::EMPTY;
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            for k in 0..(rng % 4) {
                set.insert(Square::new(((rng >> (8 + 16 * k)) as usize) % n));
            }
            for lowest in [true, false] {
                let got = set.through_nearest(lowest);
                let want: B = (0..n)
                    .map(Square::new)
                    .filter(|sq| match set.nearest(lowest) {
                        None => true,
                        Some(b) if lowest => sq.index() <= b.index(),
                        Some(b) => sq.index() >= b.index(),
                    })
                    .collect();
                assert!(got == want, "{set:?} lowest {lowest}: {got:?}");
            }
        }
    }

    #[test]
    fn the_squares_through_the_nearest_member_end_there() {
        throughs::<B64>();
        throughs::<B128>();
        throughs::<B192>();
        throughs::<Bitset>();
    }

    #[test]
    fn shifts_and_windows_of_bits_match_square_arithmetic() {
        shifts::<B64>();
        shifts::<B128>();
        shifts::<Bitset>();
    }
}
