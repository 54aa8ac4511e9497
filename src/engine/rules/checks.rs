//! Check counting: `checks N -> OUTCOME` counts, per player, the actions
//! after which a royal man of another side stands attacked by the acting
//! player's side (one per action, however many royals are attacked). The
//! counts are rule variables (hashed), written in FEN as the checks each
//! player still needs (`3+3`); the goal itself is decided in `goals`.
//!
//! Hooks: a **consequence** (the count after each action).

use crate::engine::compile::Base;
use crate::engine::core::{Bits, Layout, State, Var};
use crate::engine::movement::{attacked, friends_bb, royals};
use crate::ir::{Event, PlayerId, Variant};

/// The check counts of a variant.
#[derive(Clone, Copy, Debug)]
pub struct CheckCount {
    /// Per player: the checks given so far (hashed).
    pub given: Var,
    /// The count the `checks` rule asks for.
    pub target: u32,
}

impl CheckCount {
    pub fn new(v: &Variant, l: &mut Layout) -> Option<CheckCount> {
        let target = v.end.iter().find_map(|r| match r.when {
            Event::Checks(n) => Some(n),
            _ => None,
        })?;
        Some(CheckCount {
            given: l.alloc_vars(l.nplayers, true),
            target,
        })
    }

    /// The checks `p` has given.
    #[inline]
    pub fn given<B: Bits>(&self, s: &State<B>, p: PlayerId) -> u32 {
        s.var(self.given.at(p as usize))
    }

    /// The consequence of `me`'s action: one more check if it leaves a
    /// royal man of another side attacked by `me`'s side.
    pub fn after_action<B: Bits>(&self, t: &Base<B>, s: &mut State<B>, me: PlayerId) {
        let side = friends_bb(t, s, me);
        let targets = royals_of_others(t, s, side);
        if targets.iter().any(|r| attacked(t, s, r, side, s.occ)) {
            let v = self.given.at(me as usize);
            let n = s.var(v).saturating_add(1);
            s.set_var(&t.layout, v, n);
        }
    }
}

/// Royal men not of `side`.
fn royals_of_others<B: Bits>(t: &Base<B>, s: &State<B>, side: B) -> B {
    let mut out = B::EMPTY;
    for p in s.alive.iter() {
        out |= royals(t, s, p);
    }
    out & !side
}
