//! A FEN that could not be read: which field, and what was expected.

use std::fmt;

/// The FEN field an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FenField {
    Placement,
    Hands,
    Pools,
    Turn,
    Castling,
    EnPassant,
    Halfmove,
    Fullmove,
    /// Text after the last field.
    Extra,
    /// The fields parse but do not make a valid position.
    Position,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Placement => "piece placement",
            FenField::Hands => "hands",
            FenField::Pools => "promotion pools",
            FenField::Turn => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::Halfmove => "halfmove clock",
            FenField::Fullmove => "fullmove number",
            FenField::Extra => "end",
            FenField::Position => "position",
        })
    }
}

/// A FEN that could not be read: which field, and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad FEN, {field} field: {message}")]
pub struct FenError {
    pub field: FenField,
    pub message: String,
}

pub(super) fn fail<T>(field: FenField, message: impl Into<String>) -> Result<T, FenError> {
    Err(FenError {
        field,
        message: message.into(),
    })
}
