//! The quiet-move counter of `quiet N plies|moves [reset by …]` rules: plies
//! since the last capture, placement, or move of a listed piece. All quiet
//! rules of a variant share one counter (the checker makes their reset
//! lists equal).

use crate::ir::{Reset, Variant};

/// What resets the counter.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuietResets {
    pub capture: bool,
    pub place: bool,
    /// Kinds whose moves reset it (bit mask).
    pub kinds: u32,
}

impl QuietResets {
    pub fn new(v: &Variant) -> QuietResets {
        let mut q = QuietResets::default();
        for x in &v.quiet_resets {
            match x {
                Reset::Capture => q.capture = true,
                Reset::Place => q.place = true,
                Reset::Piece(k) => q.kinds |= 1 << k,
            }
        }
        q
    }
}
