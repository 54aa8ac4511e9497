//! Board moves (`actions move`, `move requires CONDITION`): whether the
//! player to act may move men on the board now. A guard on the board-move
//! source; the moves themselves come from the movement atoms.

use super::pred::{eval, CPred};
use crate::engine::compile::Base;
use crate::engine::core::Bits;
use crate::engine::core::State;
use crate::ir::{PlayerId, Variant};

/// The board-move guard of a variant.
#[derive(Clone, Debug)]
pub struct BoardMoves<B: Bits> {
    pub enabled: bool,
    requires: Option<CPred<B>>,
}

impl<B: Bits> BoardMoves<B> {
    pub fn new(v: &Variant, t: &Base<B>) -> BoardMoves<B> {
        let requires = CPred::new(t, &v.turn.move_requires);
        BoardMoves {
            enabled: v.turn.moves,
            requires: (!requires.is_true()).then_some(requires),
        }
    }

    /// Whether `me` may move men on the board now.
    #[inline]
    pub fn allowed(&self, t: &Base<B>, s: &State<B>, me: PlayerId) -> bool {
        self.enabled
            && self
                .requires
                .as_ref()
                .is_none_or(|p| eval(t, s, p, me, None, None))
    }
}
