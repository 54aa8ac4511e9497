//! Movement atoms: the few primitives every piece's moves are built from.

use serde::{Deserialize, Serialize};

/// Whether an atom may move to an empty square, capture, or both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Only onto an empty square (`m`).
    Move,
    /// Only onto an enemy man (`c`).
    Capture,
    /// Only captures, also en passant: onto a square an enemy man has just
    /// passed with a lame move, taking that man (`e`).
    EnPassant,
    /// Either (the default).
    Both,
}

impl Mode {
    pub fn can_move(self) -> bool {
        matches!(self, Mode::Move | Mode::Both)
    }
    pub fn can_capture(self) -> bool {
        matches!(self, Mode::Capture | Mode::EnPassant | Mode::Both)
    }
    pub fn en_passant(self) -> bool {
        self == Mode::EnPassant
    }
}

/// How an atom reaches its squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Path {
    /// Straight to the landing square (a leap), or step by step over empty
    /// squares (a rider).
    #[default]
    Direct,
    /// A lame leap: the squares on the way must be empty (Betza `n`).
    Lame,
    /// A hop: ride to exactly one man and land beyond it (Betza `p`).
    Hop,
    /// A grasshopper hop: ride to the first man on the line and land on
    /// the square right behind it (Betza `g`).
    Grasshop,
}

/// When an atom may be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    #[default]
    Always,
    /// Only by a man that has never moved (Betza `i`).
    Initial,
}

/// One movement primitive: a set of step vectors, walked up to `range` times.
///
/// Vectors are given relative to a man whose forward direction is north
/// (+y); the engine rotates them for men facing elsewhere.
///
/// * a **leaper** has `range == 1`: it jumps straight to `from + v`;
/// * a **rider** has `range == 0` (unlimited) or `range > 1`: it repeats `v`
///   while squares are empty;
/// * `path`: [`Path::Lame`], a leap whose intermediate squares (the
///   orthogonal-first path) must be empty — a lame move that passes squares
///   leaves them as en-passant targets; [`Path::Hop`], a rider that must
///   jump exactly one man on its line and lands beyond it (the cannon);
///   [`Path::Grasshop`], an unlimited rider that lands right behind the
///   first man on its line;
/// * `timing`: [`Timing::Initial`], only for a man that has never moved;
/// * `mode`: [`Mode::EnPassant`] may also capture a man that has just
///   passed the target square with a lame move.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Atom {
    pub vectors: Vec<(i8, i8)>,
    pub range: u8,
    pub mode: Mode,
    #[serde(default, skip_serializing_if = "is_default")]
    pub path: Path,
    #[serde(default, skip_serializing_if = "is_default")]
    pub timing: Timing,
    /// A **bent** move (Betza `then`, docs/LANGUAGE.md §7): `vectors` and
    /// `range` are its first leg, which must end on an empty square (the
    /// turn square, every square on the way empty too); from there the
    /// man goes on by the second leg, and `mode` says what its last square
    /// may hold. `None`: an ordinary atom.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub then: Option<Box<Leg>>,
}

/// The second leg of a bent move (see [`Atom::then`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Leg {
    /// Most steps of the second leg (0: unlimited, 1: one leap).
    pub range: u8,
    /// Per vector of the first leg (same index): the second leg's
    /// vectors after it, relative to a man facing north as the first
    /// leg's are.
    pub vectors: Vec<Vec<(i8, i8)>>,
}

fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

impl Atom {
    /// A plain leaper/rider with both modes.
    pub fn new(vectors: Vec<(i8, i8)>, range: u8) -> Atom {
        Atom {
            vectors,
            range,
            mode: Mode::Both,
            path: Path::Direct,
            timing: Timing::Always,
            then: None,
        }
    }

    /// Only for a man that has never moved.
    pub fn initial(&self) -> bool {
        self.timing == Timing::Initial
    }

    pub fn is_rider(&self) -> bool {
        self.range != 1
    }

    /// The squares a lame leap passes, relative to its origin, for vector `v`:
    /// the orthogonal steps first, then the diagonal ones (the mao path).
    /// For a straight leap such as (0,2) this is the square in between.
    pub fn lame_path(v: (i8, i8)) -> Vec<(i8, i8)> {
        let (dx, dy) = (v.0 as i32, v.1 as i32);
        let (ax, ay) = (dx.abs(), dy.abs());
        let (sx, sy) = (dx.signum(), dy.signum());
        let mut path = Vec::new();
        let (mut x, mut y) = (0i32, 0i32);
        // Diagonal steps for the shorter component, orthogonal for the rest;
        // orthogonal steps come first.
        let diag = ax.min(ay);
        let orth = ax.max(ay) - diag;
        for _ in 0..orth {
            if ax > ay {
                x += sx;
            } else {
                y += sy;
            }
            if (x, y) != (dx, dy) {
                path.push((x as i8, y as i8));
            }
        }
        for _ in 0..diag {
            x += sx;
            y += sy;
            if (x, y) != (dx, dy) {
                path.push((x as i8, y as i8));
            }
        }
        path
    }
}
