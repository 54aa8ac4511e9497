//! Rebirth (`captures reborn`, Circe; `captures reborn capturer`,
//! Anti-Circe of the Calvet type): a consequence of every capture, and for
//! Anti-Circe a test of a capture's legality. The squares come from
//! [`crate::engine::compile::rebirth::RebirthSquares`].
//!
//! * Circe: the captured man (as it was: a promoted man keeps its kind) is
//!   put on its rebirth square for the square of capture (the move's
//!   destination), once the capturer has landed (in `make`, where an
//!   explosion would be: the one test of what follows a capture); it
//!   leaves the game when
//!   that square holds a man or a wall, or when its kind has none.
//! * Anti-Circe: the capturer, as it stands after the capture (a promoted
//!   man as its new kind), goes from the square of capture to its own
//!   rebirth square; it stays where it took when that square is the square
//!   of capture or its kind has none. The capture is illegal when the
//!   rebirth square holds a man and is neither the square it left nor the
//!   square of capture ([`Rebirth::blocked`]).
//!
//! A reborn man counts as not yet moved: its has-moved flag is set (a
//! rook reborn on its start square may castle again, a pawn may step
//! twice).

use crate::engine::compile::Base;
use crate::engine::core::{Bits, Man, Move, Square, State};
use crate::ir::KindSet;

/// The compiled rebirth rule.
#[derive(Clone, Copy, Debug)]
pub struct Rebirth {
    /// Anti-Circe: the capturer is reborn, not the captured man.
    pub capturer: bool,
}

impl Rebirth {
    pub fn new<B: Bits>(t: &Base<B>) -> Option<Rebirth> {
        t.rebirth.as_ref()?;
        Some(Rebirth {
            capturer: t.variant.turn.captures == crate::ir::Captures::RebornCapturer,
        })
    }

    /// After the capture of `cap` by `mv` (the capturer has landed):
    /// the rebirth. Returns whether a has-moved flag of a castling kind
    /// (`castle_kinds`) changed.
    pub fn after_capture<B: Bits>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        mv: Move,
        cap: Man,
        castle_kinds: KindSet,
    ) -> bool {
        let (Some(table), Some(at)) = (t.rebirth.as_ref(), mv.to()) else {
            return false;
        };
        let l = &t.layout;
        if self.capturer {
            let man = s.at(at);
            if man.is_empty() {
                return false;
            }
            match table.square(man.owner(), man.kind(), at) {
                Some(q) if q != at && !s.occ.contains(q) => {
                    s.shift(l, at, q);
                    reborn_unmoved(t, s, q, man, castle_kinds)
                }
                _ => false,
            }
        } else {
            match table.square(cap.owner(), cap.kind(), at) {
                Some(q) if !s.occ.contains(q) && t.real.contains(q) => {
                    s.put(l, q, cap);
                    reborn_unmoved(t, s, q, cap, castle_kinds)
                }
                _ => false,
            }
        }
    }

    /// Anti-Circe: whether the capture `mv` is illegal because the
    /// capturer's rebirth square is taken (looked at before the move).
    /// `false` for every move that captures nothing, and under Circe.
    pub fn blocked<B: Bits>(&self, t: &Base<B>, s: &State<B>, mv: Move) -> bool {
        self.capturer && self.taken_square(t, s, mv).is_some()
    }

    /// Anti-Circe: the capturer's rebirth square for the capture `mv`
    /// when a man stands there and so bars it ([`Rebirth::blocked`]).
    pub fn taken_square<B: Bits>(&self, t: &Base<B>, s: &State<B>, mv: Move) -> Option<Square> {
        if !self.capturer {
            return None;
        }
        let (from, to, victim, promote) = mv.board_step()?;
        if s.at(victim).is_empty() {
            return None;
        }
        let man = s.at(from);
        let man = promote.map_or(man, |k| man.with_kind(k));
        let q = t
            .rebirth
            .as_ref()
            .and_then(|r| r.square(man.owner(), man.kind(), to))?;
        (q != to && q != from && q != victim && s.occ.contains(q)).then_some(q)
    }
}

/// The reborn man on `q` counts as not yet moved; whether that changed a
/// castling kind's flag.
fn reborn_unmoved<B: Bits>(
    t: &Base<B>,
    s: &mut State<B>,
    q: Square,
    man: Man,
    castle: KindSet,
) -> bool {
    if !t.layout.tracked_kinds.contains(man.kind()) || s.unmoved.contains(q) {
        return false;
    }
    s.set_unmoved(&t.layout, q, true);
    castle.contains(man.kind())
}
