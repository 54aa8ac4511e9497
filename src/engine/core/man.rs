//! A man: kind, owner and facing packed in 16 bits.

use crate::ir::{Dir, PieceId, PlayerId};
use std::fmt;

/// One man on the board (or [`Man::EMPTY`]): `kind << 4 | owner << 2 | facing`.
///
/// The packed value is also the man's *code*, the index of its Zobrist keys.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Man(pub(crate) u16);

impl Man {
    /// No man (an empty square in the mailbox).
    pub const EMPTY: Man = Man(u16::MAX);

    #[inline]
    pub fn new(kind: PieceId, owner: PlayerId, facing: Dir) -> Man {
        Man(((kind as u16) << 4) | ((owner as u16 & 3) << 2) | facing.index() as u16)
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == u16::MAX
    }

    #[inline]
    pub fn kind(self) -> PieceId {
        (self.0 >> 4) as PieceId
    }

    #[inline]
    pub fn owner(self) -> PlayerId {
        ((self.0 >> 2) & 3) as PlayerId
    }

    #[inline]
    pub fn facing(self) -> Dir {
        Dir::from_index((self.0 & 3) as usize)
    }

    /// The packed value as an index.
    #[inline]
    pub(crate) fn code(self) -> usize {
        self.0 as usize
    }

    /// The same man turned into another kind (promotion).
    #[inline]
    pub fn with_kind(self, kind: PieceId) -> Man {
        Man((self.0 & 0xF) | ((kind as u16) << 4))
    }

    /// The same man given to another player (army transfer).
    #[inline]
    pub fn with_owner(self, owner: PlayerId) -> Man {
        Man((self.0 & !0xC) | ((owner as u16 & 3) << 2))
    }
}

impl fmt::Debug for Man {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            write!(f, "Man::EMPTY")
        } else {
            write!(
                f,
                "Man(kind {}, owner {}, {})",
                self.kind(),
                self.owner(),
                self.facing().name()
            )
        }
    }
}
