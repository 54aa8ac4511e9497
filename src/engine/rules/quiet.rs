//! The quiet-move counter of `quiet N plies|moves [reset by …]` rules: plies
//! since the last capture, placement, promotion, castling, or move of a
//! listed piece. All quiet
//! rules of a variant share one counter (the checker makes their reset
//! lists equal). A rule's `plus K plies per check over M` lengthens its
//! count by the checks given within it ([`most_checks`], read from the
//! game's record, not kept in the position).

use crate::ir::KindSet;
use crate::ir::{CheckPlus, PlayerId, Reset, Variant};

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

/// `quiet N plies ... plus K plies per check over M` (two players): the
/// plies the rule needs, N lengthened by K for every check beyond the M-th
/// that the player who gave more checks gave within the plies counted.
/// `most` is that player's count ([`most_checks`]).
#[inline]
pub fn lengthened(plies: u32, plus: CheckPlus, most: u32) -> u64 {
    u64::from(plies) + u64::from(plus.plies) * u64::from(most.saturating_sub(plus.over))
}

/// The most checks one of the two players gave within the plies a `plus
/// ... per check` clause counts (Fairy-Stockfish's n-move rule under
/// `chasingRule = axf`, position.cpp `is_optional_game_end`): the last W
/// plies of the game's record, W the quiet counter `quiet` or the record's
/// length `len`, whichever is smaller, rounded up to an even number (its
/// loop steps two plies at a time). When W is odd, the ply before them
/// counts too: the action that reset the counter, or, where the record
/// starts, the check standing in its first position (`first`: the player
/// credited with it, the one not to act there; `None`: no check there).
/// `gave(i)`: the player who gave check with ply `i` of the record (oldest
/// first), `None` if it gave none.
pub fn most_checks(
    len: usize,
    quiet: u32,
    first: Option<PlayerId>,
    gave: impl Fn(usize) -> Option<PlayerId>,
) -> u32 {
    let w = (quiet as usize).min(len);
    let counted = w + (w & 1);
    let mut n = [0u32; 2];
    let mut credit = |p: Option<PlayerId>| {
        if let Some(c) = p.and_then(|p| n.get_mut(p as usize)) {
            *c += 1;
        }
    };
    for i in len - w..len {
        credit(gave(i));
    }
    if counted > w {
        // The ply before the window: within the record, or its start.
        credit(if w < len { gave(len - w - 1) } else { first });
    }
    n[0].max(n[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plies of a record alternating white (0) and black (1), white
    /// first; `checks[i]`: ply i gave check.
    fn count(checks: &[bool], quiet: u32, first: Option<PlayerId>) -> u32 {
        most_checks(checks.len(), quiet, first, |i| {
            checks[i].then_some((i % 2) as PlayerId)
        })
    }

    #[test]
    fn checks_are_counted_within_the_quiet_plies_for_the_player_who_gave_more() {
        // White checks at plies 0, 2, 4; Black at 1.
        let c = [true, true, true, false, true, false];
        assert_eq!(count(&c, 6, None), 3);
        // The last 4 plies: White's 2 and 4.
        assert_eq!(count(&c, 4, None), 2);
    }

    #[test]
    fn an_odd_window_counts_the_ply_before_it_too() {
        // The last 3 plies (3, 4, 5) and ply 2 before them: White's 2, 4.
        let c = [false, false, true, false, true, false];
        assert_eq!(count(&c, 3, None), 2);
        assert_eq!(count(&c, 2, None), 1);
    }

    #[test]
    fn an_odd_record_counts_the_check_standing_in_its_first_position() {
        // 3 plies from a FEN whose side to act (Black, 1) stood in check:
        // White (0) is credited with it, as with ply 1's check.
        let c = [false, true, false];
        let n = most_checks(3, 100, Some(0), |i| {
            c[i].then_some(((i + 1) % 2) as PlayerId)
        });
        assert_eq!(n, 2);
        assert_eq!(most_checks(3, 100, None, |i| c[i].then_some(0)), 1);
    }

    #[test]
    fn each_check_beyond_the_threshold_lengthens_the_count() {
        let plus = CheckPlus { plies: 2, over: 10 };
        assert_eq!(lengthened(100, plus, 10), 100);
        assert_eq!(lengthened(100, plus, 11), 102);
        assert_eq!(lengthened(100, plus, 50), 180);
        assert_eq!(lengthened(100, plus, 0), 100);
    }
}
