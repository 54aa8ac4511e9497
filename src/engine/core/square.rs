//! Squares: dense indices into the engine's internal grid.

use std::fmt;

/// A square of the internal grid, `y * width + x`.
///
/// Boards go up to 16×16, so an index needs the full range of a `u8`; the
/// square is a `u16` so that [`Square::NONE`] exists besides the 256 real
/// indices. Only [`Geometry`](super::Geometry) turns a square into
/// coordinates or a name, because the index depends on the board width.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(pub(crate) u16);

impl Square {
    /// "No square" (a drop has no origin, a pass has no squares).
    pub const NONE: Square = Square(u16::MAX);

    /// The square with this index. Indices above 255 are not squares.
    #[inline]
    pub const fn new(index: usize) -> Square {
        Square(index as u16)
    }

    /// The dense index (0..256), for table lookups.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == u16::MAX
    }

    #[inline]
    pub const fn is_some(self) -> bool {
        self.0 != u16::MAX
    }

    /// `Some(self)` unless this is [`Square::NONE`].
    #[inline]
    pub fn get(self) -> Option<Square> {
        if self.is_none() {
            None
        } else {
            Some(self)
        }
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            write!(f, "Square::NONE")
        } else {
            write!(f, "Square({})", self.0)
        }
    }
}
