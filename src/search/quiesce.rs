//! Quiescence: the search at depth 0, on tactical actions only.
//!
//! Out of check, where the game can ([`Game::tactical_alone`]: the engine
//! decides per rule kind, `Rules::tactical_alone`), a quiescence node
//! generates only its tactical actions ([`Game::expand_tactical`]: the
//! legal captures and promotions, with the exact end status), not the
//! whole legal list: [`Searcher::node`] asks for them before anything
//! else. In check, and in a game that cannot (a rule that makes a quiet
//! move capture, a compulsory capture, a placement that must come first,
//! moves that place a man too, ...), the node generates the whole list
//! and quiescence keeps its tactical actions (every action in check).

use super::game::Game;
use super::tt::{Bound, NO_EVAL};
use super::*;

impl<A: Copy + PartialEq> Searcher<A> {
    /// Quiescence: stand pat on the evaluation, then try the tactical
    /// actions (every action when in check). `actions`: the legal list,
    /// or its tactical actions alone; `mobility`: the number of legal
    /// actions (or its estimate) for the evaluation.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn quiesce<G: Game<Action = A>>(
        &mut self,
        g: &mut G,
        actions: &mut [A],
        mobility: usize,
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
            self.static_eval(g, camp, mobility)
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

#[cfg(test)]
mod tests {
    use super::super::nim::Nim;
    use super::super::Limits;
    use super::*;

    #[test]
    fn quiescence_generates_tactical_actions_alone_only_where_allowed_and_out_of_check() {
        for alone in [true, false] {
            let mut g = Nim {
                alone,
                ..Nim::new(9)
            };
            let mut s: Searcher<u32> = Searcher::with_entries(1024);
            let limits = Limits {
                depth: Some(8),
                ..Limits::default()
            };
            let f = s.search(&mut g, &limits, None, &mut |_| {});
            // Taking 1 leaves the opponent a multiple of 4: a won game.
            assert_eq!(f.best, Some(1), "alone {alone}");
            assert!(f.value > WIN_BOUND, "alone {alone}: {}", f.value);
            assert_eq!(g.calls > 0, alone, "alone {alone}: {} calls", g.calls);
            assert_eq!(g.pile, 9);
        }
    }
}
