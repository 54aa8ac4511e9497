//! Check counting: `checks N -> OUTCOME` counts, per player, the actions
//! after which a royal man of another side stands attacked by the acting
//! player's side (one per action, however many royals are attacked). The
//! counts are rule variables (hashed), written in FEN as the checks each
//! player still needs (`3+3`); the goal itself is decided in `goals`.
//!
//! Hooks: a **consequence** (the count after each action).

use crate::engine::compile::Base;
use crate::engine::core::{Bits, Layout, State, Var};
use crate::engine::movement::{friends_bb, royals, royals_checked};
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
    /// side other than `me`'s in check from `me`'s side.
    pub fn after_action<B: Bits>(&self, t: &Base<B>, s: &mut State<B>, me: PlayerId) {
        let side = friends_bb(t, s, me);
        let check = s.alive.iter().filter(|&q| !t.is_friend(me, q)).any(|q| {
            let r = royals(t, s, q);
            r.any() && royals_checked(t, s, r, side, s.occ)
        });
        if check {
            let v = self.given.at(me as usize);
            let n = s.var(v).saturating_add(1);
            s.set_var(&t.layout, v, n);
        }
    }
}
