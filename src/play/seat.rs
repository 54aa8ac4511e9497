//! The seats of one game: who acts for each, their clocks, their engines.
//!
//! [`Seats::choose`] asks the seat to move for an action: the built-in AI
//! (by node budget, or on a clock with a table kept for the whole game),
//! a random player, or an external engine (started at its first turn).
//! Clocks run on the wall time each choice takes; a seat that oversteps
//! its time by more than the margin, or whose engine fails (no answer,
//! an illegal move, a crash), forfeits the game.

use crate::external::client::{Budget, Engine};
use crate::play::ai::{self, Player, TimeControl};
use crate::search::game::{Game, Outcome};
use crate::search::{Clock, Info, Limits, Score, Searcher};
use rand::{Rng, RngCore};
use std::time::{Duration, Instant};

/// A seat lost the game outside the rules.
#[derive(Debug, Clone, PartialEq)]
pub struct Forfeit {
    pub seat: usize,
    pub reason: String,
}

impl Forfeit {
    /// The outcome: every seat outside the forfeiting seat's team wins.
    pub fn outcome<G: Game>(&self, g: &G) -> Outcome {
        let team = g.team_of(self.seat);
        Outcome::Win {
            winners: (0..g.players()).filter(|p| !team.contains(p)).collect(),
            reason: self.reason.clone(),
        }
    }
}

/// What the AI thought of the action it chose: the score for the side
/// that played it, and the depth, of its last completed search depth (a
/// UCI engine's last `info` line); on a clock, the time it took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Thought {
    pub score: Score,
    pub depth: u32,
    /// Only where a clock runs: a node budget's time is the machine's, and
    /// would make a seeded record differ from run to run.
    pub time: Option<Duration>,
}

impl Thought {
    /// The comment cutechess-cli writes after a move: `+0.25/10 0.102s`,
    /// `+M5/20` for a mate (`-M3/12`: being mated), the time only when
    /// there is one.
    pub fn comment(&self) -> String {
        let score = match self.score {
            Score::Cp(c) => crate::search::pawns(c),
            Score::Mate(n) if n > 0 => format!("+M{n}"),
            Score::Mate(n) => format!("-M{}", -n),
        };
        match self.time {
            Some(t) => format!("{score}/{} {:.3}s", self.depth, t.as_secs_f64()),
            None => format!("{score}/{}", self.depth),
        }
    }
}

struct Running {
    tc: TimeControl,
    left: Duration,
    moves: u32,
}

struct Seat<A: Copy> {
    player: Player,
    searcher: Option<Searcher<A>>,
    engine: Option<Engine>,
    clock: Option<Running>,
}

/// Time a seat may overstep its clock before it forfeits.
pub fn time_margin(tc: TimeControl) -> Duration {
    match tc {
        TimeControl::PerMove(st) => st + Duration::from_millis(500),
        TimeControl::Clock { .. } => Duration::from_millis(500),
    }
}

/// The seats of a game, in turn order.
pub struct Seats<A: Copy> {
    seats: Vec<Seat<A>>,
    /// What the last choice's search thought (built-in AI seats only).
    last: Option<Thought>,
    /// Search threads of each built-in AI seat (lazy SMP; 1: reproducible).
    threads: usize,
}

impl<A: Copy + PartialEq + Send> Seats<A> {
    pub fn new(players: &[Player]) -> Seats<A> {
        Seats {
            last: None,
            seats: players
                .iter()
                .map(|p| Seat {
                    player: p.clone(),
                    searcher: None,
                    engine: None,
                    clock: p.time_control().map(|tc| Running {
                        tc,
                        left: match tc {
                            TimeControl::PerMove(st) => st,
                            TimeControl::Clock { base, .. } => base,
                        },
                        moves: 0,
                    }),
                })
                .collect(),
            threads: 1,
        }
    }

    /// Every built-in AI seat searches on `n` threads (see
    /// [`Searcher::set_threads`]): stronger on a clock, but a seat with
    /// more than one thread does not play reproducibly.
    pub fn with_threads(mut self, n: usize) -> Seats<A> {
        self.threads = n.max(1);
        self
    }

    /// Search threads of each built-in AI seat.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// What the AI thought of the last action [`Seats::choose`] returned:
    /// the built-in AI's search, or a UCI engine's last `info` line with a
    /// score and a depth (`None` after a random player's or a person's
    /// choice, and an XBoard engine's).
    pub fn last_thought(&self) -> Option<Thought> {
        self.last
    }

    /// Time left on each seat's clock (for protocols that send both).
    fn left(&self, seat: usize) -> Option<Duration> {
        self.seats.get(seat)?.clock.as_ref().map(|c| c.left)
    }

    /// An action for the seat to move, or `None` when it has none. `legal` is
    /// the position's legal actions when the caller has generated them.
    pub fn choose<G: Game<Action = A>>(
        &mut self,
        g: &G,
        legal: Option<&[A]>,
        rng: &mut dyn RngCore,
    ) -> Result<Option<A>, Forfeit> {
        let n = self.seats.len().max(1);
        let seat = g.to_move();
        let idx = seat % n;
        let other = self.left((seat + 1) % n);
        let fail = |reason: String| Forfeit { seat, reason };
        let s = &mut self.seats[idx];
        let budget = s.clock.as_ref().map(|c| match c.tc {
            TimeControl::PerMove(st) => Budget::MoveTime(st),
            TimeControl::Clock { moves, inc, .. } => Budget::Clock {
                own: c.left,
                other: other.unwrap_or(c.left),
                inc,
                moves_to_go: moves.map(|m| m - c.moves % m),
            },
        });
        // An engine starts, and learns the variant, off the clock.
        if let Player::Engine(spec, _) = &s.player {
            if s.engine.is_none() {
                s.engine = Some(Engine::start(spec).map_err(&fail)?);
            }
            if let Some(t) = g.protocol_game() {
                let engine = s.engine.as_mut().expect("started above");
                engine.prepare(&t.variant).map_err(&fail)?;
            }
        }
        // The clock is read only for a seat that has one.
        let t0 = s.clock.is_some().then(Instant::now);
        self.last = None;
        let mut seen: Option<(Score, u32)> = None;
        let mut watch = |i: &Info<A>| {
            if i.multipv <= 1 {
                seen = Some((i.score, i.depth));
            }
        };
        let chosen = match &s.player {
            Player::Human | Player::Random => {
                // The caller's list when it has one: cloning the game (and
                // its history) every ply would make long games quadratic.
                let pick = |actions: &[A], rng: &mut dyn RngCore| {
                    (!actions.is_empty()).then(|| actions[rng.gen_range(0..actions.len())])
                };
                match legal {
                    Some(actions) => pick(actions, rng),
                    None => {
                        let mut g = g.clone();
                        let mut actions = Vec::new();
                        g.legal_actions(&mut actions);
                        pick(&actions, rng)
                    }
                }
            }
            Player::Ai(_) => ai::choose_on(g, &s.player, self.threads, rng, &mut watch),
            Player::Timed(level, _) => {
                let mut limits = Limits::default();
                if let Some(l) = level {
                    let l = ai::Limits::for_level(*l);
                    limits.nodes = Some(l.nodes);
                    limits.depth = Some(l.depth);
                }
                match budget {
                    Some(Budget::MoveTime(t)) => limits.movetime = Some(t),
                    Some(Budget::Clock {
                        own,
                        inc,
                        moves_to_go,
                        ..
                    }) => {
                        limits.clock = Some(Clock {
                            time: own,
                            inc,
                            moves_to_go,
                            overhead: crate::search::MOVE_OVERHEAD,
                        })
                    }
                    _ => {}
                }
                let threads = self.threads;
                let searcher = s.searcher.get_or_insert_with(|| {
                    let mut s = Searcher::new(32);
                    s.set_threads(threads);
                    s
                });
                ai::choose_with_watched(g, searcher, &limits, rng, &mut watch)
            }
            Player::Engine(spec, _) => {
                let text = g
                    .protocol_game()
                    .ok_or_else(|| fail("this game cannot be told to an engine".into()))?;
                let engine = s.engine.as_mut().expect("started above");
                // The engine forfeits when its answer comes later than
                // the clock allows (a move without a clock: the movetime
                // sent and a margin).
                let limit = match s.clock.as_ref() {
                    Some(c) => c.left + time_margin(c.tc),
                    None => engine.free_limit(),
                };
                let reply = engine
                    .best_move(&text, budget.unwrap_or(Budget::Free), limit)
                    .map_err(&fail)?;
                if let Some(e) = engine.last_eval() {
                    seen = Some((e.score, e.depth));
                }
                match g.protocol_parse(&reply) {
                    Some(a) => Some(a),
                    None => {
                        let mut g2 = g.clone();
                        let mut actions = Vec::new();
                        g2.legal_actions(&mut actions);
                        if actions.is_empty() {
                            None
                        } else {
                            engine.forget();
                            return Err(fail(format!(
                                "{} played `{reply}`, not a legal move",
                                spec.path
                            )));
                        }
                    }
                }
            }
        };
        if let (Some((score, depth)), Some(_)) = (seen, chosen.as_ref()) {
            self.last = Some(Thought {
                score,
                depth,
                time: t0.map(|t| t.elapsed()),
            });
        }
        if let (Some(c), Some(t0)) = (s.clock.as_mut(), t0) {
            let spent = t0.elapsed();
            let margin = time_margin(c.tc);
            match c.tc {
                TimeControl::PerMove(st) => {
                    if spent > st + margin {
                        return Err(fail(format!(
                            "time forfeit ({:.3} s for a {:.3} s move)",
                            spent.as_secs_f64(),
                            st.as_secs_f64()
                        )));
                    }
                }
                TimeControl::Clock { moves, base, inc } => {
                    if spent > c.left + margin {
                        return Err(fail("time forfeit".into()));
                    }
                    c.left = c.left.saturating_sub(spent) + inc;
                    c.moves += 1;
                    if moves.is_some_and(|m| c.moves % m == 0) {
                        c.left += base;
                    }
                }
            }
        }
        Ok(chosen)
    }
}
