//! History heuristics: the pruning of late and poor quiet actions.

use super::Params;

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

#[cfg(test)]
mod tests {
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
}
