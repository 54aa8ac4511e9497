//! Why an action is refused, in words, with the rule that forbids it.
//!
//! One entry for typed text ([`explain_text`]: SAN or coordinates, as a
//! player types them in `play` or a GUI sends them over UCI) and one for
//! an attempt given as squares ([`explain_attempt`]: a web page's drag from
//! one square to another, or a piece dropped on a square). Both return an
//! [`Explanation`]: a sentence, the [`Reason`] as data, the rule that
//! forbids the action (quoted from the rule file with its line where the
//! IR keeps it, [`crate::ir::Quote`]) and the squares involved.
//!
//! The reasons are found off the hot path, from the compiled tables and
//! the IR, never from a game's name: candidate moves before the
//! constraints ([`Position::candidate_moves`]), each candidate made on a
//! copy and its broken constraints named ([`Position::broken_by`]), the
//! atoms followed on the board (`explain::reach`), placement conditions
//! evaluated conjunct by conjunct. No explanation depends on hidden
//! information: actions that draw a card are never looked at (what a
//! player may draw is decided from the deck's public contents), and the
//! hidden order of a deck is never read.

// A refusal is the ordinary outcome of an analysis, not a rare failure:
// it is returned by value, as the checker returns its diagnostics.
#![allow(clippy::result_large_err)]

mod board;
mod castle;
mod exchange;
mod lion;
mod place;
mod reach;
mod read;
mod reason;
mod suicide;
pub(crate) use crate::notation::words;

pub use reason::Reason;

use crate::engine::{Move, MoveKind, Position, Square};
use crate::ir::{Coord, Letter, PieceId, Shape, Variant};
use crate::play::session::Session;
use serde::{Deserialize, Serialize};

/// Why an action is refused (or that it is legal), for people and pages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// Whether the action is legal.
    pub legal: bool,
    /// The reason in one or two sentences.
    pub text: String,
    /// The reason as data.
    pub reason: Reason,
    /// The rule that forbids the action, when one can be named.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<RuleRef>,
    /// The squares involved, for a picture.
    pub squares: Vec<Marked>,
    /// What the other men the text may mean would meet (a SAN move that
    /// several men of the piece could make), one sentence each.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<String>,
}

/// A rule of the variant: the statement as written, and where, when the
/// rule file is known; else the statement as the IR says it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RuleRef {
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
}

impl RuleRef {
    /// A rule told by its statement's text (no file, no line).
    pub(crate) fn said(text: impl Into<String>) -> RuleRef {
        RuleRef {
            text: text.into(),
            file: None,
            line: None,
        }
    }

    /// A rule quoted from its file.
    pub(crate) fn quoted(q: &crate::ir::Quote) -> RuleRef {
        RuleRef {
            text: q.text.clone(),
            file: Some(q.file.clone()),
            line: Some(q.line),
        }
    }

    /// `file:line: text`, or the text alone.
    pub fn cite(&self) -> String {
        match (&self.file, self.line) {
            (Some(f), Some(l)) => format!("{f}:{l}: {}", self.text),
            _ => self.text.clone(),
        }
    }
}

/// A square of the explanation and its part in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Marked {
    pub square: String,
    pub role: Role,
}

/// The part a square plays in an explanation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Where the man starts.
    From,
    /// Where the action goes.
    To,
    /// A man in the way.
    Blocker,
    /// A man attacking the royal man or a square.
    Attacker,
    /// The royal man in danger.
    Royal,
}

/// An action given as squares, as a board on a page gives it: a man moved
/// from one square to another, or (with `piece` and no `from`) a man of a
/// piece put on a square. Squares are named as players name them (`e4`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attempt {
    #[serde(default)]
    pub from: Option<String>,
    #[serde(default)]
    pub to: Option<String>,
    /// The letter of the piece placed (`N`), for a placement.
    #[serde(default)]
    pub piece: Option<char>,
    /// The letter of the piece a promoting man becomes.
    #[serde(default)]
    pub promotion: Option<char>,
    /// The seat that tries the action (its index in turn order), when
    /// known: another seat's turn is then said so.
    #[serde(default)]
    pub player: Option<u8>,
}

/// What an analysis found.
pub(crate) struct Found {
    pub reason: Reason,
    pub rule: Option<RuleRef>,
    pub squares: Vec<Marked>,
}

impl Found {
    pub(crate) fn new(reason: Reason) -> Found {
        Found {
            reason,
            rule: None,
            squares: Vec::new(),
        }
    }

    pub(crate) fn rule(mut self, r: Option<RuleRef>) -> Found {
        self.rule = r;
        self
    }

    pub(crate) fn mark(mut self, pos: &Position, sq: Square, role: Role) -> Found {
        let square = words::square(pos, sq);
        if !self
            .squares
            .iter()
            .any(|m| m.square == square && m.role == role)
        {
            self.squares.push(Marked { square, role });
        }
        self
    }

    fn explained(self) -> Explanation {
        Explanation {
            legal: matches!(self.reason, Reason::Legal { .. }),
            text: self.reason.sentence(),
            reason: self.reason,
            rule: self.rule,
            squares: self.squares,
            also: Vec::new(),
        }
    }
}

/// What every analysis reads: the game, its position and variant, and the
/// legal actions whose identity is public (drawing a card left out).
pub(crate) struct Scene<'a> {
    pub session: &'a Session,
    pub pos: &'a Position,
    pub v: &'a Variant,
    pub legal: Vec<Move>,
}

impl<'a> Scene<'a> {
    fn new(session: &'a Session) -> Scene<'a> {
        Scene {
            session,
            pos: session.position(),
            v: session.variant(),
            legal: session
                .legal()
                .into_iter()
                .filter(|m| m.kind() != MoveKind::DrawPlace)
                .collect(),
        }
    }

    /// The square at a coordinate, or why there is none.
    pub(crate) fn square(&self, c: Coord) -> Result<Square, Found> {
        // On a hexagonal board a typed name is Gliński's (`k1`: no `j`):
        // its grid cell comes from the board's names.
        if self.v.board.hex.is_some() {
            let name = crate::notation::square(c);
            return match self.v.board.parse_name(&name) {
                Some(g) if self.v.board.has(g) => self
                    .pos
                    .square_at(g)
                    .ok_or_else(|| Found::new(Reason::Hole { square: name.clone() })),
                _ => Err(Found::new(Reason::OffBoard {
                    square: name,
                    board: format!(
                        "a hexagon of {} cells a side (files without j, each numbered from 1 at its bottom)",
                        self.v.board.hex.unwrap_or(0)
                    ),
                })),
            };
        }
        if let Some(sq) = self.pos.square_at(c) {
            return Ok(sq);
        }
        let name = crate::notation::square(c);
        Err(Found::new(match &self.v.board.shape {
            Shape::Rect {
                holes,
                width,
                height,
            } if holes.contains(&c)
                && (0..*width as i32).contains(&c.x)
                && (0..*height as i32).contains(&c.y) =>
            {
                Reason::Hole { square: name }
            }
            Shape::Rect { width, height, .. } => Reason::OffBoard {
                square: name,
                board: format!(
                    "{width}×{height}: files a to {}, ranks 1 to {height}",
                    crate::notation::square(Coord::new(*width as i32 - 1, 0)).trim_end_matches('1')
                ),
            },
            Shape::Unbounded { width, height } => Reason::OffBoard {
                square: name,
                board: format!("the men may never spread beyond a {width}×{height} area"),
            },
        }))
    }

    /// The square named by a player (`e4`), or why there is none.
    fn named(&self, name: &str) -> Result<Square, Found> {
        let t = name.trim().to_ascii_lowercase();
        match read::square(&t) {
            Some(c) => self.square(c),
            None => Err(Found::new(Reason::Unreadable {
                text: crate::diagnostic::clip(&t, 40).into_owned(),
            })),
        }
    }

    /// The SAN of a legal action.
    pub(crate) fn san(&self, m: Move) -> String {
        self.session.san(m)
    }

    /// The piece written so (`R`, or a promoted form's `+R`).
    pub(crate) fn piece(&self, letter: Letter) -> Option<PieceId> {
        self.v.piece_by(letter)
    }
}

/// The game is over: why, and the end rule that decided it.
fn over(sc: &Scene) -> Option<Found> {
    let status = sc.session.game.status();
    let out = sc.session.result_of(status.clone())?;
    let result = match &out {
        crate::search::game::Outcome::Win { winners, reason } => {
            let names: Vec<String> = winners
                .iter()
                .map(|&w| words::player(sc.v, w as u8))
                .collect();
            format!("{} won by {reason}", words::list(&names, "and"))
        }
        crate::search::game::Outcome::Draw { reason } => format!("it was drawn by {reason}"),
        crate::search::game::Outcome::Shares { reason, .. } => format!(
            "it ended by {reason}, scoring {}",
            out.score_tag().unwrap_or_default()
        ),
    };
    let rule = match status {
        crate::engine::Status::Ended { cause, .. } => {
            sc.v.end
                .iter()
                .find(|r| r.when == cause.event)
                .map(|r| RuleRef::said(words::end_rule(sc.v, &r.when, r.then)))
        }
        _ => None,
    };
    Some(Found::new(Reason::GameOver { result }).rule(rule))
}

/// Whether an explanation says more than the parser's own error: it
/// names a man, a square or a rule (the catch-all reasons do not, unless
/// they cite their rule).
pub fn says_more(e: &Explanation) -> bool {
    match &e.reason {
        Reason::Legal { .. } | Reason::Unreadable { .. } => false,
        Reason::Other { .. } => e.rule.is_some(),
        _ => true,
    }
}

/// Why `text`, which the parser refused with `err`, is not legal, as one
/// line for a message that names the action (a record's, an opening's,
/// `show --moves`'): the explanation with its rule where it
/// [says more](says_more), else the parser's error without its hint to
/// the play prompt's `moves`.
pub fn refusal_line(session: &Session, text: &str, err: &crate::notation::ParseError) -> String {
    let why = explain_text(session, text);
    if !says_more(&why) {
        return err
            .to_string()
            .trim_end_matches("; type `moves` to list them")
            .to_string();
    }
    let mut line = why.text.trim_end_matches('.').to_string();
    // The explanation speaks to the player ("Your pawn ..."); after
    // "is not legal:" it goes on the sentence in lower case.
    let mut chars = line.chars();
    if let (Some(first), Some(second)) = (chars.next(), chars.next()) {
        if first.is_uppercase() && second.is_lowercase() {
            line = first.to_lowercase().chain(line.chars().skip(1)).collect();
        }
    }
    if let Some(r) = &why.rule {
        line.push_str(&format!(" (rule: {})", r.text));
    }
    line
}

/// Why the action typed as `text` is refused in the session's position
/// (or that it is legal).
pub fn explain_text(session: &Session, text: &str) -> Explanation {
    let sc = Scene::new(session);
    let text = text.trim();
    if let Some(f) = over(&sc) {
        return f.explained();
    }
    if let Some(e) = fogged(session) {
        return e;
    }
    match session.parse_public(text) {
        Ok(m) => return Found::new(Reason::Legal { action: sc.san(m) }).explained(),
        Err(crate::notation::ParseError::Ambiguous { candidates }) => {
            return Found::new(Reason::Ambiguous { candidates }).explained()
        }
        Err(_) => {}
    }
    let files = match sc.v.board.shape {
        Shape::Rect { width, .. } | Shape::Unbounded { width, .. } => width as i32,
    };
    if sc.v.pieces.iter().any(|p| !p.lion.is_empty()) {
        if let Some((from, via, to)) = lion::read(text) {
            let sq = |c| sc.square(c);
            return match (sq(from), sq(via), sq(to)) {
                (Ok(f), Ok(v), Ok(t)) => match letter_fits(&sc, typed_letter(text), f) {
                    Ok(()) => lion::two_steps(&sc, f, v, t).explained(),
                    Err(e) => e.explained(),
                },
                (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => e.explained(),
            };
        }
    }
    match read::read(text, files) {
        read::Typed::Unreadable => Found::new(Reason::Unreadable {
            text: crate::diagnostic::clip(text, 40).into_owned(),
        })
        .explained(),
        read::Typed::Castle { long } => castle::typed(&sc, long).explained(),
        read::Typed::Suicide { at } => match sc.square(at) {
            Ok(at) => suicide::suicide(&sc, at).explained(),
            Err(f) => f.explained(),
        },
        read::Typed::Exchange { give, take, to } => match sc.square(to) {
            Ok(to) => exchange::exchange(&sc, give, take, to).explained(),
            Err(f) => f.explained(),
        },
        read::Typed::Place { piece, to, then } => {
            let to = match sc.square(to) {
                Ok(s) => s,
                Err(f) => return f.explained(),
            };
            if let Some(t) = then {
                if let Err(f) = sc.square(t) {
                    return f.explained();
                }
            }
            place::placement(&sc, piece, to).explained()
        }
        read::Typed::Move {
            piece,
            from,
            from_file,
            from_rank,
            to,
            promotion,
        } => {
            let from = match from.map(|c| sc.square(c)).transpose() {
                Ok(f) => f,
                Err(f) => return f.explained(),
            };
            let to = match sc.square(to) {
                Ok(s) => s,
                Err(f) => return f.explained(),
            };
            if let Some(from) = from {
                if let Err(e) = letter_fits(&sc, piece, from) {
                    return e.mark(sc.pos, to, Role::To).explained();
                }
                return board::board_move(&sc, from, to, promotion).explained();
            }
            board::san_move(&sc, piece, from_file, from_rank, to, promotion)
        }
    }
}

/// The piece letter a move typed with its squares begins with (`N` of
/// `Ng1f3`, `+R` of `+Rb2b5`), if any.
fn typed_letter(text: &str) -> Option<Letter> {
    let t = text.trim();
    let (plus, rest) = match t.strip_prefix('+') {
        Some(r) => (true, r),
        None => (false, t),
    };
    let c = rest.chars().next().filter(char::is_ascii_uppercase)?;
    Some(if plus {
        Letter::plus(c)
    } else {
        Letter::own(c)
    })
}

/// A move typed with its from-square and a piece letter (`Ne2e4`): the
/// letter must name the piece of the player's man there. A square
/// without a man of the player's is judged by the move itself.
fn letter_fits(sc: &Scene, letter: Option<Letter>, from: Square) -> Result<(), Found> {
    let Some(letter) = letter else { return Ok(()) };
    let Some(kind) = sc.piece(letter) else {
        return Err(Found::new(Reason::NoSuchPiece {
            letter: letter.to_string(),
        }));
    };
    match sc.pos.man_at(from) {
        Some(m) if m.owner() == sc.pos.turn() && m.kind() != kind => {
            Err(Found::new(Reason::OtherPiece {
                man: words::man_on(sc.pos, from),
                piece: words::piece(sc.v, kind),
            })
            .mark(sc.pos, from, Role::From))
        }
        _ => Ok(()),
    }
}

/// Why an action given as squares is refused (or that it is legal).
pub fn explain_attempt(session: &Session, attempt: &Attempt) -> Explanation {
    let sc = Scene::new(session);
    if let Some(f) = over(&sc) {
        return f.explained();
    }
    if let Some(e) = fogged(session) {
        return e;
    }
    if let Some(p) = attempt.player {
        if p != sc.pos.turn() {
            return Found::new(Reason::NotYourTurn {
                to_move: words::player(sc.v, sc.pos.turn()),
            })
            .explained();
        }
    }
    let Some(to) = attempt.to.as_deref() else {
        return Found::new(Reason::Unreadable {
            text: "an action without a target square".into(),
        })
        .explained();
    };
    let to = match sc.named(to) {
        Ok(s) => s,
        Err(f) => return f.explained(),
    };
    match (&attempt.from, attempt.piece) {
        (Some(from), _) => match sc.named(from) {
            Ok(from) => board::board_move(&sc, from, to, attempt.promotion).explained(),
            Err(f) => f.explained(),
        },
        (None, Some(piece)) => place::placement(&sc, Letter::own(piece), to).explained(),
        (None, None) => Found::new(Reason::Unreadable {
            text: "a target square with neither a man to move nor a piece to place".into(),
        })
        .explained(),
    }
}

/// Under `fog of war`, while the game goes on, no refusal is explained:
/// an explanation could name a man the player cannot see (the blocker of
/// a pawn's step, an attacker). The answer says only that.
pub fn fogged(session: &Session) -> Option<Explanation> {
    if !session.fogged() {
        return None;
    }
    let text = "Under fog of war a refused action is not explained: an explanation could name men you cannot see.".to_string();
    Some(Explanation {
        legal: false,
        text: text.clone(),
        reason: Reason::Other { text },
        rule: None,
        squares: Vec::new(),
        also: Vec::new(),
    })
}

/// Why the card just drawn, a man of `piece`, may not go on the square
/// named `square`: the card is the player's to see once drawn, so its
/// placement conditions may be told. `draws` are the legal draw actions
/// of the card (their identity is the card's, which the caller knows).
pub fn explain_drawn(
    session: &Session,
    piece: PieceId,
    draws: &[Move],
    square: &str,
) -> Explanation {
    let sc = Scene::new(session);
    let to = match sc.named(square) {
        Ok(s) => s,
        Err(f) => return f.explained(),
    };
    place::drawn(&sc, piece, draws, to).explained()
}
