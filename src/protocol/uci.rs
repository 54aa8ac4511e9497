//! varia as a UCI engine.
//!
//! [`Uci::handle`] takes one line from the GUI and answers through the
//! output callback; a search runs on its own thread, so `stop`, `isready`
//! and `quit` are answered while it thinks. Unknown commands and malformed
//! arguments are ignored or answered with `info string`, never a crash.
//!
//! Supported: `uci`, `debug`, `isready`, `setoption`, `ucinewgame`,
//! `position startpos|fen … [moves …]`, `go` with `depth`, `nodes`,
//! `movetime`, `wtime`/`btime`/`winc`/`binc`/`movestogo`, `infinite`,
//! `ponder`, `searchmoves`, `mate` (as a depth) and `perft N`, `stop`,
//! `ponderhit`, `quit`, and `d` (the FEN). After `go infinite` the
//! `bestmove` waits for `stop`, and after `go ponder` for `ponderhit` or
//! `stop`, whatever else limits the search (`Skill Level`, a mate found).
//! `go perft N` runs on a thread of its own and `stop` ends it.
//! Options: `UCI_Variant` (every variant it can play as a combo), `VariantPath` (each
//! file that fails to load is named with its first diagnostic in an `info
//! string`), `UCI_Chess960` (castling as the king taking its rook, and
//! Chess960's castling rule: [`super::chess960`]), `Hash`, `Clear Hash`,
//! `MultiPV`, `Skill Level` (1…8: the AI levels' node budgets; 8 is
//! unlimited). With more than two players the clock of seats 0, 2 is
//! `wtime`, of seats 1, 3 `btime`.
//!
//! The engine keeps no game in progress: each `position` command sends the
//! whole game again, and UCI has no undo, result or record. So it holds a
//! [`Board`] (the position and how castling is written), not a
//! [`GameSession`](crate::play::game_session::GameSession) as `varia
//! xboard` does: naming each of a long game's moves again at every
//! `position` would be work for nothing.

use super::{unsupported, Board, CastlingText, Catalogue};
use crate::engine::{self, Move};
use crate::play::ai;
use crate::search::{Clock, Info, Limits, Score, Searcher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// Where replies go (one line, without the newline).
pub type Out = Arc<dyn Fn(String) + Send + Sync>;

/// The UCI engine's state.
pub struct Uci {
    out: Out,
    catalogue: Catalogue,
    variant: String,
    board: Board,
    searcher: Option<Searcher<Move>>,
    /// The running search.
    job: Option<Job>,
    hash_mb: usize,
    /// Search threads (`Threads`, lazy SMP).
    threads: usize,
    multipv: usize,
    skill: u8,
    /// `Move Overhead`: kept back from each move's time on a clock.
    overhead: Duration,
    /// `UCI_Chess960`.
    chess960: bool,
    /// What `--variant-path` loaded, told with the first `uci`.
    startup: Option<super::Loaded>,
    /// A running `go perft`: its stop flag, and its end.
    perft: Option<(Arc<AtomicBool>, std::sync::mpsc::Receiver<()>)>,
}

/// A search on its thread.
struct Job {
    handle: JoinHandle<Searcher<Move>>,
    /// Ends the search.
    stop: Arc<AtomicBool>,
    /// Holds the `bestmove` back while set (`go infinite`, `go ponder`).
    hold: Arc<AtomicBool>,
}

fn spin(v: &str, min: i64, max: i64) -> Option<i64> {
    v.trim()
        .parse::<i64>()
        .ok()
        .filter(|x| (min..=max).contains(x))
}

impl Uci {
    pub fn new(out: Out) -> Uci {
        let mut catalogue = Catalogue::new();
        let chess = catalogue
            .prepared("chess", false)
            .expect("chess is built in");
        Uci {
            out,
            catalogue,
            variant: "chess".into(),
            board: Board::prepared(&chess, None).expect("chess starts"),
            searcher: Some(Searcher::new(16)),
            job: None,
            hash_mb: 16,
            threads: 1,
            multipv: 1,
            skill: ai::MAX_LEVEL,
            overhead: crate::search::MOVE_OVERHEAD,
            chess960: false,
            startup: None,
            perft: None,
        }
    }

    fn say(&self, s: impl Into<String>) {
        (self.out)(s.into());
    }

    fn info(&self, s: impl AsRef<str>) {
        self.say(format!("info string {}", s.as_ref()));
    }

    fn variant_option(&self) -> String {
        let mut s = format!(
            "option name UCI_Variant type combo default {}",
            self.variant
        );
        for n in self.playable_names() {
            s.push_str(" var ");
            s.push_str(&n);
        }
        s
    }

    /// The variants `setoption name UCI_Variant` accepts: every name of
    /// the catalogue but those [`unsupported`] refuses (decks, dice, more
    /// than two players, hidden men), so a GUI never offers one it cannot
    /// play.
    fn playable_names(&self) -> Vec<String> {
        self.catalogue
            .names()
            .into_iter()
            .filter(|n| {
                n == &self.variant
                    || self.catalogue.get(n).is_ok_and(|v| {
                        unsupported(&v, false).is_none() && super::two_boards_refusal(&v).is_none()
                    })
            })
            .collect()
    }

    /// Stop a running search and wait for its `bestmove`.
    fn finish(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop.store(true, Ordering::Relaxed);
            job.hold.store(false, Ordering::Relaxed);
            match job.handle.join() {
                Ok(s) => self.searcher = Some(s),
                Err(_) => {
                    self.info("the search failed; the table is reset");
                    let mut s = Searcher::new(self.hash_mb);
                    s.set_threads(self.threads);
                    self.searcher = Some(s);
                }
            }
        }
    }

    /// Handle one line. Returns false after `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let line = line.trim();
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        // `stop` and `quit` end a running perft; other commands wait for
        // it, except those that must answer now.
        if matches!(cmd, "quit" | "stop") {
            self.stop_perft();
        } else if !matches!(cmd, "isready" | "uci" | "debug") {
            self.wait_perft();
        }
        match cmd {
            "uci" => {
                self.say(format!("id name varia {}", env!("CARGO_PKG_VERSION")));
                self.say("id author the varia authors");
                self.say(self.variant_option());
                self.say("option name VariantPath type string default <empty>");
                self.say("option name UCI_Chess960 type check default false");
                self.say("option name Hash type spin default 16 min 1 max 4096");
                self.say(format!(
                    "option name Threads type spin default 1 min 1 max {}",
                    crate::search::MAX_THREADS
                ));
                self.say("option name Clear Hash type button");
                self.say("option name MultiPV type spin default 1 min 1 max 64");
                self.say(format!(
                    "option name Move Overhead type spin default {} min 0 max 5000",
                    crate::search::MOVE_OVERHEAD.as_millis()
                ));
                self.say(format!(
                    "option name Skill Level type spin default {m} min 1 max {m}",
                    m = ai::MAX_LEVEL
                ));
                if let Some(l) = self.startup.take() {
                    self.loaded(&l, false);
                }
                self.say("uciok");
            }
            "isready" => self.say("readyok"),
            "debug" | "register" => {}
            "ponderhit" => {
                // The search goes on with its limits; its move is no longer held.
                if let Some(job) = &self.job {
                    job.hold.store(false, Ordering::Relaxed);
                }
            }
            "quit" => {
                self.finish();
                return false;
            }
            "stop" => self.finish(),
            "ucinewgame" => {
                self.finish();
                if let Some(s) = self.searcher.as_mut() {
                    s.clear();
                }
                self.reset_board();
            }
            "setoption" => {
                self.finish();
                self.set_option(&rest);
            }
            "position" => {
                self.finish();
                self.position(&rest);
            }
            "go" => {
                self.finish();
                self.go(&rest);
            }
            "d" => self.info(format!("fen {}", self.board.position().fen())),
            _ => self.info(format!("unknown command `{}`", truncate(line))),
        }
        true
    }

    fn reset_board(&mut self) {
        let name = self.variant.clone();
        match self.board_at(&name, None) {
            Ok(b) => self.board = b,
            Err(e) => self.info(format!("cannot start {}: {e}", self.variant)),
        }
    }

    /// A board of variant `name` as played now (Chess960's castling under
    /// `UCI_Chess960`), at its start or at a FEN, writing castling as the
    /// mode says.
    fn board_at(&mut self, name: &str, fen: Option<&str>) -> Result<Board, String> {
        let p = self.catalogue.prepared(name, self.chess960)?;
        let mut b = Board::prepared(&p, fen)?;
        b.castling = self.castling();
        Ok(b)
    }

    fn castling(&self) -> CastlingText {
        if self.chess960 {
            CastlingText::CastlerTakesPartner
        } else {
            CastlingText::CastlerMoves
        }
    }

    /// Tell the GUI what a `VariantPath` did: every file loaded or not
    /// (and the new list of variants, with `list`).
    fn loaded(&self, l: &super::Loaded, list: bool) {
        for f in &l.failures {
            self.info(format!(
                "VariantPath: {}",
                crate::external::lines::clean(f, 300)
            ));
        }
        if !l.names.is_empty() {
            self.info(format!("loaded variants: {}", l.names.join(" ")));
            if list {
                self.say(self.variant_option());
            }
        }
    }

    /// Load `--variant-path` files before the first command; what
    /// happened is told in the answer to `uci`.
    pub fn load_variants(&mut self, spec: &str) {
        let l = self.catalogue.load(spec);
        self.startup = Some(l);
    }

    /// Weigh the evaluation by a values file (`varia uci --values FILE`):
    /// the variant it names, or every variant if it names none.
    pub fn set_values(&mut self, file: &str, text: &str) {
        self.catalogue.set_values(file, text);
        self.reset_board();
    }

    /// Read no values file shipped with a built-in variant (`varia uci
    /// --values none`).
    pub fn without_builtin_values(&mut self) {
        self.catalogue.without_builtin_values();
    }

    fn set_option(&mut self, rest: &[&str]) {
        // setoption name NAME… [value VALUE…]
        let text = rest.join(" ");
        let Some(after) = text.strip_prefix("name ") else {
            self.info("setoption needs `name`");
            return;
        };
        let (name, value) = match after.find(" value ") {
            Some(i) => (after[..i].trim(), after[i + 7..].trim()),
            None => (
                after.trim().strip_suffix(" value").unwrap_or(after.trim()),
                "",
            ),
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match self.catalogue.get(value) {
                Ok(v) => {
                    if let Some(why) =
                        unsupported(&v, false).or_else(|| super::two_boards_refusal(&v))
                    {
                        self.info(format!("variant refused: {why}"));
                        return;
                    }
                    // By any of its names; its own name from here on.
                    match self.board_at(&v.name, None) {
                        Ok(b) => {
                            self.variant = v.name.clone();
                            self.board = b;
                            if let Some(s) = self.searcher.as_mut() {
                                s.clear();
                            }
                            self.info(format!(
                                "variant {} startpos {}",
                                self.variant,
                                self.board.position().fen()
                            ));
                        }
                        Err(e) => self.info(format!("variant refused: {e}")),
                    }
                }
                Err(_) => self.info(format!("unknown variant `{}`", truncate(value))),
            },
            "variantpath" => {
                if value.is_empty() || value == "<empty>" {
                    return;
                }
                let l = self.catalogue.load(value);
                self.loaded(&l, true);
            }
            "uci_chess960" => {
                let on = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => {
                        self.info("UCI_Chess960 is true or false");
                        return;
                    }
                };
                if on != self.chess960 {
                    self.chess960 = on;
                    if on {
                        if let Err(why) = self
                            .catalogue
                            .get(&self.variant)
                            .and_then(|v| super::chess960::rules(&v))
                        {
                            self.info(format!("UCI_Chess960: {why}; its castling is unchanged"));
                        }
                    }
                    self.reset_board();
                }
            }
            "hash" => match spin(value, 1, 4096) {
                Some(mb) => {
                    self.hash_mb = mb as usize;
                    if let Some(s) = self.searcher.as_mut() {
                        s.resize(self.hash_mb);
                    }
                }
                None => self.info("Hash is 1 to 4096 (MB)"),
            },
            "clear hash" => {
                if let Some(s) = self.searcher.as_mut() {
                    s.clear();
                }
            }
            "multipv" => match spin(value, 1, 64) {
                Some(n) => self.multipv = n as usize,
                None => self.info("MultiPV is 1 to 64"),
            },
            "skill level" => match spin(value, 1, ai::MAX_LEVEL as i64) {
                Some(n) => self.skill = n as u8,
                None => self.info(format!("Skill Level is 1 to {}", ai::MAX_LEVEL)),
            },
            "threads" => match spin(value, 1, crate::search::MAX_THREADS as i64) {
                Some(n) => {
                    self.threads = n as usize;
                    if let Some(s) = self.searcher.as_mut() {
                        s.set_threads(self.threads);
                    }
                }
                None => self.info(format!("Threads is 1 to {}", crate::search::MAX_THREADS)),
            },
            "move overhead" => match spin(value, 0, 5000) {
                Some(n) => self.overhead = Duration::from_millis(n as u64),
                None => self.info("Move Overhead is 0 to 5000 (milliseconds)"),
            },
            "ponder" | "uci_analysemode" => {}
            _ => self.info(format!("unknown option `{}`", truncate(name))),
        }
    }

    fn position(&mut self, rest: &[&str]) {
        let moves_at = rest.iter().position(|w| *w == "moves");
        let head = &rest[..moves_at.unwrap_or(rest.len())];
        let name = self.variant.clone();
        let board = match head.first() {
            Some(&"startpos") => self.board_at(&name, None),
            Some(&"fen") if head.len() > 1 => self.board_at(&name, Some(&head[1..].join(" "))),
            _ => Err("position needs `startpos` or `fen FEN`".to_string()),
        };
        let mut board = match board {
            Ok(b) => b,
            Err(e) => {
                self.info(format!("position refused: {e}"));
                return;
            }
        };
        if let Some(i) = moves_at {
            for m in &rest[i + 1..] {
                if let Err(e) = board.play_text(m) {
                    self.info(format!("{e}; the moves after it are ignored"));
                    self.info(crate::explain::explain_text(&board.session, m).text);
                    break;
                }
            }
        }
        self.board = board;
    }

    fn go(&mut self, rest: &[&str]) {
        let mut limits = Limits::default();
        let (mut wtime, mut btime, mut winc, mut binc, mut mtg) = (None, None, None, None, None);
        let mut perft = None;
        let mut ponder = false;
        let mut searchmoves: Vec<Move> = Vec::new();
        let mut i = 0;
        let num = |i: usize| rest.get(i + 1).and_then(|w| w.parse::<i64>().ok());
        // Times beyond a day and a half are taken as that (no overflow later).
        let ms = |v: Option<i64>| v.map(|x| Duration::from_millis(x.clamp(0, 1 << 27) as u64));
        while i < rest.len() {
            let w = rest[i];
            let mut used = 2;
            match w {
                "depth" => limits.depth = num(i).map(|d| d.clamp(1, 80) as u32),
                "mate" => limits.depth = num(i).map(|d| (2 * d).clamp(1, 80) as u32),
                "nodes" => limits.nodes = num(i).map(|n| n.max(1) as u64),
                "movetime" => limits.movetime = ms(num(i)),
                "wtime" => wtime = ms(num(i)),
                "btime" => btime = ms(num(i)),
                "winc" => winc = ms(num(i)),
                "binc" => binc = ms(num(i)),
                "movestogo" => mtg = num(i).map(|n| n.clamp(1, 1000) as u32),
                "perft" => perft = num(i).map(|n| n.clamp(0, 12) as u32),
                "infinite" => {
                    limits.infinite = true;
                    used = 1;
                }
                "ponder" => {
                    ponder = true;
                    used = 1;
                }
                "searchmoves" => {
                    used = 1;
                    while let Some(m) = rest.get(i + used).and_then(|t| {
                        super::parse_move_as(self.board.position(), t, self.board.castling)
                    }) {
                        searchmoves.push(m);
                        used += 1;
                    }
                }
                _ => used = 1,
            }
            i += used;
        }
        if let Some(d) = perft {
            self.perft(d);
            return;
        }
        let white = self.board.position().turn() % 2 == 0;
        let (time, inc) = if white { (wtime, winc) } else { (btime, binc) };
        if let Some(t) = time {
            limits.clock = Some(Clock {
                time: t,
                inc: inc.unwrap_or_default(),
                moves_to_go: mtg,
                overhead: self.overhead,
            });
        }
        // `go infinite` answers only after `stop`, `go ponder` after
        // `ponderhit` or `stop`, whatever ends the search itself.
        let hold = Arc::new(AtomicBool::new(limits.infinite || ponder));
        if self.skill < ai::MAX_LEVEL {
            let l = ai::Limits::for_level(self.skill);
            limits.nodes = Some(limits.nodes.map_or(l.nodes, |n| n.min(l.nodes)));
            limits.depth = Some(limits.depth.map_or(l.depth, |d| d.min(l.depth)));
            limits.infinite = false;
        }
        let Some(mut searcher) = self.searcher.take() else {
            self.say("bestmove (none)");
            return;
        };
        searcher.multipv = self.multipv;
        let stop = searcher.stop_flag();
        let board = self.board.clone();
        let out = self.out.clone();
        let root = (!searchmoves.is_empty()).then_some(searchmoves);
        let (held, stopped) = (hold.clone(), stop.clone());
        let handle = std::thread::spawn(move || {
            let mut g = board.session.clone();
            let found = searcher.search(&mut g, &limits, root, &mut |info| {
                out(info_line(&board, info));
            });
            while held.load(Ordering::Relaxed) && !stopped.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            let pos = board.position();
            let line = match found.best {
                Some(b) => {
                    let mut s = format!("bestmove {}", board.text(b));
                    if let Some(p) = found.ponder {
                        let mut after = pos.clone();
                        after.play(b);
                        if after.is_legal(p) {
                            let t = super::move_text_as(&after, p, board.castling);
                            s.push_str(&format!(" ponder {t}"));
                        }
                    }
                    s
                }
                None => "bestmove (none)".to_string(),
            };
            out(line);
            searcher
        });
        self.job = Some(Job { handle, stop, hold });
    }

    /// `go perft N` on a thread of its own: the commands that follow wait
    /// for it, but `stop` ends it (with a line saying so instead of the
    /// total) and `quit` ends the process.
    fn perft(&mut self, depth: u32) {
        let mut pos = self.board.position().clone();
        let style = self.board.castling;
        let out = self.out.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let (done, done_rx) = std::sync::mpsc::channel::<()>();
        std::thread::spawn(move || {
            let start = std::time::Instant::now();
            let mut total = Some(u64::from(depth == 0));
            if depth > 0 {
                let root = pos.clone();
                for m in root.legal_moves().iter().copied() {
                    let undo = pos.make(m);
                    let n = perft_stoppable(&mut pos, depth - 1, &flag);
                    pos.unmake(m, undo);
                    match n {
                        Some(n) => {
                            out(format!("{}: {n}", super::move_text_as(&root, m, style)));
                            total = total.map(|t| t + n);
                        }
                        None => {
                            total = None;
                            break;
                        }
                    }
                }
            }
            let ms = start.elapsed().as_millis().max(1);
            match total {
                Some(total) => {
                    out(String::new());
                    out(format!("Nodes searched: {total}"));
                    out(format!("info string perft {depth} in {ms} ms"));
                }
                None => out(format!("info string perft {depth} stopped after {ms} ms")),
            }
            let _ = done.send(());
        });
        self.perft = Some((stop, done_rx));
    }

    /// Wait for a running `go perft` to end.
    fn wait_perft(&mut self) {
        if let Some((_, rx)) = self.perft.take() {
            let _ = rx.recv();
        }
    }

    /// End a running `go perft` now.
    fn stop_perft(&mut self) {
        if let Some((stop, rx)) = self.perft.take() {
            stop.store(true, Ordering::Relaxed);
            let _ = rx.recv();
        }
    }

    /// The input ended: end a running search (its `bestmove` is printed)
    /// or perft, as `quit` does.
    pub fn shutdown(&mut self) {
        self.stop_perft();
        self.finish();
    }

    /// A line longer than the cap was skipped.
    pub fn too_long(&mut self) {
        self.info(format!(
            "a line longer than {} bytes was skipped",
            crate::external::lines::MAX_PROTOCOL_LINE
        ));
    }
}

/// Perft that gives up (`None`) once `stop` is set: the plies near the
/// leaves are counted in bulk ([`engine::perft`]), the stop flag is read
/// above them.
fn perft_stoppable(
    pos: &mut crate::engine::Position,
    depth: u32,
    stop: &AtomicBool,
) -> Option<u64> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if depth <= 2 {
        return Some(engine::perft(pos, depth));
    }
    let mut total = 0;
    for m in pos.legal_moves().iter().copied() {
        let undo = pos.make(m);
        let n = perft_stoppable(pos, depth - 1, stop);
        pos.unmake(m, undo);
        total += n?;
    }
    Some(total)
}

fn truncate(s: &str) -> String {
    s.chars().take(80).collect()
}

/// An `info` line for a completed depth.
pub fn info_line(board: &Board, info: &Info<Move>) -> String {
    let ms = info.elapsed.as_millis() as u64;
    let nps = info.nodes * 1000 / ms.max(1);
    let score = match info.score {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(m) => format!("mate {m}"),
    };
    let pv = board.line_text(&info.pv).join(" ");
    format!(
        "info depth {} seldepth {} multipv {} score {score} nodes {} nps {nps} hashfull {} time {ms} pv {pv}",
        info.depth, info.seldepth, info.multipv, info.nodes, info.hashfull
    )
}
