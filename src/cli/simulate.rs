//! `varia simulate` (self-play statistics) and `varia replay` (check a record).

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use varia::notation::record::Record;
use varia::play::ai::Player;
use varia::play::session::Prepared;
use varia::render::{self, Style};
use varia::search::game::{Game as _, Outcome};
use varia::study::merge::SHARD_KEY;
use varia::study::simulate::{self, Config};

/// The most games one run may ask for (shard bigger studies).
pub const MAX_GAMES: u64 = 1_000_000_000;
/// The longest game a run may allow, in plies.
pub const MAX_PLIES: u64 = 10_000_000;
/// The most worker threads, even when forced.
pub const MAX_JOBS: usize = 1024;
/// The most random plies before a game (`simulate --random-plies`, `match
/// --openings`).
pub const MAX_RANDOM_PLIES: u64 = 1000;

#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// The variant: a built-in name or a path to a `.variant` file.
    pub variant: String,
    /// The AI's evaluation weights: a values file written by `varia tune`
    /// (`none`: the rule file's own). Default: NAME.values.toml beside a
    /// rule file named by path, or the one shipped with a built-in name,
    /// if there is one.
    #[arg(long, value_name = "FILE")]
    pub values: Option<String>,
    /// Number of games (1 to 1,000,000,000).
    #[arg(short = 'n', long = "games", default_value_t = 100,
          value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    pub games: u64,
    /// Who plays each seat, in turn order: random, ai:LEVEL (1-8),
    /// ai;st=SECONDS, uci:PATH or xboard:PATH (an engine; add ;st=0.1 or
    /// ;tc=40/60+0.5, ;option.NAME=VALUE). Default: ai:1 on every seat.
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<String>,
    /// Master seed: game i is seeded from it and i, so results do not depend on --jobs.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores; at most the machine's threads
    /// unless --force-jobs).
    #[arg(long, default_value_t = 0)]
    pub jobs: usize,
    /// Allow --jobs above the machine's thread count (up to 1024).
    #[arg(long)]
    pub force_jobs: bool,
    /// Search threads of each built-in AI seat (lazy SMP, 1 to 64), in
    /// each of the --jobs games at once (a game per core stays the best
    /// use of the cores). More than one makes the AI's games
    /// irreproducible: the same seed no longer gives the same records.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: u64,
    /// Stop a game after this many plies (counted as unfinished); 1 to
    /// 10,000,000. A game may be endless (no rule ends it), so there is
    /// always a cap.
    #[arg(long, default_value_t = 500,
          value_parser = clap::value_parser!(u64).range(1..=MAX_PLIES))]
    pub max_plies: u64,
    /// Set an option, as NAME=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Write every game whole, one JSON object per line: seed, players,
    /// options, start FEN, actions (as `replay` reads them), result, reason.
    #[arg(long, value_name = "FILE.jsonl")]
    pub out: Option<String>,
    /// Write every game as PGN (`varia replay FILE --game N` reads one back).
    #[arg(long, value_name = "FILE.pgn")]
    pub pgn: Option<String>,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
    /// Play only the games whose index is K mod N (K from 0): one shard of
    /// a run split across machines or jobs; `varia merge` joins the shards'
    /// --out files into the same records and report as the whole run.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub shard: Option<(usize, usize)>,
    /// Open each game with this many plies chosen at random (seeded by the
    /// game's seed, so the same for every run and shard; with --openings,
    /// played after the opening and seeded by the first game of its group,
    /// so every arrangement of the players meets the same position), then
    /// let the seats play: varied games for players that would repeat
    /// themselves. The plies are part of the records.
    #[arg(long, default_value_t = 0, value_name = "N",
          value_parser = clap::value_parser!(u64).range(0..=MAX_RANDOM_PLIES))]
    pub random_plies: u64,
    /// Stop as soon as a sequential test decides between two Elo
    /// differences of the first seat (two seats), as cutechess-cli does:
    /// 0,10[,0.05,0.05] or elo0=0,elo1=10[,alpha=0.05,beta=0.05] (the
    /// generalised SPRT, as `match --sprt`). -n is then the most games.
    /// The state of the test (decided, or undecided with its
    /// log-likelihood ratio and bounds) is always printed. One shard
    /// (--shard) plays all its games; `merge --sprt` stops the joined run
    /// where the whole run stops.
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]", value_parser = str::parse::<varia::study::stats::Sprt>)]
    pub sprt: Option<varia::study::stats::Sprt>,
    /// Start the games from the openings of FILE: one a line, a FEN or a
    /// move line (`1. e4 e5 2. Nf3`, or coordinates), `#` comments. Each
    /// opening is played by every arrangement of the players: with two
    /// seats, games 2k and 2k+1 share an opening with the colours swapped
    /// (cutechess-cli's -repeat); with n seats, n games rotate the seats.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// In which order to take the openings: sequential (from the top,
    /// again after the last) or random (shuffled once by --seed).
    #[arg(long, value_name = "ORDER", default_value = "sequential",
          value_parser = ["sequential", "random"], requires = "openings")]
    pub openings_order: String,
    /// Write a self-contained HTML report (statistics, charts, sample
    /// games with their boards) to FILE.
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<String>,
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
    /// Which game of a file with several (a PGN file or `simulate --out`
    /// JSON lines) to show, from 1. Without it, a file of several games
    /// has every game checked, one line each.
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    /// For scripts: one JSON object per game checked, one a line (`game`
    /// from 1, `variant`, `legal`, `actions` played, `unplayed` after the
    /// rules ended the game, `result` as the rules give it, `error`; a
    /// BPGN record's lines add `boards: 2`), and nothing else on standard
    /// output; the exit code as without it.
    #[arg(long, conflicts_with = "boards")]
    pub json: bool,
}

/// What checking one record found.
struct Checked {
    actions: usize,
    unplayed: usize,
    result: String,
}

/// What a worker hands back for one game.
struct Played {
    /// The game as played (its moves kept until the sink knows whether it
    /// is among the shortest decisive games).
    game: simulate::Record<varia::engine::Move>,
    /// The game's record, kept for the report's sample games.
    sample: Option<Record>,
    /// Its first action as the records write it, and the seat that played it.
    first: Option<(String, usize)>,
    /// The JSON line and the PGN text, when asked for.
    json: Option<String>,
    pgn: Option<String>,
}

/// The whole record of a simulated game: the actions named as `replay`
/// reads them, found by playing the game again from its seed.
fn game_record(
    prepared: &Prepared,
    a: &SimulateArgs,
    options: &[(String, String)],
    players: &[String],
    fen: Option<&str>,
    r: &simulate::Record<varia::engine::Move>,
) -> (Record, String) {
    let variant = prepared.variant();
    let mut s = prepared
        .session(fen, r.start_seed)
        .expect("checked before the run");
    let start = s.position().fen();
    let mut moves = Vec::with_capacity(r.actions.len());
    let mut rolls = Vec::new();
    for &m in &r.actions {
        if let Some(roll) = s.roll_text() {
            rolls.push(roll);
        }
        moves.push(s.play_noted(m).0);
    }
    let seats = variant.players.len();
    let result = Record::result_for(seats, r.outcome.as_ref().map(Outcome::winners).as_deref());
    let score = r.outcome.as_ref().and_then(Outcome::score_tag);
    let termination = Some(
        r.outcome
            .as_ref()
            .map_or("ply cap", Outcome::reason)
            .to_string(),
    );
    let rec = Record {
        variant: a.variant.clone(),
        options: options.to_vec(),
        seed: r.start_seed,
        fen: fen
            .map(str::to_string)
            .or_else(|| Record::writes_dealt_setup(variant).then(|| start.clone())),
        seats: variant.players.iter().map(|p| p.name.clone()).collect(),
        players: players.to_vec(),
        moves,
        result,
        termination,
        score,
        points: s
            .points()
            .map(|p| p.iter().map(u32::to_string).collect::<Vec<_>>().join("-")),
        event: format!("varia simulate, seed {}", a.seed),
        site: String::new(),
        date: varia::notation::record::today(),
        round: (r.index + 1).to_string(),
        forfeit: r.forfeit.map(|f| variant.players[f].name.clone()),
        referee: Record::hides(variant),
        view: None,
        rolls,
        evals: evals_of(&r.thoughts),
    };
    (rec, start)
}

/// The AI's thoughts as a record writes them (`""` where none).
pub(super) fn evals_of(thoughts: &[Option<varia::play::seat::Thought>]) -> Vec<String> {
    if thoughts.iter().all(Option::is_none) {
        return Vec::new();
    }
    thoughts
        .iter()
        .map(|t| t.map_or_else(String::new, |t| t.comment()))
        .collect()
}

fn create(path: &str) -> Result<std::io::BufWriter<std::fs::File>, String> {
    std::fs::File::create(path)
        .map(std::io::BufWriter::new)
        .map_err(|e| format!("error: cannot write {path}: {e}"))
}

pub fn simulate(a: &SimulateArgs) -> i32 {
    // Outputs that collide are refused before anything is read or written.
    if let Err(e) = super::paths::check_command(
        &[
            ("--out", a.out.as_deref()),
            ("--pgn", a.pgn.as_deref()),
            ("--report", a.report.as_deref()),
        ],
        &a.variant,
        &[("the opening book", a.openings.as_deref())],
    ) {
        eprintln!("error: {e}");
        return 2;
    }
    let (variant, options) = match super::load_variant(&a.variant, &a.options) {
        Ok(x) => x,
        Err(super::Fail(e, code)) => {
            eprintln!("{e}");
            return code;
        }
    };
    if super::boards::two_boards(&variant) {
        let unsupported = [
            (a.values.is_some(), "--values"),
            (a.shard.is_some(), "--shard"),
            (a.sprt.is_some(), "--sprt"),
            (a.openings.is_some(), "--openings"),
            (a.report.is_some(), "--report"),
            (a.random_plies > 0, "--random-plies"),
            (a.threads > 1, "--threads"),
        ];
        let b = super::boards::SimulateArgs {
            unsupported: unsupported.iter().find(|(on, _)| *on).map(|(_, f)| *f),
            players: a.players.clone(),
            games: a.games,
            seed: a.seed,
            jobs: a.jobs,
            max_plies: a.max_plies,
            out: a.out.clone(),
            pgn: a.pgn.clone(),
            json: a.json,
        };
        return super::boards::simulate(&b, &variant);
    }
    let seats = variant.players.len();
    let players = match super::parse_players(&a.players, &variant, |_| Player::Ai(1), false) {
        Ok(p) => p,
        Err(super::Fail(e, code)) => {
            eprintln!("{e}");
            return code;
        }
    };
    if a.sprt.is_some() && seats != 2 {
        eprintln!("error: --sprt tests the first seat against the second: it needs two seats");
        return 2;
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    if a.jobs > MAX_JOBS || (a.jobs > threads && !a.force_jobs) {
        eprintln!(
            "error: --jobs {} is more than {}; more threads than cores only slow a run \
             down (add --force-jobs to insist, up to {MAX_JOBS})",
            a.jobs,
            if a.jobs > MAX_JOBS {
                format!("the limit of {MAX_JOBS}")
            } else {
                format!("this machine's {threads} threads")
            }
        );
        return 2;
    }
    // The variant is compiled once for the whole run (every game, every
    // thread, every record written).
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
    let mut out = match a.out.as_deref().map(create).transpose() {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    let mut pgn = match a.pgn.as_deref().map(create).transpose() {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    let book = match super::load_book(a.openings.as_deref(), &a.openings_order, &variant, a.seed) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let cfg = Config {
        games: a.games as usize,
        seed: a.seed,
        players: players.clone(),
        max_plies: a.max_plies as usize,
        jobs: a.jobs,
        shard: a.shard.unwrap_or((0, 1)),
        random_plies: a.random_plies as usize,
        rotate: book.is_some(),
        threads: a.threads as usize,
    };
    let bar = progress_bar(cfg.count() as u64);
    let player_names: Vec<String> = players.iter().map(|p| p.to_string()).collect();
    let (want_json, want_pgn) = (out.is_some(), pgn.is_some());
    // The report shows the first games of the run as samples.
    let samples_of: Vec<usize> = cfg.indexes().take(REPORT_SAMPLES).collect();
    let open = |st: simulate::Start| match &book {
        Some(b) => b.start(&prepared, st.index, st.start_seed),
        None => Ok((
            prepared
                .session(None, st.start_seed)
                .expect("checked above"),
            Vec::new(),
        )),
    };
    // The record of game `r` as the files write it, and its start.
    let record_of = |r: &simulate::Record<varia::engine::Move>| {
        let seated: Vec<String> = cfg
            .seated(r.rotation)
            .iter()
            .map(|p| p.to_string())
            .collect();
        let fen = book
            .as_ref()
            .and_then(|b| b.for_game(r.index, seats).fen.as_deref());
        game_record(&prepared, a, &options, &seated, fen, r)
    };
    let finish = |r: simulate::Record<varia::engine::Move>| {
        let (mut json, mut text, mut sample) = (None, None, None);
        let want_sample = a.report.is_some() && samples_of.contains(&r.index);
        let opening = book.as_ref().map(|b| b.for_game(r.index, seats));
        // The first action, as the records write it.
        let first = r.actions.first().map(|&m| {
            let mut s = prepared
                .session(opening.and_then(|o| o.fen.as_deref()), r.start_seed)
                .expect("checked before the run");
            let seat = s.to_move();
            (s.play_noted(m).0, seat)
        });
        if want_json || want_pgn || want_sample {
            let (rec, start) = record_of(&r);
            if want_json {
                let (outcome, winners) = match &r.outcome {
                    Some(Outcome::Win { winners, .. }) => ("win", winners.clone()),
                    Some(Outcome::Draw { .. }) => ("draw", vec![]),
                    Some(o @ Outcome::Shares { .. }) => ("shares", o.winners()),
                    None => ("unfinished", vec![]),
                };
                let mut line = serde_json::json!({
                    "game": r.index, "seed": r.start_seed, "run_seed": a.seed, "random_plies": a.random_plies, "variant": rec.variant,
                    "options": rec.options.iter().map(|(k, v)| (k.clone(), serde_json::Value::from(v.clone()))).collect::<serde_json::Map<_, _>>(),
                    "seats": rec.seats, "players": rec.players, "start": start,
                    "actions": rec.moves, "result": rec.result, "outcome": outcome,
                    "winners": winners.iter().map(|&w| &variant.players[w].name).collect::<Vec<_>>(),
                    "reason": r.outcome.as_ref().map_or("ply cap", |o| o.reason()),
                    "plies": r.plies, "branching": r.branching,
                });
                if let Some(m) = line.as_object_mut() {
                    if !rec.rolls.is_empty() {
                        m.insert("rolls".into(), rec.rolls.clone().into());
                    }
                    if !rec.evals.is_empty() {
                        m.insert("evals".into(), rec.evals.clone().into());
                    }
                    // What `merge` needs to tell runs apart: the ply cap,
                    // the shard (left out of the joined file, so that it is
                    // the unsharded run's byte for byte).
                    m.insert("max_plies".into(), a.max_plies.into());
                    if let Some(sc) = &rec.score {
                        m.insert("score".into(), sc.clone().into());
                    }
                    if let Some(p) = &rec.points {
                        m.insert("points".into(), p.clone().into());
                    }
                    if let Some((k, n)) = a.shard.filter(|s| s.1 > 1) {
                        m.insert(SHARD_KEY.into(), format!("{k}/{n}").into());
                    }
                    if let Some(f) = &rec.forfeit {
                        m.insert("forfeit".into(), f.clone().into());
                    }
                    if rec.referee {
                        m.insert("referee".into(), true.into());
                    }
                }
                if let (Some(o), Some(b), Some(m)) = (opening, &book, line.as_object_mut()) {
                    m.insert("game_seed".into(), r.seed.into());
                    m.insert("rotation".into(), r.rotation.into());
                    m.insert("opening".into(), format!("{}:{}", b.file, o.line).into());
                    if let Some(f) = &o.fen {
                        m.insert("fen".into(), f.clone().into());
                    }
                }
                json = Some(line.to_string() + "\n");
            }
            if want_pgn {
                text = Some(rec.to_pgn() + "\n");
            }
            if want_sample {
                sample = Some(rec);
            }
        }
        bar.inc(1);
        Played {
            game: r,
            sample,
            first,
            json,
            pgn: text,
        }
    };
    let mut tally = simulate::Tally::new(seats);
    let mut flaws = varia::study::flaws::Flaws::new(seats, varia::study::flaws::SHORTEST);
    let mut sprt_state = None;
    let live = std::io::stderr().is_terminal();
    let mut samples = Vec::new();
    let sink = |p: Played| {
        let g = &p.game;
        tally.add_game(
            g.outcome.as_ref(),
            g.forfeit.is_some(),
            g.plies,
            g.branching,
            cfg.rotate.then_some(g.rotation),
        );
        if let Some(points) = &g.points {
            tally.add_points(points);
        }
        flaws.add(
            g.index,
            g.outcome.as_ref(),
            g.forfeit.is_some(),
            g.plies,
            p.first.as_ref().map(|(m, s)| (m.as_str(), *s)),
            || p.game.clone(),
        );
        if let Some(rec) = p.sample {
            samples.push(rec);
        }
        // The running score on the progress bar, now and then.
        if live && tally.games() % 8 == 1 {
            let s = tally.summary();
            let msg = running_score(&s, &variant, &player_names);
            bar.set_message(msg);
        }
        for (file, text, name) in [(&mut out, p.json, &a.out), (&mut pgn, p.pgn, &a.pgn)] {
            if let (Some(f), Some(t)) = (file.as_mut(), text) {
                f.write_all(t.as_bytes()).map_err(|e| {
                    format!("error: cannot write {}: {e}", name.as_deref().unwrap_or(""))
                })?;
            }
        }
        // A sequential test stops the run once it decides; one shard of
        // a run plays all its games (it cannot see the other shards':
        // `merge --sprt` stops the joined run where the whole run stops).
        if let Some(test) = &a.sprt {
            sprt_state = tally.sprt_state(test);
            let sharded = cfg.shard.1 > 1;
            if !sharded && sprt_state.is_some_and(|s| s.decision.is_some()) {
                return Ok(false);
            }
        }
        Ok(true)
    };
    if let Err(e) = simulate::run_from(&cfg, open, finish, sink) {
        bar.finish_and_clear();
        eprintln!(
            "{}",
            if e.starts_with("error: ") {
                e
            } else {
                format!("error: {e}")
            }
        );
        return 1;
    }
    bar.finish_and_clear();
    for (file, name) in [(&mut out, &a.out), (&mut pgn, &a.pgn)] {
        if let Some(Err(e)) = file.as_mut().map(|f| f.flush()) {
            eprintln!("error: cannot write {}: {e}", name.as_deref().unwrap_or(""));
            return 1;
        }
    }
    let header = super::study::Header::new(
        &variant,
        a.seed,
        player_names.clone(),
        a.shard.filter(|s| s.1 > 1),
    );
    // The shortest decisive games become records, as the files write them.
    let flaws = flaws.map(|g| record_of(&g).0);
    let study = super::study::Study {
        header: &header,
        tally: &tally,
        variant: &variant,
        samples: &samples,
        flaws: &flaws,
        sprt: sprt_state,
    };
    study.print(a.json);
    if let Some(path) = &a.report {
        if let Err(e) = study.write_html(path) {
            eprintln!("error: {e}");
            return 1;
        }
    }
    0
}

/// The running score on the progress bar: with two seats the first
/// seat's score (the first player's, both colours together, when the seats
/// rotate) with its 95% interval and Elo; with more, each seat's share of
/// wins with its interval.
fn running_score(
    s: &simulate::Summary,
    variant: &varia::ir::Variant,
    players: &[String],
) -> String {
    let first = |name: &str, f: &varia::study::stats::Score| {
        format!(
            "{name} {:.1}% ({:.1} to {:.1}), Elo {:+.0}",
            100.0 * f.score,
            100.0 * f.low95,
            100.0 * f.high95,
            f.elo
        )
    };
    if let Some(f) = s.by_player.as_ref().and_then(|b| b.first_player.as_ref()) {
        return first(players.first().map_or("", String::as_str), f);
    }
    match &s.first_seat {
        Some(f) => first(variant.players.first().map_or("", |p| p.name.as_str()), f),
        None => s
            .win_rates
            .iter()
            .zip(&variant.players)
            .map(|(r, p)| {
                format!(
                    "{} {:.0}% ({:.0}-{:.0})",
                    p.name,
                    100.0 * r.share,
                    100.0 * r.low95,
                    100.0 * r.high95
                )
            })
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// How many games the HTML report shows whole.
pub const REPORT_SAMPLES: usize = 3;

/// The progress bar on standard error: games done, games a second, the
/// time left and (as its message) the running score; hidden when standard
/// error is not a terminal.
fn progress_bar(len: u64) -> ProgressBar {
    let bar = ProgressBar::new(len);
    if std::io::stderr().is_terminal() {
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} games, {per_sec}, eta {eta}  {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
    } else {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar
}

/// Read `--shard K/N`: game indexes K mod N, with 0 <= K < N.
fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let (k, n) = s
        .split_once('/')
        .ok_or_else(|| format!("`{s}` is not K/N (for example 0/4)"))?;
    let k: usize = k
        .trim()
        .parse()
        .map_err(|_| format!("`{k}` is not a shard number"))?;
    let n: usize = n
        .trim()
        .parse()
        .map_err(|_| format!("`{n}` is not a shard count"))?;
    if n == 0 || k >= n {
        return Err(format!(
            "shard {k}/{n}: K counts from 0 and must be below N"
        ));
    }
    Ok((k, n))
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

pub fn replay(a: &ReplayArgs) -> i32 {
    let path = std::path::Path::new(&a.file);
    let text = match varia::textfile::read_text(path, varia::textfile::MAX_RECORD_FILE) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", a.file);
            return 1;
        }
    };
    if varia::play::boards::bpgn::is_bpgn(&text) {
        let b = super::boards::ReplayArgs {
            file: a.file.clone(),
            boards: a.boards,
            ascii: a.ascii,
            variant_path: a.variant_path.clone(),
            game: a.game,
            json: a.json,
        };
        return super::boards::replay(&b, &text);
    }
    let games = Record::parse_all(&text);
    let mut allowed = vec![super::paths::record_dir(path)];
    allowed.extend(a.variant_path.iter().cloned());
    let style = Style {
        color: super::use_color() && !a.ascii && std::io::stdout().is_terminal(),
        ascii: a.ascii,
        flipped: false,
    };
    let pick = match (a.game, games.len()) {
        (Some(0), _) => {
            eprintln!("error: games are numbered from 1");
            return 2;
        }
        (Some(n), len) if n > len => {
            eprintln!(
                "error: {} holds {}; there is no game {n}",
                a.file,
                plural(len, "game", "games")
            );
            return 1;
        }
        (Some(n), _) => Some(n - 1),
        (None, 1) => Some(0),
        (None, _) => None,
    };
    // Each variant (with its options) is compiled once for the whole file.
    let mut compiled = varia::study::verify::Compiled::default();
    if a.json {
        // One line per game (only the one picked, with --game).
        let mut bad = 0;
        for (i, g) in games.iter().enumerate() {
            if pick.is_some_and(|p| p != i) {
                continue;
            }
            let variant = g.as_ref().map(|r| r.variant.clone()).ok();
            let r = g
                .as_ref()
                .map_err(|e| e.to_string())
                .and_then(|rec| replay_one(rec, &allowed, &mut compiled, None));
            bad += usize::from(r.is_err());
            let line = match r {
                Ok(c) => serde_json::json!({
                    "game": i + 1, "variant": variant, "legal": true, "actions": c.actions,
                    "unplayed": c.unplayed, "result": c.result, "error": null,
                }),
                Err(e) => serde_json::json!({
                    "game": i + 1, "variant": variant, "legal": false,
                    "error": e.trim_start_matches("error: "),
                }),
            };
            outln!("{line}");
        }
        return i32::from(bad > 0);
    }
    if let Some(i) = pick {
        let rec = match &games[i] {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: {}: {e}", a.file);
                return 1;
            }
        };
        return match replay_one(rec, &allowed, &mut compiled, Some((a.boards, style))) {
            Ok(_) => 0,
            Err(e) => {
                eprintln!("{e}");
                1
            }
        };
    }
    // Every game, one line each.
    let mut bad = 0;
    for (i, g) in games.iter().enumerate() {
        let r = g
            .as_ref()
            .map_err(|e| format!("error: {e}"))
            .and_then(|rec| replay_one(rec, &allowed, &mut compiled, None));
        if let Err(e) = r {
            bad += 1;
            outln!("game {}: {}", i + 1, e.trim_start_matches("error: "));
        }
    }
    outln!(
        "{} checked: {} legal throughout, {} not",
        plural(games.len(), "game", "games"),
        games.len() - bad,
        bad
    );
    i32::from(bad > 0)
}

/// Play a record's actions on its variant and judge its result
/// (`varia::study::verify`). With `show`, print each action (and the boards, when
/// asked) and the result; without, only check.
fn replay_one(
    rec: &Record,
    allowed: &[std::path::PathBuf],
    compiled: &mut varia::study::verify::Compiled,
    show: Option<(bool, Style)>,
) -> Result<Checked, String> {
    let prepared = compiled.get(&rec.variant, &rec.options, || {
        varia::load::for_record(&rec.variant, allowed, &rec.options, super::use_color())
            .map_err(|e| e.report())
    })?;
    let names: Vec<String> = prepared
        .variant()
        .players
        .iter()
        .map(|p| p.name.clone())
        .collect();
    let done = varia::study::verify::play(prepared, rec, show.is_some(), |i, seat, san, m, s| {
        if let Some((boards, style)) = show {
            outln!(
                "{:>4}. {:<8} {san}",
                i + 1,
                names.get(seat).map_or("?", String::as_str)
            );
            if boards {
                out!("{}", render::draw(&s.view(Some(m)), style));
            }
        }
    })
    .map_err(|e| format!("error: {e}"))?;
    let s = &done.session;
    let result = varia::study::verify::rules_result(s);
    let verdict = varia::study::verify::judge(rec, s);
    let checked = Checked {
        actions: done.played,
        unplayed: done.unplayed,
        result: result.clone(),
    };
    let Some((boards, style)) = show else {
        return verdict.map(|()| checked);
    };
    if done.unplayed > 0 {
        // The rules ended the game here (a draw by repetition, say): what
        // follows in the record is not played.
        outln!(
            "note: the game ended after action {} ({}); the record's {} after it {} not played",
            done.played,
            s.result().map_or(String::new(), |o| o.reason().to_string()),
            plural(done.unplayed, "action", "actions"),
            if done.unplayed == 1 { "is" } else { "are" },
        );
    }
    if !boards {
        out!("{}", render::draw(&s.view(None), style));
    }
    outln!(
        "{}, all legal. Result: {result}",
        plural(done.played, "action", "actions")
    );
    verdict.map(|()| checked).map_err(|e| format!("error: {e}"))
}
