//! `varia perft` and `varia bench`.

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Arc;
use std::time::{Duration, Instant};
use varia::engine::{self, Position, Tables};
use varia::notation::protocol_text;

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The variant: a built-in name or a path to a `.variant` file.
    pub variant: String,
    /// Depth of the move tree to count.
    pub depth: u32,
    /// Start from this position instead of the variant's setup.
    #[arg(long)]
    pub fen: Option<String>,
    /// Print the count below each legal first action, written as UCI
    /// writes it (castling as the castler taking its partner where its own
    /// move would name another action, as `go perft` and Fairy-Stockfish do).
    #[arg(long)]
    pub divide: bool,
    /// Count whole turns, not actions: in a variant whose turns hold
    /// several actions (`turn actions ...`), DEPTH is a number of turns
    /// and each turn's last position is one node (by default each action
    /// is one ply). The same as without it where every turn is one action.
    #[arg(long)]
    pub turns: bool,
    /// Set an option, as NAME=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// On a variant of two boards (`boards 2`): count board A or B, the
    /// other board standing still (its hands receive nothing during the
    /// count). With --fen, the two boards' position `FEN_A | FEN_B`.
    #[arg(long, value_name = "A|B", value_parser = super::boards::parse_board)]
    pub board: Option<usize>,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Variants to measure (default: every built-in variant).
    pub variants: Vec<String>,
    /// Perft depth, 1 to 64 (default: chosen per variant so each takes
    /// about a second).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Seconds of random playouts per variant: 0 to 3600.
    #[arg(long, default_value_t = 1.0, value_parser = parse_seconds)]
    pub seconds: f64,
    /// Seed of the random playouts.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print JSON lines instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// The longest `bench --seconds`.
const MAX_BENCH_SECONDS: f64 = 3600.0;

/// Read `bench --seconds`: a number of seconds from 0 to an hour (not NaN,
/// not infinite, not negative).
fn parse_seconds(s: &str) -> Result<f64, String> {
    let x: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number of seconds"))?;
    if !(0.0..=MAX_BENCH_SECONDS).contains(&x) {
        return Err(format!(
            "{s} seconds: give 0 to {MAX_BENCH_SECONDS} seconds of playouts"
        ));
    }
    Ok(x)
}

/// Load a variant and its start position (or a FEN).
pub fn position(spec: &str, options: &[String], fen: Option<&str>) -> Result<Position, String> {
    let overrides = super::parse_overrides(options).map_err(|e| format!("error: {e}"))?;
    let v = varia::load::variant(spec, &overrides, super::use_color()).map_err(|e| e.report())?;
    let tables =
        Arc::new(Tables::new(&v).map_err(|e| format!("error: cannot compile `{spec}`: {e}"))?);
    match fen {
        Some(f) => Position::from_fen(tables, f).map_err(|e| format!("error: {e}")),
        None => Position::start(tables).map_err(|e| format!("error: bad setup: {}", e.0)),
    }
}

pub fn perft(a: &PerftArgs) -> i32 {
    let board_fen;
    let fen = match a.board {
        None => a.fen.as_deref(),
        Some(b) => {
            let v = match super::load_variant(&a.variant, &a.options) {
                Ok((v, _)) => v,
                Err(super::Fail(e, code)) => {
                    eprintln!("{e}");
                    return code;
                }
            };
            board_fen = match super::boards::board_fen(&v, a.fen.as_deref(), b) {
                Ok(f) => f,
                Err(e) => {
                    eprintln!("error: {e}");
                    return 2;
                }
            };
            board_fen.as_deref()
        }
    };
    let mut pos = match position(&a.variant, &a.options, fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    if a.depth > 64 {
        eprintln!("error: a depth above 64 would never finish");
        return 2;
    }
    let t0 = Instant::now();
    if a.turns {
        let (nodes, lines) = if a.divide {
            let d: Vec<(String, u64)> = engine::divide_turns(&mut pos, a.depth)
                .into_iter()
                .map(|(m, n)| (protocol_text::move_text(&pos, m), n))
                .collect();
            (d.iter().map(|(_, n)| n).sum(), d)
        } else {
            (engine::perft_turns(&mut pos, a.depth), Vec::new())
        };
        return report(a, nodes, lines, t0);
    }
    // Deep counts on a terminal get a progress bar, one step per first action.
    let show_bar = a.depth >= 6 && std::io::stderr().is_terminal() && !a.json;
    let (nodes, lines) = if (a.divide || show_bar) && a.depth > 0 {
        let moves: Vec<engine::Move> = pos.legal_moves().iter().copied().collect();
        let bar = if show_bar {
            ProgressBar::new(moves.len() as u64)
        } else {
            ProgressBar::hidden()
        };
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} first actions, {elapsed} elapsed, eta {eta}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        let mut d = Vec::with_capacity(moves.len());
        for m in moves {
            let n = if a.depth == 1 {
                1
            } else {
                let u = pos.make(m);
                let n = engine::perft(&mut pos, a.depth - 1);
                pos.unmake(m, u);
                n
            };
            d.push((protocol_text::move_text(&pos, m), n));
            bar.inc(1);
        }
        bar.finish_and_clear();
        let total = d.iter().map(|(_, n)| n).sum();
        (total, if a.divide { d } else { Vec::new() })
    } else {
        (engine::perft(&mut pos, a.depth), Vec::new())
    };
    report(a, nodes, lines, t0)
}

/// Print a perft count (and its divide lines).
fn report(a: &PerftArgs, nodes: u64, lines: Vec<(String, u64)>, t0: Instant) -> i32 {
    let secs = t0.elapsed().as_secs_f64();
    let nps = nodes as f64 / secs.max(1e-9);
    if a.json {
        let div: serde_json::Map<String, serde_json::Value> = lines
            .iter()
            .map(|(m, n)| (m.clone(), (*n).into()))
            .collect();
        let j = serde_json::json!({"variant": a.variant, "depth": a.depth, "turns": a.turns, "nodes": nodes, "seconds": secs, "nodes_per_second": nps, "divide": div});
        outln!("{j}");
    } else {
        for (m, n) in &lines {
            outln!("{m}: {n}");
        }
        if !lines.is_empty() {
            outln!();
        }
        outln!("nodes {nodes}");
        outln!("time {:.3} s", secs);
        outln!("speed {} nodes/s", human(nps));
    }
    0
}

fn human(x: f64) -> String {
    if x >= 1e6 {
        format!("{:.2} M", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.1} k", x / 1e3)
    } else {
        format!("{x:.0}")
    }
}

pub fn bench(a: &BenchArgs) -> i32 {
    let names: Vec<String> = if a.variants.is_empty() {
        varia::check::builtin_names()
            .into_iter()
            .map(String::from)
            .collect()
    } else {
        a.variants.clone()
    };
    if !a.json {
        outln!(
            "{:<20} {:>5} {:>14} {:>9} {:>12} {:>12}",
            "variant",
            "depth",
            "perft nodes",
            "cpu s",
            "nodes/s",
            "playouts/s"
        );
    }
    let mut failed = false;
    for n in &names {
        let pos = match position(n, &[], None) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{n}: {e}");
                failed = true;
                continue;
            }
        };
        // Pick the deepest depth expected to take under two seconds, unless
        // one was given (each level is timed, the next one predicted from
        // the growth of the last).
        let depth = a.depth.unwrap_or_else(|| {
            let mut d = 1;
            let mut last = 0.0f64;
            loop {
                let mut p = pos.clone();
                let t0 = Instant::now();
                engine::perft(&mut p, d);
                let took = t0.elapsed().as_secs_f64();
                let growth = if last > 1e-4 { took / last } else { 40.0 };
                if took * growth > 2.0 || d >= 7 {
                    break d;
                }
                last = took;
                d += 1;
            }
        });
        let cfg = engine::bench::BenchConfig {
            perft_depth: depth,
            playout_time: Duration::from_secs_f64(a.seconds),
            max_plies: 500,
            seed: a.seed,
        };
        let r = engine::bench::run(&pos, &cfg);
        if a.json {
            outln!(
                "{}",
                serde_json::json!({"variant": n, "depth": r.perft_depth, "nodes": r.perft_nodes, "cpu_seconds": r.perft_time.as_secs_f64(), "nodes_per_second": r.perft_nodes_per_sec, "playouts_per_second": r.playouts_per_sec, "playouts": r.playouts})
            );
        } else {
            outln!(
                "{:<20} {:>5} {:>14} {:>9.3} {:>12} {:>12.1}",
                n,
                r.perft_depth,
                r.perft_nodes,
                r.perft_time.as_secs_f64(),
                human(r.perft_nodes_per_sec),
                r.playouts_per_sec
            );
        }
    }
    i32::from(failed)
}
