//! Flipping: `flip enclosed SEL` and `flip touching SEL` turn men over to
//! the acting player after each of its placements and board moves (a
//! consequence), and the line test they share with the predicate atom
//! `encloses(SEL)`.

use super::pred::{sel_bb, Sel};
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

/// One compiled `flip` rule.
#[derive(Clone, Copy, Debug)]
struct Rule {
    how: FlipHow,
    men: Sel,
}

/// The `flip` rules of a variant, in the order written.
#[derive(Clone, Debug)]
pub struct Flips {
    rules: Vec<Rule>,
}

impl Flips {
    pub fn new(v: &Variant) -> Option<Flips> {
        let rules: Vec<Rule> = v
            .turn
            .flips
            .iter()
            .map(|f| Rule {
                how: f.how,
                men: (&f.men).into(),
            })
            .collect();
        (!rules.is_empty()).then_some(Flips { rules })
    }

    /// The consequence of `me`'s action `mv`: where it put a man on a
    /// square (a placement, a board move), each rule in turn finds its men
    /// from that square and gives them to `me` (kind and facing of the
    /// owner's forward direction; a man already `me`'s stays).
    pub fn after_action<B: Bits>(&self, t: &Base<B>, s: &mut State<B>, me: PlayerId, mv: Move) {
        let Some(to) = landing(mv) else {
            return;
        };
        if s.at(to).is_empty() || s.at(to).owner() != me {
            return;
        }
        let l = &t.layout;
        for r in &self.rules {
            let men = sel_bb(t, s, r.men, me) & !s.by_player[me as usize];
            let turned = match r.how {
                FlipHow::Enclosed => enclosed(t, to, men, s.by_player[me as usize], false),
                FlipHow::Touching => t.graph.neighbours8(to) & men,
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
