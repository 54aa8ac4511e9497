//! A generic AI: paranoid alpha-beta over any [`Game`].
//!
//! The player to move and its team mates maximise the heuristic of the
//! searching player, every other seat minimises it (the "paranoid"
//! reduction of an N-player game to two sides). Iterative deepening up to
//! the level's depth, within a node budget, so a search is deterministic for
//! a given seed whatever the machine's speed. Hidden information (a deck's
//! order) is re-sampled with [`Game::determinize`] before each search, so
//! the AI never reads what the player could not know.

use crate::game::{Game, Outcome};
use rand::{Rng, RngCore};

const WIN: i32 = 1_000_000;

/// Who chooses the actions of a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// A person at the terminal.
    Human,
    /// Uniformly random legal actions.
    Random,
    /// The search AI at a level from 1 (weakest) to 5.
    Ai(u8),
}

impl std::str::FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim().to_ascii_lowercase();
        match s.as_str() {
            "human" | "h" => Ok(Player::Human),
            "random" | "r" => Ok(Player::Random),
            "ai" => Ok(Player::Ai(2)),
            _ => match s.strip_prefix("ai:") {
                Some(l) => match l.parse::<u8>() {
                    Ok(n @ 1..=5) => Ok(Player::Ai(n)),
                    _ => Err(format!("`{s}`: an AI level is 1 to 5, as in `ai:3`")),
                },
                None => Err(format!(
                    "`{s}` is not a player kind; use human, random, or ai:LEVEL (1-5)"
                )),
            },
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Human => write!(f, "human"),
            Player::Random => write!(f, "random"),
            Player::Ai(n) => write!(f, "ai:{n}"),
        }
    }
}

/// Search limits of a level.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub depth: u32,
    pub nodes: u64,
}

impl Limits {
    pub fn for_level(level: u8) -> Limits {
        match level {
            0 | 1 => Limits {
                depth: 1,
                nodes: 2_000,
            },
            2 => Limits {
                depth: 2,
                nodes: 20_000,
            },
            3 => Limits {
                depth: 3,
                nodes: 100_000,
            },
            4 => Limits {
                depth: 4,
                nodes: 400_000,
            },
            _ => Limits {
                depth: 6,
                nodes: 1_500_000,
            },
        }
    }
}

/// Choose an action for the seat to move. Returns `None` when there is none.
pub fn choose<G: Game>(game: &G, who: Player, rng: &mut dyn RngCore) -> Option<G::Action> {
    let mut real = game.clone();
    let mut actions = Vec::new();
    real.legal_actions(&mut actions);
    if actions.is_empty() {
        return None;
    }
    let level = match who {
        Player::Human | Player::Random => return Some(actions[rng.gen_range(0..actions.len())]),
        Player::Ai(level) => level,
    };
    let limits = Limits::for_level(level);
    // Search a game whose hidden order is re-sampled: the AI knows only what
    // the player knows.
    let mut g = game.clone();
    g.determinize(rng);
    let mut sampled = Vec::new();
    g.legal_actions(&mut sampled);
    let a = search(&mut g, sampled, limits, rng);
    if !g.hidden_choice(&a) && actions.contains(&a) {
        return Some(a);
    }
    // The AI chose to draw: the real card is now revealed; choose among the
    // real placements, each followed by hidden decks again.
    let revealed: Vec<G::Action> = actions
        .iter()
        .copied()
        .filter(|x| real.hidden_choice(x))
        .collect();
    if revealed.is_empty() {
        return Some(actions[0]);
    }
    Some(best_revealed(&real, revealed, limits, rng))
}

fn best_revealed<G: Game>(
    real: &G,
    candidates: Vec<G::Action>,
    limits: Limits,
    rng: &mut dyn RngCore,
) -> G::Action {
    let root = real.to_move();
    let mut s = Search {
        root,
        team: real.team_of(root),
        nodes: 0,
        limit: limits.nodes,
        stopped: false,
    };
    let mut best = (i32::MIN, candidates[0]);
    for c in candidates {
        let mut g = real.clone();
        g.play(c);
        g.determinize(rng);
        let v = s.value(&mut g, limits.depth.saturating_sub(1), -WIN - 1, WIN + 1, 1);
        if v > best.0 {
            best = (v, c);
        }
        if s.stopped {
            break;
        }
    }
    best.1
}

struct Search {
    root: usize,
    team: Vec<usize>,
    nodes: u64,
    limit: u64,
    stopped: bool,
}

fn search<G: Game>(
    g: &mut G,
    mut actions: Vec<G::Action>,
    limits: Limits,
    rng: &mut dyn RngCore,
) -> G::Action {
    let root = g.to_move();
    let mut s = Search {
        root,
        team: g.team_of(root),
        nodes: 0,
        limit: limits.nodes,
        stopped: false,
    };
    // Shuffle first, so equal actions are broken by the seed.
    for i in (1..actions.len()).rev() {
        let j = rng.gen_range(0..=i);
        actions.swap(i, j);
    }
    let mut best = actions[0];
    for depth in 1..=limits.depth {
        let mut scored: Vec<(i32, G::Action)> = Vec::with_capacity(actions.len());
        let mut alpha = -WIN - 1;
        for &a in &actions {
            g.play(a);
            let v = s.value(g, depth - 1, alpha, WIN + 1, 1);
            g.undo();
            if s.stopped {
                break;
            }
            if v > alpha {
                alpha = v;
            }
            scored.push((v, a));
        }
        if s.stopped && scored.len() < actions.len() {
            // An unfinished iteration still improves on the last best when it
            // found something better among the moves it did search.
            if let Some(&(v, a)) = scored.iter().max_by_key(|(v, _)| *v) {
                if scored.first().is_some_and(|(v0, _)| v > *v0) {
                    best = a;
                }
            }
            break;
        }
        scored.sort_by_key(|(v, _)| std::cmp::Reverse(*v));
        best = scored[0].1;
        actions = scored.into_iter().map(|(_, a)| a).collect();
        if s.stopped {
            break;
        }
    }
    best
}

impl Search {
    fn value<G: Game>(
        &mut self,
        g: &mut G,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        ply: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.limit {
            self.stopped = true;
        }
        if let Some(o) = g.outcome() {
            return match o {
                Outcome::Win { winners, .. } => {
                    if winners.iter().any(|w| self.team.contains(w)) {
                        WIN - ply
                    } else {
                        -WIN + ply
                    }
                }
                Outcome::Draw { .. } => 0,
            };
        }
        if depth == 0 || self.stopped {
            return g.evaluate(self.root);
        }
        let maximising = self.team.contains(&g.to_move());
        let mut actions = Vec::new();
        g.legal_actions(&mut actions);
        if actions.is_empty() {
            return g.evaluate(self.root);
        }
        let mut best = if maximising { -WIN - 1 } else { WIN + 1 };
        for a in actions {
            g.play(a);
            let v = self.value(g, depth - 1, alpha, beta, ply + 1);
            g.undo();
            if maximising {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta || self.stopped {
                break;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Nim: take 1-3 from a pile; whoever takes the last one wins.
    #[derive(Clone)]
    struct Nim {
        pile: u32,
        turn: usize,
        history: Vec<u32>,
    }

    impl Game for Nim {
        type Action = u32;
        fn players(&self) -> usize {
            2
        }
        fn to_move(&self) -> usize {
            self.turn
        }
        fn legal_actions(&mut self, out: &mut Vec<u32>) {
            out.clear();
            out.extend((1..=3).filter(|&k| k <= self.pile));
        }
        fn play(&mut self, a: u32) {
            self.pile -= a;
            self.history.push(a);
            self.turn ^= 1;
        }
        fn undo(&mut self) {
            let a = self.history.pop().unwrap();
            self.pile += a;
            self.turn ^= 1;
        }
        fn outcome(&mut self) -> Option<Outcome> {
            (self.pile == 0).then(|| Outcome::Win {
                winners: vec![self.turn ^ 1],
                reason: "last take".into(),
            })
        }
        fn evaluate(&mut self, _player: usize) -> i32 {
            0
        }
    }

    #[test]
    fn finds_the_winning_nim_move() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for pile in [5u32, 6, 7, 9, 10, 11] {
            let g = Nim {
                pile,
                turn: 0,
                history: vec![],
            };
            let a = choose(&g, Player::Ai(5), &mut rng).unwrap();
            assert_eq!((pile - a) % 4, 0, "pile {pile}: took {a}");
        }
    }

    #[test]
    fn same_seed_same_choice() {
        let g = Nim {
            pile: 8,
            turn: 0,
            history: vec![],
        };
        let a: Vec<u32> = (0..5)
            .map(|_| choose(&g, Player::Random, &mut ChaCha8Rng::seed_from_u64(7)).unwrap())
            .collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
    }

    #[test]
    fn player_kinds_parse() {
        assert_eq!("ai:3".parse::<Player>(), Ok(Player::Ai(3)));
        assert_eq!("Human".parse::<Player>(), Ok(Player::Human));
        assert!("ai:9".parse::<Player>().is_err());
        assert!("robot".parse::<Player>().is_err());
    }
}
