//! Game records: PGN for every variant.
//!
//! Two-player games are standard PGN with the tags `[Variant]`, `[SetUp]`
//! and `[FEN]` when the game did not start from the variant's own setup, and
//! varia's tags `[Seed]` (the deck shuffle and the AI's choices follow from
//! it) and `[Option]` (one per `--option`). Games of more players use the
//! same format with `[Players "N"]`, one seat name per `[SeatK]` tag, moves
//! numbered once per round (`1. e4 a10a9 ...`), and a result that lists one
//! score per seat, `1-0-0-0` (a draw is `1/2-1/2-1/2-1/2`).

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
    /// `1-0`, `0-1`, `1/2-1/2`, `*`, or one score per seat for more players.
    pub result: String,
    /// Why the game ended, if it did.
    pub termination: Option<String>,
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

impl Record {
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

    pub fn to_pgn(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "[Event \"varia game\"]");
        let _ = writeln!(s, "[Variant \"{}\"]", escape(&self.variant));
        let _ = writeln!(s, "[Seed \"{}\"]", self.seed);
        for (k, v) in &self.options {
            let _ = writeln!(s, "[Option \"{}={}\"]", escape(k), escape(v));
        }
        if self.seats.len() == 2 {
            for (tag, i) in [("White", 0), ("Black", 1)] {
                let name = match (self.seats.get(i), self.players.get(i)) {
                    (Some(seat), Some(p)) => format!("{seat} ({p})"),
                    (Some(seat), None) => seat.clone(),
                    _ => "?".into(),
                };
                let _ = writeln!(s, "[{tag} \"{}\"]", escape(&name));
            }
        } else {
            let _ = writeln!(s, "[Players \"{}\"]", self.seats.len());
            for (i, seat) in self.seats.iter().enumerate() {
                let p = self
                    .players
                    .get(i)
                    .map(|p| format!(" ({p})"))
                    .unwrap_or_default();
                let _ = writeln!(s, "[Seat{} \"{}{}\"]", i + 1, escape(seat), escape(&p));
            }
        }
        if let Some(f) = &self.fen {
            let _ = writeln!(s, "[SetUp \"1\"]");
            let _ = writeln!(s, "[FEN \"{}\"]", escape(f));
        }
        if let Some(t) = &self.termination {
            let _ = writeln!(s, "[Termination \"{}\"]", escape(t));
        }
        let _ = writeln!(s, "[Result \"{}\"]", self.result);
        s.push('\n');
        let per_round = self.seats.len().max(1);
        let mut line = String::new();
        for (i, m) in self.moves.iter().enumerate() {
            if i % per_round == 0 {
                let _ = write!(line, "{}. ", i / per_round + 1);
            }
            line.push_str(m);
            line.push(' ');
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

    /// Read a record written by [`Record::to_pgn`] (or ordinary PGN).
    pub fn parse_pgn(text: &str) -> Result<Record, String> {
        let mut r = Record {
            result: "*".into(),
            ..Record::default()
        };
        let mut white = None;
        let mut black = None;
        let mut seats: Vec<(usize, String)> = Vec::new();
        let mut body = String::new();
        for (ln, line) in text.lines().enumerate() {
            let t = line.trim();
            if t.starts_with('[') {
                let inner = t.trim_start_matches('[').trim_end_matches(']');
                let (tag, rest) = inner
                    .split_once(' ')
                    .ok_or_else(|| format!("line {}: a tag reads [Name \"value\"]", ln + 1))?;
                let value = rest
                    .trim()
                    .trim_matches('"')
                    .replace("\\\"", "\"")
                    .replace("\\\\", "\\");
                match tag {
                    "Variant" => r.variant = value,
                    "Seed" => {
                        r.seed = value
                            .parse()
                            .map_err(|_| format!("line {}: the seed must be a number", ln + 1))?
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
                    "White" => white = Some(value),
                    "Black" => black = Some(value),
                    t if t.starts_with("Seat") => {
                        let k: usize = t[4..]
                            .parse()
                            .map_err(|_| format!("line {}: bad seat tag", ln + 1))?;
                        seats.push((k, value));
                    }
                    _ => {}
                }
            } else {
                body.push_str(t);
                body.push(' ');
            }
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
        // Movetext: drop comments, move numbers and the result.
        let mut depth = 0;
        let clean: String = body
            .chars()
            .filter(|&c| {
                match c {
                    '{' | '(' => depth += 1,
                    '}' | ')' => {
                        depth -= 1;
                        return false;
                    }
                    _ => {}
                }
                depth == 0
            })
            .collect();
        for tok in clean.split_whitespace() {
            let is_number = tok
                .trim_end_matches('.')
                .chars()
                .all(|c| c.is_ascii_digit())
                && tok.ends_with('.');
            let is_result = tok == "*"
                || tok.contains("1-0")
                || tok.contains("0-1")
                || tok.contains("1/2")
                || tok
                    .chars()
                    .all(|c| matches!(c, '0' | '1' | '-' | '/' | '2'));
            if is_number || (is_result && tok.contains('-') && tok.contains('1')) {
                continue;
            }
            // "12.e4" style
            let tok = match tok.split_once('.') {
                Some((n, m)) if n.chars().all(|c| c.is_ascii_digit()) && !m.is_empty() => m,
                _ => tok,
            };
            if tok == "*" {
                continue;
            }
            r.moves.push(tok.to_string());
        }
        if r.variant.is_empty() {
            r.variant = "chess".into();
        }
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_player_round_trip() {
        let r = Record {
            variant: "chess".into(),
            options: vec![("repetition".into(), "claim3_auto5".into())],
            seed: 42,
            fen: None,
            seats: vec!["white".into(), "black".into()],
            players: vec!["human".into(), "ai:3".into()],
            moves: vec!["e4".into(), "e5".into(), "Nf3".into(), "O-O".into()],
            result: Record::result_for(2, Some(&[1])),
            termination: Some("checkmate".into()),
        };
        let pgn = r.to_pgn();
        assert!(pgn.contains("[Variant \"chess\"]"));
        assert!(pgn.contains("[White \"white (human)\"]"));
        assert!(pgn.contains("1. e4 e5 2. Nf3 O-O 0-1"));
        assert_eq!(Record::parse_pgn(&pgn).unwrap(), r);
    }

    #[test]
    fn four_player_round_trip() {
        let r = Record {
            variant: "four-seats".into(),
            options: vec![],
            seed: 7,
            fen: Some("x".into()),
            seats: vec!["white".into(), "red".into(), "black".into(), "green".into()],
            players: vec!["ai:1".into(); 4],
            moves: vec![
                "a5a6".into(),
                "b10b9".into(),
                "k10k9".into(),
                "k5k6".into(),
                "c5c6".into(),
            ],
            result: Record::result_for(4, Some(&[0, 2])),
            termination: None,
        };
        let pgn = r.to_pgn();
        assert!(pgn.contains("[Players \"4\"]"));
        assert!(pgn.contains("[SetUp \"1\"]"));
        assert!(
            pgn.contains("1. a5a6 b10b9 k10k9 k5k6 2. c5c6 1-0-1-0"),
            "{pgn}"
        );
        assert_eq!(Record::parse_pgn(&pgn).unwrap(), r);
        assert_eq!(Record::result_for(4, Some(&[])), "1/2-1/2-1/2-1/2");
    }

    #[test]
    fn ordinary_pgn_with_comments() {
        let r = Record::parse_pgn("[Event \"x\"]\n[Result \"1-0\"]\n\n1.e4 {best} e5 2. Qh5 (2. Nf3) Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n").unwrap();
        assert_eq!(r.moves, ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
        assert_eq!(r.variant, "chess");
        assert!(Record::parse_pgn("[Seed \"x\"]").is_err());
        assert_eq!(
            Record::parse_pgn("1. 0-0 0-0-0 *").unwrap().moves,
            ["0-0", "0-0-0"]
        );
    }
}
