//! Lazy SMP: [`Searcher::search`] runs the helper searchers of
//! [`Searcher::set_threads`] on scoped threads beside the main one, all on
//! one transposition table, and keeps the deepest completed result (see
//! the notes of the search module).

use super::game::Game;
use super::{Found, Info, Limits, Searcher};
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::sync::Arc;

impl<A: Copy + PartialEq + Send> Searcher<A> {
    /// Search the game's position. `on_info` is called after each completed
    /// depth. Root actions are tried in the order of `g.expand` unless
    /// `root` is given (a subset, in an order of the caller's choosing: ties
    /// keep that order). With several threads ([`Searcher::set_threads`])
    /// the helpers search beside this thread until it is done.
    pub fn search<G: Game<Action = A>>(
        &mut self,
        g: &mut G,
        limits: &Limits,
        root: Option<Vec<A>>,
        on_info: &mut dyn FnMut(&Info<A>),
    ) -> Found<A> {
        self.tt.new_search();
        self.shared_nodes.store(0, AtomicOrdering::Relaxed);
        if self.helpers.is_empty() {
            return self.search_one(g, limits, root, on_info);
        }
        let done = Arc::new(AtomicBool::new(false));
        let mut helpers = std::mem::take(&mut self.helpers);
        let (mut found, results) = std::thread::scope(|scope| {
            let handles: Vec<_> = helpers
                .iter_mut()
                .map(|h| {
                    h.stop = done.clone();
                    h.params = self.params;
                    let mut hg = g.clone();
                    let root = root.clone();
                    scope.spawn(move || h.search_one(&mut hg, limits, root, &mut |_| {}))
                })
                .collect();
            let found = self.search_one(g, limits, root, on_info);
            done.store(true, AtomicOrdering::Relaxed);
            let results: Vec<_> = handles.into_iter().map(|h| h.join()).collect();
            (found, results)
        });
        let mut nodes = found.nodes;
        for f in results.into_iter().flatten() {
            nodes += f.nodes;
            if f.depth > found.depth && f.best.is_some() {
                found = f;
            }
        }
        found.nodes = nodes;
        // (A helper whose thread panicked, which none should, is only left
        // out of the choice.)
        self.helpers = helpers;
        found
    }
}

/// Whether lazy SMP helper `helper` (0: the main thread, which skips
/// nothing) skips iteration `depth`: Stockfish's pattern, so that helpers
/// run at depths of their own and the table gains deeper entries sooner.
pub(super) fn skips(helper: usize, depth: u32) -> bool {
    const SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    if helper == 0 {
        return false;
    }
    let i = (helper - 1) % 20;
    ((depth + PHASE[i]) / SIZE[i]) % 2 == 1
}
