//! The move-shape tests of `move ... where` ([`ShapeTest`]) on a position.

use super::{attacked, friends_bb};
use crate::engine::compile::move_shape::ShapeTest;
use crate::engine::compile::Base;
use crate::engine::core::{Bits, Square, State};

/// Whether the move-shape test holds for a move of the man on `from` to
/// `to` in the state `s` as it stands (`capture`: it takes a man).
pub fn shape_holds<B: Bits>(
    t: &Base<B>,
    test: &ShapeTest,
    s: &State<B>,
    from: Square,
    to: Square,
    capture: bool,
) -> bool {
    match test {
        ShapeTest::Not(q) => !shape_holds(t, q, s, from, to, capture),
        ShapeTest::And(qs) => qs.iter().all(|q| shape_holds(t, q, s, from, to, capture)),
        ShapeTest::Or(qs) => qs.iter().any(|q| shape_holds(t, q, s, from, to, capture)),
        ShapeTest::Capture => capture,
        ShapeTest::Crosses(cell) => cell[from.index()] != cell[to.index()],
        ShapeTest::Guarded => {
            let owner = s.at(from).owner();
            let mut friends = friends_bb(t, s, owner);
            friends.remove(from);
            attacked(t, s, from, friends, s.occ)
        }
    }
}

/// Whether some man of `attackers` attacks `sq` by a capture its kind's
/// move-shape conditions allow (`sq` is attacked by `attackers` in the
/// plain sense already).
#[inline(never)]
pub(super) fn shaped_attack<B: Bits>(
    t: &Base<B>,
    ms: &crate::engine::compile::move_shape::MoveShape,
    s: &State<B>,
    sq: Square,
    attackers: B,
) -> bool {
    super::attackers_of(t, s, sq, attackers).iter().any(|a| {
        let man = s.at(a);
        (match &ms.per_kind[man.kind() as usize] {
            None => true,
            Some(test) => shape_holds(t, test, s, a, sq, true),
        }) && (!ms.reborn_capturer || rebirth_free(t, s, man, a, sq))
    })
}

/// Anti-Circe: whether the man on `from` may capture on `at` as far as
/// its rebirth is concerned: it has no rebirth square, or that square is
/// `at` or `from` or empty.
#[inline]
pub fn rebirth_free<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    man: crate::engine::core::Man,
    from: Square,
    at: Square,
) -> bool {
    match t
        .rebirth
        .as_ref()
        .and_then(|r| r.square(man.owner(), man.kind(), at))
    {
        Some(q) => q == at || q == from || !s.occ.contains(q),
        None => true,
    }
}
