//! Enclosed lines: the men of a run that a line from a square closes off
//! (Othello's rule), shared by the `flip` consequence and the predicate
//! atom `encloses(SEL)`.
//!
//! Where every king step of a direction adds the same index offset (a
//! board numbered row by row: [`Lines::new`]), both are set work: the
//! men a placement encloses are found along precomputed rays, one
//! direction at a time, and the squares from which a line is enclosed
//! ([`Lines::enclosing`], the set form of `encloses`) by shifting the
//! closers back along each direction through the runs. Other boards walk
//! the lines square by square ([`enclosed`]).

use crate::engine::compile::bulk::shift;
use crate::engine::compile::Base;
use crate::engine::core::{Bits, Square, KING_STEPS};

/// The men of `run` enclosed from `sq`: in each of the 8 directions, an
/// unbroken line of one or more men of `run` that ends at once at a man of
/// `closer` (an empty square, a hole, the edge or any other man first:
/// nothing in that direction). With `first`, stops at the first line found.
/// Inlined: the placement predicate calls it with `first` set, once per
/// candidate square.
#[inline(always)]
pub fn enclosed<B: Bits>(t: &Base<B>, sq: Square, run: B, closer: B, first: bool) -> B {
    let mut out = t.real & !t.real;
    for k in 0..KING_STEPS.len() {
        let mut line = t.real & !t.real;
        let mut at = sq;
        while let Some(next) = t.geo.step(at, k) {
            if run.contains(next) {
                line.insert(next);
                at = next;
                continue;
            }
            if closer.contains(next) && line.any() {
                out |= line;
                if first {
                    return out;
                }
            }
            break;
        }
    }
    out
}

/// The 8 king-step lines of a board as sets: per direction, the index
/// offset of a step, the squares that have a step that way, and whether a
/// ray's nearest square is its lowest; per direction and square, the ray
/// (the squares stepped to, the square itself left out).
#[derive(Clone, Debug)]
pub struct Lines<B: Bits> {
    dirs: [(i32, B, bool); 8],
    rays: Box<[B]>,
    nsq: usize,
}

impl<B: Bits> Lines<B> {
    /// The lines of `t`'s board, when every step of each direction adds
    /// one index offset (`None` otherwise: square by square then).
    pub fn new(t: &Base<B>) -> Option<Lines<B>> {
        let nsq = t.geo.len();
        let mut dirs = [(1, B::EMPTY, true); 8];
        let mut rays = vec![B::EMPTY; 8 * nsq];
        for (k, dir) in dirs.iter_mut().enumerate() {
            let mut off = None;
            for sq in t.real {
                let Some(next) = t.geo.step(sq, k) else {
                    continue;
                };
                let d = next.index() as i32 - sq.index() as i32;
                if off.is_some_and(|o| o != d) || d == 0 {
                    return None;
                }
                off = Some(d);
                dir.1.insert(sq);
                let mut at = next;
                let ray = &mut rays[k * nsq + sq.index()];
                ray.insert(at);
                while let Some(n) = t.geo.step(at, k) {
                    ray.insert(n);
                    at = n;
                }
            }
            if let Some(d) = off {
                dir.0 = d;
                dir.2 = d > 0;
            }
        }
        Some(Lines {
            dirs,
            rays: rays.into_boxed_slice(),
            nsq,
        })
    }

    /// [`enclosed`] (every line) by rays: in each direction, the men of
    /// `run` up to the first square not of `run`, taken when that square
    /// holds a man of `closer`.
    #[inline]
    pub fn enclosed(&self, sq: Square, run: B, closer: B) -> B {
        let mut out = B::EMPTY;
        for (k, &(_, _, lowest)) in self.dirs.iter().enumerate() {
            let ray = self.rays[k * self.nsq + sq.index()];
            let line = ray & (ray & !run).through_nearest(lowest);
            if (line & closer).any() {
                out |= line & run;
            }
        }
        out
    }

    /// Every square from which [`enclosed`] finds a line (`first`): in some
    /// direction, the next square starts an unbroken line of men of `run`
    /// that ends at a man of `closer` (`run` and `closer` disjoint).
    #[inline]
    pub fn enclosing(&self, run: B, closer: B) -> B {
        let mut out = B::EMPTY;
        for &(off, from, _) in &self.dirs {
            // The squares whose step this way lands in `x`.
            let back = |x: B| shift(x, -off) & from;
            // The men of `run` whose line this way ends at a closer.
            let mut lined = back(closer) & run;
            if lined.is_empty() {
                continue;
            }
            loop {
                let more = lined | (back(lined) & run);
                if more == lined {
                    break;
                }
                lined = more;
            }
            out |= back(lined);
        }
        out
    }
}
