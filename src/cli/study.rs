//! The report of a simulation: text, JSON or an HTML page (`simulate`
//! and `merge` print it).

use varia::study::simulate::{Summary, Tally};

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
pub fn report(
    h: &Header,
    s: &Summary,
    sprt: Option<&varia::study::stats::SprtDecision>,
    json: bool,
) {
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
    if s.first_seat.is_none() && h.seats.len() == 2 {
        outln!();
        outln!("no finished games: no score and no Elo difference");
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

/// A sample game for the report: its moves, and its final board replayed.
fn sample(
    variant: &varia::ir::Variant,
    rec: &varia::notation::record::Record,
) -> varia::study::report::Sample {
    use varia::play::session::Session;
    use varia::search::game::Game as _;
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
    varia::study::report::Sample {
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
    samples: &[varia::notation::record::Record],
) -> Result<(), String> {
    let summary = tally.summary();
    let shard = h
        .shard
        .map_or(String::new(), |(k, n)| format!(", shard {k}/{n}"));
    let page = varia::study::report::Page {
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
    std::fs::write(path, varia::study::report::html(&page))
        .map_err(|e| format!("cannot write {path}: {e}"))
}
