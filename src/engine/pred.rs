//! Evaluating IR predicates ([`Pred`]) on a position.
//!
//! Movement guards (`Turn::move_requires`) are evaluated on the acting
//! player alone; placements and effects (issues 4/5) also give a subject
//! square and the square of the man just placed or moved.

use super::attacks;
use super::man::Man;
use super::position::{bounding_box, State};
use super::square::Square;
use super::tables::Tables;
use crate::ir::{PlayerId, Pred, Selector, Who};

/// Whether the man matches the selector, relative to the acting player.
#[inline]
pub(crate) fn matches(t: &Tables, sel: &Selector, man: Man, actor: PlayerId) -> bool {
    if man.is_empty() {
        return false;
    }
    if let Some(k) = sel.piece {
        if man.kind() != k {
            return false;
        }
    }
    match sel.who {
        Who::Own => man.owner() == actor,
        Who::Friend => t.is_friend(actor, man.owner()),
        Who::Enemy => !t.is_friend(actor, man.owner()),
        Who::Any => true,
    }
}

/// A predicate on the acting player only; atoms about a subject square are false.
pub(crate) fn eval_player(t: &Tables, s: &State, p: &Pred, actor: PlayerId) -> bool {
    eval(t, s, p, actor, None, None)
}

/// Whether `sq` counts as blocked for a surround: off the board, a hole, a
/// man, or (unbounded boards) beyond the limit.
fn blocked(t: &Tables, s: &State, from: Square, d: (i32, i32)) -> bool {
    let (x, y) = t.geo.coords(from);
    let Some(n) = t.geo.square(x + d.0, y + d.1) else {
        return true;
    };
    if s.occ.contains(n) {
        return true;
    }
    if let Some((w, h)) = t.geo.limit() {
        let mut set = s.occ;
        set.insert(n);
        if let Some((x0, y0, x1, y1)) = bounding_box(t, set) {
            return (x1 - x0) as usize >= w || (y1 - y0) as usize >= h;
        }
    }
    false
}

/// Evaluate a predicate. `subject` is the square the predicate speaks
/// about; `this` is the man just placed or moved (for `IsSelf`).
pub(crate) fn eval(
    t: &Tables,
    s: &State,
    p: &Pred,
    actor: PlayerId,
    subject: Option<Square>,
    this: Option<Square>,
) -> bool {
    let geo = &t.geo;
    let neighbours = |sq: Square, diag: bool| {
        let (x, y) = geo.coords(sq);
        let mut v = Vec::with_capacity(8);
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dx, dy) == (0, 0) || (!diag && dx != 0 && dy != 0) {
                    continue;
                }
                if let Some(n) = geo.square(x + dx, y + dy) {
                    v.push(n);
                }
            }
        }
        v
    };
    match p {
        Pred::True => true,
        Pred::Not(q) => !eval(t, s, q, actor, subject, this),
        Pred::And(qs) => qs.iter().all(|q| eval(t, s, q, actor, subject, this)),
        Pred::Or(qs) => qs.iter().any(|q| eval(t, s, q, actor, subject, this)),
        Pred::InPlay(sel) => s
            .occ
            .iter()
            .any(|sq| matches(t, sel, s.board[sq.index()], actor)),
        Pred::In(r) => {
            let Some(sq) = subject else { return false };
            let Some(reg) = t.variant.regions.get(*r as usize) else {
                return false;
            };
            let list = reg.squares.get(actor as usize).or(reg.squares.first());
            list.into_iter()
                .flatten()
                .any(|&c| geo.coord_square(c) == Some(sq))
        }
        Pred::Touching(sel) | Pred::Beside(sel) => {
            let Some(sq) = subject else { return false };
            let diag = matches!(p, Pred::Touching(_));
            neighbours(sq, diag)
                .into_iter()
                .any(|n| matches(t, sel, s.board[n.index()], actor))
        }
        Pred::Attacked => {
            let Some(sq) = subject else { return false };
            let enemy = s.occ & !s.friends_bb(t, actor);
            attacks::attacked(t, s, sq, enemy, s.occ)
        }
        Pred::Attacks(sel) => {
            let Some(sq) = subject else { return false };
            let man = s.board[sq.index()];
            if man.is_empty() {
                return false;
            }
            attacks::attack_set(t, s, sq, man, s.occ)
                .iter()
                .any(|n| matches(t, sel, s.board[n.index()], actor))
        }
        Pred::Is(sel) => subject.is_some_and(|sq| matches(t, sel, s.board[sq.index()], actor)),
        Pred::IsSelf => subject.is_some() && subject == this,
        Pred::Surrounded => {
            let Some(sq) = subject else { return false };
            [(0, 1), (1, 0), (0, -1), (-1, 0)]
                .iter()
                .all(|&d| blocked(t, s, sq, d))
        }
        Pred::DistinctColour => {
            let Some(sq) = subject else { return false };
            let man = s.board[sq.index()];
            if man.is_empty() {
                return false;
            }
            let dark = geo.dark().contains(sq);
            let same = s.kind_bb(t, man.kind()) & s.by_player[man.owner() as usize];
            same.iter()
                .filter(|&o| o != sq)
                .all(|o| geo.dark().contains(o) != dark)
        }
    }
}
