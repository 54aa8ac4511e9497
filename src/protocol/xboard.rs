//! varia as an XBoard (CECP version 2) engine.
//!
//! After `protover 2` the engine announces its features, among them
//! `variants="normal,…"` (chess is XBoard's `normal`; every other
//! two-player variant keeps its varia name). For a variant other than
//! chess, `variant NAME` is answered with XBoard's `setup` command (the
//! letters of the pieces, the board size, the holdings and the start
//! position) and one `piece LETTER& BETZA` per piece, so XBoard 4.8 or
//! later draws the board and knows how the fairy pieces move; promoted
//! forms are XBoard's promoted types (`piece +X& BETZA`; see
//! `protocol/xboard_setup.rs`). A variant XBoard has built in (chess as
//! `normal`, `shogi`, `chu`, ...) is XBoard's to draw and check.
//!
//! Commands: `new`, `variant`, `force`, `go`, `playother`, `usermove`
//! (and bare moves), `setboard`, `undo`, `remove`, `time`, `otim`,
//! `level`, `st`, `sd`, `ping`, `?` (move now), `result`, `post`,
//! `nopost`, `memory`, `option`, `quit`; `analyze` (analysis mode until
//! `exit`: each position set or reached is searched until the next
//! command, thinking output only, no move played) and `hint` (`Hint:
//! MOVE`); the rest is ignored. Variants the
//! protocol cannot carry (hidden decks, more than two players, a board
//! without edges, swaps and placements with a bonus move, and what a
//! `setup` cannot tell XBoard: `xboard_setup.rs`) are refused with
//! `Error (unsupported variant): NAME` and a `telluser` saying why.

use super::xboard_setup;
pub use super::xboard_setup::setup_lines;
use super::{move_text_as, parse_move_as, unsupported, CastlingText, Catalogue};
use crate::engine::{Move, MoveKind};
use crate::ir::{Shape, Variant};
use crate::notation::protocol_text::{shift_ranks, xboard_ranks_from_zero};
use crate::play::game_session::GameSession;
use crate::play::session::Prepared;
use crate::search::game::Outcome;
use crate::search::{Clock, Limits, Score, Searcher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

pub use super::uci::Out;

/// What the engine does with its side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Only check moves (`force`).
    Force,
    /// Play the side given (0 first player, 1 second).
    Play(u8),
    /// Analyse each position the GUI sets or reaches (`analyze` until
    /// `exit`): thinking output only, no move played.
    Analyze,
}

struct Job {
    handle: JoinHandle<Searcher<Move>>,
    stop: Arc<AtomicBool>,
    /// Set when the move must not be played (`force`, `new`, `undo`…).
    cancel: Arc<AtomicBool>,
    /// The side the search plays for.
    side: u8,
}

/// The XBoard engine's state.
pub struct Xboard {
    out: Out,
    catalogue: Catalogue,
    variant: Variant,
    /// The game (the one game-in-progress type of the library), shared
    /// with the thinking thread (which plays its move).
    board: Arc<Mutex<GameSession>>,
    mode: Mode,
    searcher: Option<Searcher<Move>>,
    /// Search threads (`cores`, lazy SMP).
    threads: usize,
    job: Option<Job>,
    post: bool,
    /// `level`: moves per session (0: all), base, increment.
    level: Option<(u32, Duration, Duration)>,
    st: Option<Duration>,
    sd: Option<u32>,
    time: Option<Duration>,
    usermove: bool,
    /// What `--variant-path` did, told after the handshake.
    notes: Vec<String>,
    /// The handshake is under way (`feature done=0` sent): when to end it.
    features: Option<Instant>,
}

/// The AI level of `hint` (a node budget: an answer in a blink).
const HINT_LEVEL: u8 = 4;

/// How long the handshake waits for XBoard to acknowledge the features …
const FEATURES_WAIT: Duration = Duration::from_millis(1000);
/// … and, after the `option` feature is acknowledged (or an option set),
/// for more options.
const OPTIONS_WAIT: Duration = Duration::from_millis(200);

impl Xboard {
    pub fn new(out: Out) -> Xboard {
        let mut catalogue = Catalogue::new();
        let chess = catalogue
            .prepared("chess", false)
            .expect("chess is built in");
        Xboard {
            out,
            catalogue,
            variant: chess.variant().clone(),
            board: Arc::new(Mutex::new(
                game(chess, "chess", None).expect("chess starts"),
            )),
            mode: Mode::Force,
            searcher: Some(Searcher::new(32)),
            threads: 1,
            job: None,
            post: false,
            level: None,
            st: None,
            sd: None,
            time: None,
            usermove: false,
            notes: Vec::new(),
            features: None,
        }
    }

    fn say(&self, s: impl Into<String>) {
        (self.out)(s.into());
    }

    fn board(&self) -> std::sync::MutexGuard<'_, GameSession> {
        // A poisoned lock only means a thread panicked mid-search; the board
        // itself is whole (moves are played under the lock in one call).
        self.board.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stop thinking; `cancel`: the move found is not played.
    fn finish(&mut self, cancel: bool) {
        if let Some(job) = self.job.take() {
            if cancel {
                job.cancel.store(true, Ordering::Relaxed);
            }
            job.stop.store(true, Ordering::Relaxed);
            match job.handle.join() {
                Ok(s) => self.searcher = Some(s),
                Err(_) => {
                    let mut s = Searcher::new(32);
                    s.set_threads(self.threads);
                    self.searcher = Some(s);
                }
            }
        }
    }

    /// The name XBoard is told for a variant: its own name if XBoard has
    /// that variant built in, else the first of its other names (`also
    /// known as`) that XBoard has built in, else its own name (described
    /// to XBoard by `setup`).
    fn xboard_name(v: &Variant) -> &str {
        if XBOARD_VARIANTS.contains(&v.name.as_str()) {
            return &v.name;
        }
        v.aliases
            .iter()
            .find(|a| XBOARD_VARIANTS.contains(&a.as_str()))
            .map_or(&v.name, |a| a)
    }

    fn variants_feature(&self) -> String {
        let names: Vec<String> = self
            .catalogue
            .names()
            .into_iter()
            .filter_map(|n| self.catalogue.get(&n).ok())
            .filter(|v| refusal(v).is_none())
            .map(|v| Xboard::xboard_name(&v).to_string())
            .collect();
        names.join(",")
    }

    /// Handle one line. Returns false after `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (cmd, arg) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(c, a)| (c, a.trim()));
        // Any command but the handshake's answers ends the handshake.
        if !matches!(cmd, "accepted" | "rejected" | "option" | "xboard" | "") {
            self.end_features();
        }
        match cmd {
            "accepted" if arg == "option" && self.features.is_some() => {
                self.features = Some(Instant::now() + OPTIONS_WAIT);
            }
            "" | "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer"
            | "name" | "rating" | "ics" | "draw" | "bk" | "otim" | "." | "pause" | "resume"
            | "egtpath" | "nps" => {}
            "analyze" => {
                self.finish(true);
                self.mode = Mode::Analyze;
                self.analyse();
            }
            "exit" if self.mode == Mode::Analyze => {
                self.finish(true);
                self.mode = Mode::Force;
            }
            "exit" => {}
            "hint" => self.hint(),
            "protover" => {
                // `done=0` first: XBoard answers the `option` feature with
                // the options it was told to set (`-firstOptions
                // "VariantPath=…"`), and the list of variants, sent last,
                // then holds the variants those files add.
                self.say("feature done=0");
                self.say(format!(
                    "feature myname=\"varia {}\" ping=1 setboard=1 usermove=1 time=1 draw=0 \
                     sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 name=0 nps=0 memory=1 smp=1 \
                     debug=1 san=0",
                    env!("CARGO_PKG_VERSION"),
                ));
                self.say("feature option=\"VariantPath -file \"");
                self.features = Some(Instant::now() + FEATURES_WAIT);
            }

            "quit" => {
                self.finish(true);
                return false;
            }
            "ping" => self.say(format!("pong {arg}")),
            "new" => {
                self.finish(true);
                self.load_variant("chess");
                self.st = None;
                self.sd = None;
                if let Some(s) = self.searcher.as_mut() {
                    s.clear();
                }
                if self.mode == Mode::Analyze {
                    self.analyse();
                } else {
                    self.mode = Mode::Play(1);
                }
            }
            "variant" => {
                self.finish(true);
                self.load_variant(arg);
            }
            "force" => {
                self.finish(true);
                self.mode = Mode::Force;
            }
            "go" => {
                // Already thinking for the side on move (the engine's side
                // after `new` and the user's move): keep that search, as
                // `go` asks the engine to play the side on move; stopping
                // it would play its move and then the other side's too.
                // (An analysis is never kept: it plays no move.)
                let playing = matches!(self.mode, Mode::Play(_));
                if let Some(job) = self
                    .job
                    .as_ref()
                    .filter(|j| playing && !j.handle.is_finished())
                {
                    self.mode = Mode::Play(job.side);
                    return true;
                }
                self.finish(self.mode == Mode::Analyze);
                let turn = self.board().session().position().turn();
                self.mode = Mode::Play(turn);
                self.think();
            }
            "playother" => {
                self.finish(false);
                let turn = self.board().session().position().turn();
                self.mode = Mode::Play(1 - turn.min(1));
            }
            "white" | "black" => {
                self.finish(true);
                self.mode = Mode::Play(u8::from(cmd == "white"));
            }
            "?" => self.finish(false),
            "result" => {
                self.finish(true);
                self.mode = Mode::Force;
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            "time" => self.time = parse_clock(arg),
            "level" => self.level = parse_level(arg),
            "st" => {
                self.st = arg
                    .parse::<f64>()
                    .ok()
                    .filter(|s| s.is_finite() && *s > 0.0 && *s < 1e6)
                    .map(Duration::from_secs_f64)
            }
            "sd" => self.sd = arg.parse::<u32>().ok().map(|d| d.clamp(1, 80)),
            "cores" => {
                if let Ok(n) = arg.parse::<usize>() {
                    self.threads = n.clamp(1, crate::search::MAX_THREADS);
                    if let Some(s) = self.searcher.as_mut() {
                        s.set_threads(self.threads);
                    }
                }
            }
            "memory" => {
                if let (Ok(mb), Some(s)) = (arg.parse::<usize>(), self.searcher.as_mut()) {
                    s.resize(mb.clamp(1, 4096));
                }
            }
            "option" => {
                if let Some(path) = arg.strip_prefix("VariantPath=") {
                    let l = self.catalogue.load(path);
                    let notes = self.loaded(&l);
                    if self.features.is_some() {
                        // Told after the handshake, with the list that has them.
                        self.notes.extend(notes);
                        self.features = Some(Instant::now() + OPTIONS_WAIT);
                    } else {
                        for n in notes {
                            self.say(n);
                        }
                        if !l.names.is_empty() {
                            // The new list (XBoard may still refuse a
                            // variant it checked before: set the option
                            // at start-up, or use --variant-path).
                            self.say(format!("feature variants=\"{}\"", self.variants_feature()));
                        }
                    }
                }
            }
            "setboard" => {
                self.finish(true);
                let name = self.variant.name.clone();
                let board = self
                    .catalogue
                    .prepared(&name, false)
                    .and_then(|p| game(p, &name, Some(arg)));
                match board {
                    Ok(b) => *self.board() = b,
                    Err(e) => self.say(format!("tellusererror Illegal position: {e}")),
                }
                self.analyse();
            }
            "undo" => {
                self.finish(true);
                self.undo(1);
                self.analyse();
            }
            "remove" => {
                self.finish(true);
                self.undo(2);
                self.analyse();
            }
            "usermove" => self.user_move(arg),
            "protover_done" => {}
            _ => {
                // A bare move (when `usermove` was not accepted).
                if !self.usermove && self.parse(&self.board(), cmd).is_some() {
                    self.user_move(cmd);
                } else {
                    self.say(format!("Error (unknown command): {}", truncate(cmd)));
                }
            }
        }
        if cmd == "usermove" {
            self.usermove = true;
        }
        true
    }

    /// Load the variant XBoard names (by any of its names).
    fn load_variant(&mut self, asked: &str) {
        match self.catalogue.get(asked) {
            Ok(v) => {
                let name = v.name.clone();
                let name = name.as_str();
                if let Some(why) = refusal(&v) {
                    self.say(format!("Error (unsupported variant): {name}"));
                    self.say(format!("telluser {why}"));
                    return;
                }
                match self
                    .catalogue
                    .prepared(name, false)
                    .and_then(|p| game(p, name, None))
                {
                    Ok(b) => {
                        *self.board() = b;
                        self.variant = v;
                        // One sent under another name XBoard knows needs
                        // no description (XBoard deals fischerandom's
                        // setup); one under its own name is described
                        // where `setup` can carry it (XBoard ignores that
                        // for a variant it has built in while it tests
                        // legality).
                        if Xboard::xboard_name(&self.variant) == name
                            && xboard_setup::refusal(&self.variant).is_none()
                        {
                            let fen = self.board().fen();
                            for l in setup_lines(&self.variant, &fen).unwrap_or_default() {
                                self.say(l);
                            }
                        }
                    }
                    Err(e) => self.say(format!("Error (cannot start variant): {e}")),
                }
            }
            Err(_) => self.say(format!("Error (unsupported variant): {}", truncate(asked))),
        }
    }

    fn undo(&mut self, n: usize) {
        let mut b = self.board();
        for _ in 0..n {
            b.undo();
        }
    }

    /// How castling is written to XBoard: `O-O`/`O-O-O` in Fischer random
    /// chess (XBoard's `fischerandom`), else as the castler's move.
    fn castling(&self) -> CastlingText {
        if Xboard::xboard_name(&self.variant) == "fischerandom" {
            CastlingText::Sides
        } else {
            CastlingText::CastlerMoves
        }
    }

    /// The legal move a GUI's text names (its ranks as XBoard counts them:
    /// see [`ranks_in`]).
    fn parse(&self, b: &GameSession, text: &str) -> Option<Move> {
        let pos = b.session().position();
        let read = |t: &str| parse_move_as(pos, &ranks_in(pos, t), self.castling());
        // XBoard ends a declined shogi promotion with `=`.
        read(text).or_else(|| text.strip_suffix('=').and_then(read))
    }

    fn user_move(&mut self, text: &str) {
        self.finish(true);
        let result = {
            let mut b = self.board();
            match self.parse(&b, text) {
                Some(m) => b.play(m).map(|_| ()).map_err(|_| ()),
                None => Err(()),
            }
        };
        match result {
            Ok(()) if self.mode == Mode::Analyze => self.analyse(),
            Ok(()) => {
                if self.announce_end() {
                    return;
                }
                if let Mode::Play(side) = self.mode {
                    if self.board().session().position().turn() == side {
                        self.think();
                    }
                }
            }
            Err(_) => self.say(format!("Illegal move: {}", truncate(text))),
        }
    }

    /// Tell XBoard the game is over, if it is.
    fn announce_end(&self) -> bool {
        let outcome = self.board().result();
        match outcome.map(Outcome::decided) {
            Some(Outcome::Win { winners, reason }) => {
                let r = if winners.contains(&0) { "1-0" } else { "0-1" };
                self.say(format!("{r} {{{reason}}}"));
                true
            }
            // (`decided` has turned shares into a win or a draw.)
            Some(Outcome::Draw { reason } | Outcome::Shares { reason, .. }) => {
                self.say(format!("1/2-1/2 {{{reason}}}"));
                true
            }
            None => false,
        }
    }

    fn limits(&self) -> Limits {
        let mut l = Limits {
            depth: self.sd,
            ..Limits::default()
        };
        if let Some(st) = self.st {
            l.movetime = Some(st);
        } else if let Some(t) = self.time {
            let (mps, _, inc) = self.level.unwrap_or((0, Duration::ZERO, Duration::ZERO));
            let played = (self.board().history().len() / 2) as u32;
            l.clock = Some(Clock {
                time: t,
                inc,
                moves_to_go: (mps > 0).then(|| mps - played % mps),
                overhead: crate::search::MOVE_OVERHEAD,
            });
        } else if self.sd.is_none() {
            l.movetime = Some(Duration::from_secs(5));
        }
        l
    }

    /// Think on the engine's side and play the move found (on the thread).
    fn think(&mut self) {
        // A game already over (a position set up stalemated or mated, then
        // `go`): its result, never a search that finds no move and resigns.
        if self.announce_end() {
            return;
        }
        self.search(false);
    }

    /// In analyze mode, analyse the position until the next command: the
    /// thinking output, never a move (none once the game is over).
    fn analyse(&mut self) {
        if self.mode != Mode::Analyze || self.board().result().is_some() {
            return;
        }
        self.search(true);
    }

    /// Search the position on a thread: with `analysing`, until stopped,
    /// posting every depth and playing nothing; else within the limits,
    /// posting as `post` asks, and play the move found.
    fn search(&mut self, analysing: bool) {
        let Some(mut searcher) = self.searcher.take() else {
            return;
        };
        let limits = if analysing {
            Limits {
                infinite: true,
                ..Limits::default()
            }
        } else {
            self.limits()
        };
        let side = self.board().session().position().turn();
        let stop = searcher.stop_flag();
        let cancel = Arc::new(AtomicBool::new(analysing));
        let (board, out, post) = (self.board.clone(), self.out.clone(), self.post || analysing);
        let style = self.castling();
        let cancel2 = cancel.clone();
        let handle = std::thread::spawn(move || {
            let snapshot = board
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .session()
                .clone();
            let mut g = snapshot.clone();
            let found = searcher.search(&mut g, &limits, None, &mut |info| {
                if post && info.multipv == 1 {
                    let score = match info.score {
                        Score::Cp(c) => c,
                        Score::Mate(m) if m > 0 => 100_000 + m,
                        Score::Mate(m) => -100_000 + m,
                    };
                    out(format!(
                        "{} {score} {} {} {}",
                        info.depth,
                        info.elapsed.as_millis() / 10,
                        info.nodes,
                        super::line_text(snapshot.position(), &info.pv, style)
                            .iter()
                            .map(|t| ranks_out(snapshot.position(), t))
                            .collect::<Vec<_>>()
                            .join(" ")
                    ));
                }
            });
            if cancel2.load(Ordering::Relaxed) {
                return searcher;
            }
            let mut b = board.lock().unwrap_or_else(|e| e.into_inner());
            match found.best {
                Some(m) if b.session().position().is_legal(m) => {
                    // A pass as Fairy-Stockfish writes it in XBoard.
                    let text = if m.kind() == MoveKind::Pass {
                        "@@@@".to_string()
                    } else {
                        let pos = b.session().position();
                        ranks_out(pos, &move_text_as(pos, m, style))
                    };
                    let _ = b.play(m);
                    out(format!("move {text}"));
                    let outcome = b.result();
                    drop(b);
                    match outcome.map(Outcome::decided) {
                        Some(Outcome::Win { winners, reason }) => out(format!(
                            "{} {{{reason}}}",
                            if winners.contains(&0) { "1-0" } else { "0-1" }
                        )),
                        Some(Outcome::Draw { reason } | Outcome::Shares { reason, .. }) => {
                            out(format!("1/2-1/2 {{{reason}}}"))
                        }
                        None => {}
                    }
                }
                _ => out("resign".to_string()),
            }
            searcher
        });
        self.job = Some(Job {
            handle,
            stop,
            cancel,
            side,
        });
    }

    /// `hint`: what the AI would play for the side to move, as `Hint:
    /// MOVE` (at [`HINT_LEVEL`], seeded by the moves played); nothing while
    /// the engine thinks, once the game is over, or with no move to suggest.
    fn hint(&mut self) {
        use rand::SeedableRng;
        if self.job.as_ref().is_some_and(|j| !j.handle.is_finished()) {
            return;
        }
        let s = {
            let b = self.board();
            if b.result().is_some() {
                return;
            }
            b.session().clone()
        };
        let seed = crate::engine::splitmix(s.position().ply() as u64 + 1);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        if let Ok(h) = crate::play::hint::hint(&s, HINT_LEVEL, &mut rng) {
            if h.best.kind() != MoveKind::DrawPlace {
                let pos = s.position();
                let text = ranks_out(pos, &move_text_as(pos, h.best, self.castling()));
                self.say(format!("Hint: {text}"));
            }
        }
    }

    /// End: stop any search (its move, if found, is still sent).
    pub fn shutdown(&mut self) {
        self.end_features();
        self.finish(false);
    }

    /// When [`Xboard::tick`] is due: the handshake waits for options.
    pub fn wakeup(&self) -> Option<Duration> {
        self.features
            .map(|t| t.saturating_duration_since(Instant::now()))
    }

    /// Time passed with no input: end the handshake once its wait is over.
    pub fn tick(&mut self) {
        if self.features.is_some_and(|t| Instant::now() >= t) {
            self.end_features();
        }
    }

    /// The last features (the variants, `done=1`), then what loading
    /// variant files did.
    fn end_features(&mut self) {
        if self.features.take().is_some() {
            self.say(format!("feature variants=\"{}\"", self.variants_feature()));
            self.say("feature done=1");
            for n in std::mem::take(&mut self.notes) {
                self.say(n);
            }
        }
    }

    /// What loading variant files did, as XBoard shows it: each failure in
    /// a `tellusererror` (with its first diagnostic), the names loaded in a
    /// `telluser`.
    fn loaded(&self, l: &super::Loaded) -> Vec<String> {
        let mut out: Vec<String> = l
            .failures
            .iter()
            .map(|f| {
                format!(
                    "tellusererror VariantPath: {}",
                    crate::external::lines::clean(f, 300)
                )
            })
            .collect();
        if !l.names.is_empty() {
            out.push(format!("telluser varia loaded {}", l.names.join(", ")));
        }
        out
    }

    /// Load `--variant-path` files before the handshake (so the first
    /// `variants` feature lists them); what happened is told after it.
    pub fn load_variants(&mut self, spec: &str) {
        let l = self.catalogue.load(spec);
        self.notes = self.loaded(&l);
    }

    /// Weigh the evaluation by a values file (`varia xboard --values
    /// FILE`): the variant it names, or every variant if it names none.
    pub fn set_values(&mut self, file: &str, text: &str) {
        self.catalogue.set_values(file, text);
    }

    /// Read no values file shipped with a built-in variant (`varia xboard
    /// --values none`).
    pub fn without_builtin_values(&mut self) {
        self.catalogue.without_builtin_values();
    }

    /// A line longer than the cap was skipped.
    pub fn too_long(&mut self) {
        self.say(format!(
            "Error (line longer than {} bytes): skipped",
            crate::external::lines::MAX_PROTOCOL_LINE
        ));
    }
}

/// A new game of a compiled variant, from its setup or from `fen`.
fn game(p: Prepared, name: &str, fen: Option<&str>) -> Result<GameSession, String> {
    GameSession::new(p, name, &[], fen, 0, Vec::new()).map_err(|e| e.0)
}

/// Why XBoard cannot play this variant, if it cannot.
pub fn refusal(v: &Variant) -> Option<String> {
    if let Some(why) = unsupported(v, true).or_else(|| super::two_boards_refusal(v)) {
        return Some(why);
    }
    if matches!(v.board.shape, Shape::Unbounded { .. }) {
        return Some(format!(
            "{} has a board without edges, which XBoard cannot draw",
            v.name
        ));
    }
    if !v.turn.powers.is_empty() || !v.turn.on_place.is_empty() {
        return Some(format!(
            "{} has swaps or placements with a second step, which XBoard moves cannot express",
            v.name
        ));
    }
    // A variant XBoard has built in is drawn and checked by XBoard;
    // another is described by `setup` and `piece`, which say less.
    if XBOARD_VARIANTS.contains(&Xboard::xboard_name(v)) {
        return None;
    }
    xboard_setup::refusal(v)
}

/// Whether XBoard counts the ranks of this position's board from 0 (see
/// [`xboard_ranks_from_zero`]).
fn ranks_from_zero(pos: &crate::engine::Position) -> bool {
    xboard_ranks_from_zero(pos.tables().variant())
}

/// A move text of varia's (ranks from 1) as XBoard writes it.
fn ranks_out(pos: &crate::engine::Position, text: &str) -> String {
    if ranks_from_zero(pos) {
        shift_ranks(text, -1)
    } else {
        text.to_string()
    }
}

/// A move text from XBoard as varia reads it (ranks from 1).
fn ranks_in(pos: &crate::engine::Position, text: &str) -> String {
    if ranks_from_zero(pos) {
        shift_ranks(text, 1)
    } else {
        text.to_string()
    }
}

/// The variant names XBoard has built in (CECP v2, the `variant` command,
/// and XBoard 4.9's additions): a variant announced under one of these is
/// drawn and checked by XBoard itself.
const XBOARD_VARIANTS: &[&str] = &[
    "normal",
    "wildcastle",
    "nocastle",
    "fischerandom",
    "bughouse",
    "crazyhouse",
    "losers",
    "suicide",
    "giveaway",
    "twokings",
    "kriegspiel",
    "atomic",
    "3check",
    "xiangqi",
    "shogi",
    "capablanca",
    "gothic",
    "falcon",
    "shatranj",
    "courier",
    "knightmate",
    "berolina",
    "cylinder",
    "super",
    "great",
    "janus",
    "caparandom",
    "seirawan",
    "makruk",
    "asean",
    "spartan",
    "grand",
    "chu",
];

/// `level MPS BASE INC`: BASE in minutes or `min:sec`, INC in seconds.
fn parse_level(arg: &str) -> Option<(u32, Duration, Duration)> {
    let mut w = arg.split_whitespace();
    let mps = w.next()?.parse::<u32>().ok()?;
    let base = w.next()?;
    let base = match base.split_once(':') {
        Some((m, s)) => m.parse::<f64>().ok()? * 60.0 + s.parse::<f64>().ok()?,
        None => base.parse::<f64>().ok()? * 60.0,
    };
    let inc = w.next()?.parse::<f64>().ok()?;
    if !(0.0..1e7).contains(&base) || !(0.0..1e5).contains(&inc) {
        return None;
    }
    Some((
        mps,
        Duration::from_secs_f64(base),
        Duration::from_secs_f64(inc),
    ))
}

/// `time N`: the engine's clock in centiseconds. A GUI that does not call
/// flags sends a clock run below zero (XBoard's `-autoCallFlag false`):
/// that is no time left, not a clock unknown.
fn parse_clock(arg: &str) -> Option<Duration> {
    let cs = arg.trim().parse::<i64>().ok()?;
    Some(Duration::from_millis(cs.clamp(0, 1 << 24) as u64 * 10))
}

fn truncate(s: &str) -> String {
    s.chars().take(80).collect()
}

/// Whether a move can be written for XBoard (no second step).
pub fn expressible(m: Move) -> bool {
    !matches!(
        m.kind(),
        MoveKind::PlaceAndMove | MoveKind::PlaceAndReturn | MoveKind::Swap | MoveKind::DrawPlace
    )
}

#[cfg(test)]
mod tests {
    use super::super::Board;
    use super::*;

    #[test]
    fn level_parses() {
        assert_eq!(
            parse_level("40 5 0"),
            Some((40, Duration::from_secs(300), Duration::ZERO))
        );
        assert_eq!(
            parse_level("0 2:30 1.5"),
            Some((0, Duration::from_secs(150), Duration::from_millis(1500)))
        );
        assert_eq!(parse_level("x"), None);
    }

    #[test]
    fn a_clock_run_below_zero_is_no_time_left() {
        assert_eq!(parse_clock("6000"), Some(Duration::from_secs(60)));
        assert_eq!(parse_clock("-250"), Some(Duration::ZERO));
        assert_eq!(parse_clock("x"), None);
        // A search on an empty clock still moves, and at once: the least
        // budget there is.
        let l = Limits {
            clock: Some(Clock {
                time: Duration::ZERO,
                inc: Duration::ZERO,
                moves_to_go: None,
                overhead: Duration::from_millis(10),
            }),
            ..Limits::default()
        };
        let (_, hard) = crate::search::time_budget(&l);
        assert!(hard.unwrap() <= Duration::from_millis(2));
    }

    #[test]
    fn ranks_shift_in_every_kind_of_move_text() {
        assert_eq!(shift_ranks("a1a2", -1), "a0a1");
        assert_eq!(shift_ranks("i10i9", -1), "i9i8");
        assert_eq!(shift_ranks("P@e4", -1), "P@e3");
        assert_eq!(shift_ranks("c7c8q", -1), "c6c7q");
        assert_eq!(shift_ranks("c4d5,d5e4", 1), "c5d6,d6e5");
        assert_eq!(shift_ranks("B@c3/d4", 1), "B@c4/d5");
        assert_eq!(shift_ranks("e1=h1", 1), "e2=h2");
        for same in ["@@@@", "0000", "O-O-O", "", "a"] {
            assert_eq!(shift_ranks(same, 1), same);
            assert_eq!(shift_ranks(same, -1), same);
        }
        // No rank below 0, and no overflow from a long run of digits.
        assert_eq!(shift_ranks("a0a1", -1), "a0a0");
        assert!(shift_ranks("a99999999999999999999", 1).starts_with("a10000"));
    }

    #[test]
    fn setup_for_a_ten_file_board_names_fairy_slots() {
        const TEXT: &str = "variant wide \"Wide\" extends chess {\n  board 10x8\n  \
            piece archbishop A moves \"BN\"\n  setup {\n    white: R a1 j1, N b1 i1, A c1, \
            B d1 h1, Q e1, K f1, P a2..j2\n    black: mirror white\n  }\n  \
            promote pawn at far edge to queen, rook, bishop, knight, archbishop\n  \
            castling king with rook to files i c\n}\n";
        let checked = crate::load::load_str("wide.variant", TEXT, &[]);
        assert!(checked.diagnostics.is_empty(), "{:?}", checked.diagnostics);
        let v = checked.variants[0].clone();
        let b = Board::new(v.clone()).unwrap();
        let lines = setup_lines(&v, &b.position().fen()).unwrap();
        assert!(lines[0].starts_with("setup (PNBRQ"), "{}", lines[0]);
        assert!(lines[0].contains(" 10x8+0_fairy "), "{}", lines[0]);
        assert!(lines.iter().any(|l| l == "piece A& BN"), "{lines:?}");
        assert!(lines.iter().any(|l| l == "piece K& KiO2"), "{lines:?}");
    }
}
