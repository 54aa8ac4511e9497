//! Passing: `actions ..., pass` lets the player to act pass (a source of
//! one action, legal when the constraints hold in the position as it
//! stands: a player in check may not pass); `stalemate -> pass` gives a
//! player with no legal action a pass (a filter on the legal list); and
//! `passes N` counts the passes played in a row (any other action resets
//! the count). With `facing ...: must break` and `facing kept`, a pass
//! records whether its player kept a facing (the pass is then legal even
//! with a royal attacked: the facing kept ends the game).

use super::facing::Facing;
use crate::engine::compile::Base;
use crate::engine::core::Bits;
use crate::engine::core::{Layout, Move, State, Var};
use crate::ir::{Event, PlayerId, Variant, WhenStuck};

/// The pass rules of a variant.
#[derive(Clone, Copy, Debug)]
pub struct Passing {
    /// A player with no legal action passes.
    pub when_stuck: bool,
    /// A player may pass (`actions ..., pass`).
    pub action: bool,
    /// Consecutive passes just played (hashed).
    pub count: Var,
    /// The last action was a pass that kept a facing (`facing kept`;
    /// hashed).
    pub kept: Option<Var>,
}

impl Passing {
    pub fn new(v: &Variant, l: &mut Layout) -> Option<Passing> {
        let when_stuck = v.turn.when_stuck == WhenStuck::Pass;
        let counted = v.end.iter().any(|r| matches!(r.when, Event::Passes(_)));
        let kept = v.turn.pass
            && !v.turn.facing_must_break.is_empty()
            && v.end.iter().any(|r| r.when == Event::FacingKept);
        (when_stuck || counted || v.turn.pass).then(|| Passing {
            when_stuck,
            action: v.turn.pass,
            count: l.alloc_vars(1, true),
            kept: kept.then(|| l.alloc_vars(1, true)),
        })
    }

    /// Consecutive passes just played.
    #[inline]
    pub fn count<B: Bits>(&self, s: &State<B>) -> u32 {
        s.var(self.count)
    }

    /// The consequence of `me`'s action on the count (and, with `facing
    /// kept`, on whether a facing of `must_break` was kept).
    #[inline]
    pub fn after_action<B: Bits>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        me: PlayerId,
        mv: Move,
        must_break: Option<&Facing<B>>,
    ) {
        let pass = mv == Move::Pass;
        let n = if pass { s.var(self.count) + 1 } else { 0 };
        s.set_var(&t.layout, self.count, n);
        if let (Some(kept), Some(f)) = (self.kept, must_break) {
            // A pass changes nothing on the board: the facing it kept is
            // the one its player had.
            let k = pass && f.faces(t, s, me, s.occ);
            s.set_var(&t.layout, kept, u32::from(k));
        }
    }
}
