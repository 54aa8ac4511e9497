//! Move notation: SAN-like and coordinate forms, written and read.
//!
//! The engine describes each legal action as an [`ActionInfo`]; this module
//! writes it (with the disambiguation SAN needs, which depends on the other
//! legal actions) and reads what a person types by matching it against the
//! notations of the legal actions, leniently: case, `x`, `-`, `=`, `+`, `#`,
//! `!`/`?` and spaces do not matter, and both SAN (`Nf3`, `exd5`, `e8=Q`,
//! `O-O`, `N@e4`) and coordinates (`g1f3`, `e7e8q`) are accepted.

mod describe;
pub mod protocol_text;
pub mod record;
pub(crate) mod words;

pub use describe::Describe;

use crate::ir::{Coord, Letter};
use serde::Serialize;

/// What kind of action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    /// A man moves on the board.
    Move,
    /// A man is placed from the hand.
    Place,
    /// The top card is drawn and its man placed.
    Draw,
    /// Two own men swap squares (a power).
    Swap,
    /// An own man leaves the game (`actions ..., suicide`).
    Suicide,
    /// No action is possible: the turn passes.
    Pass,
    /// The player leaves a game that goes on without them.
    Resign,
}

/// A legal action as notation sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ActionInfo {
    pub kind: ActionKind,
    /// Letter of the man that moves or is placed (`+R` for a promoted
    /// form without a letter of its own).
    pub piece: Letter,
    /// Whether the piece is a pawn-like piece (SAN omits its letter).
    pub pawn: bool,
    pub from: Option<Coord>,
    pub to: Option<Coord>,
    pub capture: bool,
    /// Letter the man becomes (`+`: its promoted form; `-`: back to the
    /// piece it is the promoted form of).
    pub promotion: Option<char>,
    /// The man becomes the promoted form of another piece, lettered `+X`
    /// (`promotion` holds the `X`): `b5=+R` in SAN, `b4b5+r` in
    /// coordinates.
    pub promotion_form: bool,
    /// A placement puts the man down as its promoted form (`+P@c3`).
    pub placed_promoted: bool,
    /// A hostage exchange: the letter of the hostage given up (`N-B@f7`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ransom: Option<char>,
    /// Castling: the side, `true` for the long side.
    pub castle: Option<bool>,
    /// A compound placement: the placed man then moves here.
    pub then_to: Option<Coord>,
    /// A compound placement: the man on this square goes back to its hand
    /// (or is removed).
    pub returns: Option<Coord>,
    /// A compound move (`then place wall`): the wall is put on this square.
    pub wall: Option<Coord>,
    /// A move of two steps (`lion`): the square of its first step, and
    /// whether a man is taken there. Written `e4f5,f5g5` in coordinates
    /// (XBoard's legs), `Le4xf5-g5` in SAN; `to` is `from` for igui and
    /// jitto.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub via: Option<Coord>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub via_capture: bool,
    /// SAN names the whole square the man leaves (a promotion as an
    /// action by a step, `d5c4=F`, as Fairy-Stockfish writes it).
    pub full_from: bool,
    /// Gives check / mate (filled by the engine when known).
    pub check: bool,
    pub mate: bool,
}

impl ActionInfo {
    pub fn new(kind: ActionKind, piece: Letter) -> ActionInfo {
        ActionInfo {
            kind,
            piece,
            pawn: false,
            from: None,
            to: None,
            capture: false,
            promotion: None,
            promotion_form: false,
            placed_promoted: false,
            ransom: None,
            full_from: false,
            castle: None,
            then_to: None,
            returns: None,
            wall: None,
            via: None,
            via_capture: false,
            check: false,
            mate: false,
        }
    }
}

/// Name of a square: files a.. and ranks 1...
pub fn square(c: Coord) -> String {
    let f = if (0..26).contains(&c.x) {
        ((b'a' + c.x as u8) as char).to_string()
    } else {
        format!("[{}]", c.x)
    };
    format!("{f}{}", c.y + 1)
}

fn file_char(c: Coord) -> String {
    square(c)
        .trim_end_matches(|ch: char| ch.is_ascii_digit())
        .to_string()
}

fn rank_str(c: Coord) -> String {
    (c.y + 1).to_string()
}

/// Coordinate notation: `e2e4`, `e7e8q`, `P@e4`, `P@e4e5`, `B@c3/d4`, `N-B@f7` (a hostage exchange: the hostage given, then the drop), `swap-e1-h1` (typed also as `swap e1 h1`), `pass`.
pub fn coordinate(a: &ActionInfo) -> String {
    let sq = |c: Option<Coord>| c.map(square).unwrap_or_default();
    match a.kind {
        ActionKind::Move if a.via.is_some() => {
            // XBoard's legs: the first step, a comma, the second step.
            let via = sq(a.via);
            format!("{}{via},{via}{}", sq(a.from), sq(a.to))
        }
        ActionKind::Move => {
            let mut s = format!("{}{}", sq(a.from), sq(a.to));
            if let Some(p) = a.promotion {
                if a.promotion_form {
                    s.push('+');
                }
                s.push(p.to_ascii_lowercase());
            }
            if let Some(w) = a.wall {
                // Fairy-Stockfish's UCI text of a wall: `,` then the
                // landing square and the wall's (`d1d7,d7g7`).
                s.push(',');
                s.push_str(&sq(a.to));
                s.push_str(&square(w));
            }
            s
        }
        ActionKind::Place | ActionKind::Draw => {
            let plus = if a.placed_promoted { "+" } else { "" };
            // A hostage exchange names the hostage given first: `N-B@f7`.
            let ransom = a.ransom.map(|g| format!("{g}-")).unwrap_or_default();
            let mut s = format!("{plus}{ransom}{}@{}", a.piece, sq(a.to));
            if let Some(t) = a.then_to {
                s.push_str(&square(t));
            }
            if let Some(r) = a.returns {
                s.push('/');
                s.push_str(&square(r));
            }
            s
        }
        ActionKind::Swap => format!("swap-{}-{}", sq(a.from), sq(a.to)),
        ActionKind::Suicide => format!("suicide-{}", sq(a.from)),
        ActionKind::Pass => "pass".into(),
        ActionKind::Resign => "resign".into(),
    }
}

/// SAN for action `i` among all legal `actions` (for disambiguation).
pub fn san(actions: &[ActionInfo], i: usize) -> String {
    let a = &actions[i];
    let mut s = match a.kind {
        ActionKind::Move if a.via.is_some() => {
            // A move of two steps names both squares it leaves from:
            // `Le4xf5-g5`, `Le4xf5xg5`, igui `Le4xf5-e4`, jitto
            // `Le4-f5-e4`.
            let sqs = |c: Option<Coord>| c.map(square).unwrap_or_default();
            format!(
                "{}{}{}{}{}{}",
                a.piece,
                sqs(a.from),
                if a.via_capture { "x" } else { "-" },
                sqs(a.via),
                if a.capture { "x" } else { "-" },
                sqs(a.to)
            )
        }
        ActionKind::Move => {
            if let Some(long) = a.castle {
                if long {
                    "O-O-O".to_string()
                } else {
                    "O-O".to_string()
                }
            } else {
                let mut s = String::new();
                let (from, to) = (
                    a.from.unwrap_or(Coord::new(0, 0)),
                    a.to.unwrap_or(Coord::new(0, 0)),
                );
                if a.pawn {
                    // Pawns facing different ways can share a target: then
                    // name the file, or the whole square when the file is shared.
                    let rivals: Vec<&ActionInfo> = actions
                        .iter()
                        .enumerate()
                        .filter(|(j, b)| {
                            *j != i
                                && b.kind == ActionKind::Move
                                && b.pawn
                                && b.to == a.to
                                && b.from != a.from
                                && b.capture == a.capture
                        })
                        .map(|(_, b)| b)
                        .collect();
                    let file_shared = rivals.iter().any(|b| b.from.is_some_and(|f| f.x == from.x));
                    if file_shared || a.full_from {
                        s.push_str(&square(from));
                    } else if a.capture || !rivals.is_empty() {
                        s.push_str(&file_char(from));
                    }
                } else {
                    s.push_str(&a.piece.to_string());
                    let rivals: Vec<&ActionInfo> = actions
                        .iter()
                        .enumerate()
                        .filter(|(j, b)| {
                            *j != i
                                && b.kind == ActionKind::Move
                                && b.castle.is_none()
                                && b.via.is_none()
                                && b.piece == a.piece
                                && !b.pawn
                                && b.to == a.to
                                && b.from != a.from
                        })
                        .map(|(_, b)| b)
                        .collect();
                    if !rivals.is_empty() {
                        let same_file =
                            rivals.iter().any(|b| b.from.is_some_and(|f| f.x == from.x));
                        let same_rank =
                            rivals.iter().any(|b| b.from.is_some_and(|f| f.y == from.y));
                        if !same_file {
                            s.push_str(&file_char(from));
                        } else if !same_rank {
                            s.push_str(&rank_str(from));
                        } else {
                            s.push_str(&square(from));
                        }
                    }
                }
                if a.capture {
                    s.push('x');
                }
                s.push_str(&square(to));
                if let Some(p) = a.promotion {
                    if p != '+' && p != '-' {
                        s.push('=');
                    }
                    if a.promotion_form {
                        s.push('+');
                    }
                    s.push(p);
                } else if actions
                    .iter()
                    .any(|b| b.promotion == Some('+') && b.from == a.from && b.to == a.to)
                {
                    // Promotion to the promoted form declined: `=`, as shogi
                    // players write it, so that it never reads like `exb5+`.
                    s.push('=');
                }
                s
            }
        }
        _ => coordinate(a),
    };
    if let (ActionKind::Move, Some(w)) = (a.kind, a.wall) {
        // The wall's square after a comma (`Qd7,g7`).
        s.push(',');
        s.push_str(&square(w));
    }
    if a.mate {
        s.push('#');
    } else if a.check {
        s.push('+');
    }
    s
}

/// Why typed text matched no single action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseError {
    /// Nothing was typed.
    Empty,
    /// No legal action matches; `near` lists legal actions that look close.
    NoMatch { near: Vec<String> },
    /// Several legal actions match.
    Ambiguous { candidates: Vec<String> },
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParseError::Empty => write!(
                f,
                "type a move, such as e4 or Nf3 (or `moves` to list them)"
            ),
            ParseError::NoMatch { near } if near.is_empty() => write!(
                f,
                "that is not a legal action here; type `moves` to list them"
            ),
            ParseError::NoMatch { near } => write!(
                f,
                "that is not a legal action here; did you mean {}?",
                near.join(", ")
            ),
            ParseError::Ambiguous { candidates } => {
                write!(f, "that could be {}; say which", candidates.join(" or "))
            }
        }
    }
}

/// Whether text starts with `+` and a letter (a promoted form's `+R`).
fn leading_plus(s: &str) -> bool {
    s.strip_prefix('+')
        .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_alphabetic()))
}

/// Canonical form for matching: lower case, without decorations. A `+`
/// between a square (or `=`) and a letter is kept: it names a promotion to
/// a form lettered `+X` (`b5=+R`, `b4b5+r`), not a check.
fn norm(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let form_plus = |i: usize| {
        i > 0
            && (chars[i - 1] == '=' || chars[i - 1].is_ascii_digit())
            && chars.get(i + 1).is_some_and(char::is_ascii_alphabetic)
    };
    chars
        .iter()
        .enumerate()
        .filter(|&(i, c)| {
            !matches!(c, 'x' | 'X' | '-' | '=' | '#' | '!' | '?' | ' ' | ':' | '×')
                && (*c != '+' || form_plus(i))
        })
        .map(|(_, c)| c.to_ascii_lowercase())
        .collect::<String>()
        .replace('0', "o")
}

/// Text without capture marks, dashes, `=`, annotations and a trailing
/// `+`, its case kept.
fn undecorated(s: &str) -> String {
    s.trim_end_matches('+')
        .chars()
        .filter(|c| !matches!(c, 'x' | '-' | '=' | '#' | '!' | '?' | ' ' | ':' | '×'))
        .collect()
}

/// [`norm`], but a `-` before a digit is kept: on an unbounded board it is
/// the sign of a coordinate (`R@c-1` is not `R@c1`).
fn norm_signed(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    for (i, &c) in chars.iter().enumerate() {
        if c == '-' && chars.get(i + 1).is_some_and(char::is_ascii_digit) {
            out.push('-');
        } else {
            out.push_str(&norm(&c.to_string()));
        }
    }
    out
}

/// Every spelling accepted for action `i`.
pub fn spellings(actions: &[ActionInfo], i: usize) -> Vec<String> {
    let a = &actions[i];
    let mut v = vec![san(actions, i), coordinate(a)];
    if a.via.is_some() {
        // A move of two steps is spelled by all its squares: its man's
        // square and its last square alone name a step or leap. XBoard
        // writes the first step's SAN, then the last square (`Nxd8-d7`):
        // read too.
        let sq = |c: Option<Coord>| c.map(square).unwrap_or_default();
        v.push(format!("{}{}{}", a.piece, sq(a.via), sq(a.to)));
        return v;
    }
    match a.kind {
        ActionKind::Move => {
            if a.castle.is_none() {
                // Long algebraic with the piece letter, e.g. Ng1f3, and a pawn's
                // full square form e2e4 is the coordinate already.
                let from = a.from.map(square).unwrap_or_default();
                let to = a.to.map(square).unwrap_or_default();
                let promo = a
                    .promotion
                    .map(|p| format!("{}{p}", if a.promotion_form { "+" } else { "" }))
                    .unwrap_or_default();
                v.push(format!("{}{from}{to}{promo}", a.piece));
                // SAN that names the from-square's file or rank where it
                // need not (`N6xe4`, `Nhi3`: published hexagonal games do).
                let file = from.trim_end_matches(|c: char| c.is_ascii_digit());
                let rank = &from[file.len()..];
                v.push(format!("{}{file}{to}{promo}", a.piece));
                v.push(format!("{}{rank}{to}{promo}", a.piece));
                if a.pawn {
                    // A pawn-like man (a pawn, or a piece that promotes:
                    // shogi's silver) is also read with its letter, as
                    // XBoard writes it where its pawn type is not the
                    // man's: `Sd2`, `Sexd2`, `Pa3`.
                    v.push(format!("{}{to}{promo}", a.piece));
                    if a.piece.is('P') {
                        // And a pawn as XBoard writes it where its pawn
                        // type is the man's, whoever else reaches the
                        // square (`h5`, `hxh5`).
                        v.push(format!("{to}{promo}"));
                        v.push(format!("{file}{to}{promo}"));
                    }
                }
            } else {
                // Castling can be typed as the king's move too.
                let from = a.from.map(square).unwrap_or_default();
                let to = a.to.map(square).unwrap_or_default();
                v.push(format!("{from}{to}"));
                v.push(format!("{}{from}{to}", a.piece));
            }
        }
        ActionKind::Draw => v.push(format!("draw {}", a.to.map(square).unwrap_or_default())),
        ActionKind::Swap => {
            let (f, t) = (
                a.from.map(square).unwrap_or_default(),
                a.to.map(square).unwrap_or_default(),
            );
            v.push(format!("swap {t} {f}"));
        }
        ActionKind::Suicide => {
            // With the man's letter too: `suicide Pd4`.
            let at = a.from.map(square).unwrap_or_default();
            v.push(format!("suicide {}{at}", a.piece));
        }
        _ => {}
    }
    v
}

/// Find the single legal action that `input` names.
pub fn parse(input: &str, actions: &[ActionInfo]) -> Result<usize, ParseError> {
    let key = norm(input.trim());
    if key.is_empty() {
        return Err(ParseError::Empty);
    }
    // A `+` before a letter names a promoted form lettered `+X` (`+Rb5`)
    // or a man placed promoted (`+P@c3`): typed so, it matches only such a
    // spelling, and a form's spelling so written matches only it.
    let typed_plus = leading_plus(input.trim());
    let mut hits: Vec<usize> = Vec::new();
    for (i, a) in actions.iter().enumerate() {
        let plus_ok = |s: &str| match (a.piece.is_plus() && leading_plus(s), typed_plus) {
            (true, t) => t,
            (false, true) => leading_plus(s),
            (false, false) => true,
        };
        if spellings(actions, i)
            .iter()
            .any(|s| norm(s) == key && plus_ok(s))
        {
            hits.push(i);
        }
    }
    // Lenient on the piece letter's case for SAN where the board has no
    // ambiguity (`nf3` = `Nf3`; `bc4` is the bishop unless a pawn on b takes c4).
    if hits.len() > 1 {
        // Where several actions match, the first of these tests that keeps
        // exactly one of them decides.
        let typed = input.trim();
        let signed = norm_signed(typed);
        let first = typed.chars().next();
        let deciders: [&dyn Fn(usize) -> bool; 6] = [
            // A coordinate move typed exactly (`b10a8`, UCI's text) names
            // that move, not a SAN of another man read without case
            // (`B10a8`: the bishop disambiguated by its rank, on a board of
            // ten ranks).
            &|i| coordinate(&actions[i]) == typed,
            // Signs of coordinates decide between squares that differ only
            // there.
            &|i| {
                spellings(actions, i)
                    .iter()
                    .any(|s| norm_signed(s) == signed)
            },
            // The exact SAN decides where decorations alone differ: `exb5+`
            // (promoted to its form) against `exb5=` (declined).
            &|i| san(actions, i) == typed,
            // `Bc4` is the bishop, `bc4` the b-pawn's capture: the case of
            // the first letter decides between SAN readings that differ
            // only there.
            &|i| san(actions, i).chars().next() == first,
            // A spelling typed with its letters' case, decorations aside
            // (XBoard's `Hh5` is the horse, not a man on the h-file).
            &|i| {
                spellings(actions, i)
                    .iter()
                    .any(|s| undecorated(s) == undecorated(typed))
            },
            // A `+` typed last names the promotion to the mover's form,
            // none the move that declines it (XBoard's `Hxc9+`, `Hxc9`).
            &|i| typed.ends_with('+') == (actions[i].promotion == Some('+')),
        ];
        for decides in deciders {
            let mut kept = hits.iter().copied().filter(|&i| decides(i));
            if let (Some(one), None) = (kept.next(), kept.next()) {
                return Ok(one);
            }
        }
    }
    if hits.is_empty() {
        // A move typed without its promotion piece.
        for i in 0..actions.len() {
            // What is left after the typed text is the promotion alone:
            // its letter, or `+` and a form's letter.
            let promo_only = |s: &String| {
                norm(s).strip_prefix(key.as_str()).is_some_and(|rest| {
                    let rest = rest.strip_prefix('+').unwrap_or(rest);
                    rest.chars().count() == 1
                })
            };
            if actions[i].promotion.is_some() && spellings(actions, i).iter().any(promo_only) {
                hits.push(i);
            }
        }
        if hits.len() > 1 {
            let c: Vec<String> = hits.iter().map(|&i| san(actions, i)).collect();
            return Err(ParseError::Ambiguous { candidates: c });
        }
    }
    match hits.len() {
        1 => Ok(hits[0]),
        0 => {
            let near: Vec<String> = {
                let mut scored: Vec<(f64, String)> = (0..actions.len())
                    .map(|i| {
                        (
                            strsim::jaro_winkler(&key, &norm(&san(actions, i))),
                            san(actions, i),
                        )
                    })
                    .filter(|(s, _)| *s > 0.75)
                    .collect();
                scored.sort_by(|a, b| b.0.total_cmp(&a.0));
                scored.into_iter().take(3).map(|(_, s)| s).collect()
            };
            Err(ParseError::NoMatch { near })
        }
        _ => {
            // A promotion typed without its piece means the first choice only
            // if there is exactly one; otherwise ask.
            let mut c: Vec<String> = hits.iter().map(|&i| san(actions, i)).collect();
            c.dedup();
            Err(ParseError::Ambiguous { candidates: c })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(piece: char, from: &str, to: &str) -> ActionInfo {
        let sq = |s: &str| {
            Coord::new(
                (s.as_bytes()[0] - b'a') as i32,
                s[1..].parse::<i32>().unwrap() - 1,
            )
        };
        let mut a = ActionInfo::new(ActionKind::Move, Letter::own(piece));
        a.pawn = piece == 'P';
        a.from = Some(sq(from));
        a.to = Some(sq(to));
        a
    }

    #[test]
    fn san_disambiguates_by_file_then_rank() {
        let acts = vec![
            mv('N', "b1", "d2"),
            mv('N', "f3", "d2"),
            mv('R', "a1", "a3"),
            mv('R', "a5", "a3"),
        ];
        assert_eq!(san(&acts, 0), "Nbd2");
        assert_eq!(san(&acts, 1), "Nfd2");
        assert_eq!(san(&acts, 2), "R1a3");
        assert_eq!(san(&acts, 3), "R5a3");
    }

    /// SAN naming the from-square's file or rank where nothing needs it
    /// is read (published hexagonal games write `N6xe4`), and only for
    /// the man on that file or rank.
    #[test]
    fn san_with_an_unneeded_file_or_rank_is_read() {
        let mut acts = vec![
            mv('N', "b1", "d2"),
            mv('R', "a1", "a3"),
            mv('N', "g1", "f3"),
        ];
        acts[2].capture = true;
        assert_eq!(parse("Nbd2", &acts), Ok(0));
        assert_eq!(parse("N1d2", &acts), Ok(0));
        assert_eq!(parse("Ra1a3", &acts), Ok(1));
        assert_eq!(parse("R1a3", &acts), Ok(1));
        assert_eq!(parse("Ngxf3", &acts), Ok(2));
        assert!(parse("Ncd2", &acts).is_err());
        assert!(parse("N2d2", &acts).is_err());
    }

    #[test]
    fn a_minus_sign_on_a_rank_is_not_decoration() {
        // On an unbounded board `c-1` and `c1` are two squares; the record
        // names one of them and must find it again.
        let place = |x: i32, y: i32| {
            let mut a = ActionInfo::new(ActionKind::Place, Letter::own('R'));
            a.to = Some(Coord::new(x, y));
            a
        };
        let acts = vec![place(2, -2), place(2, 0), place(-2, -2), place(-2, 0)];
        assert_eq!(san(&acts, 0), "R@c-1");
        assert_eq!(san(&acts, 2), "R@[-2]-1");
        for i in 0..acts.len() {
            assert_eq!(parse(&san(&acts, i), &acts), Ok(i), "{}", san(&acts, i));
        }
    }

    #[test]
    fn pawns_facing_different_ways_are_told_apart() {
        // A north-facing pawn on f12 and a south-facing pawn on f14 both take g13.
        let mut up = mv('P', "f12", "g13");
        up.capture = true;
        let mut down = mv('P', "f14", "g13");
        down.capture = true;
        // An east-facing pawn on d10 and a north-facing pawn on e9 both step to e10.
        let east = mv('P', "d10", "e10");
        let north = mv('P', "e9", "e10");
        let acts = vec![up, down, east, north];
        assert_eq!(san(&acts, 0), "f12xg13");
        assert_eq!(san(&acts, 1), "f14xg13");
        assert_eq!(san(&acts, 2), "de10");
        assert_eq!(san(&acts, 3), "ee10");
        for i in 0..acts.len() {
            assert_eq!(parse(&san(&acts, i), &acts), Ok(i));
        }
    }

    #[test]
    fn pawn_captures_and_promotions() {
        let mut a = mv('P', "e7", "d8");
        a.capture = true;
        a.promotion = Some('N');
        a.check = true;
        assert_eq!(san(&[a.clone()], 0), "exd8=N+");
        assert_eq!(coordinate(&a), "e7d8n");
    }

    #[test]
    fn parse_is_lenient() {
        let mut acts = vec![
            mv('P', "e2", "e4"),
            mv('N', "g1", "f3"),
            mv('B', "f1", "c4"),
        ];
        let mut castle = mv('K', "e1", "g1");
        castle.castle = Some(false);
        acts.push(castle);
        assert_eq!(parse("e4", &acts), Ok(0));
        assert_eq!(parse("e2-e4", &acts), Ok(0));
        assert_eq!(parse("E2E4", &acts), Ok(0));
        assert_eq!(parse("Nf3", &acts), Ok(1));
        assert_eq!(parse("nf3", &acts), Ok(1));
        assert_eq!(parse("g1f3", &acts), Ok(1));
        assert_eq!(parse("Ng1-f3", &acts), Ok(1));
        assert_eq!(parse("Bc4+", &acts), Ok(2));
        assert_eq!(parse("O-O", &acts), Ok(3));
        assert_eq!(parse("0-0", &acts), Ok(3));
        assert_eq!(parse("e1g1", &acts), Ok(3));
        assert_eq!(parse("", &acts), Err(ParseError::Empty));
        assert!(matches!(
            parse("Nf6", &acts),
            Err(ParseError::NoMatch { .. })
        ));
        assert!(matches!(
            parse("💥", &acts),
            Err(ParseError::NoMatch { .. })
        ));
        // bishop vs b-pawn capture
        let mut px = mv('P', "b3", "c4");
        px.capture = true;
        let both = vec![mv('B', "f1", "c4"), px];
        assert_eq!(parse("Bc4", &both), Ok(0));
        assert_eq!(parse("bc4", &both), Ok(1));
        assert_eq!(parse("bxc4", &both), Ok(1));
    }

    #[test]
    fn drops_and_compound_placements() {
        let sq = |s: &str| {
            Coord::new(
                (s.as_bytes()[0] - b'a') as i32,
                s[1..].parse::<i32>().unwrap() - 1,
            )
        };
        let mut p = ActionInfo::new(ActionKind::Place, Letter::own('P'));
        p.to = Some(sq("c3"));
        let mut p2 = p.clone();
        p2.then_to = Some(sq("c4"));
        let mut b = ActionInfo::new(ActionKind::Place, Letter::own('B'));
        b.to = Some(sq("d3"));
        b.returns = Some(sq("d4"));
        let acts = vec![p, p2, b];
        assert_eq!(coordinate(&acts[0]), "P@c3");
        assert_eq!(coordinate(&acts[1]), "P@c3c4");
        assert_eq!(coordinate(&acts[2]), "B@d3/d4");
        assert_eq!(parse("p@c3", &acts), Ok(0));
        assert_eq!(parse("P@c3-c4", &acts), Ok(1));
        assert_eq!(parse("b@d3/d4", &acts), Ok(2));
    }

    /// On a board of ten ranks the coordinates `b10a8` of a knight's move
    /// read without case are also the bishop's SAN `B10a8`: typed exactly
    /// as coordinates, they name the knight's move (UCI's text in a record).
    #[test]
    fn exact_coordinates_beat_a_caseless_san_of_another_man() {
        let acts = vec![
            mv('N', "b10", "a8"),
            mv('B', "c10", "a8"),
            mv('B', "c6", "a8"),
        ];
        assert_eq!(parse("b10a8", &acts), Ok(0));
        assert_eq!(parse("B10a8", &acts), Ok(1));
        assert_eq!(parse("Na8", &acts), Ok(0));
    }

    #[test]
    fn ambiguous_input_names_the_candidates() {
        let mut q = mv('P', "e7", "e8");
        q.promotion = Some('Q');
        let mut n = q.clone();
        n.promotion = Some('N');
        let acts = vec![q, n];
        assert_eq!(parse("e8=Q", &acts), Ok(0));
        assert_eq!(parse("e8q", &acts), Ok(0));
        assert!(matches!(
            parse("e7e8", &acts),
            Err(ParseError::Ambiguous { .. })
        ));
        assert_eq!(parse("e8", &acts[..1]), Ok(0));
    }
}
