//! Joining the record files of a run split into shards (`simulate --shard
//! K/N`, `varia merge`): each file holds its games in game order, and the
//! files are read a line at a time side by side, so memory does not grow
//! with their size (one line per file is held at a time).
//!
//! Before a game counts, [`join`] checks that it belongs to the run of the
//! first game (variant, options, players, run seed, ply cap, random plies,
//! shard count, opening book), that it is the next game of the run, that
//! its file holds one shard, and that its record holds up as `replay`
//! checks one ([`crate::study::verify`]): every action legal, the result the rules
//! give (or a forfeit), and the outcome, winners, reason, length, seeds and
//! start the line states.

use crate::notation::record::{options_of, str_list, Record};
use crate::search::game::Outcome;
use crate::study::simulate::{game_seed, Tally};
use serde_json::Value;
use std::io::{BufRead, Read as _};
use std::path::PathBuf;

/// The key of a record line that names its shard (`"2/6"`), written only by
/// a sharded run.
pub const SHARD_KEY: &str = "shard";

/// The longest line of a shard file.
pub const MAX_LINE: u64 = crate::textfile::MAX_RECORD_FILE;

/// One game of a shard file, with its line kept verbatim.
struct Line {
    game: u64,
    /// Where it is: `FILE:LINE`.
    at: String,
    text: String,
    value: Value,
}

/// A shard's records, read a line at a time.
pub struct Source<R> {
    /// The file's name, for messages.
    pub name: String,
    input: R,
    line: usize,
    /// The last game read from it (games must come in order).
    last: Option<u64>,
}

impl<R: BufRead> Source<R> {
    /// The records of `input`, named `name` in messages.
    pub fn new(name: &str, input: R) -> Source<R> {
        Source {
            name: name.to_string(),
            input,
            line: 0,
            last: None,
        }
    }

    /// The next game of the file, or `None` at its end.
    fn next(&mut self) -> Result<Option<Line>, String> {
        loop {
            let mut buf = Vec::new();
            self.line += 1;
            let at = format!("{}:{}", self.name, self.line);
            let n = (&mut self.input)
                .take(MAX_LINE + 1)
                .read_until(b'\n', &mut buf)
                .map_err(|e| format!("cannot read {}: {e}", self.name))?;
            if n == 0 {
                return Ok(None);
            }
            if buf.len() as u64 > MAX_LINE {
                return Err(format!(
                    "{at}: a line longer than {} MiB is not a record",
                    MAX_LINE >> 20
                ));
            }
            let text = String::from_utf8(buf).map_err(|_| format!("{at}: not UTF-8 text"))?;
            let text = text.trim_end_matches(['\n', '\r']).to_string();
            if text.trim().is_empty() {
                continue;
            }
            let value: Value =
                serde_json::from_str(&text).map_err(|e| format!("{at}: not a JSON record: {e}"))?;
            let game = value
                .get("game")
                .and_then(Value::as_u64)
                .ok_or_else(|| format!("{at}: the record has no game number"))?;
            if self.last.is_some_and(|l| game <= l) {
                return Err(format!(
                    "{at}: game {game} comes after game {}: a shard file holds its games in \
                     order, as `simulate --out` writes them",
                    self.last.unwrap_or(0)
                ));
            }
            self.last = Some(game);
            return Ok(Some(Line {
                game,
                at,
                text,
                value,
            }));
        }
    }
}

/// What makes a run: every game of it has the same.
#[derive(Debug, PartialEq)]
struct Run {
    variant: Value,
    options: Value,
    run_seed: Value,
    random_plies: Value,
    max_plies: Value,
    /// The players in `--players` order (a rotated game's seats turned back).
    players: Vec<String>,
    /// `N` of `K/N`, 1 for an unsharded run.
    shards: String,
    /// The opening book's file, when the games rotate over one.
    book: Option<String>,
}

impl Run {
    fn of(v: &Value) -> Run {
        let get = |k: &str| v.get(k).cloned().unwrap_or(Value::Null);
        let mut players = str_list(v, "players");
        let rotation = v.get("rotation").and_then(Value::as_u64).unwrap_or(0) as usize;
        if !players.is_empty() {
            // Seat s was played by player (s + rotation) mod n.
            let n = players.len();
            players.rotate_right(rotation % n);
        }
        Run {
            variant: get("variant"),
            options: get("options"),
            run_seed: get("run_seed"),
            random_plies: get("random_plies"),
            max_plies: get("max_plies"),
            players,
            shards: v
                .get(SHARD_KEY)
                .and_then(Value::as_str)
                .and_then(|s| s.split_once('/'))
                .map_or("1".into(), |(_, n)| n.to_string()),
            book: v
                .get("opening")
                .and_then(Value::as_str)
                .map(|o| o.rsplit_once(':').map_or(o, |(f, _)| f).to_string()),
        }
    }

    /// The first field in which `other` differs, as (name, its value, ours).
    fn differs(&self, other: &Run) -> Option<(&'static str, String, String)> {
        let show = |v: &Value| v.to_string();
        let pairs = [
            ("variant", show(&other.variant), show(&self.variant)),
            ("options", show(&other.options), show(&self.options)),
            ("run seed", show(&other.run_seed), show(&self.run_seed)),
            ("players", other.players.join(","), self.players.join(",")),
            ("ply cap", show(&other.max_plies), show(&self.max_plies)),
            (
                "random plies",
                show(&other.random_plies),
                show(&self.random_plies),
            ),
            ("shard count", other.shards.clone(), self.shards.clone()),
            (
                "opening book",
                other.book.clone().unwrap_or_else(|| "(none)".into()),
                self.book.clone().unwrap_or_else(|| "(none)".into()),
            ),
        ];
        pairs.into_iter().find(|(_, a, b)| a != b)
    }
}

/// The line as the unsharded run writes it: without its shard. The pair is
/// cut out of the text (parsing and writing the line again could change
/// the last digit of a number).
fn unsharded(l: &Line) -> String {
    match l.value.get(SHARD_KEY) {
        Some(v) => without_top_pair(&l.text, &format!("\"{SHARD_KEY}\":{v}")),
        None => l.text.clone(),
    }
}

/// `text` (a JSON object) without the member written `pair` at its top
/// level, and the comma that joined it to its neighbour.
fn without_top_pair(text: &str, pair: &str) -> String {
    let b = text.as_bytes();
    let (mut depth, mut in_str, mut escaped) = (0usize, false, false);
    for (i, &c) in b.iter().enumerate() {
        if in_str {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_str = false,
                _ => {}
            }
            continue;
        }
        match c {
            b'"' if depth == 1
                && text[i..].starts_with(pair)
                && matches!(b.get(i.wrapping_sub(1)), Some(b'{' | b',')) =>
            {
                let end = i + pair.len();
                return match (b[i - 1], b.get(end)) {
                    (b',', _) => format!("{}{}", &text[..i - 1], &text[end..]),
                    (_, Some(b',')) => format!("{}{}", &text[..i], &text[end + 1..]),
                    _ => format!("{}{}", &text[..i], &text[end..]),
                };
            }
            b'"' => in_str = true,
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    text.to_string()
}

/// A run joined from its shards.
pub struct Joined {
    /// The run's variant (with its options).
    pub variant: crate::ir::Variant,
    /// The run's `--seed`.
    pub seed: u64,
    /// The players in `--players` order.
    pub players: Vec<String>,
    /// The totals of every game.
    pub tally: Tally,
    /// The first games' records (as many as asked for).
    pub samples: Vec<Record>,
    /// The shortest decisive games (their records) and the opening actions.
    pub flaws: crate::study::flaws::Flaws<Record>,
    /// Where the sequential test stands, when one was asked for.
    pub sprt: Option<crate::study::simulate::SprtState>,
}

/// Join the games of `sources` in game order, checking each (see the
/// module docs); `write` receives each game's line as the unsharded run
/// writes it, and the first `keep` records are kept as samples. A `.variant`
/// file a record names is read only from `allowed` directories; variants
/// are compiled once, into `compiled`.
///
/// With a sequential test, the join stops after the game (in game order)
/// where the test decides, as the unsharded run stops there: the games of
/// the shards after it are not counted (nor checked, nor written).
pub fn join<R: BufRead>(
    mut sources: Vec<Source<R>>,
    allowed: &[PathBuf],
    compiled: &mut crate::study::verify::Compiled,
    keep: usize,
    sprt: Option<&crate::study::stats::Sprt>,
    mut write: impl FnMut(&str) -> Result<(), String>,
) -> Result<Joined, String> {
    let mut heads = Vec::with_capacity(sources.len());
    for s in &mut sources {
        heads.push(s.next()?);
    }
    let mut run: Option<(Run, String)> = None;
    let mut tally = None;
    let mut flaws = None;
    let mut state = None;
    let mut samples = Vec::new();
    let mut shard_of_file: Vec<Option<u64>> = vec![None; sources.len()];
    let mut next_game = 0u64;
    // Each time, the file whose next game comes first.
    while let Some(i) = (0..heads.len())
        .filter(|&i| heads[i].is_some())
        .min_by_key(|&i| heads[i].as_ref().map(|l| l.game))
    {
        let line = heads[i].take().expect("chosen above");
        if let Some(j) =
            (0..heads.len()).find(|&j| heads[j].as_ref().is_some_and(|l| l.game == line.game))
        {
            return Err(format!(
                "game {} is in more than one file ({} and {}): give each shard once",
                line.game, sources[i].name, sources[j].name
            ));
        }
        if line.game != next_game {
            return Err(format!(
                "the shards do not hold every game of the run (first missing: {next_game}); \
                 give all N shard files"
            ));
        }
        let this = Run::of(&line.value);
        let (first, first_at) = run.get_or_insert_with(|| (Run::of(&line.value), line.at.clone()));
        if let Some((what, theirs, ours)) = first.differs(&this) {
            return Err(format!(
                "{}: game {} is from another run: {what} {theirs}, where {first_at} has {ours}",
                line.at, line.game
            ));
        }
        check_shard(&line, &this, &mut shard_of_file[i])?;
        let first = &run.as_ref().expect("set above").0;
        let checked = check_line(&line, first, allowed, compiled)?;
        let outcome = checked.outcome;
        let variant = compiled_variant(&line, allowed, compiled)?;
        let seats = variant.players.len();
        let t = tally.get_or_insert_with(|| Tally::new(seats));
        t.add_game(
            outcome.as_ref(),
            checked.record.forfeit.is_some(),
            checked.plies,
            checked.branching,
            checked.rotation,
        );
        if let Some(points) = checked
            .record
            .points
            .as_deref()
            .and_then(crate::notation::record::points_per_seat)
        {
            t.add_points(&points);
        }
        let f = flaws.get_or_insert_with(|| {
            crate::study::flaws::Flaws::new(seats, crate::study::flaws::SHORTEST)
        });
        let first_action = checked
            .record
            .moves
            .first()
            .map(|m| (m.as_str(), checked.first_seat));
        f.add(
            line.game as usize,
            outcome.as_ref(),
            checked.record.forfeit.is_some(),
            checked.plies,
            first_action,
            || checked.record.clone(),
        );
        write(&unsharded(&line))?;
        if samples.len() < keep {
            samples.push(checked.record.clone());
        }
        next_game += 1;
        if let Some(test) = sprt {
            state = t.sprt_state(test);
            if state.is_some_and(|s| s.decision.is_some()) {
                break;
            }
        }
        heads[i] = sources[i].next()?;
    }
    let (Some((first, _)), Some(tally), Some(flaws)) = (run, tally, flaws) else {
        return Err("the files hold no games".into());
    };
    let spec = first.variant.as_str().unwrap_or("");
    let options = options_of(&first.options);
    let prepared = compiled.get(spec, &options, || {
        crate::load::for_record(spec, allowed, &options, false).map_err(|e| e.0)
    })?;
    Ok(Joined {
        variant: prepared.variant().clone(),
        seed: first.run_seed.as_u64().unwrap_or(0),
        players: first.players,
        tally,
        samples,
        flaws,
        sprt: state,
    })
}

/// The variant a line names, compiled once for the whole merge.
fn compiled_variant<'c>(
    line: &Line,
    allowed: &[PathBuf],
    compiled: &'c mut crate::study::verify::Compiled,
) -> Result<&'c crate::ir::Variant, String> {
    let spec = line
        .value
        .get("variant")
        .and_then(Value::as_str)
        .unwrap_or("");
    let options = options_of(line.value.get("options").unwrap_or(&Value::Null));
    compiled
        .get(spec, &options, || {
            crate::load::for_record(spec, allowed, &options, false).map_err(|e| e.0)
        })
        .map(|p| p.variant())
        .map_err(|e| format!("{}: {e}", line.at))
}

/// A file holds one shard: every game of it has the file's `K/N`, and its
/// index is `K` mod `N`.
fn check_shard(line: &Line, run: &Run, file_shard: &mut Option<u64>) -> Result<(), String> {
    let n: u64 = run.shards.parse().unwrap_or(1);
    let k = match line.value.get(SHARD_KEY).and_then(Value::as_str) {
        None => 0,
        Some(s) => s
            .split_once('/')
            .and_then(|(k, _)| k.parse::<u64>().ok())
            .filter(|&k| k < n)
            .ok_or_else(|| format!("{}: `{s}` is not a shard K/N", line.at))?,
    };
    if n == 0 || line.game % n != k {
        return Err(format!(
            "{}: game {} is not a game of shard {k}/{n}",
            line.at, line.game
        ));
    }
    match file_shard {
        Some(mine) if *mine != k => Err(format!(
            "{}: game {} is of shard {k}/{n}, where the file's first game is of shard {mine}/{n}",
            line.at, line.game
        )),
        _ => {
            *file_shard = Some(k);
            Ok(())
        }
    }
}

/// What a checked game gives the totals.
struct Checked {
    outcome: Option<Outcome>,
    plies: usize,
    branching: f64,
    rotation: Option<usize>,
    /// The seat that played the first action.
    first_seat: usize,
    record: Record,
}

/// Check one game as `replay` checks a record, and its line's own numbers;
/// gives what the totals count: the outcome, the length, the branching
/// factor, the rotation, who played the first action, and the record.
fn check_line(
    line: &Line,
    run: &Run,
    allowed: &[PathBuf],
    compiled: &mut crate::study::verify::Compiled,
) -> Result<Checked, String> {
    let at = &line.at;
    let v = &line.value;
    let g = line.game;
    let rec = Record::from_json(&line.text).map_err(|e| format!("{at}: {e}"))?;
    let run_seed = run.run_seed.as_u64().unwrap_or(0);
    let rotation = v.get("rotation").and_then(Value::as_u64);
    let seats = rec.seats.len().max(1) as u64;
    // The seeds follow from the run's seed and the game's index.
    let (seed_ok, rot_ok) = match rotation {
        Some(r) => (
            rec.seed == game_seed(run_seed, g - g % seats)
                && v.get("game_seed").and_then(Value::as_u64) == Some(game_seed(run_seed, g)),
            r == g % seats,
        ),
        None => (rec.seed == game_seed(run_seed, g), true),
    };
    if !seed_ok || !rot_ok {
        return Err(format!(
            "{at}: game {g}'s seeds are not those of game {g} of a run of seed {run_seed}"
        ));
    }
    let prepared = compiled
        .get(&rec.variant, &rec.options, || {
            crate::load::for_record(&rec.variant, allowed, &rec.options, false).map_err(|e| e.0)
        })
        .map_err(|e| format!("{at}: {e}"))?;
    let start = prepared
        .session(rec.fen.as_deref(), rec.seed)
        .map_err(|e| format!("{at}: {e}"))?
        .position()
        .fen();
    if let Some(s) = v.get("start").and_then(Value::as_str) {
        if s != start {
            return Err(format!(
                "{at}: game {g} starts from {s}, but its seed and FEN give {start}"
            ));
        }
    }
    let mut first_seat = 0;
    let done = crate::study::verify::play(prepared, &rec, false, |i, seat, _, _, _| {
        if i == 0 {
            first_seat = seat;
        }
    })
    .map_err(|e| format!("{at}: game {g}: {e}"))?;
    if done.unplayed > 0 {
        return Err(format!(
            "{at}: game {g} has {} actions after the rules ended it",
            done.unplayed
        ));
    }
    crate::study::verify::judge(&rec, &done.session).map_err(|e| format!("{at}: game {g}: {e}"))?;
    // The outcome the tally counts: the rules', or the forfeit's.
    // The seats are the variant's (a line's own list is checked against
    // them, not trusted).
    let names: Vec<String> = prepared
        .variant()
        .players
        .iter()
        .map(|p| p.name.clone())
        .collect();
    if rec.seats != names {
        return Err(format!(
            "{at}: game {g} names the seats {}, where {} has {}",
            rec.seats.join(","),
            rec.variant,
            names.join(",")
        ));
    }
    let outcome = match done.session.result() {
        Some(o) => Some(o),
        None => match &rec.forfeit {
            Some(f) => {
                let seat = names.iter().position(|n| n == f).unwrap_or(0);
                let team = crate::search::game::Game::team_of(&done.session, seat);
                Some(Outcome::Win {
                    winners: (0..names.len()).filter(|p| !team.contains(p)).collect(),
                    reason: rec.termination.clone().unwrap_or_default(),
                })
            }
            None => None,
        },
    };
    let (kind, winners, reason) = match &outcome {
        Some(Outcome::Win { winners, reason }) => ("win", winners.clone(), reason.as_str()),
        Some(Outcome::Draw { reason }) => ("draw", vec![], reason.as_str()),
        Some(o @ Outcome::Shares { reason, .. }) => ("shares", o.winners(), reason.as_str()),
        None => ("unfinished", vec![], "ply cap"),
    };
    let winners: Vec<String> = winners.iter().map(|&w| names[w].clone()).collect();
    let stated = (
        v.get("outcome").and_then(Value::as_str).unwrap_or(""),
        str_list(v, "winners"),
        v.get("reason").and_then(Value::as_str).unwrap_or(""),
    );
    if stated != (kind, winners.clone(), reason) {
        return Err(format!(
            "{at}: game {g} says {} ({}; winners {}), the record gives {kind} ({reason}; winners {})",
            stated.0,
            stated.2,
            stated.1.join(","),
            winners.join(",")
        ));
    }
    let plies = v.get("plies").and_then(Value::as_u64);
    if plies != Some(rec.moves.len() as u64) {
        return Err(format!(
            "{at}: game {g} says {} plies, its record has {} actions",
            plies.map_or("no".into(), |p| p.to_string()),
            rec.moves.len()
        ));
    }
    let branching = v.get("branching").and_then(Value::as_f64).unwrap_or(0.0);
    Ok(Checked {
        outcome,
        plies: rec.moves.len(),
        branching,
        rotation: rotation.map(|r| r as usize),
        first_seat,
        record: rec,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_pair_is_cut_at_the_top_level_only() {
        let f = super::without_top_pair;
        let p = r#""shard":"1/4""#;
        assert_eq!(
            f(
                r#"{"a":{"shard":"1/4"},"seed":2,"shard":"1/4","x":"\"shard\":\"1/4\""}"#,
                p
            ),
            r#"{"a":{"shard":"1/4"},"seed":2,"x":"\"shard\":\"1/4\""}"#
        );
        assert_eq!(f(r#"{"shard":"1/4","b":1}"#, p), r#"{"b":1}"#);
        assert_eq!(f(r#"{"shard":"1/4"}"#, p), "{}");
        assert_eq!(
            f(r#"{"b":[1,{"c":2}],"shard":"1/4"}"#, p),
            r#"{"b":[1,{"c":2}]}"#
        );
    }
}
