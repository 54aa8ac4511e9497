//! External engines as players: a child process spoken to in UCI or
//! XBoard. Nothing the engine does can take varia down: every wait has a
//! deadline, every write too (a writer thread with a bounded queue, so an
//! engine that stops reading its input forfeits instead of blocking
//! varia), lines read are capped in length ([`MAX_ENGINE_LINE`]) and in
//! number per exchange ([`MAX_LINES`]), and the engine's words are
//! cleaned ([`lines::clean`]) before they reach a screen or a record. A
//! silent, flooding, crashed or stuck engine costs its seat the game
//! (reported as an error with the reason), never a hang.

use super::lines::{self, Line, MAX_ENGINE_LINE};
use crate::notation::protocol_text::shift_ranks;
use crate::search::game::GameText;
use crate::search::Score;
use std::io::{BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The most lines an engine may write in one exchange (the handshake, or
/// one move): far above what a real engine prints (an `info` line per
/// depth and per root move), far below what fills memory or time.
pub const MAX_LINES: usize = 100_000;

/// How long the handshake (and choosing a variant) may take, off the clock.
pub const START_TIMEOUT: Duration = Duration::from_secs(15);

/// Without a clock (`st`, `tc`), the engine is sent `go movetime` this long …
pub const FREE_MOVETIME: Duration = Duration::from_secs(1);
/// … and may take this much more before it forfeits.
pub const FREE_MARGIN: Duration = Duration::from_secs(1);
/// With `depth=` or `nodes=` and no clock (no time is sent), a move may
/// take at most this long.
pub const SEARCH_LIMIT: Duration = Duration::from_secs(60);

/// How many lines may wait, read but not yet looked at, or queued to be
/// written: memory stays bounded whatever the engine does.
const QUEUE: usize = 64;

/// Engine text shown in a reason is cut at this many characters.
const SHOWN: usize = 80;

/// Which protocol an external engine speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    Xboard,
}

/// An external engine seat: `uci:PATH;option.NAME=VALUE;arg=ARG;tc=…`.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineSpec {
    pub protocol: Protocol,
    pub path: String,
    pub args: Vec<String>,
    /// Options to set (UCI `setoption`, XBoard `option`).
    pub options: Vec<(String, String)>,
    /// Let the engine search this deep (with no clock).
    pub depth: Option<u32>,
    /// Let the engine search this many nodes (UCI only, with no clock).
    pub nodes: Option<u64>,
}

/// How long the engine may think.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Budget {
    /// Exactly this long.
    MoveTime(Duration),
    /// Clocks: own and the opponent's time, increments, moves to go.
    Clock {
        own: Duration,
        other: Duration,
        inc: Duration,
        moves_to_go: Option<u32>,
    },
    /// No clock: the engine's own depth or node setting, or
    /// [`FREE_MOVETIME`].
    Free,
}

/// What the reader thread passes on.
enum Event {
    Line(String),
    /// A line longer than [`MAX_ENGINE_LINE`]: the reader stopped there.
    TooLong,
}

/// The engine's standard input, written by a thread of its own.
struct Input {
    tx: Option<SyncSender<String>>,
    /// Lines queued or being written, not yet taken by the engine.
    pending: Arc<AtomicUsize>,
}

impl Input {
    fn new(mut stdin: std::process::ChildStdin) -> Input {
        let (tx, rx) = mpsc::sync_channel::<String>(QUEUE);
        let pending = Arc::new(AtomicUsize::new(0));
        let left = pending.clone();
        std::thread::spawn(move || {
            for line in rx {
                // Blocks while the engine does not read; ends with an
                // error once it is gone (killed when varia gives up on it).
                let ok = stdin
                    .write_all(line.as_bytes())
                    .and_then(|_| stdin.write_all(b"\n"))
                    .and_then(|_| stdin.flush())
                    .is_ok();
                left.fetch_sub(1, Ordering::Relaxed);
                if !ok {
                    break;
                }
            }
        });
        Input {
            tx: Some(tx),
            pending,
        }
    }

    /// Queue a line; waits for room until `deadline` at most.
    fn send(&self, line: String, deadline: Instant) -> Result<(), Fault> {
        let Some(tx) = &self.tx else {
            return Err(Fault::Exited);
        };
        self.pending.fetch_add(1, Ordering::Relaxed);
        let mut line = line;
        loop {
            match tx.try_send(line) {
                Ok(()) => return Ok(()),
                Err(TrySendError::Full(l)) => {
                    if Instant::now() >= deadline {
                        self.pending.fetch_sub(1, Ordering::Relaxed);
                        return Err(Fault::NotReading);
                    }
                    line = l;
                    std::thread::sleep(Duration::from_millis(2));
                }
                Err(TrySendError::Disconnected(_)) => {
                    self.pending.fetch_sub(1, Ordering::Relaxed);
                    return Err(Fault::Exited);
                }
            }
        }
    }

    fn stuck(&self) -> bool {
        self.pending.load(Ordering::Relaxed) > 0
    }
}

/// Why an exchange with the engine failed.
enum Fault {
    Exited,
    NotReading,
    Late(Duration),
    TooLong,
    TooMany,
    /// A reason already in words.
    Said(String),
}

/// A running external engine.
pub struct Engine {
    spec: EngineSpec,
    child: Child,
    input: Input,
    lines: Receiver<Event>,
    /// The current exchange: when it must be over, how long it was given,
    /// and the lines read in it.
    deadline: Instant,
    allowed: Duration,
    read: usize,
    /// XBoard: the moves the engine has been told, and its variant.
    sent: Vec<String>,
    started: bool,
    variant_set: Option<String>,
    /// XBoard features.
    usermove: bool,
    setboard: bool,
    xb_variants: Vec<String>,
    /// UCI: the score and depth of the last `info` line of the last search
    /// that had both (of its first line, with MultiPV).
    last_eval: Option<EngineEval>,
}

/// What a UCI engine said of its search: `score cp X` or `score mate N`
/// (for the side to move), at `depth D`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineEval {
    pub score: Score,
    pub depth: u32,
}

impl EngineEval {
    /// Read an `info` line's depth and score (`None` without both, or for
    /// a line of a MultiPV search other than the first, or a bound).
    pub fn parse(line: &str) -> Option<EngineEval> {
        let mut w: Vec<&str> = line.split_whitespace().collect();
        if w.first() != Some(&"info") {
            return None;
        }
        // `string` takes the rest of the line as text.
        if let Some(i) = w.iter().position(|x| *x == "string") {
            w.truncate(i);
        }
        let after = |key: &str| w.iter().position(|x| *x == key).and_then(|i| w.get(i + 1));
        if after("multipv").is_some_and(|m| *m != "1")
            || w.contains(&"lowerbound")
            || w.contains(&"upperbound")
        {
            return None;
        }
        let depth = after("depth")?.parse().ok()?;
        let i = w.iter().position(|x| *x == "score")?;
        let n: i32 = w.get(i + 2)?.parse().ok()?;
        let score = match *w.get(i + 1)? {
            "cp" => Score::Cp(n),
            "mate" => Score::Mate(n),
            _ => return None,
        };
        Some(EngineEval { score, depth })
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // `quit` only if there is room (never wait for an engine that does
        // not read), then close its input, then a short grace before the kill.
        if let Some(tx) = self.input.tx.take() {
            let _ = tx.try_send("quit".into());
        }
        let end = Instant::now() + Duration::from_millis(300);
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Engine {
    /// Start the program and finish the protocol's handshake.
    pub fn start(spec: &EngineSpec) -> Result<Engine, String> {
        let mut child = Command::new(&spec.path)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", spec.path))?;
        let stdin = child.stdin.take().ok_or("no engine input")?;
        let stdout = child.stdout.take().ok_or("no engine output")?;
        let (tx, rx) = mpsc::sync_channel(QUEUE);
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let event = match lines::read_line(&mut r, MAX_ENGINE_LINE, true) {
                    Ok(Some(Line::Text(l))) => Event::Line(l),
                    Ok(Some(Line::TooLong)) => Event::TooLong,
                    Ok(None) | Err(_) => break,
                };
                let last = matches!(event, Event::TooLong);
                // Blocks while varia is not listening (the queue is
                // bounded); ends when the engine is dropped.
                if tx.send(event).is_err() || last {
                    break;
                }
            }
        });
        let mut e = Engine {
            spec: spec.clone(),
            child,
            input: Input::new(stdin),
            lines: rx,
            deadline: Instant::now(),
            allowed: START_TIMEOUT,
            read: 0,
            sent: Vec::new(),
            started: false,
            variant_set: None,
            usermove: false,
            setboard: false,
            xb_variants: Vec::new(),
            last_eval: None,
        };
        e.exchange(START_TIMEOUT);
        let done = match spec.protocol {
            Protocol::Uci => e.uci_handshake(),
            Protocol::Xboard => e.xboard_handshake(),
        };
        done.map_err(|f| e.explain(f))?;
        Ok(e)
    }

    /// Begin an exchange that may take `allowed`.
    fn exchange(&mut self, allowed: Duration) {
        self.allowed = allowed;
        self.deadline = Instant::now() + allowed;
        self.read = 0;
    }

    /// A fault in words, for the forfeit's reason.
    fn explain(&mut self, f: Fault) -> String {
        let who = &self.spec.path;
        match f {
            Fault::Exited => {
                // The output closes as the process ends: a moment for its status.
                let end = Instant::now() + Duration::from_millis(200);
                loop {
                    match self.child.try_wait() {
                        Ok(Some(st)) => break format!("{who} exited ({st})"),
                        Ok(None) if Instant::now() < end => {
                            std::thread::sleep(Duration::from_millis(5))
                        }
                        _ => break format!("{who} closed its output"),
                    }
                }
            }
            Fault::NotReading => format!("{who} stopped reading its input"),
            Fault::Late(t) => format!("{who} did not answer within {:.1} s", t.as_secs_f64()),
            Fault::TooLong => format!("{who} wrote a line longer than {MAX_ENGINE_LINE} bytes"),
            Fault::TooMany => format!("{who} wrote more than {MAX_LINES} lines for one answer"),
            Fault::Said(s) => s,
        }
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        self.input.send(line.to_string(), self.deadline)
    }

    /// The next line of the exchange (trimmed).
    fn line(&mut self) -> Result<String, Fault> {
        let wait = self.deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Event::Line(l)) => {
                self.read += 1;
                if self.read > MAX_LINES {
                    return Err(Fault::TooMany);
                }
                Ok(l.trim().to_string())
            }
            Ok(Event::TooLong) => Err(Fault::TooLong),
            Err(RecvTimeoutError::Timeout) if self.input.stuck() => Err(Fault::NotReading),
            Err(RecvTimeoutError::Timeout) => Err(Fault::Late(self.allowed)),
            Err(RecvTimeoutError::Disconnected) => Err(Fault::Exited),
        }
    }

    /// Read lines up to one that starts with `word`; returns it.
    fn wait_for(&mut self, word: &str) -> Result<String, Fault> {
        loop {
            let l = self.line()?;
            if l.split_whitespace().next() == Some(word) {
                return Ok(l);
            }
        }
    }

    // ----- UCI -----

    fn uci_handshake(&mut self) -> Result<(), Fault> {
        self.send("uci")?;
        loop {
            let l = self.line()?;
            if l.split_whitespace().next() == Some("uciok") {
                break;
            }
            if l.starts_with("option name UCI_Variant ") {
                let w: Vec<&str> = l.split_whitespace().collect();
                self.xb_variants = w
                    .windows(2)
                    .filter(|p| p[0] == "var")
                    .map(|p| p[1].to_string())
                    .collect();
            }
        }
        for (k, v) in self.spec.options.clone() {
            self.send(&format!("setoption name {k} value {v}"))?;
        }
        self.send("isready")?;
        self.wait_for("readyok")?;
        Ok(())
    }

    /// The score and depth of the last search's last `info` line that had
    /// both (UCI; `None` for XBoard engines).
    pub fn last_eval(&self) -> Option<EngineEval> {
        self.last_eval
    }

    /// Whether the engine offers this variant (chess always).
    pub fn knows(&self, variant: &str) -> bool {
        variant == "chess" || self.xb_variants.iter().any(|v| v == variant)
    }

    fn uci_variant(&mut self, variant: &str) -> Result<(), String> {
        if self.variant_set.as_deref() == Some(variant) {
            return Ok(());
        }
        let chosen = self
            .spec
            .options
            .iter()
            .any(|(k, _)| k.eq_ignore_ascii_case("UCI_Variant"));
        if !chosen && !self.knows(variant) {
            return Err(format!(
                "{} does not list the variant `{variant}`",
                self.spec.path
            ));
        }
        self.exchange(START_TIMEOUT);
        let r = (|| {
            if !chosen && (variant != "chess" || !self.xb_variants.is_empty()) {
                self.send(&format!("setoption name UCI_Variant value {variant}"))?;
            }
            self.send("ucinewgame")?;
            self.send("isready")?;
            self.wait_for("readyok").map(|_| ())
        })();
        r.map_err(|f| self.explain(f))?;
        self.variant_set = Some(variant.to_string());
        Ok(())
    }

    /// Get ready to play `variant` (UCI: select it and start a new game;
    /// XBoard does this with its first move). Off the clock.
    pub fn prepare(&mut self, variant: &str) -> Result<(), String> {
        match self.spec.protocol {
            Protocol::Uci => self.uci_variant(variant),
            Protocol::Xboard => Ok(()),
        }
    }

    /// How long a move may take without a clock: the `movetime` varia
    /// sends and a margin, or [`SEARCH_LIMIT`] with `depth=`/`nodes=`.
    pub fn free_limit(&self) -> Duration {
        if self.spec.depth.is_some() || self.spec.nodes.is_some() {
            SEARCH_LIMIT
        } else {
            FREE_MOVETIME + FREE_MARGIN
        }
    }

    /// Ask for a move, which must come within `limit`; returns its text
    /// (cleaned of control characters, cut to a sane length).
    pub fn best_move(
        &mut self,
        game: &GameText,
        budget: Budget,
        limit: Duration,
    ) -> Result<String, String> {
        match self.spec.protocol {
            Protocol::Uci => {
                self.uci_variant(&game.variant)?;
                self.exchange(limit);
                self.uci_move(game, budget).map_err(|f| self.explain(f))
            }
            Protocol::Xboard => {
                self.exchange(limit);
                self.xboard_move(game, budget)
            }
        }
    }

    fn uci_move(&mut self, game: &GameText, budget: Budget) -> Result<String, Fault> {
        let mut pos = match &game.fen {
            Some(f) => format!("position fen {f}"),
            None => "position startpos".to_string(),
        };
        if !game.moves.is_empty() {
            pos.push_str(" moves ");
            pos.push_str(&game.moves.join(" "));
        }
        self.send(&pos)?;
        let white = game.turn % 2 == 0;
        let go = match budget {
            Budget::MoveTime(t) => format!("go movetime {}", t.as_millis().max(1)),
            Budget::Clock {
                own,
                other,
                inc,
                moves_to_go,
            } => {
                let (w, b) = if white { (own, other) } else { (other, own) };
                let mut s = format!(
                    "go wtime {} btime {} winc {} binc {}",
                    w.as_millis(),
                    b.as_millis(),
                    inc.as_millis(),
                    inc.as_millis()
                );
                if let Some(m) = moves_to_go {
                    s.push_str(&format!(" movestogo {m}"));
                }
                s
            }
            Budget::Free => match (self.spec.depth, self.spec.nodes) {
                (Some(d), _) => format!("go depth {d}"),
                (None, Some(n)) => format!("go nodes {n}"),
                (None, None) => format!("go movetime {}", FREE_MOVETIME.as_millis()),
            },
        };
        self.send(&go)?;
        self.last_eval = None;
        let last = loop {
            let l = self.line()?;
            match l.split_whitespace().next() {
                Some("bestmove") => break l,
                Some("info") => {
                    if let Some(e) = EngineEval::parse(&l) {
                        self.last_eval = Some(e);
                    }
                }
                _ => {}
            }
        };
        match last.split_whitespace().nth(1) {
            Some(m) => Ok(lines::clean(m, SHOWN)),
            None => Err(Fault::Said(format!(
                "{}: `bestmove` without a move",
                self.spec.path
            ))),
        }
    }

    // ----- XBoard -----

    fn xboard_handshake(&mut self) -> Result<(), Fault> {
        self.send("xboard")?;
        self.send("protover 2")?;
        // A protocol-1 engine sends no features: the wait just ends.
        let waited = START_TIMEOUT.min(Duration::from_secs(5));
        self.exchange(waited);
        loop {
            let l = match self.line() {
                Ok(l) => l,
                Err(Fault::Late(_)) => break,
                Err(f) => return Err(f),
            };
            if let Some(f) = l.strip_prefix("feature ") {
                for (k, v) in features(f) {
                    match k.as_str() {
                        "usermove" => self.usermove = v == "1",
                        "setboard" => self.setboard = v == "1",
                        "variants" => {
                            self.xb_variants = v.split(',').map(|s| s.trim().to_string()).collect()
                        }
                        _ => {}
                    }
                    if k != "done" {
                        self.send(&format!("accepted {k}"))?;
                    }
                }
                if f.contains("done=1") {
                    break;
                }
            }
        }
        self.exchange(START_TIMEOUT);
        for (k, v) in self.spec.options.clone() {
            self.send(&format!("option {k}={v}"))?;
        }
        Ok(())
    }

    fn xboard_move(&mut self, game: &GameText, budget: Budget) -> Result<String, String> {
        let name = if game.variant == "chess" {
            "normal"
        } else {
            game.variant.as_str()
        };
        // Start again when the game is not the one the engine holds.
        let continues = self.started
            && self.variant_set.as_deref() == Some(name)
            && game.moves.starts_with(&self.sent);
        if !continues {
            if name != "normal" && !self.xb_variants.iter().any(|v| v == name) {
                return Err(format!(
                    "{} does not list the variant `{name}`",
                    self.spec.path
                ));
            }
            if game.fen.is_some() && !self.setboard {
                return Err(format!("{} cannot set up a position", self.spec.path));
            }
        }
        let name = name.to_string();
        self.xboard_exchange(game, budget, &name, continues)
            .map_err(|f| self.explain(f))
    }

    /// The XBoard move exchange.
    fn xboard_exchange(
        &mut self,
        game: &GameText,
        budget: Budget,
        name: &str,
        continues: bool,
    ) -> Result<String, Fault> {
        if !continues {
            self.send("new")?;
            if name != "normal" {
                self.send(&format!("variant {name}"))?;
            }
            self.send("force")?;
            if let Some(f) = &game.fen {
                self.send(&format!("setboard {f}"))?;
            }
            if let Some(d) = self.spec.depth {
                self.send(&format!("sd {d}"))?;
            }
            self.sent.clear();
            self.started = true;
            self.variant_set = Some(name.to_string());
        }
        let shift = |m: &str, d| {
            if game.ranks_from_zero {
                shift_ranks(m, d)
            } else {
                m.to_string()
            }
        };
        for m in game.moves.iter().skip(self.sent.len()).cloned() {
            let text = shift(&m, -1);
            let line = if self.usermove {
                format!("usermove {text}")
            } else {
                text
            };
            self.send(&line)?;
            self.sent.push(m);
        }
        match budget {
            Budget::MoveTime(t) => {
                self.send(&format!("st {}", t.as_secs_f64().max(0.01)))?;
            }
            Budget::Clock {
                own,
                other,
                inc,
                moves_to_go,
            } => {
                let base = own.as_secs_f64() / 60.0;
                self.send(&format!(
                    "level {} {base:.4} {}",
                    moves_to_go.unwrap_or(0),
                    inc.as_secs_f64()
                ))?;
                self.send(&format!("time {}", own.as_millis() / 10))?;
                self.send(&format!("otim {}", other.as_millis() / 10))?;
            }
            Budget::Free => {
                if self.spec.depth.is_none() {
                    self.send(&format!("st {}", FREE_MOVETIME.as_secs_f64()))?;
                }
            }
        }
        self.send("go")?;
        let who = self.spec.path.clone();
        let mv = loop {
            let l = self.line()?;
            let mut w = l.split_whitespace();
            match w.next() {
                Some("move") => break shift(&lines::clean(w.next().unwrap_or(""), SHOWN), 1),
                Some("resign") => return Err(Fault::Said(format!("{who} resigned"))),
                Some(x) if x.starts_with("Illegal") => {
                    return Err(Fault::Said(format!(
                        "{who} said: {}",
                        lines::clean(&l, SHOWN)
                    )))
                }
                _ => {}
            }
        };
        self.send("force")?;
        self.sent.push(mv.clone());
        Ok(mv)
    }

    /// Tell the engine its last move was not accepted (XBoard keeps state).
    pub fn forget(&mut self) {
        self.started = false;
        self.sent.clear();
    }
}

/// `key=value` pairs of a `feature` line (values may be quoted).
fn features(s: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = s.trim();
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].trim().to_string();
        let after = &rest[eq + 1..];
        let (val, next) = if let Some(q) = after.strip_prefix('"') {
            match q.find('"') {
                Some(end) => (q[..end].to_string(), &q[end + 1..]),
                None => (q.to_string(), ""),
            }
        } else {
            let end = after.find(char::is_whitespace).unwrap_or(after.len());
            (after[..end].to_string(), &after[end..])
        };
        out.push((key, val));
        rest = next.trim_start();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_info_lines_score_and_depth_are_read() {
        let e =
            EngineEval::parse("info depth 12 seldepth 18 multipv 1 score cp -35 nodes 9 pv e2e4");
        assert_eq!(
            e,
            Some(EngineEval {
                score: Score::Cp(-35),
                depth: 12
            })
        );
        let m = EngineEval::parse("info score mate -3 depth 7").unwrap();
        assert_eq!((m.score, m.depth), (Score::Mate(-3), 7));
        for not in [
            "info depth 12 multipv 2 score cp 10",
            "info depth 12 score cp 10 lowerbound",
            "info string depth 3 score cp 1",
            "info depth 5 nodes 100",
            "info score cp 10",
            "info depth x score cp 10",
            "info depth 5 score wdl 1 2 3",
            "bestmove e2e4",
        ] {
            assert_eq!(EngineEval::parse(not), None, "{not}");
        }
    }

    #[test]
    fn feature_lines_split() {
        let f = features("ping=1 myname=\"a b\" variants=\"normal,x\" done=1");
        assert_eq!(f[1], ("myname".into(), "a b".into()));
        assert_eq!(f[2].1, "normal,x");
        assert_eq!(f[3], ("done".into(), "1".into()));
    }

    #[test]
    fn a_missing_program_is_an_error() {
        let spec = EngineSpec {
            protocol: Protocol::Uci,
            path: "/nonexistent/engine".into(),
            args: vec![],
            options: vec![],
            depth: None,
            nodes: None,
        };
        assert!(Engine::start(&spec).is_err());
    }
}
