//! Passing: `stalemate -> pass` gives a player with no legal action a
//! pass (a filter on the legal list), and `passes N` counts the passes
//! played in a row (any other action resets the count).

use crate::engine::core::Bits;
use crate::engine::core::{Layout, Move, State, Var};
use crate::ir::{Event, Variant, WhenStuck};

/// The pass rules of a variant.
#[derive(Clone, Copy, Debug)]
pub struct Passing {
    /// A player with no legal action passes.
    pub when_stuck: bool,
    /// Consecutive passes just played (hashed).
    pub count: Var,
}

impl Passing {
    pub fn new(v: &Variant, l: &mut Layout) -> Option<Passing> {
        let when_stuck = v.turn.when_stuck == WhenStuck::Pass;
        let counted = v.end.iter().any(|r| matches!(r.when, Event::Passes(_)));
        (when_stuck || counted).then(|| Passing {
            when_stuck,
            count: l.alloc_vars(1, true),
        })
    }

    /// Consecutive passes just played.
    #[inline]
    pub fn count<B: Bits>(&self, s: &State<B>) -> u32 {
        s.var(self.count)
    }

    /// The consequence of an action on the count.
    #[inline]
    pub fn after_action<B: Bits>(&self, l: &Layout, s: &mut State<B>, mv: Move) {
        let n = if mv == Move::Pass {
            s.var(self.count) + 1
        } else {
            0
        };
        s.set_var(l, self.count, n);
    }
}
