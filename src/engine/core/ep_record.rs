//! An en-passant record: what a lame move leaves for the capture that may
//! follow it.

use super::players::PlayerSet;
use super::square::Square;

/// One en-passant record: the man that made a lame move, the squares it
/// passed, and the players who may still capture it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EpRecord {
    /// Square of the man that passed.
    pub victim: Square,
    /// The passed squares, `ntargets` of them.
    pub targets: [Square; 3],
    pub ntargets: u8,
    /// The players who may still take it.
    pub eligible: PlayerSet,
}

impl EpRecord {
    /// The targets in order.
    #[inline]
    pub fn targets(&self) -> &[Square] {
        &self.targets[..self.ntargets as usize]
    }
}
