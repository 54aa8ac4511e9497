//! Records of two-board games in BPGN, the bughouse PGN (the BPGN
//! standard 1.0 to 1.2, <https://bughousedb.com/Lieven_BPGN_Standard.txt>):
//! PGN's tag pairs with the four players as `WhiteA`, `BlackA`, `WhiteB`,
//! `BlackB`, the two boards' start position as `[FEN "FEN_A | FEN_B"]`
//! (its BFEN extension), and the moves of both boards in the order they
//! were played, each numbered with its board: `1A.` is white's first move
//! on board A, `1a.` black's, `1B.` and `1b.` board B's. The result is
//! that of the team of `WhiteA` (and `BlackB`): `1-0`, `0-1`, `1/2-1/2`
//! or `*`. Comments `{...}` (BPGN's clock times among them) are read and
//! skipped.

use super::{outcome_text, result_tag, seat_name, split_fens, Boards, BOARD_NAMES};
use crate::notation::record;
use crate::play::session::Prepared;
use crate::search::game::Outcome;

/// The longest record text read (as a PGN record).
const MAX_TOKENS: usize = 100_000;

/// A BPGN record as read: its tags and its moves (board, player, SAN).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bpgn {
    pub tags: Vec<(String, String)>,
    /// (board, player, move number, SAN), in the order written.
    pub moves: Vec<(usize, u8, u32, String)>,
    /// The result token at the end (`*` when none).
    pub result: String,
}

impl Bpgn {
    /// A tag's value.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Whether a text looks like a BPGN record (it names a board's player).
pub fn is_bpgn(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with("[WhiteA ") || l.starts_with("[BlackA ") || l.starts_with("[WhiteB ")
    })
}

/// Write a game as BPGN. `tags` come first after the Seven Tag Roster's
/// `Event`, `Site`, `Date`, `Round` (each `?` unless given); the seats'
/// names are `players` (seat order: WhiteA, BlackA, WhiteB, BlackB).
pub fn write(
    game: &Boards,
    players: &[String; 4],
    extra: &[(&str, String)],
    outcome: Option<&Outcome>,
) -> String {
    let mut s = String::new();
    let mut tag = |k: &str, v: &str| {
        // Escaped as PGN's tags are (a control character as `\u{HEX}`,
        // read back by `read`).
        s.push_str(&format!("[{k} \"{}\"]\n", record::escape(v)));
    };
    let given = |k: &str| extra.iter().find(|(n, _)| *n == k).map(|(_, v)| v.clone());
    for k in ["Event", "Site", "Date", "Round"] {
        let d = if k == "Date" { "????.??.??" } else { "?" };
        tag(k, &given(k).unwrap_or_else(|| d.to_string()));
    }
    for (seat, name) in players.iter().enumerate() {
        tag(&seat_name(seat), name);
    }
    let res = result_tag(outcome);
    tag("Result", res);
    tag("Variant", &game.variant().name);
    for (k, v) in extra {
        if !["Event", "Site", "Date", "Round"].contains(k) {
            tag(k, v);
        }
    }
    if let Some([a, b]) = &game.start {
        tag("SetUp", "1");
        tag("FEN", &format!("{a} | {b}"));
    }
    s.push('\n');
    let mut words: Vec<String> = Vec::with_capacity(game.moves.len() * 2 + 2);
    for m in &game.moves {
        let letter = BOARD_NAMES[m.board];
        let letter = if m.player == 0 {
            letter
        } else {
            letter.to_ascii_lowercase()
        };
        // A move stays on the line of its number.
        words.push(format!("{}{letter}. {}", m.number, m.san));
    }
    if let Some(o) = outcome {
        words.push(format!("{{{}}}", outcome_text(o).replace(['{', '}'], "")));
    }
    words.push(res.to_string());
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            s.push_str(&line);
            s.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    s.push_str(&line);
    s.push('\n');
    s
}

/// Read one BPGN record (the first game of the text).
pub fn read(text: &str) -> Result<Bpgn, String> {
    read_game(first_game(text))
}

/// Read every game of a BPGN text (games follow each other, each its tag
/// pairs then its moves); at least one.
pub fn read_all(text: &str) -> Result<Vec<Bpgn>, String> {
    let mut games = Vec::new();
    let mut rest = text;
    loop {
        let game = first_game(rest);
        games.push(read_game(game).map_err(|e| {
            if games.is_empty() && game.len() == rest.len() {
                e
            } else {
                format!("game {}: {e}", games.len() + 1)
            }
        })?);
        rest = &rest[game.len()..];
        if rest.trim().is_empty() {
            return Ok(games);
        }
        if games.len() >= MAX_GAMES {
            return Err(format!("more than {MAX_GAMES} games in one file"));
        }
    }
}

/// The most games read from one text.
const MAX_GAMES: usize = 100_000;

/// The text of the first game: its tags and moves, up to the next game's
/// first tag.
fn first_game(text: &str) -> &str {
    let mut body = false;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        if record::is_tag_line(t) && body {
            return &text[..at];
        }
        if !t.is_empty() && !record::is_tag_line(t) && !t.starts_with('%') {
            body = true;
        }
        at += line.len();
    }
    text
}

/// Read one game's text.
fn read_game(text: &str) -> Result<Bpgn, String> {
    let mut rec = Bpgn {
        result: "*".into(),
        ..Bpgn::default()
    };
    let mut body = String::new();
    for line in text.lines() {
        let t = line.trim();
        if record::is_tag_line(t) && body.trim().is_empty() {
            let (k, v) = record::parse_tag(t)
                .map_err(|e| format!("`{}`: {e}", crate::external::lines::clean(t, 40)))?;
            rec.tags.push((k.to_string(), v));
        } else if !t.starts_with('%') {
            body.push_str(line);
            body.push('\n');
        }
    }
    // Comments and variations are skipped.
    let mut clean = String::with_capacity(body.len());
    let (mut brace, mut paren) = (false, 0u32);
    for c in body.chars() {
        match c {
            '{' if !brace => brace = true,
            '}' if brace => brace = false,
            '(' if !brace => paren += 1,
            ')' if !brace && paren > 0 => paren -= 1,
            _ if brace || paren > 0 => {}
            c => clean.push(c),
        }
    }
    let mut pending: Option<(usize, u8, u32)> = None;
    for (i, tok) in clean.split_whitespace().enumerate() {
        if i > MAX_TOKENS {
            return Err("the record is too long".into());
        }
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&tok) {
            rec.result = tok.to_string();
            break;
        }
        if tok.starts_with('$') {
            continue;
        }
        // `12A.` (or `12A.e4`, the move written against its number).
        let digits = tok.chars().take_while(char::is_ascii_digit).count();
        if digits > 0 && !tok.starts_with("0-0") {
            let rest = &tok[digits..];
            let mut cs = rest.chars();
            let (Some(letter), Some('.')) = (cs.next(), cs.next()) else {
                return Err(format!(
                    "`{}`: a move number is written with its board, as `1A.` or `1a.`",
                    crate::external::lines::clean(tok, 20)
                ));
            };
            let (board, player) = match letter {
                'A' => (0, 0),
                'a' => (0, 1),
                'B' => (1, 0),
                'b' => (1, 1),
                _ => {
                    return Err(format!(
                        "`{}`: the board is A or B (a or b for black)",
                        crate::external::lines::clean(tok, 20)
                    ))
                }
            };
            let number = tok[..digits].parse().unwrap_or(u32::MAX);
            pending = Some((board, player, number));
            let san = cs.as_str().trim_start_matches('.');
            if !san.is_empty() {
                rec.moves.push((board, player, number, san.to_string()));
                pending = None;
            }
            continue;
        }
        let Some((board, player, number)) = pending.take() else {
            return Err(format!(
                "`{}` has no move number before it: each move is numbered with its board (`1A. e4`)",
                crate::external::lines::clean(tok, 20)
            ));
        };
        rec.moves.push((board, player, number, tok.to_string()));
    }
    Ok(rec)
}

/// A record replayed: the game, and what its result says against the
/// rules'.
#[derive(Debug)]
pub struct Replayed {
    pub boards: Boards,
    /// The rules' outcome after the last move (`None`: not over).
    pub outcome: Option<Outcome>,
    /// The record's `Result`.
    pub recorded: String,
}

impl Replayed {
    /// Whether the record's result is what the rules give: equal where a
    /// board ended; where none did, a record may end the game otherwise
    /// (a resignation, the clock) or leave it open.
    pub fn result_agrees(&self) -> bool {
        match &self.outcome {
            Some(o) => result_tag(Some(o)) == self.recorded,
            None => true,
        }
    }
}

/// Play a record's moves on the variant (already loaded from its
/// `Variant` tag): every move must be legal, on its board, by the player
/// to move there.
pub fn replay(prepared: &Prepared, rec: &Bpgn) -> Result<Replayed, String> {
    let fens = match rec.tag("FEN") {
        Some(f) => Some(split_fens(f)?),
        None => None,
    };
    let mut boards = Boards::new(prepared, fens.as_ref(), 0).map_err(|e| e.0)?;
    for (board, player, number, san) in &rec.moves {
        let name = BOARD_NAMES[*board];
        let here = format!(
            "move {number}{}. {}",
            if *player == 0 {
                name
            } else {
                name.to_ascii_lowercase()
            },
            crate::external::lines::clean(san, 20)
        );
        if boards.result().is_some() {
            return Err(format!("{here}: the game was already over"));
        }
        if boards.to_move(*board) != *player {
            return Err(format!(
                "{here}: it is the other player's turn on board {name}"
            ));
        }
        let mv = boards.boards[*board]
            .parse(san)
            .map_err(|e| format!("{here}: {e}"))?;
        boards
            .play(*board, mv)
            .map_err(|e| format!("{here}: {e}"))?;
    }
    let outcome = boards.result();
    Ok(Replayed {
        boards,
        outcome,
        recorded: rec.result.clone(),
    })
}
