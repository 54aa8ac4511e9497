//! [`Letter`]: how a kind of man is written in FEN and notation.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// How a kind of man is written: its own capital letter (`R`), or, for a
/// piece's promoted form declared without a letter of its own, `+` and
/// the letter of the piece it is the promoted form of (`+R`), as shogi's
/// FEN writes promoted men. Case tells the owner apart where there are two
/// players: the letter is kept in upper case and written in lower case for
/// the second player ([`Letter::text`]). Serialized as its text (`"R"`,
/// `"+R"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Letter {
    plus: bool,
    ch: char,
}

impl Letter {
    /// A piece's own letter (kept in upper case).
    pub const fn own(ch: char) -> Letter {
        Letter {
            plus: false,
            ch: ch.to_ascii_uppercase(),
        }
    }

    /// A promoted form's letter: `+` and its piece's letter `ch`.
    pub const fn plus(ch: char) -> Letter {
        Letter {
            plus: true,
            ch: ch.to_ascii_uppercase(),
        }
    }

    /// The capital letter written (for `+R`, `R`).
    pub const fn ch(self) -> char {
        self.ch
    }

    /// Whether this is a promoted form's `+X`.
    pub const fn is_plus(self) -> bool {
        self.plus
    }

    /// Whether this is the own letter `c` (either case): `+P` is not `P`.
    pub fn is(self, c: char) -> bool {
        !self.plus && self.ch == c.to_ascii_uppercase()
    }

    /// The text written for a man of the first player (`lower` false: `R`,
    /// `+R`) or the second (`r`, `+r`).
    pub fn text(self, lower: bool) -> String {
        let c = if lower {
            self.ch.to_ascii_lowercase()
        } else {
            self.ch
        };
        if self.plus {
            format!("+{c}")
        } else {
            c.to_string()
        }
    }

    /// How many characters the text takes (1 or 2).
    pub const fn width(self) -> usize {
        if self.plus {
            2
        } else {
            1
        }
    }

    /// The letter read from text: `R`, `r`, `+R` or `+r` (case ignored).
    pub fn parse(s: &str) -> Option<Letter> {
        let (plus, rest) = match s.strip_prefix('+') {
            Some(r) => (true, r),
            None => (false, s),
        };
        let mut cs = rest.chars();
        let c = cs.next().filter(char::is_ascii_alphabetic)?;
        if cs.next().is_some() {
            return None;
        }
        Some(if plus {
            Letter::plus(c)
        } else {
            Letter::own(c)
        })
    }
}

impl fmt::Display for Letter {
    /// The upper-case text: `R`, `+R`.
    /// Width and alignment flags apply (`{:<3}` pads `R` as a `char`
    /// would: tables of pieces line up).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; 4];
        let c = self.ch.encode_utf8(&mut buf);
        if self.plus {
            f.pad(&format!("+{c}"))
        } else {
            f.pad(c)
        }
    }
}

impl Serialize for Letter {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Letter {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Letter, D::Error> {
        let s = String::deserialize(d)?;
        Letter::parse(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("not a piece letter: {s:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_letter_is_written_and_read_back() {
        for (l, up, low) in [
            (Letter::own('r'), "R", "r"),
            (Letter::plus('R'), "+R", "+r"),
        ] {
            assert_eq!(l.text(false), up);
            assert_eq!(l.text(true), low);
            assert_eq!(l.to_string(), up);
            assert_eq!(Letter::parse(up), Some(l));
            assert_eq!(Letter::parse(low), Some(l));
        }
        assert!(Letter::own('P').is('p'));
        assert!(!Letter::plus('P').is('P'));
        for bad in ["", "+", "RR", "+RR", "1", "++R"] {
            assert_eq!(Letter::parse(bad), None, "{bad:?}");
        }
    }
}
