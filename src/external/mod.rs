//! Other programs: external engines spoken to in UCI or XBoard as players
//! ([`client`]), and text that crosses a process boundary ([`lines`]:
//! lines read with a cap on their length, another program's words cleaned).
//!
//! This layer sits below the game (the play layer, whose seats may be
//! external engines) and below varia's own engine modes (the protocol
//! layer, which reads its commands with [`lines`]): it knows a game only
//! as the search's `GameText`, the variant, start position and moves in
//! protocol text.

pub mod client;
pub mod lines;
