//! History heuristics: the move-ordering statistics of quiet actions
//! (history with gravity, continuation histories) and the pruning of late
//! and poor quiet actions.

use super::{add_history, Params, Searcher};

/// Late-move and history pruning ([`Params::improving`],
/// [`Params::history_prune`]) at a node: how many quiet actions are
/// searched before the rest are skipped, and the history below which a
/// quiet action is skipped. Neither in check, at a PV node, or deeper
/// than 4 plies (history pruning: 3). The search still plays a skipped
/// action that gives check.
pub(super) fn quiet_limits(
    p: &Params,
    depth: i32,
    pv_node: bool,
    in_check: bool,
    improving: bool,
) -> (usize, i32) {
    if pv_node || in_check || depth > 4 {
        return (usize::MAX, i32::MIN);
    }
    let n = (3 + depth * depth) as usize;
    let n = if p.improving && !improving { n / 2 } else { n };
    let poor = if p.history_prune > 0 && depth <= 3 {
        -p.history_prune * depth
    } else {
        i32::MIN
    };
    (n, poor)
}

/// The size of the continuation table ([`Searcher::cont`]).
pub(super) const CONT_SIZE: usize = 1 << 21;

/// Where the continuation history of an action (by history index `h`)
/// after the action `before` (by history index, nonzero) `back` plies
/// earlier is kept: a hash of the three, so different pairs may share.
fn cont_index(before: usize, back: usize, h: usize) -> usize {
    let x = (before as u64 | (back as u64) << 32).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    ((x >> 43) as usize ^ h) & (CONT_SIZE - 1)
}

impl<A: Copy + PartialEq> Searcher<A> {
    /// The continuation histories of the quiet action `h` after the
    /// actions `follows` (one and two plies before; 0: none or not kept).
    pub(super) fn continued(&self, follows: [usize; 2], h: usize) -> i32 {
        let mut s = 0;
        for (back, &f) in follows.iter().enumerate() {
            if f != 0 {
                s += i32::from(self.cont[cont_index(f, back, h)]);
            }
        }
        s
    }

    pub(super) fn add_continued(&mut self, follows: [usize; 2], h: usize, bonus: i32) {
        for (back, &f) in follows.iter().enumerate() {
            if f != 0 {
                let c = &mut self.cont[cont_index(f, back, h)];
                let mut v = i32::from(*c);
                add_history(&mut v, bonus);
                *c = v as i16;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::HISTORY_MAX;
    use super::*;

    #[test]
    fn late_move_and_history_pruning_never_in_check_nor_on_the_pv() {
        let p = Params::default();
        let none = (usize::MAX, i32::MIN);
        for depth in 1..=4 {
            for improving in [false, true] {
                assert_eq!(quiet_limits(&p, depth, false, true, improving), none);
                assert_eq!(quiet_limits(&p, depth, true, false, improving), none);
            }
        }
        assert_eq!(quiet_limits(&p, 5, false, false, true), none);
        // Depth 2: 7 quiet actions, 3 where the side is not improving;
        // history pruning below -2 × 4000, and none at depth 4.
        assert_eq!(quiet_limits(&p, 2, false, false, true), (7, -8000));
        assert_eq!(quiet_limits(&p, 2, false, false, false), (3, -8000));
        assert_eq!(quiet_limits(&p, 4, false, false, true), (19, i32::MIN));
        let off = Params {
            improving: false,
            history_prune: 0,
            ..p
        };
        assert_eq!(quiet_limits(&off, 2, false, false, false), (7, i32::MIN));
    }

    #[test]
    fn continuation_histories_are_kept_apart_and_bounded() {
        let mut s: Searcher<u8> = Searcher::with_entries(64);
        let (a, b) = (0x1_0105, 0x1_0206);
        s.add_continued([a, 0], b, 1600);
        assert!(s.continued([a, 0], b) > 0);
        // Two plies back is another table; another action before too.
        assert_eq!(s.continued([0, a], b), 0);
        assert_eq!(s.continued([b, 0], a), 0);
        for _ in 0..1000 {
            s.add_continued([a, a], b, -1600);
        }
        let v = s.continued([a, a], b);
        assert!((-2 * HISTORY_MAX..-HISTORY_MAX).contains(&v), "{v}");
    }
}
