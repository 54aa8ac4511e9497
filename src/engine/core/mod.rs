//! The core: the types every other part of the engine is built from.
//! It depends on nothing else in the engine (and on the IR only for small
//! identifiers such as `PieceId` and `Dir`).
//!
//! * [`Square`], [`Bitset`], [`Geometry`]: the board;
//! * [`Man`]: a man (kind, owner, facing) in 16 bits;
//! * [`Move`]: the typed action every variant's turn is made of;
//! * [`PlayerSet`], [`ByPlayer`]: sets of players and per-player values;
//! * [`State`], the journal and [`Layout`]: a position's mutable data, whose
//!   every change is recorded so that unmake is one loop;
//! * [`Zobrist`]: the keys of the hash.

mod action;
mod bitset;
mod ep_record;
mod geometry;
mod journal;
mod layout;
pub(crate) mod man;
mod players;
mod square;
mod state;
mod zobrist;

pub use action::{sorted_moves, CardId, Move, MoveKind, MoveList, WallBase, WallHow};
pub use bitset::{Bits, BitsIter, Bitset, BitsetIter, B128, B192, B64};
pub use ep_record::EpRecord;
pub use geometry::{Geometry, SquareOrder, KING_STEPS};
pub use journal::Mark;
pub use layout::{Layout, Var};
pub use man::Man;
pub use players::{ByPlayer, PlayerSet};
pub use square::Square;
pub use state::{Deck, State};
pub use zobrist::{splitmix, Zobrist};
