//! Flipping: `flip enclosed SEL` and `flip touching SEL` turn men over to
//! the acting player after each of its placements and board moves (a
//! consequence). The enclosed lines are found by [`super::enclose`],
//! which the predicate atom `encloses(SEL)` shares.

use super::enclose::{enclosed, Lines};
use super::pred::{sel_bb, Sel};
use crate::engine::compile::Base;
use crate::engine::core::{Bits, Move, Square, State};
use crate::ir::{FlipHow, PlayerId, Variant};

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
