//! Positions on top of the rules: the checked [`Position`], make/unmake,
//! legal move generation, game status with history, and FEN.

pub(crate) mod act;
mod attack_map;
mod boardgen;
mod boxed;
mod chase;
pub(crate) mod checked;
pub mod fen;
mod game;
pub(crate) mod hash;
pub(crate) mod make;
mod men;
pub(crate) mod movegen;
mod probe;
mod queries;
mod raw;
mod reference;
mod roll;
mod scan;
mod sight;
mod tactical;
mod trial;
mod turn_end;

pub use attack_map::{AttackMap, AttackMaps, ManAttacks, MapIn};
pub use checked::{Position, SetupError, Undo};
pub use fen::{FenError, FenField};
pub use game::Game;
pub use raw::{Extra, PositionError, RawEp, RawMan, RawPosition};
pub use roll::{RollState, MAX_REROLLS};
pub use trial::{lone_reach, Broken, LionRefusal, Surroundings};
