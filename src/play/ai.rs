//! Who plays a seat, and the built-in AI's levels.
//!
//! A [`Player`] is what `--players` names: `human`, `random`, `ai:LEVEL`,
//! the AI on a clock (`ai;st=0.1`), or an external engine
//! (`uci:PATH`, `xboard:PATH`). [`choose`] runs the built-in AI;
//! the seat module runs a whole seat (clocks, external engines).
//!
//! The levels are node budgets, so a level plays the same action for the
//! same seed on any machine; each level searches about four times the nodes
//! of the one below (measured strength: README, "The AI").

use crate::external::client::{EngineSpec, Protocol};
use crate::search::game::Game;
use crate::search::{Info, Limits as SearchLimits, Searcher};
use rand::{Rng, RngCore};
use std::time::Duration;

/// The strongest level.
pub const MAX_LEVEL: u8 = 8;
/// The level of `ai` without a number, and of `play`'s opponents.
pub const DEFAULT_LEVEL: u8 = 5;

/// A time control, cutechess-cli style.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TimeControl {
    /// `st=SECONDS`: this long for every action.
    PerMove(Duration),
    /// `tc=[MOVES/]SECONDS[+INC]`: a clock with `base`, `inc` added after each
    /// action, refilled by `base` every `moves` actions (none: once).
    Clock {
        moves: Option<u32>,
        base: Duration,
        inc: Duration,
    },
}

impl TimeControl {
    /// Parse `st=0.1` or `tc=40/60+0.5` (the part after `=`; `tc` or `st` given).
    pub fn parse(key: &str, value: &str) -> Result<TimeControl, String> {
        let secs = |s: &str| -> Result<Duration, String> {
            let s = s.trim();
            // `M:SS` minutes and seconds, or seconds.
            let v = match s.split_once(':') {
                Some((m, sec)) => {
                    m.parse::<f64>().map_err(|_| bad_tc(value))? * 60.0
                        + sec.parse::<f64>().map_err(|_| bad_tc(value))?
                }
                None => s.parse::<f64>().map_err(|_| bad_tc(value))?,
            };
            if !(0.0..=1e6).contains(&v) || !v.is_finite() {
                return Err(bad_tc(value));
            }
            Ok(Duration::from_secs_f64(v))
        };
        match key {
            "st" => {
                let d = secs(value)?;
                if d.is_zero() {
                    return Err(bad_tc(value));
                }
                Ok(TimeControl::PerMove(d))
            }
            "tc" => {
                let (moves, rest) = match value.split_once('/') {
                    Some((m, r)) => (
                        Some(
                            m.trim()
                                .parse::<u32>()
                                .ok()
                                .filter(|&n| n > 0)
                                .ok_or_else(|| bad_tc(value))?,
                        ),
                        r,
                    ),
                    None => (None, value),
                };
                let (base, inc) = match rest.split_once('+') {
                    Some((b, i)) => (secs(b)?, secs(i)?),
                    None => (secs(rest)?, Duration::ZERO),
                };
                if base.is_zero() && inc.is_zero() {
                    return Err(bad_tc(value));
                }
                Ok(TimeControl::Clock { moves, base, inc })
            }
            _ => Err(format!(
                "`{key}` is not a time control; use st=SECONDS or tc=MOVES/SECONDS+INC"
            )),
        }
    }
}

fn bad_tc(v: &str) -> String {
    format!("`{v}` is not a time control: write st=0.1 (seconds per action) or tc=40/60+0.5 (40 actions in 60 s, 0.5 s added per action)")
}

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TimeControl::PerMove(d) => write!(f, "st={}", d.as_secs_f64()),
            TimeControl::Clock { moves, base, inc } => {
                write!(f, "tc=")?;
                if let Some(m) = moves {
                    write!(f, "{m}/")?;
                }
                write!(f, "{}", base.as_secs_f64())?;
                if !inc.is_zero() {
                    write!(f, "+{}", inc.as_secs_f64())?;
                }
                Ok(())
            }
        }
    }
}

/// Who chooses the actions of a seat.
#[derive(Debug, Clone, PartialEq)]
pub enum Player {
    /// A person at the terminal.
    Human,
    /// Uniformly random legal actions.
    Random,
    /// The search AI at a level from 1 (weakest) to [`MAX_LEVEL`].
    Ai(u8),
    /// The search AI on a clock, limited also by a level's nodes if given.
    Timed(Option<u8>, TimeControl),
    /// An external engine, on a clock or not.
    Engine(Box<EngineSpec>, Option<TimeControl>),
}

impl Player {
    /// The seat's time control, if any.
    pub fn time_control(&self) -> Option<TimeControl> {
        match self {
            Player::Timed(_, tc) => Some(*tc),
            Player::Engine(_, tc) => *tc,
            _ => None,
        }
    }
}

impl std::str::FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim();
        let mut parts = s.split(';');
        let head = parts.next().unwrap_or("").trim();
        let lower = head.to_ascii_lowercase();
        let mut tc = None;
        let mut engine = None;
        let mut level = None;
        match lower.as_str() {
            "human" | "h" => {}
            "random" | "r" => {}
            "ai" => {}
            _ => {
                if let Some(l) = lower.strip_prefix("ai:") {
                    level = Some(parse_level(l)?);
                } else if let Some((proto, path)) = head.split_once(':') {
                    let protocol = match proto.to_ascii_lowercase().as_str() {
                        "uci" => Protocol::Uci,
                        "xboard" | "cecp" => Protocol::Xboard,
                        _ => return Err(not_a_player(s)),
                    };
                    if path.trim().is_empty() {
                        return Err(format!(
                            "`{s}`: say which program, as in `uci:/usr/games/fairy-stockfish`"
                        ));
                    }
                    engine = Some(EngineSpec {
                        protocol,
                        path: path.trim().to_string(),
                        args: Vec::new(),
                        options: Vec::new(),
                        depth: None,
                        nodes: None,
                    });
                } else {
                    return Err(not_a_player(s));
                }
            }
        }
        for part in parts {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let Some((k, v)) = part.split_once('=') else {
                return Err(format!(
                    "`{part}` in `{s}`: seat settings read KEY=VALUE (st=0.1, tc=40/60+0.5, option.NAME=VALUE, arg=ARG)"
                ));
            };
            let k = k.trim();
            match (k, engine.as_mut()) {
                ("st" | "tc", _) => tc = Some(TimeControl::parse(k, v)?),
                ("arg", Some(e)) => e.args.push(v.trim().to_string()),
                ("depth", Some(e)) => {
                    e.depth = Some(
                        v.trim()
                            .parse()
                            .map_err(|_| format!("`{part}`: depth is a number"))?,
                    )
                }
                ("nodes", Some(e)) => {
                    e.nodes = Some(
                        v.trim()
                            .parse()
                            .map_err(|_| format!("`{part}`: nodes is a number"))?,
                    )
                }
                (_, Some(e)) if k.starts_with("option.") => e
                    .options
                    .push((k["option.".len()..].to_string(), v.trim().to_string())),
                _ => {
                    return Err(format!(
                        "`{part}` in `{s}`: unknown seat setting (st, tc{})",
                        if engine.is_some() {
                            ", option.NAME, arg, depth, nodes"
                        } else {
                            ""
                        }
                    ))
                }
            }
        }
        Ok(match (lower.as_str(), engine) {
            (_, Some(e)) => Player::Engine(Box::new(e), tc),
            ("human" | "h", _) if tc.is_none() => Player::Human,
            ("random" | "r", _) if tc.is_none() => Player::Random,
            ("human" | "h" | "random" | "r", _) => {
                return Err(format!(
                    "`{s}`: only ai and engine seats take a time control"
                ))
            }
            _ => match tc {
                Some(tc) => Player::Timed(level, tc),
                None => Player::Ai(level.unwrap_or(DEFAULT_LEVEL)),
            },
        })
    }
}

fn parse_level(l: &str) -> Result<u8, String> {
    match l.parse::<u8>() {
        Ok(n @ 1..=MAX_LEVEL) => Ok(n),
        _ => Err(format!(
            "`ai:{l}`: an AI level is 1 to {MAX_LEVEL}, as in `ai:3`"
        )),
    }
}

fn not_a_player(s: &str) -> String {
    format!(
        "`{s}` is not a player kind; use human, random, ai:LEVEL (1-{MAX_LEVEL}), \
         ai;st=SECONDS, uci:PATH or xboard:PATH"
    )
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Human => write!(f, "human"),
            Player::Random => write!(f, "random"),
            Player::Ai(n) => write!(f, "ai:{n}"),
            Player::Timed(None, tc) => write!(f, "ai;{tc}"),
            Player::Timed(Some(n), tc) => write!(f, "ai:{n};{tc}"),
            Player::Engine(e, tc) => {
                let p = match e.protocol {
                    Protocol::Uci => "uci",
                    Protocol::Xboard => "xboard",
                };
                write!(f, "{p}:{}", e.path)?;
                if let Some(tc) = tc {
                    write!(f, ";{tc}")?;
                }
                Ok(())
            }
        }
    }
}

/// Search limits of a level: a node budget and a depth cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub depth: u32,
    pub nodes: u64,
}

impl Limits {
    pub fn for_level(level: u8) -> Limits {
        let (depth, nodes) = match level {
            0 | 1 => (1, 400),
            2 => (2, 2_000),
            3 => (3, 8_000),
            4 => (5, 30_000),
            5 => (64, 120_000),
            6 => (64, 500_000),
            7 => (64, 2_000_000),
            _ => (64, 8_000_000),
        };
        Limits { depth, nodes }
    }

    /// The transposition table size that suits the budget (entries).
    pub(crate) fn table_entries(self) -> usize {
        (self.nodes as usize).clamp(1 << 12, 1 << 20)
    }
}

/// Choose an action for the seat to move with a level's budget (or at
/// random). Returns `None` when there is none.
pub fn choose<G: Game>(game: &G, who: &Player, rng: &mut dyn RngCore) -> Option<G::Action> {
    choose_watched(game, who, rng, &mut |_| {})
}

/// [`choose`], telling `on_info` of each depth the search completes (the
/// same choice: watching does not change the search).
pub fn choose_watched<G: Game>(
    game: &G,
    who: &Player,
    rng: &mut dyn RngCore,
    on_info: &mut dyn FnMut(&Info<G::Action>),
) -> Option<G::Action> {
    choose_on(game, who, 1, rng, on_info)
}

/// [`choose_watched`] on `threads` search threads (lazy SMP: with more
/// than one the choice is no longer reproducible).
pub fn choose_on<G: Game>(
    game: &G,
    who: &Player,
    threads: usize,
    rng: &mut dyn RngCore,
    on_info: &mut dyn FnMut(&Info<G::Action>),
) -> Option<G::Action> {
    let level = match who {
        Player::Ai(level) => *level,
        Player::Timed(level, _) => level.unwrap_or(MAX_LEVEL),
        _ => {
            let mut g = game.clone();
            let mut actions = Vec::new();
            g.legal_actions(&mut actions);
            if actions.is_empty() {
                return None;
            }
            return Some(actions[rng.gen_range(0..actions.len())]);
        }
    };
    let l = Limits::for_level(level);
    let limits = SearchLimits {
        depth: Some(l.depth),
        nodes: Some(l.nodes),
        ..SearchLimits::default()
    };
    let mut searcher = Searcher::with_entries(l.table_entries());
    searcher.set_threads(threads);
    choose_with_watched(game, &mut searcher, &limits, rng, on_info)
}

/// Choose an action with a given searcher and limits. Hidden information
/// (a deck's order) is re-sampled with [`Game::determinize`] before the
/// search, so the AI never reads what the player could not know; an action
/// that reveals something (drawing a card) is decided in two steps: whether
/// to take it, on the sampled game, then which of the real ones.
pub fn choose_with<G: Game>(
    game: &G,
    searcher: &mut Searcher<G::Action>,
    limits: &SearchLimits,
    rng: &mut dyn RngCore,
) -> Option<G::Action> {
    choose_with_watched(game, searcher, limits, rng, &mut |_| {})
}

/// [`choose_with`], telling `on_info` of each depth the search of the
/// position completes.
pub fn choose_with_watched<G: Game>(
    game: &G,
    searcher: &mut Searcher<G::Action>,
    limits: &SearchLimits,
    rng: &mut dyn RngCore,
    on_info: &mut dyn FnMut(&Info<G::Action>),
) -> Option<G::Action> {
    let mut real = game.clone();
    let mut actions = Vec::new();
    real.legal_actions(&mut actions);
    if actions.is_empty() {
        return None;
    }
    let mut g = game.clone();
    g.determinize(rng);
    let mut sampled = Vec::new();
    g.legal_actions(&mut sampled);
    // A sample may allow actions the real game does not (under fog of war,
    // a step onto a square it left empty): only real actions, and the
    // hidden choices that stand for them, are searched.
    let real_only: Vec<G::Action> = sampled
        .iter()
        .copied()
        .filter(|x| actions.contains(x) || g.hidden_choice(x))
        .collect();
    if !real_only.is_empty() {
        sampled = real_only;
    }
    // Shuffle first, so equal actions are broken by the seed.
    for i in (1..sampled.len()).rev() {
        let j = rng.gen_range(0..=i);
        sampled.swap(i, j);
    }
    let found = searcher.search(&mut g, limits, Some(sampled), on_info);
    let a = found.best?;
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
    let root = real.to_move();
    let team = real.team_of(root);
    let per = SearchLimits {
        depth: limits.depth.map(|d| d.saturating_sub(1).max(1)),
        nodes: limits.nodes.map(|n| (n / revealed.len() as u64).max(50)),
        movetime: limits.movetime.map(|t| t / revealed.len() as u32),
        clock: None,
        infinite: false,
    };
    let mut best = (i32::MIN, revealed[0]);
    for c in revealed {
        let mut g = real.clone();
        g.play(c);
        g.determinize(rng);
        let mover = g.to_move();
        let f = searcher.search(&mut g, &per, None, &mut |_| {});
        let v = if team.contains(&mover) {
            f.value
        } else {
            -f.value
        };
        if v > best.0 {
            best = (v, c);
        }
    }
    Some(best.1)
}

/// How many plies past a candidate opening action the filter looks: the
/// action is valued by a search this deep after it.
pub const OPENING_LOOKAHEAD: u32 = 2;

/// How deep the finished opening is searched: an opening from which either
/// side wins by force within this many plies (an early explosion in atomic,
/// a mate) is dealt again.
pub const OPENING_CHECK_DEPTH: u32 = 4;

/// An opening whose search value (centipawns, for either side) is beyond
/// this is one-sided and is dealt again.
pub const OPENING_BALANCE: i32 = 300;

/// How many openings are dealt before the last one is kept whatever it is.
pub const OPENING_ATTEMPTS: usize = 16;

/// Openings longer than this are dealt once, with a one-ply look past each
/// action (the filter's cost grows with the plies; a game this far in is
/// no longer an opening).
pub const OPENING_FILTERED_PLIES: usize = 40;

/// A seeded opening: `plies` actions, each drawn at random among those that
/// a search [`OPENING_LOOKAHEAD`] plies past them values within `margin` of
/// the best. The opening is dealt again (up to [`OPENING_ATTEMPTS`] times,
/// from the same `rng`, so a seed still gives one opening) when the game
/// ended in it, or a search [`OPENING_CHECK_DEPTH`] plies deep from its end
/// finds a forced win or a value beyond [`OPENING_BALANCE`]: a match then
/// measures play, not a lost opening. Openings longer than
/// [`OPENING_FILTERED_PLIES`] are dealt once and looked past one ply.
pub fn random_opening<G: Game>(g: &mut G, plies: usize, margin: i32, rng: &mut dyn RngCore) {
    let mut searcher = Searcher::with_entries(1 << 12);
    let short = plies <= OPENING_FILTERED_PLIES;
    let look = SearchLimits {
        depth: Some(if short { OPENING_LOOKAHEAD } else { 1 }),
        ..SearchLimits::default()
    };
    let attempts = if short { OPENING_ATTEMPTS } else { 1 };
    let check = SearchLimits {
        depth: Some(OPENING_CHECK_DEPTH),
        ..SearchLimits::default()
    };
    for attempt in 0..attempts {
        let mut played = 0;
        let mut ended = false;
        for _ in 0..plies {
            let mut actions = Vec::new();
            if g.expand(&mut actions).is_some() || actions.is_empty() {
                ended = true;
                break;
            }
            let me = g.to_move();
            let team = g.team_of(me);
            let mut scored = Vec::with_capacity(actions.len());
            for &a in &actions {
                g.play(a);
                let mover = g.to_move();
                let f = searcher.search(g, &look, None, &mut |_| {});
                g.undo();
                let v = if team.contains(&mover) {
                    f.value
                } else {
                    -f.value
                };
                scored.push((v, a));
            }
            let best = scored.iter().map(|x| x.0).max().unwrap_or(0);
            let good: Vec<G::Action> = scored
                .iter()
                .filter(|x| x.0 >= best - margin)
                .map(|x| x.1)
                .collect();
            let a = good[rng.gen_range(0..good.len())];
            g.play(a);
            played += 1;
        }
        if attempt + 1 == attempts {
            return;
        }
        let mut actions = Vec::new();
        if !ended && g.expand(&mut actions).is_none() && !actions.is_empty() {
            let f = searcher.search(g, &check, None, &mut |_| {});
            if f.value.abs() <= OPENING_BALANCE {
                return;
            }
        }
        for _ in 0..played {
            g.undo();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::nim::Nim;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn finds_the_winning_nim_move() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for pile in [5u32, 6, 7, 9, 10, 11] {
            let g = Nim::new(pile);
            let a = choose(&g, &Player::Ai(6), &mut rng).unwrap();
            assert_eq!((pile - a) % 4, 0, "pile {pile}: took {a}");
        }
    }

    #[test]
    fn same_seed_same_choice() {
        let g = Nim::new(8);
        for who in [Player::Random, Player::Ai(3)] {
            let a: Vec<u32> = (0..5)
                .map(|_| choose(&g, &who, &mut ChaCha8Rng::seed_from_u64(7)).unwrap())
                .collect();
            assert!(a.windows(2).all(|w| w[0] == w[1]));
        }
    }

    #[test]
    fn player_kinds_parse() {
        assert_eq!("ai:3".parse::<Player>(), Ok(Player::Ai(3)));
        assert_eq!("ai".parse::<Player>(), Ok(Player::Ai(DEFAULT_LEVEL)));
        assert_eq!("Human".parse::<Player>(), Ok(Player::Human));
        assert!("ai:9".parse::<Player>().is_err());
        assert!("robot".parse::<Player>().is_err());
        assert!("human;st=1".parse::<Player>().is_err());
        assert_eq!(
            "ai;st=0.1".parse::<Player>(),
            Ok(Player::Timed(
                None,
                TimeControl::PerMove(Duration::from_millis(100))
            ))
        );
        let Ok(Player::Engine(e, Some(tc))) =
            "uci:/usr/games/fairy-stockfish;tc=40/60+0.5;option.Skill Level=3".parse::<Player>()
        else {
            panic!("engine seat")
        };
        assert_eq!(e.protocol, Protocol::Uci);
        assert_eq!(e.path, "/usr/games/fairy-stockfish");
        assert_eq!(e.options, vec![("Skill Level".into(), "3".into())]);
        assert_eq!(
            tc,
            TimeControl::Clock {
                moves: Some(40),
                base: Duration::from_secs(60),
                inc: Duration::from_millis(500)
            }
        );
        assert_eq!(tc.to_string(), "tc=40/60+0.5");
        for bad in [
            "ai;tc=",
            "ai;st=0",
            "ai;tc=0/1",
            "uci:",
            "uci:x;depth=a",
            "ai;st=-1",
            "ai;tc=1+x",
        ] {
            assert!(bad.parse::<Player>().is_err(), "{bad}");
        }
    }
}
