//! `first action: KIND [PIECE]`: the very first action of the game must be
//! of this kind (and piece). A guard on the sources at ply 0.

use crate::ir::{ActionKind, PieceId, Variant};

/// The first-action rule of a variant.
#[derive(Clone, Copy, Debug)]
pub struct FirstAction {
    pub kind: ActionKind,
    pub piece: Option<PieceId>,
}

impl FirstAction {
    pub fn new(v: &Variant) -> Option<FirstAction> {
        v.turn.first_action.as_ref().map(|f| FirstAction {
            kind: f.kind,
            piece: f.piece,
        })
    }

    /// Whether a source of this kind may act at ply `ply`.
    #[inline]
    pub fn allows(rule: Option<FirstAction>, ply: u32, kind: ActionKind) -> bool {
        match rule {
            Some(f) if ply == 0 => f.kind == kind,
            _ => true,
        }
    }

    /// The only piece a placement may use at ply `ply`, if restricted.
    #[inline]
    pub fn only_piece(rule: Option<FirstAction>, ply: u32) -> Option<PieceId> {
        rule.filter(|_| ply == 0).and_then(|f| f.piece)
    }
}
