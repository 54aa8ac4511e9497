//! `varia uci` and `varia xboard`: the engine protocols on the standard
//! streams. A reader thread turns standard input into a channel of lines,
//! so a running search never blocks `stop`, `?` or `quit`.

use std::io::{BufRead, Write};
use std::sync::mpsc;
use std::sync::Arc;

fn stdout_out() -> Arc<dyn Fn(String) + Send + Sync> {
    Arc::new(|s: String| {
        let mut o = std::io::stdout().lock();
        let _ = writeln!(o, "{s}");
        let _ = o.flush();
    })
}

fn stdin_lines() -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut buf = Vec::new();
        let mut lock = stdin.lock();
        loop {
            buf.clear();
            match lock.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    // Input that is not UTF-8 is read as best it can be.
                    let line = String::from_utf8_lossy(&buf).into_owned();
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            }
        }
    });
    rx
}

/// `varia uci`.
pub fn uci() -> i32 {
    let mut engine = varia::protocol::uci::Uci::new(stdout_out());
    let rx = stdin_lines();
    while let Ok(line) = rx.recv() {
        if !engine.handle(&line) {
            return 0;
        }
    }
    engine.shutdown();
    0
}

/// `varia xboard`.
pub fn xboard() -> i32 {
    let mut engine = varia::protocol::xboard::Xboard::new(stdout_out());
    let rx = stdin_lines();
    while let Ok(line) = rx.recv() {
        if !engine.handle(&line) {
            return 0;
        }
    }
    engine.shutdown();
    0
}
