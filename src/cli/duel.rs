//! `varia match`: two players over many games, colours alternated, from
//! seeded openings; the score of the first with an Elo difference and its
//! 95% error bar, an optional sequential test (`--sprt`), each game in a
//! PGN file (`--pgn`), and result lines as cutechess-cli prints them.
//!
//! Games run on `--concurrency` threads; each game depends only on the
//! seed and its number, and results are taken in game order (a bounded
//! window of games ahead), so the lines, the files and the decision of the
//! test are the same for any concurrency where the players are
//! deterministic. Memory does not grow with `-n`.

use super::simulate::{MAX_GAMES, MAX_JOBS, MAX_PLIES};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Condvar, Mutex};
use varia::notation::record::Record;
use varia::play::ai::{self, Player};
use varia::play::session::Prepared;
use varia::search::game::{Game as _, Outcome};
use varia::study::simulate;
use varia::study::stats::Sprt;

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// The variant (two players): a built-in name or a `.variant` file.
    pub variant: String,
    /// The AI's evaluation weights: a values file written by `varia tune`
    /// (`none`: the rule file's own). Default: NAME.values.toml beside a
    /// rule file named by path, or the one shipped with a built-in name,
    /// if there is one.
    #[arg(long, value_name = "FILE")]
    pub values: Option<String>,
    /// The two players, as for `simulate --players`: ai:LEVEL, ai;st=0.1,
    /// uci:PATH;tc=40/60+0.5;option.NAME=VALUE, xboard:PATH, random.
    #[arg(long, value_delimiter = ',', required = true)]
    pub players: Vec<String>,
    /// Number of games, 1 to 1,000,000,000 (rounded up to an even number:
    /// each opening is played twice, colours swapped); with --sprt, the
    /// most games.
    #[arg(short = 'n', long = "games", default_value_t = 40,
          value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    pub games: u64,
    /// Random plies of each opening (each within 60 cp of the best by a
    /// search two plies past it), seeded from --seed and the pair; an
    /// opening that ends the game, or that a 4-ply search finds won by force
    /// or beyond 300 cp, is dealt again (up to 16 times; openings over 40
    /// plies are dealt once); 0 to 1000.
    #[arg(long, default_value_t = 4,
          value_parser = clap::value_parser!(u64).range(0..=1000))]
    pub openings: u64,
    /// Openings from FILE instead of random plies (the format of `simulate
    /// --openings`: a FEN or a move line a line, `#` comments); pair k
    /// plays the k-th opening, once each way.
    #[arg(long, value_name = "FILE")]
    pub book: Option<String>,
    /// The order of the --book openings: sequential, or random (shuffled
    /// once by --seed).
    #[arg(long, value_name = "ORDER", default_value = "sequential",
          value_parser = ["sequential", "random"], requires = "book")]
    pub book_order: String,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games at once (each engine seat starts its own process): at most
    /// the machine's threads unless --force-jobs (then up to 1024). The
    /// results do not depend on it where the players are deterministic
    /// (node budgets, `depth=`), but engines on a clock think slower when
    /// they share cores.
    #[arg(long, visible_alias = "jobs", value_name = "N", default_value_t = 1)]
    pub concurrency: usize,
    /// Allow --concurrency above the machine's thread count (up to 1024).
    #[arg(long)]
    pub force_jobs: bool,
    /// Search threads of each built-in AI seat (lazy SMP, 1 to 64). More
    /// than one makes the AI stronger on a clock but its games
    /// irreproducible; an engine seat takes `option.Threads=N` instead.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: u64,
    /// A game still going after this many plies counts as a draw (1 to
    /// 10,000,000).
    #[arg(long, default_value_t = 400,
          value_parser = clap::value_parser!(u64).range(1..=MAX_PLIES))]
    pub max_plies: u64,
    /// Set an option, as NAME=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Write every game as PGN, in game order (the moves, the start
    /// position when it is not the variant's, the result and why), so any
    /// game can be replayed (`varia replay FILE --game N`).
    #[arg(long, value_name = "FILE.pgn")]
    pub pgn: Option<String>,
    /// Stop as soon as a sequential probability ratio test decides between
    /// two Elo differences of the first player, as cutechess-cli and
    /// fishtest do (the generalised SPRT on wins, draws and losses):
    /// elo0,elo1[,alpha,beta] (alpha and beta default to 0.05), or
    /// elo0=0,elo1=10,alpha=0.05,beta=0.05. -n is then the most games.
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]", value_parser = str::parse::<Sprt>,
          allow_hyphen_values = true)]
    pub sprt: Option<Sprt>,
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

#[cfg(test)]
mod tests {
    #[test]
    fn elo_intervals() {
        let (m, e, lo, hi) = super::elo(40, 0, 0);
        assert_eq!(m, 1.0);
        assert!(e > 1000.0 && (400.0..500.0).contains(&lo) && hi >= e - 1.0);
        let (m, e, lo, hi) = super::elo(1, 2, 1);
        assert_eq!(m, 0.5);
        assert!(e.abs() < 1e-9 && lo < 0.0 && hi > 0.0 && (lo + hi).abs() < 1e-6);
    }
}

/// The score fraction of `wins`, `draws`, `losses`, its Elo difference,
/// and the 95% interval of the Elo difference.
pub fn elo(wins: u64, draws: u64, losses: u64) -> (f64, f64, f64, f64) {
    let (w, d, l) = (wins as f64, draws as f64, losses as f64);
    let n = (w + d + l).max(1.0);
    let mean = (w + 0.5 * d) / n;
    let var = (w * (1.0 - mean).powi(2) + d * (0.5 - mean).powi(2) + l * mean.powi(2)) / n;
    let to_elo = |p: f64| {
        let p = p.clamp(0.001, 0.999);
        -400.0 * (1.0 / p - 1.0).log10()
    };
    // The normal approximation of the per-game scores; at a clean sweep
    // (no spread) the Wilson interval of the score instead, so 40 of 40
    // reads as "at least about +440", not "± 0".
    let (lo, hi) = if var > 0.0 {
        let se = (var / n).sqrt();
        (mean - 1.96 * se, mean + 1.96 * se)
    } else {
        let z2 = 1.96f64 * 1.96;
        let centre = (mean + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = 1.96 * (mean * (1.0 - mean) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        (centre - half, centre + half)
    };
    (mean, to_elo(mean), to_elo(lo), to_elo(hi))
}

/// One finished game, as the main thread needs it.
struct Played {
    /// The first player's score (1, ½, 0).
    score: f64,
    /// `1-0`, `0-1`, `1/2-1/2`.
    result: String,
    /// Why, as cutechess-cli words it (`White mates`).
    comment: String,
    /// The reason of the outcome (`ply cap` when none).
    reason: String,
    /// A seat lost outside the rules.
    forfeit: bool,
    /// The first player played the second seat.
    swapped: bool,
    /// For a game not ended by a rule: where it stopped, as a UCI
    /// `position` (to replay it against an engine).
    position: Option<String>,
    pgn: Option<String>,
}

/// Distinct reasons kept for the summary; more are counted together.
const REASONS: usize = 48;

/// Count a game's reason (at most [`REASONS`] distinct ones, the rest as
/// one line: a reason may carry an engine's words or a time).
fn count_reason(reasons: &mut Vec<(String, u64)>, reason: &str) {
    const OTHER: &str = "(other reasons)";
    let key = if reasons.iter().any(|(r, _)| r == reason) || reasons.len() < REASONS - 1 {
        reason
    } else {
        OTHER
    };
    match reasons.iter_mut().find(|(r, _)| r == key) {
        Some(r) => r.1 += 1,
        None => reasons.push((key.to_string(), 1)),
    }
}

/// Games that may be finished ahead of the oldest one still running.
fn window(concurrency: usize) -> usize {
    4 * concurrency + 16
}

/// The wins, draws and losses of the first player.
#[derive(Default, Clone, Copy)]
struct Wdl {
    w: u64,
    d: u64,
    l: u64,
}

impl Wdl {
    fn add(&mut self, score: f64) {
        match score {
            s if s > 0.75 => self.w += 1,
            s if s < 0.25 => self.l += 1,
            _ => self.d += 1,
        }
    }
    fn n(&self) -> u64 {
        self.w + self.d + self.l
    }
}

/// What the run needs to play a game.
struct Setup<'a> {
    a: &'a MatchArgs,
    prepared: &'a Prepared,
    book: Option<&'a varia::study::opening::Book>,
    players: &'a [Player],
    options: &'a [(String, String)],
    seat_names: Vec<String>,
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

impl Setup<'_> {
    /// Play game `i` (from 0).
    fn play(&self, i: usize) -> Result<Played, String> {
        let a = self.a;
        let pair = (i / 2) as u64;
        let seed = simulate::game_seed(a.seed, pair);
        let (g, fen) = match self.book {
            Some(b) => (
                b.start(self.prepared, i, seed)?.0,
                b.for_game(i, 2).fen.clone(),
            ),
            None => {
                let mut g = self.prepared.session(None, seed).map_err(|e| e.0)?;
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                ai::random_opening(&mut g, a.openings as usize, 60, &mut rng);
                (g, None)
            }
        };
        let swapped = i % 2 == 1;
        let seats = if swapped {
            vec![self.players[1].clone(), self.players[0].clone()]
        } else {
            self.players.to_vec()
        };
        let opening: Vec<_> = g.game.moves().collect();
        let start = g.clone();
        let r = simulate::play_one(
            g,
            &seats,
            seed ^ i as u64,
            a.max_plies as usize,
            (0, i, a.threads as usize),
        );
        let first_seat = usize::from(swapped);
        let score = r.outcome.as_ref().map_or(0.5, |o| o.score(first_seat));
        let reason = r
            .outcome
            .as_ref()
            .map_or("ply cap", Outcome::reason)
            .to_string();
        let names = &self.seat_names;
        let shares = r.outcome.as_ref().and_then(Outcome::score_tag);
        let (result, comment) = match r.outcome.clone().map(Outcome::decided).as_ref() {
            Some(Outcome::Win { winners, reason }) => {
                let (w, l) = if winners.contains(&0) { (0, 1) } else { (1, 0) };
                let result = if w == 0 { "1-0" } else { "0-1" };
                let comment = match (r.forfeit, reason.as_str()) {
                    (Some(_), r) => format!("{} loses: {r}", names[l]),
                    (None, "checkmate") => format!("{} mates", names[w]),
                    (None, r) => format!("{} wins by {r}", names[w]),
                };
                (result.to_string(), comment)
            }
            Some(Outcome::Draw { reason } | Outcome::Shares { reason, .. }) => {
                ("1/2-1/2".to_string(), format!("Draw by {reason}"))
            }
            None => (
                "1/2-1/2".to_string(),
                format!("Draw by adjudication: {} plies", r.plies),
            ),
        };
        let ruled = r.outcome.is_some() && r.forfeit.is_none();
        let position = (!ruled)
            .then(|| {
                let mut g = start.clone();
                for &m in &r.actions {
                    g.play(m);
                }
                varia::search::game::Game::protocol_game(&g).map(|t| {
                    format!(
                        "position {} moves {}",
                        t.fen.map_or("startpos".into(), |f| format!("fen {f}")),
                        t.moves.join(" ")
                    )
                })
            })
            .flatten();
        let pgn = a.pgn.as_ref().map(|_| {
            let mut s = self
                .prepared
                .session(fen.as_deref(), seed)
                .expect("the game started from it");
            let mut rolls = Vec::new();
            let moves = opening
                .iter()
                .chain(&r.actions)
                .map(|&m| {
                    if let Some(roll) = s.roll_text() {
                        rolls.push(roll);
                    }
                    s.play_noted(m).0
                })
                .collect();
            let order = if swapped { [1, 0] } else { [0, 1] };
            let rec = Record {
                variant: a.variant.clone(),
                options: self.options.to_vec(),
                seed,
                fen: fen.clone(),
                seats: self
                    .prepared
                    .variant()
                    .players
                    .iter()
                    .map(|p| p.name.clone())
                    .collect(),
                players: order.iter().map(|&k| self.players[k].to_string()).collect(),
                moves,
                result: result.clone(),
                score: shares.clone(),
                points: None,
                termination: Some(comment.clone()),
                event: format!("varia match, seed {}", a.seed),
                site: String::new(),
                date: varia::notation::record::today(),
                round: (i + 1).to_string(),
                forfeit: r
                    .forfeit
                    .map(|f| self.prepared.variant().players[f].name.clone()),
                referee: Record::hides(self.prepared.variant()),
                view: None,
                rolls,
                evals: super::simulate::evals_of(
                    &std::iter::repeat_n(None, opening.len())
                        .chain(r.thoughts.iter().copied())
                        .collect::<Vec<_>>(),
                ),
            };
            rec.to_pgn() + "\n"
        });
        Ok(Played {
            score,
            result,
            comment,
            reason,
            forfeit: r.forfeit.is_some(),
            swapped,
            position,
            pgn,
        })
    }
}

/// The window of games handed out: no game starts more than
/// [`window`] games after the oldest one not yet taken in.
struct Gate {
    taken: Mutex<usize>,
    moved: Condvar,
}

pub fn run(a: &MatchArgs) -> i32 {
    let (variant, options) = match super::load_variant(&a.variant, &a.options) {
        Ok(x) => x,
        Err(super::Fail(e, code)) => {
            eprintln!("{e}");
            return code;
        }
    };
    if variant.players.len() != 2 {
        eprintln!(
            "error: match plays two-player variants; use simulate for {}",
            variant.name
        );
        return 2;
    }
    let players = match super::parse_players(&a.players, &variant, |_| Player::Random, false) {
        Ok(p) => p,
        Err(super::Fail(e, code)) => {
            eprintln!("{e}");
            return code;
        }
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    if a.concurrency == 0 || a.concurrency > MAX_JOBS || (a.concurrency > threads && !a.force_jobs)
    {
        eprintln!(
            "error: --concurrency {} is not between 1 and {}; more games at once than cores \
             only slow a match down (add --force-jobs to insist, up to {MAX_JOBS})",
            a.concurrency,
            if a.concurrency > MAX_JOBS {
                MAX_JOBS
            } else {
                threads
            }
        );
        return 2;
    }
    if let (Some(p), Some(b)) = (&a.pgn, &a.book) {
        if same_file(p, b) {
            eprintln!("error: --pgn {p} would overwrite the --book it reads");
            return 2;
        }
    }
    let prepared = match super::prepare(&variant, a.seed) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let prepared = match super::weighted(prepared, &a.variant, a.values.as_deref()) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let book = match super::load_book(a.book.as_deref(), &a.book_order, &variant, a.seed) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let mut pgn = match a.pgn.as_deref().map(std::fs::File::create).transpose() {
        Ok(f) => f.map(std::io::BufWriter::new),
        Err(e) => {
            eprintln!(
                "error: cannot write {}: {e}",
                a.pgn.as_deref().unwrap_or("")
            );
            return 1;
        }
    };
    let total = (a.games.div_ceil(2) * 2) as usize;
    let names: Vec<String> = players.iter().map(|p| p.to_string()).collect();
    let setup = Setup {
        a,
        prepared: &prepared,
        book: book.as_ref(),
        players: &players,
        options: &options,
        seat_names: variant
            .players
            .iter()
            .map(|p| capitalised(&p.name))
            .collect(),
    };
    let bar = progress(total as u64);
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let gate = Gate {
        taken: Mutex::new(0),
        moved: Condvar::new(),
    };
    let ahead = window(a.concurrency);
    let (tx, rx) = mpsc::channel::<(usize, Result<Played, String>)>();
    let mut tally = Wdl::default();
    let mut clean = Wdl::default();
    let mut forfeits = 0u64;
    let mut reasons: Vec<(String, u64)> = Vec::new();
    let mut decision = None;
    let mut failed = None;
    std::thread::scope(|scope| {
        for _ in 0..a.concurrency {
            let tx = tx.clone();
            let (setup, next, stop, gate) = (&setup, &next, &stop, &gate);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= total {
                    return;
                }
                {
                    let mut taken = gate.taken.lock().unwrap_or_else(|e| e.into_inner());
                    while i >= *taken + ahead && !stop.load(Ordering::Relaxed) {
                        taken = gate.moved.wait(taken).unwrap_or_else(|e| e.into_inner());
                    }
                }
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                if tx.send((i, setup.play(i))).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        // Take the games in order.
        let mut waiting: BTreeMap<usize, Result<Played, String>> = BTreeMap::new();
        let mut taken = 0;
        for (i, p) in rx.iter() {
            waiting.insert(i, p);
            while let Some(p) = waiting.remove(&taken) {
                taken += 1;
                let p = match p {
                    Ok(p) => p,
                    Err(e) => {
                        failed = Some(e);
                        break;
                    }
                };
                tally.add(p.score);
                if p.forfeit {
                    forfeits += 1;
                } else {
                    clean.add(p.score);
                }
                count_reason(&mut reasons, &p.reason);
                let (white, black) = if p.swapped {
                    (&names[1], &names[0])
                } else {
                    (&names[0], &names[1])
                };
                let line = format!(
                    "Finished game {} ({white} vs {black}): {} {{{}}}\nScore of {} vs {}: {} - {} - {}  [{:.3}] {}",
                    taken,
                    p.result,
                    varia::external::lines::clean(&p.comment, 200),
                    names[0],
                    names[1],
                    tally.w,
                    tally.l,
                    tally.d,
                    (tally.w as f64 + 0.5 * tally.d as f64) / tally.n() as f64,
                    tally.n()
                );
                if !a.json {
                    bar.suspend(|| outln!("{line}"));
                }
                if let Some(pos) = &p.position {
                    bar.suspend(|| eprintln!("  game {taken} ({}): {pos}", p.reason));
                }
                if let (Some(f), Some(text)) = (pgn.as_mut(), &p.pgn) {
                    if let Err(e) = f.write_all(text.as_bytes()) {
                        failed = Some(format!(
                            "cannot write {}: {e}",
                            a.pgn.as_deref().unwrap_or("")
                        ));
                        break;
                    }
                }
                bar.inc(1);
                let mut msg = format!(
                    "{} - {} - {} [{:.3}]",
                    tally.w,
                    tally.l,
                    tally.d,
                    (tally.w as f64 + 0.5 * tally.d as f64) / tally.n() as f64
                );
                if let Some(t) = &a.sprt {
                    let (llr, lo, hi) = t.gsprt(tally.w, tally.d, tally.l);
                    msg.push_str(&format!(", LLR {llr:.2} ({lo:.2}, {hi:.2})"));
                    if llr >= hi || llr <= lo {
                        decision = Some(llr >= hi);
                    }
                }
                bar.set_message(msg);
                if decision.is_some() {
                    break;
                }
            }
            {
                let mut t = gate.taken.lock().unwrap_or_else(|e| e.into_inner());
                *t = taken;
            }
            gate.moved.notify_all();
            if decision.is_some() || failed.is_some() {
                // Games in progress finish (their engines are closed
                // properly) but are not counted: the result is the same
                // for any concurrency.
                stop.store(true, Ordering::Relaxed);
                gate.moved.notify_all();
                break;
            }
        }
    });
    bar.finish_and_clear();
    if let Some(f) = pgn.as_mut() {
        if let Err(e) = f.flush() {
            failed.get_or_insert(format!(
                "cannot write {}: {e}",
                a.pgn.as_deref().unwrap_or("")
            ));
        }
    }
    if let Some(e) = failed {
        eprintln!("error: {e}");
        return 1;
    }
    summary(
        a,
        &variant,
        &names,
        tally,
        clean,
        forfeits,
        &mut reasons,
        decision,
    );
    0
}

/// The summary: the score with Elo, the games lost outside the rules, how
/// games ended, and the test's state.
#[allow(clippy::too_many_arguments)]
fn summary(
    a: &MatchArgs,
    variant: &varia::ir::Variant,
    names: &[String],
    tally: Wdl,
    clean: Wdl,
    forfeits: u64,
    reasons: &mut [(String, u64)],
    decision: Option<bool>,
) {
    let (mean, e, lo, hi) = elo(tally.w, tally.d, tally.l);
    let err = (hi - lo) / 2.0;
    let (clean_mean, clean_elo, clean_lo, clean_hi) = elo(clean.w, clean.d, clean.l);
    let clean_err = (clean_hi - clean_lo) / 2.0;
    reasons.sort_by_key(|x| std::cmp::Reverse(x.1));
    let sprt = a.sprt.map(|t| {
        let (llr, lower, upper) = t.gsprt(tally.w, tally.d, tally.l);
        (t, llr, lower, upper)
    });
    if a.json {
        outln!(
            "{}",
            serde_json::json!({
                "variant": variant.name, "games": tally.n(), "seed": a.seed,
                "players": names,
                "wins": tally.w, "draws": tally.d, "losses": tally.l, "score": mean,
                "elo": e, "elo_error95": err, "elo_low95": lo, "elo_high95": hi,
                "forfeits": forfeits,
                "rules_only": {"games": clean.n(), "score": clean_mean, "elo": clean_elo, "elo_error95": clean_err, "elo_low95": clean_lo, "elo_high95": clean_hi},
                "reasons": reasons.iter().map(|(r, n)| serde_json::json!({"reason": r, "games": n})).collect::<Vec<_>>(),
                "sprt": sprt.map(|(t, llr, lower, upper)| serde_json::json!({
                    "elo0": t.elo0, "elo1": t.elo1, "alpha": t.alpha, "beta": t.beta,
                    "llr": llr, "lower": lower, "upper": upper,
                    "result": match decision { Some(true) => "H1", Some(false) => "H0", None => "undecided" },
                })),
            })
        );
        return;
    }
    outln!(
        "{} games of {}: {} vs {}",
        tally.n(),
        variant.title,
        names[0],
        names[1]
    );
    outln!(
        "{}: +{} ={} -{}, score {:.1}%, Elo {:+.0} ± {:.0} (95% interval {:+.0} to {:+.0})",
        names[0],
        tally.w,
        tally.d,
        tally.l,
        100.0 * mean,
        e,
        err,
        lo,
        hi
    );
    if forfeits > 0 {
        outln!(
            "without the {forfeits} games lost outside the rules: score {:.1}%, Elo {:+.0} ± {:.0}",
            100.0 * clean_mean,
            clean_elo,
            clean_err
        );
    }
    for (r, n) in reasons.iter() {
        outln!("  {:<24} {n}", varia::external::lines::clean(r, 120));
    }
    // (`+ 0.0`: an even score is 0.0, not -0.0.)
    outln!(
        "Elo difference: {:.1} +/- {err:.1}, DrawRatio: {:.1} %",
        e + 0.0,
        100.0 * tally.d as f64 / tally.n().max(1) as f64
    );
    if let Some((_, llr, lower, upper)) = sprt {
        let verdict = match decision {
            Some(true) => " - H1 was accepted",
            Some(false) => " - H0 was accepted",
            None => "",
        };
        outln!(
            "SPRT: llr {llr:.3} ({:.1}%), lbound {lower:.2}, ubound {upper:.2}{verdict}",
            100.0 * llr / upper
        );
    }
    outln!("Finished match");
}

/// Whether two paths name one existing file.
fn same_file(a: &str, b: &str) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// A progress line on standard error when it is a terminal.
fn progress(len: u64) -> ProgressBar {
    let bar = ProgressBar::new(len);
    if std::io::stderr().is_terminal() {
        bar.set_style(
            ProgressStyle::with_template("[{elapsed_precise}] {bar:24} {pos}/{len} games  {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
    } else {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar
}
