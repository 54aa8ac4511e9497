//! Squares: dense indices into the engine's internal grid.

use std::fmt;

/// A square of the internal grid: `y * width + x`, or with the real squares
/// numbered first (see [`SquareOrder`](super::SquareOrder)).
///
/// Boards go up to 16×16, so every index fits a `u8`: a table of 256
/// entries indexed by a square needs no bounds check. Only
/// [`Geometry`](super::Geometry) turns a square into coordinates or a
/// name, because the index depends on the board width.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(pub(crate) u8);

impl Square {
    /// The square with this index (0..256; higher indices wrap, so callers
    /// only pass indices of the grid).
    #[inline]
    pub const fn new(index: usize) -> Square {
        Square(index as u8)
    }

    /// The dense index (0..256), for table lookups.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({})", self.0)
    }
}
