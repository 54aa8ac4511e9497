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
}
