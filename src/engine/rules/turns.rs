//! Turns of several actions (`turn actions ...`, `turn ends on ...`,
//! `turn checks last only`): the player who acted acts again while its
//! turn has actions left and nothing ended it early.
//!
//! State: the actions left in the turn, the next one included (a hashed
//! rule variable, so a position in the middle of a turn is not the same
//! position as the one at its start), and, where the plan depends on it,
//! the turn's number (`growing`: the game's k-th turn has k actions; with
//! `first N` only whether the first turn is over is kept, so positions
//! still repeat).
//!
//! Hooks: a **consequence** (after each action: the same player again, or
//! the next one with a new turn) and, with `turn checks last only`, a
//! **filter** of the legal list (an action before the turn's last may not
//! give check; see `movegen`). `turn royal safe at end` is a filter too,
//! carried by `position::turn_end`.

use super::constraint::gives_check_in;
use crate::engine::compile::Base;
use crate::engine::core::{Bits, Layout, State, Var};
use crate::ir::{PlayerId, TurnPlan, Variant};

/// The turn plan of a variant, compiled.
#[derive(Clone, Debug)]
pub struct Turns {
    pub plan: TurnPlan,
    /// Actions left in the current turn, the next one included (hashed).
    pub left: Var,
    /// The turn's number from 0 (`growing`), or 0 on the game's first
    /// turn and 1 after it (`first N`); hashed. `None`: no length depends
    /// on it.
    pub index: Option<Var>,
}

impl Turns {
    /// The plan, unless every turn is one action and nothing ends one.
    pub fn new(v: &Variant, l: &mut Layout) -> Option<Turns> {
        let plan = v.turn.plan.clone()?;
        let several = plan.growing
            || plan.first.is_some_and(|n| n > 1)
            || plan.actions.iter().any(|&n| n > 1);
        if !several {
            return None;
        }
        let left = l.alloc_vars(1, true);
        let index = (plan.growing || plan.first.is_some()).then(|| l.alloc_vars(1, true));
        Some(Turns { plan, left, index })
    }

    /// The turn number as kept (see [`Turns::index`]).
    #[inline]
    pub fn index<B: Bits>(&self, s: &State<B>) -> u32 {
        self.index.map_or(1, |v| s.var(v))
    }

    /// The kept turn number for the turn after one numbered `i`.
    pub(crate) fn next_index(&self, i: u32) -> u32 {
        if self.plan.growing {
            i.saturating_add(1)
        } else {
            1
        }
    }

    /// The actions of player `p`'s turn numbered `index` (as kept).
    pub fn length(&self, p: PlayerId, index: u32) -> u32 {
        self.plan.length(p, index)
    }

    /// The length of the turn that follows the current one: the turn of
    /// `next`, the player who acts after the current turn ends.
    pub fn next_length<B: Bits>(&self, s: &State<B>, next: PlayerId) -> u32 {
        self.length(next, self.next_index(self.index(s)))
    }

    /// Actions left in the current turn, the next one included.
    #[inline]
    pub fn left<B: Bits>(&self, s: &State<B>) -> u32 {
        s.var(self.left)
    }

    /// The action about to be made by `me` is the first of its turn (all
    /// of the turn's actions are left).
    #[inline]
    pub fn at_start<B: Bits>(&self, s: &State<B>, me: PlayerId) -> bool {
        self.left(s) == self.length(me, self.index(s))
    }

    /// The next action is not its turn's last by count (it may still end
    /// the turn early).
    #[inline]
    pub fn mid_turn<B: Bits>(&self, s: &State<B>) -> bool {
        self.left(s) > 1
    }

    /// Set the state of a position read from a FEN or a setup: `left`
    /// actions left (`None`: the whole turn) in the turn numbered `index`
    /// (from 0). Errors name what is wrong.
    pub fn set<B: Bits>(
        &self,
        l: &Layout,
        s: &mut State<B>,
        index: u32,
        left: Option<u32>,
    ) -> Result<(), String> {
        let kept = match self.index {
            Some(_) if self.plan.growing => index,
            Some(_) => index.min(1),
            None => 1,
        };
        if let Some(v) = self.index {
            s.set_var(l, v, kept);
        }
        let length = self.length(s.turn, kept);
        let left = left.unwrap_or(length);
        if left == 0 || left > length {
            return Err(format!(
                "{left} actions left in a turn of {length} (give 1 to {length})"
            ));
        }
        s.set_var(l, self.left, left);
        Ok(())
    }

    /// The consequence of `me`'s action: while the turn has actions left
    /// and nothing ended it early (`ends on check`: a royal man of another
    /// side is attacked by `me`'s side; `ends on capture`: the action
    /// captured), `me` acts again; otherwise the player to act (already
    /// set by make) starts a new turn.
    #[inline(never)]
    pub fn after_action<B: Bits>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        me: PlayerId,
        captured: bool,
    ) {
        let l = &t.layout;
        let left = s.var(self.left);
        let ends = left <= 1
            || (self.plan.ends_on_capture && captured)
            || (self.plan.ends_on_check && gives_check_in(t, s, me, s.occ));
        if !ends {
            s.set_var(l, self.left, left - 1);
            s.set_turn(l, me);
            return;
        }
        let i = self.next_index(self.index(s));
        if let Some(v) = self.index {
            s.set_var(l, v, i);
        }
        let n = self.length(s.turn, i);
        s.set_var(l, self.left, n);
    }
}
