//! `move [PIECE, ...] where CONDITION`: conditions every board move of the
//! listed kinds must meet. A filter on the legal list: each board move
//! the other rules allow is kept when its kind's conditions hold. Atoms
//! of the move itself (`capture`, `crosses grid`, `guarded`) are read from
//! the move and the position before it, without making it; the others
//! (`check`, `mate`, and every atom of the predicate language, with the
//! moved man as subject on its to-square) in the position after it.
//!
//! The move-shape conditions also decide which attacks on a royal count
//! (`compile::move_shape`); that part lives in the attack test.

use super::pred::{eval, CPred};
use crate::engine::compile::move_shape::ShapeTest;
use crate::engine::compile::Base;
use crate::engine::core::{Bits, Move, Square, State};
use crate::engine::movement::shape_holds;
use crate::ir::{PieceId, PlayerId, Pred, Variant};

/// One kind's conditions, compiled.
#[derive(Clone, Debug)]
pub struct KindCond<B: Bits> {
    /// The conjunction of the kind's conditions.
    pred: CPred<B>,
    /// Some atom reads the position after the move (the move is made).
    after: bool,
    /// `guarded` appears (read before the move is made).
    guard: bool,
}

/// The move conditions of a variant, per kind.
#[derive(Clone, Debug)]
pub struct MoveWhere<B: Bits> {
    per_kind: Vec<Option<KindCond<B>>>,
}

/// What a board move is, for its conditions.
#[derive(Clone, Copy, Debug)]
pub struct Facts {
    pub from: Square,
    pub to: Square,
    pub capture: bool,
    pub guarded: bool,
}

impl<B: Bits> MoveWhere<B> {
    pub fn new(v: &Variant, t: &Base<B>) -> Option<MoveWhere<B>> {
        if v.turn.move_where.is_empty() {
            return None;
        }
        let per_kind = (0..v.pieces.len())
            .map(|k| {
                let p = v
                    .turn
                    .move_where
                    .iter()
                    .filter(|r| r.pieces.is_empty() || r.pieces.contains(&(k as PieceId)))
                    .fold(Pred::True, |acc, r| acc.and(r.condition.clone()));
                (p != Pred::True).then(|| KindCond::of_pred(t, &p))
            })
            .collect();
        Some(MoveWhere { per_kind })
    }

    /// The conditions of the man on `from`'s kind, if any.
    #[inline]
    pub fn of(&self, s: &State<B>, from: Square) -> Option<&KindCond<B>> {
        let man = s.at(from);
        if man.is_empty() {
            return None;
        }
        self.per_kind
            .get(man.kind() as usize)
            .and_then(|c| c.as_ref())
    }
}

impl<B: Bits> KindCond<B> {
    /// One condition compiled on its own (an explanation looks at the
    /// statements one by one).
    pub fn of_pred(t: &Base<B>, p: &Pred) -> KindCond<B> {
        KindCond {
            after: p.any_atom(&|a| !a.is_move_atom()),
            guard: p.any_atom(&|a| matches!(a, Pred::Guarded)),
            pred: CPred::new(t, p),
        }
    }

    /// Whether the conditions read the position after the move.
    pub fn after(&self) -> bool {
        self.after
    }

    /// What the conditions need to know of `mv`, the board move whose man
    /// stands on `from`, in the position before it.
    pub fn facts(&self, t: &Base<B>, s: &State<B>, mv: Move) -> Option<Facts> {
        let (from, to, capture) = board_part(s, mv)?;
        let guarded = self.guard && shape_holds(t, &ShapeTest::Guarded, s, from, to, capture);
        Some(Facts {
            from,
            to,
            capture,
            guarded,
        })
    }

    /// Whether the conditions hold: in the position before the move when
    /// they do not read the position after it, else in the position after
    /// it (`s` then holds it). `mate` tells whether the player to act in
    /// `s` has no legal action.
    pub fn holds(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        actor: PlayerId,
        f: &Facts,
        mate: &mut dyn FnMut(&mut State<B>) -> bool,
    ) -> bool {
        holds(t, s, &self.pred, actor, f, mate)
    }
}

/// The from-square, the to-square and whether a board move takes a man
/// (castling: the royal's squares; `None` for actions that are no board
/// move).
pub fn board_part<B: Bits>(s: &State<B>, mv: Move) -> Option<(Square, Square, bool)> {
    match mv.split_wall().0 {
        Move::Normal { from, to, .. }
        | Move::Lame { from, to, .. }
        | Move::Gate { from, to, .. } => Some((from, to, s.occ.contains(to))),
        Move::EnPassant { from, to, .. } => Some((from, to, true)),
        Move::Castle { from, to, .. } | Move::CastleGate { from, to, .. } => {
            Some((from, to, false))
        }
        _ => None,
    }
}

fn holds<B: Bits>(
    t: &Base<B>,
    s: &mut State<B>,
    p: &CPred<B>,
    actor: PlayerId,
    f: &Facts,
    mate: &mut dyn FnMut(&mut State<B>) -> bool,
) -> bool {
    match p {
        CPred::True => true,
        CPred::Not(q) => !holds(t, s, q, actor, f, mate),
        CPred::And(qs) => qs.iter().all(|q| holds(t, s, q, actor, f, mate)),
        CPred::Or(qs) => qs.iter().any(|q| holds(t, s, q, actor, f, mate)),
        CPred::Shape(test) => shape(test, f),
        CPred::Mate => super::constraint::gives_check_in(t, s, actor, s.occ) && mate(s),
        atom => eval(t, s, atom, actor, Some(f.to), Some(f.to)),
    }
}

/// A move-shape test on what is known of the move.
fn shape(test: &ShapeTest, f: &Facts) -> bool {
    match test {
        ShapeTest::Not(q) => !shape(q, f),
        ShapeTest::And(qs) => qs.iter().all(|q| shape(q, f)),
        ShapeTest::Or(qs) => qs.iter().any(|q| shape(q, f)),
        ShapeTest::Capture => f.capture,
        ShapeTest::Crosses(cell) => cell[f.from.index()] != cell[f.to.index()],
        ShapeTest::Guarded => f.guarded,
    }
}
