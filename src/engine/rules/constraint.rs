//! Constraints: what must hold in the position after an action for the
//! action to be legal. Royal safety (no royal man of the actor left
//! attacked), the limit box of an unbounded board, and the connectivity
//! invariants.

use super::connectivity::{self, Connected};
use super::facing::Facing;
use super::limit_box;
use super::surround::Surround;
use crate::engine::compile::Base;
use crate::engine::core::{Bits, Square, State};
use crate::engine::movement::{friends_bb, royal_attacked_in, royals, royals_checked};
use crate::ir::{PlayerId, Shape, Variant};

/// The constraints of a variant.
#[derive(Clone, Debug)]
pub struct Constraints<B: Bits> {
    /// The board is unbounded: the men must fit the limit box.
    pub limit: bool,
    pub connected: Vec<Connected>,
    /// `no checks`: an action may not leave a royal man of another side
    /// attacked by the actor's side.
    pub no_checks: bool,
    /// `facing PIECE: illegal`.
    pub facing: Option<Facing<B>>,
}

impl<B: Bits> Constraints<B> {
    pub fn new(v: &Variant, t: &Base<B>) -> Constraints<B> {
        Constraints {
            limit: matches!(v.board.shape, Shape::Unbounded { .. }),
            connected: connectivity::compile(v),
            no_checks: v.turn.no_checks,
            facing: Facing::new(v, t),
        }
    }

    /// Whether some constraint beyond royal safety exists (the pin-based
    /// fast generation then does not apply).
    pub fn beyond_royal(&self) -> bool {
        self.limit || !self.connected.is_empty() || self.no_checks || self.facing.is_some()
    }

    /// Whether the position `s`, reached by an action of `me`, is legal.
    /// `split`: the invariants were already broken before the action (a
    /// position read from a FEN), so the action is not held to them.
    /// `removed`: men that the action's end-of-action consequences will
    /// remove (the invariants must hold without them).
    #[inline]
    pub fn hold(&self, t: &Base<B>, s: &State<B>, me: PlayerId, split: bool, removed: B) -> bool {
        let occ = s.occ & !removed;
        if royal_attacked_in(t, s, me, occ) {
            return false;
        }
        self.hold_beyond_royal(t, s, me, split, removed)
    }

    /// [`Constraints::hold`] but royal safety (an action that explodes an
    /// enemy royal ends the game whatever it leaves attacked).
    #[inline]
    pub fn hold_beyond_royal(
        &self,
        t: &Base<B>,
        s: &State<B>,
        me: PlayerId,
        split: bool,
        removed: B,
    ) -> bool {
        let occ = s.occ & !removed;
        if self.no_checks && gives_check_in(t, s, me, occ) {
            return false;
        }
        if let Some(f) = &self.facing {
            if f.faces(t, s, me, occ) {
                return false;
            }
        }
        if self.limit && !limit_box::fits_set(t, occ) {
            return false;
        }
        split || connectivity::holds(t, s, &self.connected, occ)
    }

    /// [`Constraints::hold`] for a position probed before its end-of-action
    /// removals have happened (a placement tried on the board), with what
    /// the source knows of the action.
    #[inline(always)]
    pub fn hold_before_removals(
        &self,
        t: &Base<B>,
        s: &State<B>,
        me: PlayerId,
        split: bool,
        surround: Option<&Surround>,
        known: Known<B>,
    ) -> bool {
        if self.limit && known.window.is_none() && !limit_box::fits_set(t, s.occ) {
            return false;
        }
        let removed = match surround {
            Some(sur) if !split && !self.connected.is_empty() && sur.removed.is_some() => {
                sur.removals(t, s, known.window)
            }
            _ => B::EMPTY,
        };
        let occ = s.occ & !removed;
        if !t.royal_pids.is_empty() && royal_attacked_in(t, s, me, occ) {
            return false;
        }
        if self.no_checks && gives_check_in(t, s, me, occ) {
            return false;
        }
        if let Some(f) = &self.facing {
            if f.faces(t, s, me, occ) {
                return false;
            }
        }
        if split || self.connected.is_empty() || (known.kept && removed.is_empty()) {
            return true;
        }
        match known.moved {
            Some((from, to)) if removed.is_empty() => {
                let own = s.by_player[s.at(to).owner() as usize];
                connectivity::holds_after_move(t, &self.connected, s.occ, own, from, to)
            }
            _ => connectivity::holds(t, s, &self.connected, occ),
        }
    }

    /// Whether [`Constraints::hold_before_removals`] holds whatever the
    /// action: no limit box, no royal to keep safe, no `no checks`, no
    /// `facing`, and no connectivity to keep (or the invariants were
    /// already broken, `split`). Then an action needs no test on the board.
    #[inline]
    pub fn always_hold(&self, t: &Base<B>, split: bool) -> bool {
        t.royal_pids.is_empty() && self.royal_safety_only(split)
    }

    /// Whether [`Constraints::hold_before_removals`] tests royal safety
    /// alone: no limit box, no `no checks`, no `facing`, and no
    /// connectivity to keep (or the invariants were already broken).
    #[inline]
    pub fn royal_safety_only(&self, split: bool) -> bool {
        !self.limit
            && !self.no_checks
            && self.facing.is_none()
            && (split || self.connected.is_empty())
    }

    /// Whether a plain step (one man to an empty square inside the limit
    /// box, nothing else changed) is legal exactly when the invariants
    /// hold after it and the removals that follow it: no royal to keep
    /// safe, no `no checks`, no `facing` (see
    /// [`Constraints::hold_before_removals`]).
    #[inline]
    pub fn steps_by_groups(&self, t: &Base<B>) -> bool {
        t.royal_pids.is_empty() && !self.no_checks && self.facing.is_none()
    }

    /// Whether the invariants hold now (the fast check).
    pub fn invariants_hold(&self, t: &Base<B>, s: &State<B>) -> bool {
        connectivity::holds(t, s, &self.connected, s.occ)
    }
}

/// Everything a source needs to test a probed action on the spot: the
/// constraints, the removals that follow an action, and whether the
/// invariants were broken before it.
#[derive(Clone, Copy)]
pub struct Legality<'a, B: Bits> {
    pub constraints: &'a Constraints<B>,
    pub surround: Option<&'a Surround>,
    /// The invariants were already broken before the action.
    pub split: bool,
    /// What the source knows of the action it probes.
    pub known: Known<B>,
}

/// What a source knows of an action it probes (nothing, by default).
#[derive(Clone, Copy, Debug)]
pub struct Known<B: Bits> {
    /// The men fit the limit box after the action (a board move masked by
    /// [`limit_box::window`]), and this is their [`limit_box::window`].
    pub window: Option<B>,
    /// The action moved one man from the first square to the second, which
    /// was empty, and changed nothing else on the board.
    pub moved: Option<(Square, Square)>,
    /// Every player's men stand on the squares they stood on (men of one
    /// owner changed places): the groups are those before the action.
    pub kept: bool,
}

impl<B: Bits> Known<B> {
    /// Nothing known.
    pub const NOTHING: Known<B> = Known {
        window: None,
        moved: None,
        kept: false,
    };
}

impl<B: Bits> Legality<'_, B> {
    /// Whether [`Legality::ok`] holds for every action (see
    /// [`Constraints::always_hold`]).
    #[inline]
    pub fn always(&self, t: &Base<B>) -> bool {
        self.constraints.always_hold(t, self.split)
    }

    /// Whether [`Legality::ok`] tests royal safety alone (see
    /// [`Constraints::royal_safety_only`]).
    #[inline]
    pub fn royal_safety_only(&self) -> bool {
        self.constraints.royal_safety_only(self.split)
    }

    /// Whether the probed position (the action done on the board, its
    /// end-of-action removals not yet) is legal for `me`.
    #[inline(always)]
    pub fn ok(&self, t: &Base<B>, s: &State<B>, me: PlayerId) -> bool {
        self.constraints
            .hold_before_removals(t, s, me, self.split, self.surround, self.known)
    }
}

/// Whether, among the men `occ`, a side other than `me`'s is in check from
/// `me`'s side (see [`royals_checked`]).
pub(crate) fn gives_check_in<B: Bits>(t: &Base<B>, s: &State<B>, me: PlayerId, occ: B) -> bool {
    let side = friends_bb(t, s, me) & occ;
    s.alive.iter().filter(|&q| !t.is_friend(me, q)).any(|q| {
        let r = royals(t, s, q) & occ;
        r.any() && royals_checked(t, s, r, side, occ)
    })
}
