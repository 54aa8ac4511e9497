//! Movement: where a man's atoms take it, and which squares are attacked.
//! Reads the compiled tables and a state; knows no rule beyond the atoms.

mod attacks;
mod royal;
mod shape;
pub(crate) mod strike;

pub use attacks::{
    attack_set, attacked, attacked_by, attackers_of, enemies, friends_bb, kind_bb, leap_attackers,
    reach, reach_over, riders, rides_to, royals,
};
pub use royal::{
    made_royal_value, royal_attacked, royal_attacked_after, royal_attacked_in, royal_attackers,
    royal_square_attacked, royals_checked,
};
pub use shape::shape_holds;

use crate::engine::compile::{
    atoms::{CAtom, Plan},
    AKind, Base,
};
use crate::engine::core::{Bits, Man, Square, State};
use crate::ir::PlayerId;

/// What every man's generation needs about the node.
#[derive(Clone, Copy, Debug)]
pub struct Ctx<B: Bits> {
    pub me: PlayerId,
    pub occ: B,
    pub friends: B,
    pub enemy: B,
    pub empty: B,
    /// Captures exist in this variant.
    pub captures: bool,
    /// Lame moves leave en-passant targets in this variant.
    pub ep: bool,
    /// Men whose initial moves are closed at this node (`initial ... not
    /// in check`).
    pub closed: B,
}

impl<B: Bits> Ctx<B> {
    #[inline]
    pub fn new(t: &Base<B>, s: &State<B>, me: PlayerId, captures: bool) -> Ctx<B> {
        let friends = friends_bb(t, s, me);
        Ctx {
            me,
            occ: s.occ,
            friends,
            enemy: s.occ & !(friends | s.walls),
            empty: t.real & !s.occ,
            captures,
            ep: false,
            closed: B::EMPTY,
        }
    }
}

/// The squares the atoms of the man on `from` can move to (plain moves
/// and captures; lame moves that leave en-passant targets excluded when
/// `lame_ep`).
#[inline(always)]
pub fn targets_of<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    c: &Ctx<B>,
    from: Square,
    man: Man,
    lame_ep: bool,
) -> B {
    targets_with(
        t,
        s,
        c,
        &t.atoms.patterns[t.layout.pid(man)].plan,
        from,
        lame_ep,
    )
}

/// [`targets_of`] for a man of a known pattern.
#[inline(always)]
pub fn targets_with<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    c: &Ctx<B>,
    plan: &Plan,
    from: Square,
    lame_ep: bool,
) -> B {
    targets_x::<B, true>(t, s, c, plan, from, lame_ep)
}

/// [`targets_with`], compiled without the tests of extras and closed
/// initial moves when `X` is false (a variant without them: see
/// `Compiled::extras`).
#[inline(always)]
pub fn targets_x<B: Bits, const X: bool>(
    t: &Base<B>,
    s: &State<B>,
    c: &Ctx<B>,
    plan: &Plan,
    from: Square,
    lame_ep: bool,
) -> B {
    if X && plan.extra {
        return targets_extra(t, s, c, plan, from, lame_ep);
    }
    let (quiet, caps) = leaps_and_rides(t, c, plan, from);
    plain_rest::<B, X>(t, s, c, plan, from, lame_ep, quiet, caps)
}

/// [`targets_with`] without en passant, where the unlimited rides that
/// pass over the mover's side (`passes own`, kept among the other atoms)
/// are ridden here instead of through [`reach`] (for the men of a
/// boxed board, where such riders are most of the work).
#[inline(always)]
pub fn targets_passing<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    c: &Ctx<B>,
    plan: &Plan,
    from: Square,
) -> B {
    if plan.extra {
        return targets_extra(t, s, c, plan, from, false);
    }
    let (mut quiet, mut caps) = leaps_and_rides(t, c, plan, from);
    let others = c.occ & !c.friends;
    add_rest(
        t,
        s,
        c,
        plan,
        from,
        false,
        true,
        &mut quiet,
        &mut caps,
        |a| {
            if a.kind == AKind::Ride && a.range == 0 && a.passes_own {
                ride(t, a.dir, from, others)
            } else {
                reach(t, a, from, c.occ, c.friends)
            }
        },
    );
    masked(c, quiet, caps)
}

/// The leaps and unlimited rides of a plan: (quiet, captures) before the
/// occupancy masks.
#[inline(always)]
fn leaps_and_rides<B: Bits>(t: &Base<B>, c: &Ctx<B>, plan: &Plan, from: Square) -> (B, B) {
    let at = from.index();
    let mut quiet = match plan.leap_quiet {
        Some(i) => t.atoms.plan_bb[i as usize][at],
        None => B::EMPTY,
    };
    let mut caps = match plan.leap_cap {
        Some(i) => t.atoms.plan_bb[i as usize][at],
        None => B::EMPTY,
    };
    for &d in &plan.rides_both {
        let r = ride(t, d, from, c.occ);
        quiet |= r;
        caps |= r;
    }
    for &d in &plan.rides_quiet {
        quiet |= ride(t, d, from, c.occ);
    }
    for &d in &plan.rides_cap {
        caps |= ride(t, d, from, c.occ);
    }
    (quiet, caps)
}

/// The other atoms of a plan without extras, and the occupancy masks.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn plain_rest<B: Bits, const X: bool>(
    t: &Base<B>,
    s: &State<B>,
    c: &Ctx<B>,
    plan: &Plan,
    from: Square,
    lame_ep: bool,
    mut quiet: B,
    mut caps: B,
) -> B {
    add_rest(
        t,
        s,
        c,
        plan,
        from,
        lame_ep,
        X,
        &mut quiet,
        &mut caps,
        |a| reach(t, a, from, c.occ, c.friends),
    );
    masked(c, quiet, caps)
}

/// Add the `rest` atoms of a plan open to the man on `from` (`reach_of`
/// gives an atom's squares); `closed`: test `Ctx::closed` for its initial
/// moves.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn add_rest<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    c: &Ctx<B>,
    plan: &Plan,
    from: Square,
    lame_ep: bool,
    closed: bool,
    quiet: &mut B,
    caps: &mut B,
    reach_of: impl Fn(&CAtom) -> B,
) {
    if plan.rest.is_empty() || (lame_ep && plan.rest_all_lame) {
        return;
    }
    let unmoved = t.initial_open(s, from, s.at(from)) && !(closed && c.closed.contains(from));
    for a in &plan.rest {
        if (a.initial && !unmoved) || (lame_ep && a.kind == AKind::Lame) {
            continue;
        }
        let r = reach_of(a);
        if a.mode.can_move() {
            *quiet |= r;
        }
        if a.mode.can_capture() {
            *caps |= r;
        }
    }
}

/// The targets: quiet squares that are empty, captures of enemy men.
#[inline(always)]
fn masked<B: Bits>(c: &Ctx<B>, quiet: B, caps: B) -> B {
    let caps = if c.captures { caps & c.enemy } else { B::EMPTY };
    (quiet & c.empty) | caps
}

/// [`targets_with`] for a plan with extras (`Plan::extra`): hurdles that
/// may not be jumped, region atoms, confinement and immunity.
#[inline(never)]
fn targets_extra<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    c: &Ctx<B>,
    plan: &Plan,
    from: Square,
    lame_ep: bool,
) -> B {
    let (mut quiet, mut caps) = leaps_and_rides(t, c, plan, from);
    let no_hurdle = s.pids_bb(&plan.no_hurdle);
    add_rest(
        t,
        s,
        c,
        plan,
        from,
        lame_ep,
        true,
        &mut quiet,
        &mut caps,
        |a| reach_over(t, a, from, c.occ, c.friends, no_hurdle),
    );
    extras(t, s, c, plan, from, &mut quiet, &mut caps);
    let targets = masked(c, quiet, caps);
    if plan.captures_own && c.captures {
        targets | (caps & own_takeable(t, s, c.me))
    } else {
        targets
    }
}

/// The men of `me` that a man of a `captures own` kind may take: every
/// one but the royal ones.
#[inline]
pub fn own_takeable<B: Bits>(t: &Base<B>, s: &State<B>, me: PlayerId) -> B {
    s.by_player[me as usize] & !s.pids_bb(&t.royal_pids) & !s.walls
}

/// The region atoms, confinement and immunity of a plan (`Plan::extra`).
#[inline(always)]
fn extras<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    c: &Ctx<B>,
    plan: &Plan,
    from: Square,
    quiet: &mut B,
    caps: &mut B,
) {
    let no_hurdle = s.pids_bb(&plan.no_hurdle);
    for z in &plan.zone {
        let m = t.atoms.masks[z.mask as usize];
        if !m.contains(from) {
            continue;
        }
        let a = &z.atom;
        let r = reach_over(t, a, from, c.occ, c.friends, no_hurdle);
        let r = if z.inside { r & m } else { r };
        if a.mode.can_move() {
            *quiet |= r;
        }
        if a.mode.can_capture() {
            *caps |= r;
        }
    }
    if let Some(m) = plan.confine {
        let m = t.atoms.masks[m as usize];
        *quiet &= m;
        *caps &= m;
    }
    if !plan.immune.is_empty() {
        *caps &= !s.pids_bb(&plan.immune);
    }
}

/// Whether a man of `plan` may not end on `to` where the man on `taken` is
/// taken (`taken` is `to`, or the victim of an en-passant capture): its
/// confinement keeps it off `to`, or the taken man is of a kind it never
/// captures. The one-square form of what [`add_rest`] does to sets.
#[inline(always)]
pub fn barred<B: Bits>(t: &Base<B>, s: &State<B>, plan: &Plan, to: Square, taken: Square) -> bool {
    plan.confine
        .is_some_and(|m| !t.atoms.masks[m as usize].contains(to))
        || (!plan.immune.is_empty() && s.pids_bb(&plan.immune).contains(taken))
}

/// The squares a [`Shape::Plain`] man on `from` reaches (empty or not):
/// its leap table and its rides, each `(direction, lowest)`.
///
/// [`Shape::Plain`]: crate::engine::compile::shape::Shape::Plain
#[inline(always)]
pub fn plain_reach<B: Bits>(
    t: &Base<B>,
    occ: B,
    leap: Option<u32>,
    rides: &[(u16, bool)],
    from: Square,
) -> B {
    let mut r = match leap {
        Some(i) => t.atoms.plan_bb[i as usize][from.index()],
        None => B::EMPTY,
    };
    for &(d, lowest) in rides {
        r |= ride_along(t, d, lowest, from, occ);
    }
    r
}

/// The squares an unlimited rider reaches along `dir` from `from`: up to
/// and including the first man.
#[inline(always)]
fn ride<B: Bits>(t: &Base<B>, dir: u16, from: Square, occ: B) -> B {
    ride_along(t, dir, t.atoms.dirs[dir as usize].lowest, from, occ)
}

/// [`ride`] with the direction's `lowest` flag already at hand.
#[inline(always)]
fn ride_along<B: Bits>(t: &Base<B>, dir: u16, lowest: bool, from: Square, occ: B) -> B {
    let ray = t.ray(dir, from);
    ray & (ray & occ).through_nearest(lowest)
}
