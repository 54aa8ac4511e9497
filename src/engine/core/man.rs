//! A man: kind, owner and facing packed in 16 bits.

use crate::ir::{Dir, PieceId, PlayerId};
use std::fmt;

/// One man on the board (or [`Man::EMPTY`]): `kind << 4 | owner << 2 | facing`.
///
/// The packed value is also the man's *code*, the index of its Zobrist keys.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Man(pub(crate) u16);

/// Bit of the promoted mark; the kind is above it. A man's code (its packed
/// value) counts the mark, so a promoted man has its own Zobrist keys.
const PROMOTED: u16 = 1 << 4;
const KIND_SHIFT: u16 = 5;

/// How many codes each kind has: 4 facings × 4 owners × promoted or not.
pub const CODES_PER_KIND: usize = 32;

impl Man {
    /// No man (an empty square in the mailbox).
    pub const EMPTY: Man = Man(u16::MAX);

    #[inline]
    pub fn new(kind: PieceId, owner: PlayerId, facing: Dir) -> Man {
        Man(((kind as u16) << KIND_SHIFT) | ((owner as u16 & 3) << 2) | facing.index() as u16)
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == u16::MAX
    }

    #[inline]
    pub fn kind(self) -> PieceId {
        (self.0 >> KIND_SHIFT) as PieceId
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
        Man((self.0 & 0x1F) | ((kind as u16) << KIND_SHIFT))
    }

    /// Whether the man was promoted (marked `~` in FEN); only variants
    /// that demote captured men (`captures to hand demoted`) mark them.
    #[inline]
    pub fn promoted(self) -> bool {
        !self.is_empty() && self.0 & PROMOTED != 0
    }

    /// The same man, marked promoted or not.
    #[inline]
    pub fn with_promoted(self, promoted: bool) -> Man {
        if promoted {
            Man(self.0 | PROMOTED)
        } else {
            Man(self.0 & !PROMOTED)
        }
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
