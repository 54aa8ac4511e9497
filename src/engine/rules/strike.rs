//! The captures that are not a move onto the man taken (a consequence of
//! the move: approach, withdrawal, leaping, coordination, custody,
//! imitation), the moves only they make (the long leaper's leaps, the
//! imitator's captures onto a man as his piece captures) and
//! immobilisation (men next to an enemy immobiliser make no board move: a
//! filter of the generic path's candidates). The tables are
//! [`crate::engine::compile::strikes::Strikes`]; which men a move takes,
//! and the attack test, are `movement::strike`.
//!
//! The men taken go where captured men go (`captures`).

use super::captures::{self, CaptureRule};
use crate::engine::compile::strikes::Strikes;
use crate::engine::compile::Base;
use crate::engine::core::{Bits, Move, MoveList, State};
use crate::engine::movement::strike::{frozen, leap_targets, victims, View};
use crate::engine::movement::{targets_of, Ctx};
use crate::ir::KindSet;
use crate::ir::PlayerId;

/// The men `me`'s move `mv` takes besides the man on its destination,
/// taken (`displaced`: the move took a man on its destination). Returns
/// how many.
#[inline(never)]
pub fn after_move<B: Bits>(
    t: &Base<B>,
    st: &Strikes<B>,
    rule: &CaptureRule,
    s: &mut State<B>,
    me: PlayerId,
    mv: Move,
    displaced: bool,
) -> u32 {
    let (from, to) = match mv {
        Move::Normal { from, to, .. } | Move::Lame { from, to, .. } => (from, to),
        _ => return 0,
    };
    let man = s.at(to);
    if man.is_empty() || !st.strikes(man) || man.owner() != me {
        return 0;
    }
    // The occupancy before the move: the man on its start.
    let occ = (s.occ & !B::single(to))
        | B::single(from)
        | if displaced { B::single(to) } else { B::EMPTY };
    let v = View::before(t, s, man, occ, from, to, displaced);
    let taken = victims(t, s, st, &v);
    let mut n = 0;
    for q in taken {
        let cap = s.take(&t.layout, q);
        captures::captured(rule, t, s, me, cap);
        n += 1;
    }
    n
}

/// The candidate moves only these captures make, added to `list`: the
/// leaps of `me`'s leaping men and imitators, and an imitator's captures
/// onto an enemy man by that man's piece's capturing moves (its own atoms
/// need not capture). Frozen men are dropped afterwards
/// ([`drop_frozen`]).
#[inline(never)]
pub fn add_moves<B: Bits>(
    t: &Base<B>,
    st: &Strikes<B>,
    s: &State<B>,
    me: PlayerId,
    list: &mut MoveList,
) {
    let movers = st.leapers();
    if movers.is_empty() {
        return;
    }
    let c = Ctx::new(t, s, me, true);
    for from in s.pids_bb(&st.striker_pids) & s.by_player[me as usize] {
        let man = s.at(from);
        let bit = KindSet::one(man.kind());
        if !movers.meets(bit) {
            continue;
        }
        for to in leap_targets(t, s, st, man, from, s.occ, c.enemy) {
            list.push(Move::Normal {
                from,
                to,
                promote: None,
            });
        }
        if !st.imitation.meets(bit) {
            continue;
        }
        let own = targets_of(t, s, &c, from, man, false);
        for q in c.enemy & !own {
            let there = s.at(q);
            if targets_of(t, s, &c, from, man.with_kind(there.kind()), false).contains(q) {
                list.push(Move::Normal {
                    from,
                    to: q,
                    promote: None,
                });
            }
        }
    }
}

/// Immobilisation: the candidate board moves of `me` in `list` whose man
/// an enemy immobiliser holds are dropped.
#[inline(never)]
pub fn drop_frozen<B: Bits>(
    t: &Base<B>,
    st: &Strikes<B>,
    s: &State<B>,
    me: PlayerId,
    list: &mut MoveList,
) {
    let fz = frozen(t, s, st, s.by_player[me as usize]);
    if fz.is_empty() {
        return;
    }
    list.retain(|m| m.from().is_none_or(|f| !fz.contains(f)));
}
