//! Movement: where a man's atoms take it, and which squares are attacked.
//! Reads the compiled tables and a state; knows no rule beyond the atoms.

mod attacks;

pub use attacks::{
    attack_set, attacked, attackers_of, enemies, friends_bb, kind_bb, reach, ride_in_range,
    royal_attacked, royals,
};

use crate::engine::compile::{AKind, Base};
use crate::engine::core::{Bits, Man, Square, State};
use crate::ir::{Mode, PlayerId};

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
}

impl<B: Bits> Ctx<B> {
    #[inline]
    pub fn new(t: &Base<B>, s: &State<B>, me: PlayerId, captures: bool) -> Ctx<B> {
        let friends = friends_bb(t, s, me);
        Ctx {
            me,
            occ: s.occ,
            friends,
            enemy: s.occ & !friends,
            empty: t.real & !s.occ,
            captures,
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
    let p = &t.atoms.patterns[t.layout.pid(man)];
    let unmoved = s.unmoved.contains(from);
    let mut quiet = B::EMPTY;
    let mut caps = B::EMPTY;
    // Each arm adds its own squares: merging one `r` from several arms made
    // the compiler spill it and reload it across two stores (a
    // store-forwarding stall that cost a third of the generation time).
    #[inline(always)]
    fn add<B: Bits>(mode: Mode, r: B, quiet: &mut B, caps: &mut B) {
        if mode.can_move() {
            *quiet |= r;
        }
        if mode.can_capture() {
            *caps |= r;
        }
    }
    for a in &p.moves {
        if a.initial && !unmoved {
            continue;
        }
        match a.kind {
            AKind::Leap => add(
                a.mode,
                t.atoms.leap_bb[a.table as usize + from.index()],
                &mut quiet,
                &mut caps,
            ),
            AKind::Ride if a.range == 0 && !a.passes_own => {
                let ray = t.ray(a.dir, from);
                let r = match (ray & c.occ).nearest(t.atoms.dirs[a.dir as usize].lowest) {
                    Some(b) => ray & !t.ray(a.dir, b),
                    None => ray,
                };
                add(a.mode, r, &mut quiet, &mut caps);
            }
            AKind::Lame if lame_ep => {}
            _ => add(
                a.mode,
                reach(t, a, from, c.occ, c.friends),
                &mut quiet,
                &mut caps,
            ),
        }
    }
    let caps = if c.captures { caps & c.enemy } else { B::EMPTY };
    (quiet & c.empty) | caps
}
