//! `varia tune`: fit the AI's evaluation weights to self-play and write
//! them to a values file (see `varia::study::tune`).

use clap::Args;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use varia::play::ai::{Player, MAX_LEVEL};
use varia::search::squares;
use varia::search::weights::TERMS;
use varia::study::simulate::Config;
use varia::study::tune;

#[derive(Args, Debug)]
#[command(after_help = "How it works:
  1. It plays --games games of the AI against itself (seeded: game i
     comes from --seed and i, the same for any --jobs), each opened by
     --random-plies random plies.
  2. It replays them and keeps the quiet positions (not in check, no
     capture that wins material), each labelled with its game's result.
  3. It fits the evaluation to those results (Texel's method): the
     evaluation e of a position predicts the result 1/(1+exp(-e/K)); K is
     fitted first, then the weights by coordinate descent on the squared
     error. Weights whose term rarely occurs in the games are kept.
  With --positions FILE, steps 1 and 2 are the file instead: one
  position per line, `FEN ; P`, P the first seat's expected score from
  it (0 to 1: 1 a win, 0.5 a draw, 0 a loss, or any share between).
  Blank lines and lines starting with # are skipped, positions that are
  not quiet are skipped and counted. Bad lines (a FEN the variant does
  not read, P missing or outside 0 to 1, a line over 4096 bytes) are
  all reported with their numbers (the first 20, the rest counted) and
  then nothing is fitted. --games, --level, --random-plies and
  --max-plies do not apply.
  With --squares it then fits the square tables too (per kind, a mid
  and an end bonus per square: docs/LANGUAGE.md, \"Values files\"),
  with K and the other weights fixed: 300 epochs of full-batch Adam on
  the squared error plus a prior pulling each entry toward 0 (1/N times
  the sum of (entry/100)^2), entries within -300..300, written as whole
  numbers in rows of W. The same positions give the same tables.
  4. It writes the weights as a small TOML values file: by default
     NAME.values.toml beside the rule file (for a built-in variant, in the
     current directory), and never over an existing file without --force.

The AI reads NAME.values.toml beside a rule file named by path
(varia play DIR/NAME.variant), the one shipped with a built-in name
(variants/NAME.values.toml, built into varia), or any file named with
--values FILE (play, simulate, match, describe, uci; --values none: the
rule file's own weights). describe shows the weights in use.

Examples:
  varia tune variants/chess.variant --games 400 --level 2 --jobs 1
  varia tune crazyhouse --out zh.values.toml --json
  varia tune chess --positions labelled.txt --values variants/chess.values.toml
  varia match crazyhouse --values zh.values.toml ...")]
pub struct TuneArgs {
    /// The variant: a built-in name or a path to a `.variant` file.
    pub variant: String,
    /// Self-play games to learn from (1 to 100,000).
    #[arg(short = 'n', long, default_value_t = 200,
          value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub games: u64,
    /// The AI level of the self-play (1-8: a node budget per move, see
    /// `simulate --help`); low levels play many games quickly.
    #[arg(long, default_value_t = 2,
          value_parser = clap::value_parser!(u8).range(1..=MAX_LEVEL as i64))]
    pub level: u8,
    /// Master seed: the same seed gives the same games and values.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads for the self-play (default: all cores); the result
    /// does not depend on it.
    #[arg(long, default_value_t = 0,
          value_parser = clap::value_parser!(u64).range(0..=super::simulate::MAX_JOBS as u64))]
    pub jobs: u64,
    /// Random plies opening each game (varied games); their positions are
    /// not learned from.
    #[arg(long, default_value_t = 8,
          value_parser = clap::value_parser!(u64).range(0..=200))]
    pub random_plies: u64,
    /// Stop a game after this many plies (it is then not learned from).
    #[arg(long, default_value_t = 400,
          value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub max_plies: u64,
    /// Fit the square tables too (per kind, a middle-game and an end-game
    /// bonus per square), by gradient descent after the other weights.
    #[arg(long)]
    pub squares: bool,
    /// Learn from the labelled positions of this file (`FEN ; P` per
    /// line) instead of self-play.
    #[arg(long, value_name = "FILE",
          conflicts_with_all = ["games", "level", "random_plies", "max_plies"])]
    pub positions: Option<String>,
    /// Where to write the values (default: NAME.values.toml beside the
    /// rule file, or in the current directory for a built-in variant).
    #[arg(long, value_name = "PATH")]
    pub out: Option<String>,
    /// Overwrite the output file if it exists.
    #[arg(long)]
    pub force: bool,
    /// Start from (and play the self-play with) these values instead of
    /// the rule file's own (`none`: the rule file's own, ignoring a values
    /// file beside it).
    #[arg(long, value_name = "FILE")]
    pub values: Option<String>,
    /// Print a JSON summary on standard output.
    #[arg(long)]
    pub json: bool,
    /// Set an option, as NAME=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

/// The default output path: beside a rule file named by path, else in the
/// current directory.
fn default_out(spec: &str, name: &str) -> PathBuf {
    let (file, _) = varia::load::split_spec(spec);
    let p = Path::new(file);
    match p
        .file_name()
        .and_then(|f| f.to_str()?.strip_suffix(".variant"))
    {
        Some(stem) if p.is_file() && !stem.is_empty() => {
            p.with_file_name(format!("{stem}.values.toml"))
        }
        _ => PathBuf::from(format!("{name}.values.toml")),
    }
}

pub fn run(a: &TuneArgs) -> i32 {
    match tune_cmd(a) {
        Ok(()) => 0,
        Err(super::Fail(msg, code)) => {
            eprintln!("{msg}");
            code
        }
    }
}

fn tune_cmd(a: &TuneArgs) -> Result<(), super::Fail> {
    use super::Fail;
    let (variant, _) = super::load_variant(&a.variant, &a.options)?;
    let out = a
        .out
        .as_ref()
        .map(PathBuf::from)
        .unwrap_or_else(|| default_out(&a.variant, &variant.name));
    if out.exists() && !a.force {
        return Err(Fail::msg(
            format!(
                "{} exists; add --force to overwrite it, or --out PATH",
                out.display()
            ),
            2,
        ));
    }
    let prepared = super::prepare(&variant, a.seed).map_err(|e| Fail::msg(e, 1))?;
    if let (true, Some(why)) = (a.squares, squares::unsupported(&variant)) {
        return Err(Fail::msg(format!("--squares: {why}"), 2));
    }
    let (prepared, from) = super::with_values(prepared, &a.variant, a.values.as_deref())?;
    let start = std::time::Instant::now();
    let tty = std::io::stderr().is_terminal();
    let from_note = from
        .as_ref()
        .map_or(String::new(), |f| format!(", starting from {f}"));
    let (samples, source) = match &a.positions {
        Some(file) => {
            eprintln!("tune: positions of {} from {file}{from_note}", variant.name);
            let f = std::fs::File::open(file)
                .map_err(|e| Fail::msg(format!("cannot read {file}: {e}"), 1))?;
            let got =
                varia::study::positions::read(&prepared, std::io::BufReader::new(f), a.squares)
                    .map_err(|bad| Fail::msg(format!("{file}:\n{bad}"), 1))?;
            eprintln!(
                "tune: {} positions read, {} not quiet (skipped){}",
                got.read,
                got.not_quiet,
                if got.dropped > 0 {
                    format!(", {} past the limit (dropped)", got.dropped)
                } else {
                    String::new()
                }
            );
            let source = format!("{} of {} positions of {file}", got.samples.len(), got.read);
            (got.samples, source)
        }
        None => {
            let seats = variant.players.len();
            let cfg = Config {
                games: a.games as usize,
                seed: a.seed,
                players: vec![Player::Ai(a.level); seats],
                max_plies: a.max_plies as usize,
                jobs: a.jobs as usize,
                random_plies: a.random_plies as usize,
                shard: (0, 1),
                rotate: false,
                threads: 1,
            };
            let every = (a.games as usize / 10).max(1);
            eprintln!(
                "tune: {} games of {} at ai:{} (seed {}){from_note}",
                a.games, variant.name, a.level, a.seed,
            );
            let skip = a.random_plies as usize;
            let samples = tune::collect(&prepared, &cfg, skip, a.squares, |done, n| {
                if tty {
                    eprint!("\rtune: game {done}/{}, {n} positions ", a.games);
                } else if done % every == 0 || done == a.games as usize {
                    eprintln!("tune: game {done}/{}, {n} positions", a.games);
                }
            })
            .map_err(|e| Fail::msg(e, 1))?;
            if tty {
                eprintln!();
            }
            let source = format!("{} positions from {} games", samples.len(), a.games);
            (samples, source)
        }
    };
    if samples.len() < tune::MIN_POSITIONS {
        let hint = if a.positions.is_some() {
            "give more positions"
        } else {
            "play more games (--games) or allow longer ones (--max-plies)"
        };
        return Err(Fail::msg(
            format!(
                "only {} quiet positions (at least {} are needed): {hint}",
                samples.len(),
                tune::MIN_POSITIONS
            ),
            1,
        ));
    }
    let current = prepared.eval().weights().clone();
    let len = squares::board_size(&variant).map_or(0, |(w, h)| w * h);
    let tuned = tune::tune(&samples, &current, a.squares.then_some(len), |pass, err| {
        if tty {
            eprint!("\rtune: fit pass {pass}, error {err:.6} ");
        } else if pass % 10 == 0 {
            eprintln!("tune: fit pass {pass}, error {err:.6}");
        }
    });
    if tty {
        eprintln!();
    }
    let kinds: Vec<usize> = (0..variant.pieces.len())
        .filter(|&k| !variant.pieces[k].royal)
        .collect();
    let mut command = match &a.positions {
        Some(file) => format!("varia tune {} --positions {file}", a.variant),
        None => format!(
            "varia tune {} --games {} --level {} --seed {} --random-plies {} --max-plies {}",
            a.variant, a.games, a.level, a.seed, a.random_plies, a.max_plies
        ),
    };
    for o in &a.options {
        command.push_str(&format!(" --option {o}"));
    }
    if let Some(v) = &a.values {
        command.push_str(&format!(" --values {v}"));
    }
    if a.squares {
        command.push_str(" --squares");
    }
    let mut header = vec![
        format!("Evaluation weights of {} for varia's AI.", variant.name),
        format!("Made by: {command}"),
        format!(
            "{source}; K = {:.1}; mean squared error {:.6} -> {:.6}.",
            tuned.k, tuned.fit.error_before, tuned.fit.error_after
        ),
        "Every key is optional; docs/LANGUAGE.md, \"Values files\", says what each means.".into(),
    ];
    if let Some(f) = &tuned.squares {
        header.insert(
            3,
            format!(
                "Square tables fitted after the other weights: error {:.6} -> {:.6}.",
                f.error_before, f.error_after
            ),
        );
    }
    let text = tuned
        .weights
        .to_toml(&variant, &kinds, variant.turn.place, &header);
    // What was written must read back as written.
    debug_assert_eq!(
        varia::search::weights::Weights::read(&current, &variant, "out", &text).ok(),
        Some(tuned.weights.clone())
    );
    let written = if a.force {
        std::fs::write(&out, &text)
    } else {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&out)
            .and_then(|mut f| std::io::Write::write_all(&mut f, text.as_bytes()))
    };
    written.map_err(|e| Fail::msg(format!("cannot write {}: {e}", out.display()), 1))?;
    let secs = start.elapsed().as_secs_f64();
    let nk = variant.pieces.len();
    let fitted: Vec<String> = tuned
        .free
        .iter()
        .enumerate()
        .filter(|(_, &f)| f)
        .map(|(i, _)| {
            if i < nk {
                format!("values.{}", variant.pieces[i].name)
            } else if i < 2 * nk {
                format!("hand.{}", variant.pieces[i - nk].name)
            } else {
                format!("terms.{}", TERMS[i - 2 * nk].key)
            }
        })
        .collect();
    if a.json {
        let w = &tuned.weights;
        let json = serde_json::json!({
            "variant": variant.name,
            "out": out.display().to_string(),
            "games": if a.positions.is_some() { serde_json::Value::Null } else { serde_json::json!(a.games) },
            "positions_file": a.positions,
            "level": a.level,
            "seed": a.seed,
            "positions": tuned.positions,
            "k": tuned.k,
            "error_before": tuned.fit.error_before,
            "error_after": tuned.fit.error_after,
            "passes": tuned.fit.passes,
            "fitted": fitted,
            "terms": TERMS.iter().zip(&w.terms).map(|(t, x)| (t.key.to_string(), serde_json::json!(*x))).collect::<serde_json::Map<String, serde_json::Value>>(),
            "values": kinds.iter().map(|&k| (variant.pieces[k].name.clone(), serde_json::json!(w.values[k]))).collect::<serde_json::Map<String, serde_json::Value>>(),
            "hand": kinds.iter().map(|&k| (variant.pieces[k].name.clone(), serde_json::json!(w.hand[k]))).collect::<serde_json::Map<String, serde_json::Value>>(),
            "squares": tuned.squares.as_ref().map(|f| serde_json::json!({
                "error_before": f.error_before,
                "error_after": f.error_after,
                "epochs": varia::study::squares_fit::EPOCHS,
                "entries_fitted": f.touched.iter().filter(|&&t| t).count(),
                "kinds": variant.pieces.iter().zip(&w.squares).filter(|(_, t)| t.is_some()).map(|(p, _)| p.name.clone()).collect::<Vec<_>>(),
            })),
            "seconds": secs,
        });
        println!("{json}");
    } else {
        println!(
            "{}: {source}, K = {:.1}, error {:.6} -> {:.6} ({} fitted: {})",
            out.display(),
            tuned.k,
            tuned.fit.error_before,
            tuned.fit.error_after,
            fitted.len(),
            fitted.join(", ")
        );
        println!(
            "use it: varia play {} --values {}",
            a.variant,
            out.display()
        );
    }
    Ok(())
}
