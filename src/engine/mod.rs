//! The generic engine: compiled tables, positions, legal moves, FEN, game
//! status, perft and benchmarks. It knows no particular game: every rule
//! comes from the [`ir::Variant`](crate::ir::Variant).
//!
//! ```text
//! Variant --Tables::new--> Tables --Position::start / from_fen--> Position
//! Position: legal_moves, make/unmake, fen; Game: play, undo, status
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

mod attacks;
pub mod bench;
mod bitset;
mod deck;
mod describe;
mod elimination;
pub mod fen;
mod geometry;
mod man;
mod movegen;
mod moves;
mod perft;
mod placement;
mod position;
mod pred;
mod square;
mod status;
mod tables;
mod zobrist;

pub use bitset::{Bitset, BitsetIter};
pub use fen::{FenError, FenField};
pub use geometry::Geometry;
pub use man::Man;
pub use moves::{Move, MoveKind, MoveList};
pub use perft::{divide, parse_perft_file, perft, PerftCase};
pub use placement::{sorted_moves, Extra};
pub use position::{Position, PositionError, RawEp, RawMan, RawPosition, SetupError, Undo};
pub use square::Square;
pub use status::{dead_material, Cause, Game, Status};
pub use tables::{CompileError, Tables};
pub(crate) use zobrist::splitmix;
