//! Self-play: many games in parallel, each from its own seed.
//!
//! Game `i` is seeded with [`game_seed`]`(master, i)`, and the results are
//! collected in game order, so the records are identical whatever the number
//! of threads.

use crate::engine::splitmix;
use crate::play::ai::Player;
use crate::play::seat::{Seats, Thought};
use crate::search::game::{Game, Outcome};
use crate::study::stats::{nth, quantile, Proportion, Score};
use rand::{Rng, SeedableRng};
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
    /// Plies of each game played at random (seeded by its start seed, see
    /// [`Start`]) before the seats play: varied openings for players that would
    /// otherwise repeat the same game.
    pub random_plies: usize,
    /// `(k, n)`: play only the games whose index is `k` mod `n` (one shard
    /// of a run split across machines); `(0, 1)` plays them all.
    pub shard: (usize, usize),
    /// Rotate the seats among the players, game by game (with openings:
    /// each opening is played by every arrangement in turn). Game `i` seats
    /// `players[(s + i) % n]` at seat `s`, for `n` players; its starting
    /// position and random plies come from the seed of the group's first
    /// game (`i - i % n`), so every game of a group starts alike.
    pub rotate: bool,
    /// Search threads of each built-in AI seat (1: reproducible; more
    /// make the AI's games irreproducible, see [`Seats::with_threads`]).
    pub threads: usize,
}

impl Config {
    /// The indexes of the games this run plays, in order.
    pub fn indexes(&self) -> impl Iterator<Item = usize> {
        let (k, n) = self.shard;
        (k..self.games).step_by(n.max(1))
    }

    /// How many games this run plays.
    pub fn count(&self) -> usize {
        let (k, n) = self.shard;
        if k >= self.games {
            0
        } else {
            (self.games - k).div_ceil(n.max(1))
        }
    }

    /// How game `index` begins: its seed, the seed of its starting
    /// position and the rotation of its seats.
    pub fn start(&self, index: usize) -> Start {
        let seed = game_seed(self.seed, index as u64);
        let n = self.players.len().max(1);
        if self.rotate && n > 1 {
            let first = index - index % n;
            Start {
                index,
                seed,
                start_seed: game_seed(self.seed, first as u64),
                rotation: index % n,
            }
        } else {
            Start {
                index,
                seed,
                start_seed: seed,
                rotation: 0,
            }
        }
    }

    /// Who plays each seat under a rotation: seat `s` gets
    /// `players[(s + rotation) % n]`.
    pub fn seated(&self, rotation: usize) -> Vec<Player> {
        let n = self.players.len();
        (0..n)
            .map(|s| self.players[(s + rotation) % n].clone())
            .collect()
    }
}

/// How one game of a run begins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Start {
    /// The game's index in the run.
    pub index: usize,
    /// The game's seed (the players' choices follow from it).
    pub seed: u64,
    /// The seed of its starting position (a seeded setup, a deck's order)
    /// and of its random plies: the game's own seed, or with rotated seats
    /// the seed of its group's first game.
    pub start_seed: u64,
    /// Seat `s` is played by player `(s + rotation) % n`.
    pub rotation: usize,
}

/// One finished (or stopped) game.
#[derive(Debug, Clone, Serialize)]
pub struct Record<A> {
    pub index: usize,
    pub seed: u64,
    /// The seed the starting position was made from (see [`Start`]).
    pub start_seed: u64,
    /// Seat `s` was played by player `(s + rotation) % n`.
    pub rotation: usize,
    /// `None` when the game hit `max_plies`.
    pub outcome: Option<Outcome>,
    /// The seat that lost outside the rules (an engine's illegal move,
    /// silence, crash or flood, a time forfeit), if one did: the outcome
    /// then says who won and why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<usize>,
    pub plies: usize,
    /// Mean number of legal actions over the game's positions.
    pub branching: f64,
    /// `score ...`: each seat's points at the end ([`Game::points`]);
    /// `None` where the variant keeps none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<Vec<u32>>,
    #[serde(skip)]
    pub actions: Vec<A>,
    /// What the built-in AI thought of each action it chose, in the order
    /// of `actions` (`None` for an opening's, a random ply's, a random
    /// player's or an engine's action).
    #[serde(skip)]
    pub thoughts: Vec<Option<Thought>>,
}

/// Play one game to its end (or to `max_plies`), each built-in AI seat on
/// `threads` search threads.
pub fn play_one<G: Game>(
    g: G,
    players: &[Player],
    seed: u64,
    max_plies: usize,
    (random_plies, index, threads): (usize, usize, usize),
) -> Record<G::Action> {
    let start = Start {
        index,
        seed,
        start_seed: seed,
        rotation: 0,
    };
    play_from(
        g,
        Vec::new(),
        players,
        start,
        max_plies,
        random_plies,
        threads,
    )
}

/// Play one game on from `g`, which `opening` (the actions already played,
/// kept at the head of the record) has reached: first `random_plies`
/// random plies (seeded by `start.start_seed`), then the seats.
pub fn play_from<G: Game>(
    mut g: G,
    opening: Vec<G::Action>,
    players: &[Player],
    start: Start,
    max_plies: usize,
    random_plies: usize,
    threads: usize,
) -> Record<G::Action> {
    let Start {
        index,
        seed,
        start_seed,
        rotation,
    } = start;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xA1);
    let mut random = ChaCha8Rng::seed_from_u64(start_seed ^ 0x0BE5);
    let random_plies = random_plies.saturating_add(opening.len());
    let mut thoughts = vec![None; opening.len()];
    let mut actions = opening;
    let mut branching_sum = 0usize;
    let mut buf = Vec::new();
    // Seats keep their engines and clocks for the whole game.
    let mut seats = Seats::new(players).with_threads(threads);
    let mut forfeit = None;
    let outcome = loop {
        // One generation per ply: the legal actions and the outcome.
        if let Some(o) = g.expand(&mut buf) {
            break Some(o);
        }
        if actions.len() >= max_plies {
            break None;
        }
        branching_sum += buf.len();
        if actions.len() < random_plies && !buf.is_empty() {
            let a = buf[random.gen_range(0..buf.len())];
            g.play(a);
            actions.push(a);
            thoughts.push(None);
            continue;
        }
        match seats.choose(&g, Some(&buf), &mut rng) {
            Ok(Some(a)) => {
                g.play(a);
                actions.push(a);
                thoughts.push(seats.last_thought());
            }
            Ok(None) => break g.outcome(),
            Err(f) => {
                forfeit = Some(f.seat);
                break Some(f.outcome(&g));
            }
        }
    };
    let plies = actions.len();
    Record {
        index,
        seed,
        start_seed,
        rotation,
        outcome,
        forfeit,
        plies,
        branching: branching_sum as f64 / plies.max(1) as f64,
        points: g.points(),
        actions,
        thoughts,
    }
}

/// How many games a worker thread has in flight at once, at most: results
/// are handed on in game order, batch by batch, so memory grows with the
/// number of threads, never with the number of games.
const BATCH_PER_THREAD: usize = 8;

/// Run `cfg.games` games. `make(seed)` builds the starting game for a seed;
/// `finish` turns a played game into what the caller keeps (it runs on the
/// worker threads, so expensive work such as writing notation belongs
/// there); `sink` receives those results in game order, whatever the
/// number of threads; it returns whether to go on (`false` stops the run
/// after that game: games of the same batch after it are dropped, so where
/// a run stops does not depend on the number of threads), or an error.
pub fn run<G, T, F, M, S>(cfg: &Config, make: F, finish: M, sink: S) -> Result<(), String>
where
    G: Game,
    T: Send,
    F: Fn(u64) -> G + Sync,
    M: Fn(Record<G::Action>) -> T + Sync,
    S: FnMut(T) -> Result<bool, String>,
{
    run_from(
        cfg,
        |st: Start| Ok((make(st.start_seed), Vec::new())),
        finish,
        sink,
    )
}

/// [`run`] with openings: `open(start)` gives game `start.index`'s
/// position after its opening and the opening's actions (or an error,
/// which stops the run).
pub fn run_from<G, T, F, M, S>(cfg: &Config, open: F, finish: M, mut sink: S) -> Result<(), String>
where
    G: Game,
    T: Send,
    F: Fn(Start) -> Result<(G, Vec<G::Action>), String> + Sync,
    M: Fn(Record<G::Action>) -> T + Sync,
    S: FnMut(T) -> Result<bool, String>,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.jobs)
        .build()
        .map_err(|e| format!("cannot start threads: {e}"))?;
    let batch = (pool.current_num_threads() * BATCH_PER_THREAD).max(1);
    let mut indexes = cfg.indexes();
    loop {
        let chunk: Vec<usize> = indexes.by_ref().take(batch).collect();
        if chunk.is_empty() {
            break;
        }
        let done: Vec<Result<T, String>> = pool.install(|| {
            chunk
                .par_iter()
                .map(|&i| {
                    let start = cfg.start(i);
                    let (g, opening) = open(start)?;
                    let players = cfg.seated(start.rotation);
                    Ok(finish(play_from(
                        g,
                        opening,
                        &players,
                        start,
                        cfg.max_plies,
                        cfg.random_plies,
                        cfg.threads,
                    )))
                })
                .collect()
        });
        for t in done {
            if !sink(t?)? {
                return Ok(());
            }
        }
    }
    Ok(())
}

/// Run every game and keep every record (for tests and small runs; the
/// command line streams with [`run`]).
pub fn run_all<G, F>(cfg: &Config, make: F) -> Result<Vec<Record<G::Action>>, String>
where
    G: Game,
    F: Fn(u64) -> G + Sync,
{
    let mut out = Vec::with_capacity(cfg.games.min(1 << 16));
    run(
        cfg,
        make,
        |r| r,
        |r| {
            out.push(r);
            Ok(true)
        },
    )?;
    Ok(out)
}

impl SprtState {
    /// The state in words, naming the side tested (`first`): the decision
    /// or "undecided", the ratio, its bounds and the games.
    pub fn sentence(&self, first: &str) -> String {
        let t = &self.test;
        let verdict = match self.decision {
            Some(true) => format!("H1 accepted ({first} is at least {} Elo stronger)", t.elo1),
            Some(false) => format!("H0 accepted ({first} is not {} Elo stronger)", t.elo1),
            None => "undecided".to_string(),
        };
        // (`+ 0.0`: a ratio of 0 is written 0.00, not -0.00.)
        format!(
            "SPRT: {verdict} after {} finished games: LLR {:.2}, bounds {:.2} to {:.2} \
             (elo0 {}, elo1 {}, alpha {}, beta {})",
            self.games,
            self.llr + 0.0,
            self.lower,
            self.upper,
            t.elo0,
            t.elo1,
            t.alpha,
            t.beta
        )
    }
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
    /// What ended the games (the end rule or goal, `forfeit` for every
    /// game a seat lost outside the rules, or `ply cap`), most frequent
    /// first, each with who won by it.
    pub end_rules: Vec<EndRule>,
    pub mean_plies: f64,
    pub median_plies: f64,
    pub mean_branching: f64,
    /// Per seat: the share of games won, with its 95% interval.
    pub win_rates: Vec<Proportion>,
    /// The share of draws, with its 95% interval.
    pub draw_rate: Proportion,
    /// With two seats: the first seat's score over the finished games (the
    /// first mover's advantage when both seats have the same player), with
    /// its Elo difference; `None` without a finished game.
    pub first_seat: Option<Score>,
    /// Game lengths in plies: shortest, 10th percentile, 90th percentile,
    /// longest.
    pub min_plies: usize,
    pub p10_plies: usize,
    pub p90_plies: usize,
    pub max_plies: usize,
    /// When some game ended in shares other than 1, ½ and 0 (`score
    /// N/D`): per seat, its mean score over the finished games, with the
    /// half-width of its 95% interval.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_scores: Option<Vec<Mean>>,
    /// A variant that scores events (`score ...`): per seat, its mean
    /// points per game (finished or not), with the half-width of its 95%
    /// interval.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_points: Option<Vec<Mean>>,
    /// When the seats rotated among the players (`--openings`): the
    /// results per player, whatever seat each played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_player: Option<ByPlayer>,
}

/// A mean with the half-width of its 95% interval.
#[derive(Debug, Clone, Copy, Serialize, PartialEq)]
pub struct Mean {
    pub mean: f64,
    pub half_width: f64,
}

/// The results per player of a run whose seats rotated among the players
/// (the players in the order given; a team win counts for each member).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct ByPlayer {
    pub wins: Vec<usize>,
    /// Per player: the share of games won, with its 95% interval.
    pub win_rates: Vec<Proportion>,
    /// With two players: the first player's score over the finished
    /// games, both colours together, with its Elo difference; `None`
    /// without a finished game.
    pub first_player: Option<Score>,
}

/// The games of one length: wins per seat, then draws, then unfinished.
pub type LengthRow = Vec<u64>;

/// The games one reason ended (an end rule, a goal, a forfeit's reason,
/// or `ply cap`), and who won them.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct EndRule {
    pub reason: String,
    pub games: usize,
    /// Per seat, the games it won by this reason (a team win counts for
    /// each member, so these may add up to more than `games`).
    pub wins: Vec<usize>,
    pub draws: usize,
    pub unfinished: usize,
}

/// Where a sequential test stands: decided or not, with the log-likelihood
/// ratio and its bounds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SprtState {
    /// `Some(true)`: H1 accepted; `Some(false)`: H0 accepted; `None`: not
    /// decided yet.
    pub decision: Option<bool>,
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    /// The finished games it was computed from.
    pub games: u64,
    /// The test: its hypotheses and error rates.
    pub test: crate::study::stats::Sprt,
}

/// Running totals, one game at a time (memory does not grow with the
/// number of games: game lengths are kept as a histogram).
#[derive(Debug, Clone, Default)]
pub struct Tally {
    seats: usize,
    games: usize,
    wins: Vec<usize>,
    draws: usize,
    unfinished: usize,
    /// Per reason, in the order first met: its games.
    reasons: Vec<(String, usize)>,
    /// Per end rule (a reason, with every forfeit as `forfeit`), in the
    /// order first met: its games, and its wins per seat, then draws, then
    /// unfinished (as a [`LengthRow`]).
    end_rules: Vec<(String, usize, LengthRow)>,
    lengths: std::collections::BTreeMap<usize, LengthRow>,
    plies: u128,
    branching: f64,
    rotated: bool,
    player_wins: Vec<usize>,
    /// Per seat, the sum of its scores over the finished games (1, ½, 0,
    /// or its share) and of their squares; `scored` counts those games.
    score_sums: Vec<(f64, f64)>,
    scored: usize,
    /// Some game ended in shares other than 1, ½ and 0 (`score N/D`):
    /// the report then shows each seat's mean score.
    shares_seen: bool,
    /// `score ...`: per seat, the sum of its points over the games told
    /// by [`Tally::add_points`] and of their squares; `pointed` counts
    /// those games.
    points_sums: Vec<(f64, f64)>,
    pointed: usize,
}

impl Tally {
    pub fn new(seats: usize) -> Tally {
        Tally {
            seats,
            wins: vec![0; seats],
            player_wins: vec![0; seats],
            score_sums: vec![(0.0, 0.0); seats],
            ..Tally::default()
        }
    }

    /// Count one game: its outcome (`None`: stopped at the ply cap), length
    /// and mean branching factor.
    pub fn add(&mut self, outcome: Option<&Outcome>, plies: usize, branching: f64) {
        self.add_rotated(outcome, plies, branching, None);
    }

    /// [`Tally::add`] for a run whose seats rotate among the players:
    /// seat `s` was played by player `(s + rotation) % seats`.
    pub fn add_rotated(
        &mut self,
        outcome: Option<&Outcome>,
        plies: usize,
        branching: f64,
        rotation: Option<usize>,
    ) {
        self.add_game(outcome, false, plies, branching, rotation);
    }

    /// [`Tally::add_rotated`] for a game a seat may have lost outside the
    /// rules (`forfeit`): its end rule is then `forfeit`, whatever the
    /// reason (which names the engine, its move or its time).
    pub fn add_game(
        &mut self,
        outcome: Option<&Outcome>,
        forfeit: bool,
        plies: usize,
        branching: f64,
        rotation: Option<usize>,
    ) {
        self.games += 1;
        let seats = self.seats;
        let row = self
            .lengths
            .entry(plies)
            .or_insert_with(|| vec![0; seats + 2]);
        if let Some(r) = rotation {
            self.rotated = true;
            if let Some(winners) = outcome.map(Outcome::winners) {
                for &w in &winners {
                    if w < seats {
                        self.player_wins[(w + r) % seats] += 1;
                    }
                }
            }
        }
        if let Some(o) = outcome {
            self.shares_seen |= o.score_tag().is_some();
            self.scored += 1;
            for (p, (sum, sq)) in self.score_sums.iter_mut().enumerate() {
                let x = o.score(p);
                *sum += x;
                *sq += x * x;
            }
        }
        match outcome.map(Outcome::winners).as_deref() {
            Some(winners) if !winners.is_empty() => {
                for &w in winners {
                    if w < seats {
                        self.wins[w] += 1;
                        row[w] += 1;
                    }
                }
            }
            Some(_) => {
                self.draws += 1;
                row[seats] += 1;
            }
            None => {
                self.unfinished += 1;
                row[seats + 1] += 1;
            }
        }
        let reason = outcome.map_or("ply cap", Outcome::reason);
        match self.reasons.iter_mut().find(|(x, _)| x == reason) {
            Some(e) => e.1 += 1,
            None => self.reasons.push((reason.to_string(), 1)),
        }
        let rule = if forfeit { "forfeit" } else { reason };
        let at = match self.end_rules.iter().position(|(x, ..)| x == rule) {
            Some(i) => i,
            None => {
                self.end_rules
                    .push((rule.to_string(), 0, vec![0; seats + 2]));
                self.end_rules.len() - 1
            }
        };
        let (_, games, row) = &mut self.end_rules[at];
        *games += 1;
        match outcome.map(Outcome::winners).as_deref() {
            Some([]) => row[seats] += 1,
            Some(winners) => {
                for &w in winners.iter().filter(|&&w| w < seats) {
                    row[w] += 1;
                }
            }
            None => row[seats + 1] += 1,
        }
        self.plies += plies as u128;
        self.branching += branching;
    }

    /// Count one game's points per seat (a variant that scores events,
    /// `score ...`), beside its outcome ([`Tally::add_game`]).
    pub fn add_points(&mut self, points: &[u32]) {
        if self.points_sums.len() != self.seats {
            self.points_sums = vec![(0.0, 0.0); self.seats];
        }
        self.pointed += 1;
        for (p, (sum, sq)) in self.points_sums.iter_mut().enumerate() {
            let x = f64::from(points.get(p).copied().unwrap_or(0));
            *sum += x;
            *sq += x * x;
        }
    }

    /// Where a sequential test on the first seat's results stands (two
    /// seats; the first player's, both seats together, when the seats
    /// rotate): the generalised SPRT on wins, draws and losses
    /// ([`crate::study::stats::Sprt::gsprt`], as `match --sprt` computes it),
    /// decided once the ratio leaves its bounds. `None` without two seats.
    pub fn sprt_state(&self, test: &crate::study::stats::Sprt) -> Option<SprtState> {
        if self.seats != 2 {
            return None;
        }
        let w = if self.rotated {
            &self.player_wins
        } else {
            &self.wins
        };
        let (wins, draws, losses) = (w[0] as u64, self.draws as u64, w[1] as u64);
        let (llr, lower, upper) = test.gsprt(wins, draws, losses);
        Some(SprtState {
            decision: if llr >= upper {
                Some(true)
            } else if llr <= lower {
                Some(false)
            } else {
                None
            },
            llr,
            lower,
            upper,
            games: wins + draws + losses,
            test: *test,
        })
    }

    /// Each seat's mean score over the finished games, with the half-width
    /// of its 95% interval (normal approximation, 1.96 standard errors),
    /// when some game ended in shares other than 1, ½ and 0 (`None`
    /// otherwise: the wins and draws say it all).
    pub fn mean_scores(&self) -> Option<Vec<(f64, f64)>> {
        if !self.shares_seen || self.scored == 0 {
            return None;
        }
        Some(mean_intervals(&self.score_sums, self.scored))
    }

    /// How many games were counted.
    pub fn games(&self) -> usize {
        self.games
    }

    /// The games by length in plies, shortest first: wins per seat, then
    /// draws, then unfinished games.
    pub fn lengths(&self) -> impl Iterator<Item = (usize, &LengthRow)> {
        self.lengths.iter().map(|(&l, r)| (l, r))
    }

    pub fn summary(&self) -> Summary {
        let hist: Vec<(usize, u64)> = self
            .lengths
            .iter()
            .map(|(&l, r)| (l, r.iter().sum::<u64>()))
            .collect();
        let games = self.games as u64;
        // A score needs finished games: with none there is no score and no
        // Elo difference (not 0% and -1200).
        let finished = self.games - self.unfinished;
        let first_seat = (self.seats == 2 && finished > 0).then(|| {
            let w = self.wins[0] as u64;
            let l = self.wins[1] as u64;
            Score::new(w, self.draws as u64, l)
        });
        let mut reasons = self.reasons.clone();
        reasons.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut rows = self.end_rules.clone();
        rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let seats = self.seats;
        let end_rules = rows
            .into_iter()
            .map(|(reason, games, row)| EndRule {
                reason,
                games,
                wins: row[..seats].iter().map(|&w| w as usize).collect(),
                draws: row[seats] as usize,
                unfinished: row[seats + 1] as usize,
            })
            .collect();
        let n = self.games.max(1) as f64;
        let median = match self.games {
            0 => 0.0,
            g if g % 2 == 1 => nth(&hist, g as u64 / 2) as f64,
            g => (nth(&hist, g as u64 / 2 - 1) + nth(&hist, g as u64 / 2)) as f64 / 2.0,
        };
        Summary {
            games: self.games,
            wins: self.wins.clone(),
            draws: self.draws,
            unfinished: self.unfinished,
            reasons,
            end_rules,
            mean_plies: self.plies as f64 / n,
            median_plies: median,
            mean_branching: self.branching / n,
            win_rates: self
                .wins
                .iter()
                .map(|&w| Proportion::new(w as u64, games))
                .collect(),
            draw_rate: Proportion::new(self.draws as u64, games),
            first_seat,
            min_plies: quantile(&hist, 0.0),
            p10_plies: quantile(&hist, 0.1),
            p90_plies: quantile(&hist, 0.9),
            max_plies: quantile(&hist, 1.0),
            mean_scores: self.mean_scores().map(|v| {
                v.into_iter()
                    .map(|(mean, half_width)| Mean { mean, half_width })
                    .collect()
            }),
            mean_points: (self.pointed > 0).then(|| {
                mean_intervals(&self.points_sums, self.pointed)
                    .into_iter()
                    .map(|(mean, half_width)| Mean { mean, half_width })
                    .collect()
            }),
            by_player: self.rotated.then(|| ByPlayer {
                wins: self.player_wins.clone(),
                win_rates: self
                    .player_wins
                    .iter()
                    .map(|&w| Proportion::new(w as u64, games))
                    .collect(),
                first_player: (self.seats == 2 && finished > 0).then(|| {
                    Score::new(
                        self.player_wins[0] as u64,
                        self.draws as u64,
                        self.player_wins[1] as u64,
                    )
                }),
            }),
        }
    }
}

/// Totals of a list of records.
pub fn summarize<A>(records: &[Record<A>], seats: usize) -> Summary {
    let mut t = Tally::new(seats);
    for r in records {
        t.add(r.outcome.as_ref(), r.plies, r.branching);
    }
    t.summary()
}

/// The mean of each column of `n` samples given their sums and sums of
/// squares, with the half-width of its 95% interval (1.96 standard errors
/// of the mean; 0 for a single sample).
pub fn mean_intervals(sums: &[(f64, f64)], n: usize) -> Vec<(f64, f64)> {
    let nf = n.max(1) as f64;
    sums.iter()
        .map(|&(sum, sq)| {
            let mean = sum / nf;
            let var = if n > 1 {
                ((sq - sum * sum / nf) / (nf - 1.0)).max(0.0)
            } else {
                0.0
            };
            (mean, 1.96 * (var / nf).sqrt())
        })
        .collect()
}
