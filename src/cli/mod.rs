//! Command-line parsing and the commands. Only this layer prints.

/// `println!` for the commands: a write error ends the program through
/// [`output_failed`] instead of a panic (a closed pipe, as in
/// `varia list | head`, ends it quietly).
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout().lock(), $($t)*) {
            $crate::cli::output_failed(e);
        }
    }};
}

/// `print!` for the commands (see [`outln`]).
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = write!(std::io::stdout().lock(), $($t)*) {
            $crate::cli::output_failed(e);
        }
    }};
}

/// Standard output failed: a reader that went away (a closed pipe) ends the
/// program quietly with success, as Unix tools do; any other error is
/// reported and the program stops.
pub fn output_failed(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("error: cannot write the output: {e}");
    std::process::exit(1);
}

mod boards;
mod boards_play;
mod describe;
mod duel;
mod fsf;
mod hint;
mod interrupt;
mod merge;
mod paths;
mod perft;
mod play;
mod play_help;
mod prompt;
mod refusal;
mod serve;
mod show;
mod simulate;
mod study;
mod tune;
mod uci;
mod validate;

use clap::{Parser, Subcommand};
use std::io::IsTerminal;

/// varia: chess variants as plain text files.
///
/// Write a variant as a `.variant` file, check it, play it, simulate it and
/// count its move tree. A VARIANT argument is a path to a `.variant` file or
/// the name of a built-in variant (see `varia list`).
#[derive(Parser, Debug)]
#[command(name = "varia", version, about, long_about = None, propagate_version = true)]
#[command(
    after_help = "Examples:\n  varia validate variants/*.variant\n  varia dump chess --stage ir --format json\n  varia list"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// The designer's workbench in the browser: edit a rule file with live
    /// diagnostics, see and play the board, analyse, study.
    ///
    /// Prints the page's URL (`varia serve: http://127.0.0.1:PORT/`). Only
    /// the FILE or DIR given is read or written; nothing else.
    ///
    /// Example: varia serve variants/ --port 0 --open
    Serve(serve::ServeArgs),
    /// Play a variant in the terminal, against people or the AI.
    ///
    /// Actions are read one per line from standard input, so a game can be
    /// piped in. Type `help` during the game for the commands (`hint` asks
    /// the AI what it would play, `why MOVE` says why an action is refused).
    Play(play::PlayArgs),
    /// Self-play many games and report who wins, how, and how long games last.
    ///
    /// Game i is seeded from --seed and i, so the results are the same for
    /// any --jobs.
    Simulate(simulate::SimulateArgs),
    /// Two players over many games, colours alternated, from seeded
    /// openings: the first player's score and Elo difference.
    ///
    /// Example: varia match chess --players 'ai;st=0.1,uci:/usr/games/fairy-stockfish;st=0.1;option.Skill Level=0'
    Match(duel::MatchArgs),
    /// Check a game record action by action and show it.
    Replay(simulate::ReplayArgs),
    /// Fit the AI's evaluation weights to games it plays itself, and write
    /// them to a values file the AI then reads.
    ///
    /// Example: varia tune variants/chess.variant --games 400 --jobs 1
    Tune(tune::TuneArgs),
    /// Show a position of a variant: as text, or drawn as SVG (--svg).
    ///
    /// Example: varia show chess --moves "e4 e5 Nf3" --svg board.svg --arrows "b8c6"
    Show(show::ShowArgs),
    /// Join the --out files of a simulation run in shards (--shard K/N)
    /// and report on the whole run, exactly as the unsharded run would.
    Merge(merge::MergeArgs),
    /// Check rule files and report every mistake at once.
    ///
    /// Exit status: 0 when every file is valid (warnings allowed), 1 otherwise.
    Validate(validate::ValidateArgs),
    /// Describe a variant for players: the board, the players, the turn,
    /// the end rules, and each piece with its move diagram.
    ///
    /// Example: varia describe chess knight --svg knight.svg
    Describe(describe::DescribeArgs),
    /// Print a stage of the pipeline (the syntax tree or the checked IR).
    Dump(validate::DumpArgs),
    /// Turn Fairy-Stockfish's variants.ini sections into rule files.
    ///
    /// Each section (with its parent, built-in or above it) becomes a
    /// variant whose file names its source; options varia cannot express
    /// are reported with their line, and a section that needs one produces
    /// no file. Only FILE is read; only DIR (with --out) is written, and
    /// if any file to write already exists nothing is written unless
    /// --force. Exit status: 0 when every section converts, 1 otherwise.
    /// docs/FSF.md lists every option and what it becomes. Example:
    /// varia import variants.ini --out imported/ --format json
    Import(fsf::ImportArgs),
    /// Write a variant as a section of Fairy-Stockfish's variants.ini, or
    /// say which of its rules Fairy-Stockfish cannot express (and where).
    ///
    /// The section goes to standard output; rules left out (adjudication
    /// only) are warnings on standard error and comments in the section.
    /// Exit status 1 when the variant cannot be exported. Example:
    /// varia export variants/catalogue/makruk.variant --format fsf-ini > makruk.ini
    Export(fsf::ExportArgs),
    /// Count the move tree to a depth (engine authors' correctness test).
    ///
    /// Prints the number of leaf nodes, the time and the speed; --divide
    /// prints the count under each first action.
    Perft(perft::PerftArgs),
    /// Measure perft speed and random playouts per second.
    Bench(perft::BenchArgs),
    /// Speak UCI on the standard streams (for GUIs, cutechess-cli, python-chess).
    ///
    /// Options: UCI_Variant (every variant), VariantPath (load .variant
    /// files), Hash, Clear Hash, MultiPV, Skill Level (1-8). Moves are
    /// coordinates as Fairy-Stockfish writes them (e2e4, e7e8q, P@e4);
    /// varia's own actions: P@e4e5 (place, then move), B@c3/d4 (place and
    /// return a man), e1=h1 (swap), 0000 (pass). Variants with hidden
    /// decks are refused with an `info string`. With UCI_Chess960, castling
    /// is the king taking its rook (e1h1) and follows Chess960's rule.
    Uci(uci::EngineArgs),
    /// Speak XBoard/CECP v2 on the standard streams (XBoard 4.8 or later).
    ///
    /// Variants other than chess are described to XBoard with `setup` and
    /// `piece` (Betza) commands. Two-player variants on a board with edges.
    Xboard(uci::EngineArgs),
    /// List the built-in variants.
    List {
        /// One JSON object per variant (name, title, players, options).
        #[arg(long)]
        json: bool,
    },
}

/// Whether to colour output: a terminal, and NO_COLOR unset or empty.
pub fn use_color() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stderr().is_terminal()
}

/// Parse `k=v` option overrides.
pub fn parse_overrides(opts: &[String]) -> Result<Vec<(String, String)>, String> {
    opts.iter()
        .map(|o| match o.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
            _ => Err(format!("`--option {o}` must read NAME=VALUE, for example `--option connectivity=per_player`")),
        })
        .collect()
}

/// A command failed: what to print, and the exit status (1 for a bad
/// variant or file, 2 for a bad argument).
pub struct Fail(pub String, pub i32);

impl Fail {
    /// A failure told in one sentence: printed as `error: ` and the sentence.
    pub fn msg(s: impl std::fmt::Display, code: i32) -> Fail {
        Fail(format!("error: {s}"), code)
    }
}

/// Compile a variant for a command, its error printed as every command
/// prints it (`error: ...`); the exit code (1) when it cannot.
pub fn compiled(variant: &varia::ir::Variant) -> Result<varia::play::session::Prepared, i32> {
    varia::play::session::Prepared::new(variant).map_err(|e| {
        eprintln!("error: {e}");
        1
    })
}

/// Compile a variant once for a run of games and check that it starts.
pub fn prepare(
    variant: &varia::ir::Variant,
    seed: u64,
) -> Result<varia::play::session::Prepared, String> {
    let prepared = varia::play::session::Prepared::new(variant).map_err(|e| e.to_string())?;
    prepared.session(None, seed).map_err(|e| e.to_string())?;
    Ok(prepared)
}

/// The values file the AI reads for `spec`, as its name and text:
/// `--values FILE`, none with `--values none`, else `NAME.values.toml`
/// beside a rule file named by path (`load::values_beside`), else the one
/// shipped with a built-in name (`load::builtin_values`).
fn values_text(spec: &str, flag: Option<&str>) -> Result<Option<(String, String)>, Fail> {
    let path = match flag {
        Some("none") => return Ok(None),
        Some(f) => std::path::PathBuf::from(f),
        None => match varia::load::values_beside(spec) {
            Some(p) => p,
            None if std::path::Path::new(varia::load::split_spec(spec).0).exists() => {
                return Ok(None)
            }
            None => {
                return Ok(varia::load::builtin_values(spec)
                    .map(|(n, t)| (format!("{n}, built in"), t.to_string())))
            }
        },
    };
    let name = path.display().to_string();
    let text = varia::textfile::read_text(&path, varia::textfile::MAX_RULE_FILE)
        .map_err(|e| Fail::msg(format!("cannot read the values file {name}: {e}"), 1))?;
    Ok(Some((name, text)))
}

/// The variant with the weights of its values file (see [`values_text`]),
/// and the file's name; a file that cannot be read or has mistakes fails
/// with its diagnostics.
pub fn with_values(
    prepared: varia::play::session::Prepared,
    spec: &str,
    flag: Option<&str>,
) -> Result<(varia::play::session::Prepared, Option<String>), Fail> {
    let Some((name, text)) = values_text(spec, flag)? else {
        return Ok((prepared, None));
    };
    match prepared.with_values_file(&name, &text) {
        Ok(p) => Ok((p, Some(name))),
        Err(diags) => {
            let mut sources = varia::diagnostic::Sources::new();
            sources.add(&name.as_str().into(), &text.as_str().into());
            Err(Fail(
                varia::diagnostic::render(
                    &diags,
                    &sources,
                    varia::diagnostic::Style { color: use_color() },
                ),
                1,
            ))
        }
    }
}

/// [`with_values`] for a command that reports and stops: the variant with
/// its weights, or (its diagnostics printed) the exit code.
pub fn weighted(
    prepared: varia::play::session::Prepared,
    spec: &str,
    flag: Option<&str>,
) -> Result<varia::play::session::Prepared, i32> {
    with_values(prepared, spec, flag)
        .map(|(p, _)| p)
        .map_err(|Fail(msg, code)| {
            eprintln!("{msg}");
            code
        })
}

/// Read an opening book (`--openings` / `--book`), if one is given.
pub fn load_book(
    file: Option<&str>,
    order: &str,
    variant: &varia::ir::Variant,
    seed: u64,
) -> Result<Option<varia::study::opening::Book>, String> {
    let Some(f) = file else { return Ok(None) };
    let text =
        varia::textfile::read_text(std::path::Path::new(f), varia::textfile::MAX_RECORD_FILE)
            .map_err(|e| format!("cannot read {f}: {e}"))?;
    let order = order.parse().unwrap_or_default();
    varia::study::opening::Book::parse(f, &text, variant, seed, order)
        .map(Some)
        .map_err(|e| e.to_string())
}

pub fn load_variant(
    spec: &str,
    options: &[String],
) -> Result<(varia::ir::Variant, Vec<(String, String)>), Fail> {
    let overrides = parse_overrides(options).map_err(|e| Fail::msg(e, 2))?;
    let v = varia::load::variant(spec, &overrides, use_color()).map_err(|e| Fail(e.report(), 1))?;
    Ok((v, overrides))
}

/// Parse `--players`: one kind per seat, or `default` for every seat when
/// none is given; `human` only where people can play.
pub fn parse_players(
    list: &[String],
    variant: &varia::ir::Variant,
    default: impl Fn(usize) -> varia::play::ai::Player,
    humans_allowed: bool,
) -> Result<Vec<varia::play::ai::Player>, Fail> {
    let names: Vec<&str> = variant.players.iter().map(|p| p.name.as_str()).collect();
    parse_seats(list, &variant.name, &names, default, humans_allowed)
}

/// Parse `--players` for the seats `names` of `game` (a variant's
/// players, or the four seats of two boards).
pub fn parse_seats(
    list: &[String],
    game: &str,
    names: &[&str],
    default: impl Fn(usize) -> varia::play::ai::Player,
    humans_allowed: bool,
) -> Result<Vec<varia::play::ai::Player>, Fail> {
    use varia::play::ai::Player;
    let seats = names.len();
    if list.is_empty() {
        return Ok((0..seats).map(default).collect());
    }
    if list.iter().any(|p| p.trim().is_empty()) {
        return Err(Fail::msg(
            "--players has an empty seat: write the seats with commas and no spaces, \
             such as --players human,ai:3 (quoted if a seat has a `;`)",
            2,
        ));
    }
    let players = list
        .iter()
        .map(|p| p.parse::<Player>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Fail::msg(e, 2))?;
    if !humans_allowed && players.contains(&Player::Human) {
        return Err(Fail::msg(
            "this command plays by itself; use random or ai:LEVEL seats",
            2,
        ));
    }
    if players.len() != seats {
        let mut msg = format!(
            "{game} has {seats} seats ({}), but --players names {}",
            names.join(", "),
            players.len()
        );
        // An unquoted `;` (`--players ai;st=0.1,human`) ends the command in
        // the shell: varia sees the seats before it, and the shell runs the
        // rest as another command.
        let cut = players.len() < seats
            && list
                .last()
                .is_some_and(|p| p.starts_with("ai") || p.contains(':'));
        if cut {
            msg.push_str(
                "\nhint: if the list went on after a `;` (`ai;st=0.1`, `uci:PATH;option...`), \
                 the shell cut the line there; quote it: --players 'ai;st=0.1,human'",
            );
        }
        return Err(Fail::msg(msg, 2));
    }
    Ok(players)
}

/// A word after `--players LIST` that reads as a seat (`--players ai,
/// human`, a list broken by a space): how to write it.
fn stray_seat(args: &[String]) -> Option<String> {
    let at = args.iter().position(|a| a == "--players")?;
    let (list, next) = (args.get(at + 1)?, args.get(at + 2)?);
    let seat = next.split(',').next().unwrap_or("");
    if next.starts_with('-') || seat.parse::<varia::play::ai::Player>().is_err() {
        return None;
    }
    Some(format!(
        "hint: `{next}` after `--players {list}` is a word of its own: write the seats \
         with commas and no spaces (--players {},{next}), and quote a list that has a `;`",
        list.trim_end_matches(',')
    ))
}

pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            if e.kind() == clap::error::ErrorKind::UnknownArgument {
                let args: Vec<String> = std::env::args().collect();
                if let Some(h) = stray_seat(&args) {
                    eprintln!("{h}");
                }
            }
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    match cli.command {
        Command::Serve(a) => serve::serve(&a),
        Command::Play(a) => play::play(&a),
        Command::Simulate(a) => simulate::simulate(&a),
        Command::Replay(a) => simulate::replay(&a),
        Command::Tune(a) => tune::run(&a),
        Command::Show(a) => show::show(&a),
        Command::Merge(a) => merge::merge(&a),
        Command::Match(a) => duel::run(&a),
        Command::Validate(a) => validate::validate(&a),
        Command::Dump(a) => validate::dump(&a),
        Command::Import(a) => fsf::import(&a),
        Command::Export(a) => fsf::export(&a),
        Command::Describe(a) => describe::describe(&a),
        Command::Perft(a) => perft::perft(&a),
        Command::Bench(a) => perft::bench(&a),
        Command::Uci(a) => uci::uci(&a),
        Command::Xboard(a) => uci::xboard(&a),
        Command::List { json } => {
            for n in varia::check::builtin_names() {
                match varia::load::builtin(n, &[]) {
                    Ok(v) if json => outln!(
                        "{}",
                        serde_json::json!({
                            "name": n, "title": v.title,
                            "players": v.players.iter().map(|p| &p.name).collect::<Vec<_>>(),
                            "options": v.options.iter().map(|o| serde_json::json!({"name": o.name, "default": o.default, "allowed": o.allowed})).collect::<Vec<_>>(),
                        })
                    ),
                    Ok(v) => {
                        let opts: Vec<&str> = v.options.iter().map(|o| o.name.as_str()).collect();
                        let opts = if opts.is_empty() {
                            String::new()
                        } else {
                            format!("  [options: {}]", opts.join(", "))
                        };
                        outln!("{n:<20} {:<28} {} players{opts}", v.title, v.players.len());
                    }
                    Err(e) => eprintln!("{n}: {e}"),
                }
            }
            0
        }
    }
}

/// The terminal's colours: the depth COLORTERM and TERM announce, the
/// theme asked for (`--theme`, else VARIA_THEME) or the one COLORFGBG
/// suggests.
pub fn terminal_palette(theme: Option<&str>) -> varia::render::palette::Palette {
    use varia::render::palette::{Depth, Palette};
    let env = |k: &str| std::env::var(k).ok();
    let theme = theme.map(str::to_string).or_else(|| env("VARIA_THEME"));
    Palette {
        depth: Palette::detect(env("COLORTERM").as_deref(), env("TERM").as_deref())
            .unwrap_or(Depth::Ansi16),
        theme: Palette::theme(theme.as_deref(), env("COLORFGBG").as_deref()),
    }
}
