//! The directions of a variant's movement tables: each absolute vector
//! with its opposite, the lines of a board that wraps, and the lame steps
//! from each square.

use crate::engine::core::{Bits, Square};

/// An absolute direction vector with its tables.
#[derive(Clone, Debug)]
pub struct DirInfo {
    pub v: (i32, i32),
    /// Along this direction square indices grow, so the nearest square of a
    /// ray is its lowest.
    pub lowest: bool,
    /// Index of the opposite direction.
    pub neg: u16,
    /// Index of this direction's lame steps in `lame` (lame directions only).
    pub lame_base: Option<u32>,
}

/// The lines of one direction on a board that wraps: per square, the
/// squares `sq+v, sq+2v, …` in order, across wrapped edges, up to a hole,
/// an edge that does not wrap, or the square before `sq` itself.
#[derive(Clone, Debug, Default)]
pub struct WrapLines {
    /// Per square, where its line starts in `squares` (and, at the next
    /// square's index, where it ends).
    pub start: Vec<u32>,
    pub squares: Vec<Square>,
}

impl WrapLines {
    /// The line from `sq`, nearest square first.
    #[inline]
    pub fn from(&self, sq: Square) -> &[Square] {
        let i = sq.index();
        &self.squares[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// One lame step from a square.
#[derive(Clone, Copy, Debug)]
pub struct LameStep<B: Bits> {
    /// The landing square; `None` when it or a path square is not real.
    pub to: Option<Square>,
    /// The path squares, which must be empty.
    pub path: B,
    /// The path squares in order (en-passant targets), `npath` of them.
    pub path_sqs: [Square; 3],
    pub npath: u8,
}

impl<B: Bits> LameStep<B> {
    /// No step: the landing square or a path square is not real.
    pub const NONE: LameStep<B> = LameStep {
        to: None,
        path: B::EMPTY,
        path_sqs: [Square::new(0); 3],
        npath: 0,
    };
}
