//! Reading what a player typed, leniently, into the shape of an action:
//! SAN (`Nf3`, `exd5`, `e8=Q`, `O-O`), coordinates (`g1f3`, `e7e8q`),
//! placements (`N@e4`, `P@c3c4`, `B@d3/d4`). Squares are read as
//! coordinates whether or not they are on the board, so that a square
//! off the board can be named as such.

use crate::ir::{Coord, Letter};

/// An action as typed, before it is matched against the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Typed {
    /// Castling, short or long.
    Castle { long: bool },
    /// A board move. `piece`: the letter typed (`+R` for a promoted form
    /// lettered so), `None` for a pawn's SAN or plain coordinates; `from`:
    /// the square, or a file or rank that disambiguates.
    Move {
        piece: Option<Letter>,
        from: Option<Coord>,
        from_file: Option<i32>,
        from_rank: Option<i32>,
        to: Coord,
        promotion: Option<char>,
    },
    /// A placement of `piece` on `to` (then a move, or a man returned).
    Place {
        piece: Letter,
        to: Coord,
        then: Option<Coord>,
    },
    /// A hostage exchange (`N-B@f7`): the hostage given, the own man taken
    /// back, its square.
    Exchange { give: char, take: char, to: Coord },
    /// A suicide (`suicide d4`, `suicide-d4`, `suicide Pd4`): the man's
    /// square.
    Suicide { at: Coord },
    /// Nothing readable.
    Unreadable,
}

/// One square token: its coordinate and the bytes it used.
fn square_at(s: &[u8], i: usize) -> Option<(Coord, usize)> {
    let mut j = i;
    let x = if s.get(j) == Some(&b'[') {
        // `[27]` or `[-2]`: a file beyond z, or a negative one.
        let close = s[j..].iter().position(|&c| c == b']')? + j;
        let n: i32 = std::str::from_utf8(&s[j + 1..close]).ok()?.parse().ok()?;
        j = close + 1;
        n
    } else {
        let c = *s.get(j)?;
        if !c.is_ascii_lowercase() {
            return None;
        }
        j += 1;
        (c - b'a') as i32
    };
    let neg = s.get(j) == Some(&b'-') && s.get(j + 1).is_some_and(u8::is_ascii_digit);
    if neg {
        j += 1;
    }
    let start = j;
    while j < s.len() && s[j].is_ascii_digit() && j - start < 4 {
        j += 1;
    }
    if j == start {
        return None;
    }
    let n: i32 = std::str::from_utf8(&s[start..j]).ok()?.parse().ok()?;
    let y = if neg { -n - 1 } else { n - 1 };
    Some((Coord::new(x, y), j - i))
}

/// A whole text read as one square (`e4`, `[-2]-1`), on the board or not.
pub(crate) fn square(text: &str) -> Option<Coord> {
    let b = text.trim().as_bytes();
    match square_at(b, 0) {
        Some((c, n)) if n == b.len() => Some(c),
        _ => None,
    }
}

/// Every square token of `s`, in order, with where each starts.
fn squares(s: &[u8]) -> Vec<(usize, Coord, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        match square_at(s, i) {
            Some((c, n)) => {
                out.push((i, c, n));
                i += n;
            }
            None => i += 1,
        }
    }
    out
}

/// Read a typed action. `files`: the board's width (a lower-case letter
/// before a square is a file when it names one, else a piece letter).
pub(crate) fn read(text: &str, files: i32) -> Typed {
    // A `+` before a letter names a promoted form lettered `+X` (`+Rb5`,
    // `+R@c3`); every other `+` is a check or a promotion.
    let plus = {
        let t = text.trim();
        t.starts_with('+') && t[1..].starts_with(|c: char| c.is_ascii_alphabetic())
    };
    let letter = |c: char| {
        if plus {
            Letter::plus(c)
        } else {
            Letter::own(c)
        }
    };
    let t: String = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | ' ' | '×'))
        .collect();
    let low = t.to_ascii_lowercase().replace('0', "o");
    if let Some(rest) = low.strip_prefix("suicide") {
        // The text's own case: a piece letter before the square is skipped.
        return match squares(&t.as_bytes()[t.len() - rest.len()..]).as_slice() {
            [(_, at, _)] => Typed::Suicide { at: *at },
            _ => Typed::Unreadable,
        };
    }
    if matches!(low.as_str(), "o-o" | "oo") {
        return Typed::Castle { long: false };
    }
    if matches!(low.as_str(), "o-o-o" | "ooo") {
        return Typed::Castle { long: true };
    }
    if let Some((head, rest)) = t.split_once('@') {
        // `N-B@f7`: two letters joined by `-`, then the square.
        if let [g, b'-', k] = head.as_bytes() {
            if g.is_ascii_alphabetic() && k.is_ascii_alphabetic() {
                return match squares(rest.as_bytes()).as_slice() {
                    [(_, to, _)] => Typed::Exchange {
                        give: g.to_ascii_uppercase() as char,
                        take: k.to_ascii_uppercase() as char,
                        to: *to,
                    },
                    _ => Typed::Unreadable,
                };
            }
        }
        let piece = head.trim_start_matches('+').chars().next();
        let sq = squares(rest.as_bytes());
        return match (piece, sq.first()) {
            (Some(p), Some(&(_, to, _))) if p.is_ascii_alphabetic() => Typed::Place {
                piece: letter(p),
                to,
                then: sq.get(1).map(|s| s.1),
            },
            _ => Typed::Unreadable,
        };
    }
    // Strip the decorations of SAN; `x`, `-`, `=` and `:` only separate.
    let bytes: Vec<u8> = t
        .bytes()
        .filter(|c| !matches!(c, b'x' | b':' | b'='))
        .collect();
    // A `-` between two squares is a separator, not a sign.
    let bytes: Vec<u8> = {
        let mut out = Vec::with_capacity(bytes.len());
        for (i, &c) in bytes.iter().enumerate() {
            let after_digit = i > 0 && bytes[i - 1].is_ascii_digit();
            if c == b'-' && after_digit {
                continue;
            }
            out.push(c);
        }
        out
    };
    let mut piece = None;
    let mut body: &[u8] = &bytes;
    if let Some(&c) = body.first() {
        let next_is_square = square_at(body, 1).is_some();
        let is_file = c.is_ascii_lowercase() && ((c - b'a') as i32) < files;
        if c.is_ascii_uppercase() || (c.is_ascii_lowercase() && !is_file && next_is_square) {
            piece = Some(letter(c as char));
            body = &body[1..];
        }
    }
    let sqs = squares(body);
    let Some(&(last_at, to, len)) = sqs.last() else {
        return Typed::Unreadable;
    };
    let tail = &body[last_at + len..];
    let promotion = tail
        .iter()
        .find(|c| c.is_ascii_alphabetic())
        .map(|&c| c.to_ascii_uppercase() as char);
    let mut from = None;
    let (mut from_file, mut from_rank) = (None, None);
    if sqs.len() >= 2 {
        from = Some(sqs[sqs.len() - 2].1);
    } else {
        // A file or a rank before the square (`Nbd2`, `R1a3`, `exd5`).
        let head = &body[..last_at];
        for &c in head {
            if c.is_ascii_lowercase() {
                from_file = Some((c - b'a') as i32);
            } else if c.is_ascii_digit() {
                from_rank = Some(from_rank.unwrap_or(0) * 10 + (c - b'0') as i32);
            }
        }
        from_rank = from_rank.map(|r| r - 1);
    }
    Typed::Move {
        piece,
        from,
        from_file,
        from_rank,
        to,
        promotion,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Coord {
        Coord::new(
            (s.as_bytes()[0] - b'a') as i32,
            s[1..].parse::<i32>().unwrap() - 1,
        )
    }

    #[test]
    fn san_coordinates_and_placements() {
        assert_eq!(
            read("Nf3", 8),
            Typed::Move {
                piece: Some(Letter::own('N')),
                from: None,
                from_file: None,
                from_rank: None,
                to: c("f3"),
                promotion: None
            }
        );
        assert_eq!(
            read("exd5", 8),
            Typed::Move {
                piece: None,
                from: None,
                from_file: Some(4),
                from_rank: None,
                to: c("d5"),
                promotion: None
            }
        );
        assert_eq!(
            read("e7e8q", 8),
            Typed::Move {
                piece: None,
                from: Some(c("e7")),
                from_file: None,
                from_rank: None,
                to: c("e8"),
                promotion: Some('Q')
            }
        );
        assert_eq!(
            read("Ng1-f3", 8),
            Typed::Move {
                piece: Some(Letter::own('N')),
                from: Some(c("g1")),
                from_file: None,
                from_rank: None,
                to: c("f3"),
                promotion: None
            }
        );
        assert_eq!(read("0-0-0", 8), Typed::Castle { long: true });
        assert_eq!(
            read("N@e4", 8),
            Typed::Place {
                piece: Letter::own('N'),
                to: c("e4"),
                then: None
            }
        );
        assert_eq!(read("hello", 8), Typed::Unreadable);
        // A promoted form lettered `+R`; a trailing `+` is a check.
        let Typed::Move { piece, to, .. } = read("+Rb5", 8) else {
            panic!()
        };
        assert_eq!((piece, to), (Some(Letter::plus('R')), c("b5")));
        let Typed::Move { piece, .. } = read("Rb5+", 8) else {
            panic!()
        };
        assert_eq!(piece, Some(Letter::own('R')));
    }

    #[test]
    fn squares_off_the_board_are_read() {
        let Typed::Move { to, from, .. } = read("e2e9", 8) else {
            panic!()
        };
        assert_eq!((from, to), (Some(c("e2")), Coord::new(4, 8)));
        let Typed::Move { to, .. } = read("Nz99", 8) else {
            panic!()
        };
        assert_eq!(to, Coord::new(25, 98));
        let Typed::Place { to, .. } = read("R@c-1", 8) else {
            panic!()
        };
        assert_eq!(to, Coord::new(2, -2));
    }
}
