//! Rules on board moves that depend on check, and on the has-moved flags
//! of men with initial moves (`in check:` and the `initial` forms other
//! than `in REGION`).

use super::PieceId;
use serde::{Deserialize, Serialize};

/// What a man of a restricted kind may do while its owner is in check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InCheckMoves {
    /// `may not move`: no board move at all.
    None,
    /// `may only capture the checker`: only a capture of the one enemy man
    /// giving check (none in double check).
    CaptureChecker,
}

/// The check-bound rules of a variant; empty for most.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct CheckBound {
    /// `in check: PIECE, ... may not move | may only capture the checker`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub in_check: Vec<(PieceId, InCheckMoves)>,
    /// `initial PIECE, ... not in check`: the initial moves of these kinds
    /// are closed while their owner is in check.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub initial_not_in_check: Vec<PieceId>,
    /// `initial PIECE, ... lost when aimed by PIECE, ...`: (kind, aiming
    /// kinds). An unmoved man of the kind counts as moved once an enemy man
    /// of an aiming kind ends an action on a square from which its moves on
    /// an empty board reach the man.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub initial_lost_when_aimed: Vec<(PieceId, Vec<PieceId>)>,
    /// `initial PIECE, ... listed in castling field`: FEN writes the unmoved
    /// men of these kinds on their owner's back rank as file letters in the
    /// castling field.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub initial_in_castling_field: Vec<PieceId>,
}

impl CheckBound {
    pub fn is_empty(&self) -> bool {
        self.in_check.is_empty()
            && self.initial_not_in_check.is_empty()
            && self.initial_lost_when_aimed.is_empty()
            && self.initial_in_castling_field.is_empty()
    }
}
