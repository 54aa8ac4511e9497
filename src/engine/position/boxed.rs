//! The generic path of board moves under a limit box, man by man: a man's
//! moves can only land where the other men and it still fit the box
//! (exactly the limit constraint for a move that takes nothing but what
//! stands on its destination), and each is tested knowing the box it
//! makes.
//!
//! Where a plain step (to an empty square) is legal exactly when the
//! invariants hold after it and after the removals that follow it
//! ([`Constraints::steps_by_groups`]), a man's steps are decided without a
//! probe: the groups its leaving splits the men into tell every landing
//! square that keeps them whole ([`connectivity::landings`]), and the
//! removals after a step are found man by man without making it
//! ([`Surround::removals_after_step`]; when some men leave, the men that
//! stay are flooded). Only the other moves are probed one by one.
//!
//! [`Constraints::steps_by_groups`]: crate::engine::rules::constraint::Constraints::steps_by_groups
//! [`Surround::removals_after_step`]: crate::engine::rules::surround::Surround::removals_after_step

use super::men::gen_man;
use super::probe::{gen_special, legal_probe, probe_each};
use crate::engine::core::{Bits, Move, MoveList, Square, State};
use crate::engine::movement::{targets_passing, Ctx};
use crate::engine::rules::{connectivity, limit_box, Sink};
use crate::engine::tables::Compiled;

/// The legal board moves under a limit box (no explosions), into `out`
/// (out of line: the other paths' code stays as it is).
#[inline(never)]
pub(super) fn gen_boxed<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    c: &Ctx<B>,
    split: bool,
    out: &mut S,
    scratch: &mut MoveList,
) {
    let (b, r) = (&t.base, &t.rules);
    let cons = &r.constraints;
    let own = s.by_player[c.me as usize];
    let rows = limit_box::Rows::new(b, s.occ);
    // The box of all the men and its window: those of the men but one,
    // unless that man stands alone on an edge row or column of the box.
    let whole = rows.map(|r| r.bbox());
    let whole_window = limit_box::window_of(b, whole);
    // Plain steps decided in bulk, and whether the invariants and the
    // removals can reject one at all.
    let bulk = r.mutually_immune.is_empty() && cons.steps_by_groups(b);
    let any_step = split || cons.connected.is_empty();
    let removing = r
        .surround
        .as_ref()
        .filter(|sur| !any_step && sur.removed.is_some());
    for (pid, p) in b.atoms.patterns.iter().enumerate() {
        for from in s.by_pattern[pid] & own {
            let xy = b.geo.coords(from);
            let (rest, mask) = match rows {
                Some(r) if r.keeps_box(xy) => (whole, whole_window),
                _ => {
                    let rest = rows.and_then(|r| r.bbox_without(xy));
                    (rest, limit_box::window_of(b, rest))
                }
            };
            // The window after a move to `to`: the mask itself when the
            // man lands inside the box of the others.
            let window = |to: Square| {
                let (x, y) = b.geo.coords(to);
                match rest {
                    Some((x0, y0, x1, y1)) if x0 <= x && x <= x1 && y0 <= y && y <= y1 => mask,
                    _ => limit_box::window_of(b, Some(limit_box::grow(rest, (x, y)))),
                }
            };
            let man = s.at(from);
            if bulk && !r.promotion.promotes(man.kind()) && !(c.ep && p.lame_moves) {
                // What `gen_man` would list: plain moves to `tg` only.
                let tg = targets_passing(b, s, c, &p.plan, from) & mask;
                if tg.is_empty() {
                    continue;
                }
                let quiet = tg & !s.occ;
                let joined = if any_step {
                    quiet
                } else {
                    let mine = s.by_player[man.owner() as usize];
                    connectivity::landings(b, &cons.connected, s.occ, mine, from, quiet)
                };
                // Without removals, a step is legal when it keeps the
                // groups whole; the others are tested square by square.
                let clear = if removing.is_none() { quiet } else { B::EMPTY };
                let mut legal = clear & joined;
                for to in tg & !clear {
                    let w = window(to);
                    let removed = match removing {
                        Some(sur) if quiet.contains(to) => {
                            sur.removals_after_step(b, s, from, to, w)
                        }
                        _ => B::EMPTY,
                    };
                    let ok = if !quiet.contains(to) {
                        legal_probe(t, s, Move::normal(from, to), split, Some(w))
                    } else if removed.is_empty() {
                        joined.contains(to)
                    } else {
                        // Some men leave with the step: the groups of
                        // the men that stay, after it.
                        let moved = B::from_square(from) | B::from_square(to);
                        let mut by_player = s.by_player;
                        by_player[man.owner() as usize] ^= moved;
                        connectivity::holds_in(
                            b,
                            &by_player,
                            &cons.connected,
                            (s.occ ^ moved) & !removed,
                        )
                    };
                    if ok {
                        legal.insert(to);
                    }
                }
                out.targets(&r.promotion, s, from, man, legal);
                if out.done() {
                    return;
                }
                continue;
            }
            scratch.clear();
            gen_man::<B, MoveList, false, true, _>(t, s, c, p, from, man, mask, |_| true, scratch);
            if probe_each(t, s, scratch, split, out, |mv| mv.to().map(window)) {
                return;
            }
        }
    }
    scratch.clear();
    gen_special(t, s, c, None, scratch);
    probe_each(t, s, scratch, split, out, |_| None);
}

#[cfg(test)]
mod tests {
    use super::super::checked::{with_pos, Position};
    use super::super::men::gen_man;
    use super::super::probe::legal_after;
    use super::*;
    use crate::engine::core::sorted_moves;
    use crate::engine::testing::XorShift;
    use crate::engine::Tables;
    use std::sync::Arc;

    /// Men on a floating 4×4 board that must stay together, with
    /// surrounded queens removed (the rule text is written here).
    const TEXT: &str = "variant floating \"Floating men\" {
  players white, black
  board unbounded limit 4x4
  captures none
  option groups = all | per_player | sides
  piece king K moves \"K\"
  piece queen Q moves \"Q\" passes own
  piece rook R moves \"R\" passes own
  piece knight N moves \"N\"
  piece pawn P moves \"W\"
  setup {
    white: K (0,0)
    black: K (0,1)
    hands: Q R N P P
  }
  actions place, move
  place where touching(own)
  if groups = all { always connected 8 }
  if groups = per_player { always connected 8 per player }
  if groups = sides { always connected 4 }
  end {
    surrounded king -> lose
    surrounded queen -> remove
    stalemate -> pass
    passes 2 -> draw
  }
}
";

    fn start(groups: &str) -> Position {
        let checked = crate::load::load_str(
            "floating.variant",
            TEXT,
            &[("groups".to_string(), groups.to_string())],
        );
        let v = checked
            .variants
            .into_iter()
            .next()
            .expect("the text checks");
        Position::start(Arc::new(Tables::new(&v).expect("compiles"))).expect("starts")
    }

    /// The board moves of [`gen_boxed`], and the same moves found the slow
    /// way: every move of every man made in full and tested.
    fn both<B: Bits>(t: &Compiled<B>, s: &State<B>) -> (Vec<Move>, Vec<Move>) {
        let mut s = s.scratch();
        let r = &t.rules;
        let split =
            !r.constraints.connected.is_empty() && !r.constraints.invariants_hold(&t.base, &s);
        let mut c = Ctx::new(&t.base, &s, s.turn, r.captures.any());
        c.ep = r.en_passant.is_some();
        let (mut fast, mut scratch) = (MoveList::new(), MoveList::new());
        gen_boxed(t, &mut s, &c, split, &mut fast, &mut scratch);
        let mut all = MoveList::new();
        for from in s.by_player[s.turn as usize] {
            let man = s.at(from);
            let p = &t.base.atoms.patterns[t.base.layout.pid(man)];
            gen_man::<B, MoveList, false, true, _>(
                t,
                &s,
                &c,
                p,
                from,
                man,
                B::FULL,
                |_| true,
                &mut all,
            );
        }
        let slow: Vec<Move> = all
            .iter()
            .copied()
            .filter(|&mv| legal_after(t, &mut s, mv, split))
            .collect();
        (
            sorted_moves(fast.iter().copied().collect()),
            sorted_moves(slow),
        )
    }

    #[test]
    fn steps_decided_at_once_are_the_steps_made_in_full_and_tested() {
        let mut rng = XorShift(0x853c_49e6_748f_ea9b);
        let (mut compared, mut after_removal) = (0, 0);
        for groups in ["all", "per_player", "sides"] {
            for _ in 0..60 {
                let mut p = start(groups);
                for _ in 0..60 {
                    let (fast, slow) = with_pos!(&p.inner, c, s => both(c, s));
                    assert_eq!(fast, slow, "{groups}: {}", p.fen());
                    compared += fast.len();
                    // A queen was surrounded and removed on the way here.
                    after_removal += usize::from(!p.fen().contains("removed:-"));
                    let moves = p.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.below(moves.len() as u64) as usize];
                    p.make(mv);
                }
            }
        }
        assert!(compared > 10_000, "{compared}");
        assert!(after_removal > 100, "{after_removal}");
    }
}
