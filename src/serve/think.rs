//! The built-in AI in the page: seats it plays, and the analysis panel.
//!
//! An AI seat chooses on a thread of its own, from a copy of the game;
//! its action is played only if the game has not changed meanwhile (an
//! undo, a new seat, another game). The analysis searches a copy of the
//! position until stopped (or for at most [`MAX_ANALYSIS`]), sending each
//! completed depth's lines as events. Where decks are hidden, both work on
//! a copy whose decks were re-dealt from what the players know, and a line
//! stops before the first card it would draw: nothing shown depends on
//! the hidden order.

use super::{lock, App};
use crate::play::ai::{self, Player, TimeControl};
use crate::play::session::Session;
use crate::search::game::Game as _;
use crate::search::{Limits, Score, Searcher};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The longest an analysis runs without being asked again.
pub const MAX_ANALYSIS: Duration = Duration::from_secs(300);
/// The most lines an analysis shows.
pub const MAX_LINES: usize = 5;
/// The pause between two AI actions, so that a person can follow a game
/// the AI plays on both sides.
pub(crate) const AI_PAUSE: Duration = Duration::from_millis(300);

/// The analysis running now.
pub struct Analysis {
    pub game: u64,
    pub version: u64,
    stop: Arc<AtomicBool>,
}

impl Analysis {
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The action of an AI seat for the game `s` (a copy).
pub(crate) fn choose(s: &Session, who: &Player, seed: u64) -> Option<crate::engine::Move> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    match who {
        Player::Timed(level, TimeControl::PerMove(d)) => {
            let limits = Limits {
                movetime: Some(*d),
                nodes: level.map(|l| ai::Limits::for_level(l).nodes),
                ..Limits::default()
            };
            let mut searcher = Searcher::new(16);
            ai::choose_with(s, &mut searcher, &limits, &mut rng)
        }
        _ => ai::choose(s, who, &mut rng),
    }
}

/// If an AI plays the seat to act in game `id`, let it choose and play.
pub fn kick(app: &Arc<App>, id: u64) {
    kick_with(app, id, None);
}

/// [`kick`]; with `once`, that player chooses this one action, whoever
/// plays the seat.
pub fn kick_with(app: &Arc<App>, id: u64, once: Option<Player>) {
    let (session, who, seed, version, pause) = {
        let mut games = app.games();
        let Ok(st) = games.get_mut(id) else { return };
        if st.thinking || st.g.is_over() || st.pending_draw || (once.is_none() && st.human_to_act())
        {
            return;
        }
        let seat = st.g.to_move();
        let who = once.unwrap_or_else(|| st.g.players()[seat].clone());
        let ply = st.g.history().len() as u64;
        let pause =
            st.g.history()
                .last()
                .is_some_and(|p| !matches!(st.g.players().get(p.seat), Some(Player::Human)));
        st.thinking = true;
        (
            st.g.session().clone(),
            who,
            st.ai_seed ^ crate::engine::splitmix(ply.wrapping_add(1)),
            st.version,
            pause,
        )
    };
    app.events
        .send(serde_json::json!({"type": "game", "id": id, "version": version, "thinking": true}));
    let app = app.clone();
    std::thread::spawn(move || {
        if pause {
            std::thread::sleep(AI_PAUSE);
        }
        let found = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            choose(&session, &who, seed)
        }))
        .ok()
        .flatten();
        let mut again = false;
        let new_version = {
            let mut games = app.games();
            let Ok(st) = games.get_mut(id) else { return };
            if st.version != version {
                // The game changed while the AI thought: its choice is
                // for a position that is gone.
                return;
            }
            st.thinking = false;
            match found {
                Some(m) => match st.apply(m) {
                    Ok(_) => again = true,
                    Err(e) => st.ai_error = Some(e.message),
                },
                None => st.ai_error = Some("the AI found no action".into()),
            }
            if !again {
                st.version += 1;
            }
            st.version
        };
        app.events
            .send(serde_json::json!({"type": "game", "id": id, "version": new_version}));
        if again {
            kick(&app, id);
        }
    });
}

/// A score for the page: from the first seat's side with two seats (the
/// evaluation bar), else from the side to act's.
fn score_json(score: Score, flip: bool) -> serde_json::Value {
    match score {
        Score::Cp(c) => serde_json::json!({"cp": if flip { -c } else { c }}),
        Score::Mate(n) => serde_json::json!({"mate": if flip { -n } else { n }}),
    }
}

/// Start analysing game `id`'s position (stopping any other analysis).
pub fn start(app: &Arc<App>, id: u64, lines: usize) -> Result<u64, super::ApiError> {
    stop(app);
    if app.games().is_two(id) {
        return Err(super::ApiError::bad(
            "say which board of the two to analyse: `board` (0 or `A`, 1 or `B`)",
        ));
    }
    let (session, version) = {
        let mut games = app.games();
        let st = games.get_mut(id)?;
        if st.g.is_over() {
            return Err(super::ApiError::refused(
                "the game is over: nothing to analyse",
            ));
        }
        if st.g.session().fogged() {
            // The analysis reads the whole position: it would show a seat
            // the men it cannot see.
            return Err(super::ApiError::refused(
                "under fog of war there is no analysis while the game goes on: it would read men a seat cannot see",
            ));
        }
        (st.g.session().clone(), st.version)
    };
    Ok(start_on(app, id, version, session, lines, None))
}

/// Analyse `session` (game `id` at `version`; with `board`, one board of
/// a game of two, the other board as it stands: its events say `board`,
/// and the score is for that board's first seat).
pub fn start_on(
    app: &Arc<App>,
    id: u64,
    version: u64,
    session: Session,
    lines: usize,
    board: Option<usize>,
) -> u64 {
    let mut searcher: Searcher<crate::engine::Move> = Searcher::new(32);
    searcher.multipv = lines.clamp(1, MAX_LINES);
    let stop = searcher.stop_flag();
    *lock(&app.analysis) = Some(Analysis {
        game: id,
        version,
        stop: stop.clone(),
    });
    let app = app.clone();
    std::thread::spawn(move || {
        let mut g = session.clone();
        let hidden = g.variant().setup.decks.iter().any(|d| !d.is_empty())
            || g.variant().turn.dice.is_some()
            || !g.variant().turn.face_down.is_empty();
        if hidden {
            let mut rng = ChaCha8Rng::seed_from_u64(version);
            g.determinize(&mut rng);
        }
        let seats = g.players();
        let flip = seats == 2 && g.to_move() == 1;
        let limits = Limits {
            movetime: Some(MAX_ANALYSIS),
            ..Limits::default()
        };
        let namer = session.clone();
        let events = &app.events;
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            searcher.search(&mut g, &limits, None, &mut |info| {
                let pv = crate::play::hint::line_san(&namer, &info.pv, 24);
                let secs = info.elapsed.as_secs_f64().max(1e-3);
                events.send(serde_json::json!({
                    "type": "analysis", "game": id, "version": version,
                    "depth": info.depth, "seldepth": info.seldepth, "line": info.multipv,
                    "score": score_json(info.score, flip), "nodes": info.nodes,
                    "nps": (info.nodes as f64 / secs) as u64, "pv": pv,
                    "for": match board {
                        Some(b) => crate::play::boards::seat_name(2 * b),
                        None if seats == 2 => namer.variant().players[0].name.clone(),
                        None => namer.variant().players[namer.to_move()].name.clone(),
                    },
                    "board": board,
                }));
            });
        }));
        events.send(serde_json::json!({"type": "analysis-done", "game": id, "version": version, "board": board}));
        let mut a = lock(&app.analysis);
        if a.as_ref().is_some_and(|x| Arc::ptr_eq(&x.stop, &stop)) {
            *a = None;
        }
    });
    version
}

/// Stop the analysis, if one runs.
pub fn stop(app: &App) {
    if let Some(a) = lock(&app.analysis).take() {
        a.stop();
    }
}
