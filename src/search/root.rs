//! The root: iterative deepening, each depth searched in an aspiration
//! window around the last depth's value (see [`Params::aspiration`]).

use super::game::{Game, HISTORY_SIZE};
use super::tt::{Bound, NO_EVAL};
use super::*;

/// The results of one pass over the root actions: each action searched
/// with its value (exact, or a bound outside the pass's window) and line.
type Results<A> = Vec<(i32, A, Vec<A>)>;

/// How a pass over the root ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pass {
    /// Every action searched, the best value inside the window.
    Done,
    /// An action reached the window's top (its value is a lower bound):
    /// the pass stopped there.
    High,
    /// Every action fell to the window's bottom (upper bounds).
    Low,
    /// The search was stopped during the pass.
    Stopped,
}

impl<A: Copy + PartialEq> Searcher<A> {
    /// One thread's iterative deepening (the whole search with one thread).
    pub(super) fn search_one<G: Game<Action = A>>(
        &mut self,
        g: &mut G,
        limits: &Limits,
        root: Option<Vec<A>>,
        on_info: &mut dyn FnMut(&Info<A>),
    ) -> Found<A> {
        self.begin(g, limits);
        let mut actions = Vec::new();
        let outcome = g.expand(&mut actions);
        if let Some(r) = root {
            actions.retain(|a| r.contains(a));
            actions.sort_by_key(|a| r.iter().position(|x| x == a));
        }
        let mut found = Found {
            best: actions.first().copied(),
            ponder: None,
            value: g.evaluate(self.root_player),
            depth: 0,
            nodes: 0,
        };
        if let Some(o) = outcome {
            found.value = terminal(&o, &self.root_team, 0);
            return found;
        }
        if actions.is_empty() {
            return found;
        }
        let max_depth = if limits.infinite {
            MAX_PLY as u32 - 8
        } else {
            limits
                .depth
                .unwrap_or(MAX_PLY as u32 - 8)
                .clamp(1, MAX_PLY as u32 - 8)
        };
        // Root order: the hash action first, then by tactical gain.
        let key = self.key(g);
        let hash_action = self.tt.probe(key).and_then(|e| e.action);
        let mut order: Vec<(i32, A)> = actions
            .iter()
            .map(|a| {
                let s = if Some(*a) == hash_action {
                    2 * INF
                } else {
                    g.tactical_gain(a).map_or(0, |x| x + 1_000_000)
                };
                (s, *a)
            })
            .collect();
        order.sort_by_key(|x| std::cmp::Reverse(x.0));
        let mut root: Vec<A> = order.into_iter().map(|x| x.1).collect();
        let multipv = self.multipv.clamp(1, root.len());
        let timed = !limits.infinite && (limits.movetime.is_some() || limits.clock.is_some());
        for depth in 1..=max_depth {
            if depth < max_depth && smp::skips(self.helper, depth) {
                continue;
            }
            self.seldepth = 0;
            // Aspiration: one line from depth 4 on, a window around the last
            // depth's value, widened on the side where it fails.
            let mut delta = self.params.aspiration;
            let (mut lo, mut hi) =
                if delta > 0 && multipv == 1 && depth >= 4 && found.value.abs() < WIN_BOUND {
                    (found.value - delta, found.value + delta)
                } else {
                    (-INF, INF)
                };
            let (results, complete) = loop {
                let (results, pass) = self.root_pass(g, &root, depth, lo, hi, multipv, &mut found);
                match pass {
                    Pass::Done => break (results, true),
                    Pass::Stopped => break (results, false),
                    Pass::Low => {
                        // Below the window: lower its bottom (and bring its
                        // top down, the value being lower than thought).
                        hi = (lo + hi) / 2;
                        lo = lo.saturating_sub(delta).max(-INF);
                    }
                    Pass::High => {
                        // The action that rose above is searched first now.
                        let (v, a, _) = results[results.len() - 1];
                        if let Some(p) = root.iter().position(|x| *x == a) {
                            root[..=p].rotate_right(1);
                        }
                        hi = v.saturating_add(delta).min(INF);
                    }
                }
                delta = delta.saturating_mul(2);
                if lo <= -WIN_BOUND {
                    lo = -INF;
                }
                if hi >= WIN_BOUND {
                    hi = INF;
                }
            };
            if !results.is_empty() && complete {
                let mut results = results;
                results.sort_by_key(|r| std::cmp::Reverse(r.0));
                let searched: Vec<A> = results.iter().map(|r| r.1).collect();
                let rest: Vec<A> = root
                    .iter()
                    .copied()
                    .filter(|a| !searched.contains(a))
                    .collect();
                root = searched.into_iter().chain(rest).collect();
                found.depth = depth;
                let (v, a, _) = results[0];
                found.best = Some(a);
                found.value = v;
                found.ponder = results[0].2.get(1).copied();
                self.tt
                    .store(key, Some(a), v, NO_EVAL, depth as i16, Bound::Exact);
                let nodes = self.all_nodes();
                for (k, (v, _, line)) in results.iter().take(multipv).enumerate() {
                    on_info(&Info {
                        depth,
                        seldepth: self.seldepth.max(depth as usize) as u32,
                        multipv: k + 1,
                        score: Score::from_value(*v),
                        nodes,
                        elapsed: self.start.elapsed(),
                        hashfull: self.tt.permille(),
                        pv: line.clone(),
                    });
                }
            }
            if self.stopped {
                break;
            }
            // A forced action needs no thought when the clock runs.
            if timed && root.len() == 1 {
                break;
            }
            // A mate found: deeper search will not change it.
            if !limits.infinite && found.value.abs() >= WIN_BOUND && depth >= 2 {
                let plies = (WIN - found.value.abs()) as u32;
                if depth > plies + 1 {
                    break;
                }
            }
            if let Some(soft) = self.soft {
                if self.start.elapsed() >= soft {
                    break;
                }
            }
        }
        found.nodes = self.nodes;
        found
    }

    /// One pass over the root actions at `depth` in the window (`lo`,
    /// `hi`). The first `multipv` actions get the whole window, the others
    /// a null window first at the weakest line kept. An action better than
    /// the best so far becomes `found`'s even if the depth is not finished
    /// (a value at the top of the window is a lower bound, but better).
    #[allow(clippy::too_many_arguments)]
    fn root_pass<G: Game<Action = A>>(
        &mut self,
        g: &mut G,
        root: &[A],
        depth: u32,
        lo: i32,
        hi: i32,
        multipv: usize,
        found: &mut Found<A>,
    ) -> (Results<A>, Pass) {
        let mut results: Results<A> = Vec::with_capacity(root.len());
        let mut alpha = lo;
        let d = depth as i32 - 1;
        for (i, &a) in root.iter().enumerate() {
            let lower = if i < multipv {
                lo
            } else {
                let mut kept: Vec<i32> = results.iter().map(|r| r.0).collect();
                kept.sort_unstable_by(|x, y| y.cmp(x));
                kept[multipv - 1].max(lo)
            };
            self.path[0] = g.history_index(&a) % HISTORY_SIZE;
            g.play(a);
            let v = if i < multipv {
                self.value(g, d, lo, hi, 1, true)
            } else {
                let v = self.value(g, d, lower, lower + 1, 1, true);
                if v > lower && v < hi && !self.stopped {
                    self.value(g, d, lower, hi, 1, true)
                } else {
                    v
                }
            };
            g.undo();
            if self.stopped {
                return (results, Pass::Stopped);
            }
            let mut line = vec![a];
            line.extend(self.pv[1].iter().copied());
            if v > alpha {
                alpha = v;
                found.best = Some(a);
                found.ponder = line.get(1).copied();
                found.value = v;
            }
            results.push((v, a, line));
            if v >= hi {
                return (results, Pass::High);
            }
        }
        if alpha <= lo && lo > -INF {
            return (results, Pass::Low);
        }
        (results, Pass::Done)
    }
}
