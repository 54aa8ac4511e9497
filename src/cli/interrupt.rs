//! Ctrl-C and hang-ups during `play`: the game is not lost.
//!
//! With `--save FILE`, SIGINT, SIGTERM or SIGHUP write the game so far to
//! the file (as an unfinished game, `*`) and end the program. Without it,
//! a person at the terminal is asked what to do (`resign`, `save FILE`,
//! `quit` or `continue`, read as ordinary commands at the prompt); a second
//! Ctrl-C before the next line, or a game no person is playing at the
//! terminal, ends it at once. The handler runs on its own thread (the
//! `ctrlc` crate), so varia itself keeps no unsafe code.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

/// What the handler knows of the game.
pub struct Guard {
    /// The record of the game so far, as the file would hold it.
    record: Mutex<Option<String>>,
    /// `--save FILE`.
    save: Option<String>,
    /// A person at the terminal can be asked.
    ask: bool,
    /// Signals since the last line read.
    count: AtomicU32,
}

impl Guard {
    /// Install the handler (once per process; `None` when it cannot be).
    pub fn install(save: Option<String>, ask: bool) -> Option<Arc<Guard>> {
        let g = Arc::new(Guard {
            record: Mutex::new(None),
            save,
            ask,
            count: AtomicU32::new(0),
        });
        let h = g.clone();
        ctrlc::set_handler(move || h.interrupted()).ok()?;
        Some(g)
    }

    /// Whether the game so far must be kept for the handler (`--save`).
    pub fn keeps_record(&self) -> bool {
        self.save.is_some()
    }

    /// The game so far, for the handler to save.
    pub fn keep(&self, pgn: String) {
        if let Ok(mut r) = self.record.lock() {
            *r = Some(pgn);
        }
    }

    /// A line was read: the next Ctrl-C asks again.
    pub fn line_read(&self) {
        self.count.store(0, Ordering::SeqCst);
    }

    fn interrupted(&self) {
        let n = self.count.fetch_add(1, Ordering::SeqCst) + 1;
        if let Some(path) = &self.save {
            // Holding the lock, so no newer record is being stored.
            let text = self.record.lock().ok().and_then(|r| r.clone());
            match text.map(|t| std::fs::write(path, t)) {
                Some(Ok(())) => eprintln!("\nInterrupted: the game so far is saved to {path}."),
                Some(Err(e)) => eprintln!("\nInterrupted: cannot write {path}: {e}."),
                None => eprintln!("\nInterrupted before the game began; nothing to save."),
            }
            std::process::exit(130);
        }
        if !self.ask || n >= 2 {
            eprintln!("\nInterrupted: the game is left unfinished (*).");
            std::process::exit(130);
        }
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        let _ = write!(
            out,
            "\nCtrl-C: type `resign`, `save FILE`, `quit` or `continue` (Ctrl-C again leaves at once).\n> "
        );
        let _ = out.flush();
    }
}
