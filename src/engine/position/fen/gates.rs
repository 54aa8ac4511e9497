//! FEN's gates field (`gating ... above`): `[LbCdlgcf]` after the
//! placement, as Musketeer-Stockfish writes it. Each gate is the waiting
//! man's letter (its owner's case) and the file of its square, with the
//! rank's number when the owner's region has more than one square on that
//! file; player by player, and for each the listed kinds in the order of
//! the `gating` statement, `L-` for a kind of which the player has no gate
//! waiting (used or lost), as Musketeer-Stockfish writes it. Reading, `L-`
//! is no gate.

use super::error::{fail, FenError, FenField};
use super::text::{frame, read_man, write_man};
use crate::engine::core::{Bits, Square};
use crate::engine::position::raw::RawPosition;
use crate::engine::rules::gates::Gates;
use crate::engine::tables::Compiled;
use crate::ir::{PieceId, PlayerId};

/// Whether `p`'s region has another square on `sq`'s file.
fn file_shared<B: Bits>(t: &Compiled<B>, g: &Gates, p: PlayerId, sq: Square) -> bool {
    let x = t.base.geo.coords(sq).0;
    g.slots[p as usize]
        .iter()
        .filter(|(s, _)| t.base.geo.coords(*s).0 == x)
        .count()
        > 1
}

/// Append the gates field.
pub(super) fn write<B: Bits>(t: &Compiled<B>, out: &mut String, raw: &RawPosition) {
    let Some(g) = &t.rules.gates else {
        return;
    };
    let (ox, oy, _, _) = frame(t);
    out.push('[');
    for p in 0..g.slots.len() as PlayerId {
        for &k in &g.kinds {
            let mut any = false;
            for &(q, sq, kk) in &raw.extra.gates {
                if q != p || kk != k {
                    continue;
                }
                any = true;
                write_man(t, out, k, p);
                let (x, y) = t.base.geo.coords(sq);
                out.push((b'a' + (x - ox) as u8) as char);
                if file_shared(t, g, p, sq) {
                    out.push_str(&(y - oy + 1).to_string());
                }
            }
            if !any {
                write_man(t, out, k, p);
                out.push('-');
            }
        }
    }
    out.push(']');
}

/// Read the gates field's text (between the brackets) into `raw`.
pub(super) fn parse<B: Bits>(
    t: &Compiled<B>,
    s: &str,
    raw: &mut RawPosition,
) -> Result<(), FenError> {
    let Some(g) = &t.rules.gates else {
        return Ok(());
    };
    let (ox, oy, w, _) = frame(t);
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'/' {
            i += 1;
            continue;
        }
        let (k, p, used): (PieceId, PlayerId, usize) = read_man(t, &b[i..], FenField::Hands)?;
        i += used;
        match b.get(i) {
            Some(b'-') => {
                i += 1;
                continue;
            }
            Some(c) if c.is_ascii_lowercase() && ((c - b'a') as i32) < w => {
                let x = (c - b'a') as i32 + ox;
                i += 1;
                let start = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                let sq = if start < i {
                    let rank: i32 = s[start..i].parse().unwrap_or(0);
                    t.base.geo.grid_square(x, rank - 1 + oy)
                } else {
                    // The one square of the owner's region on that file.
                    let on_file: Vec<Square> = g
                        .slots
                        .get(p as usize)
                        .into_iter()
                        .flatten()
                        .map(|&(sq, _)| sq)
                        .filter(|&sq| t.base.geo.coords(sq).0 == x)
                        .collect();
                    match on_file.as_slice() {
                        [one] => Some(*one),
                        [] => {
                            return fail(
                                FenField::Hands,
                                format!(
                                    "gates: file `{}` has no square of the gating region",
                                    *c as char
                                ),
                            )
                        }
                        _ => {
                            return fail(
                                FenField::Hands,
                                format!(
                                    "gates: file `{}` has several squares of the gating region; add the rank",
                                    *c as char
                                ),
                            )
                        }
                    }
                };
                let Some(sq) = sq else {
                    return fail(FenField::Hands, "gates: a square off the board");
                };
                raw.extra.gates.push((p, sq, k));
            }
            _ => {
                return fail(
                    FenField::Hands,
                    "gates: expected a file letter (or `-`) after the gated man's letter",
                )
            }
        }
    }
    Ok(())
}
