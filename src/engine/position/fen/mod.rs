//! FEN: standard chess FEN, plus the extensions of `docs/FEN.md` for any
//! variant (big boards, holes, hands, pools, more players, facings,
//! has-moved flags, several en-passant records, rule state, decks).

mod blocks;
pub(crate) mod error;
mod gates;
mod parse;
mod text;
mod write;

pub use error::{FenError, FenField};
pub use parse::parse;
pub use write::write;

use super::checked::Position;
use crate::engine::tables::Tables;
use std::sync::Arc;

impl Position {
    /// Read a FEN (see `docs/FEN.md`).
    pub fn from_fen(tables: Arc<Tables>, fen: &str) -> Result<Position, FenError> {
        let raw = parse(&tables, fen)?;
        Position::from_raw(tables, raw).map_err(|e| FenError {
            field: FenField::Position,
            message: e.0,
        })
    }

    /// The position as FEN (see `docs/FEN.md`).
    pub fn fen(&self) -> String {
        write(self)
    }

    /// The position as FEN without what players may not see: decks list
    /// their remaining cards in a fixed order (the public multiset), not
    /// top first. The same as [`Position::fen`] without decks.
    pub fn public_fen(&self) -> String {
        write::write_public(self)
    }

    /// The position as FEN as player `seat` sees it: [`Position::public_fen`]
    /// and, under `face down`, the kinds of the face-down men that player
    /// took (docs/FEN.md "Face-down men").
    pub fn view_fen(&self, seat: crate::ir::PlayerId) -> String {
        write::write_view(self, seat)
    }
}
