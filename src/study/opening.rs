//! Opening books for studies: a text file of starting positions (FEN) or
//! move lines, one opening a line, played in order or shuffled by a seed.
//!
//! A line is a FEN, or a list of actions played from the variant's setup
//! (SAN or coordinates, as `varia replay` and `varia play` read them; PGN
//! move numbers such as `1.` or `3...` and a final result are skipped). A
//! `#` at the start of a line or after a space begins a comment (so a mate
//! sign in `Qxf7#` is kept); blank lines are skipped.
//!
//! Game `i` of a run of `n` seats plays opening `order[(i / n) % len]`,
//! so the `n` games of a group share an opening while the seats rotate
//! among the players (see [`crate::study::simulate::Config::rotate`]).

use crate::engine::Move;
use crate::ir::Variant;
use crate::play::session::{Prepared, Session};
use crate::search::game::Game as _;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The most openings a file may hold.
pub const MAX_OPENINGS: usize = 1_000_000;
/// The most actions one opening line may hold.
pub const MAX_OPENING_PLIES: usize = 10_000;

/// One opening of a book.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// The line of the file it was read from (from 1).
    pub line: usize,
    /// The starting position, when the line is a FEN.
    pub fen: Option<String>,
    /// The actions, when the line is a move list.
    pub moves: Vec<String>,
}

/// In which order a run takes the openings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Order {
    /// From the top of the file, starting again after the last.
    #[default]
    Sequential,
    /// Shuffled once by the run's seed, then as `Sequential`.
    Random,
}

impl std::str::FromStr for Order {
    type Err = String;
    fn from_str(s: &str) -> Result<Order, String> {
        match s {
            "sequential" => Ok(Order::Sequential),
            "random" => Ok(Order::Random),
            _ => Err(format!("`{s}` is not an order: sequential or random")),
        }
    }
}

/// The openings of a file, in the order a run plays them.
#[derive(Debug, Clone)]
pub struct Book {
    /// The file's name, for messages.
    pub file: String,
    pub openings: Vec<Opening>,
    /// `openings[order[k]]` is the `k`th opening played.
    order: Vec<usize>,
}

/// Strip a comment: `#` at the start or after white space.
fn strip_comment(line: &str) -> &str {
    let mut prev_space = true;
    for (i, c) in line.char_indices() {
        if c == '#' && prev_space {
            return &line[..i];
        }
        prev_space = c.is_whitespace();
    }
    line
}

/// The action tokens of a move line: move numbers (`1.`, `12...`, also
/// glued as `1.e4`) and results (`1-0`, `*`, ...) left out.
fn move_tokens(line: &str) -> Vec<&str> {
    line.split_whitespace()
        .filter_map(|t| {
            let digits = t.bytes().take_while(u8::is_ascii_digit).count();
            let t = if digits > 0 && t[digits..].starts_with('.') {
                t[digits..].trim_start_matches('.')
            } else {
                t
            };
            let result = matches!(t, "*" | "1-0" | "0-1" | "1/2-1/2");
            (!t.is_empty() && !result).then_some(t)
        })
        .collect()
}

/// Play `moves` in `s`, giving the actions; an error names the action.
fn play_moves(s: &mut Session, moves: &[String]) -> Result<Vec<Move>, String> {
    let mut out = Vec::with_capacity(moves.len());
    for (k, mv) in moves.iter().enumerate() {
        if s.result().is_some() {
            return Err(format!(
                "action {} `{mv}` comes after the end of the game",
                k + 1
            ));
        }
        let m = s.parse(mv).map_err(|e| {
            let e = crate::explain::refusal_line(s, mv, &e);
            format!("action {} `{mv}` is not legal: {e}", k + 1)
        })?;
        s.play(m);
        out.push(m);
    }
    Ok(out)
}

impl Book {
    /// Read a book for `variant`: every line is checked (move lines from
    /// the setup made from `seed`), and any mistake is an error naming
    /// `file:line`.
    pub fn parse(
        file: &str,
        text: &str,
        variant: &Variant,
        seed: u64,
        order: Order,
    ) -> Result<Book, String> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // The variant is compiled once for every line of the book.
        let prepared = Prepared::new(variant).map_err(|e| format!("{file}: {e}"))?;
        let setup = prepared
            .session(None, seed)
            .map_err(|e| format!("{file}: {e}"))?;
        let mut openings = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = strip_comment(raw).trim();
            if line.is_empty() {
                continue;
            }
            let at = format!("{file}:{}", i + 1);
            if openings.len() >= MAX_OPENINGS {
                return Err(format!("{at}: more than {MAX_OPENINGS} openings"));
            }
            let tokens = move_tokens(line);
            if tokens.len() > MAX_OPENING_PLIES {
                return Err(format!(
                    "{at}: more than {MAX_OPENING_PLIES} actions in one opening"
                ));
            }
            // A line whose first token is a legal first action is a move
            // line; anything else must be a FEN.
            let first = tokens.first().map(|t| setup.parse(t));
            let opening = match first {
                Some(Ok(_)) => {
                    let moves: Vec<String> = tokens.iter().map(|t| t.to_string()).collect();
                    play_moves(&mut setup.clone(), &moves).map_err(|e| format!("{at}: {e}"))?;
                    Opening {
                        line: i + 1,
                        fen: None,
                        moves,
                    }
                }
                _ => match prepared.session(Some(line), seed) {
                    Ok(_) => Opening {
                        line: i + 1,
                        fen: Some(line.to_string()),
                        moves: Vec::new(),
                    },
                    Err(fen_err) => {
                        let first = tokens.first().copied().unwrap_or(line);
                        let move_err = match setup.parse(first) {
                            Err(e) => e
                                .to_string()
                                .trim_end_matches("; type `moves` to list them")
                                .to_string(),
                            Ok(_) => String::new(),
                        };
                        return Err(format!(
                            "{at}: neither a FEN ({fen_err}) nor a move line (`{first}` is not a legal first action: {move_err})"
                        ));
                    }
                },
            };
            openings.push(opening);
        }
        if openings.is_empty() {
            return Err(format!(
                "{file}: no openings (only comments or blank lines)"
            ));
        }
        let mut order_of: Vec<usize> = (0..openings.len()).collect();
        if order == Order::Random {
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xB00C_5EED);
            order_of.shuffle(&mut rng);
        }
        Ok(Book {
            file: file.to_string(),
            openings,
            order: order_of,
        })
    }

    /// The opening of game `index` in a run of `seats` seats.
    pub fn for_game(&self, index: usize, seats: usize) -> &Opening {
        let k = index / seats.max(1);
        &self.openings[self.order[k % self.order.len()]]
    }

    /// Game `index`'s position after its opening, and the opening's
    /// actions: from the opening's FEN, or from the setup made from
    /// `start_seed` (a seeded setup may refuse a line another accepted:
    /// the error names the line and the game).
    pub fn start(
        &self,
        prepared: &Prepared,
        index: usize,
        start_seed: u64,
    ) -> Result<(Session, Vec<Move>), String> {
        let o = self.for_game(index, prepared.variant().players.len());
        let at = format!("{}:{}", self.file, o.line);
        let mut s = prepared
            .session(o.fen.as_deref(), start_seed)
            .map_err(|e| format!("{at}: {e}"))?;
        let moves = play_moves(&mut s, &o.moves)
            .map_err(|e| format!("{at}: in game {} (seed {start_seed}): {e}", index + 1))?;
        Ok((s, moves))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_skip_numbers_results_and_comments() {
        assert_eq!(
            move_tokens(strip_comment("1. e4 e5 2.Nf3 Qxf7# 1-0 # done")),
            ["e4", "e5", "Nf3", "Qxf7#"]
        );
        assert_eq!(strip_comment("# all comment"), "");
        assert_eq!(move_tokens("3... Nc6 *"), ["Nc6"]);
    }
}
