//! Surround: a man whose four sides are blocked (by men, the board edge,
//! holes or the limit box of an unbounded board). Rule files use it as an
//! ending (`surrounded king -> lose`: its owner's result) and as a
//! consequence (`surrounded queen -> remove`: the man leaves the game),
//! applied after each action in the order the rules are written: a
//! surround that decides the game is found before any removal.

use super::limit_box;
use crate::engine::compile::Base;
use crate::engine::core::{Bits, Layout, PlayerSet, Square, State, Var};
use crate::engine::movement::kind_bb;
use crate::ir::{EndTiming, Event, Outcome, PieceId, Variant};

/// One surround rule, in the order written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Owners of surrounded men of this kind get the rule's outcome.
    Decide(PieceId),
    /// Surrounded men of this kind leave the game.
    Remove(PieceId),
}

/// The surround rules of a variant.
#[derive(Clone, Debug)]
pub struct Surround {
    pub steps: Vec<Step>,
    /// Players whose man was surrounded by the last action (a deciding
    /// step), found before that action's removals.
    pub decided: Var,
    /// Per player, per kind: men removed for good (when a step removes).
    pub removed: Option<Var>,
    /// The deciding steps are also checked between the steps of a compound
    /// action.
    pub each_step: bool,
}

impl Surround {
    pub fn new(v: &Variant, l: &mut Layout) -> Option<Surround> {
        // The deciding rules and the removals, in the order written.
        let mut steps: Vec<Step> = Vec::new();
        for (i, r) in v.end.iter().enumerate() {
            for rm in v.removals.iter().filter(|rm| rm.after == i) {
                steps.push(Step::Remove(rm.piece));
            }
            if let (Event::Surrounded(k), Outcome::Win | Outcome::Lose | Outcome::Draw) =
                (&r.when, r.then)
            {
                steps.push(Step::Decide(*k));
            }
        }
        for rm in v.removals.iter().filter(|rm| rm.after >= v.end.len()) {
            steps.push(Step::Remove(rm.piece));
        }
        if steps.is_empty() {
            return None;
        }
        let removes = steps.iter().any(|s| matches!(s, Step::Remove(_)));
        Some(Surround {
            decided: l.alloc_vars(1, false),
            removed: removes.then(|| l.alloc_vars(l.nplayers * l.nkinds, false)),
            steps,
            each_step: v.end_checked == EndTiming::AfterEachStep,
        })
    }

    /// The counter of `(player, kind)` men removed.
    #[inline]
    pub fn removed_var(&self, l: &Layout, p: usize, kind: usize) -> Option<Var> {
        self.removed.map(|v| v.at(p * l.nkinds + kind))
    }

    /// The consequence after an action (the action done, inside the limit
    /// box): the steps in order; the first deciding step that finds a
    /// surrounded man records its owners and stops.
    pub fn after_action<B: Bits>(&self, t: &Base<B>, s: &mut State<B>) {
        let l = &t.layout;
        s.set_var(l, self.decided, 0);
        for step in &self.steps {
            match *step {
                Step::Decide(k) => {
                    let owners = surrounded_owners(t, s, k);
                    if !owners.is_empty() {
                        s.set_var(l, self.decided, owners.bits() as u32);
                        return;
                    }
                }
                Step::Remove(k) => {
                    let gone = surrounded_men(t, s, k);
                    for sq in gone {
                        let man = s.take(l, sq);
                        if let Some(v) =
                            self.removed_var(l, man.owner() as usize, man.kind() as usize)
                        {
                            let n = s.var(v);
                            s.set_var(l, v, n + 1);
                        }
                    }
                }
            }
        }
    }

    /// The men the steps would remove after an action leading to `s` (none
    /// when a deciding step fires first). `window`: the men's
    /// [`limit_box::window`], when the caller knows it.
    pub fn removals<B: Bits>(&self, t: &Base<B>, s: &State<B>, window: Option<B>) -> B {
        let mut out = B::EMPTY;
        let free = match window {
            Some(w) => !s.occ & w,
            None => free_squares(t, s),
        };
        let open = t.beside(free);
        for step in &self.steps {
            match *step {
                Step::Decide(k) => {
                    if (kind_bb(t, s, k) & !open).any() {
                        return B::EMPTY;
                    }
                }
                Step::Remove(k) => out |= kind_bb(t, s, k) & !open,
            }
        }
        out
    }

    /// [`Surround::removals`] of the position after the man on `from`
    /// steps to the empty square `to` (`s` before the step; `window`: the
    /// men's [`limit_box::window`] after it), found man by man without
    /// making the step.
    #[inline(always)]
    pub fn removals_after_step<B: Bits>(
        &self,
        t: &Base<B>,
        s: &State<B>,
        from: Square,
        to: Square,
        window: B,
    ) -> B {
        let moved = B::from_square(from) | B::from_square(to);
        let free = !(s.occ ^ moved) & window;
        let mut out = B::EMPTY;
        for step in &self.steps {
            let (Step::Decide(k) | Step::Remove(k)) = *step;
            let mut men = kind_bb(t, s, k);
            if men.contains(from) {
                men ^= moved;
            }
            let mut shut = B::EMPTY;
            for sq in men {
                if (t.graph.neighbours4(sq) & free).is_empty() {
                    shut.insert(sq);
                }
            }
            match *step {
                Step::Decide(_) if shut.any() => return B::EMPTY,
                Step::Decide(_) => {}
                Step::Remove(_) => out |= shut,
            }
        }
        out
    }

    /// Whether a deciding step fires now (checked between the steps of a
    /// compound action).
    pub fn decides_now<B: Bits>(&self, t: &Base<B>, s: &State<B>) -> bool {
        self.steps.iter().any(|step| match *step {
            Step::Decide(k) => !surrounded_owners(t, s, k).is_empty(),
            Step::Remove(_) => false,
        })
    }

    /// The ending `surrounded PIECE`: the players whose man of that kind is
    /// surrounded, or whose man the last action surrounded.
    pub fn subjects<B: Bits>(&self, t: &Base<B>, s: &State<B>, kind: PieceId) -> PlayerSet {
        PlayerSet::from_bits(s.var(self.decided) as u8) | surrounded_owners(t, s, kind)
    }
}

/// Whether the man on `sq` has its 4 orthogonal sides blocked: by men, the
/// board edge or holes, or (unbounded boards) the limit box. `window` is
/// [`limit_box::window`] of the men.
#[inline]
pub fn is_surrounded<B: Bits>(t: &Base<B>, s: &State<B>, sq: Square, window: B) -> bool {
    (t.graph.neighbours4(sq) & !s.occ & window).is_empty()
}

/// The empty squares a man could still step to (not beyond the limit).
#[inline]
fn free_squares<B: Bits>(t: &Base<B>, s: &State<B>) -> B {
    !s.occ & limit_box::window(t, s.occ)
}

/// The surrounded men of `kind`: those with no free square beside them.
#[inline]
pub fn surrounded_men<B: Bits>(t: &Base<B>, s: &State<B>, kind: PieceId) -> B {
    let men = kind_bb(t, s, kind);
    if men.is_empty() {
        return B::EMPTY;
    }
    men & !t.beside(free_squares(t, s))
}

/// Owners of surrounded men of `kind`.
pub fn surrounded_owners<B: Bits>(t: &Base<B>, s: &State<B>, kind: PieceId) -> PlayerSet {
    let mut set = PlayerSet::EMPTY;
    for sq in surrounded_men(t, s, kind) {
        set.insert(s.at(sq).owner());
    }
    set
}
