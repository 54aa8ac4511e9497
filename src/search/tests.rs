//! Unit tests of the search's pieces: time budgets, pruning margins and
//! reductions, history, reports; and [`term_share_at`], for the unit
//! tests of the evaluation's terms.

use super::*;

/// What the evaluation term `key` (`weights::TERMS`) adds to the value of
/// `fen` in the built-in `variant` for `player`: the evaluation with the
/// term's weight at `weight` (`None`: its default) less the one with it
/// at 0. (`tests/search.rs` has its own, over the public API.)
pub(super) fn term_share_at(
    variant: &str,
    fen: &str,
    key: &str,
    player: usize,
    weight: Option<i32>,
) -> i32 {
    use crate::engine::{Position, Tables};
    let v = crate::load::builtin(variant, &[]).unwrap();
    let t = Arc::new(Tables::new(&v).unwrap());
    let pos = Position::from_fen(t.clone(), fen).unwrap();
    let mut e = eval::Eval::new(&t);
    let i = weights::TERMS.iter().position(|t| t.key == key).unwrap();
    let mut w = e.weights().clone();
    if let Some(x) = weight {
        w.terms[i] = x;
        e.set_weights(w.clone());
    }
    let on = e.evaluate(&pos, player);
    w.terms[i] = 0;
    e.set_weights(w);
    on - e.evaluate(&pos, player)
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

#[test]
fn a_fixed_time_is_used_whole() {
    // `movetime 100`: 10 ms kept for the reply, the other 90 all used.
    let l = Limits {
        movetime: Some(ms(100)),
        ..Limits::default()
    };
    assert_eq!(time_budget(&l), (Some(ms(90)), Some(ms(90))));
    let l = Limits {
        movetime: Some(ms(2000)),
        ..Limits::default()
    };
    assert_eq!(time_budget(&l), (Some(ms(1985)), Some(ms(1985))));
    // A tiny time still leaves a millisecond.
    let l = Limits {
        movetime: Some(ms(1)),
        ..Limits::default()
    };
    assert_eq!(time_budget(&l).1, Some(ms(1)));
}

#[test]
fn reverse_futility_reaches_depth_6_with_a_pawn_a_ply() {
    // A pawn (100) a ply; half a pawn less where the side improves.
    assert_eq!(rfp_margin(1, false), 100);
    assert_eq!(rfp_margin(1, true), 50);
    assert_eq!(rfp_margin(6, false), 600);
    assert_eq!(rfp_margin(6, true), 550);
}

#[test]
fn internal_iterative_reduction_takes_a_ply_where_the_table_knows_no_action() {
    assert_eq!(iir(4, false), 4);
    assert_eq!(iir(5, false), 4);
    assert_eq!(iir(12, false), 11);
    // A hash action: the depth asked for.
    assert_eq!(iir(5, true), 5);
    assert_eq!(iir(12, true), 12);
}

#[test]
fn the_null_move_reduction_grows_with_depth_and_surplus() {
    // 3 plies and a third of the depth.
    assert_eq!(null_reduction(3, 0), 4);
    assert_eq!(null_reduction(9, 0), 6);
    // One more per 2 pawns above beta, at most 3 more; never fewer.
    assert_eq!(null_reduction(9, 199), 6);
    assert_eq!(null_reduction(9, 200), 7);
    assert_eq!(null_reduction(9, 5000), 9);
    assert_eq!(null_reduction(9, -50), 6);
}

#[test]
fn the_reports_count_every_threads_nodes() {
    let mut s: Searcher<u8> = Searcher::with_entries(64);
    s.set_threads(2);
    // This thread at 1500 (1024 of them added to the shared count),
    // a helper at 3000 (2048 added): 1500 + 2048.
    s.nodes = 1500;
    s.shared_nodes.store(1024 + 2048, AtomicOrdering::Relaxed);
    assert_eq!(s.all_nodes(), 3548);
    // One thread: its own count, exactly.
    s.shared_nodes.store(1024, AtomicOrdering::Relaxed);
    assert_eq!(s.all_nodes(), 1500);
}

#[test]
fn a_clock_is_shared_over_the_moves_to_come() {
    let l = Limits {
        clock: Some(Clock {
            time: ms(60_000),
            inc: Duration::ZERO,
            moves_to_go: None,
            overhead: ms(10),
        }),
        ..Limits::default()
    };
    let (soft, hard) = time_budget(&l);
    let (soft, hard) = (soft.unwrap(), hard.unwrap());
    // 60 s less a 0.5 s reserve over 30 moves: about 2 s a move.
    assert!(soft < hard && hard <= ms(60_000) / 3, "{soft:?} {hard:?}");
    assert!(soft >= ms(1000) && soft <= ms(2000), "{soft:?}");
    // No limit at all: no budget.
    assert_eq!(time_budget(&Limits::default()), (None, None));
}

#[test]
fn a_clock_keeps_the_move_overhead_back() {
    // 300 ms left, 50 ms a move: the longest think leaves the overhead
    // and the reserve unspent, whatever the overhead.
    for overhead in [0, 10, 100, 250] {
        let l = Limits {
            clock: Some(Clock {
                time: ms(300),
                inc: ms(50),
                moves_to_go: None,
                overhead: ms(overhead),
            }),
            ..Limits::default()
        };
        let hard = time_budget(&l).1.unwrap();
        assert!(
            hard + ms(overhead) + ms(15) <= ms(300),
            "{overhead}: {hard:?}"
        );
    }
    // An overhead larger than the clock: the least budget there is.
    let l = Limits {
        clock: Some(Clock {
            time: ms(300),
            inc: ms(50),
            moves_to_go: None,
            overhead: ms(400),
        }),
        ..Limits::default()
    };
    assert_eq!(time_budget(&l).1, Some(ms(2)));
}
