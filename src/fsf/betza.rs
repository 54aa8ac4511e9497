//! Fairy-Stockfish's Betza notation, read into the leaps of each kind of
//! move, and written as varia's Betza with the same moves (and back, for
//! `export`).
//!
//! Fairy-Stockfish and varia read direction modifiers differently (`fh`,
//! `hl`, `rf` on an orthogonal atom, `ffF`, ...), so a Betza text is never
//! copied: it is read into the set of leaps of each kind of move, and that
//! set is written again in the other notation, atom by atom, with the
//! direction modifiers whose leaps cover it exactly.
//!
//! # The dialect read
//!
//! A text is a run of atoms, each after the modifiers that apply to it
//! alone; modifiers after the last atom mean nothing. A leap is (file,
//! rank) with the rank growing forward, the file rightward.
//!
//! - **Atoms.** `W` (1,0), `F` (1,1), `D` (2,0), `N` (2,1), `A` (2,2), `H`
//!   (3,0), `L` and `C` (3,1), `J` and `Z` (3,2), `G` (3,3) leap; `K` is
//!   `W` and `F`. `R`, `B` and `Q` ride the lines of `W`, `F` and `K`
//!   without limit.
//! - **After an atom**, a digit makes it a rider limited to that many
//!   steps (`N2`; `0` is unlimited), and the atom's letter again makes it
//!   an unlimited rider (`NN`). Only the next character is read: in `B10`
//!   the `0` is skipped.
//! - **`m`** quiet moves only, **`c`** captures only; both, or neither,
//!   mean both.
//! - **`p`** hops over one piece anywhere on the line (a cannon); **`g`**
//!   lands right behind it (a grasshopper: distance 1). A range after the
//!   atom replaces that distance (`gR3`: 3), a doubled letter keeps it.
//! - **`n`** makes a leap lame (blocked on its way: distance -1); it means
//!   nothing on a rider (`nR`, `nNN`, `nN2`).
//! - **`i`** the move is only for a piece that has not moved; such a move
//!   never captures (`iW` moves only, `icW` is nothing).
//! - Every other letter (`e`, `j`, ...) and digit is skipped.
//! - **Directions.** Each of the eight leaps of an atom (a, b), a >= b, is
//!   named by its *major* direction (the way it goes `a` squares: `f`, `b`,
//!   `r` or `l`), that direction's axis (`v` for `f`/`b`, `s` for `r`/`l`)
//!   and its *minor* side (the way it goes `b` squares, across the major
//!   axis), and by its hand: `r` when the minor side is the major
//!   direction turned clockwise (forward then right), `l` otherwise. A
//!   direction modifier is two letters XY; it selects the leaps for which
//!   XY is major-major (`ff`), axis-axis (`vv`), minor-major (`rf`: a
//!   knight's forward-right leap), minor-axis (`rv`), major-`h` or
//!   minor-`h` (`fh`: every leap that goes forward at all), or `h`-hand
//!   (`hr`, `hl`: the two chiral halves). Other pairs (`hh`, `hf`, `hv`,
//!   `vh`, `sh`) select nothing.
//! - A direction letter (`fblrvsh`) and the next one form one modifier
//!   when they are the same letter or one is vertical (`fbvh`) and the
//!   other horizontal (`rlsh`; `h` is both); else the letter stands alone
//!   and reads as doubled (`f` is `ff`, `s` is `ss`, `h` is `hh`). So `fb`
//!   is `ff` then `bb`, and `fbh` is `ff` then `bh`.
//! - On an atom of one orthogonal leap (`W`, `D`, `H`, `R`) a modifier of
//!   two different letters stands for each letter alone: `fr` is `ff` and
//!   `rr`, `fh` is `ff` and `hh`. `K` and `Q` do not split.
//! - An atom selects the union of its modifiers' leaps; with none, all
//!   eight. A leap a later atom reads again takes that atom's distance.

use std::collections::{BTreeMap, BTreeSet};

/// How a Fairy-Stockfish move reaches its squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cat {
    Step,
    Slider,
    Hopper,
}

/// The moves of a piece: for each (kind, initial, capture), the directions
/// and their distance (Fairy-Stockfish's `steps`, `slider`, `hopper` maps).
/// A step's distance is 0, or -1 for a lame leap; a slider's its range (0:
/// unlimited); a hopper's 0 (cannon), 1 (grasshopper) or a range.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Moves {
    pub maps: BTreeMap<(Cat, bool, bool), Leaps>,
}

/// Each direction of a kind of move, with its distance.
pub type Leaps = BTreeMap<(i8, i8), i32>;

/// An atom letter: the base leaps it stands for, and whether it rides.
struct AtomLetter {
    letter: char,
    bases: &'static [(i8, i8)],
    rides: bool,
}

const fn atom(letter: char, bases: &'static [(i8, i8)], rides: bool) -> AtomLetter {
    AtomLetter {
        letter,
        bases,
        rides,
    }
}

const ATOMS: &[AtomLetter] = &[
    atom('W', &[(1, 0)], false),
    atom('F', &[(1, 1)], false),
    atom('D', &[(2, 0)], false),
    atom('N', &[(2, 1)], false),
    atom('A', &[(2, 2)], false),
    atom('H', &[(3, 0)], false),
    atom('L', &[(3, 1)], false),
    atom('C', &[(3, 1)], false),
    atom('J', &[(3, 2)], false),
    atom('Z', &[(3, 2)], false),
    atom('G', &[(3, 3)], false),
    atom('K', &[(1, 0), (1, 1)], false),
    atom('R', &[(1, 0)], true),
    atom('B', &[(1, 1)], true),
    atom('Q', &[(1, 0), (1, 1)], true),
];

/// One of the four ways a leap can go: its letter, unit vector, axis
/// letter, and the ways a quarter turn clockwise and anticlockwise of it.
struct Way {
    letter: char,
    unit: (i8, i8),
    axis: char,
    clockwise: char,
    anticlockwise: char,
}

const WAYS: [Way; 4] = [
    Way {
        letter: 'f',
        unit: (0, 1),
        axis: 'v',
        clockwise: 'r',
        anticlockwise: 'l',
    },
    Way {
        letter: 'r',
        unit: (1, 0),
        axis: 's',
        clockwise: 'b',
        anticlockwise: 'f',
    },
    Way {
        letter: 'b',
        unit: (0, -1),
        axis: 'v',
        clockwise: 'l',
        anticlockwise: 'r',
    },
    Way {
        letter: 'l',
        unit: (-1, 0),
        axis: 's',
        clockwise: 'f',
        anticlockwise: 'b',
    },
];

fn unit_of(letter: char) -> (i8, i8) {
    WAYS.iter()
        .find(|w| w.letter == letter)
        .map_or((0, 0), |w| w.unit)
}

fn is_vertical(c: char) -> bool {
    "fbvh".contains(c)
}

fn is_horizontal(c: char) -> bool {
    "rlsh".contains(c)
}

/// What is written after an atom's letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Suffix {
    None,
    Range(u32),
    Doubled,
}

/// One meaningful piece of a Betza text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    /// `m` (false) or `c` (true).
    Capture(bool),
    /// `p` (false) or `g` (true).
    Hop(bool),
    Lame,
    Initial,
    /// A direction modifier, a single letter read as doubled.
    Dir(char, char),
    Atom(&'static [(i8, i8)], bool, Suffix),
}

/// Split a Betza text into tokens, skipping what means nothing.
fn tokenize(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut rest = text.chars().peekable();
    while let Some(c) = rest.next() {
        let token = match c {
            'm' | 'c' => Token::Capture(c == 'c'),
            'p' | 'g' => Token::Hop(c == 'g'),
            'n' => Token::Lame,
            'i' => Token::Initial,
            _ if is_vertical(c) || is_horizontal(c) => {
                let pairs = |d: &char| {
                    *d == c
                        || is_vertical(c) && is_horizontal(*d)
                        || is_horizontal(c) && is_vertical(*d)
                };
                match rest.next_if(pairs) {
                    Some(d) => Token::Dir(c, d),
                    None => Token::Dir(c, c),
                }
            }
            _ => {
                let Some(a) = ATOMS.iter().find(|a| a.letter == c) else {
                    continue;
                };
                let suffix = match rest.next_if(|d| d.is_ascii_digit() || *d == c) {
                    Some(d) => d.to_digit(10).map_or(Suffix::Doubled, Suffix::Range),
                    None => Suffix::None,
                };
                Token::Atom(a.bases, a.rides, suffix)
            }
        };
        out.push(token);
    }
    out
}

/// One of the eight leaps of a base, with what names it.
struct Orientation {
    leap: (i8, i8),
    major: char,
    axis: char,
    minor: char,
    hand: char,
}

impl Orientation {
    /// Whether the direction modifier `xy` selects this leap.
    fn selected_by(&self, xy: (char, char)) -> bool {
        let o = self;
        [
            (o.major, o.major),
            (o.axis, o.axis),
            (o.minor, o.major),
            (o.minor, o.axis),
            (o.major, 'h'),
            (o.minor, 'h'),
            ('h', o.hand),
        ]
        .contains(&xy)
    }
}

/// The eight leaps of a base (a, b): `a` squares one way, `b` to either
/// side of it.
fn orientations((a, b): (i8, i8)) -> Vec<Orientation> {
    let mut out = Vec::with_capacity(8);
    for w in &WAYS {
        let (ux, uy) = w.unit;
        let (rx, ry) = unit_of(w.clockwise);
        for (minor, side, hand) in [(w.clockwise, 1, 'r'), (w.anticlockwise, -1, 'l')] {
            out.push(Orientation {
                leap: (ux * a + side * rx * b, uy * a + side * ry * b),
                major: w.letter,
                axis: w.axis,
                minor,
                hand,
            });
        }
    }
    out
}

/// The modifiers read so far for the next atom.
#[derive(Default)]
struct Pending {
    captures: BTreeSet<bool>,
    hop: bool,
    grass: bool,
    lame: bool,
    initial: bool,
    dirs: Vec<(char, char)>,
}

/// Read a Betza text as Fairy-Stockfish does (see the module's account of
/// the dialect).
pub fn read_fsf(betza: &str) -> Moves {
    let mut out = Moves::default();
    let mut p = Pending::default();
    for token in tokenize(betza) {
        let (bases, rides, suffix) = match token {
            Token::Capture(c) => {
                p.captures.insert(c);
                continue;
            }
            Token::Hop(grass) => {
                p.hop = true;
                p.grass |= grass;
                continue;
            }
            Token::Lame => {
                p.lame = true;
                continue;
            }
            Token::Initial => {
                p.initial = true;
                continue;
            }
            Token::Dir(x, y) => {
                p.dirs.push((x, y));
                continue;
            }
            Token::Atom(bases, rides, suffix) => (bases, rides, suffix),
        };
        let rides = rides || suffix != Suffix::None;
        let distance = match suffix {
            Suffix::Range(d) => d as i32,
            _ if p.lame && !rides => -1,
            _ if p.grass => 1,
            _ => 0,
        };
        let cat = match (p.hop, rides) {
            (true, _) => Cat::Hopper,
            (false, true) => Cat::Slider,
            (false, false) => Cat::Step,
        };
        let captures: Vec<bool> = if p.captures.is_empty() {
            vec![false, true]
        } else {
            p.captures.iter().copied().collect()
        };
        let one_orthogonal = matches!(bases, [(_, 0)]);
        let dirs: Vec<(char, char)> = p
            .dirs
            .iter()
            .flat_map(|&(x, y)| {
                if one_orthogonal && x != y {
                    vec![(x, x), (y, y)]
                } else {
                    vec![(x, y)]
                }
            })
            .collect();
        for &base in bases {
            for o in orientations(base) {
                if !dirs.is_empty() && !dirs.iter().any(|&xy| o.selected_by(xy)) {
                    continue;
                }
                // Initial moves never capture.
                for &capture in captures.iter().filter(|&&c| !(p.initial && c)) {
                    let key = (cat, p.initial, capture);
                    out.maps.entry(key).or_default().insert(o.leap, distance);
                }
            }
        }
        p = Pending::default();
    }
    out
}

impl Moves {
    /// Whether it has initial moves.
    pub fn has_initial(&self) -> bool {
        self.maps.keys().any(|&(_, i, _)| i)
    }

    /// The same moves without the initial ones.
    pub fn without_initial(&self) -> Moves {
        let mut m = self.clone();
        m.maps.retain(|&(_, i, _), _| !i);
        m
    }
}

/// The leaper letter for a base leap (a >= b), the same in varia's Betza
/// and Fairy-Stockfish's.
fn varia_letter(base: (i8, i8)) -> Option<char> {
    Some(match base {
        (1, 0) => 'W',
        (1, 1) => 'F',
        (2, 0) => 'D',
        (2, 1) => 'N',
        (2, 2) => 'A',
        (3, 0) => 'H',
        (3, 1) => 'C',
        (3, 2) => 'Z',
        (3, 3) => 'G',
        _ => return None,
    })
}

/// The base leap of a vector: (larger, smaller) absolute components.
fn base_of((x, y): (i8, i8)) -> (i8, i8) {
    let (a, b) = (x.abs(), y.abs());
    (a.max(b), a.min(b))
}

/// The eight images of a base leap.
fn images(base: (i8, i8)) -> BTreeSet<(i8, i8)> {
    let (a, b) = base;
    [(a, b), (b, a)]
        .into_iter()
        .flat_map(|(x, y)| [(x, y), (-x, y), (x, -y), (-x, -y)])
        .collect()
}

const VARIA_DIRS: &[&str] = &[
    "f", "b", "l", "r", "v", "s", "h", "ff", "bb", "ll", "rr", "fl", "fr", "fs", "bl", "br", "bs",
    "lf", "lb", "lv", "rf", "rb", "rv",
];

/// The leaps varia's direction modifiers `dirs` select of an atom.
fn varia_dir_set(dirs: &str, letter: char) -> Option<BTreeSet<(i8, i8)>> {
    let atoms = crate::check::betza::parse(&format!("{dirs}{letter}")).ok()?;
    Some(atoms.into_iter().flat_map(|a| a.vectors).collect())
}

/// Cover `target` (a subset of the images of `base`) with direction
/// tokens: the tokens to write, one atom each ("" for every image).
fn cover(
    target: &BTreeSet<(i8, i8)>,
    base: (i8, i8),
    tokens: &[String],
    set_of: impl Fn(&str) -> Option<BTreeSet<(i8, i8)>>,
) -> Option<Vec<String>> {
    if *target == images(base) {
        return Some(vec![String::new()]);
    }
    let cands: Vec<(String, BTreeSet<(i8, i8)>)> = tokens
        .iter()
        .filter_map(|t| set_of(t).map(|s| (t.clone(), s)))
        .filter(|(_, s)| !s.is_empty() && s.is_subset(target))
        .collect();
    let mut left = target.clone();
    let mut out = Vec::new();
    while !left.is_empty() {
        let (t, s) = cands
            .iter()
            .max_by_key(|(t, s)| (s.intersection(&left).count(), std::cmp::Reverse(t.len())))?;
        if s.intersection(&left).count() == 0 {
            return None;
        }
        out.push(t.clone());
        left = &left - s;
    }
    Some(out)
}

/// Write Fairy-Stockfish moves as varia Betza. `ep`: the piece may take en
/// passant (its capture-only leaps get `e`). `None` for a piece with no
/// move (varia's `moves none`); an error names what varia cannot write.
pub fn to_varia(moves: &Moves, ep: bool) -> Result<Option<String>, String> {
    // (initial, cat, base, distance) -> (quiet leaps, capture leaps)
    type Sets = (BTreeSet<(i8, i8)>, BTreeSet<(i8, i8)>);
    let mut groups: BTreeMap<(bool, Cat, (i8, i8), i32), Sets> = BTreeMap::new();
    for (&(cat, initial, capture), map) in &moves.maps {
        for (&v, &d) in map {
            let base = base_of(v);
            let g = groups.entry((initial, cat, base, d)).or_default();
            if capture {
                g.1.insert(v);
            } else {
                g.0.insert(v);
            }
        }
    }
    let tokens: Vec<String> = VARIA_DIRS.iter().map(|s| s.to_string()).collect();
    let mut atoms = Vec::new();
    for ((initial, cat, base, d), (quiet, capture)) in groups {
        let Some(letter) = varia_letter(base) else {
            return Err(format!("a leap of {base:?} has no Betza letter"));
        };
        let body = match (cat, d) {
            (Cat::Step, 0) => letter.to_string(),
            (Cat::Step, _) => format!("n{letter}"),
            (Cat::Slider, 1) => letter.to_string(),
            (Cat::Slider, d) => match (base, d) {
                ((1, 0), 0) => "R".into(),
                ((1, 1), 0) => "B".into(),
                ((1, 0), d) => format!("R{d}"),
                ((1, 1), d) => format!("B{d}"),
                (_, 0) => format!("{letter}{letter}"),
                (_, d) => format!("{letter}{d}"),
            },
            (Cat::Hopper, d) => {
                let line = match base {
                    (1, 0) => "R",
                    (1, 1) => "B",
                    _ => return Err("a hop along other lines than a rook's or a bishop's".into()),
                };
                match d {
                    0 => format!("p{line}"),
                    1 => format!("g{line}"),
                    // Fairy-Stockfish keeps a ranged hop's landings within
                    // that many squares of its start.
                    d => format!("p{line}{d}"),
                }
            }
        };
        let both: BTreeSet<_> = quiet.intersection(&capture).copied().collect();
        let m_only: BTreeSet<_> = &quiet - &capture;
        let c_only: BTreeSet<_> = &capture - &quiet;
        let ep_here = ep && matches!(cat, Cat::Step | Cat::Slider);
        for (set, mode) in [
            (both, ""),
            (m_only, "m"),
            (c_only, if ep_here { "ce" } else { "c" }),
        ] {
            if set.is_empty() {
                continue;
            }
            // On an oblique atom a lone `f`, `b`, `l` or `r` means four leaps
            // here and two in Fairy-Stockfish (`lone-direction`): write pairs.
            let oblique = base.0 != base.1 && base.0 != 0 && base.1 != 0;
            let tokens: Vec<String> = tokens
                .iter()
                .filter(|t| !(oblique && matches!(t.as_str(), "f" | "b" | "l" | "r")))
                .cloned()
                .collect();
            let Some(dirs) = cover(&set, base, &tokens, |t| varia_dir_set(t, letter)) else {
                return Err(format!(
                    "varia's direction modifiers cannot select the leaps {} of `{letter}`",
                    set.iter()
                        .map(|(x, y)| format!("({x},{y})"))
                        .collect::<Vec<_>>()
                        .join(" ")
                ));
            };
            let i = if initial { "i" } else { "" };
            for dir in dirs {
                atoms.push(format!("{i}{dir}{mode}{body}"));
            }
        }
    }
    Ok((!atoms.is_empty()).then(|| atoms.join(" ")))
}

/// Fairy-Stockfish's direction modifiers, for writing its Betza.
const FSF_DIRS: &[&str] = &[
    "f", "b", "l", "r", "v", "s", "ff", "bb", "ll", "rr", "fl", "fr", "fs", "bl", "br", "bs", "lf",
    "lb", "lv", "rf", "rb", "rv", "fh", "bh", "lh", "rh", "hl", "hr",
];

/// Write varia's atoms as Fairy-Stockfish Betza, or say why not.
pub fn to_fsf(atoms: &[crate::ir::Atom]) -> Result<String, String> {
    use crate::ir::{Mode, Path};
    let tokens: Vec<String> = FSF_DIRS.iter().map(|s| s.to_string()).collect();
    let mut out = Vec::new();
    for a in atoms {
        if a.then.is_some() {
            return Err("Fairy-Stockfish has no bent moves (Betza `then`)".into());
        }
        let mut by_base: BTreeMap<(i8, i8), BTreeSet<(i8, i8)>> = BTreeMap::new();
        for &v in &a.vectors {
            let (x, y) = (v.0, v.1);
            let g = gcd(x.unsigned_abs(), y.unsigned_abs()) as i8;
            let unit = if a.range != 1 && g > 1 {
                (x / g, y / g)
            } else {
                (x, y)
            };
            by_base.entry(base_of(unit)).or_default().insert(unit);
        }
        for (base, set) in by_base {
            let Some(letter) = varia_letter(base) else {
                return Err(format!("Fairy-Stockfish has no atom for the leap {base:?}"));
            };
            let rider_ok = matches!(base, (1, 0) | (1, 1) | (2, 1));
            let body = match (a.path, a.range) {
                (Path::Direct, 1) => letter.to_string(),
                (Path::Direct, r) => {
                    if !rider_ok {
                        return Err(format!("a `{letter}` rider (Fairy-Stockfish rides only along rook, bishop and knight lines)"));
                    }
                    match (letter, r) {
                        ('W', 0) => "R".into(),
                        ('F', 0) => "B".into(),
                        (l, 0) => format!("{l}{l}"),
                        (l, r) if r <= 9 => format!("{l}{r}"),
                        _ => {
                            return Err(format!(
                                "a rider limited to {r} squares (Fairy-Stockfish counts to 9)"
                            ))
                        }
                    }
                }
                (Path::Lame, _) => {
                    if !matches!(base, (2, 0) | (2, 1) | (2, 2) | (3, 2)) {
                        return Err(format!(
                            "a lame `{letter}` (Fairy-Stockfish has lame D, N, A and Z)"
                        ));
                    }
                    format!("n{letter}")
                }
                (Path::Hop, 0) | (Path::Grasshop, _) => {
                    let line = match base {
                        (1, 0) => "R",
                        (1, 1) => "B",
                        _ => {
                            return Err("a hop along other lines than a rook's or a bishop's".into())
                        }
                    };
                    let p = if a.path == Path::Hop { "p" } else { "g" };
                    format!("{p}{line}")
                }
                (Path::Hop, r) => return Err(format!("a hop limited to {r} squares")),
            };
            let fsf_set = |t: &str| {
                let m = read_fsf(&format!("{t}{letter}"));
                let s: BTreeSet<(i8, i8)> =
                    m.maps.values().flat_map(|m| m.keys().copied()).collect();
                Some(s)
            };
            let Some(dirs) = cover(&set, base, &tokens, fsf_set) else {
                return Err(format!(
                    "Fairy-Stockfish's direction modifiers cannot select these leaps of `{letter}`"
                ));
            };
            let mode = match a.mode {
                Mode::Move => "m",
                Mode::Capture => "c",
                Mode::EnPassant => "ce",
                Mode::Both => "",
            };
            if a.initial() && a.mode.can_capture() {
                return Err(
                    "an initial move that captures (Fairy-Stockfish's initial moves never capture)"
                        .into(),
                );
            }
            let i = if a.initial() { "i" } else { "" };
            for d in dirs {
                out.push(format!("{i}{mode}{d}{body}"));
            }
        }
    }
    Ok(out.concat())
}

fn gcd(a: u8, b: u8) -> u8 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(betza: &str) -> String {
        to_varia(&read_fsf(betza), false)
            .unwrap()
            .unwrap_or_default()
    }

    fn same(fsf: &str, varia: &str) {
        let a = read_fsf(fsf);
        let got = v(fsf);
        let mine: BTreeSet<_> = crate::check::betza::parse(&got)
            .unwrap()
            .into_iter()
            .flat_map(|x| x.vectors)
            .collect();
        let want: BTreeSet<_> = crate::check::betza::parse(varia)
            .unwrap()
            .into_iter()
            .flat_map(|x| x.vectors)
            .collect();
        assert_eq!(mine, want, "{fsf} became {got}, not {varia} ({a:?})");
    }

    #[test]
    fn plain_pieces() {
        assert_eq!(v("N"), "N");
        assert_eq!(v("Q"), "R B");
        assert_eq!(v("fmWfceF"), "fmW fcF");
        assert_eq!(
            to_varia(&read_fsf("fmWfceFifmnD"), true).unwrap().unwrap(),
            "fmW fceF ifmnD"
        );
        assert_eq!(v("mRcpR"), "mR cpR");
        assert_eq!(v("nN"), "nN");
        assert_eq!(v("NN"), "NN");
        assert_eq!(v("mQ3"), "mR3 mB3");
        assert_eq!(v(""), "");
        assert_eq!(v("ifmnD"), "ifmnD");
    }

    #[test]
    fn fairy_stockfish_directions() {
        // `fh` is every forward knight leap, not `f` plus `h`.
        same("fhN", "fN");
        // `hl` is varia's `h`; `rf` on an orthogonal atom is `r` plus `f`.
        same("hlN", "hN");
        same("mfrW", "fW rW");
        same("fsW", "fW sW");
        // `ff` on a diagonal atom is both forward diagonals.
        same("ffF", "fF");
    }

    /// The importer never writes a lone `f`/`b`/`l`/`r` on an oblique
    /// atom (`lone-direction`): the four forward knight leaps are pairs.
    #[test]
    fn oblique_directions_are_written_as_pairs() {
        let leaps = |s: &str| -> BTreeSet<(i8, i8)> {
            crate::check::betza::parse(s)
                .unwrap()
                .into_iter()
                .flat_map(|a| a.vectors)
                .collect()
        };
        // Pairs (`rfN lfN`), never `fN`.
        assert_eq!(leaps(&v("fhN")), leaps("ffN fsN"));
        assert!(crate::check::betza::parse_with_notes(&v("fhN"))
            .unwrap()
            .1
            .is_empty());
        assert_eq!(v("ffN"), "ffN");
        assert!(crate::check::betza::parse_with_notes(&v("fhNbbN"))
            .unwrap()
            .1
            .is_empty());
    }

    #[test]
    fn refusals() {
        // the other chiral half of the knight
        assert!(to_varia(&read_fsf("hrN"), false).is_err());
        assert_eq!(v("pB2"), "pB2");
    }

    #[test]
    fn initial_captures_are_dropped() {
        assert_eq!(v("iD"), "imD");
    }

    #[test]
    fn back_to_fairy_stockfish() {
        for (varia, fsf) in [
            ("fmW fceF ifmnD", "fmWfceFifmnD"),
            ("N", "N"),
            ("mRcpR", "mRcpR"),
            ("ffN", "ffN"),
        ] {
            let atoms = crate::check::betza::parse(varia).unwrap();
            let text = to_fsf(&atoms).unwrap();
            assert_eq!(read_fsf(&text), read_fsf(fsf), "{varia} became {text}");
        }
    }

    /// A reading, written compactly: each kind of move (`S`tep, `R`ide,
    /// `H`op; `i` initial; `m` quiet or `c` capture) with its leaps and
    /// their distances.
    fn render(m: &Moves) -> String {
        m.maps
            .iter()
            .map(|(&(cat, initial, capture), leaps)| {
                let cat = match cat {
                    Cat::Step => "S",
                    Cat::Slider => "R",
                    Cat::Hopper => "H",
                };
                let i = if initial { "i" } else { "" };
                let c = if capture { "c" } else { "m" };
                let leaps: Vec<String> = leaps
                    .iter()
                    .map(|(&(x, y), &d)| format!("{x},{y}:{d}"))
                    .collect();
                format!("{cat}{i}{c}[{}]", leaps.join(" "))
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Readings pinned one by one: modes, hops, lameness, initial moves,
    /// ranges, doubled letters, skipped letters and direction modifiers.
    #[test]
    fn readings_pinned() {
        for (betza, want) in READINGS {
            assert_eq!(render(&read_fsf(betza)), *want, "{betza}");
        }
    }

    const READINGS: &[(&str, &str)] = &[
        ("W", "Sm[-1,0:0 0,-1:0 0,1:0 1,0:0] Sc[-1,0:0 0,-1:0 0,1:0 1,0:0]"),
        ("F", "Sm[-1,-1:0 -1,1:0 1,-1:0 1,1:0] Sc[-1,-1:0 -1,1:0 1,-1:0 1,1:0]"),
        ("D", "Sm[-2,0:0 0,-2:0 0,2:0 2,0:0] Sc[-2,0:0 0,-2:0 0,2:0 2,0:0]"),
        ("N", "Sm[-2,-1:0 -2,1:0 -1,-2:0 -1,2:0 1,-2:0 1,2:0 2,-1:0 2,1:0] Sc[-2,-1:0 -2,1:0 -1,-2:0 -1,2:0 1,-2:0 1,2:0 2,-1:0 2,1:0]"),
        ("A", "Sm[-2,-2:0 -2,2:0 2,-2:0 2,2:0] Sc[-2,-2:0 -2,2:0 2,-2:0 2,2:0]"),
        ("H", "Sm[-3,0:0 0,-3:0 0,3:0 3,0:0] Sc[-3,0:0 0,-3:0 0,3:0 3,0:0]"),
        ("L", "Sm[-3,-1:0 -3,1:0 -1,-3:0 -1,3:0 1,-3:0 1,3:0 3,-1:0 3,1:0] Sc[-3,-1:0 -3,1:0 -1,-3:0 -1,3:0 1,-3:0 1,3:0 3,-1:0 3,1:0]"),
        ("C", "Sm[-3,-1:0 -3,1:0 -1,-3:0 -1,3:0 1,-3:0 1,3:0 3,-1:0 3,1:0] Sc[-3,-1:0 -3,1:0 -1,-3:0 -1,3:0 1,-3:0 1,3:0 3,-1:0 3,1:0]"),
        ("J", "Sm[-3,-2:0 -3,2:0 -2,-3:0 -2,3:0 2,-3:0 2,3:0 3,-2:0 3,2:0] Sc[-3,-2:0 -3,2:0 -2,-3:0 -2,3:0 2,-3:0 2,3:0 3,-2:0 3,2:0]"),
        ("Z", "Sm[-3,-2:0 -3,2:0 -2,-3:0 -2,3:0 2,-3:0 2,3:0 3,-2:0 3,2:0] Sc[-3,-2:0 -3,2:0 -2,-3:0 -2,3:0 2,-3:0 2,3:0 3,-2:0 3,2:0]"),
        ("G", "Sm[-3,-3:0 -3,3:0 3,-3:0 3,3:0] Sc[-3,-3:0 -3,3:0 3,-3:0 3,3:0]"),
        ("K", "Sm[-1,-1:0 -1,0:0 -1,1:0 0,-1:0 0,1:0 1,-1:0 1,0:0 1,1:0] Sc[-1,-1:0 -1,0:0 -1,1:0 0,-1:0 0,1:0 1,-1:0 1,0:0 1,1:0]"),
        ("R", "Rm[-1,0:0 0,-1:0 0,1:0 1,0:0] Rc[-1,0:0 0,-1:0 0,1:0 1,0:0]"),
        ("B", "Rm[-1,-1:0 -1,1:0 1,-1:0 1,1:0] Rc[-1,-1:0 -1,1:0 1,-1:0 1,1:0]"),
        ("Q", "Rm[-1,-1:0 -1,0:0 -1,1:0 0,-1:0 0,1:0 1,-1:0 1,0:0 1,1:0] Rc[-1,-1:0 -1,0:0 -1,1:0 0,-1:0 0,1:0 1,-1:0 1,0:0 1,1:0]"),
        ("mW", "Sm[-1,0:0 0,-1:0 0,1:0 1,0:0]"),
        ("cF", "Sc[-1,-1:0 -1,1:0 1,-1:0 1,1:0]"),
        ("mcN", "Sm[-2,-1:0 -2,1:0 -1,-2:0 -1,2:0 1,-2:0 1,2:0 2,-1:0 2,1:0] Sc[-2,-1:0 -2,1:0 -1,-2:0 -1,2:0 1,-2:0 1,2:0 2,-1:0 2,1:0]"),
        ("cmN", "Sm[-2,-1:0 -2,1:0 -1,-2:0 -1,2:0 1,-2:0 1,2:0 2,-1:0 2,1:0] Sc[-2,-1:0 -2,1:0 -1,-2:0 -1,2:0 1,-2:0 1,2:0 2,-1:0 2,1:0]"),
        ("mmN", "Sm[-2,-1:0 -2,1:0 -1,-2:0 -1,2:0 1,-2:0 1,2:0 2,-1:0 2,1:0]"),
        ("pR", "Hm[-1,0:0 0,-1:0 0,1:0 1,0:0] Hc[-1,0:0 0,-1:0 0,1:0 1,0:0]"),
        ("gB", "Hm[-1,-1:1 -1,1:1 1,-1:1 1,1:1] Hc[-1,-1:1 -1,1:1 1,-1:1 1,1:1]"),
        ("gR3", "Hm[-1,0:3 0,-1:3 0,1:3 1,0:3] Hc[-1,0:3 0,-1:3 0,1:3 1,0:3]"),
        ("pB2", "Hm[-1,-1:2 -1,1:2 1,-1:2 1,1:2] Hc[-1,-1:2 -1,1:2 1,-1:2 1,1:2]"),
        ("gnW", "Hm[-1,0:-1 0,-1:-1 0,1:-1 1,0:-1] Hc[-1,0:-1 0,-1:-1 0,1:-1 1,0:-1]"),
        ("nN", "Sm[-2,-1:-1 -2,1:-1 -1,-2:-1 -1,2:-1 1,-2:-1 1,2:-1 2,-1:-1 2,1:-1] Sc[-2,-1:-1 -2,1:-1 -1,-2:-1 -1,2:-1 1,-2:-1 1,2:-1 2,-1:-1 2,1:-1]"),
        ("nD", "Sm[-2,0:-1 0,-2:-1 0,2:-1 2,0:-1] Sc[-2,0:-1 0,-2:-1 0,2:-1 2,0:-1]"),
        ("nA", "Sm[-2,-2:-1 -2,2:-1 2,-2:-1 2,2:-1] Sc[-2,-2:-1 -2,2:-1 2,-2:-1 2,2:-1]"),
        ("nZ", "Sm[-3,-2:-1 -3,2:-1 -2,-3:-1 -2,3:-1 2,-3:-1 2,3:-1 3,-2:-1 3,2:-1] Sc[-3,-2:-1 -3,2:-1 -2,-3:-1 -2,3:-1 2,-3:-1 2,3:-1 3,-2:-1 3,2:-1]"),
        ("nNN", "Rm[-2,-1:0 -2,1:0 -1,-2:0 -1,2:0 1,-2:0 1,2:0 2,-1:0 2,1:0] Rc[-2,-1:0 -2,1:0 -1,-2:0 -1,2:0 1,-2:0 1,2:0 2,-1:0 2,1:0]"),
        ("nR", "Rm[-1,0:0 0,-1:0 0,1:0 1,0:0] Rc[-1,0:0 0,-1:0 0,1:0 1,0:0]"),
        ("N2", "Rm[-2,-1:2 -2,1:2 -1,-2:2 -1,2:2 1,-2:2 1,2:2 2,-1:2 2,1:2] Rc[-2,-1:2 -2,1:2 -1,-2:2 -1,2:2 1,-2:2 1,2:2 2,-1:2 2,1:2]"),
        ("NN", "Rm[-2,-1:0 -2,1:0 -1,-2:0 -1,2:0 1,-2:0 1,2:0 2,-1:0 2,1:0] Rc[-2,-1:0 -2,1:0 -1,-2:0 -1,2:0 1,-2:0 1,2:0 2,-1:0 2,1:0]"),
        ("N0", "Rm[-2,-1:0 -2,1:0 -1,-2:0 -1,2:0 1,-2:0 1,2:0 2,-1:0 2,1:0] Rc[-2,-1:0 -2,1:0 -1,-2:0 -1,2:0 1,-2:0 1,2:0 2,-1:0 2,1:0]"),
        ("RR", "Rm[-1,0:0 0,-1:0 0,1:0 1,0:0] Rc[-1,0:0 0,-1:0 0,1:0 1,0:0]"),
        ("R1", "Rm[-1,0:1 0,-1:1 0,1:1 1,0:1] Rc[-1,0:1 0,-1:1 0,1:1 1,0:1]"),
        ("gRR", "Hm[-1,0:1 0,-1:1 0,1:1 1,0:1] Hc[-1,0:1 0,-1:1 0,1:1 1,0:1]"),
        ("B10", "Rm[-1,-1:1 -1,1:1 1,-1:1 1,1:1] Rc[-1,-1:1 -1,1:1 1,-1:1 1,1:1]"),
        ("iW", "Sim[-1,0:0 0,-1:0 0,1:0 1,0:0]"),
        ("iD", "Sim[-2,0:0 0,-2:0 0,2:0 2,0:0]"),
        ("imfW", "Sim[0,1:0]"),
        ("ifmnD", "Sim[0,2:-1]"),
        ("icW", ""),
        ("eW", "Sm[-1,0:0 0,-1:0 0,1:0 1,0:0] Sc[-1,0:0 0,-1:0 0,1:0 1,0:0]"),
        ("jN", "Sm[-2,-1:0 -2,1:0 -1,-2:0 -1,2:0 1,-2:0 1,2:0 2,-1:0 2,1:0] Sc[-2,-1:0 -2,1:0 -1,-2:0 -1,2:0 1,-2:0 1,2:0 2,-1:0 2,1:0]"),
        ("xN", "Sm[-2,-1:0 -2,1:0 -1,-2:0 -1,2:0 1,-2:0 1,2:0 2,-1:0 2,1:0] Sc[-2,-1:0 -2,1:0 -1,-2:0 -1,2:0 1,-2:0 1,2:0 2,-1:0 2,1:0]"),
        ("fW", "Sm[0,1:0] Sc[0,1:0]"),
        ("bW", "Sm[0,-1:0] Sc[0,-1:0]"),
        ("lW", "Sm[-1,0:0] Sc[-1,0:0]"),
        ("rW", "Sm[1,0:0] Sc[1,0:0]"),
        ("vW", "Sm[0,-1:0 0,1:0] Sc[0,-1:0 0,1:0]"),
        ("sW", "Sm[-1,0:0 1,0:0] Sc[-1,0:0 1,0:0]"),
        ("hW", ""),
        ("fN", "Sm[-1,2:0 1,2:0] Sc[-1,2:0 1,2:0]"),
        ("bN", "Sm[-1,-2:0 1,-2:0] Sc[-1,-2:0 1,-2:0]"),
        ("lN", "Sm[-2,-1:0 -2,1:0] Sc[-2,-1:0 -2,1:0]"),
        ("rN", "Sm[2,-1:0 2,1:0] Sc[2,-1:0 2,1:0]"),
        ("vN", "Sm[-1,-2:0 -1,2:0 1,-2:0 1,2:0] Sc[-1,-2:0 -1,2:0 1,-2:0 1,2:0]"),
        ("sN", "Sm[-2,-1:0 -2,1:0 2,-1:0 2,1:0] Sc[-2,-1:0 -2,1:0 2,-1:0 2,1:0]"),
        ("hN", ""),
        ("ffN", "Sm[-1,2:0 1,2:0] Sc[-1,2:0 1,2:0]"),
        ("bbN", "Sm[-1,-2:0 1,-2:0] Sc[-1,-2:0 1,-2:0]"),
        ("llN", "Sm[-2,-1:0 -2,1:0] Sc[-2,-1:0 -2,1:0]"),
        ("rrN", "Sm[2,-1:0 2,1:0] Sc[2,-1:0 2,1:0]"),
        ("vvN", "Sm[-1,-2:0 -1,2:0 1,-2:0 1,2:0] Sc[-1,-2:0 -1,2:0 1,-2:0 1,2:0]"),
        ("ssN", "Sm[-2,-1:0 -2,1:0 2,-1:0 2,1:0] Sc[-2,-1:0 -2,1:0 2,-1:0 2,1:0]"),
        ("hhN", ""),
        ("fhN", "Sm[-2,1:0 -1,2:0 1,2:0 2,1:0] Sc[-2,1:0 -1,2:0 1,2:0 2,1:0]"),
        ("bhN", "Sm[-2,-1:0 -1,-2:0 1,-2:0 2,-1:0] Sc[-2,-1:0 -1,-2:0 1,-2:0 2,-1:0]"),
        ("lhN", "Sm[-2,-1:0 -2,1:0 -1,-2:0 -1,2:0] Sc[-2,-1:0 -2,1:0 -1,-2:0 -1,2:0]"),
        ("rhN", "Sm[1,-2:0 1,2:0 2,-1:0 2,1:0] Sc[1,-2:0 1,2:0 2,-1:0 2,1:0]"),
        ("hlN", "Sm[-2,-1:0 -1,2:0 1,-2:0 2,1:0] Sc[-2,-1:0 -1,2:0 1,-2:0 2,1:0]"),
        ("hrN", "Sm[-2,1:0 -1,-2:0 1,2:0 2,-1:0] Sc[-2,1:0 -1,-2:0 1,2:0 2,-1:0]"),
        ("hfN", ""),
        ("hvN", ""),
        ("vhN", ""),
        ("fsN", "Sm[-2,1:0 2,1:0] Sc[-2,1:0 2,1:0]"),
        ("bsN", "Sm[-2,-1:0 2,-1:0] Sc[-2,-1:0 2,-1:0]"),
        ("fvN", "Sm[-1,-2:0 -1,2:0 1,-2:0 1,2:0] Sc[-1,-2:0 -1,2:0 1,-2:0 1,2:0]"),
        ("lvN", "Sm[-1,-2:0 -1,2:0] Sc[-1,-2:0 -1,2:0]"),
        ("rvN", "Sm[1,-2:0 1,2:0] Sc[1,-2:0 1,2:0]"),
        ("lfN", "Sm[-1,2:0] Sc[-1,2:0]"),
        ("rfN", "Sm[1,2:0] Sc[1,2:0]"),
        ("frN", "Sm[2,1:0] Sc[2,1:0]"),
        ("flN", "Sm[-2,1:0] Sc[-2,1:0]"),
        ("lbN", "Sm[-1,-2:0] Sc[-1,-2:0]"),
        ("rbN", "Sm[1,-2:0] Sc[1,-2:0]"),
        ("brN", "Sm[2,-1:0] Sc[2,-1:0]"),
        ("blN", "Sm[-2,-1:0] Sc[-2,-1:0]"),
        ("fbN", "Sm[-1,-2:0 -1,2:0 1,-2:0 1,2:0] Sc[-1,-2:0 -1,2:0 1,-2:0 1,2:0]"),
        ("fbhN", "Sm[-2,-1:0 -1,-2:0 -1,2:0 1,-2:0 1,2:0 2,-1:0] Sc[-2,-1:0 -1,-2:0 -1,2:0 1,-2:0 1,2:0 2,-1:0]"),
        ("ffhN", "Sm[-1,2:0 1,2:0] Sc[-1,2:0 1,2:0]"),
        ("lrR", "Rm[-1,0:0 1,0:0] Rc[-1,0:0 1,0:0]"),
        ("lfrbB", "Rm[-1,1:0 1,-1:0] Rc[-1,1:0 1,-1:0]"),
        ("rflbB", "Rm[-1,-1:0 1,1:0] Rc[-1,-1:0 1,1:0]"),
        ("fF", "Sm[-1,1:0 1,1:0] Sc[-1,1:0 1,1:0]"),
        ("ffF", "Sm[-1,1:0 1,1:0] Sc[-1,1:0 1,1:0]"),
        ("fsF", "Sm[-1,1:0 1,1:0] Sc[-1,1:0 1,1:0]"),
        ("fhF", "Sm[-1,1:0 1,1:0] Sc[-1,1:0 1,1:0]"),
        ("frF", "Sm[1,1:0] Sc[1,1:0]"),
        ("rfF", "Sm[1,1:0] Sc[1,1:0]"),
        ("vF", "Sm[-1,-1:0 -1,1:0 1,-1:0 1,1:0] Sc[-1,-1:0 -1,1:0 1,-1:0 1,1:0]"),
        ("sF", "Sm[-1,-1:0 -1,1:0 1,-1:0 1,1:0] Sc[-1,-1:0 -1,1:0 1,-1:0 1,1:0]"),
        ("hrF", "Sm[-1,-1:0 -1,1:0 1,-1:0 1,1:0] Sc[-1,-1:0 -1,1:0 1,-1:0 1,1:0]"),
        ("hlF", "Sm[-1,-1:0 -1,1:0 1,-1:0 1,1:0] Sc[-1,-1:0 -1,1:0 1,-1:0 1,1:0]"),
        ("frW", "Sm[0,1:0 1,0:0] Sc[0,1:0 1,0:0]"),
        ("rfW", "Sm[0,1:0 1,0:0] Sc[0,1:0 1,0:0]"),
        ("fsW", "Sm[-1,0:0 0,1:0 1,0:0] Sc[-1,0:0 0,1:0 1,0:0]"),
        ("vsW", "Sm[-1,0:0 0,-1:0 0,1:0 1,0:0] Sc[-1,0:0 0,-1:0 0,1:0 1,0:0]"),
        ("fhW", "Sm[0,1:0] Sc[0,1:0]"),
        ("hfW", "Sm[0,1:0] Sc[0,1:0]"),
        ("hlW", "Sm[-1,0:0] Sc[-1,0:0]"),
        ("hrW", "Sm[1,0:0] Sc[1,0:0]"),
        ("fhD", "Sm[0,2:0] Sc[0,2:0]"),
        ("frD", "Sm[0,2:0 2,0:0] Sc[0,2:0 2,0:0]"),
        ("frR", "Rm[0,1:0 1,0:0] Rc[0,1:0 1,0:0]"),
        ("fhR", "Rm[0,1:0] Rc[0,1:0]"),
        ("frK", "Sm[1,0:0 1,1:0] Sc[1,0:0 1,1:0]"),
        ("fhK", "Sm[-1,0:0 -1,1:0 0,1:0 1,0:0 1,1:0] Sc[-1,0:0 -1,1:0 0,1:0 1,0:0 1,1:0]"),
        ("rfK", "Sm[0,1:0 1,1:0] Sc[0,1:0 1,1:0]"),
        ("hlK", "Sm[-1,-1:0 -1,0:0 -1,1:0 0,-1:0 0,1:0 1,-1:0 1,0:0 1,1:0] Sc[-1,-1:0 -1,0:0 -1,1:0 0,-1:0 0,1:0 1,-1:0 1,0:0 1,1:0]"),
        ("fsQ", "Rm[-1,0:0 -1,1:0 1,0:0 1,1:0] Rc[-1,0:0 -1,1:0 1,0:0 1,1:0]"),
        ("mfrWmrfF", "Sm[0,1:0 1,0:0 1,1:0]"),
        ("mfhNcfW", "Sm[-2,1:0 -1,2:0 1,2:0 2,1:0] Sc[0,1:0]"),
        ("mfWcfFfhmnN", "Sm[-2,1:-1 -1,2:-1 0,1:0 1,2:-1 2,1:-1] Sc[-1,1:0 1,1:0]"),
        ("fmWfceFifmnD", "Sm[0,1:0] Sc[-1,1:0 1,1:0] Sim[0,2:-1]"),
        ("mBpBmWpR2", "Sm[-1,0:0 0,-1:0 0,1:0 1,0:0] Rm[-1,-1:0 -1,1:0 1,-1:0 1,1:0] Hm[-1,-1:0 -1,0:2 -1,1:0 0,-1:2 0,1:2 1,-1:0 1,0:2 1,1:0] Hc[-1,-1:0 -1,0:2 -1,1:0 0,-1:2 0,1:2 1,-1:0 1,0:2 1,1:0]"),
        ("mRpRmFpB2", "Sm[-1,-1:0 -1,1:0 1,-1:0 1,1:0] Rm[-1,0:0 0,-1:0 0,1:0 1,0:0] Hm[-1,-1:2 -1,0:0 -1,1:2 0,-1:0 0,1:0 1,-1:2 1,0:0 1,1:2] Hc[-1,-1:2 -1,0:0 -1,1:2 0,-1:0 0,1:0 1,-1:2 1,0:0 1,1:2]"),
        ("mKmgQ", "Sm[-1,-1:0 -1,0:0 -1,1:0 0,-1:0 0,1:0 1,-1:0 1,0:0 1,1:0] Hm[-1,-1:1 -1,0:1 -1,1:1 0,-1:1 0,1:1 1,-1:1 1,0:1 1,1:1]"),
        ("mQ2cQ2", "Rm[-1,-1:2 -1,0:2 -1,1:2 0,-1:2 0,1:2 1,-1:2 1,0:2 1,1:2] Rc[-1,-1:2 -1,0:2 -1,1:2 0,-1:2 0,1:2 1,-1:2 1,0:2 1,1:2]"),
        ("WnW", "Sm[-1,0:-1 0,-1:-1 0,1:-1 1,0:-1] Sc[-1,0:-1 0,-1:-1 0,1:-1 1,0:-1]"),
        ("nWW", "Rm[-1,0:0 0,-1:0 0,1:0 1,0:0] Rc[-1,0:0 0,-1:0 0,1:0 1,0:0]"),
        ("fm", ""),
        ("fmW2", "Rm[0,1:2]"),
        ("KnD", "Sm[-2,0:-1 -1,-1:0 -1,0:0 -1,1:0 0,-2:-1 0,-1:0 0,1:0 0,2:-1 1,-1:0 1,0:0 1,1:0 2,0:-1] Sc[-2,0:-1 -1,-1:0 -1,0:0 -1,1:0 0,-2:-1 0,-1:0 0,1:0 0,2:-1 1,-1:0 1,0:0 1,1:0 2,0:-1]"),
    ];

    /// 64-bit FNV-1a, to pin many readings in one number.
    fn fnv(h: &mut u64, s: &str) {
        for b in s.bytes().chain([b'\n']) {
            *h ^= u64::from(b);
            *h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }

    /// Every atom, with no suffix, a range digit or its letter doubled,
    /// after every prefix of up to two modifier letters (and of three
    /// direction letters): the readings of all of them, pinned as one
    /// fingerprint (a change shows here; `readings_pinned` says which).
    #[test]
    fn readings_fingerprint() {
        let atoms = "WFDNAHLCJZGKRBQ";
        let letters: Vec<String> = "mcngpijefblrvshx2".chars().map(String::from).collect();
        let dirs: Vec<String> = "fblrvsh".chars().map(String::from).collect();
        let mut prefixes = vec![String::new()];
        prefixes.extend(letters.iter().cloned());
        for a in &letters {
            for b in &letters {
                prefixes.push(format!("{a}{b}"));
            }
        }
        for a in &dirs {
            for b in &dirs {
                for c in &dirs {
                    prefixes.push(format!("{a}{b}{c}"));
                }
            }
        }
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        let mut count = 0;
        for p in &prefixes {
            for a in atoms.chars() {
                for suffix in [String::new(), "3".into(), a.to_string(), "0".into()] {
                    let text = format!("{p}{a}{suffix}");
                    fnv(&mut h, &text);
                    fnv(&mut h, &render(&read_fsf(&text)));
                    count += 1;
                }
            }
        }
        assert_eq!(count, 39_000);
        assert_eq!(h, 3_237_458_779_820_094_547, "fingerprint");
    }
}
