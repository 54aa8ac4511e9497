//! Benchmarks for `varia bench`: perft speed and random playouts, timed in
//! CPU time of the measuring thread (so other processes on the machine
//! affect the numbers less than wall time would).

use super::core::MoveList;
use super::perft::perft;
use super::position::{Game, Position};
use super::rules::Status;
use cpu_time::ThreadTime;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

/// What to measure.
#[derive(Clone, Debug)]
pub struct BenchConfig {
    /// Perft depth from the given position (0: skip perft).
    pub perft_depth: u32,
    /// How long to play random games (zero: skip playouts).
    pub playout_time: Duration,
    /// Games longer than this many plies are cut off.
    pub max_plies: u32,
    pub seed: u64,
}

impl Default for BenchConfig {
    fn default() -> BenchConfig {
        BenchConfig {
            perft_depth: 5,
            playout_time: Duration::from_secs(2),
            max_plies: 500,
            seed: 1,
        }
    }
}

/// Measured numbers.
#[derive(Clone, Debug, Default)]
pub struct BenchReport {
    pub perft_depth: u32,
    pub perft_nodes: u64,
    pub perft_time: Duration,
    pub perft_nodes_per_sec: f64,
    pub playouts: u64,
    pub playout_plies: u64,
    pub playout_time: Duration,
    pub playouts_per_sec: f64,
    /// Playouts that ended by a rule (the others hit `max_plies` or a
    /// pending outcome such as a pass).
    pub playouts_finished: u64,
}

/// Perft nodes/s and random playouts/s from `start`.
pub fn run(start: &Position, cfg: &BenchConfig) -> BenchReport {
    let mut rep = BenchReport {
        perft_depth: cfg.perft_depth,
        ..BenchReport::default()
    };
    if cfg.perft_depth > 0 {
        let mut pos = start.clone();
        let t0 = ThreadTime::now();
        rep.perft_nodes = perft(&mut pos, cfg.perft_depth);
        rep.perft_time = t0.elapsed();
        rep.perft_nodes_per_sec = rep.perft_nodes as f64 / rep.perft_time.as_secs_f64().max(1e-9);
    }
    if !cfg.playout_time.is_zero() {
        let mut rng = ChaCha8Rng::seed_from_u64(cfg.seed);
        let t0 = ThreadTime::now();
        while t0.elapsed() < cfg.playout_time {
            let (plies, finished) = playout(start, cfg.max_plies, &mut rng);
            rep.playouts += 1;
            rep.playout_plies += plies as u64;
            rep.playouts_finished += finished as u64;
        }
        rep.playout_time = t0.elapsed();
        rep.playouts_per_sec = rep.playouts as f64 / rep.playout_time.as_secs_f64().max(1e-9);
    }
    rep
}

/// Play uniformly random legal moves until an end rule fires or `max_plies`.
/// Returns the plies played and whether the game ended by a rule.
pub fn playout(start: &Position, max_plies: u32, rng: &mut impl Rng) -> (u32, bool) {
    let mut game = Game::new(start.clone());
    let mut moves = MoveList::new();
    for ply in 0..max_plies {
        match game.status_into(&mut moves) {
            Status::Ongoing => {}
            Status::Ended { .. } => return (ply, true),
            Status::Pending { .. } => return (ply, false),
        }
        if moves.is_empty() {
            return (ply, false);
        }
        let mv = moves[rng.gen_range(0..moves.len())];
        game.play(mv);
    }
    (max_plies, false)
}
