//! Captures: whether men capture at all, and where a captured man goes
//! (out of the game, or to the capturer's hand as a man of the capturer).

use crate::engine::compile::Base;
use crate::engine::core::Bits;
use crate::engine::core::{Man, State};
use crate::ir::{PlayerId, Variant};

pub use crate::ir::Captures;

/// The captures rule of a variant.
pub fn compile(v: &Variant) -> Captures {
    v.turn.captures
}

/// Make: `me` captured `man` (already taken off the board).
#[inline]
pub fn captured<B: Bits>(rule: Captures, t: &Base<B>, s: &mut State<B>, me: PlayerId, man: Man) {
    if rule == Captures::ToHand {
        s.add_hand(&t.layout, me, man.kind(), 1);
    }
}
