//! Staged move picking at a node of the main search: the actions in the
//! search's order, each stage scored only when the search gets to it.
//!
//! The node's legal list is generated once (the end rules and the
//! evaluation's mobility read it: [`Game::expand`]); what is staged is the
//! ordering work on it, so that a cutoff spares the rest:
//!
//! 1. **the hash action** (the table's best action, kept only if it is in
//!    the legal list: a stale entry or another position's colliding one is
//!    never played), searched before anything else is scored;
//! 2. **captures that win or hold material**: every remaining action's
//!    tactical gain ([`Game::tactical_gain`]) is read, and the captures are
//!    picked by gain (victim first, cheaper mover first); the static
//!    exchange ([`Game::see`]) is computed only for the capture about to be
//!    picked, and one that loses goes to the end, scored by its exchange;
//! 3. **the rest**: killers, the counter-move, quiet actions by history and
//!    continuation history (read now, after the searches of the first
//!    stages), then the losing captures.
//!
//! Each pick is the best remaining action by partial selection (the first
//! of the highest score in the list as it stands), so the order is the one
//! a full scoring and selection would give, except that the histories of
//! quiet actions are read when their stage begins.

use super::game::{Game, HISTORY_SIZE};
use super::{Searcher, BAD_CAPTURE, GOOD_CAPTURE, KILLER};

/// An action whose score is not yet known (a quiet action before the
/// last stage).
const UNSCORED: i32 = i32::MIN;

/// Scores from this up are captures (and promotions) whose exchange is not
/// yet known: [`GOOD_CAPTURE`] plus a tactical gain, which stays within
/// ±500,000 (a victim's value times 16, a promotion's gain times 8).
const CAPTURE_FLOOR: i32 = GOOD_CAPTURE - 500_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    Hash,
    Gains,
    Captures,
    Rest,
}

/// The ordering state of one node (see the module's notes). The node keeps
/// the list and its scores; [`Picker::next`] moves the next action to the
/// front of what is left.
pub(super) struct Picker<A> {
    stage: Stage,
    /// Actions picked so far: the list's first `next` are done.
    next: usize,
    hash: Option<A>,
    killers: [Option<A>; 2],
    counter: Option<A>,
    /// The history indices of the actions one and two plies before, for
    /// continuation histories (0: none).
    follows: [usize; 2],
}

impl<A: Copy + PartialEq> Picker<A> {
    pub(super) fn new(
        hash: Option<A>,
        killers: [Option<A>; 2],
        counter: Option<A>,
        follows: [usize; 2],
    ) -> Picker<A> {
        Picker {
            stage: Stage::Hash,
            next: 0,
            hash,
            killers,
            counter,
            follows,
        }
    }

    /// The next action and its ordering score (`i32::MAX` for the hash
    /// action, [`GOOD_CAPTURE`] plus the gain for a capture that holds,
    /// `KILLER + 2`, `+ 1` and `KILLER` for the killers and the
    /// counter-move, a history for a quiet action, [`BAD_CAPTURE`] plus the
    /// exchange for a losing capture); `None` when all were picked.
    /// `scores` is as long as `actions`; both are reordered in step.
    pub(super) fn next<G: Game<Action = A>>(
        &mut self,
        s: &Searcher<A>,
        g: &mut G,
        actions: &mut [A],
        scores: &mut [i32],
    ) -> Option<(A, i32)> {
        let n = actions.len();
        let i = self.next;
        if i >= n {
            return None;
        }
        if self.stage == Stage::Hash {
            self.stage = Stage::Gains;
            if let Some(h) = self
                .hash
                .and_then(|h| actions[i..].iter().position(|a| *a == h))
            {
                actions.swap(i, i + h);
                scores[i] = i32::MAX;
                self.next += 1;
                return Some((actions[i], i32::MAX));
            }
        }
        if self.stage == Stage::Gains {
            // (Read after the hash action was searched, if there was one.)
            self.stage = Stage::Captures;
            for (sc, a) in scores[i..].iter_mut().zip(&actions[i..]) {
                *sc = g.tactical_gain(a).map_or(UNSCORED, |x| GOOD_CAPTURE + x);
            }
        }
        if self.stage == Stage::Captures {
            loop {
                let bi = best_from(scores, i);
                if scores[bi] < CAPTURE_FLOOR {
                    break;
                }
                let see = g.see(&actions[bi]);
                if see >= 0 {
                    return Some(self.take(actions, scores, bi));
                }
                scores[bi] = BAD_CAPTURE + see.max(-100_000);
            }
            self.stage = Stage::Rest;
            for (sc, a) in scores[i..].iter_mut().zip(&actions[i..]) {
                if *sc == UNSCORED {
                    *sc = self.quiet_score(s, g, a);
                }
            }
        }
        let bi = best_from(scores, i);
        Some(self.take(actions, scores, bi))
    }

    /// Move the action at `bi` to the front of what is left and pick it.
    fn take(&mut self, actions: &mut [A], scores: &mut [i32], bi: usize) -> (A, i32) {
        let i = self.next;
        actions.swap(i, bi);
        scores.swap(i, bi);
        self.next += 1;
        (actions[i], scores[i])
    }

    /// A non-tactical action's score: killer, counter-move or history.
    fn quiet_score<G: Game<Action = A>>(&self, s: &Searcher<A>, g: &G, a: &A) -> i32 {
        if Some(*a) == self.killers[0] {
            KILLER + 2
        } else if Some(*a) == self.killers[1] {
            KILLER + 1
        } else if Some(*a) == self.counter {
            KILLER
        } else {
            let h = g.history_index(a) % HISTORY_SIZE;
            s.history[h] + s.continued(self.follows, h)
        }
    }
}

/// The first index from `i` on with the highest score.
fn best_from(scores: &[i32], i: usize) -> usize {
    let mut bi = i;
    for j in i + 1..scores.len() {
        if scores[j] > scores[bi] {
            bi = j;
        }
    }
    bi
}

impl<A: Copy + PartialEq> Searcher<A> {
    /// The order in which a node of this searcher at `ply` would try the
    /// legal actions of `g` now, with `hash` as the table's action (kept
    /// only if legal), each with its ordering score (as the search's nodes
    /// score them: `i32::MAX` for the hash action, then captures that hold,
    /// killers, quiet actions by history, losing captures):
    /// for inspection and tests. Nothing is searched between the picks, so
    /// after the hash action the scores do not increase.
    pub fn node_order<G: Game<Action = A>>(
        &self,
        g: &mut G,
        hash: Option<A>,
        ply: usize,
    ) -> Vec<(A, i32)> {
        let mut actions = Vec::new();
        if g.expand(&mut actions).is_some() {
            return Vec::new();
        }
        let ply = ply.min(super::MAX_PLY);
        let prev = if ply > 0 { self.path[ply - 1] } else { 0 };
        let counter = if prev != 0 { self.counter[prev] } else { None };
        let follows = [prev, if ply > 1 { self.path[ply - 2] } else { 0 }];
        let mut picker = Picker::new(hash, self.killers[ply], counter, follows);
        let mut scores = vec![0; actions.len()];
        let mut out = Vec::with_capacity(actions.len());
        while let Some(x) = picker.next(self, g, &mut actions, &mut scores) {
            out.push(x);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::game::Outcome;
    use super::super::{Limits, Searcher};
    use super::*;

    /// Take 1 to 3 from a pile; whoever takes the last one wins. An action
    /// names the pile it is taken from, so an action of any other position
    /// is illegal; every position has the same hash (every probe of the
    /// table finds the last stored entry, another position's), and taking 3
    /// is "tactical" (a capture that loses by exchange from an odd pile).
    #[derive(Clone)]
    struct Piles {
        pile: u32,
        turn: usize,
        history: Vec<(u32, u32)>,
        played: usize,
    }

    impl Game for Piles {
        type Action = (u32, u32);
        fn players(&self) -> usize {
            2
        }
        fn to_move(&self) -> usize {
            self.turn
        }
        fn legal_actions(&mut self, out: &mut Vec<(u32, u32)>) {
            out.clear();
            out.extend((1..=3).filter(|&k| k <= self.pile).map(|k| (self.pile, k)));
        }
        fn play(&mut self, a: (u32, u32)) {
            assert!(
                a.0 == self.pile && (1..=3).contains(&a.1) && a.1 <= self.pile,
                "illegal action {a:?} played at pile {}",
                self.pile
            );
            self.pile -= a.1;
            self.history.push(a);
            self.turn ^= 1;
            self.played += 1;
        }
        fn undo(&mut self) {
            let a = self.history.pop().unwrap();
            self.pile += a.1;
            self.turn ^= 1;
        }
        fn outcome(&mut self) -> Option<Outcome> {
            (self.pile == 0).then(|| Outcome::Win {
                winners: vec![self.turn ^ 1],
                reason: "last take".into(),
            })
        }
        fn evaluate(&mut self, player: usize) -> i32 {
            let v = (self.pile % 7) as i32 * 13 - 40;
            if player == self.turn {
                v
            } else {
                -v
            }
        }
        fn key(&self) -> u64 {
            0x5EED
        }
        fn tactical_gain(&self, a: &(u32, u32)) -> Option<i32> {
            (a.1 == 3).then_some(300)
        }
        fn see(&mut self, a: &(u32, u32)) -> i32 {
            match (a.1, a.0 % 2) {
                (3, 1) => -50,
                (3, _) => 100,
                _ => 0,
            }
        }
        fn history_index(&self, a: &(u32, u32)) -> usize {
            1 + a.1 as usize
        }
    }

    fn piles(pile: u32) -> Piles {
        Piles {
            pile,
            turn: 0,
            history: Vec::new(),
            played: 0,
        }
    }

    #[test]
    fn a_colliding_hash_action_is_never_played_where_illegal() {
        // Every position shares one key: at nearly every node the table's
        // action is another position's (another pile), illegal here. The
        // game panics on an illegal action; the search must drop them.
        for pile in [9u32, 14, 23, 40] {
            let mut s: Searcher<(u32, u32)> = Searcher::with_entries(1024);
            let mut g = piles(pile);
            let limits = Limits {
                depth: Some(8),
                ..Limits::default()
            };
            let f = s.search(&mut g, &limits, None, &mut |_| {});
            assert!(f.best.is_some_and(|a| a.0 == pile), "pile {pile}: {f:?}");
            assert!(g.played > 20, "pile {pile}: only {} actions", g.played);
            // An action of another pile, as a colliding entry gives it: left
            // out, and every legal action still comes once.
            let stale = Some((pile + 1, 1));
            let order = s.node_order(&mut g, stale, 3);
            let legal: Vec<(u32, u32)> = order.iter().map(|x| x.0).collect();
            assert!(legal.iter().all(|a| a.0 == pile), "{legal:?}");
            assert_eq!(legal.len(), 3);
            assert!(order.iter().all(|x| x.1 != i32::MAX), "{order:?}");
        }
    }

    #[test]
    fn the_hash_action_comes_first_then_captures_that_hold_then_the_rest() {
        let mut s: Searcher<(u32, u32)> = Searcher::with_entries(1024);
        // An even pile: taking 3 holds by exchange and comes first.
        let mut g = piles(10);
        let order = s.node_order(&mut g, None, 0);
        assert_eq!(order[0], ((10, 3), GOOD_CAPTURE + 300));
        // The hash action before it; a legal one is kept.
        let order = s.node_order(&mut g, Some((10, 1)), 0);
        assert_eq!(order[0], ((10, 1), i32::MAX));
        assert_eq!(order[1].0, (10, 3));
        // An odd pile: taking 3 loses by exchange and comes last.
        let mut g = piles(11);
        let order = s.node_order(&mut g, None, 0);
        assert_eq!(order[2], ((11, 3), BAD_CAPTURE - 50));
        // A killer before the other quiet action; history orders the rest.
        s.killers[0] = [Some((11, 2)), None];
        let order = s.node_order(&mut g, None, 0);
        assert_eq!(order[0], ((11, 2), KILLER + 2));
        s.killers[0] = [None, None];
        s.history[1 + 2] = 500;
        s.history[1 + 1] = 900;
        let order: Vec<_> = s.node_order(&mut g, None, 0);
        assert_eq!(order[0], ((11, 1), 900));
        assert_eq!(order[1], ((11, 2), 500));
    }
}
