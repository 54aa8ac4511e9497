//! Rules on board moves that depend on check (`while in check: ...`,
//! `initial ... not in check`) and on losing the has-moved flag
//! (`initial ... lost when aimed by ...`).
//!
//! Hooks: at each node where the mover is in check, a guard computes which
//! men's initial moves are closed (read by move generation through
//! [`Ctx::closed`]) and wraps the board moves' sink in [`InCheck`], which
//! drops the moves of restricted men; after an action, a consequence
//! clears the has-moved flags of the men an aiming man now aims at.

use super::promotion::Promotion;
use super::sink::Sink;
use crate::engine::compile::Base;
use crate::engine::core::{Bits, Bitset, Man, Move, Square, State};
use crate::engine::movement::{attackers_of, enemies, kind_bb, reach, royals, Ctx};
use crate::ir::KindSet;
use crate::ir::{InCheckMoves, PieceId, PlayerId, Variant};

/// The compiled check-bound rules of a variant.
#[derive(Clone, Debug)]
pub struct CheckBound {
    /// Kinds that may not move in check (bit mask).
    frozen: KindSet,
    /// Kinds that may only capture the one checker in check.
    capture_only: KindSet,
    /// Kinds whose initial moves are closed in check.
    initial_closed: KindSet,
    /// Per aimed kind: (aimed kinds, aiming kinds), as bit masks.
    aimed: Vec<(KindSet, KindSet)>,
    /// Every aiming kind.
    aimers: KindSet,
}

/// What the guard found at one node.
pub struct Node<B: Bits> {
    /// Squares of the mover's men whose initial moves are closed.
    pub closed: B,
    /// Squares of the mover's men that may not move.
    frozen: Bitset,
    /// Squares of the mover's men that may only capture the checker.
    capture_only: Bitset,
    /// The one man giving check, if only one does.
    checker: Option<Square>,
}

fn mask(kinds: impl IntoIterator<Item = PieceId>) -> KindSet {
    kinds.into_iter().collect()
}

impl CheckBound {
    pub fn new(v: &Variant) -> Option<CheckBound> {
        let cb = &v.turn.check_bound;
        if cb.in_check.is_empty()
            && cb.initial_not_in_check.is_empty()
            && cb.initial_lost_when_aimed.is_empty()
        {
            return None;
        }
        let of =
            |w: InCheckMoves| mask(cb.in_check.iter().filter(|(_, x)| *x == w).map(|(k, _)| *k));
        let aimed: Vec<(KindSet, KindSet)> = cb
            .initial_lost_when_aimed
            .iter()
            .map(|(k, a)| (KindSet::one(*k), mask(a.iter().copied())))
            .collect();
        Some(CheckBound {
            frozen: of(InCheckMoves::None),
            capture_only: of(InCheckMoves::CaptureChecker),
            initial_closed: mask(cb.initial_not_in_check.iter().copied()),
            aimers: aimed.iter().fold(KindSet::EMPTY, |m, (_, a)| m | *a),
            aimed,
        })
    }

    /// Whether a consequence runs after actions.
    pub fn aims(&self) -> bool {
        !self.aimers.is_empty()
    }

    fn men<B: Bits>(t: &Base<B>, s: &State<B>, kinds: KindSet, own: B) -> B {
        let mut out = B::EMPTY;
        for k in 0..32u8 {
            if kinds.contains(k) && (k as usize) < t.atoms.kind_pids.len() {
                out |= kind_bb(t, s, k);
            }
        }
        out & own
    }

    /// The guard: `None` when the mover is not in check or nothing is
    /// restricted.
    pub fn node<B: Bits>(&self, t: &Base<B>, s: &State<B>, me: PlayerId) -> Option<Node<B>> {
        if (self.frozen | self.capture_only | self.initial_closed).is_empty() {
            return None;
        }
        let foes = enemies(t, s, me);
        let mut checkers = B::EMPTY;
        for r in royals(t, s, me) {
            checkers |= attackers_of(t, s, r, foes);
        }
        if checkers.is_empty() {
            return None;
        }
        let own = s.by_player[me as usize];
        Some(Node {
            closed: Self::men(t, s, self.initial_closed, own),
            frozen: Self::men(t, s, self.frozen, own).widen(),
            capture_only: Self::men(t, s, self.capture_only, own).widen(),
            checker: if checkers.more_than_one() {
                None
            } else {
                checkers.first()
            },
        })
    }

    /// The consequence: after `me`'s board move (not castling) or
    /// placement, an aiming man on the square it ended on takes the has-moved flag of every enemy man of an aimed
    /// kind its moves reach on an empty board.
    pub fn after_action<B: Bits>(&self, t: &Base<B>, s: &mut State<B>, me: PlayerId, mv: Move) {
        let to = match mv {
            Move::Normal { to, .. }
            | Move::Lame { to, .. }
            | Move::EnPassant { to, .. }
            | Move::Drop { to, .. }
            | Move::PlaceAndMove { to, .. } => to,
            _ => return,
        };
        let man = s.at(to);
        if man.is_empty() || man.owner() != me || !self.aimers.contains(man.kind()) {
            return;
        }
        let unmoved = s.unmoved & enemies(t, s, me);
        if unmoved.is_empty() {
            return;
        }
        let mut victims = KindSet::EMPTY;
        for &(k, a) in &self.aimed {
            if a.contains(man.kind()) {
                victims |= k;
            }
        }
        let targets = Self::men(t, s, victims, unmoved);
        if targets.is_empty() {
            return;
        }
        let lines = empty_board_reach(t, man, to);
        for sq in targets & lines {
            s.set_unmoved(&t.layout, sq, false);
        }
    }
}

/// The squares the moves of `man` on `from` reach on an otherwise empty
/// board (initial moves left out).
fn empty_board_reach<B: Bits>(t: &Base<B>, man: Man, from: Square) -> B {
    let p = &t.atoms.patterns[t.layout.pid(man)];
    let mut out = B::EMPTY;
    for a in p.moves.iter().filter(|a| !a.initial) {
        out |= reach(t, a, from, B::EMPTY, B::EMPTY);
    }
    out
}

impl<B: Bits> Node<B> {
    /// Whether some man's moves are restricted.
    pub fn restricts(&self) -> bool {
        !self.frozen.is_empty() || !self.capture_only.is_empty()
    }

    /// The sink that drops the restricted men's moves.
    pub fn sink<'a, S: Sink>(&self, inner: &'a mut S) -> InCheck<'a, S> {
        InCheck {
            inner,
            frozen: self.frozen,
            capture_only: self.capture_only,
            checker: self.checker,
        }
    }
}

/// Set the node's closed initial moves on a generation context.
pub fn close<B: Bits>(c: &mut Ctx<B>, n: &Node<B>) {
    c.closed = n.closed;
}

/// Passes on the moves of the unrestricted men, and those of a
/// capture-only man onto the one checker's square.
pub struct InCheck<'a, S: Sink> {
    inner: &'a mut S,
    frozen: Bitset,
    capture_only: Bitset,
    checker: Option<Square>,
}

impl<S: Sink> InCheck<'_, S> {
    #[inline]
    fn allows(&self, from: Square, to: Option<Square>) -> bool {
        if self.frozen.contains(from) {
            return false;
        }
        !self.capture_only.contains(from) || (to.is_some() && to == self.checker)
    }
}

impl<S: Sink> Sink for InCheck<'_, S> {
    const STOPS_EARLY: bool = S::STOPS_EARLY;

    #[inline]
    fn targets<B: Bits>(
        &mut self,
        pr: &Promotion<B>,
        s: &State<B>,
        from: Square,
        man: Man,
        targets: B,
    ) {
        if self.frozen.contains(from) {
            return;
        }
        if !self.capture_only.contains(from) {
            self.inner.targets(pr, s, from, man, targets);
            return;
        }
        if let Some(c) = self.checker.filter(|&c| targets.contains(c)) {
            self.inner.targets(pr, s, from, man, B::from_square(c));
        }
    }
    #[inline]
    fn one<B: Bits>(&mut self, pr: &Promotion<B>, s: &State<B>, mv: Move, man: Man) {
        if mv.from().is_none_or(|f| self.allows(f, mv.to())) {
            self.inner.one(pr, s, mv, man);
        }
    }
    #[inline]
    fn raw(&mut self, mv: Move) {
        if mv.from().is_none_or(|f| self.allows(f, mv.to())) {
            self.inner.raw(mv);
        }
    }
    #[inline]
    fn done(&self) -> bool {
        self.inner.done()
    }
}
