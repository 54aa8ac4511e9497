//! Captures by approach and by withdrawal (a consequence of the move) and
//! immobilisation (men next to an enemy immobiliser make no board move: a
//! filter of the generic path's candidates). The tables are
//! [`crate::engine::compile::strikes::Strikes`]; the attack test is
//! `movement::strike`.
//!
//! After a straight board move (along a rank, a file or a diagonal) of a
//! man of a kind that approaches, the enemy man on the next square beyond
//! its destination in its direction of motion is taken; of a kind that
//! withdraws, the enemy man on the square next to its start, opposite its
//! direction of motion. A kind may do both: one move then takes both men.
//! The men taken go where captured men go (`captures`).

use super::captures::{self, CaptureRule};
use crate::engine::compile::strikes::{unit, Strikes};
use crate::engine::compile::Base;
use crate::engine::core::{Bits, Move, MoveList, Square, State};
use crate::engine::movement::{friends_bb, strike::frozen};
use crate::ir::PlayerId;

/// The men `me`'s move `mv` takes by approach or withdrawal, taken.
/// Returns how many.
#[inline(never)]
pub fn after_move<B: Bits>(
    t: &Base<B>,
    st: &Strikes<B>,
    rule: &CaptureRule,
    s: &mut State<B>,
    me: PlayerId,
    mv: Move,
) -> u32 {
    let (from, to) = match mv {
        Move::Normal { from, to, .. } | Move::Lame { from, to, .. } => (from, to),
        _ => return 0,
    };
    let man = s.at(to);
    if man.is_empty() || !st.strikes(man) {
        return 0;
    }
    let Some((ux, uy)) = unit(&t.geo, from, to) else {
        return 0;
    };
    let bit = 1 << man.kind();
    let mut victims = [None, None];
    if st.approach & bit != 0 {
        victims[0] = t.geo.offset(to, (ux, uy));
    }
    if st.withdrawal & bit != 0 {
        victims[1] = t.geo.offset(from, (-ux, -uy));
    }
    let mut n = 0;
    for q in victims.into_iter().flatten() {
        if enemy_at(t, s, me, q) {
            let cap = s.take(&t.layout, q);
            captures::captured(rule, t, s, me, cap);
            n += 1;
        }
    }
    n
}

/// Whether an enemy man of `me`'s (not a wall) stands on `q`.
#[inline]
fn enemy_at<B: Bits>(t: &Base<B>, s: &State<B>, me: PlayerId, q: Square) -> bool {
    s.occ.contains(q) && !s.walls.contains(q) && !friends_bb(t, s, me).contains(q)
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
