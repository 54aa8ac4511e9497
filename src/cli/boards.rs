//! The commands on a variant of two boards (`boards 2`: bughouse):
//! `perft --board`, `simulate`, `replay` of a BPGN record and `play` in
//! the terminal (docs/STUDY.md "Two boards").

use rayon::prelude::*;
use varia::ir::Variant;
use varia::play::ai::Player;
use varia::play::boards::{self, bpgn, sim, Boards, BOARD_NAMES};
use varia::play::session::Prepared;
use varia::render::{self, Style};
use varia::search::game::Outcome;

/// Whether a variant is played on two boards.
pub fn two_boards(v: &Variant) -> bool {
    v.turn.boards == 2
}

/// A board's letter read from `--board` (`A` or `B`, either case).
pub fn parse_board(s: &str) -> Result<usize, String> {
    match s.trim() {
        "A" | "a" => Ok(0),
        "B" | "b" => Ok(1),
        other => Err(format!("`{other}`: the boards are A and B")),
    }
}

/// The position of one board of a two-board FEN (`FEN_A | FEN_B`), or of
/// the setup.
pub fn board_fen(v: &Variant, fen: Option<&str>, board: usize) -> Result<Option<String>, String> {
    if !two_boards(v) {
        return Err(format!(
            "`{}` is played on one board: --board is for a variant with `boards 2`",
            v.name
        ));
    }
    match fen {
        None => Ok(None),
        Some(f) => Ok(Some(boards::split_fens(f)?[board].clone())),
    }
}

/// The four seats' players and the compiled rules of a game of two
/// boards, or, said on standard error, why not (the exit code):
/// `--players` names four seats, or none (`default` for each); `human`
/// only where people can play.
pub(super) fn seated(
    list: &[String],
    variant: &Variant,
    default: impl Fn(usize) -> Player,
    humans_allowed: bool,
) -> Result<([Player; 4], Prepared), i32> {
    let game = format!("{} on two boards", variant.name);
    let players: [Player; 4] = super::parse_seats(
        list,
        &game,
        &["WhiteA", "BlackA", "WhiteB", "BlackB"],
        default,
        humans_allowed,
    )
    .and_then(|seats| {
        seats
            .try_into()
            .map_err(|_| super::Fail::msg("--players: four seats", 2))
    })
    .map_err(|super::Fail(e, code)| {
        eprintln!("{e}");
        code
    })?;
    Ok((players, super::compiled(variant)?))
}

pub(super) fn names(players: &[Player; 4]) -> [String; 4] {
    [0, 1, 2, 3].map(|i| players[i].to_string())
}

/// `varia simulate` on two boards: games seeded from (seed, index), each
/// board's next mover picked by the game's seeded coin.
/// What `varia simulate` asks of a game of two boards.
pub struct SimulateArgs {
    /// The first option given that two boards do not carry out.
    pub unsupported: Option<&'static str>,
    pub players: Vec<String>,
    pub games: u64,
    pub seed: u64,
    pub jobs: usize,
    pub max_plies: u64,
    pub out: Option<String>,
    pub pgn: Option<String>,
    pub json: bool,
}

/// What `varia replay` asks of a BPGN record.
pub struct ReplayArgs {
    pub file: String,
    pub boards: bool,
    pub ascii: bool,
    pub variant_path: Vec<std::path::PathBuf>,
    /// Only this game of the file (from 1).
    pub game: Option<usize>,
    /// One JSON line per game, nothing else on standard output.
    pub json: bool,
}

/// What `varia play` asks of a game of two boards.
pub struct PlayArgs {
    pub players: Vec<String>,
    pub fen: Option<String>,
    pub seed: Option<u64>,
    pub ascii: bool,
    pub save: Option<String>,
}

pub fn simulate(a: &SimulateArgs, variant: &Variant) -> i32 {
    if let Some(flag) = a.unsupported {
        eprintln!("error: {flag} is not available for a game of two boards (yet)");
        return 2;
    }
    let (players, prepared) = match seated(&a.players, variant, |_| Player::Ai(1), false) {
        Ok(s) => s,
        Err(code) => return code,
    };
    if a.jobs > 1024 {
        eprintln!("error: --jobs {} is more than the limit of 1024", a.jobs);
        return 2;
    }
    let jobs = if a.jobs == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        a.jobs
    };
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: cannot start {jobs} threads: {e}");
            return 1;
        }
    };
    // Records are streamed to their files, game by game in game order.
    let mut files = Vec::with_capacity(2);
    for path in [&a.pgn, &a.out] {
        files.push(match path {
            None => None,
            Some(p) => match std::fs::File::create(p) {
                Ok(f) => Some((p.clone(), std::io::BufWriter::new(f))),
                Err(e) => {
                    eprintln!("error: cannot write {p}: {e}");
                    return 1;
                }
            },
        });
    }
    let mut write = |k: usize, text: &str| -> Result<(), String> {
        use std::io::Write as _;
        if let Some((p, f)) = files[k].as_mut() {
            f.write_all(text.as_bytes())
                .map_err(|e| format!("cannot write {p}: {e}"))?;
        }
        Ok(())
    };
    let (mut team0, mut team1, mut draws, mut open) = (0u64, 0u64, 0u64, 0u64);
    let mut reasons: std::collections::BTreeMap<String, u64> = Default::default();
    let seat_names = names(&players);
    // Batches of games, played in parallel and handed on in game order.
    const BATCH: u64 = 64;
    let mut start = 0;
    while start < a.games {
        let end = (start + BATCH).min(a.games);
        let played: Vec<Result<(u64, sim::Played), String>> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|i| {
                    let seed = varia::study::simulate::game_seed(a.seed, i);
                    sim::play_game(&prepared, &players, None, seed, a.max_plies)
                        .map(|p| (seed, p))
                        .map_err(|e| e.0)
                })
                .collect()
        });
        for (k, r) in played.into_iter().enumerate() {
            let i = start + k as u64;
            let (seed, g) = match r {
                Ok(x) => x,
                Err(e) => {
                    eprintln!("error: game {}: {e}", i + 1);
                    return 1;
                }
            };
            let tag = boards::result_tag(g.outcome.as_ref());
            match tag {
                "1-0" => team0 += 1,
                "0-1" => team1 += 1,
                "1/2-1/2" => draws += 1,
                _ => open += 1,
            }
            let reason = g
                .outcome
                .as_ref()
                .map_or("move cap".to_string(), |o| match o {
                    Outcome::Win { reason, .. }
                    | Outcome::Draw { reason }
                    | Outcome::Shares { reason, .. } => reason.clone(),
                });
            *reasons.entry(reason.clone()).or_default() += 1;
            if a.pgn.is_some() {
                let extra = [
                    ("Event", "varia simulate".to_string()),
                    ("Round", (i + 1).to_string()),
                    ("Seed", seed.to_string()),
                ];
                let mut text = bpgn::write(&g.boards, &seat_names, &extra, g.outcome.as_ref());
                text.push('\n');
                if let Err(e) = write(0, &text) {
                    eprintln!("error: {e}");
                    return 1;
                }
            }
            if a.out.is_some() {
                let j = serde_json::json!({
                    "game": i,
                    "seed": seed,
                    "result": tag,
                    "reason": reason,
                    "moves": g.moves().len(),
                    "fen": g.boards.fen(),
                });
                if let Err(e) = write(1, &format!("{j}\n")) {
                    eprintln!("error: {e}");
                    return 1;
                }
            }
        }
        start = end;
    }
    for (p, mut f) in files.into_iter().flatten() {
        use std::io::Write as _;
        if let Err(e) = f.flush() {
            eprintln!("error: cannot write {p}: {e}");
            return 1;
        }
    }
    if a.json {
        let j = serde_json::json!({
            "variant": variant.name,
            "games": a.games,
            "seed": a.seed,
            "players": seat_names,
            "team_whitea_blackb": team0,
            "team_blacka_whiteb": team1,
            "draws": draws,
            "unfinished": open,
            "reasons": reasons,
        });
        outln!("{j}");
    } else {
        outln!(
            "{} games of {} on two boards, seed {}",
            a.games,
            variant.name,
            a.seed
        );
        outln!(
            "WhiteA ({}) + BlackB ({}): {team0} won",
            seat_names[0],
            seat_names[3]
        );
        outln!(
            "BlackA ({}) + WhiteB ({}): {team1} won",
            seat_names[1],
            seat_names[2]
        );
        outln!("draws: {draws}, unfinished (move cap): {open}");
        for (r, n) in &reasons {
            outln!("  {r}: {n}");
        }
    }
    0
}

/// `varia replay` of a BPGN file: every game in it (or the one `--game`
/// names), each move checked, and each result; with `--json`, one line
/// per game as for one board.
pub fn replay(a: &ReplayArgs, text: &str) -> i32 {
    let games = match bpgn::read_all(text) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {}: {e}", a.file);
            return 1;
        }
    };
    match a.game {
        Some(0) => {
            eprintln!("error: games are numbered from 1");
            return 2;
        }
        Some(n) if n > games.len() => {
            eprintln!(
                "error: {} holds {} game{}; there is no game {n}",
                a.file,
                games.len(),
                if games.len() == 1 { "" } else { "s" }
            );
            return 1;
        }
        _ => {}
    }
    let several = games.len() > 1 && a.game.is_none();
    // The variant of the game before, reused when the next names it too.
    let mut loaded: Option<(String, Prepared)> = None;
    let mut bad = 0;
    for (k, rec) in games.iter().enumerate() {
        if a.game.is_some_and(|n| n != k + 1) {
            continue;
        }
        let at = if games.len() > 1 {
            format!("{} game {}", a.file, k + 1)
        } else {
            a.file.clone()
        };
        let r = replay_game(a, rec, &at, &mut loaded);
        if a.json {
            let line = match &r {
                Ok(g) => serde_json::json!({
                    "game": k + 1, "variant": rec.tag("Variant"), "boards": 2, "legal": true,
                    "actions": g.moves, "unplayed": 0, "result": g.result, "error": null,
                }),
                Err((e, _)) => serde_json::json!({
                    "game": k + 1, "variant": rec.tag("Variant"), "boards": 2, "legal": false,
                    "error": e.strip_prefix(&format!("{at}: ")).unwrap_or(e),
                }),
            };
            outln!("{line}");
            bad += usize::from(r.is_err());
            continue;
        }
        match r {
            Ok(g) => outln!(
                "{at}: {} moves on two boards, all legal; result {} ({})",
                g.moves,
                g.recorded,
                g.said
            ),
            Err((e, code)) => {
                eprintln!("error: {e}");
                return code;
            }
        }
    }
    if a.json {
        return i32::from(bad > 0);
    }
    if several {
        outln!("{}: {} games, all legal", a.file, games.len());
    }
    0
}

/// What replaying one game of two boards found.
struct GameReport {
    /// Moves played, both boards together.
    moves: usize,
    /// The result the record gives.
    recorded: String,
    /// The result the rules give (a `Result` tag).
    result: String,
    /// The outcome in words.
    said: String,
}

/// One game of a BPGN file (`at` names it in messages). An error is the
/// message (without `error: `) and the exit code.
fn replay_game(
    a: &ReplayArgs,
    rec: &bpgn::Bpgn,
    at: &str,
    loaded: &mut Option<(String, Prepared)>,
) -> Result<GameReport, (String, i32)> {
    let Some(name) = rec.tag("Variant") else {
        return Err((
            format!("{at}: the record names no variant (`[Variant \"...\"]`)"),
            1,
        ));
    };
    if loaded.as_ref().is_none_or(|(n, _)| n != name) {
        let mut allowed = vec![super::paths::record_dir(std::path::Path::new(&a.file))];
        allowed.extend(a.variant_path.iter().cloned());
        let v = varia::load::for_record(name, &allowed, &[], super::use_color() && !a.json)
            .map_err(|e| {
                let report = e.report();
                let text = report.trim_end().trim_start_matches("error: ");
                (text.to_string(), 1)
            })?;
        if !two_boards(&v) {
            return Err((
                format!(
                    "{at}: a BPGN record needs a variant of two boards; `{}` is played on one",
                    v.name
                ),
                1,
            ));
        }
        let p = Prepared::new(&v).map_err(|e| (format!("{at}: {e}"), 1))?;
        *loaded = Some((name.to_string(), p));
    }
    let Some((_, prepared)) = loaded.as_ref() else {
        return Err((format!("{at}: the variant could not be loaded"), 1));
    };
    let r = bpgn::replay(prepared, rec).map_err(|e| (format!("{at}: {e}"), 1))?;
    if a.boards {
        let style = Style {
            color: false,
            ascii: a.ascii,
            flipped: false,
        };
        outln!("{}", side_by_side(&r.boards, style));
    }
    let said = r
        .outcome
        .as_ref()
        .map_or_else(|| "not over by the rules".to_string(), boards::outcome_text);
    let result = boards::result_tag(r.outcome.as_ref()).to_string();
    if !r.result_agrees() {
        return Err((
            format!(
                "{at}: the record says {}, but the rules give {result} ({said})",
                r.recorded
            ),
            1,
        ));
    }
    Ok(GameReport {
        moves: r.boards.moves.len(),
        recorded: r.recorded.clone(),
        result,
        said,
    })
}

/// Both boards drawn side by side, each with its caption.
pub fn side_by_side(b: &Boards, style: Style) -> String {
    let mut cols: Vec<Vec<String>> = Vec::with_capacity(2);
    for (i, s) in b.boards.iter().enumerate() {
        let mut lines = vec![format!(
            "board {}: {} to move",
            BOARD_NAMES[i],
            boards::seat_name(b.seat_to_move(i))
        )];
        lines.extend(
            render::draw(&s.view(None), style)
                .lines()
                .map(str::to_string),
        );
        lines.push(format!("hands: {}", hands_text(s.position(), s.variant())));
        cols.push(lines);
    }
    let width = cols[0].iter().map(|l| l.chars().count()).max().unwrap_or(0) + 4;
    let rows = cols[0].len().max(cols[1].len());
    let mut out = String::new();
    for r in 0..rows {
        let left = cols[0].get(r).map_or("", String::as_str);
        let right = cols[1].get(r).map_or("", String::as_str);
        let pad = width.saturating_sub(left.chars().count());
        out.push_str(left);
        out.push_str(&" ".repeat(pad));
        out.push_str(right);
        out.push('\n');
    }
    out
}

/// Each player's hand in words: `white Q N, black -`.
fn hands_text(pos: &varia::engine::Position, v: &Variant) -> String {
    let mut parts = Vec::new();
    for (p, player) in v.players.iter().enumerate() {
        let mut men = Vec::new();
        for (k, piece) in v.pieces.iter().enumerate() {
            let n = pos.hand(p as u8, k as u8);
            if n > 0 {
                men.push(if n == 1 {
                    piece.letter.to_string()
                } else {
                    format!("{}*{n}", piece.letter)
                });
            }
        }
        let held = if men.is_empty() {
            "-".to_string()
        } else {
            men.join(" ")
        };
        parts.push(format!("{} {held}", player.name));
    }
    parts.join(", ")
}
