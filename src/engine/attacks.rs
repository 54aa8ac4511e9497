//! Attacks: where a man's atoms reach, and "is this square attacked?".

use super::bitset::Bitset;
use super::man::Man;
use super::position::State;
use super::square::Square;
use super::tables::{AKind, CAtom, RideGroup, Tables};
use crate::ir::PlayerId;

/// The squares an atom of a man on `from` reaches with the given occupancy:
/// every landing square, including the first man met by a rider (which it
/// would capture if it is an enemy). `friends` are the men a `passes_own`
/// rider may cross. Modes are not applied.
#[inline]
pub(crate) fn reach(t: &Tables, a: &CAtom, from: Square, occ: Bitset, friends: Bitset) -> Bitset {
    match a.kind {
        AKind::Leap => t.leap_bb[a.table as usize + from.index()],
        AKind::Ride => {
            let ray = if a.range == 0 {
                t.ray(a.dir, from)
            } else {
                t.ranged[a.table as usize + from.index()]
            };
            let blockers = if a.passes_own {
                ray & occ & !friends
            } else {
                ray & occ
            };
            match blockers.nearest(t.dirs[a.dir as usize].lowest) {
                Some(b) => ray & !t.ray(a.dir, b),
                None => ray,
            }
        }
        AKind::Hop => {
            let lowest = t.dirs[a.dir as usize].lowest;
            let full = t.ray(a.dir, from);
            let Some(screen) = (full & occ).nearest(lowest) else {
                return Bitset::EMPTY;
            };
            let mut beyond = t.ray(a.dir, screen);
            if a.range > 0 {
                beyond &= t.ranged[a.table as usize + from.index()];
            }
            match (beyond & occ).nearest(lowest) {
                Some(b) => beyond & !t.ray(a.dir, b),
                None => beyond,
            }
        }
        AKind::Lame => {
            let mut out = Bitset::EMPTY;
            for &d in &a.dirs {
                let st = t.lame_step(d, from);
                if st.to.is_some() && (st.path & occ).is_empty() {
                    out.insert(st.to);
                }
            }
            out
        }
        AKind::LameRide => {
            let mut out = Bitset::EMPTY;
            let mut cur = from;
            let mut n = 0u32;
            loop {
                let st = t.lame_step(a.dir, cur);
                if st.to.is_none() || (st.path & occ).any() {
                    break;
                }
                out.insert(st.to);
                n += 1;
                if occ.contains(st.to) || (a.range != 0 && n >= a.range as u32) {
                    break;
                }
                cur = st.to;
            }
            out
        }
    }
}

/// The squares the man `man` on `from` attacks, with occupancy `occ`.
pub(crate) fn attack_set(t: &Tables, s: &State, from: Square, man: Man, occ: Bitset) -> Bitset {
    let p = &t.patterns[t.pid(man)];
    let friends = s.friends_bb(t, man.owner()) & occ;
    let unmoved = s.unmoved.contains(from);
    let mut out = Bitset::EMPTY;
    for a in &p.attacks {
        if a.initial && !unmoved {
            continue;
        }
        out |= reach(t, a, from, occ, friends);
    }
    out
}

/// Steps from `a` to `b` along a ride group's direction.
#[inline]
fn steps(t: &Tables, g: &RideGroup, a: Square, b: Square) -> i32 {
    let (ax, ay) = t.geo.coords(a);
    let (bx, by) = t.geo.coords(b);
    let v = t.dirs[g.dir as usize].v;
    if v.0 != 0 {
        (bx - ax) / v.0
    } else {
        (by - ay) / v.1
    }
}

/// Whether the rider on `b` (a member of group `g`) reaches `sq`.
#[inline]
pub(crate) fn ride_in_range(t: &Tables, s: &State, g: &RideGroup, b: Square, sq: Square) -> bool {
    if !g.limited {
        return true;
    }
    let r = g.range[t.pid(s.board[b.index()])];
    r == 255 || steps(t, g, b, sq) <= r as i32
}

/// Whether `sq` is attacked by one of the men in `attackers`, with
/// occupancy `occ` (which may differ from the position's, e.g. without the
/// royal that is about to move). `attackers` must be a subset of `occ`.
pub(crate) fn attacked(t: &Tables, s: &State, sq: Square, attackers: Bitset, occ: Bitset) -> bool {
    for g in &t.leap_groups {
        let rev = t.rev_leap[g.base as usize + sq.index()] & attackers;
        if rev.any() && (rev & s.pids_bb(&g.pids)).any() {
            return true;
        }
    }
    for g in &t.ride_groups {
        let ray = t.ray(g.rdir, sq);
        let cand = ray & attackers;
        if cand.is_empty() {
            continue;
        }
        let men = cand & s.pids_bb(&g.pids);
        if men.is_empty() {
            continue;
        }
        let lowest = t.dirs[g.rdir as usize].lowest;
        if let Some(b) = (ray & occ).nearest(lowest) {
            if men.contains(b) && ride_in_range(t, s, g, b, sq) {
                return true;
            }
        }
    }
    if !t.complex_pids.is_empty() {
        for &pid in &t.complex_pids {
            for from in s.by_pattern[pid as usize] & attackers {
                let man = s.board[from.index()];
                if attack_set(t, s, from, man, occ).contains(sq) {
                    return true;
                }
            }
        }
    }
    false
}

/// The men of `attackers` that attack `sq` (with the position's occupancy).
pub(crate) fn attackers_of(t: &Tables, s: &State, sq: Square, attackers: Bitset) -> Bitset {
    let occ = s.occ;
    let mut out = Bitset::EMPTY;
    for g in &t.leap_groups {
        out |= t.rev_leap[g.base as usize + sq.index()] & attackers & s.pids_bb(&g.pids);
    }
    for g in &t.ride_groups {
        let ray = t.ray(g.rdir, sq);
        let men = ray & attackers & s.pids_bb(&g.pids);
        if men.is_empty() {
            continue;
        }
        if let Some(b) = (ray & occ).nearest(t.dirs[g.rdir as usize].lowest) {
            if men.contains(b) && ride_in_range(t, s, g, b, sq) {
                out.insert(b);
            }
        }
    }
    for &pid in &t.complex_pids {
        for from in s.by_pattern[pid as usize] & attackers {
            if attack_set(t, s, from, s.board[from.index()], occ).contains(sq) {
                out.insert(from);
            }
        }
    }
    out
}

/// Men that are enemies of `p` (not p's, not a team mate's).
#[inline]
pub(crate) fn enemies(t: &Tables, s: &State, p: PlayerId) -> Bitset {
    s.occ & !s.friends_bb(t, p)
}

/// Whether some royal man of `p` is attacked by an enemy.
pub(crate) fn royal_attacked(t: &Tables, s: &State, p: PlayerId) -> bool {
    let royals = s.royals(t, p);
    if royals.is_empty() {
        return false;
    }
    let enemy = enemies(t, s, p);
    royals.iter().any(|r| attacked(t, s, r, enemy, s.occ))
}
