//! The quiet-move counter of `quiet N plies|moves [reset by …]` rules: plies
//! since the last capture, placement, promotion, castling, or move of a
//! listed piece. All quiet
//! rules of a variant share one counter (the checker makes their reset
//! lists equal).

use crate::ir::KindSet;
use crate::ir::{Reset, Variant};

/// What resets the counter.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuietResets {
    pub capture: bool,
    pub place: bool,
    /// An action that promotes a man (a move ending in a promotion, en
    /// passant included, or a promotion as an action).
    pub promotion: bool,
    /// A castling.
    pub castling: bool,
    /// Kinds whose moves reset it (bit mask).
    pub kinds: KindSet,
}

impl QuietResets {
    pub fn new(v: &Variant) -> QuietResets {
        let mut q = QuietResets::default();
        for x in &v.quiet_resets {
            match x {
                Reset::Capture => q.capture = true,
                Reset::Place => q.place = true,
                Reset::Piece(k) => q.kinds.insert(*k),
                Reset::Promotion => q.promotion = true,
                Reset::Castling => q.castling = true,
            }
        }
        q
    }
}
