//! Playing a game: the layer between the engine (and its search) and the
//! front ends (the terminal, the engine modes, the web page).
//!
//! From the bottom up: a [`session::Session`] is the engine's game with
//! notation and a board view, and implements ([`adapter`]) the interface
//! the search and the simulator see, [`crate::search::game::Game`]; [`ai`]
//! says who plays a seat and chooses its
//! actions ([`fog`]: what it imagines under fog of war); [`seat`] runs the seats of one game (clocks, external
//! engines); [`game_session::GameSession`] is a game in progress as every
//! front end holds it (moves in the notation of records, undo and redo,
//! the result); [`boards`] is a game on two boards of four seats
//! (`boards 2`: bughouse), built around two sessions.

pub mod adapter;
pub mod ai;
pub mod boards;
pub mod exchange;
pub mod fog;
pub mod game_session;
pub mod hint;
pub mod seat;
pub mod session;
