//! Game records: PGN for every variant.
//!
//! Two-player games are standard PGN with the tags `[Variant]`, `[SetUp]`
//! and `[FEN]` when the game did not start from the variant's own setup, and
//! varia's tags `[Seed]` (the deck shuffle and the AI's choices follow from
//! it) and `[Option]` (one per `--option`). Games of more players use the
//! same format with `[Players "N"]`, one seat name per `[SeatK]` tag, moves
//! numbered once per round (`1. e4 a10a9 ...`), and a result that lists one
//! score per seat, `1-0-0-0` (a draw is `1/2-1/2-1/2-1/2`).
//!
//! A game a seat lost outside the rules (an engine's illegal move or
//! silence, a time forfeit) names that seat in `[Forfeit "SEAT"]`, beside
//! `[Termination]` with the reason. A record of a variant with hidden card
//! decks carries the seed that deals every deck, so it is the referee's
//! copy: `[Referee]` says so. A player's copy of such a game (`[View
//! "SEAT"]`, [`Record::view`]) leaves out the seed and, under fog of war,
//! writes each move the seat did not see as `--`: it is what that player
//! may see, and cannot be played through. Control characters in a tag value are written
//! as `\u{HEX}` (PGN allows only printing characters in strings) and read
//! back.

use std::fmt::Write as _;

/// A game as a record.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Record {
    /// The variant's name (a built-in name or a path).
    pub variant: String,
    pub options: Vec<(String, String)>,
    pub seed: u64,
    /// The starting position when it is not the variant's setup.
    pub fen: Option<String>,
    /// Seat names, in turn order.
    pub seats: Vec<String>,
    /// Who played each seat (`human`, `ai:3`, ...).
    pub players: Vec<String>,
    /// The actions, in order, as SAN or coordinates.
    pub moves: Vec<String>,
    /// `dice`: the roll each action was played with (the faces from 1
    /// joined by `+`, `2+5`), in the order of `moves`; an empty string, or
    /// a list shorter than `moves`, leaves that roll to the seed. PGN
    /// writes each as the comment `{roll 2+5}` before its action.
    pub rolls: Vec<String>,
    /// What the built-in AI thought of each action it chose, as
    /// cutechess-cli writes it (`+0.25/10`, `+M5/20`, `-1.30/8 0.102s` on a
    /// clock), in the order of `moves`; an empty string (or a list shorter
    /// than `moves`) for an action without one. PGN writes each as a
    /// comment after its action, `{+0.25/10}`.
    pub evals: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2`, `*`, or one score per seat for more players.
    pub result: String,
    /// Why the game ended, if it did.
    pub termination: Option<String>,
    /// The points each seat scored when they are not 1, ½ or 0 (`[Score
    /// "3/4-1/4"]`, one per seat in turn order): a share of the game from
    /// an end rule `score N/D`, or the points of a variant that keeps
    /// points. `result` then names the seat that scored the most.
    pub score: Option<String>,
    /// `score ...`: each seat's points for events (`[Points "23-0-30-0"]`,
    /// one whole number per seat in turn order, joined by `-` as the
    /// N-player result is); `None` where the variant keeps no points.
    pub points: Option<String>,
    /// The Seven Tag Roster's other tags: event, site, date
    /// (`YYYY.MM.DD`, `?` for unknown parts) and round. Empty means `?`
    /// (`varia game` for the event).
    pub event: String,
    pub site: String,
    pub date: String,
    pub round: String,
    /// The seat that lost outside the rules (an engine's illegal move,
    /// silence or crash, a time forfeit), by name; `termination` says why.
    pub forfeit: Option<String>,
    /// The variant hides information ([`Record::hides`]): hidden cards that
    /// `seed` deals, or a board under fog of war whose every move this
    /// record writes. It is the referee's copy, not a player's.
    pub referee: bool,
    /// A player's copy of a game that hides information: the seat whose
    /// view it is. Its `[Seed]` is not written (it deals what the seat may
    /// not see) and each move the seat did not see is `--`; it cannot be
    /// played through.
    pub view: Option<String>,
}

/// What `[Referee]` says in a record that holds what players may not see:
/// the seed of hidden decks, or every move of a game under fog of war.
pub const REFEREE_NOTE: &str =
    "referee's copy: it holds what players may not see (the Seed tag deals every hidden deck and face-down man; every move made under fog of war is written); do not show it to a player";

/// Whether a trimmed line is a tag pair (`[Name "value"]`), not movetext
/// that starts with a bracketed file such as `[-2]3` on an unbounded board.
pub(crate) fn is_tag_line(t: &str) -> bool {
    let mut c = t.chars();
    c.next() == Some('[') && c.next().is_some_and(|ch| ch.is_ascii_alphabetic())
}

/// A tag value as PGN writes it: `\` and `"` escaped by a backslash, and
/// control characters (a newline would end the tag and start another) as
/// `\u{HEX}`, which [`parse_tag`] reads back.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

fn or_unknown(s: &str, unknown: &'static str) -> String {
    if s.is_empty() {
        unknown.to_string()
    } else {
        escape(s)
    }
}

/// Today's date as PGN writes it (`2026.11.24`), from the system clock (UTC).
/// Each seat's points from a `[Points]` tag's text (`23-0-30-0`), if every
/// part reads as a whole number.
pub fn points_per_seat(text: &str) -> Option<Vec<u32>> {
    text.split('-').map(|x| x.parse().ok()).collect()
}

pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Year, month and day of a count of days since 1970-01-01 (proleptic
/// Gregorian calendar).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Whether a movetext token is a game termination marker: `*`, or scores
/// joined by `-` (`1-0`, `1/2-1/2`, `0-1-0-0`) of which one is a win or a
/// draw (so `0-0` and `0-0-0`, castling in some files, are moves).
fn is_result(tok: &str) -> bool {
    if tok == "*" {
        return true;
    }
    let parts: Vec<&str> = tok.split('-').collect();
    parts.len() >= 2
        && parts.iter().all(|p| matches!(*p, "0" | "1" | "1/2"))
        && parts.iter().any(|p| *p != "0")
}

impl Record {
    /// Whether a game of `variant` from its own setup is recorded with the
    /// FEN of its start (`[SetUp "1"]`, `[FEN]`), as Chess960 records are:
    /// a setup dealt by `shuffle` lines, when no deck is dealt too (a FEN
    /// would show a deck's order; `[Seed]` deals both again).
    pub fn writes_dealt_setup(variant: &crate::ir::Variant) -> bool {
        let s = &variant.setup;
        !s.shuffles.is_empty() && s.decks.iter().all(|d| d.is_empty())
    }

    /// Whether the record can be played through: not a player's copy
    /// ([`Record::view`]), which lacks the seed and the moves its seat did
    /// not see. The error says so.
    pub fn playable(&self) -> Result<(), String> {
        match &self.view {
            Some(seat) => Err(format!(
                "this is {seat}'s copy of the game (what {seat} may see: the seed and the moves {seat} did not see are left out); only the referee's copy can be played through"
            )),
            None => Ok(()),
        }
    }

    /// Whether a record of `variant` carries hidden information: its seed
    /// deals card decks whose order players may not see, or the identities
    /// of face-down men (`face down`), so the record is the referee's copy
    /// ([`Record::referee`]).
    pub fn deals_hidden(variant: &crate::ir::Variant) -> bool {
        variant
            .setup
            .decks
            .iter()
            .any(|d| d.iter().any(|&(_, n)| n > 0))
            || !variant.turn.face_down.is_empty()
    }

    /// Whether a record of `variant` is the referee's copy: its seed deals
    /// hidden decks ([`Record::deals_hidden`]), or the board is under fog of
    /// war, where each move the record writes is one the other side may
    /// not have seen.
    pub fn hides(variant: &crate::ir::Variant) -> bool {
        Record::deals_hidden(variant) || variant.turn.fog_of_war
    }

    /// The result string for a game: `winners` empty means a draw; `None` an unfinished game.
    pub fn result_for(seats: usize, outcome: Option<&[usize]>) -> String {
        match outcome {
            None => "*".into(),
            Some(w) if seats == 2 => match w {
                [] => "1/2-1/2".into(),
                w if w.contains(&0) => "1-0".into(),
                _ => "0-1".into(),
            },
            Some([]) => vec!["1/2"; seats].join("-"),
            Some(w) => (0..seats)
                .map(|s| if w.contains(&s) { "1" } else { "0" })
                .collect::<Vec<_>>()
                .join("-"),
        }
    }

    /// The record as PGN: the Seven Tag Roster first (Event, Site, Date,
    /// Round, White, Black, Result), then varia's tags.
    pub fn to_pgn(&self) -> String {
        let mut s = String::new();
        let event = if self.event.is_empty() {
            "varia game".to_string()
        } else {
            escape(&self.event)
        };
        let _ = writeln!(s, "[Event \"{event}\"]");
        let _ = writeln!(s, "[Site \"{}\"]", or_unknown(&self.site, "?"));
        let _ = writeln!(s, "[Date \"{}\"]", or_unknown(&self.date, "????.??.??"));
        let _ = writeln!(s, "[Round \"{}\"]", or_unknown(&self.round, "?"));
        let seat_name = |i: usize| match (self.seats.get(i), self.players.get(i)) {
            (Some(seat), Some(p)) => format!("{seat} ({p})"),
            (Some(seat), None) => seat.clone(),
            _ => "?".into(),
        };
        if self.seats.len() == 2 {
            let _ = writeln!(s, "[White \"{}\"]", escape(&seat_name(0)));
            let _ = writeln!(s, "[Black \"{}\"]", escape(&seat_name(1)));
        } else {
            // The roster's two names do not fit more seats: `?`, and one
            // `SeatK` tag per seat.
            let _ = writeln!(s, "[White \"?\"]");
            let _ = writeln!(s, "[Black \"?\"]");
        }
        let _ = writeln!(s, "[Result \"{}\"]", escape(&self.result));
        let _ = writeln!(s, "[Variant \"{}\"]", escape(&self.variant));
        if self.view.is_none() {
            let _ = writeln!(s, "[Seed \"{}\"]", self.seed);
        }
        for (k, v) in &self.options {
            let _ = writeln!(s, "[Option \"{}={}\"]", escape(k), escape(v));
        }
        if self.seats.len() != 2 {
            let _ = writeln!(s, "[Players \"{}\"]", self.seats.len());
            for i in 0..self.seats.len() {
                let _ = writeln!(s, "[Seat{} \"{}\"]", i + 1, escape(&seat_name(i)));
            }
        }
        if let Some(f) = &self.fen {
            let _ = writeln!(s, "[SetUp \"1\"]");
            let _ = writeln!(s, "[FEN \"{}\"]", escape(f));
        }
        if let Some(t) = &self.termination {
            let _ = writeln!(s, "[Termination \"{}\"]", escape(t));
        }
        if let Some(sc) = &self.score {
            let _ = writeln!(s, "[Score \"{}\"]", escape(sc));
        }
        if let Some(p) = &self.points {
            let _ = writeln!(s, "[Points \"{}\"]", escape(p));
        }
        if let Some(f) = &self.forfeit {
            let _ = writeln!(s, "[Forfeit \"{}\"]", escape(f));
        }
        if self.referee {
            let _ = writeln!(s, "[Referee \"{REFEREE_NOTE}\"]");
        }
        if let Some(seat) = &self.view {
            let _ = writeln!(s, "[View \"{}\"]", escape(seat));
        }
        s.push('\n');
        let per_round = self.seats.len().max(1);
        let mut line = String::new();
        for (i, m) in self.moves.iter().enumerate() {
            if i % per_round == 0 {
                let _ = write!(line, "{}. ", i / per_round + 1);
            }
            if let Some(r) = self.rolls.get(i).filter(|r| !r.is_empty()) {
                let _ = write!(line, "{{roll {}}} ", escape_comment(r));
            }
            line.push_str(m);
            line.push(' ');
            if let Some(e) = self.evals.get(i).filter(|e| !e.is_empty()) {
                let comment = format!("{{{}}} ", escape_comment(e));
                // Lines of at most 80 characters (PGN's export format).
                if line.len() + comment.len() > 80 {
                    s.push_str(line.trim_end());
                    s.push('\n');
                    line.clear();
                }
                line.push_str(&comment);
            }
            if line.len() > 72 {
                s.push_str(line.trim_end());
                s.push('\n');
                line.clear();
            }
        }
        line.push_str(&self.result);
        s.push_str(&line);
        s.push('\n');
        s
    }

    /// Read every game of a PGN text (or of a JSON-lines file written by
    /// `simulate --out`: one object per line), in order; a game that cannot
    /// be read gives its error, with line numbers of the whole text.
    pub fn parse_all(text: &str) -> Vec<Result<Record, String>> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.trim_start().starts_with('{') {
            return text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
                .map(|(i, l)| Record::from_json(l).map_err(|e| format!("line {}: {e}", i + 1)))
                .collect();
        }
        let mut out = Vec::new();
        let lines: Vec<&str> = text.lines().collect();
        let mut start = 0;
        let mut seen_moves = false;
        let mut in_comment = false;
        for (i, line) in lines.iter().enumerate() {
            let t = line.trim();
            if !in_comment && is_tag_line(t) {
                if seen_moves {
                    out.push((start, lines[start..i].join("\n")));
                    start = i;
                    seen_moves = false;
                }
                continue;
            }
            if !in_comment && (t.is_empty() || t.starts_with('%')) {
                continue;
            }
            for c in line.chars() {
                match (in_comment, c) {
                    (true, '}') => in_comment = false,
                    (true, _) => {}
                    (false, '{') => in_comment = true,
                    (false, ';') => break,
                    (false, c) if !c.is_whitespace() => seen_moves = true,
                    _ => {}
                }
            }
        }
        if start < lines.len() || out.is_empty() {
            out.push((start, lines[start.min(lines.len())..].join("\n")));
        }
        out.into_iter()
            .map(|(first, chunk)| {
                Record::parse_pgn(&chunk).map_err(|e| match e.strip_prefix("line ") {
                    Some(rest) => match rest.split_once(':') {
                        Some((n, msg)) => match n.parse::<usize>() {
                            Ok(n) => format!("line {}:{msg}", n + first),
                            Err(_) => e.clone(),
                        },
                        None => e.clone(),
                    },
                    None => e.clone(),
                })
            })
            .collect()
    }

    /// One game of a JSON-lines file written by `simulate --out`.
    pub fn from_json(line: &str) -> Result<Record, String> {
        use serde_json::Value;
        let v: Value = serde_json::from_str(line).map_err(|e| format!("not a JSON record: {e}"))?;
        let str_of = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_string);
        let list = |k: &str| str_list(&v, k);
        let variant = str_of("variant").ok_or("the record has no `variant`")?;
        let seed = v
            .get("seed")
            .and_then(Value::as_u64)
            .ok_or("the record has no `seed` (a number from 0 to 2^64-1)")?;
        let moves = match v.get("actions") {
            Some(Value::Array(a)) => a
                .iter()
                .map(|x| {
                    x.as_str()
                        .map(str::to_string)
                        .ok_or("an action is not a string")
                })
                .collect::<Result<Vec<_>, _>>()?,
            _ => return Err("the record has no `actions` list".into()),
        };
        let options = options_of(v.get("options").unwrap_or(&Value::Null));
        Ok(Record {
            variant,
            options,
            seed,
            fen: str_of("fen"),
            seats: list("seats"),
            players: list("players"),
            moves,
            rolls: list("rolls"),
            evals: list("evals"),
            result: str_of("result").unwrap_or_else(|| "*".into()),
            termination: str_of("reason"),
            forfeit: str_of("forfeit"),
            score: str_of("score"),
            points: str_of("points"),
            referee: v.get("referee").and_then(Value::as_bool) == Some(true),
            round: v
                .get("game")
                .and_then(Value::as_u64)
                .map_or(String::new(), |g| (g + 1).to_string()),
            ..Record::default()
        })
    }

    /// Read the first game of a PGN text: a record written by
    /// [`Record::to_pgn`], or ordinary PGN from other tools (a byte-order
    /// mark, `%` escape lines, `{...}` and `;` comments, `(...)`
    /// variations, `$n` NAGs and `!`/`?` annotations are skipped; a
    /// `[Variant]` tag is kept as written, and its absence means chess).
    pub fn parse_pgn(text: &str) -> Result<Record, String> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut r = Record {
            result: "*".into(),
            ..Record::default()
        };
        let mut white = None;
        let mut black = None;
        let mut seats: Vec<(usize, String)> = Vec::new();
        let mut body = String::new();
        let mut comment = String::new();
        let mut in_comment = false;
        for (ln, line) in text.lines().enumerate() {
            let t = line.trim();
            if !in_comment && t.starts_with('%') {
                continue;
            }
            if !in_comment && is_tag_line(t) {
                if !body.trim().is_empty() {
                    break; // the tags of a second game
                }
                let (tag, value) = parse_tag(t).map_err(|e| format!("line {}: {e}", ln + 1))?;
                match tag {
                    "Variant" => r.variant = value,
                    "Seed" => {
                        r.seed = value.trim().parse().map_err(|_| {
                            format!(
                                "line {}: the seed must be a number from 0 to 2^64-1",
                                ln + 1
                            )
                        })?
                    }
                    "Option" => {
                        let (k, v) = value.split_once('=').ok_or_else(|| {
                            format!("line {}: an option reads NAME=VALUE", ln + 1)
                        })?;
                        r.options.push((k.to_string(), v.to_string()));
                    }
                    "FEN" => r.fen = Some(value),
                    "Result" => r.result = value,
                    "Termination" => r.termination = Some(value),
                    "Forfeit" => r.forfeit = Some(value),
                    "Score" => r.score = Some(value),
                    "Points" => r.points = Some(value),
                    "Referee" => r.referee = true,
                    "View" => r.view = Some(value),
                    "Event" => {
                        r.event = if value == "varia game" {
                            String::new()
                        } else {
                            value
                        }
                    }
                    "Site" => r.site = if value == "?" { String::new() } else { value },
                    "Date" => {
                        r.date = if value == "????.??.??" {
                            String::new()
                        } else {
                            value
                        }
                    }
                    "Round" => r.round = if value == "?" { String::new() } else { value },
                    "White" => white = Some(value),
                    "Black" => black = Some(value),
                    t if t.starts_with("Seat") && t.len() > 4 => {
                        let k: usize = t[4..]
                            .parse()
                            .map_err(|_| format!("line {}: bad seat tag `{t}`", ln + 1))?;
                        seats.push((k, value));
                    }
                    _ => {}
                }
                continue;
            }
            // `;` comments run to the end of the line; `{` comments may span
            // lines. A comment `{roll 2+5}` (dice) stays in the movetext as
            // the token `{roll=2+5}`.
            for c in line.chars() {
                if in_comment {
                    if c == '}' {
                        in_comment = false;
                        if let Some(r) = comment.trim().strip_prefix("roll ") {
                            body.push_str(" {roll=");
                            body.extend(r.chars().filter(|c| !c.is_whitespace()));
                            body.push('}');
                        } else if is_eval(comment.trim()) {
                            body.push_str(" {eval=");
                            body.push_str(&comment.trim().replace(' ', "_"));
                            body.push('}');
                        }
                        comment.clear();
                        body.push(' ');
                    } else if comment.len() < 64 {
                        comment.push(c);
                    }
                    continue;
                }
                match c {
                    '{' => in_comment = true,
                    ';' => break,
                    _ => body.push(c),
                }
            }
            body.push(' ');
        }
        let split = |v: String| -> (String, Option<String>) {
            match v.split_once(" (") {
                Some((a, b)) => (a.to_string(), Some(b.trim_end_matches(')').to_string())),
                None => (v, None),
            }
        };
        if !seats.is_empty() {
            seats.sort();
            for (_, v) in seats {
                let (s, p) = split(v);
                r.seats.push(s);
                r.players.extend(p);
            }
        } else {
            for v in [white, black].into_iter().flatten() {
                let (s, p) = split(v);
                r.seats.push(s);
                r.players.extend(p);
            }
        }
        // Movetext: variations (nested), NAGs, move numbers and the result
        // are skipped.
        let mut depth = 0usize;
        let mut pending_roll: Option<String> = None;
        let spaced = body.replace('(', " ( ").replace(')', " ) ");
        for tok in spaced.split_whitespace() {
            match tok {
                "(" => {
                    depth += 1;
                    continue;
                }
                ")" => {
                    depth = depth.saturating_sub(1);
                    continue;
                }
                _ if depth > 0 => continue,
                _ => {}
            }
            if tok.starts_with('$') || is_result(tok) {
                continue;
            }
            if let Some(r) = tok.strip_prefix("{roll=").and_then(|t| t.strip_suffix('}')) {
                pending_roll = Some(r.to_string());
                continue;
            }
            // An eval comment belongs to the action before it.
            if let Some(e) = tok.strip_prefix("{eval=").and_then(|t| t.strip_suffix('}')) {
                if !r.moves.is_empty() {
                    r.evals.resize(r.moves.len() - 1, String::new());
                    r.evals.push(e.replace('_', " "));
                }
                continue;
            }
            // `12.`, `12...`, `12.e4`, `12...e5`
            let tok = match tok.find(|c: char| !c.is_ascii_digit()) {
                Some(i) if i > 0 && tok[i..].starts_with('.') => tok[i..].trim_start_matches('.'),
                _ => tok,
            };
            let tok = tok.trim_end_matches(['!', '?']);
            if tok.is_empty() {
                continue;
            }
            r.moves.push(tok.to_string());
            if let Some(roll) = pending_roll.take() {
                r.rolls.resize(r.moves.len() - 1, String::new());
                r.rolls.push(roll);
            }
        }
        if r.variant.is_empty() {
            r.variant = "chess".into();
        }
        Ok(r)
    }
}

/// Whether a comment is an eval as cutechess-cli writes one after a move:
/// a signed score in pawns (`+0.25`) or a mate (`+M5`, `-M3`), `/DEPTH`,
/// and perhaps the time (`0.102s`).
fn is_eval(c: &str) -> bool {
    let (head, time) = c.split_once(' ').unwrap_or((c, ""));
    let Some((score, depth)) = head.split_once('/') else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    let score_ok = match score.strip_prefix(['+', '-']) {
        Some(s) => match s.strip_prefix('M') {
            Some(m) => digits(m),
            None => s
                .split_once('.')
                .is_some_and(|(a, b)| digits(a) && digits(b)),
        },
        None => false,
    };
    let time_ok = time.is_empty()
        || time
            .strip_suffix('s')
            .is_some_and(|t| t.split('.').all(digits) && t.split('.').count() <= 2);
    score_ok && digits(depth) && time_ok
}

/// A roll as a comment holds it: no brace, no control character, at most
/// 32 characters.
fn escape_comment(r: &str) -> String {
    r.chars()
        .filter(|c| !c.is_control() && *c != '{' && *c != '}')
        .take(32)
        .collect()
}

/// One tag pair, `[Name "value"]`, with `\"` and `\\` escapes.
pub(crate) fn parse_tag(t: &str) -> Result<(&str, String), String> {
    let inner = t
        .strip_prefix('[')
        .and_then(|x| x.trim_end().strip_suffix(']'))
        .ok_or("a tag reads [Name \"value\"]")?;
    let (tag, rest) = inner
        .trim()
        .split_once(char::is_whitespace)
        .ok_or("a tag reads [Name \"value\"]")?;
    let rest = rest.trim();
    let quoted = rest
        .strip_prefix('"')
        .and_then(|x| x.strip_suffix('"'))
        .ok_or_else(|| format!("the value of tag `{tag}` must be in double quotes"))?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            value.push(c);
            continue;
        }
        match chars.next() {
            // `\u{HEX}`, as `escape` writes a control character.
            Some('u') if chars.as_str().starts_with('{') => {
                let rest = chars.as_str();
                let code = rest[1..]
                    .split_once('}')
                    .filter(|(hex, _)| (1..=6).contains(&hex.len()))
                    .and_then(|(hex, _)| u32::from_str_radix(hex, 16).ok())
                    .and_then(char::from_u32);
                match code {
                    Some(ch) => {
                        value.push(ch);
                        let skip = rest.find('}').map_or(0, |i| i + 1);
                        chars = rest[skip..].chars();
                    }
                    None => value.push('u'),
                }
            }
            Some(n) => value.push(n),
            None => {}
        }
    }
    Ok((tag, value))
}

#[cfg(test)]
mod tests;

/// The strings of the list `k` of a JSON record (`players`, `rolls`):
/// none where it is missing or not a list, a member that is not a string
/// left out.
pub(crate) fn str_list(v: &serde_json::Value, k: &str) -> Vec<String> {
    v.get(k)
        .and_then(serde_json::Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// The options of a JSON record (its `options` object) as (name, value):
/// a string as it is, any other value as JSON text; none if it is not an
/// object.
pub fn options_of(v: &serde_json::Value) -> Vec<(String, String)> {
    match v {
        serde_json::Value::Object(m) => m
            .iter()
            .map(|(k, v)| {
                (
                    k.clone(),
                    v.as_str().map_or_else(|| v.to_string(), str::to_string),
                )
            })
            .collect(),
        _ => Vec::new(),
    }
}
