//! What reading and writing FEN share: the frame of the written board,
//! how men are written, counts of men.

use super::error::{fail, FenError, FenField};
use crate::engine::core::Bits;
use crate::engine::core::Square;
use crate::engine::tables::Compiled;
use crate::ir::{PieceId, PlayerId, Shape};

/// Where the FEN's a1 is on the internal grid (the limit box's corner on
/// unbounded boards) and how big the written board is.
pub(super) fn frame<B: Bits>(t: &Compiled<B>) -> (i32, i32, i32, i32) {
    match (&t.base.variant.board.shape, t.base.geo.anchor()) {
        (Shape::Unbounded { width, height }, Some((ax, ay))) => {
            (ax, ay, *width as i32, *height as i32)
        }
        _ => (0, 0, t.base.geo.width() as i32, t.base.geo.height() as i32),
    }
}

/// Square name as written in FEN (relative to the frame).
pub(super) fn square_name<B: Bits>(t: &Compiled<B>, sq: Square) -> String {
    if t.base.geo.hex_side().is_some() {
        return t.base.geo.name(sq);
    }
    let (ox, oy, _, _) = frame(t);
    let (x, y) = t.base.geo.coords(sq);
    format!("{}{}", (b'a' + (x - ox) as u8) as char, y - oy + 1)
}

pub(super) fn parse_square<B: Bits>(t: &Compiled<B>, s: &str) -> Option<Square> {
    if t.base.geo.hex_side().is_some() {
        return t.base.geo.parse(s);
    }
    let (ox, oy, w, h) = frame(t);
    let b = s.as_bytes();
    if b.len() < 2
        || !b[0].is_ascii_lowercase()
        || !b[1..].iter().all(u8::is_ascii_digit)
        || b[1] == b'0'
    {
        return None;
    }
    let x = (b[0] - b'a') as i32;
    let y: i32 = s[1..].parse::<i32>().ok()? - 1;
    if x >= w || y >= h {
        return None;
    }
    t.base.geo.square(x + ox, y + oy)
}

/// The capital letter of a piece that has one of its own (a promoted form
/// written `+X` has `X`: [`write_man`] writes it after `+`).
pub(super) fn piece_letter<B: Bits>(t: &Compiled<B>, k: PieceId) -> char {
    t.base.variant.pieces[k as usize].letter.ch()
}

/// How men are written: by letter case (2 players), tag prefix (3–4), or
/// bare uppercase letters (1 player).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Style {
    Case,
    Tagged,
    Single,
}

pub(super) fn style<B: Bits>(t: &Compiled<B>) -> Style {
    match t.base.nplayers {
        1 => Style::Single,
        2 => Style::Case,
        _ => Style::Tagged,
    }
}

pub(super) fn write_man<B: Bits>(
    t: &Compiled<B>,
    out: &mut String,
    kind: PieceId,
    owner: PlayerId,
) {
    let mut kind = kind;
    if let Some(b) = t.fen.bases.get(kind as usize).copied().flatten() {
        // A promoted form: `+` and its piece's letter.
        out.push('+');
        kind = b;
    }
    let l = piece_letter(t, kind);
    match style(t) {
        Style::Case if owner == 1 => out.push(l.to_ascii_lowercase()),
        Style::Case | Style::Single => out.push(l),
        Style::Tagged => {
            out.push(t.fen.tags[owner as usize]);
            out.push(l);
        }
    }
}

/// Read one man (letter, or tag + letter) at the start of `s`: kind, owner
/// and bytes used.
pub(super) fn read_man<B: Bits>(
    t: &Compiled<B>,
    s: &[u8],
    field: FenField,
) -> Result<(PieceId, PlayerId, usize), FenError> {
    if s.first() == Some(&b'+') {
        // `+X`: the promoted form of the piece X.
        if s.len() < 2 {
            return fail(field, "expected a piece letter after `+`");
        }
        let (k, p, used) = read_man(t, &s[1..], field)?;
        let Some(form) = t.base.variant.pieces[k as usize].promotes_to else {
            return fail(
                field,
                format!(
                    "`+` marks a promoted man, but `{}` has no promoted form",
                    t.base.variant.pieces[k as usize].name
                ),
            );
        };
        return Ok((form, p, used + 1));
    }
    // The character as written (a byte above ASCII starts a longer one).
    let c = if s[0].is_ascii() {
        s[0] as char
    } else {
        String::from_utf8_lossy(&s[..s.len().min(4)])
            .chars()
            .next()
            .unwrap_or(char::REPLACEMENT_CHARACTER)
    };
    let letter_kind = |c: char| t.fen.letters.get(&c.to_ascii_uppercase()).copied();
    match style(t) {
        Style::Case | Style::Single => {
            if !c.is_ascii_alphabetic() {
                return fail(field, format!("expected a piece letter, found `{c}`"));
            }
            let Some(k) = letter_kind(c) else {
                return fail(
                    field,
                    format!("`{c}` is not a piece letter of {}", t.base.variant.name),
                );
            };
            let owner = if c.is_ascii_lowercase() {
                if style(t) == Style::Single {
                    return fail(
                        field,
                        format!("a one-player variant writes men in uppercase, found `{c}`"),
                    );
                }
                1
            } else {
                0
            };
            Ok((k, owner, 1))
        }
        Style::Tagged => {
            let Some(p) = t.fen.tags.iter().position(|&x| x == c) else {
                return fail(
                    field,
                    format!(
                        "expected a player tag ({}) before the piece letter, found `{c}`",
                        t.fen.tags.iter().collect::<String>()
                    ),
                );
            };
            let Some(&l) = s.get(1) else {
                return fail(
                    field,
                    format!("player tag `{c}` is not followed by a piece letter"),
                );
            };
            let l = l as char;
            if !l.is_ascii_uppercase() {
                return fail(
                    field,
                    format!("expected an uppercase piece letter after `{c}`, found `{l}`"),
                );
            }
            let Some(k) = letter_kind(l) else {
                return fail(
                    field,
                    format!("`{l}` is not a piece letter of {}", t.base.variant.name),
                );
            };
            Ok((k, p as PlayerId, 2))
        }
    }
}

pub(super) fn parse_counts<B: Bits>(
    t: &Compiled<B>,
    s: &str,
    field: FenField,
    dst: &mut [Vec<u32>],
) -> Result<(), FenError> {
    if s == "-" {
        return Ok(());
    }
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let n: u32 = if start == i {
            1
        } else {
            match s[start..i].parse() {
                Ok(n) => n,
                Err(_) => return fail(field, format!("`{}` is not a count", &s[start..i])),
            }
        };
        if i >= b.len() {
            return fail(field, "expected a piece letter after the count");
        }
        let (k, p, used) = read_man(t, &b[i..], field)?;
        i += used;
        let c = &mut dst[p as usize][k as usize];
        *c = c.saturating_add(n);
    }
    Ok(())
}

pub(super) fn write_counts<B: Bits>(t: &Compiled<B>, out: &mut String, counts: &[Vec<u32>]) {
    for (p, row) in counts.iter().enumerate() {
        for (k, &n) in row.iter().enumerate() {
            for _ in 0..n {
                write_man(t, out, k as PieceId, p as PlayerId);
            }
        }
    }
}
