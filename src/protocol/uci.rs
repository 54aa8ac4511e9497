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
//! `searchmoves`, `mate` (as a depth) and `perft N`, `stop`, `ponderhit`
//! (the search goes on with its limits), `quit`, and `d` (the FEN).
//! Options: `UCI_Variant` (every variant as a combo), `VariantPath`,
//! `Hash`, `Clear Hash`, `MultiPV`, `Skill Level` (1…8: the AI levels'
//! node budgets; 8 is unlimited). With more than two players the clock of
//! seats 0, 2 is `wtime`, of seats 1, 3 `btime`.

use super::{move_text, unsupported, Board, Catalogue};
use crate::ai;
use crate::engine::{self, Move};
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
    /// The running search, its stop flag, and whether it is infinite.
    job: Option<(JoinHandle<Searcher<Move>>, Arc<AtomicBool>, bool)>,
    hash_mb: usize,
    multipv: usize,
    skill: u8,
    /// A running `go perft` signals its end here.
    perft: Option<std::sync::mpsc::Receiver<()>>,
}

fn spin(v: &str, min: i64, max: i64) -> Option<i64> {
    v.trim()
        .parse::<i64>()
        .ok()
        .filter(|x| (min..=max).contains(x))
}

impl Uci {
    pub fn new(out: Out) -> Uci {
        let v = crate::load::builtin("chess", &[]).expect("chess is built in");
        Uci {
            out,
            catalogue: Catalogue::new(),
            variant: "chess".into(),
            board: Board::new(v).expect("chess starts"),
            searcher: Some(Searcher::new(16)),
            job: None,
            hash_mb: 16,
            multipv: 1,
            skill: ai::MAX_LEVEL,
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
        for n in self.catalogue.names() {
            s.push_str(" var ");
            s.push_str(&n);
        }
        s
    }

    /// Wait for a running search to end (it prints its `bestmove`).
    fn finish(&mut self, stop: bool) {
        if let Some((h, flag, infinite)) = self.job.take() {
            if stop || infinite {
                flag.store(true, Ordering::Relaxed);
            }
            match h.join() {
                Ok(s) => self.searcher = Some(s),
                Err(_) => {
                    self.info("the search failed; the table is reset");
                    self.searcher = Some(Searcher::new(self.hash_mb));
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
        // Commands wait for a running perft, except those that must answer now.
        if !matches!(cmd, "isready" | "quit" | "stop" | "uci" | "debug") {
            self.wait_perft(Duration::from_secs(3600));
        }
        match cmd {
            "uci" => {
                self.say(format!("id name varia {}", env!("CARGO_PKG_VERSION")));
                self.say("id author the varia authors");
                self.say(self.variant_option());
                self.say("option name VariantPath type string default <empty>");
                self.say("option name Hash type spin default 16 min 1 max 4096");
                self.say("option name Clear Hash type button");
                self.say("option name MultiPV type spin default 1 min 1 max 64");
                self.say(format!(
                    "option name Skill Level type spin default {m} min 1 max {m}",
                    m = ai::MAX_LEVEL
                ));
                self.say("uciok");
            }
            "isready" => self.say("readyok"),
            "debug" | "register" | "ponderhit" => {}
            "quit" => {
                self.finish(true);
                return false;
            }
            "stop" => self.finish(true),
            "ucinewgame" => {
                self.finish(true);
                if let Some(s) = self.searcher.as_mut() {
                    s.clear();
                }
                self.reset_board();
            }
            "setoption" => {
                self.finish(true);
                self.set_option(&rest);
            }
            "position" => {
                self.finish(true);
                self.position(&rest);
            }
            "go" => {
                self.finish(true);
                self.go(&rest);
            }
            "d" => self.info(format!("fen {}", self.board.position().fen())),
            _ => self.info(format!("unknown command `{}`", truncate(line))),
        }
        true
    }

    fn reset_board(&mut self) {
        match self.catalogue.get(&self.variant).and_then(Board::new) {
            Ok(b) => self.board = b,
            Err(e) => self.info(format!("cannot start {}: {e}", self.variant)),
        }
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
                    if let Some(why) = unsupported(&v, false) {
                        self.info(format!("variant refused: {why}"));
                        return;
                    }
                    match Board::new(v) {
                        Ok(b) => {
                            self.variant = value.to_string();
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
                match self.catalogue.load(value) {
                    Ok(names) => {
                        self.info(format!("loaded variants: {}", names.join(" ")));
                        self.say(self.variant_option());
                    }
                    Err(e) => self.info(format!("VariantPath: {e}")),
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
            "threads" | "ponder" | "uci_chess960" | "move overhead" | "uci_analysemode" => {}
            _ => self.info(format!("unknown option `{}`", truncate(name))),
        }
    }

    fn position(&mut self, rest: &[&str]) {
        let variant = match self.catalogue.get(&self.variant) {
            Ok(v) => v,
            Err(e) => {
                self.info(e);
                return;
            }
        };
        let moves_at = rest.iter().position(|w| *w == "moves");
        let head = &rest[..moves_at.unwrap_or(rest.len())];
        let board = match head.first() {
            Some(&"startpos") => Board::new(variant),
            Some(&"fen") if head.len() > 1 => Board::from_fen(&variant, &head[1..].join(" ")),
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
                "ponder" => used = 1,
                "searchmoves" => {
                    used = 1;
                    while let Some(m) = rest
                        .get(i + used)
                        .and_then(|t| super::parse_move(self.board.position(), t))
                    {
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
            });
        }
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
        let flag = searcher.stop_flag();
        let board = self.board.clone();
        let out = self.out.clone();
        let infinite = limits.infinite;
        let root = (!searchmoves.is_empty()).then_some(searchmoves);
        let waiter = flag.clone();
        let handle = std::thread::spawn(move || {
            let mut g = board.session.clone();
            let found = searcher.search(&mut g, &limits, root, &mut |info| {
                out(info_line(&board, info));
            });
            // `go infinite` answers only after `stop`.
            while infinite && !waiter.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            let pos = board.position();
            let line = match found.best {
                Some(b) => {
                    let mut s = format!("bestmove {}", move_text(pos, b));
                    if let Some(p) = found.ponder {
                        let mut after = pos.clone();
                        after.play(b);
                        if after.is_legal(p) {
                            s.push_str(&format!(" ponder {}", move_text(&after, p)));
                        }
                    }
                    s
                }
                None => "bestmove (none)".to_string(),
            };
            out(line);
            searcher
        });
        self.job = Some((handle, flag, infinite));
    }

    /// `go perft N` on a thread of its own: a deep count cannot be
    /// stopped, but it never blocks the commands that follow (and `quit`
    /// ends the process).
    fn perft(&mut self, depth: u32) {
        let mut pos = self.board.position().clone();
        let out = self.out.clone();
        let (done, done_rx) = std::sync::mpsc::channel::<()>();
        std::thread::spawn(move || {
            let start = std::time::Instant::now();
            let root = pos.clone();
            let mut total = 0;
            if depth > 0 {
                for (m, n) in engine::divide(&mut pos, depth) {
                    out(format!("{}: {n}", move_text(&root, m)));
                    total += n;
                }
            } else {
                total = 1;
            }
            let ms = start.elapsed().as_millis().max(1);
            out(String::new());
            out(format!("Nodes searched: {total}"));
            out(format!("info string perft {depth} in {ms} ms"));
            let _ = done.send(());
        });
        self.perft = Some(done_rx);
    }

    /// Wait for a running `go perft` (at most `limit`).
    fn wait_perft(&mut self, limit: Duration) {
        if let Some(rx) = self.perft.take() {
            let _ = rx.recv_timeout(limit);
        }
    }

    /// The input ended: let a limited search finish (scripts pipe `go`
    /// and close), stop an infinite one.
    pub fn shutdown(&mut self) {
        self.finish(false);
        self.wait_perft(Duration::from_secs(60));
    }
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
