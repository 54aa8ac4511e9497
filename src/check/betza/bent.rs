//! Bent moves in Betza text (`FIRST then SECOND`, docs/LANGUAGE.md §7
//! "Bent moves: then"): the second leg's directions read relative to each
//! vector of the first leg.

use super::{dir_ok, err, images, pair_ok, BetzaError, DirTok, Mods};
use crate::ir::{Atom, Mode, Path};

/// Whether the word `then` stands at byte `pos` (followed by a space or
/// the end).
pub(super) fn is_then(text: &str, pos: usize) -> bool {
    text[pos..].starts_with("then")
        && text[pos + 4..]
            .chars()
            .next()
            .is_none_or(char::is_whitespace)
}

/// A bent move (`FIRST then SECOND`): `first` is the first leg as parsed
/// (its directions relative to the man); the second leg's directions are
/// read relative to each vector of the first, as if the man faced the way
/// it went: `f` on along it, `b` back, `l` and `r` to its left and right,
/// `s` square to it, `v` along it.
pub(super) fn bend(
    mut first: Atom,
    first_span: (usize, usize),
    leap: (i8, i8),
    range: u8,
    mods: &Mods,
    span: (usize, usize),
) -> Result<Atom, BetzaError> {
    if first.mode != Mode::Both || first.path != Path::Direct {
        return Err(err(
            first_span.0,
            first_span.1,
            "the first leg of a bent move ends on an empty square: it takes no mode",
            "write `m` or `c` on the second leg, where the move ends, as in `R then csR`",
        ));
    }
    if mods.e || mods.i || mods.n || mods.p || mods.g {
        return Err(err(
            span.0,
            span.1,
            "the second leg of a bent move takes only `m`, `c` and directions",
            "write `i` on the first leg; lame legs and hops are not bent moves",
        ));
    }
    if mods.m && mods.c {
        return Err(err(
            span.0,
            span.1,
            "`m` and `c` together mean nothing",
            "leave both out for a move that may capture or not",
        ));
    }
    let (a, b) = (leap.0.abs(), leap.1.abs());
    let diagonal_like = a != 0 && b != 0;
    let letters: Vec<char> = mods.dirs.iter().map(|&(c, _)| c).collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < letters.len() {
        if letters[i] == 'h' {
            return Err(err(
                span.0,
                span.1,
                "`h` has no meaning on the second leg of a bent move",
                "select the second leg's lines with f b l r v s, relative to the first leg",
            ));
        }
        if diagonal_like && i + 1 < letters.len() && pair_ok(letters[i], letters[i + 1]) {
            toks.push(DirTok::Pair(letters[i], letters[i + 1]));
            i += 2;
        } else {
            toks.push(DirTok::One(letters[i]));
            i += 1;
        }
    }
    let all = images(leap);
    let mut vectors = Vec::with_capacity(first.vectors.len());
    for &(ux, uy) in &first.vectors {
        let (ux, uy) = (i32::from(ux), i32::from(uy));
        let seconds: Vec<(i8, i8)> = all
            .iter()
            .copied()
            .filter(|&(vx, vy)| {
                let (vx, vy) = (i32::from(vx), i32::from(vy));
                // Ahead along the first leg, and to its right.
                let ahead = vx * ux + vy * uy;
                let right = uy * vx - ux * vy;
                let oblique = ahead != 0 && right != 0 && ahead.abs() != right.abs();
                let rel = (right.clamp(-127, 127) as i8, ahead.clamp(-127, 127) as i8);
                toks.is_empty() || toks.iter().any(|&t| dir_ok(t, rel, oblique))
            })
            .collect();
        if seconds.is_empty() {
            return Err(err(
                span.0,
                span.1,
                "these directions select no line of the second leg",
                "the second leg's directions are relative to the first leg: `s` turns square to it, `f` goes on",
            ));
        }
        vectors.push(seconds);
    }
    first.mode = if mods.m {
        Mode::Move
    } else if mods.c {
        Mode::Capture
    } else {
        Mode::Both
    };
    first.then = Some(Box::new(crate::ir::Leg { range, vectors }));
    Ok(first)
}
