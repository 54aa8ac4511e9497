//! The search: iterative deepening, principal-variation alpha-beta with a
//! transposition table, quiescence on tactical actions, and a time manager.
//!
//! It runs on any [`Game`]; the engine's games supply the hash, the check
//! test, the capture gains and the evaluation (the engine's games
//! implement it in `play::adapter`).
//!
//! - **N players: paranoid.** The searching player's team maximises, every
//!   other seat minimises. A node's value is kept from the point of view of
//!   its *camp* (the searcher's team, or everybody else): a child of the
//!   same camp passes the window on unchanged, a child of the other camp
//!   negates it, so two players give plain negamax. With more than two
//!   players the hash is salted with the searching team, since values
//!   depend on who searches.
//! - **Root** (`root.rs`): iterative deepening; from depth 4 on, each depth
//!   is searched first in an aspiration window around the last value,
//!   widened where it fails ([`Params::aspiration`]).
//! - **Transposition table** ([`tt`]): buckets of four, each entry with the
//!   position's static evaluation; quiescence probes it (a bound that
//!   settles a null window ends the node) and stores its results at depth 0.
//! - **Quiescence** (`quiesce.rs`): out of check, where the game can
//!   ([`Game::tactical_alone`]), a node at depth 0 generates only its
//!   tactical actions ([`Game::expand_tactical`]); elsewhere the whole
//!   legal list. The static evaluation adds the number of legal actions
//!   (at most 40); such a node counts the legal board moves it passed over
//!   instead (exact where the engine's fast path runs, but for promotions
//!   and castling), and 40 where the player holds a man to place.
//! - **Move ordering**, staged (`picker.rs`: each stage scored only when
//!   the search reaches it): the hash action; captures and promotions that win
//!   or hold material by static exchange ([`Game::see`]), victim first,
//!   cheaper mover first (MVV-LVA); two killers per ply and the
//!   counter-move of the opponent's last action; quiet actions by history
//!   (per side, man and destination: [`Game::history_index`]; raised for
//!   the action that refutes, lowered for the quiet actions tried before
//!   it, with gravity) and by continuation histories (the same after the
//!   action one ply and two plies before: [`Params::continuation`]);
//!   losing captures last.
//! - **Extensions, reductions and pruning**: an action that gives check is
//!   searched one ply deeper; late quiet actions and losing captures
//!   shallower (more off the PV and for a bad history, less for a good
//!   one; re-searched when they surprise); at shallow non-PV nodes out of
//!   check, quiet actions past 3 + depth² (half as many where the side's
//!   evaluation is no better than two plies before:
//!   [`Params::improving`]) are not searched, nor quiet actions with a
//!   bad history ([`Params::history_prune`]), nor captures that lose more
//!   than a pawn a ply by exchange, nor quiet actions whose man the enemy
//!   wins by exchange where it lands ([`Params::quiet_exchange`]), nor
//!   quiet actions at a hopeless node (futility), but a quiet action that
//!   gives check always is;
//!   quiescence skips losing captures. A non-PV node out of check up to
//!   depth 6 whose static evaluation stands a pawn a ply above beta (half
//!   a pawn less where the side improves) returns it unsearched (reverse
//!   futility).
//! - **Internal iterative reduction**: a node from depth 5 on that the
//!   table gives no action searches a ply shallower.
//! - **Null move** only where [`Game::null_move_ok`] says it is sound (the
//!   engine's games decide per rule kind: [`eval::Eval::null_move_variant`]),
//!   reduced by 3 plies and a third of the depth, one more per two pawns
//!   the evaluation stands above beta (at most three more); confirmed by a
//!   shallower search without null moves where [`Game::null_move_verify`]
//!   says zugzwang is possible.
//! - **Time**: a fixed time per action is used whole (see [`time_budget`]).
//! - **Draws**: a repetition inside the search (or of a game position) is
//!   scored as the draw it leads to, so the side ahead avoids it and the
//!   side behind seeks it; move counters come in through the evaluation.
//! - **Threads: lazy SMP.** With [`Searcher::set_threads`] above 1, helper
//!   threads search the same root at the same time, each on its own clone
//!   of the game with its own killers and histories, all sharing the one
//!   transposition table ([`tt`]: a lock per bucket): what one thread
//!   stores, the others find, so together they reach a depth sooner.
//!   Helpers skip some depths (a different pattern each, after Stockfish's
//!   lazy SMP) so that they run ahead of the main thread and fill the table
//!   with deeper results. Only the main thread reports (`on_info`); when it
//!   stops, the helpers stop, and the action of the thread that completed
//!   the deepest depth is played (the main thread's on a tie). Nodes are
//!   counted per thread (a node budget applies to each) and summed in
//!   [`Found::nodes`] and in the reports' [`Info::nodes`] (there the
//!   helpers' to their last 1024).
//! - **Determinism**: with one thread and a node budget (no clock) the same
//!   position and table give the same action on every machine. With
//!   several threads the threads race for the table, so a search is not
//!   reproducible.

mod checks;
mod dynamic;
pub mod eval;
pub mod game;
mod history;
mod mobility;
#[cfg(test)]
pub(crate) mod nim;
mod picker;
mod points;
mod quiesce;
mod root;
mod safety;
mod smp;
pub mod squares;
mod structure;
mod terms;
mod threats;
pub mod tt;
pub mod weights;

use game::{Game, Outcome, HISTORY_SIZE};
use history::{quiet_limits, CONT_SIZE};
use picker::Picker;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtomicOrdering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tt::{Bound, Table, NO_EVAL};

/// A won game, minus the plies to reach it.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this are wins or losses.
pub const WIN_BOUND: i32 = WIN - 10_000;
const INF: i32 = WIN + 1;
const MAX_PLY: usize = 96;
/// The most search threads ([`Searcher::set_threads`]).
pub const MAX_THREADS: usize = 64;

/// A player's clock.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Clock {
    pub time: Duration,
    pub inc: Duration,
    /// Moves until the next time control (`None`: the rest of the game).
    pub moves_to_go: Option<u32>,
    /// Time lost on each move outside the search (the reply's way to the
    /// GUI, a network's delay): never spent thinking (UCI `Move Overhead`).
    pub overhead: Duration,
}

/// The default [`Clock::overhead`].
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(10);

/// When to stop. Several limits combine: the first reached stops.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Exactly this long (a little less, for the reply to arrive in time).
    pub movetime: Option<Duration>,
    /// Share the clock over the moves to come.
    pub clock: Option<Clock>,
    /// Search until stopped (the other limits are ignored).
    pub infinite: bool,
}

/// A score as a protocol shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Hundredths of a pawn for the searching side.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

/// Hundredths of a pawn as pawns, signed, two decimals (`+0.25`, `-1.30`):
/// how `play`, its `hint` and records show a score.
pub fn pawns(cp: i32) -> String {
    format!("{:+.2}", f64::from(cp) / 100.0)
}

impl Score {
    pub fn from_value(v: i32) -> Score {
        if v >= WIN_BOUND {
            Score::Mate((WIN - v + 1) / 2)
        } else if v <= -WIN_BOUND {
            Score::Mate(-(WIN + v + 1) / 2)
        } else {
            Score::Cp(v)
        }
    }
}

/// The search's tunable mechanisms, each kept for a measured gain
/// (docs/STRENGTH.md). The defaults are what the search uses; a test turns
/// one off to compare.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Params {
    /// Half-width of the root's aspiration window in hundredths of a pawn
    /// (0: every depth in a full window). From depth 4 on, with one line,
    /// each depth is first searched in the window around the last depth's
    /// value; where the value falls outside, the window is widened on
    /// that side, twice as far each time, and the depth searched again.
    pub aspiration: i32,
    /// Late-move pruning: at a shallow non-PV node out of check, once a
    /// move is found, quiet actions past 3 + depth² (half as many where
    /// the camp's evaluation is no better than two plies before, if this
    /// is set) are not searched, unless they give check.
    pub improving: bool,
    /// History pruning: at such a node and depth up to 3, a quiet action
    /// whose history is below minus this times the depth is not searched
    /// unless it gives check (0: none).
    pub history_prune: i32,
    /// Continuation histories: a quiet action is also valued by how it did
    /// after the action one ply before and the one two plies before (by
    /// their [`Game::history_index`]), in ordering, reductions and history
    /// pruning.
    pub continuation: bool,
    /// Quiet exchange pruning: at a non-PV node out of check up to depth 8,
    /// once a move is found, a quiet action whose man the enemy wins by
    /// exchange where it lands ([`Game::see_quiet`]) by more than
    /// (32 − d)·d² hundredths of a pawn is not searched unless it gives
    /// check, d being the depth left after its late-move reduction (at
    /// d = 0 any loss, at d = 2 more than 1.2 pawns, at d = 4 more than
    /// 4.5). [`Game::see_quiet`] answers 0, so nothing is pruned, where
    /// captures are not all of the ordinary kind.
    pub quiet_exchange: bool,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            aspiration: 20,
            improving: true,
            history_prune: 4000,
            continuation: true,
            quiet_exchange: true,
        }
    }
}

/// A report after each completed depth.
#[derive(Debug, Clone)]
pub struct Info<A> {
    pub depth: u32,
    pub seldepth: u32,
    /// 1 for the best line; 2, 3… with several lines (multi-PV).
    pub multipv: usize,
    pub score: Score,
    pub nodes: u64,
    pub elapsed: Duration,
    pub hashfull: u32,
    pub pv: Vec<A>,
}

/// What a search found.
#[derive(Debug, Clone)]
pub struct Found<A> {
    pub best: Option<A>,
    /// The expected reply (second action of the principal variation).
    pub ponder: Option<A>,
    /// The value for the searching side.
    pub value: i32,
    pub depth: u32,
    pub nodes: u64,
}

/// A search engine with its tables (kept between searches of one game).
pub struct Searcher<A: Copy> {
    tt: Arc<Table<A>>,
    /// Lazy SMP helpers (threads beyond the first), sharing `tt`.
    helpers: Vec<Searcher<A>>,
    /// 0 for the main thread; a helper's number, from 1, chooses the
    /// depths it skips ([`skips`]).
    helper: usize,
    killers: Vec<[Option<A>; 2]>,
    /// Quiet actions by [`Game::history_index`] (per side, man and
    /// destination): raised when one refutes, lowered for those tried
    /// before it, kept within [`HISTORY_MAX`].
    history: Vec<i32>,
    /// The quiet action that last refuted an action, by the refuted
    /// action's [`Game::history_index`].
    counter: Vec<Option<A>>,
    /// Continuation histories ([`Params::continuation`]): a quiet action's
    /// history after a given action one or two plies before, at
    /// `history::cont_index`, kept like `history`.
    cont: Vec<i16>,
    /// [`Game::history_index`] of the action played at each ply (0: none,
    /// a null move).
    path: Vec<usize>,
    /// Quiet actions tried at each ply, by history index (for the malus).
    tried: Vec<Vec<usize>>,
    /// The static evaluation at each ply and its camp (`-INF`: in check),
    /// to tell whether a side's position improves.
    evals: Vec<(bool, i32)>,
    /// Null moves are tried only at plies from this one on: 0 normally,
    /// past the last ply during a null-move verification.
    null_off: usize,
    stop: Arc<AtomicBool>,
    /// The nodes of all the threads of a search, for the reports: each
    /// thread adds its count here every 1024 nodes ([`Searcher::all_nodes`]).
    shared_nodes: Arc<AtomicU64>,
    /// Lines reported per depth (multi-PV).
    pub multipv: usize,
    /// The tunable mechanisms (the helpers take the main thread's).
    pub params: Params,
    // Per search:
    nodes: u64,
    node_limit: u64,
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    stopped: bool,
    seldepth: usize,
    salt: u64,
    root_team: Vec<usize>,
    root_player: usize,
    moves: Vec<Vec<A>>,
    scores: Vec<Vec<i32>>,
    pv: Vec<Vec<A>>,
    /// Quiescence's tactical actions with their ordering scores, per ply.
    qlists: Vec<Vec<(i32, A)>>,
    /// The game generates quiescence's tactical actions alone
    /// ([`Game::tactical_alone`], read at the search's start).
    tactical: bool,
}

impl<A: Copy + PartialEq> Searcher<A> {
    /// A searcher with a table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Searcher<A> {
        Searcher::with_table(Arc::new(Table::with_megabytes(hash_mb)))
    }

    /// A searcher with a table of at least `entries` entries.
    pub fn with_entries(entries: usize) -> Searcher<A> {
        Searcher::with_table(Arc::new(Table::with_entries(entries)))
    }

    fn with_table(tt: Arc<Table<A>>) -> Searcher<A> {
        Searcher {
            tt,
            helpers: Vec::new(),
            helper: 0,
            killers: vec![[None; 2]; MAX_PLY + 2],
            history: vec![0; HISTORY_SIZE],
            counter: vec![None; HISTORY_SIZE],
            cont: vec![0; CONT_SIZE],
            path: vec![0; MAX_PLY + 2],
            tried: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            evals: vec![(true, -INF); MAX_PLY + 2],
            null_off: 0,
            stop: Arc::new(AtomicBool::new(false)),
            shared_nodes: Arc::new(AtomicU64::new(0)),
            multipv: 1,
            params: Params::default(),
            nodes: 0,
            node_limit: u64::MAX,
            start: Instant::now(),
            soft: None,
            hard: None,
            stopped: false,
            seldepth: 0,
            salt: 0,
            root_team: Vec::new(),
            root_player: 0,
            moves: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            scores: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            pv: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            qlists: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            tactical: false,
        }
    }

    /// A fresh flag that stops the next search from another thread. Take it
    /// before starting the search's thread: a stop set before the search
    /// begins still counts (the search is never reset to running).
    pub fn stop_flag(&mut self) -> Arc<AtomicBool> {
        self.stop = Arc::new(AtomicBool::new(false));
        self.stop.clone()
    }

    /// Forget the table and the ordering statistics (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.counter.iter_mut().for_each(|c| *c = None);
        self.cont.iter_mut().for_each(|c| *c = 0);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.helpers.iter_mut().for_each(Searcher::clear);
    }

    /// Replace the table by one of about `mb` megabytes.
    pub fn resize(&mut self, mb: usize) {
        self.tt = Arc::new(Table::with_megabytes(mb));
        let n = self.threads();
        self.helpers.clear();
        self.set_threads(n);
    }

    /// Search on `n` threads (1 to [`MAX_THREADS`]; lazy SMP, see the
    /// module's notes). More than one thread makes searches irreproducible.
    pub fn set_threads(&mut self, n: usize) {
        let n = n.clamp(1, MAX_THREADS);
        self.helpers.truncate(n - 1);
        while self.helpers.len() < n - 1 {
            let mut h = Searcher::with_table(self.tt.clone());
            h.helper = self.helpers.len() + 1;
            h.shared_nodes = self.shared_nodes.clone();
            self.helpers.push(h);
        }
    }

    /// Threads a search runs on.
    pub fn threads(&self) -> usize {
        1 + self.helpers.len()
    }

    fn begin<G: Game<Action = A>>(&mut self, g: &G, limits: &Limits) {
        self.start = Instant::now();
        self.stopped = false;
        self.null_off = 0;
        self.nodes = 0;
        self.root_player = g.to_move();
        self.tactical = g.tactical_alone();
        self.root_team = g.team_of(self.root_player);
        self.salt = if g.players() > 2 {
            crate::engine::splitmix(
                0x5EED ^ self.root_team.iter().min().copied().unwrap_or(0) as u64,
            )
        } else {
            0
        };
        for k in self.killers.iter_mut() {
            *k = [None; 2];
        }
        for h in self.history.iter_mut() {
            *h /= 2;
        }
        for c in self.cont.iter_mut() {
            *c /= 2;
        }
        self.node_limit = if limits.infinite {
            u64::MAX
        } else {
            limits.nodes.unwrap_or(u64::MAX)
        };
        let (soft, hard) = if limits.infinite {
            (None, None)
        } else {
            time_budget(limits)
        };
        self.soft = soft;
        self.hard = hard;
    }

    /// The nodes searched so far by all the threads of this search: this
    /// thread's exactly, the others' to their last thousand and more
    /// (what they have added to the shared count).
    fn all_nodes(&self) -> u64 {
        let shared = self.shared_nodes.load(AtomicOrdering::Relaxed);
        shared.saturating_sub(self.nodes & !1023) + self.nodes
    }

    fn key<G: Game<Action = A>>(&self, g: &G) -> u64 {
        let k = g.key();
        if k == 0 {
            0
        } else {
            k ^ self.salt
        }
    }

    fn camp<G: Game<Action = A>>(&self, g: &G) -> bool {
        self.root_team.contains(&g.to_move())
    }

    /// Count a node; every 1024 nodes add them to the threads' count and
    /// look at the clock and the stop flag.
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        if self.nodes & 1023 == 0 {
            self.shared_nodes.fetch_add(1024, AtomicOrdering::Relaxed);
            if self.stop.load(AtomicOrdering::Relaxed) {
                self.stopped = true;
            }
            if let Some(h) = self.hard {
                if self.start.elapsed() >= h {
                    self.stopped = true;
                }
            }
        }
    }

    /// The value of the position from the point of view of camp `persp`
    /// (true: the searching team), for a window given in that view.
    fn value<G: Game<Action = A>>(
        &mut self,
        g: &mut G,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        persp: bool,
    ) -> i32 {
        if self.camp(g) == persp {
            self.node(g, depth, alpha, beta, ply)
        } else {
            -self.node(g, depth, -beta, -alpha, ply)
        }
    }

    /// The evaluation from the camp to act, with the number of legal
    /// actions `mobility` (at most 40).
    fn static_eval<G: Game<Action = A>>(&self, g: &mut G, camp: bool, mobility: usize) -> i32 {
        let v = g.evaluate(self.root_player);
        let v = if camp { v } else { -v };
        v + mobility.min(40) as i32
    }

    /// Alpha-beta at a node, the value seen by the camp to act.
    fn node<G: Game<Action = A>>(
        &mut self,
        g: &mut G,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv[ply].clear();
        self.tick();
        self.seldepth = self.seldepth.max(ply);
        let camp = self.camp(g);
        if g.repeats() {
            return 0;
        }
        let mut actions = std::mem::take(&mut self.moves[ply]);
        // Quiescence out of check, where the game can: the tactical
        // actions alone (`quiesce.rs`).
        if depth <= 0 && self.tactical && ply < MAX_PLY && !self.stopped && !g.in_check() {
            let (over, mobility) = g.expand_tactical(&mut actions);
            let v = match over {
                Some(o) => {
                    let v = terminal(&o, &self.root_team, ply);
                    if camp {
                        v
                    } else {
                        -v
                    }
                }
                None => self.quiesce(g, &mut actions, mobility, alpha, beta, ply, camp, false),
            };
            self.moves[ply] = actions;
            return v;
        }
        let over = g.expand(&mut actions);
        if let Some(o) = over {
            self.moves[ply] = actions;
            let v = terminal(&o, &self.root_team, ply);
            return if camp { v } else { -v };
        }
        if actions.is_empty() {
            // No action and no rule ended the game: value it as it stands.
            self.moves[ply] = actions;
            return self.static_eval(g, camp, 0);
        }
        let in_check = g.in_check();
        if depth <= 0 && !in_check || ply >= MAX_PLY || self.stopped {
            let n = actions.len();
            let v = self.quiesce(g, &mut actions, n, alpha, beta, ply, camp, in_check);
            self.moves[ply] = actions;
            return v;
        }
        let depth = depth.max(1);
        let pv_node = beta - alpha > 1;
        let alpha_in = alpha;
        // Mate-distance pruning.
        let alpha0 = alpha.max(-WIN + ply as i32);
        let beta0 = beta.min(WIN - ply as i32 - 1);
        if alpha0 >= beta0 {
            self.moves[ply] = actions;
            return alpha0;
        }
        let key = self.key(g);
        let mut hash_action = None;
        let mut tt_eval = NO_EVAL;
        if key != 0 {
            if let Some(e) = self.tt.probe(key) {
                // Played only if it is in the legal list (the picker looks).
                hash_action = e.action;
                tt_eval = e.eval;
                if !pv_node && e.depth as i32 >= depth {
                    let v = from_tt(e.score, ply);
                    let cut = match e.bound {
                        Bound::Exact => true,
                        Bound::Lower => v >= beta,
                        Bound::Upper => v <= alpha,
                    };
                    if cut {
                        self.moves[ply] = actions;
                        return v;
                    }
                }
            }
        }
        // Internal iterative reduction: a deep node the table knows no
        // action for is searched a ply shallower (its order is a guess).
        let depth = iir(depth, hash_action.is_some());
        let eval = if in_check {
            -INF
        } else if tt_eval != NO_EVAL {
            tt_eval
        } else {
            self.static_eval(g, camp, actions.len())
        };
        self.evals[ply] = (camp, eval);
        // Better than two plies before (the camp's last turn, in a game of
        // two); unknown in check counts as improving.
        let improving = ply < 2
            || in_check
            || self.evals[ply - 2].1 == -INF
            || self.evals[ply - 2].0 != camp
            || eval > self.evals[ply - 2].1;
        // Reverse futility: far above beta at a shallow depth, stay there
        // (a margin of a pawn a ply, half a pawn less where improving).
        if !pv_node
            && !in_check
            && depth <= RFP_DEPTH
            && beta.abs() < WIN_BOUND
            && eval - rfp_margin(depth, improving) >= beta
        {
            self.moves[ply] = actions;
            return eval;
        }
        // Null move: give the turn away; if the position still holds
        // above beta with a shallower search, it is good enough.
        if !pv_node
            && !in_check
            && depth >= 3
            && beta.abs() < WIN_BOUND
            && self.null_off <= ply
            && g.null_move_ok()
            && eval >= beta
        {
            let r = null_reduction(depth, eval - beta);
            self.path[ply] = 0;
            g.play_null();
            let v = self.value(g, depth - 1 - r, beta - 1, beta, ply + 1, camp);
            g.undo();
            if self.stopped {
                self.moves[ply] = actions;
                return 0;
            }
            if v >= beta {
                // Where zugzwang is possible, the same position searched as
                // shallow without a null move (here or below) must agree.
                let v = if v >= WIN_BOUND { beta } else { v };
                if !g.null_move_verify() {
                    self.moves[ply] = actions;
                    return v;
                }
                let off = std::mem::replace(&mut self.null_off, MAX_PLY + 2);
                let w = self.node(g, depth - 1 - r, beta - 1, beta, ply);
                self.null_off = off;
                if self.stopped {
                    self.moves[ply] = actions;
                    return 0;
                }
                if w >= beta {
                    self.moves[ply] = actions;
                    return v;
                }
            }
        }
        // Order (staged, `picker.rs`): the hash action; captures that win or
        // hold material by static exchange (victim first, cheaper mover
        // first); killers and the counter-move; quiet actions by history;
        // losing captures. Each stage is scored when the search reaches it.
        let mut scores = std::mem::take(&mut self.scores[ply]);
        scores.clear();
        scores.resize(actions.len(), 0);
        let killers = self.killers[ply];
        let prev = if ply > 0 { self.path[ply - 1] } else { 0 };
        let counter = if prev != 0 { self.counter[prev] } else { None };
        // The actions one and two plies before, for continuation histories.
        let follows = if self.params.continuation {
            [prev, if ply > 1 { self.path[ply - 2] } else { 0 }]
        } else {
            [0, 0]
        };
        let mut picker = Picker::new(hash_action, killers, counter, follows);
        let futile = !pv_node
            && !in_check
            && depth <= 2
            && alpha.abs() < WIN_BOUND
            && eval + 150 * depth <= alpha;
        // Late-move pruning: at a shallow non-PV node, quiet actions after
        // this many are not searched; history pruning: nor those with a
        // history below this.
        let (late, poor) = quiet_limits(&self.params, depth, pv_node, in_check, improving);
        // A quiet action's score sums one history, or three with the
        // continuations: a reduction changes by one per this much.
        let history_scale = if self.params.continuation {
            HISTORY_MAX
        } else {
            HISTORY_MAX / 2
        };
        let mut tried = std::mem::take(&mut self.tried[ply]);
        tried.clear();
        let mut best = -INF;
        let mut best_action = None;
        let n = actions.len();
        for i in 0..n {
            let Some((a, score)) = picker.next(self, g, &mut actions, &mut scores) else {
                break;
            };
            let bad_capture = score < BAD_CAPTURE / 2;
            let quiet = score < KILLER && !bad_capture;
            let hidx = g.history_index(&a) % HISTORY_SIZE;
            let settled = best > -WIN_BOUND;
            let prunable = settled && quiet && (tried.len() >= late || score < poor);
            // An action that reaches a goal (a king onto the hill) may win
            // at once: never pruned as late or futile.
            let may_prune = (prunable
                || futile && i > 0 && quiet
                || settled
                    && quiet
                    && !pv_node
                    && !in_check
                    && self.params.quiet_exchange
                    && loses_by_exchange(g, &a, depth, i))
                && !g.reaches_goal(&a);
            self.path[ply] = hidx;
            g.play(a);
            let gives_check = g.in_check();
            // Late and poor quiet actions, and futility: a quiet action
            // cannot lift a hopeless shallow node; but a check is searched.
            if may_prune && !gives_check {
                g.undo();
                continue;
            }
            // A capture that loses much by exchange, at a shallow node.
            if bad_capture
                && settled
                && !pv_node
                && !in_check
                && !gives_check
                && depth <= 3
                && score - BAD_CAPTURE < -100 * depth
            {
                g.undo();
                continue;
            }
            let ext = i32::from(gives_check && ply < MAX_PLY / 2);
            let d = depth - 1 + ext;
            let v = if i == 0 {
                self.value(g, d, alpha, beta, ply + 1, camp)
            } else {
                // Late quiet actions (and losing captures): a reduced
                // null-window look first, less for an action with a good
                // history, more for one with a bad history or off the PV.
                let reduce = if (quiet || bad_capture)
                    && !in_check
                    && !gives_check
                    && depth >= 3
                    && i >= 3
                {
                    let mut r = lmr(depth, i);
                    if !pv_node {
                        r += 1;
                    }
                    if quiet {
                        r -= score / history_scale;
                    }
                    r.clamp(0, d - 1)
                } else {
                    0
                };
                let mut v = self.value(g, d - reduce, alpha, alpha + 1, ply + 1, camp);
                if reduce > 0 && v > alpha && !self.stopped {
                    v = self.value(g, d, alpha, alpha + 1, ply + 1, camp);
                }
                if v > alpha && v < beta && !self.stopped {
                    v = self.value(g, d, alpha, beta, ply + 1, camp);
                }
                v
            };
            g.undo();
            if self.stopped {
                self.moves[ply] = actions;
                self.scores[ply] = scores;
                self.tried[ply] = tried;
                return 0;
            }
            if v > best {
                best = v;
                best_action = Some(a);
                if v > alpha {
                    alpha = v;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(a);
                    head[ply].extend(tail[0].iter().copied());
                }
            }
            if alpha >= beta {
                if quiet || (KILLER..GOOD_CAPTURE).contains(&score) {
                    if self.killers[ply][0] != Some(a) {
                        self.killers[ply][1] = self.killers[ply][0];
                        self.killers[ply][0] = Some(a);
                    }
                    if prev != 0 {
                        self.counter[prev] = Some(a);
                    }
                    let bonus = (16 * depth * depth).min(1600);
                    add_history(&mut self.history[hidx], bonus);
                    self.add_continued(follows, hidx, bonus);
                    for &t in tried.iter() {
                        add_history(&mut self.history[t], -bonus);
                        self.add_continued(follows, t, -bonus);
                    }
                }
                break;
            }
            if quiet {
                tried.push(hidx);
            }
        }
        self.tried[ply] = tried;
        if key != 0 {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha_in {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let stored_eval = if in_check { NO_EVAL } else { eval };
            self.tt.store(
                key,
                best_action,
                to_tt(best, ply),
                stored_eval,
                depth as i16,
                bound,
            );
        }
        self.moves[ply] = actions;
        self.scores[ply] = scores;
        best
    }
}

/// Ordering scores (see [`Searcher::node`]): good captures above killers
/// above quiet actions (history, within ±[`HISTORY_MAX`]) above losing
/// captures.
const GOOD_CAPTURE: i32 = 2_000_000;
const KILLER: i32 = 1_000_000;
const BAD_CAPTURE: i32 = -1_000_000;
/// History values stay within ±this.
const HISTORY_MAX: i32 = 16_384;

/// Move a history value toward ±[`HISTORY_MAX`] by `bonus`, less as it
/// nears the bound ("gravity": old successes fade).
fn add_history(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

/// Quiet exchange pruning ([`Params::quiet_exchange`]) applies up to this
/// depth.
const QUIET_SEE_DEPTH: i32 = 8;

/// Whether the quiet action `a`, searched `i`-th at `depth`, loses its man
/// by exchange by more than quiet exchange pruning allows: (32 − d)·d²,
/// d being the depth left after its late-move reduction.
fn loses_by_exchange<G: Game>(g: &mut G, a: &G::Action, depth: i32, i: usize) -> bool {
    let d = (depth - 1 - lmr(depth, i)).max(0);
    depth <= QUIET_SEE_DEPTH && g.see_quiet(a) < -(32 - d) * d * d
}

/// Internal iterative reduction applies from this depth on.
const IIR_DEPTH: i32 = 5;

/// The depth a node searches to when asked for `depth`: a ply less from
/// [`IIR_DEPTH`] on where the table gave no action (`known`), at PV
/// nodes too (internal iterative reduction).
fn iir(depth: i32, known: bool) -> i32 {
    if !known && depth >= IIR_DEPTH {
        depth - 1
    } else {
        depth
    }
}

/// Reverse futility pruning applies at non-PV nodes up to this depth.
const RFP_DEPTH: i32 = 6;

/// Reverse futility's margin: how far the static evaluation must stand
/// above beta at `depth` for the node to return it unsearched.
fn rfp_margin(depth: i32, improving: bool) -> i32 {
    100 * depth - if improving { 50 } else { 0 }
}

/// The null move's reduction at `depth` where the static evaluation
/// stands `surplus` above beta: 3 plies and a third of the depth, one
/// more per 2 pawns of surplus (at most 3 more).
fn null_reduction(depth: i32, surplus: i32) -> i32 {
    3 + depth / 3 + (surplus / 200).clamp(0, 3)
}

/// Late-move reduction for an action searched `i`-th at `depth`.
fn lmr(depth: i32, i: usize) -> i32 {
    let r = (depth as f64).ln() * (i as f64).ln() / 2.0;
    (r as i32).max(1)
}

/// Mate scores are stored relative to the node, read relative to the root.
fn to_tt(v: i32, ply: usize) -> i32 {
    if v >= WIN_BOUND {
        v + ply as i32
    } else if v <= -WIN_BOUND {
        v - ply as i32
    } else {
        v
    }
}

fn from_tt(v: i32, ply: usize) -> i32 {
    if v >= WIN_BOUND {
        v - ply as i32
    } else if v <= -WIN_BOUND {
        v + ply as i32
    } else {
        v
    }
}

/// Soft and hard time limits from the search limits: no new depth is
/// begun after the soft limit, the search stops at the hard one.
///
/// A fixed time per action (UCI `movetime`, XBoard `st`) is all for this
/// action: nothing is saved for later, so both limits are that time less a
/// margin for the reply (a tenth, at most 15 ms), and the depth under way
/// when it runs out still counts for every root action it finished
/// (a better action found there replaces the last depth's). A clock is
/// shared over the moves to come, less a twentieth (at most half a
/// second) kept in reserve and the clock's overhead, which no move spends.
pub fn time_budget(limits: &Limits) -> (Option<Duration>, Option<Duration>) {
    if let Some(mt) = limits.movetime {
        let margin = (mt / 10).min(Duration::from_millis(15));
        let hard = mt.saturating_sub(margin).max(Duration::from_millis(1));
        return (Some(hard), Some(hard));
    }
    if let Some(c) = limits.clock {
        let mtg = c.moves_to_go.unwrap_or(30).clamp(1, 40);
        let reserve = (c.time / 20).min(Duration::from_millis(500));
        let usable = c.time.saturating_sub(reserve + c.overhead);
        let ideal = usable / mtg + c.inc * 3 / 4;
        let hard = (ideal * 4).min(usable / 3 + c.inc / 2).min(usable);
        let soft = (ideal * 6 / 10).min(hard);
        return (
            Some(soft.max(Duration::from_millis(1))),
            Some(hard.max(Duration::from_millis(2))),
        );
    }
    (None, None)
}

/// The value of a finished game for the searching team, `ply` plies down.
fn terminal(o: &Outcome, team: &[usize], ply: usize) -> i32 {
    match o {
        Outcome::Win { winners, .. } => {
            if winners.iter().any(|w| team.contains(w)) {
                WIN - ply as i32
            } else {
                -WIN + ply as i32
            }
        }
        Outcome::Draw { .. } => 0,
        // A share between a draw and a win (or a loss): worth as much in
        // proportion, below the values that mean a forced win.
        Outcome::Shares { .. } => {
            let mine = team.first().map_or(0.5, |&p| o.score(p));
            ((mine - 0.5) * f64::from(WIN_BOUND)) as i32
        }
    }
}

#[cfg(test)]
mod tests;
