//! The checked [`Position`]: a state of a compiled variant that passed
//! every check of [`RawPosition`]'s conversion; its core methods.

use super::fen::FenError;
use super::raw::{self, PositionError, RawPosition};
use super::{make, movegen};
use crate::engine::core::{Mark, Move, MoveList, State};
use crate::engine::tables::Tables;
use std::fmt;
use std::sync::Arc;

/// What [`Position::unmake`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo(Mark);

/// A checked position of a variant: men, side to move, hands, pools,
/// en-passant records, counters, rule variables, decks and the Zobrist
/// hash.
#[derive(Clone)]
pub struct Position {
    pub(crate) tables: Arc<Tables>,
    pub(crate) s: State,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

/// Why [`Position::from_variant`] failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("cannot compile the variant: {0}")]
    Compile(#[from] crate::engine::compile::error::CompileError),
    #[error("{0}")]
    Fen(#[from] FenError),
    #[error("bad setup: {0}")]
    Position(#[from] PositionError),
}

impl Position {
    /// The variant's starting position (decks shuffled from seed 0; see
    /// [`Position::start_seeded`]).
    pub fn start(tables: Arc<Tables>) -> Result<Position, PositionError> {
        Position::start_seeded(tables, 0)
    }

    /// The start position with every deck shuffled from `seed`.
    pub fn start_seeded(tables: Arc<Tables>, seed: u64) -> Result<Position, PositionError> {
        let mut raw = RawPosition::from_setup(&tables)?;
        if let Some(d) = &tables.rules.deck {
            raw.decks = d.shuffled(tables.base.nplayers, seed);
        }
        Position::from_raw(tables, raw)
    }

    /// Check a raw position and build it.
    pub fn from_raw(tables: Arc<Tables>, raw: RawPosition) -> Result<Position, PositionError> {
        let s = raw.into_state(&tables)?;
        Ok(Position { tables, s })
    }

    /// Compile `variant` and build its start position, or the position of
    /// `fen` when given. (To build many positions of one variant, compile
    /// once with [`Tables::new`] and use [`Position::start`] /
    /// [`Position::from_fen`].)
    pub fn from_variant(
        variant: &crate::ir::Variant,
        fen: Option<&str>,
    ) -> Result<Position, SetupError> {
        let tables = Arc::new(Tables::new(variant)?);
        Ok(match fen {
            Some(f) => Position::from_fen(tables, f)?,
            None => Position::start(tables)?,
        })
    }

    /// A copy without the history of changes: it cannot take back moves
    /// made before the copy (a clone can), and costs less to make.
    pub fn detached(&self) -> Position {
        Position {
            tables: self.tables.clone(),
            s: self.s.scratch(),
        }
    }

    /// The position as plain data.
    pub fn to_raw(&self) -> RawPosition {
        raw::to_raw(&self.tables, &self.s)
    }

    /// The compiled variant.
    pub fn tables(&self) -> &Arc<Tables> {
        &self.tables
    }

    /// The legal moves of the player to act.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let mut s = self.s.scratch();
        movegen::gen_legal(&self.tables, &mut s, &mut list);
        list
    }

    /// The legal moves, into a reused list (cleared first).
    pub fn legal_moves_into(&mut self, out: &mut MoveList) {
        out.clear();
        movegen::gen_legal(&self.tables, &mut self.s, out);
    }

    /// Whether the player to act has a legal action.
    pub fn has_legal_move(&mut self) -> bool {
        movegen::has_legal(&self.tables, &mut self.s)
    }

    /// Whether `mv` is one of the legal moves.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Make a legal move (with everything it causes, eliminations
    /// included); keep the [`Undo`] to take it back.
    pub fn make(&mut self, mv: Move) -> Undo {
        Undo(make::make_action(&self.tables, &mut self.s, mv))
    }

    /// Take back the move made with [`Position::make`] (the last one not
    /// yet taken back).
    pub fn unmake(&mut self, _mv: Move, undo: Undo) {
        self.s.rewind(&self.tables.base.layout, undo.0);
    }

    /// Make a legal move for good (it can no longer be taken back).
    pub fn play(&mut self, mv: Move) {
        make::make_action(&self.tables, &mut self.s, mv);
        self.s.forget();
    }
}
