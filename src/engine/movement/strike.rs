//! The attack test where men capture by approach or withdrawal or are
//! immobilised (`compile::strikes`): an immobilised man attacks nothing,
//! and a man that approaches or withdraws attacks every square one of its
//! straight moves would take it from. Out of line: read behind
//! `Base::check_special` only by variants that have these rules.

use super::attacks::{attacked, friends_bb};
use super::{targets_of, Ctx};
use crate::engine::compile::strikes::{unit, Strikes};
use crate::engine::compile::Base;
use crate::engine::core::{Bits, Square, State};

/// The men of `men` that an enemy immobiliser holds.
#[inline]
pub fn frozen<B: Bits>(t: &Base<B>, s: &State<B>, st: &Strikes<B>, men: B) -> B {
    st.frozen(s, men, |p| friends_bb(t, s, p))
}

/// Whether a man of `attackers` (a subset of `occ`) could take a man on
/// `sq`: by its attacks, unless it is immobilised, or by approach or
/// withdrawal along one of its straight moves.
#[inline(never)]
pub fn square_attacked<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    st: &Strikes<B>,
    sq: Square,
    attackers: B,
    occ: B,
) -> bool {
    let attackers = attackers & !frozen(t, s, st, attackers);
    if attacked(t, s, sq, attackers, occ) {
        return true;
    }
    if st.strikers() == 0 {
        return false;
    }
    for from in s.pids_bb(&st.striker_pids) & attackers {
        let man = s.at(from);
        if !st.strikes(man) {
            continue;
        }
        let bit = 1 << man.kind();
        // A withdrawal takes the man next to its start: only a man next
        // to `sq` can.
        let withdraws = st.withdrawal & bit != 0 && st.near[from.index()].contains(sq);
        if st.approach & bit == 0 && !withdraws {
            continue;
        }
        let mut c = Ctx::new(t, s, man.owner(), true);
        c.occ = occ;
        c.empty = t.real & !occ;
        c.enemy = occ & !(c.friends | s.walls);
        for to in targets_of(t, s, &c, from, man, false) {
            let Some((ux, uy)) = unit(&t.geo, from, to) else {
                continue;
            };
            if st.approach & bit != 0 && t.geo.offset(to, (ux, uy)) == Some(sq) {
                return true;
            }
            if withdraws && t.geo.offset(from, (-ux, -uy)) == Some(sq) {
                return true;
            }
        }
    }
    false
}
