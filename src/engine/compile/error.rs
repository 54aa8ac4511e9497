//! Why a variant cannot be compiled.

/// Why a variant cannot be compiled for the engine.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CompileError {
    #[error("board: {0}")]
    Board(String),
    #[error("players: {0}")]
    Players(String),
    #[error("piece `{piece}`: {message}")]
    Piece { piece: String, message: String },
    #[error("setup: {0}")]
    Setup(String),
    #[error("{0}")]
    Other(String),
    /// A rule needs the squares numbered row by row (it moves sets by a
    /// row or a column with shifts), and they are numbered real squares
    /// first; [`Tables::new`](crate::engine::Tables::new) then uses a wider
    /// set instead.
    #[error("board: a rule of this variant needs the whole grid in its sets of squares")]
    RowMajor,
}
