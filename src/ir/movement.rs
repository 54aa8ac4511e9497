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
    /// Either (the default).
    Both,
}

impl Mode {
    pub fn can_move(self) -> bool {
        matches!(self, Mode::Move | Mode::Both)
    }
    pub fn can_capture(self) -> bool {
        matches!(self, Mode::Capture | Mode::Both)
    }
}

/// One movement primitive: a set of step vectors, walked up to `range` times.
///
/// Vectors are given relative to a man whose forward direction is north
/// (+y); the engine rotates them for men facing elsewhere.
///
/// * a **leaper** has `range == 1`: it jumps straight to `from + v`;
/// * a **rider** has `range == 0` (unlimited) or `range > 1`: it repeats `v`
///   while squares are empty;
/// * `lame`: a leap whose intermediate squares (the orthogonal-first path)
///   must be empty (Betza `n`); a lame move that passes squares leaves them
///   as en-passant targets;
/// * `hop`: a rider that must jump exactly one man on its line and lands
///   beyond it (Betza `p`, the cannon);
/// * `initial`: only for a man that has never moved (Betza `i`);
/// * `en_passant`: may capture a man that has just passed the target square
///   with a lame move (Betza `e`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Atom {
    pub vectors: Vec<(i8, i8)>,
    pub range: u8,
    pub mode: Mode,
    #[serde(default, skip_serializing_if = "is_false")]
    pub initial: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub lame: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub hop: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub en_passant: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Atom {
    /// A plain leaper/rider with both modes.
    pub fn new(vectors: Vec<(i8, i8)>, range: u8) -> Atom {
        Atom {
            vectors,
            range,
            mode: Mode::Both,
            initial: false,
            lame: false,
            hop: false,
            en_passant: false,
        }
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
