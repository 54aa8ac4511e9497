//! `varia uci` and `varia xboard`: the engine protocols on the standard
//! streams. A reader thread turns standard input into a bounded channel of
//! lines, each at most [`MAX_PROTOCOL_LINE`] bytes (a longer one is
//! skipped, and said so), so a running search never blocks `stop`, `?` or
//! `quit`, and no input fills memory. The end of the input ends a running
//! search (its move is printed) and the process, as `quit` does.

use clap::Args;
use std::io::Write;
use std::sync::mpsc;
use std::sync::Arc;
use varia::external::lines::{self, Line, MAX_PROTOCOL_LINE};

#[derive(Args, Debug, Default)]
pub struct EngineArgs {
    /// Load the variants of a `.variant` file, or of every `.variant` file
    /// of a directory, before the first command (several paths separated
    /// by `;`), as the `VariantPath` option does later: a GUI then sees
    /// them in the first list of variants it is sent. A file that fails to
    /// load is reported with its first diagnostic.
    #[arg(long, value_name = "PATH")]
    pub variant_path: Option<String>,
    /// Weigh the AI's evaluation by a values file written by `varia tune`:
    /// for the variant it names (`variant = ...`), every other variant
    /// keeping its own weights. A file that does not fit its variant is
    /// told as an `info string` when that variant starts. Without it a
    /// built-in variant is weighed by the values file shipped with it;
    /// `none` reads no values file at all.
    #[arg(long, value_name = "FILE")]
    pub values: Option<String>,
}

/// The values file's name and text, or exit status 1 with why.
fn values_text(a: &EngineArgs) -> Result<Option<(String, String)>, i32> {
    let Some(f) = a.values.as_deref().filter(|f| *f != "none") else {
        return Ok(None);
    };
    match varia::textfile::read_text(std::path::Path::new(f), varia::textfile::MAX_RULE_FILE) {
        Ok(t) => Ok(Some((f.to_string(), t))),
        Err(e) => {
            eprintln!("error: cannot read the values file {f}: {e}");
            Err(1)
        }
    }
}

fn stdout_out() -> Arc<dyn Fn(String) + Send + Sync> {
    Arc::new(|s: String| {
        let mut o = std::io::stdout().lock();
        let _ = writeln!(o, "{s}");
        let _ = o.flush();
    })
}

fn stdin_lines() -> mpsc::Receiver<Line> {
    // A few lines ahead at most: memory stays bounded while a long
    // command (a deep `position … moves …`) is handled.
    let (tx, rx) = mpsc::sync_channel(16);
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut lock = stdin.lock();
        while let Ok(Some(line)) = lines::read_line(&mut lock, MAX_PROTOCOL_LINE, false) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// What `uci` and `xboard` do alike before the first command: read the
/// values file (or exit status 1 with why), make the engine on standard
/// output (`new`), load the `--variant-path` files (`load`), weigh by the
/// values file (`values`) or by no built-in one under `--values none`
/// (`no_builtin`), and start reading standard input.
fn start<E>(
    a: &EngineArgs,
    new: fn(varia::protocol::uci::Out) -> E,
    load: fn(&mut E, &str),
    values: fn(&mut E, &str, &str),
    no_builtin: fn(&mut E),
) -> Result<(E, mpsc::Receiver<Line>), i32> {
    let text = values_text(a)?;
    let mut engine = new(stdout_out());
    if let Some(p) = &a.variant_path {
        load(&mut engine, p);
    }
    if let Some((f, t)) = &text {
        values(&mut engine, f, t);
    }
    if a.values.as_deref() == Some("none") {
        no_builtin(&mut engine);
    }
    Ok((engine, stdin_lines()))
}

/// `varia uci`.
pub fn uci(a: &EngineArgs) -> i32 {
    use varia::protocol::uci::Uci;
    let (mut engine, rx) = match start(
        a,
        Uci::new,
        Uci::load_variants,
        Uci::set_values,
        Uci::without_builtin_values,
    ) {
        Ok(x) => x,
        Err(code) => return code,
    };
    while let Ok(line) = rx.recv() {
        match line {
            Line::Text(l) => {
                if !engine.handle(&l) {
                    return 0;
                }
            }
            Line::TooLong => engine.too_long(),
        }
    }
    engine.shutdown();
    0
}

/// `varia xboard`.
pub fn xboard(a: &EngineArgs) -> i32 {
    use varia::protocol::xboard::Xboard;
    let (mut engine, rx) = match start(
        a,
        Xboard::new,
        Xboard::load_variants,
        Xboard::set_values,
        Xboard::without_builtin_values,
    ) {
        Ok(x) => x,
        Err(code) => return code,
    };
    loop {
        // The handshake waits a moment for options (`Xboard::wakeup`).
        let line = match engine.wakeup() {
            Some(t) => match rx.recv_timeout(t) {
                Ok(l) => l,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    engine.tick();
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            },
            None => match rx.recv() {
                Ok(l) => l,
                Err(_) => break,
            },
        };
        match line {
            Line::Text(l) => {
                if !engine.handle(&l) {
                    return 0;
                }
            }
            Line::TooLong => engine.too_long(),
        }
    }
    engine.shutdown();
    0
}
