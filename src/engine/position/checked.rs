//! The checked [`Position`]: a state of a compiled variant that passed
//! every check of [`RawPosition`]'s conversion; its core methods.
//!
//! A position holds its state in the set width of its compiled variant
//! ([`Inner`]); every method runs the engine monomorphised for that width.

use super::fen::error::FenError;
use super::raw::{self, PositionError, RawPosition};
use super::{act, movegen};
use crate::engine::core::{Bits, Bitset, Mark, Move, MoveList, State, B128, B192, B64};
use crate::engine::tables::{Compiled, Tables, Width};
use std::fmt;
use std::sync::Arc;

/// What [`Position::unmake`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo(Mark);

/// A position's compiled variant and state, in one set width.
#[derive(Clone)]
pub(crate) enum Inner {
    W64(Arc<Compiled<B64>>, State<B64>),
    W128(Arc<Compiled<B128>>, State<B128>),
    W192(Arc<Compiled<B192>>, State<B192>),
    W256(Arc<Compiled<Bitset>>, State<Bitset>),
}

/// Run `$body` with `$c` (the compiled variant) and `$s` (the state) bound,
/// whatever the width; `$inner` is `&Inner` or `&mut Inner`.
macro_rules! with_pos {
    ($inner:expr, $c:ident, $s:ident => $body:expr) => {
        match $inner {
            $crate::engine::position::checked::Inner::W64($c, $s) => $body,
            $crate::engine::position::checked::Inner::W128($c, $s) => $body,
            $crate::engine::position::checked::Inner::W192($c, $s) => $body,
            $crate::engine::position::checked::Inner::W256($c, $s) => $body,
        }
    };
}
pub(crate) use with_pos;

/// A checked position of a variant: men, side to move, hands, pools,
/// en-passant records, counters, rule variables, decks and the Zobrist
/// hash.
#[derive(Clone)]
pub struct Position {
    pub(crate) tables: Arc<Tables>,
    pub(crate) inner: Inner,
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

/// The state of a raw position in the width of `c`.
fn build<B: Bits>(c: &Compiled<B>, raw: RawPosition) -> Result<State<B>, PositionError> {
    raw.into_state(c)
}

impl Position {
    /// The variant's starting position (decks shuffled and `shuffle` lines
    /// dealt from seed 0; see [`Position::start_seeded`]).
    pub fn start(tables: Arc<Tables>) -> Result<Position, PositionError> {
        Position::start_seeded(tables, 0)
    }

    /// The start position with every deck shuffled and every `shuffle`
    /// line of the setup dealt from `seed`, and the first roll of `dice`
    /// rolled from it.
    pub fn start_seeded(tables: Arc<Tables>, seed: u64) -> Result<Position, PositionError> {
        let raw = crate::engine::tables::with_compiled!(&tables.width, c => {
            let mut raw = RawPosition::from_setup_in(c)?;
            if !c.base.variant.setup.shuffles.is_empty() {
                raw.deal_shuffles(c, tables.arrangements(), seed)?;
            }
            if let Some(d) = &c.rules.deck {
                raw.decks = d.shuffled(c.base.nplayers, seed);
            }
            if let Some(f) = &c.rules.faces {
                raw.extra.faces = f
                    .deal(seed)
                    .into_iter()
                    .map(crate::engine::rules::faces::SlotText::Hidden)
                    .collect();
            }
            raw
        });
        let mut pos = Position::from_raw(tables, raw)?;
        // The first player's roll (`dice`), from the same seed.
        pos.roll_from_seed(seed);
        Ok(pos)
    }

    /// Check a raw position and build it.
    pub fn from_raw(tables: Arc<Tables>, raw: RawPosition) -> Result<Position, PositionError> {
        let inner = match &tables.width {
            Width::W64(c) => Inner::W64(c.clone(), build(c, raw)?),
            Width::W128(c) => Inner::W128(c.clone(), build(c, raw)?),
            Width::W192(c) => Inner::W192(c.clone(), build(c, raw)?),
            Width::W256(c) => Inner::W256(c.clone(), build(c, raw)?),
        };
        Ok(Position { tables, inner })
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
        let inner = match &self.inner {
            Inner::W64(c, s) => Inner::W64(c.clone(), s.scratch()),
            Inner::W128(c, s) => Inner::W128(c.clone(), s.scratch()),
            Inner::W192(c, s) => Inner::W192(c.clone(), s.scratch()),
            Inner::W256(c, s) => Inner::W256(c.clone(), s.scratch()),
        };
        Position {
            tables: self.tables.clone(),
            inner,
        }
    }

    /// The position as plain data.
    pub fn to_raw(&self) -> RawPosition {
        with_pos!(&self.inner, c, s => raw::to_raw(c, s))
    }

    /// The compiled variant.
    pub fn tables(&self) -> &Arc<Tables> {
        &self.tables
    }

    /// The legal moves of the player to act.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        with_pos!(&self.inner, c, s => movegen::gen_legal(c, &mut s.scratch(), &mut list));
        list
    }

    /// The legal moves, into a reused list (cleared first).
    pub fn legal_moves_into(&mut self, out: &mut MoveList) {
        out.clear();
        with_pos!(&mut self.inner, c, s => movegen::gen_legal(c, s, out));
    }

    /// Whether [`Position::tactical_moves_into`] can generate the legal
    /// captures and promotions alone in this variant.
    pub fn tactical_alone(&self) -> bool {
        with_pos!(&self.inner, c, _s => c.tactical)
    }

    /// The legal captures and promotions alone, into a reused list
    /// (cleared first; `position::tactical`), and about how many legal
    /// board moves there are (exact where the fast path runs, but for
    /// promotions and castling); `None` where the variant cannot generate
    /// them alone (then the list is empty).
    pub fn tactical_moves_into(&mut self, out: &mut MoveList) -> Option<usize> {
        out.clear();
        with_pos!(&mut self.inner, c, s => super::tactical::gen_tactical(c, s, out))
    }

    /// Whether the player to act has a legal action.
    pub fn has_legal_move(&mut self) -> bool {
        with_pos!(&mut self.inner, c, s => movegen::has_legal(c, s))
    }

    /// Whether `mv` is one of the legal moves.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Make a legal move (with everything it causes, eliminations
    /// included); keep the [`Undo`] to take it back.
    pub fn make(&mut self, mv: Move) -> Undo {
        Undo(with_pos!(&mut self.inner, c, s => act::make_action(c, s, mv)))
    }

    /// Take back the move made with [`Position::make`] (the last one not
    /// yet taken back).
    pub fn unmake(&mut self, _mv: Move, undo: Undo) {
        with_pos!(&mut self.inner, c, s => s.rewind(&c.base.layout, undo.0));
    }

    /// Make a legal move for good (it can no longer be taken back).
    pub fn play(&mut self, mv: Move) {
        with_pos!(&mut self.inner, c, s => {
            act::make_action(c, s, mv);
            s.forget();
        });
    }
}
