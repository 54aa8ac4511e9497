//! Two boards and four seats in one game (`boards 2`: bughouse as it is
//! played; docs/LANGUAGE.md §12 "`boards 2`", ARCHITECTURE.md "Two
//! boards").
//!
//! Built around the engine, which plays one board of two players: a
//! [`Boards`] owns two [`Session`]s of the same compiled variant (board A
//! and board B), plays each move on its board, finds the men it took (the
//! men of the side not to move before and after, compared) and puts each
//! into the partner's hand on the other board. Seats: 0 is A's first
//! player (white), 1 A's second (black), 2 B's first, 3 B's second;
//! partners play opposite colours, so the teams are {0, 3} and {1, 2}.
//! The game ends when either board ends.

pub mod bpgn;
pub mod sim;

use super::game_session::Left;
use super::session::{outcome_words, Prepared, Session, SessionError};
use crate::engine::{self, Move, Position};
use crate::ir::{Captures, PieceId, PlayerId, Variant};
use crate::search::game::Outcome;

/// The boards' letters, as BPGN writes them.
pub const BOARD_NAMES: [char; 2] = ['A', 'B'];

/// One move of a two-board game, as the record keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardMove {
    /// 0: board A, 1: board B.
    pub board: usize,
    /// The board's player who moved (0: white, 1: black).
    pub player: PlayerId,
    /// The board's move number (white's and black's n-th move share n).
    pub number: u32,
    /// The move as SAN.
    pub san: String,
    /// The kinds it sent to the partner's hand on the other board.
    pub sent: Vec<PieceId>,
    /// The move itself (for [`Boards::undo`]).
    pub mv: Move,
}

/// A game on two boards.
#[derive(Clone, Debug)]
pub struct Boards {
    /// Board A and board B.
    pub boards: [Session; 2],
    /// The moves played, in the order they were played.
    pub moves: Vec<BoardMove>,
    /// The two boards' start FEN, when not the variant's setup.
    pub start: Option<[String; 2]>,
    /// The two boards as they started (for [`Boards::undo`]).
    initial: Box<[Session; 2]>,
    /// Per kind: the piece it is the promoted form of (`promotes to`).
    base: Vec<Option<PieceId>>,
    /// Per kind: the kind that promotes to it, for a man marked promoted.
    origin: Vec<Option<PieceId>>,
    /// Whether promoted men are demoted when captured (`demoted`).
    demotes: bool,
    /// The moves taken back, the last one taken back last (for
    /// [`Boards::redo`]); a new move clears them.
    redone: Vec<(usize, Move)>,
    /// How the game was left off the boards: a seat resigned for its
    /// team, or a draw was claimed on a board.
    left: Option<Left>,
}

/// The seat (0 to 3) of a board's player.
pub fn seat(board: usize, player: PlayerId) -> usize {
    board * 2 + usize::from(player.min(1))
}

/// The team (0: seats 0 and 3, 1: seats 1 and 2) of a seat.
pub fn team_of_seat(seat: usize) -> usize {
    match seat {
        0 | 3 => 0,
        _ => 1,
    }
}

/// The seats of a team.
pub fn team_seats(team: usize) -> [usize; 2] {
    if team == 0 {
        [0, 3]
    } else {
        [1, 2]
    }
}

/// A two-board position's text as BPGN's BFEN writes it: `FEN_A | FEN_B`.
pub fn split_fens(text: &str) -> Result<[String; 2], String> {
    let parts: Vec<&str> = text.split('|').map(str::trim).collect();
    match parts.as_slice() {
        [a, b] if !a.is_empty() && !b.is_empty() => Ok([a.to_string(), b.to_string()]),
        _ => Err(format!(
            "a two-board position is written `FEN_A | FEN_B` (two FENs joined by `|`), not `{}`",
            crate::external::lines::clean(text, 80)
        )),
    }
}

impl Boards {
    /// A new game: both boards from the variant's setup, or from two FENs.
    pub fn new(
        prepared: &Prepared,
        fens: Option<&[String; 2]>,
        seed: u64,
    ) -> Result<Boards, SessionError> {
        let v = prepared.variant();
        if v.players.len() != 2 {
            return Err(SessionError(format!(
                "two boards need a variant of two players; `{}` has {}",
                v.name,
                v.players.len()
            )));
        }
        let a = prepared.session(fens.map(|f| f[0].as_str()), seed)?;
        let b = prepared.session(fens.map(|f| f[1].as_str()), seed)?;
        let (base, origin, demotes) = demotions(v);
        Ok(Boards {
            initial: Box::new([a.clone(), b.clone()]),
            boards: [a, b],
            moves: Vec::new(),
            start: fens.cloned(),
            base,
            origin,
            demotes,
            redone: Vec::new(),
            left: None,
        })
    }

    /// The variant (each board's).
    pub fn variant(&self) -> &Variant {
        self.boards[0].variant()
    }

    /// The two boards' position as `FEN_A | FEN_B`.
    pub fn fen(&self) -> String {
        format!(
            "{} | {}",
            self.boards[0].position().fen(),
            self.boards[1].position().fen()
        )
    }

    /// The player to move on a board.
    pub fn to_move(&self, board: usize) -> PlayerId {
        self.boards[board].position().turn()
    }

    /// The seat to move on a board.
    pub fn seat_to_move(&self, board: usize) -> usize {
        seat(board, self.to_move(board))
    }

    /// Play a legal move on a board: its SAN, and the men it took sent to
    /// the partner's hand on the other board. An illegal move, or a board
    /// of a game that is over, is refused and changes nothing.
    pub fn play(&mut self, board: usize, mv: Move) -> Result<&BoardMove, String> {
        let r = self.push(board, mv);
        if r.is_ok() {
            self.redone.clear();
        }
        r.map(|_| self.moves.last().expect("just pushed"))
    }

    /// Play a move again after [`Boards::undo`] (the last one taken back):
    /// `None` when there is none, the game is over, or it is no longer
    /// legal (then nothing is left to redo).
    pub fn redo(&mut self) -> Option<&BoardMove> {
        if self.result().is_some() {
            return None;
        }
        let (board, mv) = self.redone.pop()?;
        if self.push(board, mv).is_err() {
            self.redone.clear();
            return None;
        }
        self.moves.last()
    }

    /// The game taken back to its start with every move ready to be
    /// played again, one by one, by [`Boards::redo`]: a finished game to
    /// step through. A game left off the boards (a resignation, a claimed
    /// draw) is taken back to its last move first.
    pub fn rewind(&mut self) {
        self.left = None;
        let moves = std::mem::take(&mut self.moves);
        self.boards = (*self.initial).clone();
        self.redone = moves.into_iter().rev().map(|m| (m.board, m.mv)).collect();
    }

    /// Whether a move taken back may be played again.
    pub fn can_redo(&self) -> bool {
        !self.redone.is_empty() && self.result().is_none()
    }

    /// `seat` resigns: its team loses on both boards, and the game ends.
    pub fn resign(&mut self, seat: usize) -> Result<(), String> {
        if seat > 3 {
            return Err("there are four seats, 0 to 3".into());
        }
        if let Some(out) = self.result() {
            return Err(format!("the game is over: {}", outcome_text(&out)));
        }
        self.left = Some(Left::Resigned(seat));
        Ok(())
    }

    /// The draws the player to move on `board` may claim now (the rules'
    /// claimable draws of that board: a repetition, a move count), by
    /// name; empty when none, or the game is over.
    pub fn claimable(&self, board: usize) -> Vec<String> {
        if self.result().is_some() || board > 1 {
            return Vec::new();
        }
        self.boards[board]
            .game
            .claimable()
            .iter()
            .map(|c| super::session::event_name(&c.event))
            .collect()
    }

    /// The player to move on `board` claims a draw the rules allow there:
    /// the whole game is drawn. The reason, or why not.
    pub fn claim_draw(&mut self, board: usize) -> Result<String, String> {
        let Some(reason) = self.claimable(board).into_iter().next() else {
            return Err(match self.result() {
                Some(out) => format!("the game is over: {}", outcome_text(&out)),
                None => format!(
                    "no draw can be claimed on board {} now",
                    BOARD_NAMES[board.min(1)]
                ),
            });
        };
        let reason = format!("board {}: {reason} claimed", BOARD_NAMES[board]);
        self.left = Some(Left::Claimed(reason.clone()));
        Ok(reason)
    }

    /// Take back a resignation or a claimed draw (the game goes on as
    /// before it): whether there was one.
    pub fn take_back_left(&mut self) -> bool {
        self.left.take().is_some()
    }

    /// Play a move without touching the moves to redo.
    fn push(&mut self, board: usize, mv: Move) -> Result<(), String> {
        let name = BOARD_NAMES
            .get(board)
            .ok_or("there are two boards, A and B")?;
        if let Some(out) = self.result() {
            return Err(format!("the game is over: {}", outcome_text(&out)));
        }
        let s = &mut self.boards[board];
        if !s.position().is_legal(mv) {
            return Err(format!("that is not a legal move on board {name}"));
        }
        let player = s.position().turn();
        let number = s.position().to_raw().ply / 2 + 1;
        let before = opponents(s.position(), player);
        let (san, _) = s.play_noted(mv);
        let after = opponents(s.position(), player);
        let taken = removed(before, after);
        let mut sent = Vec::with_capacity(taken.len());
        // The partner plays the other colour on the other board.
        let partner = 1 - player.min(1);
        let other = 1 - board;
        for (kind, promoted) in taken {
            let kind = self.hand_kind(kind, promoted);
            self.give(other, partner, kind)?;
            sent.push(kind);
        }
        self.moves.push(BoardMove {
            board,
            player,
            number,
            san,
            sent,
            mv,
        });
        Ok(())
    }

    /// Take back the last move (on either board), and what it sent: the
    /// game is played again from its start without it (so the hands and
    /// each board's repetition history are as they were). The move taken
    /// back, or `None` at the start.
    pub fn undo(&mut self) -> Option<BoardMove> {
        if self.left.is_some() {
            // Left off the boards: taken back first, by itself.
            return None;
        }
        let last = self.moves.pop()?;
        let moves = std::mem::take(&mut self.moves);
        self.boards = (*self.initial).clone();
        for m in moves {
            // Each was legal in the same position before: it is again.
            if self.push(m.board, m.mv).is_err() {
                break;
            }
        }
        self.redone.push((last.board, last.mv));
        Some(last)
    }

    /// The kind a captured man goes to the hand as: under `demoted`, a
    /// promoted form (`promotes to`) as its piece, a man marked promoted
    /// as the kind it promoted from; else its own kind.
    fn hand_kind(&self, kind: PieceId, promoted: bool) -> PieceId {
        if !self.demotes {
            return kind;
        }
        let k = kind as usize;
        if let Some(b) = self.base.get(k).copied().flatten() {
            return b;
        }
        if promoted {
            if let Some(o) = self.origin.get(k).copied().flatten() {
                return o;
            }
        }
        kind
    }

    /// Put one man of `kind` into `player`'s hand on `board` (the
    /// position rebuilt from its raw data, and checked again).
    fn give(&mut self, board: usize, player: PlayerId, kind: PieceId) -> Result<(), String> {
        let s = &mut self.boards[board];
        let mut raw = s.position().to_raw();
        let slot = raw
            .hands
            .get_mut(player as usize)
            .and_then(|h| h.get_mut(kind as usize))
            .ok_or("the hand has no room for that kind")?;
        *slot += 1;
        let pos = Position::from_raw(s.position().tables().clone(), raw)
            .map_err(|e| format!("the man sent to board {}: {e}", BOARD_NAMES[board]))?;
        s.game = engine::Game::new(pos);
        Ok(())
    }

    /// The board whose end ended the game, with its outcome (board A first
    /// if both ended).
    pub fn ended(&self) -> Option<(usize, Outcome)> {
        (0..2).find_map(|b| self.boards[b].result().map(|o| (b, o)))
    }

    /// The game's outcome over the four seats, once either board ended: a
    /// board's winner wins with its partner, a board's draw draws the
    /// game; or once it was left: a seat's resignation loses for its team,
    /// a claimed draw draws.
    pub fn result(&self) -> Option<Outcome> {
        match &self.left {
            Some(Left::Resigned(seat)) | Some(Left::Forfeit { seat, .. }) => {
                let reason = match &self.left {
                    Some(Left::Forfeit { reason, .. }) => format!("{} {reason}", seat_name(*seat)),
                    _ => format!("{} resigned", seat_name(*seat)),
                };
                return Some(Outcome::Win {
                    winners: team_seats(1 - team_of_seat(*seat)).to_vec(),
                    reason,
                });
            }
            Some(Left::Claimed(reason)) => {
                return Some(Outcome::Draw {
                    reason: reason.clone(),
                })
            }
            Some(Left::Quit) | None => {}
        }
        let (b, out) = self.ended()?;
        let name = BOARD_NAMES[b];
        Some(match out {
            Outcome::Win { winners, reason } => {
                let team = winners
                    .first()
                    .map_or(0, |&p| team_of_seat(seat(b, p as PlayerId)));
                Outcome::Win {
                    winners: team_seats(team).to_vec(),
                    reason: format!("board {name}: {reason}"),
                }
            }
            Outcome::Draw { reason } => Outcome::Draw {
                reason: format!("board {name}: {reason}"),
            },
            Outcome::Shares {
                points,
                den,
                reason,
            } => {
                // Each seat scores what its board's player of its team does.
                let mut four = vec![0; 4];
                for (p, &pts) in points.iter().enumerate().take(2) {
                    for s in team_seats(team_of_seat(seat(b, p as PlayerId))) {
                        four[s] = pts;
                    }
                }
                Outcome::Shares {
                    points: four,
                    den,
                    reason: format!("board {name}: {reason}"),
                }
            }
        })
    }
}

/// Which team a decided two-board game went to: `Some(0)` for seat 0's
/// team (WhiteA and BlackB), `Some(1)` for the other, `None` for a draw
/// (shared points decide by the first team's share).
pub fn winning_team(out: &Outcome) -> Option<usize> {
    match out {
        Outcome::Win { winners, .. } => Some(winners.first().map_or(1, |&w| team_of_seat(w))),
        Outcome::Draw { .. } => None,
        Outcome::Shares { points, den, .. } => {
            let (a, b) = (points.first().copied().unwrap_or(0), *den);
            match (a * 2).cmp(&b) {
                std::cmp::Ordering::Equal => None,
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
            }
        }
    }
}

/// A game's result as BPGN writes it: `1-0` when seat 0's team (WhiteA
/// and BlackB) won, `0-1` when the other did, `1/2-1/2`, or `*`.
pub fn result_tag(out: Option<&Outcome>) -> &'static str {
    match out.map(winning_team) {
        Some(Some(0)) => "1-0",
        Some(Some(_)) => "0-1",
        Some(None) => "1/2-1/2",
        None => "*",
    }
}

/// A two-board game's end in words: [`outcome_words`] (as one board's
/// end is said everywhere) over the four seats' names: `BlackA and WhiteB
/// win (board A: checkmate)`, `draw (board B: stalemate)`.
pub fn outcome_text(o: &Outcome) -> String {
    let names: Vec<String> = (0..4).map(seat_name).collect();
    outcome_words(&names, o, "")
}

/// A seat's name as BPGN's tags name it: `WhiteA`, `BlackA`, `WhiteB`,
/// `BlackB`.
pub fn seat_name(seat: usize) -> String {
    let colour = if seat % 2 == 0 { "White" } else { "Black" };
    format!("{colour}{}", BOARD_NAMES[(seat / 2).min(1)])
}

/// The men of the side not to move (`player`'s opponents): (kind,
/// promoted), sorted.
fn opponents(pos: &Position, player: PlayerId) -> Vec<(PieceId, bool)> {
    let mut v: Vec<(PieceId, bool)> = pos
        .men()
        .filter(|(_, m)| m.owner() != player)
        .map(|(_, m)| (m.kind(), m.promoted()))
        .collect();
    v.sort_unstable();
    v
}

/// What `before` holds that `after` does not (both sorted): the men taken.
fn removed(before: Vec<(PieceId, bool)>, after: Vec<(PieceId, bool)>) -> Vec<(PieceId, bool)> {
    let mut out = Vec::new();
    let mut j = 0;
    for m in before {
        if j < after.len() && after[j] == m {
            j += 1;
        } else {
            out.push(m);
        }
    }
    out
}

/// Under `captures ... demoted` (else nothing): per kind, the piece it
/// is the promoted form of (`promotes to`), and the kind that promotes
/// to it (for a man marked promoted); and whether the variant demotes.
#[allow(clippy::type_complexity)]
fn demotions(v: &Variant) -> (Vec<Option<PieceId>>, Vec<Option<PieceId>>, bool) {
    let n = v.pieces.len();
    let (mut base, mut origin) = (vec![None; n], vec![None; n]);
    let demotes = v.turn.captures == Captures::ToHandDemoted;
    if demotes {
        for (k, p) in v.pieces.iter().enumerate() {
            if let Some(b) = p.promotes_to.and_then(|f| base.get_mut(f as usize)) {
                *b = Some(k as PieceId);
            }
            for &to in p.promotion.iter().flat_map(|pr| pr.choices.iter()) {
                if let Some(o) = origin.get_mut(to as usize) {
                    *o = Some(k as PieceId);
                }
            }
        }
    }
    (base, origin, demotes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_and_teams_follow_the_fics_convention() {
        // Partners play opposite colours: A-white with B-black.
        assert_eq!(seat(0, 0), 0);
        assert_eq!(seat(1, 1), 3);
        assert_eq!(team_of_seat(0), team_of_seat(3));
        assert_eq!(team_of_seat(1), team_of_seat(2));
        assert_ne!(team_of_seat(0), team_of_seat(1));
        assert_eq!(seat_name(2), "WhiteB");
    }

    #[test]
    fn removed_is_a_multiset_difference() {
        let before = vec![(1, false), (1, false), (3, true), (4, false)];
        let after = vec![(1, false), (4, false)];
        assert_eq!(removed(before, after), vec![(1, false), (3, true)]);
    }

    #[test]
    fn two_fens_are_split_at_the_bar() {
        assert_eq!(
            split_fens("a b | c d").unwrap(),
            ["a b".to_string(), "c d".into()]
        );
        assert!(split_fens("a b").is_err());
        assert!(split_fens("a | b | c").is_err());
        assert!(split_fens(" | c").is_err());
    }
}
