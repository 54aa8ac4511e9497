//! Helpers for the engine's unit tests: a floating board built from rule
//! text written here (no built-in variant is named), and a small
//! deterministic generator.

use crate::engine::compile::Base;
use crate::engine::core::{SquareOrder, B128};
use crate::engine::position::checked::Position;
use crate::engine::Tables;
use std::sync::Arc;

/// The variant of a rule text written in a test (it must check).
pub(crate) fn variant_from_text(name: &str, text: &str) -> crate::ir::Variant {
    let checked = crate::load::load_str(name, text, &[]);
    checked
        .variants
        .into_iter()
        .next()
        .expect("the text checks")
}

/// Two kings on an unbounded board with a 4×4 limit box (an internal grid
/// of 10×10 squares).
pub(crate) fn floating_base() -> Base<B128> {
    const TEXT: &str = "variant floating \"Floating\" {
  players white, black
  board unbounded limit 4x4
  piece king K moves \"K\"
  setup {
    white: K (0,0)
    black: K (0,1)
  }
}
";
    let v = variant_from_text("floating.variant", TEXT);
    Base::new(&v, SquareOrder::RowMajor).expect("compiles")
}

/// A xorshift generator: the same seed gives the same numbers.
pub(crate) struct XorShift(pub u64);

impl XorShift {
    /// A number in `0..n`.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        let s = &mut self.0;
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s % n
    }
}

/// Random games from the start (each move drawn with `XorShift(seed)`):
/// `f` sees every position before its move, up to `plies` a game; a game
/// ends early where no move is left.
pub(crate) fn each_random_position(
    tables: &Arc<Tables>,
    seed: u64,
    games: usize,
    plies: usize,
    mut f: impl FnMut(&mut Position),
) {
    let mut rng = XorShift(seed);
    for _ in 0..games {
        let mut p = Position::start(tables.clone()).expect("starts");
        for _ in 0..plies {
            f(&mut p);
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.make(moves[rng.below(moves.len() as u64) as usize]);
        }
    }
}
