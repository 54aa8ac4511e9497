//! A piece's moves as XBoard's `piece` command reads them: varia's Betza
//! text, each bent move (`FIRST then SECOND`, docs/LANGUAGE.md §7) written
//! in XBoard's multi-leg Betza, or why it cannot be.
//!
//! XBoard 4.9 reads a multi-leg move as one atom whose modifiers are split
//! into legs by `a` ("again", `MovesFromString` in its `moves.c`): the
//! modifiers before `a` are the first leg's, those after it the second's,
//! and both legs move by the same atom and range. A non-final leg marked
//! `m` goes on only from an empty square (every empty square of a ride is
//! a turn square, an occupied one ends it), the start square counts as
//! empty, and the final leg takes the usual modes (`m`, `c`, or both). The
//! directions of the second leg are relative to the first leg's: `f` on
//! along it, `b` back, `r` and `l` to its right and left, `s` both, `v`
//! `f` and `b` (in its own table, `dirs4`). Such a move has no side effect
//! on its turn square, so XBoard merges its legs and the move is entered
//! and sent as its two squares, as varia writes a bent move.
//!
//! XBoard 4.9.1 carries this out for legs of one leap each: a two-leg
//! move of riders (`fmasR`, the hook mover) is refused by it as an
//! invalid move (tried under Xvfb with a scripted engine: `a1b2` and
//! `a1c3` of `fmasRbmasRrmasRlmasR` forfeited, `a1b2` of `fmasW...` and
//! `a1c3` of `fmasD...` taken). So a bent move whose two legs are one
//! orthogonal or diagonal leap of one atom (`W then sW`, `D then sD`) is
//! written per direction of its first leg: that direction (`f`, `b`, `l`,
//! `r`; `fr`, `fl`, `br`, `bl` on diagonals), `ma`, the second leg's
//! directions, its mode, the atom (`D then sD` is `fmasDlmasDrmasDbmasD`);
//! any other bent move (riders, legs of two atoms, an oblique leap) has
//! no XBoard text, and the variant is refused with the reason.

use crate::ir::{Atom, Mode, Piece, Timing};

/// The piece's moves for XBoard's `piece` command: its Betza text without
/// spaces, each bent move in XBoard's legs; or why a bent move has no
/// XBoard text.
pub fn piece_betza(p: &Piece) -> Result<String, String> {
    betza_text(&p.name, &p.betza)
}

/// [`piece_betza`] of the Betza text of the piece named `name`.
fn betza_text(name: &str, text: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut legs = String::new();
    let mut rest = 0;
    for at in then_words(text) {
        let start = first_leg_start(text, at);
        let end = second_leg_end(text, at + 4);
        out.push_str(&text[rest..start]);
        rest = end;
        let bent = &text[start..end];
        let atoms = crate::check::betza::parse(bent).map_err(|e| e.message)?;
        for a in &atoms {
            legs.push_str(&xbetza(a).map_err(|why| {
                format!(
                    "the {name}'s bent move `{}` {why}, and XBoard 4.9.1 takes a move of two legs (`a` in its Betza) only as two orthogonal or two diagonal leaps of one atom",
                    bent.trim()
                )
            })?);
        }
    }
    out.push_str(&text[rest..]);
    out.push_str(&legs);
    Ok(out.chars().filter(|c| !c.is_whitespace()).collect())
}

/// Where each word `then` starts.
fn then_words(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    (0..text.len())
        .filter(|&i| {
            text[i..].starts_with("then")
                && (i == 0 || b[i - 1].is_ascii_whitespace())
                && b.get(i + 4).is_none_or(|c| c.is_ascii_whitespace())
        })
        .collect()
}

/// The start of the atom right before the `then` at `at`: its modifiers,
/// its letter (doubled for a rider such as `NN`) or vector, its range.
fn first_leg_start(text: &str, at: usize) -> usize {
    let b = text.as_bytes();
    let mut i = at;
    while i > 0 && b[i - 1].is_ascii_whitespace() {
        i -= 1;
    }
    while i > 0 && b[i - 1].is_ascii_digit() {
        i -= 1;
    }
    if i > 0 && b[i - 1] == b')' {
        while i > 0 && b[i - 1] != b'(' {
            i -= 1;
        }
        i = i.saturating_sub(1);
    } else if i > 0 && b[i - 1].is_ascii_uppercase() {
        i -= 1;
        if i > 0 && b[i - 1] == b[i] {
            i -= 1;
        }
    }
    while i > 0 && b[i - 1].is_ascii_lowercase() {
        i -= 1;
    }
    i
}

/// The end of the atom right after the `then` whose word ends at `from`.
fn second_leg_end(text: &str, from: usize) -> usize {
    let b = text.as_bytes();
    let mut i = from;
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    while i < b.len() && b[i].is_ascii_lowercase() {
        i += 1;
    }
    if i < b.len() && b[i] == b'(' {
        while i < b.len() && b[i] != b')' {
            i += 1;
        }
        i = (i + 1).min(b.len());
    } else if i < b.len() && b[i].is_ascii_uppercase() {
        i += 1;
        if i < b.len() && b[i] == b[i - 1] {
            i += 1;
        }
    }
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    i
}

/// One bent atom in XBoard's legs (see the module's notes), or why not.
fn xbetza(a: &Atom) -> Result<String, String> {
    let Some(leg) = &a.then else {
        return Err("is not a bent move".into());
    };
    let unit = |v: (i8, i8)| (v.0.signum(), v.1.signum());
    let size = |v: (i8, i8)| (v.0.abs().max(v.1.abs()), v.0 == 0 || v.1 == 0);
    let first = a.vectors.first().copied().ok_or("has no move")?;
    let (n, straight) = size(first);
    if !straight && first.0.abs() != first.1.abs() {
        return Err("has an oblique leap".into());
    }
    let letter = match (n, straight) {
        (1, true) => 'W',
        (1, false) => 'F',
        (2, true) => 'D',
        (2, false) => 'A',
        (3, true) => 'H',
        (3, false) => 'G',
        _ => return Err("has an oblique or long leap".into()),
    };
    let same = |v: &(i8, i8)| {
        let (m, s) = size(*v);
        (v.0 == 0 || v.1 == 0 || v.0.abs() == v.1.abs()) && m == n && s == straight
    };
    if !a.vectors.iter().all(same) || !leg.vectors.iter().flatten().all(same) {
        return Err("has legs of two atoms".into());
    }
    if a.range != 1 || leg.range != 1 {
        return Err("rides".into());
    }
    let atom = letter;
    let mode = match a.mode {
        Mode::Move => "m",
        Mode::Capture => "c",
        _ => "",
    };
    let initial = if a.timing == Timing::Initial { "i" } else { "" };
    let mut out = String::new();
    for (&u, seconds) in a.vectors.iter().zip(&leg.vectors) {
        let (ux, uy) = unit(u);
        let dir = match (ux, uy) {
            (0, 1) => "f",
            (0, -1) => "b",
            (1, 0) => "r",
            (-1, 0) => "l",
            (1, 1) => "fr",
            (-1, 1) => "fl",
            (1, -1) => "br",
            _ => "bl",
        };
        // The second leg's lines relative to the first: on, back, right,
        // left of the way the first leg went.
        let (mut f, mut b, mut r, mut l) = (false, false, false, false);
        for &w in seconds {
            let (wx, wy) = unit(w);
            let ahead = i32::from(wx) * i32::from(ux) + i32::from(wy) * i32::from(uy);
            let right = i32::from(uy) * i32::from(wx) - i32::from(ux) * i32::from(wy);
            match (ahead.signum(), right.signum()) {
                (1, 0) => f = true,
                (-1, 0) => b = true,
                (0, 1) => r = true,
                (0, -1) => l = true,
                _ => return Err("turns by 45 degrees".into()),
            }
        }
        // XBoard reads `f` or `b` next to `l` or `r` as one diagonal, so
        // such a pair is written as two moves.
        let groups: Vec<&str> = match (f, b, r, l) {
            (true, true, true, true) => vec!["vs"],
            (true, true, true, false) => vec!["vr"],
            (true, true, false, true) => vec!["vl"],
            (true, false, true, true) => vec!["sf"],
            (false, true, true, true) => vec!["sb"],
            (true, true, false, false) => vec!["v"],
            (false, false, true, true) => vec!["s"],
            _ => [(f, "f"), (b, "b"), (r, "r"), (l, "l")]
                .iter()
                .filter(|(on, _)| *on)
                .map(|&(_, d)| d)
                .collect(),
        };
        for g in groups {
            out.push_str(&format!("{initial}{dir}ma{g}{mode}{atom}"));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(betza: &str) -> Result<String, String> {
        betza_text("test", betza)
    }

    #[test]
    fn leaps_of_one_atom_in_xboard_legs() {
        assert_eq!(piece("W D then sD").unwrap(), "WfmasDlmasDrmasDbmasD");
        assert_eq!(piece("F then sF").unwrap(), "flmasFfrmasFblmasFbrmasF");
    }

    #[test]
    fn modes_and_directions_of_the_legs() {
        // Forward, then back along it, never capturing.
        assert_eq!(piece("fW then bmW").unwrap(), "fmabmW");
        // Forward and left: two moves (XBoard would read `fl` as one line).
        assert_eq!(piece("K fW then flcW").unwrap(), "KfmafcWfmalcW");
        // Plain atoms keep their text; `i` goes first.
        assert_eq!(piece("fmWfceF ifD then sD").unwrap(), "fmWfceFifmasD");
    }

    #[test]
    fn bent_moves_xboard_cannot_take() {
        for (betza, why) in [
            ("R R then sR", "rides"),
            ("B B then sB", "rides"),
            ("ffN then fmW2", "oblique"),
            ("W then sD", "two atoms"),
            ("W then F", "two atoms"),
        ] {
            let e = piece(betza).expect_err(betza);
            assert!(e.contains(why), "{betza}: {e}");
            assert!(e.contains("XBoard 4.9.1"), "{betza}: {e}");
        }
    }
}
