//! Captures: whether men capture at all, and where a captured man goes
//! (out of the game, or to the capturer's hand as a man of the capturer).

use crate::engine::compile::Base;
use crate::engine::core::Bits;
use crate::engine::core::{Man, State};
use crate::ir::{PlayerId, Variant};

/// What happens to captured men.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Captures {
    /// Men never capture.
    None,
    /// A captured man leaves the game.
    Remove,
    /// A captured man goes to the capturer's hand.
    ToHand,
}

impl Captures {
    pub fn new(v: &Variant) -> Captures {
        match (v.turn.captures, v.turn.captures_to_hand) {
            (false, _) => Captures::None,
            (true, false) => Captures::Remove,
            (true, true) => Captures::ToHand,
        }
    }

    #[inline]
    pub fn enabled(self) -> bool {
        self != Captures::None
    }

    /// Make: `me` captured `man` (already taken off the board).
    #[inline]
    pub fn captured<B: Bits>(self, t: &Base<B>, s: &mut State<B>, me: PlayerId, man: Man) {
        if self == Captures::ToHand {
            s.add_hand(&t.layout, me, man.kind(), 1);
        }
    }
}
