//! External engines as players: a child process spoken to in UCI or
//! XBoard. Every wait has a time limit, so a silent or crashed engine costs
//! its seat the game (reported as an error), never a hang.

use crate::ai::{EngineSpec, Protocol};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// What the engine is asked to play from.
#[derive(Debug, Clone, PartialEq)]
pub struct GameText {
    /// varia's variant name.
    pub variant: String,
    /// The start position, `None` for the variant's own start.
    pub fen: Option<String>,
    /// The moves since, in protocol text.
    pub moves: Vec<String>,
    /// Seat to move: 0 first player.
    pub turn: usize,
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
    /// No clock: the engine's own depth or node setting, or a default.
    Free,
}

/// A running external engine.
pub struct Engine {
    spec: EngineSpec,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// XBoard: the moves the engine has been told, and its variant.
    sent: Vec<String>,
    started: bool,
    variant_set: Option<String>,
    /// XBoard features.
    usermove: bool,
    setboard: bool,
    xb_variants: Vec<String>,
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
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

const START_TIMEOUT: Duration = Duration::from_secs(15);

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
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match r.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let l = String::from_utf8_lossy(&buf).trim().to_string();
                        if tx.send(l).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut e = Engine {
            spec: spec.clone(),
            child,
            stdin,
            lines: rx,
            sent: Vec::new(),
            started: false,
            variant_set: None,
            usermove: false,
            setboard: false,
            xb_variants: Vec::new(),
        };
        match spec.protocol {
            Protocol::Uci => e.uci_handshake()?,
            Protocol::Xboard => e.xboard_handshake()?,
        }
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("{} stopped reading: {e}", self.spec.path))
    }

    /// The next line, or an error after `deadline`.
    fn line(&mut self, deadline: Instant) -> Result<String, String> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => {
                Err(format!("{} did not answer in time", self.spec.path))
            }
            Err(RecvTimeoutError::Disconnected) => Err(format!("{} exited", self.spec.path)),
        }
    }

    fn wait_for(&mut self, word: &str, timeout: Duration) -> Result<Vec<String>, String> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let l = self.line(deadline)?;
            let first = l.split_whitespace().next() == Some(word);
            seen.push(l);
            if first {
                return Ok(seen);
            }
        }
    }

    // ----- UCI -----

    fn uci_handshake(&mut self) -> Result<(), String> {
        self.send("uci")?;
        let lines = self.wait_for("uciok", START_TIMEOUT)?;
        self.xb_variants = lines
            .iter()
            .find(|l| l.starts_with("option name UCI_Variant "))
            .map(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                w.windows(2)
                    .filter(|p| p[0] == "var")
                    .map(|p| p[1].to_string())
                    .collect()
            })
            .unwrap_or_default();
        for (k, v) in self.spec.options.clone() {
            self.send(&format!("setoption name {k} value {v}"))?;
        }
        self.send("isready")?;
        self.wait_for("readyok", START_TIMEOUT)?;
        Ok(())
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
        if !chosen {
            if !self.knows(variant) {
                return Err(format!(
                    "{} does not list the variant `{variant}`",
                    self.spec.path
                ));
            }
            if variant != "chess" || !self.xb_variants.is_empty() {
                self.send(&format!("setoption name UCI_Variant value {variant}"))?;
            }
        }
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok", START_TIMEOUT)?;
        self.variant_set = Some(variant.to_string());
        Ok(())
    }

    /// Get ready to play `variant` (UCI: select it and start a new game;
    /// XBoard does this with its first move).
    pub fn prepare(&mut self, variant: &str) -> Result<(), String> {
        match self.spec.protocol {
            Protocol::Uci => self.uci_variant(variant),
            Protocol::Xboard => Ok(()),
        }
    }

    /// Ask for a move; returns its text.
    pub fn best_move(&mut self, game: &GameText, budget: Budget) -> Result<String, String> {
        match self.spec.protocol {
            Protocol::Uci => self.uci_move(game, budget),
            Protocol::Xboard => self.xboard_move(game, budget),
        }
    }

    fn uci_move(&mut self, game: &GameText, budget: Budget) -> Result<String, String> {
        self.uci_variant(&game.variant)?;
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
        let (go, wait) = match budget {
            Budget::MoveTime(t) => (format!("go movetime {}", t.as_millis().max(1)), t),
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
                (s, own + inc)
            }
            Budget::Free => {
                let s = match (self.spec.depth, self.spec.nodes) {
                    (Some(d), _) => format!("go depth {d}"),
                    (None, Some(n)) => format!("go nodes {n}"),
                    (None, None) => "go movetime 1000".to_string(),
                };
                (s, Duration::from_secs(600))
            }
        };
        self.send(&go)?;
        let lines = self.wait_for("bestmove", wait + Duration::from_secs(10))?;
        let last = lines.last().cloned().unwrap_or_default();
        let mv = last
            .split_whitespace()
            .nth(1)
            .ok_or_else(|| format!("{}: `bestmove` without a move", self.spec.path))?;
        Ok(mv.to_string())
    }

    // ----- XBoard -----

    fn xboard_handshake(&mut self) -> Result<(), String> {
        self.send("xboard")?;
        self.send("protover 2")?;
        let deadline = Instant::now() + Duration::from_secs(5);
        // A protocol-1 engine sends no features: the wait just ends.
        while let Ok(l) = self.line(deadline) {
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
            self.send("new")?;
            if name != "normal" {
                self.send(&format!("variant {name}"))?;
            }
            self.send("force")?;
            if let Some(f) = &game.fen {
                if !self.setboard {
                    return Err(format!("{} cannot set up a position", self.spec.path));
                }
                self.send(&format!("setboard {f}"))?;
            }
            if let Some(d) = self.spec.depth {
                self.send(&format!("sd {d}"))?;
            }
            self.sent.clear();
            self.started = true;
            self.variant_set = Some(name.to_string());
        }
        for m in game.moves.iter().skip(self.sent.len()).cloned() {
            let line = if self.usermove {
                format!("usermove {m}")
            } else {
                m.clone()
            };
            self.send(&line)?;
            self.sent.push(m);
        }
        let wait = match budget {
            Budget::MoveTime(t) => {
                self.send(&format!("st {}", t.as_secs_f64().max(0.01)))?;
                t
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
                own + inc
            }
            Budget::Free => {
                if self.spec.depth.is_none() {
                    self.send("st 1")?;
                }
                Duration::from_secs(600)
            }
        };
        self.send("go")?;
        let deadline = Instant::now() + wait + Duration::from_secs(10);
        let mv = loop {
            let l = self.line(deadline)?;
            let mut w = l.split_whitespace();
            match w.next() {
                Some("move") => break w.next().unwrap_or("").to_string(),
                Some("resign") => return Err(format!("{} resigned", self.spec.path)),
                Some(x) if x.starts_with("Illegal") => {
                    return Err(format!("{} said: {l}", self.spec.path))
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
