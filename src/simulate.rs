//! Self-play: many games in parallel, each from its own seed.
//!
//! Game `i` is seeded with [`game_seed`]`(master, i)`, and the results are
//! collected in game order, so the records are identical whatever the number
//! of threads.

use crate::ai::Player;
use crate::engine::splitmix;
use crate::game::{Game, Outcome};
use crate::seat::Seats;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;

/// The seed of game `index` under the master seed.
pub fn game_seed(master: u64, index: u64) -> u64 {
    splitmix(master ^ splitmix(index.wrapping_add(0x9E37_79B9_7F4A_7C15)))
}

/// What to simulate.
#[derive(Debug, Clone)]
pub struct Config {
    pub games: usize,
    pub seed: u64,
    /// One per seat (repeated cyclically if shorter).
    pub players: Vec<Player>,
    /// A game still going after this many plies is stopped (and counted apart).
    pub max_plies: usize,
    /// Worker threads (0 = all cores).
    pub jobs: usize,
}

/// One finished (or stopped) game.
#[derive(Debug, Clone, Serialize)]
pub struct Record<A> {
    pub index: usize,
    pub seed: u64,
    /// `None` when the game hit `max_plies`.
    pub outcome: Option<Outcome>,
    pub plies: usize,
    /// Mean number of legal actions over the game's positions.
    pub branching: f64,
    #[serde(skip)]
    pub actions: Vec<A>,
}

/// Play one game to its end (or to `max_plies`).
pub fn play_one<G: Game>(
    mut g: G,
    players: &[Player],
    seed: u64,
    max_plies: usize,
    index: usize,
) -> Record<G::Action> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xA1);
    let mut actions = Vec::new();
    let mut branching_sum = 0usize;
    let mut buf = Vec::new();
    // Seats keep their engines and clocks for the whole game.
    let mut seats = Seats::new(players);
    let outcome = loop {
        if let Some(o) = g.outcome() {
            break Some(o);
        }
        if actions.len() >= max_plies {
            break None;
        }
        g.legal_actions(&mut buf);
        branching_sum += buf.len();
        match seats.choose(&g, &mut rng) {
            Ok(Some(a)) => {
                g.play(a);
                actions.push(a);
            }
            Ok(None) => break g.outcome(),
            Err(f) => break Some(f.outcome(&g)),
        }
    };
    let plies = actions.len();
    Record {
        index,
        seed,
        outcome,
        plies,
        branching: branching_sum as f64 / plies.max(1) as f64,
        actions,
    }
}

/// Run `cfg.games` games; `make(seed)` builds the starting game for a seed;
/// `progress` is called once per finished game (from any thread).
pub fn run<G, F, P>(cfg: &Config, make: F, progress: P) -> Result<Vec<Record<G::Action>>, String>
where
    G: Game,
    F: Fn(u64) -> G + Sync,
    P: Fn() + Sync,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.jobs)
        .build()
        .map_err(|e| format!("cannot start threads: {e}"))?;
    Ok(pool.install(|| {
        (0..cfg.games)
            .into_par_iter()
            .map(|i| {
                let seed = game_seed(cfg.seed, i as u64);
                let r = play_one(make(seed), &cfg.players, seed, cfg.max_plies, i);
                progress();
                r
            })
            .collect()
    }))
}

/// Totals over many games.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Summary {
    pub games: usize,
    /// Wins per seat (a team win counts for each member).
    pub wins: Vec<usize>,
    pub draws: usize,
    /// Games stopped at the ply cap.
    pub unfinished: usize,
    /// (reason, count), most frequent first.
    pub reasons: Vec<(String, usize)>,
    pub mean_plies: f64,
    pub median_plies: f64,
    pub mean_branching: f64,
}

pub fn summarize<A>(records: &[Record<A>], seats: usize) -> Summary {
    let mut wins = vec![0; seats];
    let mut draws = 0;
    let mut unfinished = 0;
    let mut reasons: Vec<(String, usize)> = Vec::new();
    for r in records {
        match &r.outcome {
            Some(Outcome::Win { winners, .. }) => {
                for &w in winners {
                    if w < seats {
                        wins[w] += 1;
                    }
                }
            }
            Some(Outcome::Draw { .. }) => draws += 1,
            None => unfinished += 1,
        }
        let reason = r
            .outcome
            .as_ref()
            .map_or("ply cap", Outcome::reason)
            .to_string();
        match reasons.iter_mut().find(|(x, _)| *x == reason) {
            Some(e) => e.1 += 1,
            None => reasons.push((reason, 1)),
        }
    }
    reasons.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut plies: Vec<usize> = records.iter().map(|r| r.plies).collect();
    plies.sort_unstable();
    let n = records.len().max(1) as f64;
    let median = if plies.is_empty() {
        0.0
    } else if plies.len() % 2 == 1 {
        plies[plies.len() / 2] as f64
    } else {
        (plies[plies.len() / 2 - 1] + plies[plies.len() / 2]) as f64 / 2.0
    };
    Summary {
        games: records.len(),
        wins,
        draws,
        unfinished,
        reasons,
        mean_plies: plies.iter().sum::<usize>() as f64 / n,
        median_plies: median,
        mean_branching: records.iter().map(|r| r.branching).sum::<f64>() / n,
    }
}
