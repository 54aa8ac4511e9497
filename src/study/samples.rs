//! A labelled position for `varia tune` ([`Sample`]), what bounds their
//! number, and which positions are quiet enough to learn from: shared by
//! the self-play path (`study::tune`), the positions file
//! (`study::positions`) and the square tables' fit (`study::squares_fit`).

use crate::play::session::Session;
use crate::search::game::Game;

/// One labelled position.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// The evaluation's features for the first seat (`Eval::features`).
    pub features: Vec<f32>,
    /// The square tables' sparse features (index, feature), when they are
    /// fitted (`Eval::features_with`); else empty, their share in `rest`.
    pub sparse: Vec<(u32, f32)>,
    /// What no weight multiplies.
    pub rest: f32,
    /// The game's result for the first seat: 1, 0.5 or 0.
    pub result: f32,
}

/// The most positions kept (the rest of the games are still played, their
/// positions dropped), so memory stays bounded.
pub const MAX_SAMPLES: usize = 2_000_000;

/// The most sparse features kept over all positions (8 bytes each), so
/// memory stays bounded when the square tables are fitted.
pub const MAX_SPARSE: usize = 40_000_000;

/// Whether `s` is quiet for the side to act: not in check, and no capture
/// that wins material by static exchange.
pub fn quiet(s: &mut Session) -> bool {
    if s.in_check() {
        return false;
    }
    let mut acts = Vec::new();
    if s.expand(&mut acts).is_some() {
        return false;
    }
    !acts
        .iter()
        .any(|a| s.tactical_gain(a).is_some() && s.see(a) > 0)
}
