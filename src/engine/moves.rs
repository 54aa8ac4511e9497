//! The move type and the move list.

use super::square::Square;
use crate::ir::PieceId;
use std::ops::{Deref, DerefMut};

/// What an action does. Every action of every variant is one [`Move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    /// A man moves `from` → `to`, capturing what stands on `to`; promotes
    /// when [`Move::promotion`] is set.
    Normal,
    /// A lame leap that passes squares (a pawn's double step): like
    /// `Normal`, and the passed squares become en-passant targets. `aux`
    /// holds the direction index of the leap.
    Lame,
    /// An en-passant capture: moves `from` → `to` (an empty square) and
    /// removes the man on the victim square (`aux`).
    EnPassant,
    /// Castling: the royal moves `from` → `to`; the partner on `aux` moves
    /// to the square the royal crossed.
    Castle,
    /// Place a man of kind `piece` from the hand on `to`.
    Drop,
    /// Draw the top card of the deck and place it on `to` (issue 5).
    DrawPlace,
    /// Place `piece` on `to`, then move that man to `aux` (issue 4).
    PlaceAndMove,
    /// Place `piece` on `to` and send the man on `aux` to its owner's hand
    /// (issue 4).
    PlaceAndReturn,
    /// Exchange the men on `from` and `to` (a power).
    Swap,
    /// Do nothing.
    Pass,
}

const NO_PIECE: u8 = u8::MAX;

/// One action, 8 bytes, `Copy`.
///
/// Squares are internal grid squares; [`Position::move_text`] and
/// [`Position::parse_move`] convert from and to text.
///
/// [`Position::move_text`]: super::Position::move_text
/// [`Position::parse_move`]: super::Position::parse_move
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) aux: u16,
    pub(crate) kind: MoveKind,
    pub(crate) piece: u8,
}

impl Move {
    /// A pass.
    pub const PASS: Move = Move {
        from: Square::NONE,
        to: Square::NONE,
        aux: u16::MAX,
        kind: MoveKind::Pass,
        piece: NO_PIECE,
    };

    #[inline]
    pub(crate) const fn new(from: Square, to: Square, aux: u16, kind: MoveKind, piece: u8) -> Move {
        Move {
            from,
            to,
            aux,
            kind,
            piece,
        }
    }

    /// A plain move (no promotion).
    pub fn normal(from: Square, to: Square) -> Move {
        Move::new(from, to, u16::MAX, MoveKind::Normal, NO_PIECE)
    }

    /// Place a man of `kind` from the hand on `to`.
    pub fn drop(kind: PieceId, to: Square) -> Move {
        Move::new(Square::NONE, to, u16::MAX, MoveKind::Drop, kind)
    }

    /// Place `kind` on `at`, then move the placed man to `then`.
    pub fn place_and_move(kind: PieceId, at: Square, then: Square) -> Move {
        Move::new(Square::NONE, at, then.0, MoveKind::PlaceAndMove, kind)
    }

    /// Place `kind` on `at` and return the man on `returned` to its owner's hand.
    pub fn place_and_return(kind: PieceId, at: Square, returned: Square) -> Move {
        Move::new(Square::NONE, at, returned.0, MoveKind::PlaceAndReturn, kind)
    }

    /// Place the drawn card (of `kind`) on `at`.
    pub fn draw_place(kind: PieceId, at: Square) -> Move {
        Move::new(Square::NONE, at, u16::MAX, MoveKind::DrawPlace, kind)
    }

    /// Exchange the men on `a` and `b`.
    pub fn swap(a: Square, b: Square) -> Move {
        Move::new(a, b, u16::MAX, MoveKind::Swap, NO_PIECE)
    }

    #[inline]
    pub fn kind(self) -> MoveKind {
        self.kind
    }

    /// Origin square (none for placements and passes).
    #[inline]
    pub fn from(self) -> Option<Square> {
        self.from.get()
    }

    /// Destination (or placement) square.
    #[inline]
    pub fn to(self) -> Option<Square> {
        self.to.get()
    }

    /// The kind a moving man becomes.
    #[inline]
    pub fn promotion(self) -> Option<PieceId> {
        match self.kind {
            MoveKind::Normal | MoveKind::Lame | MoveKind::EnPassant if self.piece != NO_PIECE => {
                Some(self.piece)
            }
            _ => None,
        }
    }

    /// The kind placed by a placement.
    #[inline]
    pub fn placed(self) -> Option<PieceId> {
        match self.kind {
            MoveKind::Drop
            | MoveKind::DrawPlace
            | MoveKind::PlaceAndMove
            | MoveKind::PlaceAndReturn => Some(self.piece),
            _ => None,
        }
    }

    /// The second square: the e.p. victim, the castling partner, the
    /// destination of a placed man's move, or the returned man.
    #[inline]
    pub fn aux_square(self) -> Option<Square> {
        match self.kind {
            MoveKind::EnPassant
            | MoveKind::Castle
            | MoveKind::PlaceAndMove
            | MoveKind::PlaceAndReturn => Square(self.aux).get(),
            _ => None,
        }
    }

    #[inline]
    pub(crate) fn with_piece(mut self, piece: PieceId) -> Move {
        self.piece = piece;
        self
    }
}

/// A reusable list of moves. Keep one per search depth: clearing keeps the
/// capacity, so generation does not allocate once the list has grown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveList(Vec<Move>);

impl MoveList {
    pub fn new() -> MoveList {
        MoveList(Vec::with_capacity(256))
    }

    #[inline]
    pub fn push(&mut self, mv: Move) {
        self.0.push(mv);
    }

    #[inline]
    pub fn clear(&mut self) {
        self.0.clear();
    }

    pub fn into_vec(self) -> Vec<Move> {
        self.0
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.0
    }
}

impl DerefMut for MoveList {
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.0
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}
