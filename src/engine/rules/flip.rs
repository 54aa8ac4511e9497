//! Flipping: `flip enclosed SEL` and `flip touching SEL` turn men over to
//! the acting player after each of its placements and board moves (a
//! consequence), and the line test they share with the predicate atom
//! `encloses(SEL)`.
//!
//! Where every king step of a direction adds the same index offset (a
//! board numbered row by row: [`Lines::new`]), both are set work: the
//! men a placement encloses are found along precomputed rays, one
//! direction at a time, and the squares from which a line is enclosed
//! ([`Lines::enclosing`], the set form of `encloses`) by shifting the
//! closers back along each direction through the runs. Other boards walk
//! the lines square by square ([`enclosed`]).

use super::pred::{sel_bb, Sel};
use crate::engine::compile::bulk::shift;
use crate::engine::compile::Base;
use crate::engine::core::{Bits, Move, Square, State, KING_STEPS};
use crate::ir::{FlipHow, PlayerId, Variant};

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

/// One compiled `flip` rule.
#[derive(Clone, Copy, Debug)]
struct Rule {
    how: FlipHow,
    men: Sel,
}

/// The `flip` rules of a variant, in the order written.
#[derive(Clone, Debug)]
pub struct Flips<B: Bits> {
    rules: Vec<Rule>,
    /// The board's lines as sets, where it has them.
    lines: Option<Lines<B>>,
}

impl<B: Bits> Flips<B> {
    pub fn new(v: &Variant, t: &Base<B>) -> Option<Flips<B>> {
        let rules: Vec<Rule> = v
            .turn
            .flips
            .iter()
            .map(|f| Rule {
                how: f.how,
                men: (&f.men).into(),
            })
            .collect();
        (!rules.is_empty()).then(|| Flips {
            rules,
            lines: Lines::new(t),
        })
    }

    /// The consequence of `me`'s action `mv`: where it put a man on a
    /// square (a placement, a board move), each rule in turn finds its men
    /// from that square and gives them to `me` (kind and facing of the
    /// owner's forward direction; a man already `me`'s stays).
    pub fn after_action(&self, t: &Base<B>, s: &mut State<B>, me: PlayerId, mv: Move) {
        let Some(to) = landing(mv) else {
            return;
        };
        if s.at(to).is_empty() || s.at(to).owner() != me {
            return;
        }
        let l = &t.layout;
        for r in &self.rules {
            let men = sel_bb(t, s, r.men, me) & !s.by_player[me as usize];
            let own = s.by_player[me as usize];
            let turned = match (r.how, &self.lines) {
                (FlipHow::Enclosed, Some(lines)) => lines.enclosed(to, men, own),
                (FlipHow::Enclosed, None) => enclosed(t, to, men, own, false),
                (FlipHow::Touching, _) => t.graph.neighbours8(to) & men,
            };
            for sq in turned {
                let old = s.take(l, sq);
                let man = crate::engine::core::Man::new(old.kind(), me, t.forward[me]);
                s.put(l, sq, man);
            }
        }
    }
}

/// The square an action put a man on, for flipping.
#[inline]
fn landing(mv: Move) -> Option<Square> {
    match mv {
        Move::Normal { to, .. }
        | Move::Lame { to, .. }
        | Move::EnPassant { to, .. }
        | Move::Gate { to, .. }
        | Move::Drop { to, .. }
        | Move::PlaceAndMove { to, .. } => Some(to),
        Move::PlaceAndReturn { at, .. } | Move::PlaceAndRemove { at, .. } => Some(at),
        _ => None,
    }
}
