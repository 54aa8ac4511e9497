//! Board moves of the player to act, by the fast and the generic path
//! (see the module docs of `position::movegen` for how a node picks its path):
//! the pseudo-legal moves of every man, the fast path's checkers, pins
//! and royal moves, and the generic path's make-test-unmake.

use super::men::{gen_man, gen_men};
use super::probe::{gen_special, probe_each};
use crate::engine::core::{Bits, MoveList, Square, State};
use crate::engine::movement::{
    attacked, attacked_by, leap_attackers, riders, rides_to, royals, Ctx,
};
use crate::engine::rules::Sink;
use crate::engine::tables::Compiled;

/// Pseudo-legal moves of every man of the player to act (no specials),
/// pattern by pattern.
pub(super) fn gen_pseudo<B: Bits, S: Sink>(t: &Compiled<B>, s: &State<B>, c: &Ctx<B>, out: &mut S) {
    let own = s.by_player[c.me as usize];
    for (pid, p) in t.base.atoms.patterns.iter().enumerate() {
        gen_men::<B, S, true>(t, s, c, p, s.by_pattern[pid] & own, B::FULL, out);
        if out.done() {
            return;
        }
    }
}

/// The generic path for one node.
pub(super) fn gen_generic<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    c: &Ctx<B>,
    split: bool,
    out: &mut S,
    scratch: &mut MoveList,
) {
    // (Where captures explode, the blast may shrink the box: no mask.)
    if t.rules.constraints.limit && t.rules.explosion.is_none() {
        return super::boxed::gen_boxed(t, s, c, split, out, scratch);
    }
    if t.zone_test {
        if let Some(zone) = legality_zone(t, s, c) {
            return gen_zoned(t, s, c, zone, split, out, scratch);
        }
    }
    scratch.clear();
    gen_pseudo(t, s, c, scratch);
    gen_special(t, s, c, None, scratch);
    if let Some(st) = t.base.strikes.as_deref() {
        // The long leaper's leaps, the imitator's captures; then men next
        // to an enemy immobiliser make no move.
        crate::engine::rules::strike::add_moves(&t.base, st, s, c.me, scratch);
        crate::engine::rules::strike::drop_frozen(&t.base, st, s, c.me, scratch);
    }
    probe_each(t, s, scratch, split, out, |_| None);
}

/// Where [`Compiled::zone_test`] holds and the mover's only royal is
/// neither attacked nor facing: the squares whose men, moved away, put
/// down or taken, may change that. They are the royal's square, each
/// line from it that a ride or a hop could attack it along and that holds
/// an enemy man who rides or hops, the paths of the lame leaps that enemy
/// men could attack it by (of the patterns tested forward: every such
/// path, `Groups::complex_paths`), and the lines of `facing`
/// ([`Facing::zone`]).
/// A board move that neither leaves nor enters them leaves the position
/// as legal as it was: the mover's men never attack its royal, and the
/// attacks of the men it does not take are changed only by men on those
/// squares. `None`: every move is tested.
///
/// [`Facing::zone`]: crate::engine::rules::facing::Facing::zone
#[inline(never)]
fn legality_zone<B: Bits>(t: &Compiled<B>, s: &State<B>, c: &Ctx<B>) -> Option<B> {
    let b = &t.base;
    let ks = royals(b, s, c.me);
    let k = ks.first()?;
    if ks.more_than_one() || attacked(b, s, k, c.enemy, c.occ) {
        return None;
    }
    let g = &b.groups;
    let mut zone = B::single(k);
    let liners = c.enemy & g.line_rays[k.index()] & s.pids_bb(&g.line_pids);
    if liners.any() {
        for &rdir in &g.line_dirs {
            let ray = b.ray(rdir, k);
            if (ray & liners).any() {
                zone |= ray;
            }
        }
    }
    if (g.lame_near[k.index()] & c.enemy).any() {
        for l in &g.lame {
            zone |= l.paths_from(k, c.enemy);
        }
    }
    zone |= g.complex_paths[k.index()];
    if let Some(f) = &t.rules.constraints.facing {
        if f.faces(b, s, c.me, c.occ) {
            return None;
        }
        zone |= f.zone(b, s, c.me, c.occ);
    }
    Some(zone)
}

/// The generic path where the node has a [`legality_zone`]: the moves of
/// the men off the zone to squares off it are legal as they are; every
/// other move is probed.
fn gen_zoned<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    c: &Ctx<B>,
    zone: B,
    split: bool,
    out: &mut S,
    scratch: &mut MoveList,
) {
    scratch.clear();
    let own = s.by_player[c.me as usize];
    let (free, tied) = (own & !zone, own & zone);
    let s_ref: &State<B> = s;
    for (pid, p) in t.base.atoms.patterns.iter().enumerate() {
        let men = s_ref.by_pattern[pid] & own;
        if men.is_empty() {
            continue;
        }
        gen_men::<B, S, true>(t, s_ref, c, p, men & free, !zone, out);
        if out.done() {
            return;
        }
        gen_men::<B, MoveList, true>(t, s_ref, c, p, men & free, zone, scratch);
        gen_men::<B, MoveList, true>(t, s_ref, c, p, men & tied, B::FULL, scratch);
    }
    gen_special(t, s, c, None, scratch);
    probe_each(t, s, scratch, split, out, |_| None);
}

/// The moves of the royal on `k` to squares `attackers` do not attack once
/// it has left.
fn gen_royal<B: Bits, S: Sink, const X: bool>(
    t: &Compiled<B>,
    s: &State<B>,
    c: &Ctx<B>,
    k: Square,
    attackers: B,
    riders: B,
    out: &mut S,
) {
    let b = &t.base;
    let occ_wo = c.occ ^ B::single(k);
    let king = s.at(k);
    gen_man::<B, S, true, X, _>(
        t,
        s,
        c,
        &b.atoms.patterns[b.layout.pid(king)],
        k,
        king,
        B::FULL,
        |to| !attacked_by(b, s, to, attackers, riders, occ_wo),
        out,
    );
}

/// A pinned man: its square, the direction looked along from the royal,
/// and the pinner. Kept small: the array is set up at every node.
#[derive(Clone, Copy)]
struct Pin {
    sq: Square,
    rdir: u16,
    by: Square,
}

/// Pins tracked per node; a node with more takes the generic path.
const MAX_PINS: usize = 16;

/// The fast path (see the module docs) for the mover's only royal on `k`.
pub(super) fn gen_fast<B: Bits, S: Sink, const X: bool>(
    t: &Compiled<B>,
    s: &mut State<B>,
    c: &Ctx<B>,
    k: Square,
    out: &mut S,
    scratch: &mut MoveList,
) {
    let b = &t.base;
    let me = c.me;
    let attackers = c.enemy;
    // Only these can attack along a line. On sets of one word they are
    // worth finding first (chess: -5.6% instructions); on wider sets the
    // lines of a crowded board rarely come out empty, and the set costs
    // more than it saves (a four-player board of 160 squares: +3%).
    let riders = if B::SQUARES <= 64 {
        riders(b, s, attackers)
    } else {
        attackers
    };
    let own = s.by_player[me as usize];
    // A sink that only asks whether a move exists: when the royal is not
    // attacked (or the caller knows it is not), any move of a man off every
    // ride line through the royal is legal (it can neither be pinned nor
    // uncover an attack), so those men are tried before checkers and pins
    // are worked out.
    if S::STOPS_EARLY && (out.royal_safe() || !attacked_by(b, s, k, attackers, riders, c.occ)) {
        let free = (own ^ B::single(k)) & !b.groups.ride_lines[k.index()];
        if free.any() {
            for &pid in &b.atoms.probe_order {
                let pid = pid as usize;
                for from in s.by_pattern[pid] & free {
                    gen_man::<B, S, false, X, _>(
                        t,
                        s,
                        c,
                        &b.atoms.patterns[pid],
                        from,
                        s.at(from),
                        B::FULL,
                        |_| true,
                        out,
                    );
                    if out.done() {
                        s.witness[me as usize] = from;
                        return;
                    }
                }
            }
        }
    }
    let mut block = B::EMPTY;
    let near = b.groups.leap_near[k.index()] & attackers;
    let mut checkers = if near.any() {
        leap_attackers(b, s, k, near)
    } else {
        B::EMPTY
    };
    let lines = b.groups.ride_lines[k.index()] & riders;
    let mut pins = [Pin {
        sq: Square::default(),
        rdir: 0,
        by: Square::default(),
    }; MAX_PINS];
    let mut npins = 0usize;
    let mut pinned = B::EMPTY;
    for g in &b.groups.ride {
        if lines.is_empty() {
            break;
        }
        let ray = b.ray(g.rdir, k);
        if (ray & lines).is_empty() {
            continue;
        }
        let lowest = g.lowest;
        let blockers = ray & c.occ;
        let Some(b1) = blockers.nearest(lowest) else {
            continue;
        };
        if riders.contains(b1) {
            if rides_to(b, s, g, b1, k) {
                checkers.insert(b1);
                block |= ray ^ b.ray(g.rdir, b1);
            }
            continue;
        }
        if !own.contains(b1) {
            continue;
        }
        let mut rest = blockers;
        rest.remove(b1);
        let Some(b2) = rest.nearest(lowest) else {
            continue;
        };
        if riders.contains(b2) && rides_to(b, s, g, b2, k) {
            if npins == MAX_PINS {
                // Absurdly many pins: use the generic path for this node.
                gen_generic(t, s, c, false, out, scratch);
                return;
            }
            pins[npins] = Pin {
                sq: b1,
                rdir: g.rdir,
                by: b2,
            };
            npins += 1;
            pinned.insert(b1);
        }
    }

    // Royal moves: the destination may not be attacked once the royal has
    // left its square. A sink that only asks whether any move exists gets
    // the other men first (cheaper), a list gets the royal's moves first.
    if !S::STOPS_EARLY {
        gen_royal::<B, S, X>(t, s, c, k, attackers, riders, out);
        if out.done() {
            return;
        }
    }
    if !checkers.more_than_one() {
        let mask = if checkers.any() {
            checkers | block
        } else {
            B::FULL
        };
        let s_ref: &State<B> = s;
        let others = own ^ B::single(k);
        for (pid, pat) in b.atoms.patterns.iter().enumerate() {
            let men = s_ref.by_pattern[pid] & others;
            if men.is_empty() {
                continue;
            }
            if !S::STOPS_EARLY {
                // The men that are not pinned, all at once; the pinned
                // ones below, each with its line.
                gen_men::<B, S, X>(t, s_ref, c, pat, men & !pinned, mask, out);
                if (men & pinned).is_empty() {
                    continue;
                }
            }
            let men = if S::STOPS_EARLY { men } else { men & pinned };
            for from in men {
                let mut m = mask;
                if pinned.contains(from) {
                    for p in &pins[..npins] {
                        if p.sq == from {
                            m &= b.ray(p.rdir, k) ^ b.ray(p.rdir, p.by);
                        }
                    }
                }
                if m.is_empty() {
                    continue;
                }
                gen_man::<B, S, false, X, _>(
                    t,
                    s_ref,
                    c,
                    pat,
                    from,
                    s_ref.at(from),
                    m,
                    |_| true,
                    out,
                );
                if S::STOPS_EARLY && out.done() {
                    return;
                }
            }
            if out.done() {
                return;
            }
        }
    }
    if S::STOPS_EARLY {
        gen_royal::<B, S, X>(t, s, c, k, attackers, riders, out);
        if out.done() {
            return;
        }
    }
    gen_special(t, s, c, Some(false), out);
}
