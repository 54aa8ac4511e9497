//! The tactical actions alone: the legal captures (a man on the
//! destination, en passant) and promotions of the player to act, for the
//! search's quiescence, which plays nothing else outside check.
//!
//! Where the variant allows it ([`Compiled::tactical`], decided per rule
//! kind by `Rules::tactical_alone`), they are the legal board moves
//! passed through the [`Tactical`] sink: the fast path filters each man's
//! target set at once, and the generic path tests by make and unmake only
//! the candidates the sink wants (no quiet move, no castling). Placements
//! (never tactical) are not generated. Elsewhere the caller generates the
//! whole legal list.

use super::movegen::legal_board;
use crate::engine::core::{Bits, MoveList, State};
use crate::engine::rules::Tactical;
use crate::engine::tables::Compiled;

thread_local! {
    /// The generic path's list, reused between calls.
    static SCRATCH: std::cell::RefCell<MoveList> = std::cell::RefCell::new(MoveList::new());
}

/// The legal tactical actions of the player to act, appended to `out` in
/// the order of generation, and about how many legal board moves there
/// are (`Tactical::seen`); `None` (and nothing generated) where the
/// variant cannot generate them alone, or not in this position (a goal
/// reached).
pub(crate) fn gen_tactical<B: Bits>(
    t: &Compiled<B>,
    s: &mut State<B>,
    out: &mut MoveList,
) -> Option<usize> {
    if !t.tactical {
        return None;
    }
    // A goal reached: the guard of the whole generation decides (the game
    // is over, or waits for the player to act to reach one too).
    if t.rules.goals.as_ref().is_some_and(|g| g.any(&t.base, s)) {
        return None;
    }
    let mut sink = Tactical {
        inner: out,
        occ: s.occ,
        seen: 0,
    };
    SCRATCH.with(|l| {
        let scratch = &mut l.borrow_mut();
        legal_board(t, s, false, &mut sink, scratch);
    });
    Some(sink.seen)
}
