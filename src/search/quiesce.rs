//! Quiescence: the search at depth 0, on tactical actions only.

use super::game::Game;
use super::tt::{Bound, NO_EVAL};
use super::*;

impl<A: Copy + PartialEq> Searcher<A> {
    /// Quiescence: stand pat on the evaluation, then try the tactical
    /// actions (every action when in check).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn quiesce<G: Game<Action = A>>(
        &mut self,
        g: &mut G,
        actions: &mut [A],
        mut alpha: i32,
        beta: i32,
        ply: usize,
        camp: bool,
        in_check: bool,
    ) -> i32 {
        // The table: a bound that settles this window, the stored
        // evaluation, and the best capture found before.
        let key = self.key(g);
        let entry = if key != 0 { self.tt.probe(key) } else { None };
        let mut hash_action = None;
        let mut tt_eval = NO_EVAL;
        if let Some(e) = entry {
            let v = from_tt(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => v >= beta,
                Bound::Upper => v <= alpha,
            };
            if cut && beta - alpha == 1 {
                return v;
            }
            hash_action = e.action.filter(|a| actions.contains(a));
            tt_eval = e.eval;
        }
        let stand = if tt_eval != NO_EVAL {
            tt_eval
        } else {
            self.static_eval(g, camp, actions.len())
        };
        if ply >= MAX_PLY || self.stopped {
            return stand;
        }
        let stored_eval = if in_check { NO_EVAL } else { stand };
        let alpha_in = alpha;
        let mut best = if in_check { -WIN + ply as i32 } else { stand };
        if best >= beta {
            if key != 0 && !in_check {
                self.tt
                    .store(key, None, to_tt(best, ply), stored_eval, 0, Bound::Lower);
            }
            return best;
        }
        alpha = alpha.max(best);
        // The tactical actions with their ordering scores, in this ply's
        // kept list (no allocation once it has grown).
        let mut list = std::mem::take(&mut self.qlists[ply]);
        list.clear();
        list.extend(actions.iter().filter_map(|a| match g.tactical_gain(a) {
            Some(_) if !in_check && g.see(a) < 0 => None,
            Some(x) if Some(*a) == hash_action => Some((x.max(0) + 2 * WIN, *a)),
            Some(x) => Some((x, *a)),
            None if in_check => Some((-1_000_000, *a)),
            None => None,
        }));
        list.sort_by_key(|x| std::cmp::Reverse(x.0));
        let mut best_action = None;
        for &(_, a) in list.iter() {
            g.play(a);
            let v = self.value(g, 0, alpha, beta, ply + 1, camp);
            g.undo();
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    best_action = Some(a);
                }
                if v >= beta {
                    break;
                }
            }
        }
        self.qlists[ply] = list;
        if self.stopped {
            return best;
        }
        if key != 0 {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha_in && best_action.is_some() {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt
                .store(key, best_action, to_tt(best, ply), stored_eval, 0, bound);
        }
        best
    }
}
