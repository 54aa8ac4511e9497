//! The report of a simulation: text, JSON or an HTML page (`simulate`
//! and `merge` print it).

use varia::notation::record::Record;
use varia::study::flaws::{FirstAction, Flaws};
use varia::study::simulate::{SprtState, Summary, Tally};

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

/// A study to report: the run, its totals and findings.
pub struct Study<'a> {
    pub header: &'a Header,
    pub tally: &'a Tally,
    pub variant: &'a varia::ir::Variant,
    /// The first games' records.
    pub samples: &'a [Record],
    /// The shortest decisive games (their records) and the opening actions.
    pub flaws: &'a Flaws<Record>,
    /// Where the sequential test stands, when one was run.
    pub sprt: Option<SprtState>,
}

/// A game's number as `varia replay FILE --game N` counts the games of the
/// run's `--out` or `--pgn` file (from 1, in file order; one shard's file
/// holds every N-th game).
fn number(h: &Header, index: usize) -> usize {
    let (k, n) = h.shard.unwrap_or((0, 1));
    index.saturating_sub(k) / n.max(1) + 1
}

/// How the report's game numbers are found again.
fn numbering(h: &Header) -> String {
    match h.shard {
        Some((k, n)) => format!(
            "Game N is the N-th game of this shard's --out or --pgn file (`varia replay FILE --game N`); \
             its index in the whole run (the records' `game`) is {k} + {n} (N - 1)."
        ),
        None => "Game N is the N-th game of the run's --out or --pgn file, and of `varia merge --out` \
                 (`varia replay FILE --game N`)."
            .to_string(),
    }
}

/// A kept game replayed to its end: its final position as FEN and as a
/// board (SVG), and the seats that won.
struct Ending {
    fen: String,
    board: String,
    winners: Vec<String>,
}

fn ending(variant: &varia::ir::Variant, rec: &Record) -> Ending {
    use varia::play::session::Session;
    use varia::search::game::Game as _;
    let mut last = None;
    let played = Session::new(variant, rec.fen.as_deref(), rec.seed)
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
            Ok(s)
        });
    match played {
        Ok(s) => Ending {
            fen: s.position().fen(),
            board: varia::render::svg::draw(&s.view(last), &[]).unwrap_or_else(|e| {
                format!(
                    "<p>(the board cannot be drawn: {})</p>",
                    varia::render::svg::esc(&e)
                )
            }),
            winners: match s.result() {
                Some(varia::search::game::Outcome::Win { winners, .. }) => winners
                    .iter()
                    .filter_map(|&w| variant.players.get(w).map(|p| p.name.clone()))
                    .collect(),
                _ => Vec::new(),
            },
        },
        Err(e) => Ending {
            fen: String::new(),
            board: format!(
                "<p>(the board cannot be drawn: {})</p>",
                varia::render::svg::esc(&e)
            ),
            winners: Vec::new(),
        },
    }
}

/// A shortest decisive game as the report lists it.
struct Short<'r> {
    number: usize,
    index: usize,
    rec: &'r Record,
    ending: Ending,
}

impl Short<'_> {
    fn reason(&self) -> &str {
        self.rec.termination.as_deref().unwrap_or("")
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "number": self.number, "index": self.index, "plies": self.rec.moves.len(),
            "result": self.rec.result, "reason": self.reason(), "winners": self.ending.winners,
            "actions": self.rec.moves, "final_fen": self.ending.fen,
        })
    }
}

impl Study<'_> {
    fn shortest(&self) -> Vec<Short<'_>> {
        self.flaws
            .shortest()
            .map(|(index, rec)| Short {
                number: number(self.header, index),
                index,
                rec,
                ending: ending(self.variant, rec),
            })
            .collect()
    }

    /// Print the report; JSON carries every number of the text.
    pub fn print(&self, json: bool) {
        let s = self.tally.summary();
        report(self, &s, json);
    }

    /// Write the HTML report.
    pub fn write_html(&self, path: &str) -> Result<(), String> {
        write_html(path, self)
    }
}

/// An opening action in JSON, seats by name.
fn first_json(h: &Header, f: &FirstAction) -> serde_json::Value {
    serde_json::json!({
        "action": f.action, "seat": h.seats.get(f.seat), "games": f.games,
        "wins": h.seats.iter().zip(&f.wins).map(|(p, w)| (p.clone(), serde_json::Value::from(*w))).collect::<serde_json::Map<_, _>>(),
        "draws": f.draws, "unfinished": f.unfinished,
        "win_rate": f.win_rate, "score": f.score,
    })
}

/// Print the report; JSON carries every number of the text.
fn report(st: &Study, s: &Summary, json: bool) {
    let h = st.header;
    let shortest = st.shortest();
    let firsts = st.flaws.first_actions();
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
            "sprt": st.sprt.map(|t| serde_json::json!({
                "decision": t.decision.map(|h1| if h1 { "H1" } else { "H0" }),
                "llr": t.llr, "lower": t.lower, "upper": t.upper, "games": t.games,
                "elo0": t.test.elo0, "elo1": t.test.elo1, "alpha": t.test.alpha, "beta": t.test.beta,
            })),
            "by_player": s.by_player,
            "end_rules": s.end_rules.iter().map(|r| serde_json::json!({
                "reason": r.reason, "games": r.games,
                "wins": h.seats.iter().zip(&r.wins).map(|(p, w)| (p.clone(), serde_json::Value::from(*w))).collect::<serde_json::Map<_, _>>(),
                "draws": r.draws, "unfinished": r.unfinished,
            })).collect::<Vec<_>>(),
            "shortest_decisive": shortest.iter().map(Short::json).collect::<Vec<_>>(),
            "first_actions": firsts.iter().map(|f| first_json(h, f)).collect::<Vec<_>>(),
        });
        let mut j = j;
        // Only a run with shares (`score N/D`) has mean scores, and only a
        // variant that scores events (`score ...`) mean points.
        for (key, means) in [
            ("mean_scores", &s.mean_scores),
            ("mean_points", &s.mean_points),
        ] {
            if let (Some(m), Some(o)) = (means, j.as_object_mut()) {
                let per_seat: serde_json::Map<_, _> = h
                    .seats
                    .iter()
                    .zip(m)
                    .map(|(p, m)| {
                        let v = serde_json::json!({"mean": m.mean, "half_width": m.half_width});
                        (p.clone(), v)
                    })
                    .collect();
                o.insert(key.into(), per_seat.into());
            }
        }
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
    if let Some(m) = &s.mean_scores {
        // Some game ended in shares (`score N/D`): what each seat scored.
        outln!();
        outln!(
            "{:<16} {:>8}   95% interval (mean score per finished game)",
            "seat",
            "score"
        );
        for (p, m) in h.seats.iter().zip(m) {
            outln!(
                "{:<16} {:>8.3}   {:.3} to {:.3}",
                p,
                m.mean,
                m.mean - m.half_width,
                m.mean + m.half_width
            );
        }
    }
    if let Some(m) = &s.mean_points {
        // A variant that scores events (`score ...`): each seat's points.
        outln!();
        outln!(
            "{:<16} {:>8}   95% interval (mean points per game)",
            "seat",
            "points"
        );
        for (p, m) in h.seats.iter().zip(m) {
            outln!(
                "{:<16} {:>8.2}   {:.2} to {:.2}",
                p,
                m.mean,
                m.mean - m.half_width,
                m.mean + m.half_width
            );
        }
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
    if let Some(t) = &st.sprt {
        outln!("{}", t.sentence(&sprt_side(h, s)));
    }
    outln!();
    outln!("how games ended:");
    for r in &s.end_rules {
        // Who won by it, when not every game of it was a draw.
        let mut by: Vec<String> = h
            .seats
            .iter()
            .zip(&r.wins)
            .filter(|(_, &w)| w > 0)
            .map(|(p, w)| format!("{p} {w}"))
            .collect();
        if !by.is_empty() && r.draws > 0 {
            by.push(format!("draws {}", r.draws));
        }
        if !by.is_empty() && r.unfinished > 0 {
            by.push(format!("unfinished {}", r.unfinished));
        }
        let by = if by.is_empty() {
            String::new()
        } else {
            format!("  ({})", by.join(", "))
        };
        outln!("  {:<24} {}{by}", r.reason, r.games);
    }
    if !shortest.is_empty() {
        outln!();
        outln!(
            "shortest decisive games (`varia replay FILE --game N` on the {} --out or --pgn file):",
            if h.shard.is_some() {
                "shard's"
            } else {
                "run's"
            }
        );
        for g in &shortest {
            outln!(
                "  game {:<6} {:>4} plies  {} {} ({})",
                g.number,
                g.rec.moves.len(),
                g.rec.result,
                g.reason(),
                g.ending.winners.join("+")
            );
        }
    }
    first_actions(h, &firsts);
    outln!();
    outln!(
        "plies: mean {:.1}, median {:.1}, 10% to 90% {} to {}, shortest {}, longest {}; mean branching factor {:.1}",
        s.mean_plies, s.median_plies, s.p10_plies, s.p90_plies, s.min_plies, s.max_plies, s.mean_branching
    );
}

/// The side a sequential test is about: the first seat, or the first
/// player when the seats rotate.
fn sprt_side(h: &Header, s: &Summary) -> String {
    match (&s.by_player, h.players.first()) {
        (Some(_), Some(p)) => format!("player 1 ({p})"),
        _ => h.seats.first().cloned().unwrap_or_default(),
    }
}

/// The most opening actions the text lists.
const FIRST_ACTION_LINES: usize = 5;

/// The most played opening actions, with the score of the seat that played
/// them.
fn first_actions(h: &Header, firsts: &[FirstAction]) {
    if firsts.is_empty() {
        return;
    }
    outln!();
    outln!(
        "first actions ({} of them; {} of the seat that played it, 95% interval):",
        firsts.len(),
        if h.seats.len() == 2 {
            "the score"
        } else {
            "the wins"
        }
    );
    for f in firsts.iter().take(FIRST_ACTION_LINES) {
        let who = h.seats.get(f.seat).map_or("", String::as_str);
        let score = match (&f.score, h.seats.len() == 2) {
            (Some(sc), _) => format!(
                "{} ({} to {})",
                pct(sc.score),
                pct(sc.low95),
                pct(sc.high95)
            ),
            (None, true) => "no finished game".to_string(),
            (None, false) => {
                let r = &f.win_rate;
                format!("{} ({} to {})", pct(r.share), pct(r.low95), pct(r.high95))
            }
        };
        outln!(
            "  {:<12} {:<10} {:>6} games  {score}",
            f.action,
            who,
            f.games
        );
    }
    if firsts.len() > FIRST_ACTION_LINES {
        outln!(
            "  ... {} more (--json, --report)",
            firsts.len() - FIRST_ACTION_LINES
        );
    }
}

/// A game shown whole in the report: its moves, and its final board replayed.
fn sample(variant: &varia::ir::Variant, rec: &Record) -> varia::study::report::Sample {
    let end = ending(variant, rec);
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
        board: end.board,
        fen: end.fen,
        moves: rec.moves.clone(),
        result: match &rec.termination {
            Some(t) => format!("{} ({t})", rec.result),
            None => rec.result.clone(),
        },
    }
}

/// Write the HTML report of a run.
fn write_html(path: &str, st: &Study) -> Result<(), String> {
    let (h, tally, variant) = (st.header, st.tally, st.variant);
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
        shortest: Some(
            st.shortest()
                .into_iter()
                .map(|g| varia::study::report::Sample {
                    title: format!(
                        "Game {}: {} plies, {} won by {}{}",
                        g.number,
                        g.rec.moves.len(),
                        g.ending.winners.join("+"),
                        g.reason(),
                        if h.shard.is_some() {
                            format!(", index {} of the run", g.index)
                        } else {
                            String::new()
                        }
                    ),
                    board: g.ending.board,
                    fen: g.ending.fen,
                    moves: g.rec.moves.clone(),
                    result: match &g.rec.termination {
                        Some(t) => format!("{} ({t})", g.rec.result),
                        None => g.rec.result.clone(),
                    },
                })
                .collect(),
        ),
        numbering: numbering(h),
        first_actions: st.flaws.first_actions(),
        sprt: st.sprt.map(|t| t.sentence(&sprt_side(h, &summary))),
        samples: st.samples.iter().map(|r| sample(variant, r)).collect(),
    };
    std::fs::write(path, varia::study::report::html(&page))
        .map_err(|e| format!("cannot write {path}: {e}"))
}
