//! Square tables: per piece kind, a middle-game and an end-game bonus for
//! each square, given by a values file (`[squares.KIND]`) and fitted by
//! `varia tune --squares`.
//!
//! A table lists one whole number (hundredths of a pawn) per square of
//! the board's bounding rectangle (`W x H`, holes included but never
//! used), **from the owner's point of view**: its first rank first, and
//! within a rank file `a` (x = 0) first. The entry of square `(x, y)` for
//! a man facing
//!
//! - north: `y*W + x`;
//! - south: `(H-1-y)*W + x` (the north table flipped rank-wise, files
//!   kept: the chess convention);
//! - east (square boards only): `x*W + y` (the north table with its axes
//!   swapped: the man's ranks run along x, its files along y);
//! - west (square boards only): `(W-1-x)*W + y` (the east table flipped
//!   along x, as south flips north).
//!
//! A values file with tables is refused where a player's men face east
//! or west on a board that is not square, and on an unbounded board.
//!
//! The evaluation adds, per owner, `(M * phase + E * (256 - phase)) / 256`
//! for its side, where `M` and `E` are the sums of the mid and end entries
//! of its men (each man's table by its kind and facing) and `phase` is the
//! owner's game phase (`Eval::phases`: 0 with no enemy material, 128 at
//! the start of a two-player game, at most 256). A variant
//! whose weights have no table does none of this work.

/// Hundredths of a pawn (the values file's unit).
type Cp = i32;
use crate::engine::{Geometry, Man, Square};
use crate::ir::{Dir, Shape, Variant};

/// The largest magnitude of an entry a values file may give.
pub const MAX_SQUARE: Cp = 1000;

/// One kind's tables as a values file gives them: `W*H` entries each, from
/// the owner's point of view (see the module's documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareTable {
    pub mid: Vec<Cp>,
    pub end: Vec<Cp>,
}

impl SquareTable {
    /// A table of zeros for a board of `len` squares.
    pub fn zeros(len: usize) -> SquareTable {
        SquareTable {
            mid: vec![0; len],
            end: vec![0; len],
        }
    }
}

/// The board's bounding rectangle `(W, H)`, or `None` on an unbounded board.
pub fn board_size(v: &Variant) -> Option<(usize, usize)> {
    match &v.board.shape {
        Shape::Rect { width, height, .. } => Some((*width as usize, *height as usize)),
        Shape::Unbounded { .. } => None,
    }
}

/// Why `v` cannot have square tables, if it cannot.
pub fn unsupported(v: &Variant) -> Option<String> {
    let Some((w, h)) = board_size(v) else {
        return Some("square tables need a board with edges (not an unbounded one)".into());
    };
    let sideways = v
        .players
        .iter()
        .any(|p| matches!(p.forward, Dir::East | Dir::West))
        || v.setup
            .men
            .iter()
            .any(|m| matches!(m.facing, Dir::East | Dir::West));
    (sideways && w != h).then(|| {
        format!(
            "men face east or west on a {w}x{h} board: square tables for them need a square board"
        )
    })
}

/// The entry of square `(x, y)` for a man facing `f` in a table of a
/// `w x h` board (`None` off the board, or facing east or west on a board
/// that is not square).
pub fn table_index(f: Dir, x: i32, y: i32, w: usize, h: usize) -> Option<usize> {
    let (w, h) = (w as i32, h as i32);
    if x < 0 || y < 0 || x >= w || y >= h {
        return None;
    }
    let i = match f {
        Dir::North => y * w + x,
        Dir::South => (h - 1 - y) * w + x,
        Dir::East if w == h => x * w + y,
        Dir::West if w == h => (w - 1 - x) * w + y,
        _ => return None,
    };
    Some(i as usize)
}

/// The entry of each grid square per facing (`u16::MAX`: none), for a
/// geometry whose grid is the board's rectangle.
pub fn entries(geo: &Geometry) -> [Vec<u16>; 4] {
    let (w, h) = (geo.width(), geo.height());
    Dir::ALL.map(|f| {
        (0..geo.len())
            .map(|i| {
                if geo.limit().is_some() {
                    return u16::MAX;
                }
                let (x, y) = geo.coords(Square::new(i));
                table_index(f, x, y, w, h).map_or(u16::MAX, |e| e as u16)
            })
            .collect()
    })
}

/// The square tables as the evaluation reads them: per kind (`None`: no
/// table), per facing, per grid square, `(mid, end)`.
#[derive(Debug, Clone)]
pub struct SquareTerms {
    tabs: Vec<Option<Laid>>,
}

/// One kind's tables laid on the grid: per facing, per grid square,
/// `(mid, end)`.
type Laid = [Vec<(i16, i16)>; 4];

/// Per owner, the sums of its men's `(mid, end)` entries.
pub type Sums = [[Cp; 2]; 8];

impl SquareTerms {
    /// The tables of `squares` (per kind) laid on the grid by `entries`
    /// ([`entries`]), or `None` when no kind has one.
    pub fn new(squares: &[Option<SquareTable>], entries: &[Vec<u16>; 4]) -> Option<SquareTerms> {
        if squares.iter().all(Option::is_none) {
            return None;
        }
        let tabs = squares
            .iter()
            .map(|t| {
                t.as_ref().map(|t| {
                    std::array::from_fn(|f| {
                        entries[f]
                            .iter()
                            .map(|&e| {
                                let e = e as usize;
                                let get = |v: &[Cp]| {
                                    v.get(e).map_or(0, |&x| x.clamp(-MAX_SQUARE, MAX_SQUARE)) as i16
                                };
                                (get(&t.mid), get(&t.end))
                            })
                            .collect()
                    })
                })
            })
            .collect();
        Some(SquareTerms { tabs })
    }

    /// Add man `m` on `sq` to its owner's sums.
    #[inline]
    pub fn add(&self, sq: Square, m: Man, sums: &mut Sums) {
        if let Some(Some(t)) = self.tabs.get(m.kind() as usize) {
            if let Some(&(mid, end)) = t[m.facing().index()].get(sq.index()) {
                let s = &mut sums[m.owner() as usize & 7];
                s[0] += mid as Cp;
                s[1] += end as Cp;
            }
        }
    }

    /// The tables' score for the side whose owners have sign 1 in `signs`,
    /// from the owners' sums and phases.
    pub fn score(sums: &Sums, phases: &[Cp; 8], signs: &[Cp; 8]) -> Cp {
        let mut score = 0;
        for o in 0..8 {
            let [mid, end] = sums[o];
            if mid != 0 || end != 0 {
                let p = phases[o];
                score += signs[o] * ((mid * p + end * (256 - p)) / 256);
            }
        }
        score
    }
}

/// Where the entry `i` of the `part` (0: mid, 1: end) table of kind `k`
/// lies in the tables as one vector ([`to_vec`]), for a board of `len`
/// squares.
pub fn feature_index(k: usize, part: usize, i: usize, len: usize) -> usize {
    (2 * k + part) * len + i
}

/// Every kind's tables as one vector: per kind, its mid then its end
/// table (zeros for a kind without tables).
pub fn to_vec(squares: &[Option<SquareTable>], len: usize) -> Vec<f64> {
    let mut v = vec![0.0; 2 * squares.len() * len];
    for (k, t) in squares.iter().enumerate() {
        if let Some(t) = t {
            for (part, tab) in [&t.mid, &t.end].into_iter().enumerate() {
                for (i, &x) in tab.iter().enumerate().take(len) {
                    v[feature_index(k, part, i, len)] = x as f64;
                }
            }
        }
    }
    v
}

/// The tables from a vector laid out as [`to_vec`], rounded and kept
/// within `±bound`: a table for every kind.
pub fn from_vec(v: &[f64], kinds: usize, len: usize, bound: Cp) -> Vec<Option<SquareTable>> {
    (0..kinds)
        .map(|k| {
            let get = |part: usize| -> Vec<Cp> {
                (0..len)
                    .map(|i| {
                        let x = v.get(feature_index(k, part, i, len)).copied();
                        (x.unwrap_or(0.0).round() as Cp).clamp(-bound, bound)
                    })
                    .collect()
            };
            Some(SquareTable {
                mid: get(0),
                end: get(1),
            })
        })
        .collect()
}

/// The entry at `i` of the tables as one vector ([`to_vec`]), without
/// building it (0 for a kind without tables).
pub fn value_at(squares: &[Option<SquareTable>], i: usize, len: usize) -> f64 {
    let len = len.max(1);
    let (k, part, e) = (i / (2 * len), (i / len) % 2, i % len);
    match squares.get(k) {
        Some(Some(t)) => {
            let tab = if part == 0 { &t.mid } else { &t.end };
            tab.get(e).copied().unwrap_or(0) as f64
        }
        _ => 0.0,
    }
}

/// The sparse features of man `m` on `sq` at its owner's `phase`, signed
/// by `s`: its (kind, entry, mid) weighs `phase / 256` and its (kind,
/// entry, end) `(256 - phase) / 256`.
pub fn push_features(
    out: &mut Vec<(u32, f32)>,
    entries: &[Vec<u16>; 4],
    len: usize,
    sq: Square,
    m: Man,
    phase: Cp,
    s: f64,
) {
    let Some(&e) = entries[m.facing().index()].get(sq.index()) else {
        return;
    };
    if e == u16::MAX || e as usize >= len {
        return;
    }
    let k = m.kind() as usize;
    let mid = phase as f64 / 256.0;
    for (part, x) in [(0, mid), (1, 1.0 - mid)] {
        if x != 0.0 {
            out.push((
                feature_index(k, part, e as usize, len) as u32,
                (s * x) as f32,
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::session::Prepared;
    use crate::search::weights::Weights;

    /// A chess values file giving `kind` these tables (64 entries each).
    fn chess_file(tables: &[(&str, Vec<i32>, Vec<i32>)]) -> String {
        let mut s = String::from("variant = \"chess\"\n");
        for (kind, mid, end) in tables {
            let list = |v: &[i32]| {
                v.chunks(8)
                    .map(|r| {
                        r.iter()
                            .map(|x| x.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    })
                    .collect::<Vec<_>>()
                    .join(",\n  ")
            };
            s.push_str(&format!(
                "\n[squares.{kind}]\nmid = [\n  {}\n]\nend = [\n  {}\n]\n",
                list(mid),
                list(end)
            ));
        }
        s
    }

    fn chess() -> (crate::ir::Variant, Prepared) {
        let v = crate::load::builtin("chess", &[]).unwrap();
        let p = Prepared::new(&v).unwrap();
        (v, p)
    }

    /// A table of zeros but for `at`.
    fn one(at: usize, x: i32) -> Vec<i32> {
        let mut v = vec![0; 64];
        v[at] = x;
        v
    }

    #[test]
    fn a_values_file_with_square_tables_reads_and_writes_back() {
        let (v, p) = chess();
        let knight = v.pieces.iter().position(|p| p.name == "knight").unwrap();
        let king = v.pieces.iter().position(|p| p.name == "king").unwrap();
        let mid: Vec<i32> = (0..64).map(|i| i - 32).collect();
        let end: Vec<i32> = (0..64).map(|i| 2 * i).collect();
        let text = chess_file(&[
            ("knight", mid.clone(), end.clone()),
            ("king", one(6, 40), one(27, 25)),
        ]);
        let d = p.eval().default_weights();
        let w = Weights::read(d, &v, "t.toml", &text).unwrap();
        let t = w.squares[knight].as_ref().unwrap();
        assert_eq!((&t.mid, &t.end), (&mid, &end));
        // A royal kind may have tables too.
        assert_eq!(w.squares[king].as_ref().unwrap().mid, one(6, 40));
        assert!(w.squares.iter().filter(|t| t.is_some()).count() == 2);
        // Written as rows of 8, and read back as written.
        let kinds: Vec<usize> = (0..v.pieces.len())
            .filter(|&k| !v.pieces[k].royal)
            .collect();
        let out = w.to_toml(&v, &kinds, false, &[]);
        assert!(
            out.contains("[squares.knight]\nmid = [\n   -32, -31,"),
            "{out}"
        );
        assert!(out.contains("[squares.king]"), "{out}");
        assert_eq!(Weights::read(d, &v, "o.toml", &out).unwrap(), w);
    }

    /// Each mistake is a diagnostic on its own line.
    #[test]
    fn a_bad_square_table_is_a_diagnostic_with_its_line() {
        let (v, p) = chess();
        let d = p.eval().default_weights();
        let cases: [(&str, &str, &str); 5] = [
            (
                "[squares.knight]\nmid = [1, 2, 3]\n",
                "has 3 entries",
                "mid = [1, 2, 3]",
            ),
            (
                "[squares.dragon]\nmid = []\n",
                "no piece `dragon`",
                "[squares.dragon]",
            ),
            (
                &"[squares.bishop]\nend = [1.5@]\n".replace('@', &", 0".repeat(63)),
                "entry 1 of `end` is not a whole number",
                "end = [1.5",
            ),
            (
                &"[squares.rook]\n\nmid = [0, 1001@]\n".replace('@', &", 0".repeat(62)),
                "entry 2 of `mid` (1001) is out of range (-1000 to 1000)",
                "mid = [0, 1001",
            ),
            (
                "[squares.queen]\nmiddle = []\n",
                "unknown key `middle`",
                "middle = []",
            ),
        ];
        for (body, msg, line) in cases {
            let text = format!("variant = \"chess\"\n\n{body}");
            let errs = Weights::read(d, &v, "bad.toml", &text).unwrap_err();
            assert_eq!(errs.len(), 1, "{errs:?}");
            assert!(errs[0].message.contains(msg), "{}", errs[0].message);
            let at = text.find(line).unwrap();
            assert_eq!(errs[0].span.start, at, "{body}: {:?}", errs[0]);
        }
    }

    /// Sideways men on a board that is not square, and an unbounded
    /// board, refuse tables; sideways men on a square board read them.
    #[test]
    fn tables_are_refused_where_they_cannot_be_read() {
        let text = "[squares.king]\nmid = []\n";
        let rules = |players: &str, board: &str| {
            let src = format!(
                "variant side \"Side\" {{\n  players {players}\n  board {board}\n  use king\n  \
                 setup {{\n    white: K a1\n    black: K c3\n  }}\n  end {{\n    checkmate -> lose\n  }}\n}}\n"
            );
            let checked = crate::load::load_str("side.variant", &src, &[]);
            let v = checked
                .variants
                .into_iter()
                .next()
                .expect("the text checks");
            let p = Prepared::new(&v).unwrap();
            let d = p.eval().default_weights().clone();
            (v, d)
        };
        let (v, d) = rules("white east, black west", "4x5");
        let errs = Weights::read(&d, &v, "s.toml", text).unwrap_err();
        assert!(
            errs[0]
                .message
                .contains("men face east or west on a 4x5 board"),
            "{}",
            errs[0].message
        );
        assert_eq!(errs[0].span.start, 0);
        // On a square board: 25 entries, read.
        let (v, d) = rules("white east, black west", "5x5");
        let errs = Weights::read(&d, &v, "s.toml", text).unwrap_err();
        assert!(
            errs[0].message.contains("the 5x5 board needs 25"),
            "{}",
            errs[0].message
        );
        let ok = format!("[squares.king]\nmid = [{}]\n", vec!["1"; 25].join(", "));
        assert!(Weights::read(&d, &v, "s.toml", &ok).is_ok());
        // Men facing north and south on a board that is not square: read.
        let (v, d) = rules("white, black", "4x5");
        let ok = format!("[squares.king]\nend = [{}]\n", vec!["-3"; 20].join(", "));
        let w = Weights::read(&d, &v, "s.toml", &ok).unwrap();
        assert_eq!(w.squares[0].as_ref().unwrap().mid, vec![0; 20]);
        assert_eq!(w.squares[0].as_ref().unwrap().end, vec![-3; 20]);
    }

    /// Exactly the entry, at a full middle game (phase 256) and with the
    /// enemy's men all gone (phase 0).
    #[test]
    fn a_table_entry_counts_exactly_at_either_end_of_the_phase() {
        let (v, p) = chess();
        // d4 is entry 27 for White, d1 entry 3; Black's king (e8) is its
        // entry 4 and its knights' b8 and g8 entries 1 and 6.
        let text = chess_file(&[
            ("knight", one(27, 50), one(27, 7)),
            ("king", one(3, 30), one(3, -20)),
        ]);
        let with = p.with_values_file("t.toml", &text).unwrap();
        // The phase is 256 times the number of players times the enemy's
        // material over the setup's, at most 256: 256 with Black's whole
        // army or ten queens; 0 against a bare king.
        for (fen, gain) in [
            ("qqqqkqqq/qqq5/8/8/3N4/8/8/3K4 w - - 0 1", 80),
            ("rnbqkbnr/pppppppp/8/8/3N4/8/8/3K4 w kq - 0 1", 80),
            ("4k3/8/8/8/3N4/8/8/3K4 w - - 0 1", -13),
            ("4k3/8/8/8/3N4/8/8/3K4 b - - 0 1", -13),
        ] {
            let a = p.session(Some(fen), 1).unwrap();
            let b = with.session(Some(fen), 1).unwrap();
            let (ea, eb) = (
                p.eval().evaluate(a.position(), 0),
                with.eval().evaluate(b.position(), 0),
            );
            assert_eq!(eb - ea, gain, "{fen}");
            assert_eq!(
                with.eval().evaluate(b.position(), 1) - p.eval().evaluate(a.position(), 1),
                -gain,
                "{fen}"
            );
        }
        let _ = v;
    }

    /// A chess FEN with the colours swapped and the board flipped.
    fn mirror(fen: &str) -> String {
        let f: Vec<&str> = fen.split(' ').collect();
        let swap = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        };
        let board: Vec<String> = f[0].split('/').rev().map(swap).collect();
        let side = if f[1] == "w" { "b" } else { "w" };
        let mut castle: Vec<char> = swap(f[2]).chars().collect();
        castle.sort_by_key(|c| (c.is_ascii_lowercase(), *c != 'K' && *c != 'k'));
        let castle: String = castle.into_iter().collect();
        format!("{} {side} {castle} - {} {}", board.join("/"), f[4], f[5])
    }

    #[test]
    fn a_position_and_its_mirror_are_opposite_with_tables() {
        let (v, p) = chess();
        // Tables that are not symmetric, for every kind, the king too.
        let mut seed = 12345u64;
        let mut rnd = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) % 201) as i32 - 100
        };
        let tables: Vec<(&str, Vec<i32>, Vec<i32>)> = v
            .pieces
            .iter()
            .map(|p| {
                let mid = (0..64).map(|_| rnd()).collect();
                let end = (0..64).map(|_| rnd()).collect();
                (p.name.as_str(), mid, end)
            })
            .collect();
        let with = p.with_values_file("t.toml", &chess_file(&tables)).unwrap();
        assert_eq!(
            mirror("r3k2r/8/8/8/8/8/8/R3K3 w Qk - 0 1"),
            "r3k3/8/8/8/8/8/8/R3K2R b Kq - 0 1"
        );
        for fen in [
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 5",
            "2r3k1/pp3pp1/4p2p/3n4/3P4/P4N1P/1P3PP1/2R3K1 b - - 0 24",
            "8/5k2/8/3N4/8/8/2K5/8 w - - 0 60",
            "rnbqkbnr/pppppppp/8/8/3N4/8/8/3K4 w kq - 0 1",
        ] {
            let a = with.session(Some(fen), 1).unwrap();
            let b = with.session(Some(&mirror(fen)), 1).unwrap();
            let (ea, eb) = (
                with.eval().evaluate(a.position(), 0),
                with.eval().evaluate(b.position(), 0),
            );
            assert_eq!(ea, -eb, "{fen}");
            // And the tables did count.
            let base = p.session(Some(fen), 1).unwrap();
            assert_ne!(ea, p.eval().evaluate(base.position(), 0), "{fen}");
        }
    }

    /// The sparse features times the tables are the tables' share of the
    /// evaluation (up to rounding), and `features` keeps that share in
    /// its rest.
    #[test]
    fn the_sparse_features_are_the_tables_share() {
        let (_, p) = chess();
        let text = chess_file(&[
            ("knight", one(27, 50), one(27, 7)),
            ("pawn", vec![10; 64], vec![30; 64]),
        ]);
        let with = p.with_values_file("t.toml", &text).unwrap();
        for fen in [
            "rnbqkbnr/pppppppp/8/8/3N4/8/8/3K4 w kq - 0 1",
            "4k3/p7/8/8/3N4/8/8/3K4 w - - 0 1",
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 5",
        ] {
            let s = with.session(Some(fen), 1).unwrap();
            let base = p.session(Some(fen), 1).unwrap();
            let share =
                with.eval().evaluate(s.position(), 0) - p.eval().evaluate(base.position(), 0);
            let mut sparse = Vec::new();
            let (f1, r1) = with
                .eval()
                .features_with(s.position(), 0, Some(&mut sparse));
            let (f2, r2) = with.eval().features(s.position(), 0);
            assert_eq!(f1, f2);
            let len = 64;
            let tabs = &with.eval().weights().squares;
            let lin: f64 = sparse
                .iter()
                .map(|&(i, x)| x as f64 * value_at(tabs, i as usize, len))
                .sum();
            assert!(
                (lin - share as f64).abs() <= 2.0,
                "{fen}: {lin} against {share}"
            );
            assert!((r2 - r1 - lin).abs() < 1e-3, "{fen}");
            // Two entries per man at most, none past the vector.
            let men = s.position().men().count();
            assert!(sparse.len() <= 2 * men);
            let nk = with.variant().pieces.len();
            assert!(sparse.iter().all(|&(i, _)| (i as usize) < 2 * nk * len));
        }
    }

    #[test]
    fn each_facing_reads_its_table_from_its_own_first_rank() {
        // An 8x8 board: a1 for north is entry 0, for south entry 56.
        assert_eq!(table_index(Dir::North, 0, 0, 8, 8), Some(0));
        assert_eq!(table_index(Dir::North, 3, 1, 8, 8), Some(11));
        assert_eq!(table_index(Dir::South, 0, 0, 8, 8), Some(56));
        // d7 for south is its d2: entry 11, files kept.
        assert_eq!(table_index(Dir::South, 3, 6, 8, 8), Some(11));
        // East: ranks along x, files along y; west flips x.
        assert_eq!(table_index(Dir::East, 1, 3, 8, 8), Some(11));
        assert_eq!(table_index(Dir::West, 6, 3, 8, 8), Some(11));
        // Sideways on a board that is not square: no entry.
        assert_eq!(table_index(Dir::East, 1, 3, 9, 10), None);
        assert_eq!(table_index(Dir::West, 1, 3, 9, 10), None);
        // Off the board.
        assert_eq!(table_index(Dir::North, 8, 0, 8, 8), None);
        assert_eq!(table_index(Dir::North, 0, -1, 8, 8), None);
        // A 9x10 board (xiangqi): south's first rank is y = 9.
        assert_eq!(table_index(Dir::South, 4, 9, 9, 10), Some(4));
        assert_eq!(table_index(Dir::North, 4, 9, 9, 10), Some(85));
    }

    #[test]
    fn the_score_blends_mid_and_end_by_each_owners_phase() {
        let mut sums: Sums = [[0; 2]; 8];
        sums[0] = [40, 8];
        sums[1] = [10, 100];
        let signs = [1, -1, -1, -1, -1, -1, -1, -1];
        assert_eq!(SquareTerms::score(&sums, &[256; 8], &signs), 30);
        assert_eq!(SquareTerms::score(&sums, &[0; 8], &signs), -92);
        let mut phases = [0; 8];
        phases[0] = 128;
        // (40 + 8) / 2 = 24 for the first owner, 100 against.
        assert_eq!(SquareTerms::score(&sums, &phases, &signs), -76);
    }

    #[test]
    fn tables_go_to_a_vector_and_back() {
        let t = SquareTable {
            mid: (0..4).collect(),
            end: (10..14).collect(),
        };
        let sq = vec![None, Some(t.clone())];
        let v = to_vec(&sq, 4);
        assert_eq!(v.len(), 16);
        assert_eq!(v[feature_index(1, 1, 2, 4)], 12.0);
        let back = from_vec(&v, 2, 4, 300);
        assert_eq!(back[0], Some(SquareTable::zeros(4)));
        assert_eq!(back[1], Some(t));
        let clamped = from_vec(&[900.0, -900.0], 1, 1, 300);
        assert_eq!(clamped[0].as_ref().unwrap().mid, vec![300]);
        assert_eq!(clamped[0].as_ref().unwrap().end, vec![-300]);
    }
}
