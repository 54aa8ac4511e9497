//! `varia simulate` (self-play statistics) and `varia replay` (check a record).

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use varia::ai::Player;
use varia::game::{Game as _, Outcome};
use varia::record::Record;
use varia::render::{self, Style};
use varia::session::Session;
use varia::simulate::{self, Config};

#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// The variant: a built-in name or a path to a `.variant` file.
    pub variant: String,
    /// Number of games.
    #[arg(short = 'n', long = "games", default_value_t = 100)]
    pub games: usize,
    /// Who plays each seat, in turn order: random, ai:LEVEL (1-8),
    /// ai;st=SECONDS, uci:PATH or xboard:PATH (an engine; add ;st=0.1 or
    /// ;tc=40/60+0.5, ;option.NAME=VALUE). Default: ai:1 on every seat.
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<String>,
    /// Master seed: game i is seeded from it and i, so results do not depend on --jobs.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, default_value_t = 0)]
    pub jobs: usize,
    /// Stop a game after this many plies (counted as unfinished).
    #[arg(long, default_value_t = 500)]
    pub max_plies: usize,
    /// Set an option, as NAME=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Write one JSON record per game to this file.
    #[arg(long, value_name = "FILE.jsonl")]
    pub out: Option<String>,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A game record (PGN) written by `varia play --save` or `save FILE`.
    pub file: String,
    /// Print the board after every action.
    #[arg(long)]
    pub boards: bool,
    /// Letters instead of glyphs, and no colour.
    #[arg(long)]
    pub ascii: bool,
    /// A directory from which the `.variant` file the record names may be
    /// read (repeatable). The record's own directory is always allowed;
    /// any other path in a record is refused without being opened.
    #[arg(long, value_name = "DIR")]
    pub variant_path: Vec<std::path::PathBuf>,
}

pub fn simulate(a: &SimulateArgs) -> i32 {
    let (variant, _options) = match super::load_variant(&a.variant, &a.options) {
        Ok(x) => x,
        Err(super::Fail(e, code)) => {
            eprintln!("{e}");
            return code;
        }
    };
    let seats = variant.players.len();
    let players = match super::parse_players(&a.players, &variant, |_| Player::Ai(1), false) {
        Ok(p) => p,
        Err(super::Fail(e, code)) => {
            eprintln!("{e}");
            return code;
        }
    };
    if let Err(e) = Session::new(&variant, None, a.seed) {
        eprintln!("error: {e}");
        return 1;
    }
    let cfg = Config {
        games: a.games,
        seed: a.seed,
        players: players.clone(),
        max_plies: a.max_plies,
        jobs: a.jobs,
    };
    let bar = ProgressBar::new(a.games as u64);
    if std::io::stderr().is_terminal() {
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} games, eta {eta}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
    } else {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    let make = |seed: u64| Session::new(&variant, None, seed).expect("checked above");
    let records = match simulate::run(&cfg, make, || bar.inc(1)) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    bar.finish_and_clear();
    let summary = simulate::summarize(&records, seats);
    if let Some(path) = &a.out {
        let mut out = String::new();
        for r in &records {
            let (result, winners) = match &r.outcome {
                Some(Outcome::Win { winners, .. }) => ("win", winners.clone()),
                Some(Outcome::Draw { .. }) => ("draw", vec![]),
                None => ("unfinished", vec![]),
            };
            let line = serde_json::json!({
                "game": r.index, "seed": r.seed, "result": result,
                "winners": winners.iter().map(|&w| &variant.players[w].name).collect::<Vec<_>>(),
                "reason": r.outcome.as_ref().map_or("ply cap", |o| o.reason()),
                "plies": r.plies, "branching": r.branching,
            });
            out.push_str(&line.to_string());
            out.push('\n');
        }
        if let Err(e) = std::fs::File::create(path).and_then(|mut f| f.write_all(out.as_bytes())) {
            eprintln!("error: cannot write {path}: {e}");
            return 1;
        }
    }
    if a.json {
        let j = serde_json::json!({
            "variant": variant.name, "games": summary.games, "seed": a.seed,
            "players": players.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
            "wins": variant.players.iter().zip(&summary.wins).map(|(p, w)| (p.name.clone(), serde_json::Value::from(*w))).collect::<serde_json::Map<String, serde_json::Value>>(),
            "draws": summary.draws, "unfinished": summary.unfinished,
            "reasons": summary.reasons.iter().map(|(r, n)| serde_json::json!({"reason": r, "games": n})).collect::<Vec<_>>(),
            "mean_plies": summary.mean_plies, "median_plies": summary.median_plies, "mean_branching": summary.mean_branching,
        });
        println!("{j}");
        return 0;
    }
    let n = summary.games.max(1) as f64;
    println!(
        "{} games of {} (seed {}), players {}",
        summary.games,
        variant.title,
        a.seed,
        players
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!();
    println!("{:<16} {:>8} {:>8}", "seat", "wins", "share");
    for (p, w) in variant.players.iter().zip(&summary.wins) {
        println!("{:<16} {:>8} {:>7.1}%", p.name, w, 100.0 * *w as f64 / n);
    }
    if variant.teams.iter().any(|t| t.len() > 1) {
        for t in &variant.teams {
            let names: Vec<&str> = t
                .iter()
                .map(|&p| variant.players[p as usize].name.as_str())
                .collect();
            let w = summary.wins.get(t[0] as usize).copied().unwrap_or(0);
            println!(
                "{:<16} {:>8} {:>7.1}%",
                format!("team {}", names.join("+")),
                w,
                100.0 * w as f64 / n
            );
        }
    }
    println!(
        "{:<16} {:>8} {:>7.1}%",
        "draws",
        summary.draws,
        100.0 * summary.draws as f64 / n
    );
    if summary.unfinished > 0 {
        println!(
            "{:<16} {:>8} {:>7.1}%",
            "unfinished",
            summary.unfinished,
            100.0 * summary.unfinished as f64 / n
        );
    }
    println!();
    println!("how games ended:");
    for (r, c) in &summary.reasons {
        println!("  {r:<24} {c}");
    }
    println!();
    println!(
        "plies: mean {:.1}, median {:.1}; mean branching factor {:.1}",
        summary.mean_plies, summary.median_plies, summary.mean_branching
    );
    0
}

pub fn replay(a: &ReplayArgs) -> i32 {
    let path = std::path::Path::new(&a.file);
    let text = match varia::load::read_text(path, varia::load::MAX_RECORD_FILE) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", a.file);
            return 1;
        }
    };
    let rec = match Record::parse_pgn(&text) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {}: {e}", a.file);
            return 1;
        }
    };
    let mut allowed = vec![super::play::record_dir(path)];
    allowed.extend(a.variant_path.iter().cloned());
    let variant =
        match varia::load::for_record(&rec.variant, &allowed, &rec.options, super::use_color()) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("{}", e.report());
                return 1;
            }
        };
    let mut s = match Session::new(&variant, rec.fen.as_deref(), rec.seed) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let style = Style {
        color: super::use_color() && !a.ascii && std::io::stdout().is_terminal(),
        ascii: a.ascii,
        flipped: false,
    };
    for (i, mv) in rec.moves.iter().enumerate() {
        let seat = s.to_move();
        let m = match s.parse(mv) {
            Ok(m) => m,
            Err(e) => {
                eprintln!(
                    "error: action {} `{mv}` ({} to play) is not legal: {e}",
                    i + 1,
                    variant.players[seat].name
                );
                return 1;
            }
        };
        println!(
            "{:>4}. {:<8} {}",
            i + 1,
            variant.players[seat].name,
            s.san(m)
        );
        s.play(m);
        if a.boards {
            print!("{}", render::draw(&s.view(Some(m)), style));
        }
    }
    let result = match s.result() {
        Some(Outcome::Win { winners, reason }) => format!(
            "{} ({reason})",
            Record::result_for(variant.players.len(), Some(&winners))
        ),
        Some(Outcome::Draw { reason }) => format!(
            "{} ({reason})",
            Record::result_for(variant.players.len(), Some(&[]))
        ),
        None => "*".into(),
    };
    if !a.boards {
        print!("{}", render::draw(&s.view(None), style));
    }
    println!("{} actions, all legal. Result: {result}", rec.moves.len());
    if rec.result != "*"
        && !result.starts_with(&rec.result)
        && rec.termination.as_deref() != Some("resignation")
    {
        eprintln!(
            "note: the record says {}, the rules give {result}",
            rec.result
        );
    }
    0
}
