//! Sets of players and per-player containers.

use crate::ir::{PlayerId, MAX_PLAYERS};
use std::ops::{BitAnd, BitOr, Index, IndexMut, Not};

/// A set of players, one bit per player (at most [`MAX_PLAYERS`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct PlayerSet(u8);

impl PlayerSet {
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// The set of the first `n` players.
    #[inline]
    pub const fn first(n: usize) -> PlayerSet {
        PlayerSet(((1u16 << n) - 1) as u8)
    }

    #[inline]
    pub const fn from_bits(bits: u8) -> PlayerSet {
        PlayerSet(bits)
    }

    #[inline]
    pub const fn one(p: PlayerId) -> PlayerSet {
        PlayerSet(1 << p)
    }

    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    #[inline]
    pub const fn contains(self, p: PlayerId) -> bool {
        self.0 & (1 << p) != 0
    }

    #[inline]
    pub fn insert(&mut self, p: PlayerId) {
        self.0 |= 1 << p;
    }

    #[inline]
    pub fn remove(&mut self, p: PlayerId) {
        self.0 &= !(1 << p);
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest player of the set.
    #[inline]
    pub fn lowest(self) -> Option<PlayerId> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as PlayerId)
    }

    /// The players, lowest first.
    pub fn iter(self) -> impl Iterator<Item = PlayerId> {
        (0..MAX_PLAYERS as PlayerId).filter(move |&p| self.contains(p))
    }
}

impl BitOr for PlayerSet {
    type Output = PlayerSet;
    #[inline]
    fn bitor(self, o: PlayerSet) -> PlayerSet {
        PlayerSet(self.0 | o.0)
    }
}

impl BitAnd for PlayerSet {
    type Output = PlayerSet;
    #[inline]
    fn bitand(self, o: PlayerSet) -> PlayerSet {
        PlayerSet(self.0 & o.0)
    }
}

impl Not for PlayerSet {
    type Output = PlayerSet;
    /// The complement within [`MAX_PLAYERS`] players.
    #[inline]
    fn not(self) -> PlayerSet {
        PlayerSet(!self.0 & PlayerSet::first(MAX_PLAYERS).0)
    }
}

/// One value per player, indexed by [`PlayerId`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct ByPlayer<T>(pub [T; MAX_PLAYERS]);

impl<T: Copy> ByPlayer<T> {
    pub const fn splat(v: T) -> ByPlayer<T> {
        ByPlayer([v; MAX_PLAYERS])
    }
}

impl<T> Index<PlayerId> for ByPlayer<T> {
    type Output = T;
    #[inline]
    fn index(&self, p: PlayerId) -> &T {
        &self.0[p as usize]
    }
}

impl<T> IndexMut<PlayerId> for ByPlayer<T> {
    #[inline]
    fn index_mut(&mut self, p: PlayerId) -> &mut T {
        &mut self.0[p as usize]
    }
}
