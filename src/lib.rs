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

pub mod check;
pub mod describe;
pub mod diagnostic;
pub mod engine;
pub mod explain;
pub mod external;
pub mod fsf;
pub mod ir;
pub mod load;
pub mod notation;
pub mod play;
pub mod protocol;
pub mod render;
pub mod search;
pub mod serve;
pub mod study;
pub mod syntax;
pub mod textfile;
