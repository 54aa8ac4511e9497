//! [`KindSet`]: a set of piece kinds, one bit per kind.

use super::{PieceId, MAX_PIECES};
use serde::{Deserialize, Serialize};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of piece kinds (indices into [`super::Variant::pieces`]), one bit
/// per kind in one machine word: [`MAX_PIECES`] is its width, so a test
/// costs one shift and one `and`, as the `u32` masks it replaces did.
/// Serialized as its bits (a plain number).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct KindSet(u64);

const _: () = assert!(MAX_PIECES == u64::BITS as usize);

impl KindSet {
    pub const EMPTY: KindSet = KindSet(0);

    /// The set of one kind.
    #[inline]
    pub const fn one(k: PieceId) -> KindSet {
        KindSet(1 << k)
    }

    /// The set of the first `n` kinds (`n` at most [`MAX_PIECES`]).
    #[inline]
    pub const fn first(n: usize) -> KindSet {
        if n >= MAX_PIECES {
            KindSet(u64::MAX)
        } else {
            KindSet((1 << n) - 1)
        }
    }

    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    #[inline]
    pub const fn from_bits(bits: u64) -> KindSet {
        KindSet(bits)
    }

    #[inline]
    pub const fn contains(self, k: PieceId) -> bool {
        self.0 & (1 << k) != 0
    }

    #[inline]
    pub fn insert(&mut self, k: PieceId) {
        self.0 |= 1 << k;
    }

    #[inline]
    pub fn remove(&mut self, k: PieceId) {
        self.0 &= !(1 << k);
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the two sets share a kind.
    #[inline]
    pub const fn meets(self, o: KindSet) -> bool {
        self.0 & o.0 != 0
    }

    /// The kinds, lowest first.
    pub fn iter(self) -> impl Iterator<Item = PieceId> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let k = bits.trailing_zeros() as PieceId;
                bits &= bits - 1;
                k
            })
        })
    }
}

impl FromIterator<PieceId> for KindSet {
    fn from_iter<I: IntoIterator<Item = PieceId>>(it: I) -> KindSet {
        let mut s = KindSet::EMPTY;
        for k in it {
            s.insert(k);
        }
        s
    }
}

impl<'a> FromIterator<&'a PieceId> for KindSet {
    fn from_iter<I: IntoIterator<Item = &'a PieceId>>(it: I) -> KindSet {
        it.into_iter().copied().collect()
    }
}

impl BitOr for KindSet {
    type Output = KindSet;
    #[inline]
    fn bitor(self, o: KindSet) -> KindSet {
        KindSet(self.0 | o.0)
    }
}

impl BitAnd for KindSet {
    type Output = KindSet;
    #[inline]
    fn bitand(self, o: KindSet) -> KindSet {
        KindSet(self.0 & o.0)
    }
}

impl BitOrAssign for KindSet {
    #[inline]
    fn bitor_assign(&mut self, o: KindSet) {
        self.0 |= o.0;
    }
}

impl BitAndAssign for KindSet {
    #[inline]
    fn bitand_assign(&mut self, o: KindSet) {
        self.0 &= o.0;
    }
}

impl Not for KindSet {
    type Output = KindSet;
    #[inline]
    fn not(self) -> KindSet {
        KindSet(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_above_thirty_one_are_their_own_bits() {
        let mut s = KindSet::EMPTY;
        s.insert(0);
        s.insert(31);
        s.insert(32);
        s.insert(63);
        assert!(s.contains(32) && s.contains(63) && s.contains(31));
        assert!(!s.contains(1) && !s.contains(33));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 31, 32, 63]);
        assert_eq!(s.len(), 4);
        s.remove(32);
        assert!(!s.contains(32));
        assert_eq!(KindSet::first(64).len(), 64);
        assert_eq!(KindSet::first(40).iter().last(), Some(39));
        assert_eq!(
            [40u8, 2].iter().collect::<KindSet>(),
            KindSet::one(2) | KindSet::one(40)
        );
    }

    #[test]
    fn a_kind_set_serializes_as_its_bits() {
        let s = KindSet::one(1) | KindSet::one(40);
        let j = serde_json::to_string(&s).unwrap();
        assert_eq!(j, (2u64 | 1 << 40).to_string());
        assert_eq!(serde_json::from_str::<KindSet>(&j).unwrap(), s);
    }
}
