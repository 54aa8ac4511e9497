//! The report of a simulation (text or JSON), and `varia merge`, which
//! joins the records of a run split into shards and reports on the whole.

use clap::Args;
use std::io::Write;
use varia::game::Outcome;
use varia::simulate::{Summary, Tally};

/// What a report says about the run besides the statistics.
pub struct Header {
    pub variant: String,
    pub title: String,
    pub seats: Vec<String>,
    /// Teams of more than one seat (for the team rows).
    pub teams: Vec<Vec<usize>>,
    pub seed: u64,
    pub players: Vec<String>,
    /// `(k, n)` when this run is one shard.
    pub shard: Option<(usize, usize)>,
}

impl Header {
    /// The header of a run of `variant`: its seats and teams from the rules.
    pub fn new(
        variant: &varia::ir::Variant,
        seed: u64,
        players: Vec<String>,
        shard: Option<(usize, usize)>,
    ) -> Header {
        Header {
            variant: variant.name.clone(),
            title: variant.title.clone(),
            seats: variant.players.iter().map(|p| p.name.clone()).collect(),
            teams: variant
                .teams
                .iter()
                .filter(|t| t.len() > 1)
                .map(|t| t.iter().map(|&p| p as usize).collect())
                .collect(),
            seed,
            players,
            shard,
        }
    }
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// Print the report; JSON carries every number of the text.
pub fn report(h: &Header, s: &Summary, sprt: Option<&varia::stats::SprtDecision>, json: bool) {
    if json {
        let j = serde_json::json!({
            "variant": h.variant, "games": s.games, "seed": h.seed,
            "shard": h.shard.map(|(k, n)| format!("{k}/{n}")),
            "players": h.players,
            "wins": h.seats.iter().zip(&s.wins).map(|(p, w)| (p.clone(), serde_json::Value::from(*w))).collect::<serde_json::Map<_, _>>(),
            "win_rates": h.seats.iter().zip(&s.win_rates).map(|(p, r)| (p.clone(), serde_json::to_value(r).unwrap_or_default())).collect::<serde_json::Map<_, _>>(),
            "draws": s.draws, "draw_rate": s.draw_rate, "unfinished": s.unfinished,
            "first_seat": s.first_seat,
            "reasons": s.reasons.iter().map(|(r, n)| serde_json::json!({"reason": r, "games": n})).collect::<Vec<_>>(),
            "mean_plies": s.mean_plies, "median_plies": s.median_plies,
            "min_plies": s.min_plies, "p10_plies": s.p10_plies, "p90_plies": s.p90_plies, "max_plies": s.max_plies,
            "mean_branching": s.mean_branching,
            "sprt": sprt,
            "by_player": s.by_player,
        });
        outln!("{j}");
        return;
    }
    let shard = h
        .shard
        .map_or(String::new(), |(k, n)| format!(", shard {k}/{n}"));
    outln!(
        "{} games of {} (seed {}{shard}), players {}",
        s.games,
        h.title,
        h.seed,
        h.players.join(", ")
    );
    outln!();
    outln!("{:<16} {:>8} {:>7}   95% interval", "seat", "wins", "share");
    for (p, r) in h.seats.iter().zip(&s.win_rates) {
        outln!(
            "{:<16} {:>8} {:>7}   {} to {}",
            p,
            r.k,
            pct(r.share),
            pct(r.low95),
            pct(r.high95)
        );
    }
    for t in &h.teams {
        let names: Vec<&str> = t
            .iter()
            .filter_map(|&p| h.seats.get(p).map(String::as_str))
            .collect();
        let r = t.first().and_then(|&p| s.win_rates.get(p));
        if let Some(r) = r {
            outln!(
                "{:<16} {:>8} {:>7}   {} to {}",
                format!("team {}", names.join("+")),
                r.k,
                pct(r.share),
                pct(r.low95),
                pct(r.high95)
            );
        }
    }
    let d = &s.draw_rate;
    outln!(
        "{:<16} {:>8} {:>7}   {} to {}",
        "draws",
        d.k,
        pct(d.share),
        pct(d.low95),
        pct(d.high95)
    );
    if s.unfinished > 0 {
        outln!(
            "{:<16} {:>8} {:>7}",
            "unfinished",
            s.unfinished,
            pct(s.unfinished as f64 / s.games.max(1) as f64)
        );
    }
    if let (Some(f), Some(first)) = (&s.first_seat, h.seats.first()) {
        outln!();
        outln!(
            "{first} scores {} (95% interval {} to {}), Elo {:+.0} ({:+.0} to {:+.0}) over {} finished games",
            pct(f.score),
            pct(f.low95),
            pct(f.high95),
            f.elo,
            f.elo_low95,
            f.elo_high95,
            f.wins + f.draws + f.losses
        );
    }
    if let Some(b) = &s.by_player {
        outln!();
        outln!("the seats rotated among the players; per player, whatever seat:");
        for (i, r) in b.win_rates.iter().enumerate() {
            outln!(
                "{:<16} {:>8} {:>7}   {} to {}",
                format!("{} {}", i + 1, h.players.get(i).map_or("", String::as_str)),
                r.k,
                pct(r.share),
                pct(r.low95),
                pct(r.high95)
            );
        }
        if let (Some(f), Some(p)) = (&b.first_player, h.players.first()) {
            outln!(
                "player 1 ({p}) scores {} (95% interval {} to {}), Elo {:+.0} ({:+.0} to {:+.0}), both seats",
                pct(f.score),
                pct(f.low95),
                pct(f.high95),
                f.elo,
                f.elo_low95,
                f.elo_high95
            );
        }
    }
    if let (Some(d), Some(first)) = (sprt, h.seats.first()) {
        outln!(
            "SPRT: {} accepted after {} finished games (LLR {:.2}, bounds {:.2} to {:.2})",
            if d.h1 {
                format!("H1 ({first} is at least elo1 stronger)")
            } else {
                format!("H0 ({first} is not elo1 stronger)")
            },
            d.games,
            d.llr,
            d.lower,
            d.upper
        );
    }
    outln!();
    outln!("how games ended:");
    for (r, c) in &s.reasons {
        outln!("  {r:<24} {c}");
    }
    outln!();
    outln!(
        "plies: mean {:.1}, median {:.1}, 10% to 90% {} to {}, shortest {}, longest {}; mean branching factor {:.1}",
        s.mean_plies, s.median_plies, s.p10_plies, s.p90_plies, s.min_plies, s.max_plies, s.mean_branching
    );
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The `--out` files of the shards of one run (`simulate --shard K/N`).
    #[arg(required = true)]
    pub files: Vec<String>,
    /// Write the joined records here, in game order (the same bytes as the
    /// unsharded run's `--out`).
    #[arg(long, value_name = "FILE.jsonl")]
    pub out: Option<String>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// Write the HTML report (as `simulate --report` does) to FILE.
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<String>,
    /// A directory from which the `.variant` file the records name may be
    /// read (repeatable); the records' own directories are always allowed.
    #[arg(long, value_name = "DIR")]
    pub variant_path: Vec<std::path::PathBuf>,
}

/// One game of a shard file, with its line kept verbatim.
struct Line {
    game: usize,
    text: String,
    value: serde_json::Value,
}

fn read_lines(file: &str) -> Result<Vec<Line>, String> {
    let text = varia::load::read_text(std::path::Path::new(file), varia::load::MAX_RECORD_FILE)
        .map_err(|e| format!("cannot read {file}: {e}"))?;
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        if l.trim().is_empty() {
            continue;
        }
        let value: serde_json::Value = serde_json::from_str(l)
            .map_err(|e| format!("{file}:{}: not a JSON record: {e}", i + 1))?;
        let game = value
            .get("game")
            .and_then(serde_json::Value::as_u64)
            .ok_or_else(|| format!("{file}:{}: the record has no game number", i + 1))?;
        out.push(Line {
            game: game as usize,
            text: l.to_string(),
            value,
        });
    }
    Ok(out)
}

pub fn merge(a: &MergeArgs) -> i32 {
    match merge_inner(a) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}

fn merge_inner(a: &MergeArgs) -> Result<(), String> {
    let mut lines = Vec::new();
    for f in &a.files {
        lines.extend(read_lines(f)?);
    }
    lines.sort_by_key(|l| l.game);
    if let Some(w) = lines.windows(2).find(|w| w[0].game == w[1].game) {
        return Err(format!(
            "game {} is in more than one file: give each shard once",
            w[0].game
        ));
    }
    let missing: Vec<String> = lines
        .iter()
        .enumerate()
        .filter(|(i, l)| l.game != *i)
        .take(5)
        .map(|(i, _)| i.to_string())
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "the shards do not hold every game of the run (first missing: {}); give all N shard files",
            missing.join(", ")
        ));
    }
    let Some(first) = lines.first() else {
        return Err("the files hold no games".into());
    };
    let str_list = |v: &serde_json::Value, k: &str| -> Vec<String> {
        v.get(k)
            .and_then(serde_json::Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    };
    let spec = first
        .value
        .get("variant")
        .and_then(|v| v.as_str())
        .unwrap_or("")
        .to_string();
    let seats = str_list(&first.value, "seats");
    let seed = first
        .value
        .get("run_seed")
        .and_then(serde_json::Value::as_u64)
        .unwrap_or(0);
    let mut allowed: Vec<std::path::PathBuf> = a
        .files
        .iter()
        .map(|f| super::play::record_dir(std::path::Path::new(f)))
        .collect();
    allowed.extend(a.variant_path.iter().cloned());
    let options: Vec<(String, String)> = match first.value.get("options") {
        Some(serde_json::Value::Object(m)) => m
            .iter()
            .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string()))
            .collect(),
        _ => Vec::new(),
    };
    let variant = varia::load::for_record(&spec, &allowed, &options, false).map_err(|e| e.0)?;
    let mut tally = Tally::new(seats.len());
    for l in &lines {
        let v = &l.value;
        let reason = v
            .get("reason")
            .and_then(|r| r.as_str())
            .unwrap_or("")
            .to_string();
        let outcome = match v.get("outcome").and_then(|o| o.as_str()) {
            Some("win") => Some(Outcome::Win {
                winners: str_list(v, "winners")
                    .iter()
                    .filter_map(|w| seats.iter().position(|s| s == w))
                    .collect(),
                reason,
            }),
            Some("draw") => Some(Outcome::Draw { reason }),
            _ => None,
        };
        let plies = v
            .get("plies")
            .and_then(serde_json::Value::as_u64)
            .unwrap_or(0) as usize;
        let branching = v
            .get("branching")
            .and_then(serde_json::Value::as_f64)
            .unwrap_or(0.0);
        let rotation = v
            .get("rotation")
            .and_then(serde_json::Value::as_u64)
            .map(|r| r as usize);
        tally.add_rotated(outcome.as_ref(), plies, branching, rotation);
    }
    if let Some(path) = &a.out {
        let mut f = std::fs::File::create(path)
            .map(std::io::BufWriter::new)
            .map_err(|e| format!("cannot write {path}: {e}"))?;
        for l in &lines {
            writeln!(f, "{}", l.text).map_err(|e| format!("cannot write {path}: {e}"))?;
        }
        f.flush().map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    let header = Header::new(&variant, seed, str_list(&first.value, "players"), None);
    report(&header, &tally.summary(), None, a.json);
    if let Some(path) = &a.report {
        let samples: Vec<varia::record::Record> = lines
            .iter()
            .take(super::simulate::REPORT_SAMPLES)
            .filter_map(|l| varia::record::Record::from_json(&l.text).ok())
            .collect();
        write_html(path, &header, &tally, &variant, &samples)?;
    }
    Ok(())
}

/// A sample game for the report: its moves, and its final board replayed.
fn sample(variant: &varia::ir::Variant, rec: &varia::record::Record) -> varia::report::Sample {
    use varia::game::Game as _;
    use varia::session::Session;
    let mut last = None;
    let board = Session::new(variant, rec.fen.as_deref(), rec.seed)
        .map_err(|e| e.to_string())
        .and_then(|mut s| {
            for mv in &rec.moves {
                if s.result().is_some() {
                    break;
                }
                let m = s.parse(mv).map_err(|e| format!("`{mv}`: {e}"))?;
                s.play(m);
                last = Some(m);
            }
            varia::render::svg::draw(&s.view(last), &[])
        })
        .unwrap_or_else(|e| {
            format!(
                "<p>(the board cannot be drawn: {})</p>",
                varia::render::svg::esc(&e)
            )
        });
    varia::report::Sample {
        title: format!(
            "Game {}: {}",
            if rec.round.is_empty() {
                "?"
            } else {
                &rec.round
            },
            rec.players.join(" vs ")
        ),
        board,
        moves: rec.moves.clone(),
        result: match &rec.termination {
            Some(t) => format!("{} ({t})", rec.result),
            None => rec.result.clone(),
        },
    }
}

/// Write the HTML report of a run.
pub fn write_html(
    path: &str,
    h: &Header,
    tally: &Tally,
    variant: &varia::ir::Variant,
    samples: &[varia::record::Record],
) -> Result<(), String> {
    let summary = tally.summary();
    let shard = h
        .shard
        .map_or(String::new(), |(k, n)| format!(", shard {k}/{n}"));
    let page = varia::report::Page {
        title: format!("{}: {} games", h.title, summary.games),
        about: vec![
            format!(
                "{} games of {} ({}), seed {}{shard}.",
                summary.games, h.title, h.variant, h.seed
            ),
            format!("Players, in seat order: {}.", h.players.join(", ")),
        ],
        seats: h.seats.clone(),
        players: h.players.clone(),
        summary: &summary,
        lengths: tally.lengths().map(|(l, r)| (l, r.clone())).collect(),
        samples: samples.iter().map(|r| sample(variant, r)).collect(),
    };
    std::fs::write(path, varia::report::html(&page))
        .map_err(|e| format!("cannot write {path}: {e}"))
}
