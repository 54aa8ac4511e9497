//! The generic engine: compiled tables, positions, legal moves, FEN, game
//! status, perft and benchmarks. It knows no particular game: every rule
//! comes from the [`ir::Variant`](crate::ir::Variant).
//!
//! The folders are the layers, each depending only on those above it here:
//!
//! ```text
//! core/       squares, bitsets, geometry, men, actions, the state and its journal, keys
//! compile/    IR → the board, players, movement and attack tables, regions, board graph
//! movement/   where atoms reach, which squares are attacked
//! rules/      one file per rule kind: sources, guards, constraints, filters,
//!             consequences, endings (see rules/mod.rs)
//! tables.rs   a compiled variant: compile + rules
//! position/   positions, make/unmake, legal moves, game status, FEN
//! perft.rs, bench.rs
//! ```
//!
//! ```no_run
//! use std::sync::Arc;
//! use varia::engine::{perft, Game, Position, Tables};
//! # fn demo(variant: &varia::ir::Variant) -> Result<(), Box<dyn std::error::Error>> {
//! let tables = Arc::new(Tables::new(variant)?);
//! let mut pos = Position::start(tables.clone())?;
//! assert_eq!(perft(&mut pos, 2), 400);
//! let mut game = Game::new(Position::from_fen(tables, "8/8/8/8/8/8/8/K6k w - - 0 1")?);
//! let mv = game.legal_moves()[0];
//! game.play(mv);
//! println!("{:?}", game.status());
//! # Ok(()) }
//! ```

pub mod bench;
pub(crate) mod compile;
pub(crate) mod core;
pub(crate) mod movement;
mod perft;
pub(crate) mod position;
pub(crate) mod rules;
mod tables;
#[cfg(test)]
mod testing;

pub use self::core::{
    sorted_moves, splitmix, Bits, BitsIter, Bitset, BitsetIter, CardId, Geometry, Man, Move,
    MoveKind, MoveList, PlayerSet, Square, SquareOrder, WallBase, WallHow, B128, B192, B64,
};
pub use compile::CompileError;
pub use perft::{divide, divide_turns, parse_perft_file, perft, perft_turns, PerftCase};
pub use position::fen;
pub use position::{
    lone_reach, AttackMap, AttackMaps, Broken, Extra, FenError, FenField, Game, LionRefusal,
    ManAttacks, MapIn, Position, PositionError, RawEp, RawMan, RawPosition, RollState, SetupError,
    Surroundings, Undo, MAX_REROLLS,
};
pub use rules::{Cause, Share, Status};
pub use tables::Tables;
