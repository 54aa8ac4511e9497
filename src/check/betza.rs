//! Betza notation to movement atoms.
//!
//! Supported: the atoms `W F D N A H C Z G` (and the compounds `K Q R B`),
//! doubled letters for riders (`NN`), a digit for a limited range (`W4`),
//! explicit vectors `(1,4)` (leaper), `(1,4)*` (rider), `(1,4)3`; the modes
//! `m` (move only), `c` (capture only), `e` (en passant), `i` (initial),
//! `n` (lame), `p` (hop), `g` (grasshopper hop); the directions `f b l r v s` and pairs (`fl`, `ff`,
//! `fs`), and `h` (one chiral half of an oblique leaper). Directions are
//! relative to the man's forward direction. Spaces are ignored.

mod bent;

use crate::ir::{Atom, Mode, Path, Timing};
use bent::{bend, is_then};

/// A Betza error: a byte range inside the Betza text, a message and a hint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetzaError {
    pub start: usize,
    pub end: usize,
    pub message: String,
    pub hint: String,
}

fn err(
    start: usize,
    end: usize,
    message: impl Into<String>,
    hint: impl Into<String>,
) -> BetzaError {
    BetzaError {
        start,
        end,
        message: message.into(),
        hint: hint.into(),
    }
}

/// The base leap of an atom letter, and whether it is a rider by itself.
fn atom_letter(c: char) -> Option<Vec<((i8, i8), bool)>> {
    Some(match c {
        'W' => vec![((1, 0), false)],
        'F' => vec![((1, 1), false)],
        'D' => vec![((2, 0), false)],
        'N' => vec![((2, 1), false)],
        'A' => vec![((2, 2), false)],
        'H' => vec![((3, 0), false)],
        'C' => vec![((3, 1), false)],
        'Z' => vec![((3, 2), false)],
        'G' => vec![((3, 3), false)],
        'K' => vec![((1, 0), false), ((1, 1), false)],
        'R' => vec![((1, 0), true)],
        'B' => vec![((1, 1), true)],
        'Q' => vec![((1, 0), true), ((1, 1), true)],
        _ => return None,
    })
}

/// All distinct images of a leap under the 8 board symmetries.
fn images((a, b): (i8, i8)) -> Vec<(i8, i8)> {
    let mut v = Vec::with_capacity(8);
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
            let p = (x * sx, y * sy);
            if !v.contains(&p) {
                v.push(p);
            }
        }
    }
    // A stable, readable order: forward first, then clockwise-ish.
    v.sort_by_key(|&(x, y)| (-(y as i32), x as i32));
    v
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DirTok {
    One(char),
    Pair(char, char),
}

fn dir_ok(tok: DirTok, (x, y): (i8, i8), oblique: bool) -> bool {
    let one = |c: char| match c {
        'f' => y > 0,
        'b' => y < 0,
        'l' => x < 0,
        'r' => x > 0,
        'v' => {
            if oblique {
                y.abs() > x.abs()
            } else {
                y != 0
            }
        }
        's' => {
            if oblique {
                x.abs() > y.abs()
            } else {
                x != 0
            }
        }
        'h' => {
            // One chiral half: the rotations of the base leap (a,b), a > b.
            if oblique {
                (x > 0) == (y > 0) && x.abs() > y.abs() || (x > 0) != (y > 0) && y.abs() > x.abs()
            } else {
                true
            }
        }
        _ => false,
    };
    match tok {
        DirTok::One(c) => one(c),
        DirTok::Pair(a, b) if a == b => {
            // ff, bb, ll, rr: the narrow pair in that direction.
            one(a)
                && match a {
                    'f' | 'b' => y.abs() > x.abs(),
                    _ => x.abs() > y.abs(),
                }
        }
        DirTok::Pair(a, 's') => one(a) && x.abs() > y.abs(),
        DirTok::Pair(a, 'v') => one(a) && y.abs() > x.abs(),
        DirTok::Pair(a, b) => one(a) && one(b),
    }
}

fn pair_ok(a: char, b: char) -> bool {
    matches!(
        (a, b),
        ('f' | 'b', 'l' | 'r' | 's') | ('l' | 'r', 'f' | 'b' | 'v')
    ) || (a == b && matches!(a, 'f' | 'b' | 'l' | 'r'))
}

#[derive(Default, Clone)]
struct Mods {
    dirs: Vec<(char, usize)>,
    m: bool,
    c: bool,
    e: bool,
    i: bool,
    n: bool,
    p: bool,
    g: bool,
}

/// Something in Betza text that varia reads one way and Fairy-Stockfish
/// another: a byte range inside the text, a message and a hint (the
/// `lone-direction` warning).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetzaNote {
    pub start: usize,
    pub end: usize,
    pub message: String,
    pub hint: String,
}

/// The cells Betza text is read for: the square grid, or a hexagonal
/// board, where each atom has its hexagonal meaning (LANGUAGE.md §7,
/// "On a hexagonal board").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Cells {
    #[default]
    Square,
    Hex,
}

/// Parse Betza text into atoms.
pub fn parse(text: &str) -> Result<Vec<Atom>, BetzaError> {
    parse_with_notes(text).map(|(atoms, _)| atoms)
}

/// [`parse_with_notes`] for a board of `cells`: on a hexagonal board the
/// vectors are axial (see `ir::grid`), and no note is made (a hexagonal
/// variant never goes to Fairy-Stockfish).
pub fn parse_on(text: &str, cells: Cells) -> Result<(Vec<Atom>, Vec<BetzaNote>), BetzaError> {
    let mut notes = Vec::new();
    let atoms = parse_inner(text, &mut notes, cells)?;
    Ok((atoms, notes))
}

/// [`parse`], with the notes on what Fairy-Stockfish reads differently: a
/// lone `f`, `b`, `l` or `r` on an oblique atom (`fN` is varia's four
/// forward knight leaps, Fairy-Stockfish's two narrow ones, `ffN`).
pub fn parse_with_notes(text: &str) -> Result<(Vec<Atom>, Vec<BetzaNote>), BetzaError> {
    parse_on(text, Cells::Square)
}

fn parse_inner(
    text: &str,
    notes: &mut Vec<BetzaNote>,
    cells: Cells,
) -> Result<Vec<Atom>, BetzaError> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut atoms = Vec::new();
    let mut mods = Mods::default();
    let mut mods_start: Option<usize> = None;
    // `then` (a bent move): where the word stands, and the last atom
    // token's first atom index and span (the first leg).
    let mut then_at: Option<usize> = None;
    let mut last: Option<(usize, (usize, usize))> = None;
    let mut k = 0;
    while k < chars.len() {
        let (pos, c) = chars[k];
        let end_of = |k: usize| chars.get(k + 1).map_or(text.len(), |&(p, _)| p);
        match c {
            ' ' | '\t' => {
                if mods_start.is_some() {
                    return Err(err(
                        mods_start.unwrap_or(pos),
                        pos,
                        "modifiers must be followed by an atom",
                        "write the atom right after its modifiers, as in `fmW`",
                    ));
                }
                k += 1;
            }
            't' if mods_start.is_none() && is_then(text, pos) => {
                if then_at.is_some() || last.is_none_or(|(i, _)| i + 1 != atoms.len()) {
                    return Err(err(
                        pos,
                        pos + 4,
                        "`then` joins two atoms: the first leg before it, the second after it",
                        "write one atom on each side, as in `R then sR`",
                    ));
                }
                if cells == Cells::Hex {
                    return Err(err(
                        pos,
                        pos + 4,
                        "`then` has no meaning on a hexagonal board",
                        "bent moves are for boards of squares",
                    ));
                }
                then_at = Some(pos);
                k += 4;
            }
            'm' | 'c' | 'e' | 'i' | 'n' | 'p' | 'g' | 'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' => {
                mods_start.get_or_insert(pos);
                match c {
                    'm' => mods.m = true,
                    'c' => mods.c = true,
                    'e' => mods.e = true,
                    'i' => mods.i = true,
                    'n' => mods.n = true,
                    'p' => mods.p = true,
                    'g' => mods.g = true,
                    d => mods.dirs.push((d, pos)),
                }
                k += 1;
            }
            '(' => {
                // (a,b) vector
                let close = text[pos..].find(')').map(|i| pos + i);
                let Some(close) = close else {
                    return Err(err(
                        pos,
                        text.len(),
                        "this `(` has no `)`",
                        "write a vector as `(1,4)`",
                    ));
                };
                let inner = &text[pos + 1..close];
                let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
                let nums: Option<Vec<i8>> = parts.iter().map(|p| p.parse::<i8>().ok()).collect();
                let leap = match nums.as_deref() {
                    Some([a, b])
                        if (0..=15).contains(a) && (0..=15).contains(b) && (*a, *b) != (0, 0) =>
                    {
                        (*a, *b)
                    }
                    _ => {
                        return Err(err(
                            pos,
                            close + 1,
                            format!("`({inner})` is not a leap"),
                            "write two numbers from 0 to 15, not both 0, as in `(1,4)`",
                        ))
                    }
                };
                // find index after ')'
                let mut j = k;
                while j < chars.len() && chars[j].0 <= close {
                    j += 1;
                }
                let (range, next) = range_suffix(&chars, j, false);
                let atom_span = (
                    mods_start.unwrap_or(pos),
                    chars.get(next).map_or(text.len(), |&(p, _)| p),
                );
                let rider = match range {
                    Suffix::None => None,
                    Suffix::Star => Some(0),
                    Suffix::Digits(n) => Some(n),
                    Suffix::Bad(s, e) => {
                        return Err(err(
                            s,
                            e,
                            "a range must be from 1 to 15",
                            "`(1,4)3` rides up to 3 steps",
                        ))
                    }
                };
                if cells == Cells::Hex {
                    return Err(err(
                        atom_span.0,
                        atom_span.1,
                        format!("`({inner})` has no meaning on a hexagonal board"),
                        "on a hexagonal board write the atoms W F D A H N (and K Q R B), which have hexagonal meanings",
                    ));
                }
                if let (Some(_), Some((i, first_span))) = (then_at.take(), last) {
                    let first = atoms.remove(i);
                    atoms.push(bend(
                        first,
                        first_span,
                        leap,
                        rider.unwrap_or(1),
                        &mods,
                        atom_span,
                    )?);
                    last = None;
                } else {
                    last = Some((atoms.len(), atom_span));
                    atoms.push(make_atom(
                        leap,
                        rider.unwrap_or(1),
                        &mods,
                        atom_span,
                        text,
                        notes,
                    )?);
                }
                mods = Mods::default();
                mods_start = None;
                k = next;
            }
            c if c.is_ascii_uppercase() => {
                let Some(parts) = atom_letter(c) else {
                    return Err(err(
                        pos,
                        end_of(k),
                        format!("`{c}` is not a Betza atom"),
                        "the atoms are W F D N A H C Z G, and K Q R B; use `(x,y)` for any other leap",
                    ));
                };
                // doubled letter: rider
                let mut next = k + 1;
                let mut doubled = false;
                if chars.get(next).map(|&(_, d)| d) == Some(c)
                    && !matches!(c, 'K' | 'Q' | 'R' | 'B')
                {
                    doubled = true;
                    next += 1;
                }
                let (suffix, after) = range_suffix(&chars, next, true);
                let atom_span = (
                    mods_start.unwrap_or(pos),
                    chars.get(after).map_or(text.len(), |&(p, _)| p),
                );
                let limit = match suffix {
                    Suffix::None => None,
                    Suffix::Digits(n) => Some(n),
                    // `N*` rides like `NN` (and like `(1,2)*`).
                    Suffix::Star => Some(0),
                    Suffix::Bad(s, e) => {
                        return Err(err(
                            s,
                            e,
                            "a range must be from 1 to 15",
                            "`W4` steps up to 4 squares",
                        ))
                    }
                };
                let range_of = |rider: bool| match (rider || doubled, limit) {
                    (_, Some(n)) => n,
                    (true, None) => 0,
                    (false, None) => 1,
                };
                if let Some(at) = then_at.take() {
                    let (Some((i, first_span)), [(leap, rider)]) = (last, &parts[..]) else {
                        return Err(err(
                            at,
                            atom_span.1,
                            format!("`{c}` is two atoms: a leg of a bent move is one"),
                            "write each line apart, as in `R then sR B then sB`",
                        ));
                    };
                    let first = atoms.remove(i);
                    atoms.push(bend(
                        first,
                        first_span,
                        *leap,
                        range_of(*rider),
                        &mods,
                        atom_span,
                    )?);
                    last = None;
                    mods = Mods::default();
                    mods_start = None;
                    k = after;
                    continue;
                }
                last = (parts.len() == 1).then_some((atoms.len(), atom_span));
                for (leap, rider) in parts {
                    let range = range_of(rider);
                    atoms.push(match cells {
                        Cells::Square => make_atom(leap, range, &mods, atom_span, text, notes)?,
                        Cells::Hex => {
                            let Some(all) = hex_images(leap) else {
                                return Err(err(
                                    pos,
                                    end_of(k),
                                    format!("`{c}` has no meaning on a hexagonal board"),
                                    "on a hexagonal board the atoms are W F D A H N, and K Q R B",
                                ));
                            };
                            let vectors = hex_select(&all, &mods, atom_span)?;
                            finish_atom(vectors, range, &mods, atom_span)?
                        }
                    });
                }
                mods = Mods::default();
                mods_start = None;
                k = after;
            }
            _ => {
                return Err(err(
                    pos,
                    end_of(k),
                    format!("`{c}` has no meaning in Betza notation"),
                    "modifiers are m c e i n p and f b l r v s h; atoms are capital letters",
                ))
            }
        }
    }
    if let Some(s) = mods_start {
        return Err(err(
            s,
            text.len(),
            "modifiers must be followed by an atom",
            "add the atom, as in `fmW`",
        ));
    }
    if let Some(at) = then_at {
        return Err(err(
            at,
            text.len(),
            "`then` must be followed by the second leg",
            "write the atom of the second leg after it, as in `R then sR`",
        ));
    }
    if atoms.is_empty() {
        return Err(err(
            0,
            text.len(),
            "no moves given",
            "write at least one atom, such as `K` or `N`",
        ));
    }
    Ok(atoms)
}

enum Suffix {
    None,
    Star,
    Digits(u8),
    Bad(usize, usize),
}

fn range_suffix(chars: &[(usize, char)], mut k: usize, _letter: bool) -> (Suffix, usize) {
    if chars.get(k).map(|&(_, c)| c) == Some('*') {
        return (Suffix::Star, k + 1);
    }
    let start = k;
    let mut n: u32 = 0;
    while let Some(&(_, c)) = chars.get(k) {
        if let Some(d) = c.to_digit(10) {
            n = n.saturating_mul(10).saturating_add(d);
            k += 1;
        } else {
            break;
        }
    }
    if k == start {
        return (Suffix::None, k);
    }
    if (1..=15).contains(&n) {
        (Suffix::Digits(n as u8), k)
    } else {
        let s = chars[start].0;
        let e = chars.get(k).map_or(s + (k - start), |&(p, _)| p);
        (Suffix::Bad(s, e), k)
    }
}

fn make_atom(
    leap: (i8, i8),
    range: u8,
    mods: &Mods,
    span: (usize, usize),
    text: &str,
    notes: &mut Vec<BetzaNote>,
) -> Result<Atom, BetzaError> {
    let (a, b) = (leap.0.abs(), leap.1.abs());
    let oblique = a != b && a != 0 && b != 0;
    let all = images(leap);
    // Group direction letters into tokens.
    let letters: Vec<char> = mods.dirs.iter().map(|&(c, _)| c).collect();
    let mut toks = Vec::new();
    let mut i = 0;
    let diagonal_like = a != 0 && b != 0; // F, N, ...
    while i < letters.len() {
        if diagonal_like && i + 1 < letters.len() && pair_ok(letters[i], letters[i + 1]) {
            toks.push(DirTok::Pair(letters[i], letters[i + 1]));
            i += 2;
        } else {
            if oblique && matches!(letters[i], 'f' | 'b' | 'l' | 'r') {
                notes.push(lone_direction(letters[i], mods.dirs[i].1, span, text));
            }
            toks.push(DirTok::One(letters[i]));
            i += 1;
        }
    }
    let vectors: Vec<(i8, i8)> = if toks.is_empty() {
        all
    } else {
        all.into_iter()
            .filter(|&v| toks.iter().any(|&t| dir_ok(t, v, oblique)))
            .collect()
    };
    if vectors.is_empty() {
        return Err(err(
            span.0,
            span.1,
            "these directions select no move of this atom",
            "for example `fF` is the two forward diagonals, `fW` the step straight forward",
        ));
    }
    finish_atom(vectors, range, mods, span)
}

/// An atom of `vectors` with the modes of `mods`, checked.
fn finish_atom(
    vectors: Vec<(i8, i8)>,
    range: u8,
    mods: &Mods,
    span: (usize, usize),
) -> Result<Atom, BetzaError> {
    if mods.m && mods.c {
        return Err(err(
            span.0,
            span.1,
            "`m` and `c` together mean nothing",
            "leave both out for a move that may capture or not",
        ));
    }
    if mods.p && range == 1 {
        return Err(err(
            span.0,
            span.1,
            "`p` (hop) needs a rider",
            "a cannon is `pR` (or `mRcpR`)",
        ));
    }
    if mods.g && range != 0 {
        return Err(err(
            span.0,
            span.1,
            "`g` (grasshopper hop) needs an unlimited rider",
            "a grasshopper is `gQ`; the hurdle may be any distance away",
        ));
    }
    if mods.p && mods.g {
        return Err(err(
            span.0,
            span.1,
            "`p` and `g` are two different hops",
            "`p` lands anywhere beyond the hurdle (a cannon), `g` right behind it",
        ));
    }
    if mods.n && range != 1 {
        return Err(err(
            span.0,
            span.1,
            "`n` (lame) is for leapers",
            "write a lame leap as `nD` or `nN`",
        ));
    }
    let mode = if mods.m {
        Mode::Move
    } else if mods.e {
        Mode::EnPassant
    } else if mods.c {
        Mode::Capture
    } else {
        Mode::Both
    };
    Ok(Atom {
        vectors,
        range,
        mode,
        path: if mods.n {
            Path::Lame
        } else if mods.p {
            Path::Hop
        } else if mods.g {
            Path::Grasshop
        } else {
            Path::Direct
        },
        timing: if mods.i {
            Timing::Initial
        } else {
            Timing::Always
        },
        then: None,
    })
}

/// The six orthogonal steps of a hexagonal board in axial coordinates
/// (`ir::grid`): through the cell's edges, from straight forward round.
const HEX_ORTHOGONAL: [(i8, i8); 6] = [(0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)];
/// The six diagonal steps: through the cell's corners, to the nearest cell
/// on a line two edges apart (sideways right, then round).
const HEX_DIAGONAL: [(i8, i8); 6] = [(1, 1), (2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2)];

/// The leaps of an atom on a hexagonal board, `None` for an atom with no
/// hexagonal meaning: `W` `D` `H` are 1, 2, 3 orthogonal steps, `F` `A`
/// 1 and 2 diagonal steps, `N` the twelve knight leaps (an orthogonal step
/// then a diagonal step turning away from it by 30°: the cells three
/// steps away that lie on no rook or bishop line).
fn hex_images(leap: (i8, i8)) -> Option<Vec<(i8, i8)>> {
    let times = |set: [(i8, i8); 6], k: i8| set.iter().map(|&(x, y)| (x * k, y * k)).collect();
    let mut v: Vec<(i8, i8)> = match leap {
        (1, 0) => times(HEX_ORTHOGONAL, 1),
        (2, 0) => times(HEX_ORTHOGONAL, 2),
        (3, 0) => times(HEX_ORTHOGONAL, 3),
        (1, 1) => times(HEX_DIAGONAL, 1),
        (2, 2) => times(HEX_DIAGONAL, 2),
        (2, 1) => HEX_ORTHOGONAL
            .iter()
            .flat_map(|&(ox, oy)| HEX_DIAGONAL.iter().map(move |&(dx, dy)| (ox + dx, oy + dy)))
            .filter(|&(x, y)| {
                let (x, y) = (i32::from(x), i32::from(y));
                x.abs().max(y.abs()).max((x + y).abs()) == 3 && x != 0 && y != 0 && x + y != 0
            })
            .collect(),
        _ => return None,
    };
    v.sort_by_key(|&(x, y)| (-(2 * i32::from(y) + i32::from(x)), i32::from(x)));
    v.dedup();
    Some(v)
}

/// The leaps of `all` (one hexagonal atom's) selected by the direction
/// letters of `mods`. Seen on the board, a leap `(x,y)` goes `3x` to the
/// right and `√3(2y+x)` forward (cells of width 2 and height √3), so:
/// `f`/`b`/`l`/`r` alone select the leap straight that way if the atom has
/// one (`fW`, `lF`), else every leap that goes that way at all (`fF`: the
/// two forward diagonals, `lW`: the two left steps, `fN`: six knight
/// leaps); `v` the leaps more forward or backward than sideways, `s` the
/// others; a pair `fl`, `fr`, `bl`, `br` the leaps that go both ways
/// (`flW`: the step forward and to the left); `ff`, `bb`, `ll`, `rr` the
/// leaps that go furthest that way; `fs`, `fv`, `bs`, `bv`, `ls`... a
/// side and `s` or `v`; `h` has no hexagonal meaning.
fn hex_select(
    all: &[(i8, i8)],
    mods: &Mods,
    span: (usize, usize),
) -> Result<Vec<(i8, i8)>, BetzaError> {
    let letters: Vec<(char, usize)> = mods.dirs.clone();
    if letters.is_empty() {
        return Ok(all.to_vec());
    }
    // Seen on the board: right and forward, forward scaled by 1/√3.
    let seen = |(x, y): (i8, i8)| (3 * i32::from(x), 2 * i32::from(y) + i32::from(x));
    // |forward| > |right| as drawn: 3·fwd² > right²/3·... compared squared.
    let vertical = |v: (i8, i8)| {
        let (r, f) = seen(v);
        3 * f * f > r * r
    };
    let goes = |c: char, v: (i8, i8)| {
        let (r, f) = seen(v);
        match c {
            'f' => f > 0,
            'b' => f < 0,
            'l' => r < 0,
            'r' => r > 0,
            'v' => vertical(v),
            's' => !vertical(v),
            _ => false,
        }
    };
    let exactly = |c: char, v: (i8, i8)| {
        let (r, f) = seen(v);
        match c {
            'f' => r == 0 && f > 0,
            'b' => r == 0 && f < 0,
            'l' => f == 0 && r < 0,
            'r' => f == 0 && r > 0,
            _ => false,
        }
    };
    let furthest = |c: char| {
        let reach = move |v: (i8, i8)| {
            let (r, f) = seen(v);
            match c {
                'f' => f,
                'b' => -f,
                'l' => -r,
                _ => r,
            }
        };
        let best = all.iter().map(|&v| reach(v)).max().unwrap_or(0);
        move |v: (i8, i8)| reach(v) == best && best > 0
    };
    let mut out: Vec<(i8, i8)> = Vec::new();
    let mut i = 0;
    while i < letters.len() {
        let (a, at) = letters[i];
        if a == 'h' {
            return Err(err(
                at,
                at + 1,
                "`h` has no meaning on a hexagonal board",
                "select the leaps with f b l r v s and their pairs",
            ));
        }
        let pair = letters
            .get(i + 1)
            .map(|&(b, _)| b)
            .filter(|&b| pair_ok(a, b));
        let pick: Vec<(i8, i8)> = match pair {
            Some(b) => {
                i += 2;
                if a == b {
                    let far = furthest(a);
                    all.iter().copied().filter(|&v| far(v)).collect()
                } else {
                    all.iter()
                        .copied()
                        .filter(|&v| goes(a, v) && goes(b, v))
                        .collect()
                }
            }
            None => {
                i += 1;
                if all.iter().any(|&v| exactly(a, v)) {
                    all.iter().copied().filter(|&v| exactly(a, v)).collect()
                } else {
                    all.iter().copied().filter(|&v| goes(a, v)).collect()
                }
            }
        };
        for v in pick {
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    if out.is_empty() {
        return Err(err(
            span.0,
            span.1,
            "these directions select no move of this atom on a hexagonal board",
            "for example `fW` is the step straight forward, `flW frW` the two steps forward \
             and to the side, `fF` the two forward diagonals, `lF` the diagonal straight left",
        ));
    }
    out.sort_by_key(|&(x, y)| (-(2 * i32::from(y) + i32::from(x)), i32::from(x)));
    Ok(out)
}

/// The note on a lone `f`, `b`, `l` or `r` (at byte `at`) on the oblique
/// atom written at `span`: varia selects every leap on that side
/// (four of a knight's eight), Fairy-Stockfish reads the letter doubled
/// (`ff`: the two narrow forward leaps; `ll`: the two wide left ones).
fn lone_direction(d: char, at: usize, span: (usize, usize), text: &str) -> BetzaNote {
    let atom = text.get(span.0..span.1).unwrap_or("").trim();
    // The atom without its modifiers: `N` of `fmN`, `(1,2)` of `f(1,2)`;
    // and the other modifiers, kept in the explicit form (`m` of `fmN`).
    let core = atom.trim_start_matches(|c: char| c.is_ascii_lowercase());
    let mut other_mods: String = atom[..atom.len() - core.len()].to_string();
    if let Some(i) = at.checked_sub(span.0).filter(|&i| i < other_mods.len()) {
        other_mods.remove(i);
    }
    let core = format!("{other_mods}{core}");
    let word = match d {
        'f' => "forward",
        'b' => "backward",
        'l' => "left",
        _ => "right",
    };
    // The two halves of varia's reading, as pairs: `ff` + `fs` for `f`,
    // `ll` + `lv` for `l`.
    let (narrow, other) = match d {
        'f' | 'b' => (format!("{d}{d}"), format!("{d}s")),
        _ => (format!("{d}{d}"), format!("{d}v")),
    };
    BetzaNote {
        start: at,
        end: at + 1,
        message: format!(
            "a lone `{d}` on an oblique atom (`{atom}`) selects every {word} leap here (4 of 8), \
             but Fairy-Stockfish reads it as `{narrow}`, the two {} ones",
            if d == 'f' || d == 'b' {
                "narrow"
            } else {
                "wide"
            }
        ),
        hint: format!(
            "write the leaps explicitly: `{narrow}{core} {other}{core}` for these four, \
             `{narrow}{core}` for Fairy-Stockfish's two"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vecs(s: &str) -> Vec<Vec<(i8, i8)>> {
        parse(s).unwrap().into_iter().map(|a| a.vectors).collect()
    }

    #[test]
    fn pawn() {
        let a = parse("fmW fceF ifmnD").unwrap();
        assert_eq!(a.len(), 3);
        assert_eq!(a[0].vectors, vec![(0, 1)]);
        assert_eq!(a[0].mode, Mode::Move);
        assert_eq!(a[1].vectors, vec![(-1, 1), (1, 1)]);
        assert_eq!(a[1].mode, Mode::EnPassant);
        assert_eq!(a[2].vectors, vec![(0, 2)]);
        assert!(a[2].initial() && a[2].path == Path::Lame);
    }

    #[test]
    fn knight_directions() {
        assert_eq!(vecs("N")[0].len(), 8);
        assert_eq!(vecs("fN")[0].len(), 4);
        assert_eq!(vecs("ffN")[0], vec![(-1, 2), (1, 2)]);
        assert_eq!(vecs("fsN")[0], vec![(-2, 1), (2, 1)]);
        assert_eq!(vecs("hN")[0].len(), 4);
    }

    /// LANGUAGE.md §7: a lone `f`/`l` on an oblique atom is every leap on
    /// that side (`fN` = `ffN fsN`, `lN` = `llN lvN`), and each such letter
    /// is noted (Fairy-Stockfish reads `fN` as `ffN`); pairs, `v`, `s` and
    /// lone letters on other atoms are not.
    #[test]
    fn a_lone_direction_on_an_oblique_atom_is_four_leaps_and_noted() {
        let sorted = |s: &str| {
            let mut v: Vec<(i8, i8)> = vecs(s).concat();
            v.sort();
            v
        };
        assert_eq!(sorted("fN"), sorted("ffN fsN"));
        assert_eq!(sorted("lN"), sorted("llN lvN"));
        assert_eq!(sorted("f(1,4)"), sorted("ff(1,4) fs(1,4)"));
        let notes = |s: &str| parse_with_notes(s).unwrap().1;
        let n = notes("fmN bC ffN");
        assert_eq!(n.len(), 2);
        assert_eq!((n[0].start, n[1].start), (0, 4));
        assert!(n[0].message.contains("`ff`"), "{}", n[0].message);
        assert!(n[0].hint.contains("`ffmN fsmN`"), "{}", n[0].hint);
        for quiet in [
            "ffN", "fsN", "vN", "sN", "hN", "fF", "fW", "lR", "fmWfceF", "flN",
        ] {
            assert!(notes(quiet).is_empty(), "{quiet}");
        }
    }

    #[test]
    fn riders_and_vectors() {
        let q = parse("Q").unwrap();
        assert_eq!(q.len(), 2);
        assert!(q.iter().all(|a| a.range == 0));
        assert_eq!(parse("NN").unwrap()[0].range, 0);
        assert_eq!(parse("W4").unwrap()[0].range, 4);
        let g = parse("(1,4)").unwrap();
        assert_eq!(g[0].vectors.len(), 8);
        assert_eq!(g[0].range, 1);
        assert_eq!(parse("(1,4)*").unwrap()[0].range, 0);
        assert_eq!(vecs("C")[0].len(), 8);
    }

    #[test]
    fn errors() {
        assert!(parse("X").is_err());
        assert!(parse("fm").is_err());
        assert!(parse("pW").is_err());
        assert!(parse("mcK").is_err());
        assert!(parse("(0,0)").is_err());
        assert!(parse("").is_err());
        assert!(parse("W99").is_err());
        assert!(parse("gW").is_err());
        assert!(parse("gR3").is_err());
        assert!(parse("pgR").is_err());
    }

    /// LANGUAGE.md §7, on a hexagonal board: the six orthogonal and six
    /// diagonal steps, the twelve knight leaps, and the direction letters
    /// read on the board as drawn.
    #[test]
    fn hexagonal_atoms_and_directions() {
        let hex = |s: &str| -> Vec<Vec<(i8, i8)>> {
            parse_on(s, Cells::Hex)
                .unwrap()
                .0
                .into_iter()
                .map(|a| a.vectors)
                .collect()
        };
        let one = |s: &str| {
            let mut v = hex(s).concat();
            v.sort();
            v
        };
        assert_eq!(one("W").len(), 6);
        assert_eq!(one("F").len(), 6);
        assert_eq!(one("K").len(), 12);
        assert_eq!(one("N").len(), 12);
        assert_eq!(
            one("D"),
            one("W")
                .iter()
                .map(|&(x, y)| (2 * x, 2 * y))
                .collect::<Vec<_>>()
        );
        // Glinski's pawn: straight forward, captures forward-left and
        // forward-right through the edges, double step straight forward.
        assert_eq!(one("fmW"), vec![(0, 1)]);
        assert_eq!(one("flW frW"), vec![(-1, 1), (1, 0)]);
        assert_eq!(one("fW"), vec![(0, 1)]);
        assert_eq!(one("lW"), vec![(-1, 0), (-1, 1)]);
        assert_eq!(one("vW"), vec![(0, -1), (0, 1)]);
        assert_eq!(one("sW").len(), 4);
        assert_eq!(one("ifmnD"), vec![(0, 2)]);
        // Diagonals: two forward at 30° from the file, one straight each side.
        assert_eq!(one("fF"), vec![(-1, 2), (1, 1)]);
        assert_eq!(one("rF"), vec![(2, -1)]);
        assert_eq!(one("sF"), vec![(-2, 1), (2, -1)]);
        assert_eq!(one("vF").len(), 4);
        // The knight: 6 forward leaps, the two most forward ones `ff`.
        assert_eq!(one("fN").len(), 6);
        assert_eq!(one("ffN"), vec![(-1, 3), (1, 2)]);
        assert_eq!(one("flN").len(), 3);
        // The rook and bishop ride; the queen is both.
        assert!(hex("Q").iter().all(|v| v.len() == 6));
        for bad in ["C", "Z", "G", "(1,4)", "hN", "fC"] {
            assert!(parse_on(bad, Cells::Hex).is_err(), "{bad}");
        }
    }

    #[test]
    fn grasshopper() {
        let atoms = parse("gQ").unwrap();
        assert_eq!(atoms.len(), 2, "the rook and bishop lines");
        for a in &atoms {
            assert_eq!(a.path, Path::Grasshop);
            assert_eq!(a.range, 0);
            assert_eq!(a.vectors.len(), 4);
        }
    }
}
