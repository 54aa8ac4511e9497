//! The HTML report of a study: one self-contained page (inline CSS and
//! inline SVG, nothing fetched) with the statistics, the results per end
//! rule, the shortest decisive games and the opening actions, three charts
//! and a few sample games, each game with its final board.
//!
//! The page is well-formed XML (XHTML syntax), so any XML parser can check
//! it. The charts are drawn here, by hand, in a few SVG primitives (bars,
//! error bars, polylines, axes): the page needs nothing more, and the
//! report builds with no drawing crate.

use crate::render::svg::esc;
use crate::study::flaws::FirstAction;
use crate::study::simulate::{LengthRow, Mean, Summary};
use crate::study::stats::Proportion;
use std::fmt::Write as _;

/// Series colours of the charts (seat 1, seat 2, ...); draws are grey.
const SERIES: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
];
const DRAWS: &str = "#7f7f7f";
const UNFINISHED: &str = "#bcbd22";

/// A game shown whole: its title, its final board (an SVG document) and
/// its position as FEN, and its moves.
#[derive(Debug, Clone)]
pub struct Sample {
    pub title: String,
    pub board: String,
    pub fen: String,
    pub moves: Vec<String>,
    pub result: String,
}

/// The most opening actions the page lists (`--json` has them all).
pub const FIRST_ACTION_ROWS: usize = 40;

/// What the page shows.
#[derive(Debug, Clone)]
pub struct Page<'a> {
    pub title: String,
    /// Lines describing the run (variant, seed, players, ...).
    pub about: Vec<String>,
    pub seats: Vec<String>,
    pub players: Vec<String>,
    pub summary: &'a Summary,
    /// Games by length (see [`crate::study::simulate::Tally::lengths`]).
    pub lengths: Vec<(usize, LengthRow)>,
    /// The shortest decisive games, shortest first (`None`: the section is
    /// left out).
    pub shortest: Option<Vec<Sample>>,
    /// How to find a game by its number (`varia replay FILE --game N`).
    pub numbering: String,
    /// The opening actions' results (see [`crate::study::flaws::Flaws::first_actions`]).
    pub first_actions: Vec<FirstAction>,
    /// The sequential test's state in words, when one was run.
    pub sprt: Option<String>,
    pub samples: Vec<Sample>,
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

const STYLE: &str = "body{font-family:DejaVu Sans,Arial,sans-serif;margin:2em;color:#222;max-width:1100px}\
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:4px 10px;text-align:right}\
th{background:#f2f2f2}td:first-child,th:first-child{text-align:left}\
.moves{font-family:monospace;max-width:60em;line-height:1.6}.chart{margin:1em 0}\
.sample{display:flex;gap:2em;align-items:flex-start;flex-wrap:wrap;margin-bottom:2em}\
.note{color:#555;font-size:90%}.games{display:flex;flex-wrap:wrap;gap:0 2.5em}.game{max-width:440px}.fen{font-family:monospace;font-size:80%;color:#555;max-width:30em;overflow-wrap:anywhere}";

/// The whole page.
pub fn html(p: &Page) -> String {
    let s = p.summary;
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        esc(&p.title),
        esc(&p.title)
    );
    for line in &p.about {
        let _ = writeln!(h, "<p>{}</p>", esc(line));
    }
    // Results per seat.
    h.push_str("<h2>Results</h2>\n<table>\n<tr><th>seat</th><th>games won</th><th>share</th><th>95% interval</th></tr>\n");
    let row = |h: &mut String, name: &str, r: &Proportion| {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{} to {}</td></tr>",
            esc(name),
            r.k,
            pct(r.share),
            pct(r.low95),
            pct(r.high95)
        );
    };
    for (name, r) in p.seats.iter().zip(&s.win_rates) {
        row(&mut h, name, r);
    }
    row(&mut h, "draws", &s.draw_rate);
    if s.unfinished > 0 {
        row(
            &mut h,
            "unfinished (ply cap)",
            &Proportion::new(s.unfinished as u64, s.games as u64),
        );
    }
    h.push_str("</table>\n");
    if let Some(m) = &s.mean_scores {
        means_table(
            &mut h,
            "Some games ended in shares (<code>score N/D</code>): each seat's mean score per finished game.",
            "mean score",
            &p.seats,
            m,
        );
    }
    if let Some(m) = &s.mean_points {
        means_table(
            &mut h,
            "The variant scores events (<code>score ...</code>): each seat's mean points per game, unfinished games included.",
            "mean points",
            &p.seats,
            m,
        );
    }
    if let Some(b) = &s.by_player {
        h.push_str("<p>The seats rotated among the players (openings); per player, whatever seat:</p>\n<table>\n<tr><th>player</th><th>games won</th><th>share</th><th>95% interval</th></tr>\n");
        for (i, r) in b.win_rates.iter().enumerate() {
            let name = format!("{} {}", i + 1, p.players.get(i).map_or("", String::as_str));
            row(&mut h, &name, r);
        }
        h.push_str("</table>\n");
    }
    let score_line = |h: &mut String, who: &str, f: &crate::study::stats::Score| {
        let _ = writeln!(
            h,
            "<p><b>{}</b> scores {} (95% interval {} to {}), Elo {:+.0} ({:+.0} to {:+.0}) over {} finished games ({} won, {} drawn, {} lost).</p>",
            esc(who),
            pct(f.score),
            pct(f.low95),
            pct(f.high95),
            f.elo,
            f.elo_low95,
            f.elo_high95,
            f.wins + f.draws + f.losses,
            f.wins,
            f.draws,
            f.losses
        );
    };
    if let (Some(f), Some(first)) = (&s.first_seat, p.seats.first()) {
        score_line(&mut h, &format!("{first} (the first mover)"), f);
    } else if p.seats.len() == 2 {
        h.push_str("<p>No finished games: no score and no Elo difference.</p>\n");
    }
    if let Some(f) = s.by_player.as_ref().and_then(|b| b.first_player.as_ref()) {
        score_line(
            &mut h,
            &format!(
                "player 1 ({}), both seats",
                p.players.first().map_or("", String::as_str)
            ),
            f,
        );
    }
    if let Some(t) = &p.sprt {
        let _ = writeln!(h, "<p>{}</p>", esc(t));
    }
    end_rules(&mut h, p);
    let _ = writeln!(
        h,
        "<p>Game length in plies: mean {:.1}, median {:.1}, 10% to 90% {} to {}, shortest {}, longest {}; mean branching factor {:.1}.</p>",
        s.mean_plies, s.median_plies, s.p10_plies, s.p90_plies, s.min_plies, s.max_plies, s.mean_branching
    );
    shortest(&mut h, p);
    first_actions(&mut h, p);
    h.push_str("<h2>Charts</h2>\n<p class=\"note\">Shares with their 95% intervals (Wilson score intervals; the score's interval from the spread of per-game scores). Game lengths are counted in plies, in buckets of equal width.</p>\n");
    let _ = writeln!(h, "<div class=\"chart\">{}</div>", score_chart(p));
    let _ = writeln!(h, "<div class=\"chart\">{}</div>", length_chart(p));
    let _ = writeln!(h, "<div class=\"chart\">{}</div>", rate_chart(p));
    if !p.samples.is_empty() {
        h.push_str("<h2>Sample games</h2>\n");
    }
    for g in &p.samples {
        game(&mut h, g, p.seats.len());
    }
    h.push_str("</body>\n</html>\n");
    h
}

/// One game shown whole: title, final board and FEN, moves and result.
/// A table of each seat's mean (score or points) with its 95% interval,
/// under a sentence that says what is counted.
fn means_table(h: &mut String, intro: &str, what: &str, seats: &[String], means: &[Mean]) {
    let _ = writeln!(
        h,
        "<p>{intro}</p>\n<table>\n<tr><th>seat</th><th>{what}</th><th>95% interval</th></tr>"
    );
    for (name, m) in seats.iter().zip(means) {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{:.3}</td><td>{:.3} to {:.3}</td></tr>",
            esc(name),
            m.mean,
            m.mean - m.half_width,
            m.mean + m.half_width
        );
    }
    h.push_str("</table>\n");
}

fn game(h: &mut String, g: &Sample, seats: usize) {
    let _ = writeln!(
        h,
        "<h3>{}</h3>\n<div class=\"sample\">\n<div>{}<p class=\"fen\">{}</p></div>\n<p class=\"moves\">{} <b>{}</b></p>\n</div>",
        esc(&g.title),
        g.board,
        esc(&g.fen),
        numbered(&g.moves, seats),
        esc(&g.result)
    );
}

/// The table of how games ended: per reason (an end rule, a goal, a
/// forfeit, the ply cap) its games and share, who won by it, the draws and
/// the unfinished games.
fn end_rules(h: &mut String, p: &Page) {
    let s = p.summary;
    h.push_str("<h2>How games ended</h2>\n<table>\n<tr><th>end rule or goal</th><th>games</th><th>share</th>");
    for name in &p.seats {
        let _ = write!(h, "<th>{} won</th>", esc(name));
    }
    h.push_str("<th>draws</th><th>unfinished</th></tr>\n");
    for r in &s.end_rules {
        let _ = write!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td>",
            esc(&r.reason),
            r.games,
            pct(r.games as f64 / s.games.max(1) as f64)
        );
        for w in &r.wins {
            let _ = write!(h, "<td>{w}</td>");
        }
        let _ = writeln!(h, "<td>{}</td><td>{}</td></tr>", r.draws, r.unfinished);
    }
    h.push_str("</table>\n");
}

/// The shortest decisive games, each with its final board.
fn shortest(h: &mut String, p: &Page) {
    let Some(games) = &p.shortest else {
        return;
    };
    h.push_str("<h2>Shortest decisive games</h2>\n");
    if games.is_empty() {
        h.push_str("<p>No game was won by the rules.</p>\n");
        return;
    }
    let _ = writeln!(
        h,
        "<p class=\"note\">The games won by the rules (not by a forfeit), shortest first: a flaw of the rules often shows as a quick win. {}</p>",
        esc(&p.numbering)
    );
    h.push_str("<div class=\"games\">\n");
    for g in games {
        let _ = writeln!(
            h,
            "<div class=\"game\">\n<h3>{}</h3>\n{}<p class=\"fen\">{}</p>\n<p class=\"moves\">{} <b>{}</b></p>\n</div>",
            esc(&g.title),
            g.board,
            esc(&g.fen),
            numbered(&g.moves, p.seats.len()),
            esc(&g.result)
        );
    }
    h.push_str("</div>\n");
}

/// Each opening action's results: the games, who won, and the score of the
/// seat that played it with its 95% interval.
fn first_actions(h: &mut String, p: &Page) {
    if p.first_actions.is_empty() {
        return;
    }
    let two = p.seats.len() == 2;
    h.push_str("<h2>First actions</h2>\n<p class=\"note\">Each game's first action (as the records write it), with the results of the games it began and ");
    h.push_str(if two {
        "the score of the seat that played it (a win 1, a draw ½, over the finished games) with its 95% interval and Elo.</p>\n"
    } else {
        "the share of those games the seat that played it won, with its 95% interval.</p>\n"
    });
    h.push_str("<table>\n<tr><th>first action</th><th>played by</th><th>games</th>");
    for name in &p.seats {
        let _ = write!(h, "<th>{} won</th>", esc(name));
    }
    h.push_str("<th>draws</th><th>unfinished</th>");
    h.push_str(if two {
        "<th>its score</th><th>95% interval</th><th>Elo</th></tr>\n"
    } else {
        "<th>its wins</th><th>95% interval</th></tr>\n"
    });
    for f in p.first_actions.iter().take(FIRST_ACTION_ROWS) {
        let _ = write!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td>",
            esc(&f.action),
            esc(p.seats.get(f.seat).map_or("", String::as_str)),
            f.games
        );
        for w in &f.wins {
            let _ = write!(h, "<td>{w}</td>");
        }
        let _ = write!(h, "<td>{}</td><td>{}</td>", f.draws, f.unfinished);
        match (two, &f.score) {
            (true, Some(sc)) => {
                let _ = writeln!(
                    h,
                    "<td>{}</td><td>{} to {}</td><td>{:+.0}</td></tr>",
                    pct(sc.score),
                    pct(sc.low95),
                    pct(sc.high95),
                    sc.elo
                );
            }
            (true, None) => h.push_str("<td>-</td><td>-</td><td>-</td></tr>\n"),
            _ => {
                let r = &f.win_rate;
                let _ = writeln!(
                    h,
                    "<td>{}</td><td>{} to {}</td></tr>",
                    pct(r.share),
                    pct(r.low95),
                    pct(r.high95)
                );
            }
        }
    }
    h.push_str("</table>\n");
    if p.first_actions.len() > FIRST_ACTION_ROWS {
        let _ = writeln!(
            h,
            "<p class=\"note\">{} more first actions, played less often, are in the study's --json.</p>",
            p.first_actions.len() - FIRST_ACTION_ROWS
        );
    }
}

/// Moves numbered once per round.
fn numbered(moves: &[String], seats: usize) -> String {
    let mut s = String::new();
    for (i, m) in moves.iter().enumerate() {
        if i % seats.max(1) == 0 {
            let _ = write!(s, "{}. ", i / seats.max(1) + 1);
        }
        let _ = write!(s, "{} ", esc(m));
    }
    s.trim_end().to_string()
}

/// A chart's frame: width, height, plot box and title.
struct Frame {
    w: f64,
    h: f64,
    left: f64,
    right: f64,
    top: f64,
    bottom: f64,
}

impl Frame {
    fn new() -> Frame {
        Frame {
            w: 720.0,
            h: 300.0,
            left: 60.0,
            right: 20.0,
            top: 36.0,
            bottom: 60.0,
        }
    }
    fn pw(&self) -> f64 {
        self.w - self.left - self.right
    }
    fn ph(&self) -> f64 {
        self.h - self.top - self.bottom
    }
    /// The y pixel of a value on an axis from 0 to `max`.
    fn y(&self, v: f64, max: f64) -> f64 {
        self.top + self.ph() * (1.0 - (v / max.max(f64::MIN_POSITIVE)).clamp(0.0, 1.0))
    }
    /// Open the SVG, with the title and the y axis (ticks at quarters).
    fn open(&self, title: &str, max: f64, label: impl Fn(f64) -> String) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}" font-family="DejaVu Sans, Arial, sans-serif" font-size="12"><rect x="0" y="0" width="{}" height="{}" fill="#ffffff"/><text x="{}" y="20" font-size="15" font-weight="bold">{}</text>"##,
            self.w,
            self.h,
            self.w,
            self.h,
            self.w,
            self.h,
            self.left,
            esc(title)
        );
        for q in 0..=4 {
            let v = max * f64::from(q) / 4.0;
            let y = self.y(v, max);
            let _ = writeln!(
                s,
                r##"<line x1="{}" y1="{y:.1}" x2="{}" y2="{y:.1}" stroke="#dddddd"/><text x="{}" y="{:.1}" text-anchor="end">{}</text>"##,
                self.left,
                self.w - self.right,
                self.left - 6.0,
                y + 4.0,
                esc(&label(v))
            );
        }
        let _ = writeln!(
            s,
            r##"<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="#333333"/><line x1="{0}" y1="{2}" x2="{3}" y2="{2}" stroke="#333333"/>"##,
            self.left,
            self.top,
            self.top + self.ph(),
            self.w - self.right
        );
        s
    }
}

/// A bar with its interval: (label, share, low, high, colour).
type Bar = (String, f64, f64, f64, &'static str);

/// The shares of wins per seat, of draws, and the scores, with their
/// 95% intervals as error bars.
fn score_chart(p: &Page) -> String {
    let s = p.summary;
    let mut bars: Vec<Bar> = Vec::new();
    for (i, (name, r)) in p.seats.iter().zip(&s.win_rates).enumerate() {
        bars.push((
            format!("{name} wins"),
            r.share,
            r.low95,
            r.high95,
            SERIES[i % SERIES.len()],
        ));
    }
    let d = &s.draw_rate;
    bars.push(("draws".into(), d.share, d.low95, d.high95, DRAWS));
    if let (Some(f), Some(first)) = (&s.first_seat, p.seats.first()) {
        bars.push((
            format!("{first} score"),
            f.score,
            f.low95,
            f.high95,
            "#393b79",
        ));
    }
    if let Some(f) = s.by_player.as_ref().and_then(|b| b.first_player.as_ref()) {
        bars.push((
            "player 1 score".into(),
            f.score,
            f.low95,
            f.high95,
            "#637939",
        ));
    }
    let fr = Frame::new();
    let mut out = fr.open("Results with 95% intervals", 1.0, |v| {
        format!("{:.0}%", 100.0 * v)
    });
    let slot = fr.pw() / bars.len().max(1) as f64;
    for (i, (label, v, lo, hi, colour)) in bars.iter().enumerate() {
        let x = fr.left + slot * i as f64 + slot * 0.2;
        let bw = slot * 0.6;
        let y = fr.y(*v, 1.0);
        let base = fr.top + fr.ph();
        let cx = x + bw / 2.0;
        let (ylo, yhi) = (fr.y(*lo, 1.0), fr.y(*hi, 1.0));
        let _ = writeln!(
            out,
            r##"<rect x="{x:.1}" y="{y:.1}" width="{bw:.1}" height="{:.1}" fill="{colour}"/><path d="M{cx:.1} {ylo:.1}V{yhi:.1}M{:.1} {ylo:.1}H{:.1}M{:.1} {yhi:.1}H{:.1}" stroke="#000000" stroke-width="1.5"/><text x="{cx:.1}" y="{:.1}" text-anchor="middle">{}</text><text x="{cx:.1}" y="{:.1}" text-anchor="middle" font-weight="bold">{}</text>"##,
            base - y,
            cx - 6.0,
            cx + 6.0,
            cx - 6.0,
            cx + 6.0,
            base + 16.0,
            esc(label),
            (yhi - 4.0).max(fr.top - 2.0),
            pct(*v)
        );
    }
    out.push_str("</svg>");
    out
}

/// Bucket the lengths: (first length, last length, rows summed), at most
/// `most` buckets of equal width.
fn buckets(lengths: &[(usize, LengthRow)], most: usize) -> Vec<(usize, usize, LengthRow)> {
    let (Some(first), Some(last)) = (lengths.first(), lengths.last()) else {
        return Vec::new();
    };
    let (lo, hi) = (first.0, last.0);
    let width = (hi - lo + 1).div_ceil(most.max(1)).max(1);
    let cols = first.1.len();
    let mut out: Vec<(usize, usize, LengthRow)> = Vec::new();
    for (len, row) in lengths {
        let b = (len - lo) / width;
        let start = lo + b * width;
        if out.last().is_none_or(|x| x.0 != start) {
            out.push((start, start + width - 1, vec![0; cols]));
        }
        if let Some(x) = out.last_mut() {
            for (a, v) in x.2.iter_mut().zip(row) {
                *a += v;
            }
        }
    }
    out
}

/// How many games lasted how long.
fn length_chart(p: &Page) -> String {
    let b = buckets(&p.lengths, 30);
    let max = b
        .iter()
        .map(|x| x.2.iter().sum::<u64>())
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let fr = Frame::new();
    let mut out = fr.open("Game length (plies)", max, |v| format!("{v:.0}"));
    let slot = fr.pw() / b.len().max(1) as f64;
    let every = b.len().div_ceil(10).max(1);
    for (i, (lo, hi, row)) in b.iter().enumerate() {
        let n = row.iter().sum::<u64>() as f64;
        let x = fr.left + slot * i as f64 + 1.0;
        let y = fr.y(n, max);
        let _ = writeln!(
            out,
            r##"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" fill="#1f77b4"><title>{lo}-{hi} plies: {n} games</title></rect>"##,
            (slot - 2.0).max(1.0),
            fr.top + fr.ph() - y
        );
        if i % every == 0 {
            let _ = writeln!(
                out,
                r##"<text x="{x:.1}" y="{:.1}">{lo}</text>"##,
                fr.top + fr.ph() + 16.0
            );
        }
    }
    let _ = writeln!(
        out,
        r##"<text x="{:.1}" y="{:.1}" text-anchor="middle">plies (bucket start); bars: games</text></svg>"##,
        fr.left + fr.pw() / 2.0,
        fr.h - 14.0
    );
    out
}

/// The share of games won by each seat (and drawn) against game length.
fn rate_chart(p: &Page) -> String {
    let b = buckets(&p.lengths, 12);
    let seats = p.seats.len();
    let fr = Frame::new();
    let mut out = fr.open("Win rate by game length", 1.0, |v| {
        format!("{:.0}%", 100.0 * v)
    });
    let slot = fr.pw() / b.len().max(1) as f64;
    let x_of = |i: usize| fr.left + slot * (i as f64 + 0.5);
    let unfinished = p.summary.unfinished > 0;
    for k in 0..=seats + usize::from(unfinished) {
        let colour = match k {
            k if k < seats => SERIES[k % SERIES.len()],
            k if k == seats => DRAWS,
            _ => UNFINISHED,
        };
        let mut pts = Vec::new();
        for (i, (_, _, row)) in b.iter().enumerate() {
            let n: u64 = row.iter().sum();
            if n > 0 {
                let share = row.get(k).copied().unwrap_or(0) as f64 / n as f64;
                pts.push((x_of(i), fr.y(share, 1.0)));
            }
        }
        let line: Vec<String> = pts.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
        let _ = writeln!(
            out,
            r##"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"/>"##,
            line.join(" ")
        );
        for (x, y) in pts {
            let _ = write!(
                out,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="3.5" fill="{colour}"/>"##
            );
        }
        let name = match k {
            k if k < seats => format!("{} wins", p.seats[k]),
            k if k == seats => "draws".into(),
            _ => "unfinished".into(),
        };
        let lx = fr.left + 10.0 + 130.0 * k as f64;
        let _ = writeln!(
            out,
            r##"<rect x="{lx:.1}" y="{:.1}" width="12" height="12" fill="{colour}"/><text x="{:.1}" y="{:.1}">{}</text>"##,
            fr.h - 20.0,
            lx + 16.0,
            fr.h - 10.0,
            esc(&name)
        );
    }
    for (i, (lo, hi, row)) in b.iter().enumerate() {
        let n: u64 = row.iter().sum();
        let _ = writeln!(
            out,
            r##"<text x="{0:.1}" y="{1:.1}" text-anchor="middle" font-size="10">{lo}-{hi}</text><text x="{0:.1}" y="{2:.1}" text-anchor="middle" font-size="10">({n})</text>"##,
            x_of(i),
            fr.top + fr.ph() + 13.0,
            fr.top + fr.ph() + 25.0
        );
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_cover_every_length_in_equal_widths() {
        let l = vec![
            (3, vec![1, 0, 0, 0]),
            (5, vec![0, 1, 0, 0]),
            (40, vec![0, 0, 2, 0]),
        ];
        let b = buckets(&l, 4);
        assert_eq!(b.len(), 2);
        assert_eq!((b[0].0, b[0].1), (3, 12));
        assert_eq!(b[0].2, vec![1, 1, 0, 0]);
        assert_eq!((b[1].0, b[1].1), (33, 42));
    }
}
