//! varia: chess variants as plain text files.
//!
//! The stages, each a function with typed input and output:
//!
//! ```text
//! text --syntax::parse--> AST --check::lower--> IR --engine::Tables::new--> tables --> Position
//! ```
//!
//! The library never prints; `src/main.rs` and `src/cli/` are the thin
//! command-line layer over it.
#![forbid(unsafe_code)]

pub mod ai;
pub mod check;
pub mod describe;
pub mod diagnostic;
pub mod engine;
pub mod explain;
pub mod fsf;
pub mod game;
pub mod ir;
pub mod load;
pub mod notation;
pub mod opening;
pub mod protocol;
pub mod record;
pub mod render;
pub mod report;
pub mod search;
pub mod seat;
pub mod session;
pub mod simulate;
pub mod stats;
pub mod syntax;
