//! Studies from the page: `simulate` runs of a variant, with live
//! progress, the running score and its interval, the HTML report of
//! `simulate --report`, and the games sorted by interest (shortest
//! decisive games first: the flaws a designer must see), each replayable.
//!
//! A variant of two boards (`boards 2`) is studied as `varia simulate`
//! plays it (`play::boards::sim`: a seeded coin picks the board that
//! moves next): the score is the team's of WhiteA and BlackB against
//! BlackA and WhiteB's, and a game replays in the two-board page.
//!
//! Bounded: at most [`MAX_GAMES`] games of at most [`MAX_PLIES`] plies,
//! one study running at a time, the actions of only the [`KEPT`] most
//! interesting games kept.

use super::{lock, ApiError, App};
use crate::engine::Move;
use crate::play::ai::Player;
use crate::play::boards as two;
use crate::play::session::Prepared;
use crate::search::game::Outcome;
use crate::study::opening::Book;
use crate::study::simulate::{self, Config, Tally};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The most games a study from the page plays.
pub const MAX_GAMES: usize = 10_000;
/// The longest game of a study, in plies.
pub const MAX_PLIES: usize = 2_000;
/// How many games' actions a study keeps for replay.
pub const KEPT: usize = 200;
/// The most studies kept (the oldest is dropped).
const MAX_STUDIES: usize = 8;

/// What to study.
#[derive(Debug, Clone)]
pub struct Request {
    pub prepared: Prepared,
    /// The variant as records name it.
    pub spec: String,
    pub players: Vec<Player>,
    pub games: usize,
    pub seed: u64,
    pub max_plies: usize,
    pub openings: Option<Book>,
}

/// One game of a study, as the list shows it.
#[derive(Debug, Clone)]
pub struct Entry {
    pub index: usize,
    pub start_seed: u64,
    pub rotation: usize,
    pub outcome: Option<Outcome>,
    pub plies: usize,
    /// The opening's FEN, when the game started from one.
    pub fen: Option<String>,
    pub actions: Vec<Move>,
    /// On two boards, the board (0: A, 1: B) of each action; empty on one.
    pub boards: Vec<u8>,
}

impl Entry {
    /// Sorting key: decisive games first, then draws, then unfinished;
    /// shorter first; then by index.
    fn key(&self) -> (u8, usize, usize) {
        let class = match self.outcome {
            Some(Outcome::Win { .. } | Outcome::Shares { .. }) => 0,
            Some(Outcome::Draw { .. }) => 1,
            None => 2,
        };
        (class, self.plies, self.index)
    }
}

/// A study, running or done.
pub struct Study {
    pub request: Request,
    pub tally: Tally,
    pub done: usize,
    pub total: usize,
    pub finished: bool,
    pub error: Option<String>,
    /// The most interesting games, in order.
    pub kept: Vec<Entry>,
    pub stop: Arc<AtomicBool>,
    pub started: Instant,
    pub elapsed: Duration,
}

#[derive(Default)]
pub struct Studies {
    next: u64,
    pub(crate) map: HashMap<u64, Arc<Mutex<Study>>>,
}

impl Studies {
    pub fn get(&self, id: u64) -> Result<Arc<Mutex<Study>>, ApiError> {
        self.map
            .get(&id)
            .cloned()
            .ok_or_else(|| ApiError::not_found(format!("no study {id}")))
    }
}

/// The progress of a study as the page shows it.
pub fn progress(id: u64, s: &Study) -> serde_json::Value {
    let summary = s.tally.summary();
    serde_json::json!({
        "type": "study", "id": id, "done": s.done, "total": s.total,
        "finished": s.finished, "error": s.error,
        "seats": sides(s),
        "players": s.request.players.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "summary": summary,
        "seconds": s.elapsed.as_secs_f64(),
    })
}

/// The sides the score is told for: the variant's players, or on two
/// boards its two teams (`WhiteA + BlackB`, `BlackA + WhiteB`).
fn sides(s: &Study) -> Vec<String> {
    let v = s.request.prepared.variant();
    if v.turn.boards == 2 {
        (0..2)
            .map(|t| {
                let [a, b] = two::team_seats(t);
                format!("{} + {}", two::seat_name(a), two::seat_name(b))
            })
            .collect()
    } else {
        v.players.iter().map(|p| p.name.clone()).collect()
    }
}

/// Games of two boards, in batches over the cores and handed to `sink`
/// in game order (so the same seed gives the same study whatever the
/// cores): game `i` is `play::boards::sim::play_game` from the setup with
/// `simulate::game_seed(seed, i)`, its outcome told for the two teams.
fn run_two<S>(cfg: &Config, prepared: &Prepared, mut sink: S) -> Result<(), String>
where
    S: FnMut(Entry) -> Result<bool, String>,
{
    use rayon::prelude::*;
    let players: [Player; 4] = cfg
        .players
        .clone()
        .try_into()
        .map_err(|_| "a game of two boards has four seats".to_string())?;
    let batch = 4 * rayon::current_num_threads().max(1);
    let mut start = 0;
    while start < cfg.games {
        let end = (start + batch).min(cfg.games);
        let played: Vec<Result<Entry, String>> = (start..end)
            .into_par_iter()
            .map(|i| {
                let seed = simulate::game_seed(cfg.seed, i as u64);
                let g = two::sim::play_game(prepared, &players, None, seed, cfg.max_plies as u64)
                    .map_err(|e| format!("game {}: {}", i + 1, e.0))?;
                Ok(Entry {
                    index: i,
                    start_seed: seed,
                    rotation: 0,
                    outcome: team_outcome(g.outcome.as_ref()),
                    plies: g.moves().len(),
                    fen: None,
                    actions: g.moves().iter().map(|m| m.mv).collect(),
                    boards: g.moves().iter().map(|m| m.board as u8).collect(),
                })
            })
            .collect();
        for e in played {
            if !sink(e?)? {
                return Ok(());
            }
        }
        start = end;
    }
    Ok(())
}

/// A two-board game's outcome for its two teams (team 0: WhiteA and
/// BlackB), as [`two::winning_team`] decides it.
fn team_outcome(o: Option<&Outcome>) -> Option<Outcome> {
    let o = o?;
    let reason = o.reason().to_string();
    Some(match two::winning_team(o) {
        Some(team) => Outcome::Win {
            winners: vec![team],
            reason,
        },
        None => Outcome::Draw { reason },
    })
}

/// Start a study; its id. A study already running is stopped first.
pub fn start(app: &Arc<App>, req: Request) -> Result<u64, ApiError> {
    let total = req.games;
    let two_boards = req.prepared.variant().turn.boards == 2;
    // On two boards the tally's two seats are the two teams.
    let seats = if two_boards {
        2
    } else {
        req.prepared.variant().players.len()
    };
    let study = Arc::new(Mutex::new(Study {
        tally: Tally::new(seats),
        done: 0,
        total,
        finished: false,
        error: None,
        kept: Vec::new(),
        stop: Arc::new(AtomicBool::new(false)),
        started: Instant::now(),
        elapsed: Duration::ZERO,
        request: req.clone(),
    }));
    let id = {
        let mut all = lock(&app.studies);
        for s in all.map.values() {
            lock(s).stop.store(true, Ordering::Relaxed);
        }
        all.next += 1;
        let id = all.next;
        if all.map.len() >= MAX_STUDIES {
            if let Some(&oldest) = all.map.keys().min() {
                all.map.remove(&oldest);
            }
        }
        all.map.insert(id, study.clone());
        id
    };
    let stop = lock(&study).stop.clone();
    let app = app.clone();
    std::thread::spawn(move || {
        let cfg = Config {
            games: req.games,
            seed: req.seed,
            players: req.players.clone(),
            max_plies: req.max_plies,
            jobs: 0,
            random_plies: 0,
            shard: (0, 1),
            rotate: req.openings.is_some(),
            threads: 1,
        };
        let prepared = req.prepared.clone();
        let book = req.openings.clone();
        let open = |st: simulate::Start| match &book {
            Some(b) => b.start(&prepared, st.index, st.start_seed),
            None => prepared
                .session(None, st.start_seed)
                .map(|s| (s, Vec::new()))
                .map_err(|e| e.to_string()),
        };
        let finish = |r: simulate::Record<Move>| {
            let fen = book
                .as_ref()
                .and_then(|b| b.for_game(r.index, seats).fen.clone());
            Entry {
                index: r.index,
                start_seed: r.start_seed,
                rotation: r.rotation,
                outcome: r.outcome,
                plies: r.plies,
                fen,
                actions: r.actions,
                boards: Vec::new(),
            }
        };
        let mut last_sent = Instant::now() - Duration::from_secs(1);
        let rotate = cfg.rotate;
        let sink = |e: Entry| {
            let mut s = lock(&study);
            s.tally.add_rotated(
                e.outcome.as_ref(),
                e.plies,
                0.0,
                rotate.then_some(e.rotation),
            );
            s.done += 1;
            s.elapsed = s.started.elapsed();
            let key = e.key();
            let at = s.kept.partition_point(|k| k.key() < key);
            if at < KEPT {
                s.kept.insert(at, e);
                s.kept.truncate(KEPT);
            }
            if last_sent.elapsed() >= Duration::from_millis(100) {
                last_sent = Instant::now();
                app.events.send(progress(id, &s));
            }
            Ok(!stop.load(Ordering::Relaxed))
        };
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            if two_boards {
                run_two(&cfg, &prepared, sink)
            } else {
                simulate::run_from(&cfg, open, finish, sink)
            }
        }));
        let mut s = lock(&study);
        s.finished = true;
        s.elapsed = s.started.elapsed();
        match result {
            Ok(Ok(())) => {}
            Ok(Err(e)) => s.error = Some(e),
            Err(_) => s.error = Some("the study stopped on an internal error".into()),
        }
        if stop.load(Ordering::Relaxed) && s.done < s.total {
            s.error = Some(format!("stopped after {} of {} games", s.done, s.total));
        }
        app.events.send(progress(id, &s));
    });
    Ok(id)
}

/// The games of a study sorted by interest, as the page lists them.
pub fn games(s: &Study) -> Vec<serde_json::Value> {
    let seats = sides(s).len();
    s.kept
        .iter()
        .map(|e| {
            let (result, reason) = match &e.outcome {
                Some(o) => (
                    crate::notation::record::Record::result_for(seats, Some(&o.winners())),
                    o.reason().to_string(),
                ),
                None => ("*".into(), "ply cap".into()),
            };
            serde_json::json!({
                "index": e.index, "plies": e.plies, "result": result, "reason": reason,
                "players": seated(&s.request.players, e.rotation).iter().map(ToString::to_string).collect::<Vec<_>>(),
            })
        })
        .collect()
}

/// Who played each seat under a rotation (as [`Config::seated`]).
pub fn seated(players: &[Player], rotation: usize) -> Vec<Player> {
    let n = players.len();
    (0..n)
        .map(|s| players[(s + rotation) % n].clone())
        .collect()
}

/// The HTML report of a study (the page `simulate --report` writes).
pub fn report(s: &Study) -> String {
    let v = s.request.prepared.variant();
    let summary = s.tally.summary();
    let players: Vec<String> = s.request.players.iter().map(ToString::to_string).collect();
    let page = crate::study::report::Page {
        title: format!("{}: {} games", v.title, summary.games),
        about: vec![
            format!(
                "{} games of {} ({}), seed {}{}.",
                summary.games,
                v.title,
                s.request.spec,
                s.request.seed,
                if s.finished { "" } else { " (running)" }
            ),
            format!("Players, in seat order: {}.", players.join(", ")),
        ],
        seats: sides(s),
        players: if v.turn.boards == 2 {
            // Each team's two players, as its name lists its seats.
            (0..2)
                .map(|t| {
                    let [a, b] = two::team_seats(t);
                    format!("{} + {}", players[a], players[b])
                })
                .collect()
        } else {
            players
        },
        summary: &summary,
        lengths: s.tally.lengths().map(|(l, r)| (l, r.clone())).collect(),
        shortest: None,
        numbering: String::new(),
        first_actions: Vec::new(),
        sprt: None,
        samples: Vec::new(),
    };
    crate::study::report::html(&page)
}
